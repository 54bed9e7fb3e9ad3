"""When, by whom and on what an Ability Card may be played (seed 000).

«На каждой Карте Способностей указано когда ее можно использовать»: a card's timing
(before, during, after the battle) and its effects decide the moments it is offered in:

- **the turn, before the throw** (window `None`): "before" cards. A card whose effect
  needs a battle waits for this turn's battle (`MatchState.pending`); one with a
  condition is judged when that battle begins (`condition_problem`).
- **between turns** (`BETWEEN_TURNS`, the state's ``open`` phase, games of 3-4 players
  under the ``field_any`` rule option): cards that act on the field, by any player.
- **a battle's windows** (`battle.START`, `DURING`, `AFTER`): only its two players.

A card made of an `OWN_TURN` primitive (Shadow Step: "On your turn, before the throw")
is played by the turn player before his throw and nowhere else. In games of 3-4 players
(«Игроки в такой игре могут использовать Карты Способностей только тогда, когда их
Бакуган начал бой. Это касается и карт, использующихся ДО или после ПОСЛЕ боя») every
other card waits for its player's battle, unless the ``multi_cards`` rule option lets
field cards be played outside a battle. A card refuses a target it does not take.

These functions read a `MatchState` and change nothing; the state calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.api import Reason

from . import battle as bt
from .actions import PlayAbility, Slot
from .defs import AbilityDef, Timing
from .effects import FIELD, OWN_TURN, PRIMITIVES

if TYPE_CHECKING:
    from .state import MatchState

BETWEEN_TURNS = "open"  # the state's OPEN phase: between two turns (3-4 players)
MULTI_FIELD_ANY = "field_any"  # seed 000: field cards by anyone outside a battle, between turns
MULTI_OWN_BATTLE = "own_battle"  # the option: every card only in one's own battle

WINDOW_TIMING = {bt.START: Timing.BEFORE, bt.DURING: Timing.DURING, bt.AFTER: Timing.AFTER}


def scope(ability: AbilityDef) -> str:
    """`FIELD` (acts on the pieces at once: move, recover) or `BATTLE`."""
    return PRIMITIVES[ability.effects[0].kind].scope


def own_turn(ability: AbilityDef) -> bool:
    """Played only on its owner's turn, before the throw (its own text says so)."""
    return bool(ability.kinds & OWN_TURN)


def timings(ability: AbilityDef) -> str:
    return ",".join(sorted(t.value for t in ability.timing))


def plays(state: MatchState, p: int, card: str, window: str | None) -> list[PlayAbility]:
    """The ways `p` may play `card` now, each with its target (none if not allowed)."""
    ability = state.catalog.abilities.get(card)
    if ability is None:
        return []
    timing = Timing.BEFORE if window is None or window == BETWEEN_TURNS else WINDOW_TIMING[window]
    if timing not in ability.timing:  # the common refusal, without building a Reason
        return []
    if problem(state, p, card, window, check_target=False) is not None:
        return []
    kinds = ability.kinds
    if "move_bakugan" in kinds:
        return move_plays(state, p, card)
    if "recover_bakugan" in kinds:
        return [PlayAbility(p, card, b) for b in state.players[p].used]
    return [PlayAbility(p, card)]


def move_plays(state: MatchState, p: int, card: str) -> list[PlayAbility]:
    """Each of `p`'s standing Bakugan to each Gate Card with no Bakugan on it."""
    return [
        PlayAbility(p, card, b, dest)
        for src, fg in state.field.items()
        for q, b in fg.standing
        if q == p
        for dest, other in state.field.items()
        if dest != src and not other.standing
    ]


def problem(
    state: MatchState, p: int, card: str, window: str | None, check_target: bool = True
) -> Reason | None:
    """Why `p` cannot play `card` in `window` (None: some way to play it is legal)."""
    ps = state.players[p]
    ability = state.catalog.abilities.get(card)
    if card not in ps.abilities or ability is None:
        return Reason(f"{card} is not in p{p}'s hand", "not_in_hand")
    if ability.level is not None:
        level = state.level_problem(ability.level)
        if level is not None:
            return level
    if window is None or window == BETWEEN_TURNS:
        return _outside_battle_problem(state, p, ability, window, check_target)
    b = state.battle
    assert b is not None
    timing = WINDOW_TIMING[window]
    if timing not in ability.timing:
        return Reason(
            f"{card} is not played {timing.value} the battle", "timing", timing=timings(ability)
        )
    if b.side_of(p) is None:
        return Reason(f"p{p} has no Bakugan in this battle", "not_in_battle")
    kinds = ability.kinds
    if own_turn(ability):
        return Reason(f"{card} is played on one's own turn before the throw", "own_turn_only")
    if b.gate_open:
        gate = state.catalog.gates[state.field[b.slot].gate]
        if (
            any(e.kind == "no_abilities" for e in gate.effects)
            and state.evaluate_battle().gate_active
        ):
            return Reason("the Gate Card allows no Ability Card in this battle", "sealed")
    condition = condition_problem(state, p, ability)
    if condition is not None:
        return condition
    if "nullify_ability" in kinds and nullify_target(state, p) is None:
        return Reason("there is no opponent's Ability Card to cancel", "nothing_to_cancel")
    if "recover_bakugan" in kinds and not ps.used:
        return Reason(f"p{p} has no used Bakugan to recover", "nothing_used")
    return None


def _outside_battle_problem(
    state: MatchState, p: int, ability: AbilityDef, window: str | None, check_target: bool
) -> Reason | None:
    card = ability.id
    if Timing.BEFORE not in ability.timing:
        return Reason(f"{card} is not played before the battle", "timing", timing=timings(ability))
    if own_turn(ability) and window == BETWEEN_TURNS:
        return Reason(
            f"{card} is played on one's own turn before the throw, not between turns",
            "own_turn_only",
        )
    field_card = scope(ability) == FIELD
    outside = own_turn(ability) or (field_card and state.settings.multi_cards == MULTI_FIELD_ANY)
    if state.settings.players > 2 and not outside:
        return Reason(
            f"in a game of several players {card} is played only when one's Bakugan is in a battle",
            "battle_only",
        )
    if field_card and check_target:
        return _field_problem(state, p, ability)
    return None


def _field_problem(state: MatchState, p: int, ability: AbilityDef) -> Reason | None:
    """A field card with nothing to act on."""
    kinds = ability.kinds
    if "recover_bakugan" in kinds and not state.players[p].used:
        return Reason(f"p{p} has no used Bakugan to recover", "nothing_used")
    if "move_bakugan" in kinds and not move_plays(state, p, ability.id):
        return Reason(
            f"p{p} has no standing Bakugan and free Gate Card to move it to", "nothing_to_move"
        )
    return None


def condition_problem(state: MatchState, p: int, ability: AbilityDef) -> Reason | None:
    """Why the condition of `ability` (an attribute, or "while losing") does not hold for
    `p`'s side of the battle in progress as it stands (None: it holds, or there is none).
    Once the battle is decided (the "after" window) its result stands."""
    req = ability.requires
    if req.attribute is None and not req.losing:
        return None
    b = state.battle
    assert b is not None
    side = b.side_of(p)
    assert side is not None
    ev = state.evaluate_battle()
    winner = ev.winner if b.winner is None else b.winner
    if req.attribute is not None and ev.sides[side].attribute != req.attribute:
        return Reason(
            f"{ability.id} needs a {req.attribute.value} Bakugan in the battle",
            "attribute",
            attribute=req.attribute.value,
        )
    if req.losing and winner == side:
        return Reason(f"{ability.id} is played only by the losing side", "losing")
    return None


def target_problem(state: MatchState, action: PlayAbility) -> Reason | None:
    """Why the target named by `action` is not the one its card takes (or is missing)."""
    p, card = action.player, action.card
    ability = state.catalog.abilities[card]
    kinds = ability.kinds
    if "move_bakugan" in kinds:
        if action.bakugan is None or action.slot is None:
            return Reason(
                f"{card} needs a standing Bakugan and a Gate Card to move it to", "needs_target"
            )
        if action not in move_plays(state, p, card):
            return Reason(
                f"cannot move {action.bakugan} to {_at(action.slot)}: it must be p{p}'s"
                " standing Bakugan and go to a Gate Card with no Bakugan",
                "bad_target",
            )
        return None
    if "recover_bakugan" in kinds:
        if action.slot is not None:
            return Reason(f"{card} takes no Gate Card", "no_target")
        if action.bakugan is None:
            return Reason(f"{card} needs a target Bakugan", "needs_target")
        if action.bakugan not in state.players[p].used:
            return Reason(f"{action.bakugan} is not in p{p}'s used pile", "bad_target")
        return None
    if action.bakugan is not None or action.slot is not None:
        return Reason(f"{card} takes no target", "no_target")
    return None


def nullify_target(state: MatchState, p: int) -> int | None:
    """The index of the opponent's latest card still in force in the battle, if any."""
    b = state.battle
    assert b is not None
    active = b.active_plays()
    for i in range(len(b.plays) - 1, -1, -1):
        if active[i] and b.plays[i].player != p:
            return i
    return None


def _at(slot: Slot | None) -> str:
    return "nowhere" if slot is None else f"@{slot[0]},{slot[1]}"
