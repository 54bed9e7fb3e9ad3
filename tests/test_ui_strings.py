"""Every string the player sees comes from the language catalogs: no literal words are
handed to the functions that put text on the screen in game/ui/."""

from __future__ import annotations

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "game" / "ui"
SHOWS_TEXT = {"text", "paragraph", "Button", "render", "_banner", "set_caption", "wrap"}
WORD = re.compile(r"[A-Za-zА-Яа-яЁё]{2,}")


def _words(node: ast.AST) -> list[str]:
    """Literal words in a string argument (a plain string or an f-string's text parts)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return WORD.findall(node.value)
    if isinstance(node, ast.JoinedStr):
        return [w for v in node.values for w in _words(v)]
    return []


def test_no_literal_words_reach_the_screen() -> None:
    offenders = []
    for path in sorted(UI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            if name not in SHOWS_TEXT:
                continue
            args = node.args[:2] if name == "text" else node.args[:3]
            for arg in args:
                words = _words(arg)
                if words:
                    offenders.append(f"{path.name}:{node.lineno}: {' '.join(words)}")
    assert offenders == [], "literal words on screen (use the catalogs):\n" + "\n".join(offenders)


def test_the_check_catches_a_literal() -> None:
    tree = ast.parse('w.text(surface, "Hello there", (0, 0))')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert _words(call.args[1]) == ["Hello", "there"]
