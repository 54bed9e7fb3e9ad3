"""What can be wrong with a level file, as data: ``file: field: problem``.

A problem carries a code and its parameters; its words come from the language catalogs
(``levels.err.<code>``), so the level select shows them in the player's language and
the command line in English. `str()` gives the English line.
"""

from __future__ import annotations

from dataclasses import dataclass

Params = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class LevelProblem:
    """One mistake: in `file`, at `field` (a dotted path like ``cards[2].x``, or ``-``
    for the file as a whole), problem `code` with `params` filled into its text."""

    file: str
    field: str
    code: str
    params: Params = ()

    def text(self, lang: str = "en") -> str:
        """The problem's words (without file and field) in `lang`."""
        from game.files.lang import tr  # the catalogs: data files, no game state

        params = dict(self.params)
        if "expected" in params:
            params["expected"] = tr(lang, f"levels.expect.{params['expected']}")
        return tr(lang, f"levels.err.{self.code}", **params)

    def line(self, lang: str = "en") -> str:
        """``file: field: problem``."""
        return f"{self.file}: {self.field}: {self.text(lang)}"

    def __str__(self) -> str:
        return self.line("en")


def problem(file: str, field: str, code: str, **params: object) -> LevelProblem:
    return LevelProblem(file, field, code, tuple((k, _show(v)) for k, v in params.items()))


def _show(value: object) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return value
    return repr(value) if not isinstance(value, int) else str(value)


__all__ = ["LevelProblem", "Params", "problem"]
