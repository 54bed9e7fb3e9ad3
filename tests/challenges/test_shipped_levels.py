"""Every shipped level loads, reads well in both languages, and is proven playable: the
aiming search reaches at least one star, and its throws replay to the same score."""

from __future__ import annotations

import pytest

from game.challenges import KNOCK, LAND, ZONE
from game.challenges.solver import replay, solve
from game.content.levels import discover
from game.files.paths import levels_dir

ENTRIES = discover()
IDS = [e.ident for e in ENTRIES]


def test_the_levels_folder_holds_at_least_15_good_levels() -> None:
    assert len(ENTRIES) >= 15
    broken = [p.line() for e in ENTRIES for p in e.problems]
    assert not broken, "\n".join(broken)
    assert (levels_dir() / "README.md").is_file()


def test_every_level_has_a_name_and_a_one_line_hint_in_both_languages() -> None:
    names: set[str] = set()
    for e in ENTRIES:
        level = e.level
        assert level is not None
        for lang in ("en", "ru"):
            assert level.name.get(lang).strip()
            hint = level.hint.get(lang)
            assert hint.strip() and "\n" not in hint and len(hint) <= 140
        assert level.name.en not in names, level.name.en
        names.add(level.name.en)


def test_the_curve_teaches_each_idea_in_turn() -> None:
    """Straight throws first; then cushions, spin, bumpers, moving pieces, knock-outs."""
    levels = [e.level for e in ENTRIES if e.level is not None]
    first = levels[0]
    assert not first.pieces and not first.rivals and not first.moving and not first.cushions

    def first_index(test: object) -> int:
        for i, level in enumerate(levels):
            if test(level):  # type: ignore[operator]
                return i
        raise AssertionError("no level teaches it")

    bank = first_index(lambda lv: lv.cushions and lv.pieces)
    bumpers = first_index(lambda lv: any(getattr(p, "bumper", False) for p in lv.pieces))
    moving = first_index(lambda lv: lv.moving)
    knock = first_index(lambda lv: any(t.kind == KNOCK for t in lv.targets))
    assert 0 < bank < bumpers < moving < knock
    kinds = {t.kind for lv in levels for t in lv.targets}
    assert kinds == {LAND, KNOCK, ZONE}
    assert any(lv.order == "in_order" for lv in levels)
    assert any(lv.time is not None for lv in levels)
    # the last levels combine ideas
    hard = levels[-3:]
    assert all(len(lv.pieces) + len(lv.targets) + len(lv.rivals) >= 3 for lv in hard)


@pytest.mark.parametrize("ident", IDS)
def test_level_is_solvable_to_one_star_and_the_solution_replays(ident: str) -> None:
    entry = next(e for e in ENTRIES if e.ident == ident)
    assert entry.level is not None
    solution = solve(entry.level)
    assert solution.stars >= 1, (
        f"{ident}: best {solution.score.total} points, "
        f"{solution.score.targets_met}/{solution.score.targets_total} targets"
    )
    again = replay(entry.level, solution.shots)
    assert again.score() == solution.score
