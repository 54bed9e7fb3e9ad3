"""Would playing this Ability Card now change anything?

The rules let a player play a card whose effect finds nothing to act on (Dragon
Awakening with no Dragonoid in the battle): the card is spent for nothing. The screen
tells before it is wasted, by asking the rules core's own battle calculation: the
battle evaluated with the card added, against the battle as it stands (both with the
Gate Card open, so a card that only matters once it opens is not called useless).
Cards that act otherwise (cancel a card, save, recover or move a Bakugan) are legal
only when they have something to act on, so they are never flagged.
"""

from __future__ import annotations

from game.rules.classic import MatchState
from game.rules.classic import battle as bt
from game.rules.classic.effects import CALCULATED


def _outcome(e: bt.Evaluation) -> tuple[object, ...]:
    return (
        tuple((s.attribute, s.total) for s in e.sides),
        e.winner,
        e.lower_wins,
        e.gate_active,
    )


def changes_nothing(state: MatchState, player: int, card: str) -> bool:
    """True when `player` playing `card` in the battle now would leave every
    attribute, total and the winner as they are."""
    b = state.battle
    if b is None or card not in state.catalog.abilities:
        return False
    ability = state.catalog.abilities[card]
    if not ability.effects or any(e.kind not in CALCULATED for e in ability.effects):
        return False
    fg = state.field[b.slot]
    now = b.clone()
    now.gate_open = True
    played = now.clone()
    played.plays.append(bt.Play(player, card))
    before = bt.evaluate(now, state.catalog, fg.gate, fg.owner)
    after = bt.evaluate(played, state.catalog, fg.gate, fg.owner)
    return _outcome(before) == _outcome(after)
