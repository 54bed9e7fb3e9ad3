"""The phases of a classic match, as an enum.

A `StrEnum`: each phase is also the word the saves have always held (``"main"``), so
`MatchState.to_json` writes what it wrote before, old saves load, and a phase compares
equal to its word (``state.phase == "battle"``) where bots and screens still test it so.
Its ``repr`` is the word's too, so messages and the reprs of observations read as before.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SETUP = "setup"  # players set their opening Gate Cards
    MAIN = "main"  # the turn player may set a gate, play "before" cards, then throws
    LANDING = "landing"  # chance: where the thrown Bakugan opened
    OWN = "own"  # it opened beside one's own Bakugan: take the card or move
    BATTLE = "battle"  # a battle's timing windows (`battle.START`, `DURING`, `AFTER`)
    # Games of 3-4 players (rule option multi_cards = field_any): between turns, any
    # player may play an Ability Card usable outside a battle, the next player first
    # (`abilities.BETWEEN_TURNS` names the same moment as an Ability Card window).
    OPEN = "open"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)


SETUP = Phase.SETUP
MAIN = Phase.MAIN
LANDING = Phase.LANDING
OWN = Phase.OWN
BATTLE = Phase.BATTLE
OPEN = Phase.OPEN
OVER = Phase.OVER


def phase_of(value: object) -> Phase:
    """The phase a saved state names. A word that names no phase is kept as it is:
    `MatchState.from_json` rebuilds whatever a file says, and the invariant checks
    (`invariants.problems`) name what is wrong with it."""
    try:
        return Phase(value)  # type: ignore[arg-type]  # a word, or what a file holds
    except (ValueError, TypeError):
        return value  # type: ignore[return-value]
