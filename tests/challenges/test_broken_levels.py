"""Broken level files: each kind of mistake gives its own clear `file: field: problem`
line (in both languages) and no traceback; the good files beside them still load."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from game.__main__ import main
from game.content.levels import LevelError, discover, load_level

from .conftest import GOOD_LEVEL

OBSTACLES = """
[[obstacles]]
kind = "block"
x = 300
y = 320
width = 120
height = 30

[[obstacles]]
kind = "bumper"
x = 340
y = 330
radius = 20
"""

RIVAL_OFF_CARD = """
[[rivals]]
id = "loose"
x = 100
y = 600

[[targets]]
kind = "knock"
rival = "loose"
"""

FAST_PIECE = """
[[obstacles]]
kind = "block"
path = [[150, 320], [450, 320]]
speed = 900
width = 60
height = 20
"""

SPINNING_PIECE = """
[[obstacles]]
kind = "block"
x = 300
y = 330
width = 200
height = 20
turn = 720
"""

BOTH_PLACES = """
[[obstacles]]
kind = "post"
x = 200
y = 300
path = [[150, 320], [450, 320]]
speed = 100
radius = 12
"""

# (name, change to the good file, expected field, expected code)
BROKEN: list[tuple[str, str | bytes, str, str]] = [
    ("not_toml", "this is = = not toml [", "-", "toml"),
    ("not_utf8", b"format = 1\nname = \xff\xfe\n", "-", "not_utf8"),
    ("missing_field", GOOD_LEVEL.replace("throws = 3\n", ""), "limits.throws", "missing"),
    ("wrong_type", GOOD_LEVEL.replace("x = 300\n", 'x = "middle"\n'), "cards[1].x", "type"),
    (
        "unknown_key",
        GOOD_LEVEL.replace("height = 800\n", "height = 800\ncolor = 3\n"),
        "table.color",
        "unknown",
    ),
    ("out_of_range", GOOD_LEVEL.replace("magnet = 30", "magnet = 80"), "cards[1].magnet", "range"),
    (
        "bad_guide",
        GOOD_LEVEL.replace("throws = 3\n", 'throws = 3\nguide = "full"\n'),
        "limits.guide",
        "choice",
    ),
    (
        "bad_choice",
        GOOD_LEVEL.replace('kind = "land"', 'kind = "hover"'),
        "targets[1].kind",
        "choice",
    ),
    ("unknown_format", GOOD_LEVEL.replace("format = 1", "format = 7"), "format", "format"),
    (
        "empty_name",
        GOOD_LEVEL.replace('ru = "Тестовый уровень"', 'ru = ""'),
        "name.ru",
        "empty_text",
    ),
    (
        "no_such_card",
        GOOD_LEVEL.replace('card = "gold"', 'card = "silver"'),
        "targets[1].card",
        "no_such_card",
    ),
    (
        "duplicate_id",
        GOOD_LEVEL + '\n[[cards]]\nid = "gold"\nx = 100\ny = 700\n',
        "cards[2].id",
        "duplicate",
    ),
    ("card_off_table", GOOD_LEVEL.replace("x = 300\n", "x = 580\n"), "cards[1]", "card_off_table"),
    ("overlapping_obstacles", GOOD_LEVEL + OBSTACLES, "obstacles[2]", "piece_overlap"),
    ("zone_near_card", GOOD_LEVEL.replace("y = 470", "y = 300"), "throw.zone", "zone_near_card"),
    (
        "impossible_stars",
        GOOD_LEVEL.replace("[1000, 1450, 1750]", "[1000, 1450, 2500]"),
        "goal.stars",
        "stars_unreachable",
    ),
    (
        "stars_not_rising",
        GOOD_LEVEL.replace("[1000, 1450, 1750]", "[1400, 1200, 1750]"),
        "goal.stars",
        "stars_order",
    ),
    (
        "too_few_throws",
        GOOD_LEVEL.replace("throws = 3", "throws = 1")
        + '\n[[targets]]\nkind = "zone"\nx = 300\ny = 650\nradius = 40\n',
        "limits.throws",
        "too_few_throws",
    ),
    ("knock_off_nothing", GOOD_LEVEL + RIVAL_OFF_CARD, "targets[2]", "knock_not_on_card"),
    ("piece_too_fast", GOOD_LEVEL + FAST_PIECE, "obstacles[1].speed", "range"),
    ("piece_spins_too_fast", GOOD_LEVEL + SPINNING_PIECE, "obstacles[1]", "too_fast"),
    ("two_places", GOOD_LEVEL + BOTH_PLACES, "obstacles[1]", "xy_and_path"),
]

LINE = re.compile(r"^[\w.]+\.toml: [^:]+: \S.*$")


def _write(folder: Path, name: str, body: str | bytes) -> Path:
    path = folder / f"{name}.toml"
    if isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")
    return path


def test_the_good_level_is_good(tmp_path: Path) -> None:
    level = load_level(_write(tmp_path, "01_good", GOOD_LEVEL))
    assert level.ident == "good"
    assert level.name.get("ru") == "Тестовый уровень"
    assert level.guide == "off"  # no aim guide in a scored run unless the level says so


@pytest.mark.parametrize("guide", ["off", "start", "whole"])
def test_a_level_may_allow_the_aim_guide_in_its_scored_runs(tmp_path: Path, guide: str) -> None:
    body = GOOD_LEVEL.replace("throws = 3\n", f'throws = 3\nguide = "{guide}"\n')
    assert load_level(_write(tmp_path, "01_guided", body)).guide == guide


def test_a_bad_guide_is_named_with_its_choices(tmp_path: Path) -> None:
    body = GOOD_LEVEL.replace("throws = 3\n", "throws = 3\nguide = 'full'\n")
    path = _write(tmp_path, "05_guided", body)
    line = '05_guided.toml: limits.guide: must be one of off, start, whole, got "full"'
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert [p.line("en") for p in caught.value.level_problems] == [line]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["levels", "--check", str(path)]) == 1
    assert out.getvalue().splitlines() == [line, "0 levels ok, 1 with errors"]


@pytest.mark.parametrize(("name", "body", "field", "code"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_mistake_has_its_own_clear_message(
    tmp_path: Path, name: str, body: str | bytes, field: str, code: str
) -> None:
    path = _write(tmp_path, name, body)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    problems = caught.value.level_problems
    assert problems, "a LevelError always says why"
    match = [p for p in problems if p.field == field and p.code == code]
    assert match, [str(p) for p in problems]
    for p in problems:
        for lang in ("en", "ru"):
            line = p.line(lang)
            assert LINE.match(line), line
            assert line.startswith(f"{name}.toml: {p.field}: ")
            assert "levels.err" not in line and "{" not in line, line  # the catalog had it
    assert str(caught.value) == "\n".join(str(p) for p in problems)


def test_the_kinds_of_mistake_read_differently(tmp_path: Path) -> None:
    texts: dict[str, str] = {}
    for name, body, field, code in BROKEN:
        with pytest.raises(LevelError) as caught:
            load_level(_write(tmp_path, name, body))
        p = next(p for p in caught.value.level_problems if p.code == code and p.field == field)
        texts[name] = p.text("en")
    kinds = {code for _, _, _, code in BROKEN}
    assert len(kinds) >= 10
    # one message per kind (the same kind may repeat with other words filled in)
    by_code: dict[str, set[str]] = {}
    for name, _, _, code in BROKEN:
        by_code.setdefault(code, set()).add(texts[name])
    firsts = [next(iter(v)) for v in by_code.values()]
    assert len(set(firsts)) == len(firsts)


def test_a_folder_lists_broken_files_with_their_errors_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    _write(tmp_path, "01_good", GOOD_LEVEL)
    for i, (name, body, _, _) in enumerate(BROKEN):
        _write(tmp_path, f"{i + 2:02d}_{name}", body)
    entries = discover(tmp_path)
    assert len(entries) == 1 + len(BROKEN)
    assert entries[0].ok and entries[0].level is not None
    assert all(not e.ok and e.problems for e in entries[1:])


def test_a_file_that_is_not_a_level_at_all_does_not_crash(tmp_path: Path) -> None:
    for i, body in enumerate(["", "[[cards]]\nx = 1\n", "cards = 3\ntargets = 'x'\n", "a = []"]):
        with pytest.raises(LevelError):
            load_level(_write(tmp_path, f"odd{i}", body))
    with pytest.raises(LevelError) as caught:
        load_level(tmp_path / "missing.toml")
    assert caught.value.level_problems[0].code == "unreadable"


def test_levels_check_prints_the_counts_and_fails_on_errors(tmp_path: Path) -> None:
    _write(tmp_path, "01_good", GOOD_LEVEL)
    _write(tmp_path, "02_bad", GOOD_LEVEL.replace("x = 300\n", "x = 580\n"))
    _write(tmp_path, "03_worse", "not = = toml")
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["levels", "--check", str(tmp_path)])
    lines = out.getvalue().splitlines()
    assert code == 2  # a file that is not TOML at all: 2, as for any malformed input
    assert lines[-1] == "1 levels ok, 2 with errors"
    assert any(line.startswith('02_bad.toml: cards[1]: card "gold" lies') for line in lines)
    assert any(line.startswith("03_worse.toml: -: is not valid TOML") for line in lines)
    (tmp_path / "03_worse.toml").unlink()
    with redirect_stdout(io.StringIO()):
        assert main(["levels", "--check", str(tmp_path)]) == 1  # errors in a level's fields
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["levels", "--check", "--lang", "ru", str(tmp_path / "01_good.toml")])
    assert code == 0
    assert out.getvalue().splitlines()[-1] == "Уровней в порядке: 1, с ошибками: 0"


def test_levels_check_solve_fails_a_level_without_a_star(tmp_path: Path) -> None:
    # the card lies behind a wall that closes the table from edge to edge
    walled = GOOD_LEVEL.replace("width = 600", "width = 600\ncushions = true") + (
        '\n[[obstacles]]\nkind = "block"\nx = 300\ny = 330\nwidth = 600\nheight = 30\n'
    )
    _write(tmp_path, "01_good", GOOD_LEVEL)
    _write(tmp_path, "02_walled", walled)
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["levels", "--check", "--solve", str(tmp_path)])
    lines = out.getvalue().splitlines()
    assert code == 1
    assert lines[0].startswith("01_good.toml: solvable: ")
    assert lines[1].startswith("02_walled.toml: -: the aiming search found no way")
    assert lines[-1] == "1 levels ok, 1 with errors"


def test_shipped_levels_check_clean() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["levels", "--check"])
    assert code == 0
    n = len(discover())
    assert out.getvalue().splitlines()[-1] == f"{n} levels ok, 0 with errors"
