"""The difficulty records are data: they load, and a bad file is refused with
``file: level: field: problem``."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.classic.levels import LEVEL_NAMES, LEVEL_SCHEMA
from game.content import ContentError
from game.games.classic import levels_path, load_levels, shipped_levels


def test_the_shipped_levels_load_and_climb() -> None:
    levels = shipped_levels()
    assert set(LEVEL_NAMES) <= set(levels)
    easy, normal, hard = (levels[n] for n in LEVEL_NAMES)
    # the knobs climb from easy to hard
    assert easy.hand_sigma > normal.hand_sigma > hard.hand_sigma
    assert easy.aim_samples <= normal.aim_samples <= hard.aim_samples
    assert easy.iterations == 0 and hard.iterations > 0 and hard.determinizations > 0
    assert easy.insight <= normal.insight <= hard.insight
    assert easy.model_hit < normal.model_hit < hard.model_hit


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
    path = tmp_path / "levels.toml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "level, key, line, message",
    [
        ("easy", "hand_sigma", "hand_sigma = -1", "easy: hand_sigma: must be within 0..40, got -1"),
        ("hard", "hand_sigma", 'hand_sigma = "steady"', "hard: hand_sigma: must be a number"),
        ("normal", "hand_sigma", None, "normal: hand_sigma: missing"),
        ("easy", "hand_sigma", "angle_noise = 0.04", "easy: angle_noise: unknown field"),
        ("easy", "aim_samples", None, "easy: aim_samples: missing"),
        ("easy", "aim_samples", "aim_sample = 3", "easy: aim_sample: unknown field"),
        ("normal", "insight", "insight = 7", "normal: insight: must be within 0..1, got 7"),
        ("hard", "iterations", "iterations = 1.5", "hard: iterations: must be a whole number"),
        ("easy", "title_en", "title_en = 3", "easy: title_en: must be a non-empty string"),
        ("easy", "mistakes", 'mistakes = "often"', "easy: mistakes: must be a number, got 'often'"),
        ("hard", "determinizations", "determinizations = 0", "hard: determinizations: a searching"),
    ],
)
def test_a_bad_level_file_is_refused_with_the_field_and_the_problem(
    tmp_path: Path, level: str, key: str, line: str | None, message: str
) -> None:
    with pytest.raises(ContentError) as err:
        load_levels(_edited(tmp_path, level, key, line))
    assert any(p.startswith("levels.toml: " + message) for p in err.value.problems), (
        err.value.problems
    )


def test_a_missing_level_and_a_bad_name(tmp_path: Path) -> None:
    text = levels_path().read_text(encoding="utf-8")
    path = tmp_path / "levels.toml"
    path.write_text(text.replace("[hard]", "[Hard]"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_levels(path)
    assert "levels.toml: hard: -: missing (a [hard] table)" in err.value.problems
    assert "levels.toml: Hard: -: level names are lower_snake_case" in err.value.problems


def test_not_toml_and_no_file(tmp_path: Path) -> None:
    bad = tmp_path / "levels.toml"
    bad.write_text("[easy\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"levels\.toml: -: -: not valid TOML"):
        load_levels(bad)
    with pytest.raises(ContentError, match="file not found"):
        load_levels(tmp_path / "nope.toml")


def test_every_knob_is_documented() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "ai.md").read_text(encoding="utf-8")
    missing = [k for k in LEVEL_SCHEMA if f"`{k}`" not in doc]
    assert missing == []
