"""A regular install carries every data file (pyproject.toml's data-files): each file
under assets/ and levels/ is matched by a rule whose folder is its own folder under
share/bakugan-table/, as game/files/paths.py looks for it. setuptools globs a rule's
sources and puts them flat in the rule's folder, the way this test expands them."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARE = "share/bakugan-table"


def installed(root: Path) -> dict[str, str]:
    """Source file (relative) -> the folder the install puts it in."""
    rules = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    out: dict[str, str] = {}
    for folder, patterns in rules["data-files"].items():
        for pattern in patterns:
            for found in glob.glob(str(root / pattern), recursive=True):
                path = Path(found)
                if path.is_file():
                    out[path.relative_to(root).as_posix()] = folder
    return out


def shipped(root: Path) -> set[str]:
    return {
        p.relative_to(root).as_posix()
        for top in ("assets", "levels")
        for p in (root / top).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_every_data_file_is_installed_in_its_own_folder() -> None:
    rules = installed(ROOT)
    missing = sorted(shipped(ROOT) - set(rules))
    assert missing == [], f"no data-files rule installs: {missing}"
    wrong = {f: d for f, d in rules.items() if d != f"{SHARE}/{Path(f).parent.as_posix()}"}
    assert wrong == {}
    assert any(f.startswith("assets/data/planet/") for f in rules)


def test_a_new_folder_without_its_rule_is_caught(tmp_path: Path) -> None:
    (tmp_path / "assets" / "data" / "dice").mkdir(parents=True)
    (tmp_path / "assets" / "data" / "dice" / "cards.toml").write_text("", "utf-8")
    (tmp_path / "levels").mkdir()
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text("utf-8"))
    assert shipped(tmp_path) - set(installed(tmp_path)) == {"assets/data/dice/cards.toml"}
