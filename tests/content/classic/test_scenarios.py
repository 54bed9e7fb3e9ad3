"""Scenario files with wrong types or impossible values (issue 13, point 8) are refused
at load with ``file: field: problem``, never a traceback, never accepted."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from game.content import ContentError
from game.content.classic import shipped_catalog
from game.content.classic.scenarios import load_scenario
from game.games.scenarios import main
from game.rules.classic.defs import AbilityColour, GateColour

# A good two-player scenario; each case below changes one line of it.
GOOD = """name = "A battle"
rule = "the higher G-Power wins"
[setup]
seed = 1
p0 = { bakugan = BAKUGAN, gates = GATES, abilities = ABILITIES }
p1 = { bakugan = BAKUGAN, gates = GATES, abilities = ABILITIES }
[expect]
phase = "setup"
"""

_KIT = shipped_catalog()
GOOD = (
    GOOD.replace("BAKUGAN", repr(sorted(b for b, d in _KIT.bakugan.items() if not d.evolved)[:3]))
    .replace(
        "GATES", repr([min(g for g, d in _KIT.gates.items() if d.colour == c) for c in GateColour])
    )
    .replace(
        "ABILITIES",
        repr([min(a for a, d in _KIT.abilities.items() if d.colour == c) for c in AbilityColour]),
    )
)

CASES = [
    ("seed = 1", 'seed = 1\nseating = [0, "p1"]', "setup.seating", "must list the players"),
    ("seed = 1", 'seed = 1\nplayers = "2"', "setup.players", "players need"),
    (
        "seed = 1",
        "seed = 1\ngates_to_win = 100000000000000000000",
        "setup.gates_to_win",
        "within 1..6",
    ),
    ("seed = 1", "seed = 1\ngates_to_win = 0", "setup.gates_to_win", "within 1..6"),
    ("seed = 1", 'seed = 1\ngates_to_win = "3"', "setup.gates_to_win", "must be an integer"),
    ("seed = 1", "seed = 100000000000000000000000", "setup.seed", "64-bit integer"),
    ('phase = "setup"', "winner = 5", "expect.winner", "within -1..1"),
    ('phase = "setup"', "turn_player = -3", "expect.turn_player", "within 0..1"),
    ('phase = "setup"', "phase = 3", "expect.phase", "must be a string"),
    ('phase = "setup"', '[[expect.battles]]\nwinner = "px"', "expect.battles[0].winner", "p0..p1"),
    (
        'phase = "setup"',
        '[[expect.battles]]\nwinner = "p0"\ntotals = "640"',
        "expect.battles[0].totals",
        "table of pN",
    ),
    (
        'phase = "setup"',
        '[[expect.battles]]\ntotals = { p0 = "640" }',
        "expect.battles[0].totals.p0",
        "must be an integer",
    ),
    (
        'phase = "setup"',
        "[[expect.battles]]\ntotals = { p7 = 640 }",
        "expect.battles[0].totals.p7",
        "for a player",
    ),
    ('phase = "setup"', "[expect.observation]\nviewer = 9", "expect.observation.viewer", "0..1"),
    ('phase = "setup"', "[expect.p3]\nunused = []", "expect.p3", "has no p3"),
    ('phase = "setup"', '[expect.field]\n"@2,2" = 5', "expect.field", "must be a table"),
]


@pytest.mark.parametrize(("old", "new", "field", "words"), CASES)
def test_a_bad_value_is_refused_with_file_field_problem(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    assert old in GOOD
    path = tmp_path / "case.toml"
    path.write_text(GOOD.replace(old, new, 1), "utf-8")
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    (line,) = caught.value.problems
    assert line.startswith(f"{path}: {field}: ") and words in line, line
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path)]) == 2
    assert f"ERROR {path}: {field}: " in out.getvalue()


def test_the_good_scenario_loads_and_passes(tmp_path: Path) -> None:
    path = tmp_path / "good.toml"
    path.write_text(GOOD, "utf-8")
    assert load_scenario(path).settings.players == 2
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path)]) == 0
