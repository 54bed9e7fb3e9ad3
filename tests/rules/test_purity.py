"""The rules core is pure: standard library only, no pygame, no pymunk, no file I/O."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"


def test_importing_the_rules_core_loads_neither_pygame_nor_pymunk() -> None:
    code = (
        "import sys, game.rules.classic as c; "
        "print(sorted(m for m in ('pygame', 'pymunk') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=RULES.parents[1],
    )
    assert out.stdout.strip() == "[]"


def _inside_the_rules(module: str) -> bool:
    """`game.rules.api` and the cores' own modules: the rules package itself."""
    return module == "game.rules" or module.startswith("game.rules.")


def test_rules_modules_import_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    offenders = []
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [
                f"{path.name}: {n}"
                for n in names
                if n.split(".")[0] not in allowed and not _inside_the_rules(n)
            ]
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                offenders.append(f"{path.name}: open() call")
    assert offenders == []
