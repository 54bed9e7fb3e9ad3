from __future__ import annotations

from game.rules.api import GameError


class ContentError(GameError, ValueError):
    """A data file that cannot be used; the message reads ``file: id: field: problem``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems
