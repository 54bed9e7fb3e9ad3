"""The Battle Planet difficulty records are data: they load through the game's record,
climb from Easy to Hard, and a bad file is refused with ``file: level: field: problem``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.planet.levels import LEVEL_NAMES, LEVEL_SCHEMA, SEARCHABLE
from game.content import ContentError
from game.games.planet import levels_path, load_levels, shipped_levels


def test_the_shipped_levels_load_and_climb() -> None:
    levels = shipped_levels()
    assert set(LEVEL_NAMES) <= set(levels)
    easy, normal, hard = (levels[n] for n in LEVEL_NAMES)
    assert easy.insight < normal.insight <= hard.insight
    assert easy.mistakes > normal.mistakes == hard.mistakes == 0.0
    assert easy.rollouts == normal.rollouts == 0 < hard.rollouts
    assert hard.determinizations > 0 and hard.search_steps
    assert set(hard.search_steps) <= set(SEARCHABLE)
    # the hands at the physics table steady, and what each expects of its rolls climbs
    assert easy.hand_sigma > normal.hand_sigma > hard.hand_sigma
    # (nearly every roll that reaches the Matrix opens on some core, at every level: the
    # steadier hand shows in which core, docs/ai.md; what climbs is the share that opens)
    opens = [lv.model_on_core + lv.model_no_core for lv in (easy, normal, hard)]
    assert opens == sorted(set(opens)), opens
    assert easy.model_on_core < min(normal.model_on_core, hard.model_on_core)
    assert easy.aim_samples == normal.aim_samples == hard.aim_samples  # as measured
    assert {easy.title_ru, normal.title_ru, hard.title_ru} == {"Лёгкий", "Средний", "Сложный"}


def _edited(tmp_path: Path, level: str, key: str, line: str | None) -> Path:
    """The shipped file with `key`'s line in [level] replaced by `line` (None: dropped)."""
    out: list[str] = []
    section = ""
    for raw in levels_path().read_text(encoding="utf-8").splitlines():
        stripped = raw.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1]
        if section == level and stripped.split("=")[0].strip() == key:
            if line is not None:
                out.append(line)
            continue
        out.append(raw)
    path = tmp_path / "ai.toml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "level, key, line, message",
    [
        ("easy", "hand_sigma", "hand_sigma = 99", "ai.toml: easy: hand_sigma: must be within 0..40"),
        ("hard", "hand_sigma", "hand_sigma = true", "ai.toml: hard: hand_sigma: must be a number"),
        ("easy", "hand_sigma", "aim_noise = 0.04", "ai.toml: easy: aim_noise: unknown field"),
        ("easy", "aim_samples", None, "ai.toml: easy: aim_samples: missing"),
        ("easy", "aim_samples", "aim_sample = 3", "ai.toml: easy: aim_sample: unknown field"),
        ("normal", "insight", "insight = 7", "ai.toml: normal: insight: must be within 0..1, got 7"),
        ("hard", "rollouts", "rollouts = 1.5", "ai.toml: hard: rollouts: must be a whole number"),
        ("easy", "title_en", "title_en = 3", "ai.toml: easy: title_en: must be a non-empty string"),
        ("easy", "mistakes", 'mistakes = "often"', "ai.toml: easy: mistakes: must be a number"),
        ("normal", "keep_for_flips", "keep_for_flips = 1", "normal: keep_for_flips: must be true or false"),
        ("hard", "determinizations", "determinizations = 0", "hard: determinizations: a searching"),
        ("hard", "search_steps", 'search_steps = ["roll"]', "hard: search_steps: unknown step 'roll'"),
        ("hard", "model_no_core", "model_no_core = 0.5", "hard: model_no_core: model_on_core + model_no_core"),
    ],
)  # fmt: skip
def test_a_bad_level_file_is_refused_with_the_field_and_the_problem(
    tmp_path: Path, level: str, key: str, line: str | None, message: str
) -> None:
    with pytest.raises(ContentError) as raised:
        load_levels(_edited(tmp_path, level, key, line))
    assert any(message in problem for problem in raised.value.problems), raised.value.problems


def test_a_missing_level_and_a_broken_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "ai.toml"
    text = levels_path().read_text(encoding="utf-8")
    path.write_text(text[: text.index("[hard]")], encoding="utf-8")
    with pytest.raises(ContentError, match=r"ai.toml: hard: -: missing"):
        load_levels(path)
    path.write_text("[easy\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"ai\.toml"):
        load_levels(path)
    with pytest.raises(ContentError, match="file not found"):
        load_levels(tmp_path / "nowhere.toml")


def test_every_knob_is_documented() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "ai.md").read_text(encoding="utf-8")
    part = doc[doc.index("# Battle Planet") :]
    missing = [k for k in LEVEL_SCHEMA if f"`{k}`" not in part]
    assert missing == []


def test_what_a_level_expects_of_its_rolls_is_what_its_hand_gives_on_the_table() -> None:
    """`model_on_core` (its rolls without physics, its search's chance nodes) was
    measured with two spheres at once in whole matches (docs/physics.md); a sphere
    alone, aimed at each core its seat can reach in turn (as the bots aim) with the
    level's hand, lands on a core about as often (a little more: no sphere meets it),
    and no table of numbers elsewhere holds another hand."""
    from game import physics
    from game.ai.planet.aim import clear_line, execute, plan_roll
    from game.ai.planet.levels import hand
    from game.games.planet import level_hands
    from game.match.planet.layout import planet_layout
    from game.rules.planet.hexgrid import spiral

    layout = planet_layout(spiral(12))
    scene = layout.scene(spiral(12))
    boxes = [layout.zone(seat).box for seat in (0, 1)]
    reach = [[h for h in spiral(12) if clear_line(scene, box, h) is not None] for box in boxes]
    for name, level in shipped_levels().items():
        assert level_hands()[name] == hand(level)
        rng = random.Random(5)
        throws, hits = 48, 0
        for k in range(throws):
            cores = reach[k % 2]
            aimed = cores[(k // 2) % len(cores)]
            plan = plan_roll(scene, boxes[k % 2], aimed, level.aim_samples)
            throw = execute(plan, hand(level), rng)
            landing = physics.simulate(scene, [throw], record=False, judge=physics.PLANET)
            hits += landing.landings[0].card is not None
        share = hits / throws
        assert level.model_on_core - 0.08 <= share <= level.model_on_core + 0.16, (name, share)
