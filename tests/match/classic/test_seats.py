"""A bot in a seat (game/match/classic/seats.py): made from the records it is given."""

from __future__ import annotations

import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.match.classic.seats import BotSeat

CAT = shipped_catalog()


def test_a_level_bot_is_made_from_the_records_it_is_given() -> None:
    """The seat loads no file: a difficulty level needs its records passed in."""
    with pytest.raises(ValueError, match="no difficulty records"):
        BotSeat.named("hard", CAT, 1)
    assert BotSeat.named("hard", CAT, 1, shipped_levels()).name == "hard"
    assert BotSeat.named("greedy", CAT, 1).name == "greedy"
