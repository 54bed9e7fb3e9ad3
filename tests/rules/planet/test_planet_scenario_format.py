"""The Battle Planet scenario format (docs/scenarios.md): the documented example runs,
there are enough scenarios, and a malformed file is refused naming the file and field."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.content import ContentError
from game.content.planet.scenarios import load_planet_scenario
from game.content.scenario_files import find_scenarios
from game.games.scenarios import main as run_scenarios

from .helpers import catalog

ROOT = Path(__file__).parents[3]
FOLDER = ROOT / "tests" / "scenarios" / "planet"


def test_the_documented_example_passes(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    part = text[text.index("# Battle Planet scenarios") :]
    block = part[part.index("```toml") + 7 : part.index("```\n\n## Setup")]
    path = tmp_path / "example.toml"
    path.write_text(block, encoding="utf-8")
    out = io.StringIO()
    assert run_scenarios([str(path)], out) == 0, out.getvalue()


def test_there_are_at_least_150_planet_scenarios_each_naming_its_game_and_rule() -> None:
    files = find_scenarios([FOLDER])
    assert len(files) >= 150
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert text.startswith('game = "planet"\n'), path.name
        assert load_planet_scenario(path, catalog()).rule.strip(), path.name


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (
            'name = "x"\nrule = "r"\nsteps = ["p0 fly"]\n',
            "steps[0].do: 'p0 fly': unknown verb 'fly'",
        ),
        (
            'name = "x"\nrule = "r"\nsteps = [{ until = "lunch" }]\n',
            "steps[0].until: unknown step 'lunch'",
        ),
        ('name = "x"\nsteps = []\n', "rule: missing"),
        (
            'name = "x"\nrule = "r"\n[setup]\np0 = { preset = "nosuch" }\n',
            "setup.p0.preset: no preset deck 'nosuch'",
        ),
        (
            'name = "x"\nrule = "r"\n[setup]\np0 = { preset = "pyrus_darkus", hand = ["aquos_ice_wall"] }\n',
            "setup.p0.hand: aquos_ice_wall is not in the deck",
        ),
        ('name = "x"\nrule = "r"\n[expect]\nwinnr = 1\n', "expect.winnr: unknown key"),
        ('name = "x"\nrule = "r"\n', "setup.p0: missing (a kit"),
        ('name = "x"\nrule = "r"\n[expect.p0]\nhands = []\n', "expect.p0.hands: unknown key"),
    ],
)
def test_a_malformed_scenario_names_the_file_and_the_field(
    tmp_path: Path, body: str, problem: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "planet"\n' + body, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_planet_scenario(path, catalog())
    assert any(p.startswith(f"{path}: {problem}") for p in caught.value.problems), (
        caught.value.problems
    )


def test_a_failing_expectation_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "wrong.toml"
    path.write_text(
        'game = "planet"\nname = "x"\nrule = "r"\n[setup]\np0 = { preset = "pyrus_darkus" }\n'
        'p1 = { preset = "aquos_haos" }\n[expect]\nphase = "power"\n[expect.p0]\ndeck_count = 3\n',
        encoding="utf-8",
    )
    out = io.StringIO()
    assert run_scenarios([str(path)], out) == 1
    assert "expect.phase: got 'energize', expected 'power'" in out.getvalue()
    assert "expect.p0.deck_count: got 34, expected 3" in out.getvalue()
