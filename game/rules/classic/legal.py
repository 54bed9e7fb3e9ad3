"""What the player to act may do now: `legal_actions(state, player)`.

One list per phase: the opening Gate Cards (SETUP); the turn before the throw (MAIN:
set a Gate Card beside the others, play "before" cards, evolve, throw, or with every
Bakugan on the field move onto an opponent's or take a card); the landing's outcomes
(LANDING, chance); take or move beside one's own Bakugan (OWN); a battle's windows
(BATTLE: attributes of clear Bakugan, Ability Cards, Traps and Battle Gear, pass); and
between turns (OPEN). These functions read a `MatchState` and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.api import Reason

from . import abilities as cards
from . import actions as act
from . import battle as bt
from .actions import Action
from .defs import ATTRIBUTES
from .phases import BATTLE, LANDING, MAIN, OPEN, OWN
from .piles import free_adjacent_slots

if TYPE_CHECKING:
    from .state import MatchState


def legal_actions(state: MatchState, player: int | None = None) -> list[Action]:
    """Everything the player to act may do now (for `player`, empty if not theirs)."""
    current = state.current_player()
    if current is None or (player is not None and player != current):
        return []
    phase = state.phase
    if phase == LANDING:
        out: list[Action] = [act.Land(slot) for slot in state.field]
        out.append(act.Miss("off_card"))
        return out
    if phase == MAIN:
        return main_actions(state, current)
    if phase == BATTLE:
        return battle_actions(state, current)
    if phase == OWN:
        slot = state.choice
        assert slot is not None and state.thrown is None
        fg = state.field[slot]
        mover = fg.standing[-1][1]
        out = [act.TakeGate(current, slot)]
        out.extend(act.MoveBakugan(current, mover, s) for s in state.field if s != slot)
        return out
    if phase == OPEN:
        out = []
        for card in state.players[current].abilities:
            out.extend(cards.plays(state, current, card, OPEN))
        out.append(act.Pass(current))
        return out
    # SETUP
    slots = [s for s in state.opening_slots_of(current) if s not in state.field]
    return [act.SetGate(current, g, s) for g in state.players[current].gates for s in slots]


def main_actions(state: MatchState, p: int) -> list[Action]:
    """The turn player's choices before the throw (MAIN)."""
    ps = state.players[p]
    out: list[Action] = []
    if not state.set_this_turn and ps.gates:
        slots = free_adjacent_slots(state)
        out.extend(act.SetGate(p, g, s) for g in ps.gates for s in slots)
    for card in ps.abilities:
        out.extend(cards.plays(state, p, card, None))
    if ps.evolutions and not state.turn_acted:
        out.extend(
            act.Evolve(p, base)
            for base in evolvable(state, p)
            if evolve_problem(state, p, base) is None
        )
    if ps.unused:
        out.extend(act.Throw(p, b) for b in ps.unused)
        return out
    out.extend(stranded_moves(state, p))
    return out


def stranded_moves(state: MatchState, p: int) -> list[act.MoveBakugan | act.TakeGate]:
    """Every Bakugan of `p` stands on the field (seed, games of several players): move
    one onto a card an opponent's Bakugan stands on, or, with none there, take a card
    one's own Bakugan stands on."""
    enemy = [s for s, fg in state.field.items() if any(q != p for q, _ in fg.standing)]
    mine = [(s, b) for s, fg in state.field.items() for q, b in fg.standing if q == p]
    if enemy:
        return [act.MoveBakugan(p, b, s) for src, b in mine for s in enemy if s != src]
    return [act.TakeGate(p, s) for s in dict.fromkeys(src for src, _ in mine)]


def evolvable(state: MatchState, p: int) -> list[str]:
    """The Bakugan named by `p`'s unused Evolution cards."""
    evolutions = state.catalog.evolutions
    return [evolutions[c].base for c in state.players[p].evolutions]


def battle_actions(state: MatchState, p: int) -> list[Action]:
    """`p`'s choices in the battle's window (BATTLE)."""
    b = state.battle
    assert b is not None
    if b.window == bt.ATTRIBUTE:
        side = b.to_choose[0]
        bakugan = b.sides[side][1]
        return [act.ChooseAttribute(p, bakugan, a) for a in ATTRIBUTES]
    out: list[Action] = []
    for card in state.players[p].abilities:
        out.extend(cards.plays(state, p, card, b.window))
    out.extend(support_plays(state, p))
    out.append(act.Pass(p))
    return out


def support_plays(state: MatchState, p: int) -> list[Action]:
    """The Traps and Battle Gear `p` may play now (in a battle's `during` window)."""
    ps = state.players[p]
    if not ps.traps and not ps.gear:
        return []
    b = state.battle
    if b is None or b.window != bt.DURING:
        return []
    side = b.side_of(p)
    if side is None:
        return []
    attribute = state.evaluate_battle().sides[side].attribute
    out: list[Action] = [
        act.PlayTrap(p, t) for t in ps.traps if state.catalog.traps[t].attribute == attribute
    ]
    gate_colour = state.catalog.gates[state.field[b.slot].gate].colour
    for x in ps.gear:
        choices = bt.gear_choices(state.catalog.gear[x], attribute, gate_colour)
        out.extend(act.PlayGear(p, x, chosen) for chosen in choices)
    return out


def evolve_problem(state: MatchState, p: int, bakugan: str) -> Reason | None:
    """Why `p` cannot evolve `bakugan` (None: he can), the turn aside (`checks` asks
    that): his Evolution card for it, the Bakugan at hand, the Game Level reached."""
    ps = state.players[p]
    card = next((c for c in ps.evolutions if state.catalog.evolutions[c].base == bakugan), None)
    if card is None:
        return Reason(f"p{p} has no Evolution card for {bakugan}", "no_card")
    standing = any((p, bakugan) in fg.standing for fg in state.field.values())
    if bakugan not in ps.unused and bakugan not in ps.used and not standing:
        return Reason(
            f"{bakugan} must be in p{p}'s unused or used pile or stand on the field to evolve",
            "not_available",
        )
    level = state.catalog.evolutions[card].level
    now = state.game_level()
    if now < level:
        return Reason(
            f"{card} needs the Game Level {level}; it is {now}",
            "level_not_reached",
            level=level,
            game_level=now,
        )
    return None
