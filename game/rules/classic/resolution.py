"""What an allowed action does: `apply(state, action)` changes the state and returns
the events, in the order they happened.

Every check is done before (`checks.why_illegal`); here each action makes its change:
a Gate Card set, a throw in the air, a landing (a Bakugan standing, a battle, a card
won without dispute, or the choice beside one's own Bakugan), a card taken, a Bakugan
moved, an evolution, an Ability Card, Trap or Battle Gear played. Then the turn flow
(`flow`) settles what follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.api import IllegalAction

from . import abilities as cards
from . import actions as act
from . import battle as bt
from .actions import Action
from .checks import why_illegal
from .defs import AbilityDef
from .effects import FIELD
from .events import (
    AbilityCancelled,
    AbilityPlayed,
    AttributeChosen,
    BakuganMoved,
    BakuganRecovered,
    Event,
    Evolved,
    GateSet,
    GearOpened,
    Missed,
    Opened,
    Thrown,
    ToUsed,
    TrapOpened,
)
from .flow import capture, end_turn, open_start, settle, settle_open, start_battle, start_turn
from .phases import BATTLE, LANDING, MAIN, OPEN, OVER, OWN, SETUP
from .piles import FieldGate

if TYPE_CHECKING:
    from .state import MatchState

Observer = Callable[[Event], None]


class _Observed(list[Event]):
    """The events of one `apply`, each told to an observer as it is recorded."""

    def __init__(self, observe: Observer) -> None:
        super().__init__()
        self._observe = observe

    def append(self, event: Event) -> None:
        super().append(event)
        self._observe(event)


def apply(state: MatchState, action: Action, observe: Observer | None = None) -> list[Event]:
    """Carry out `action`; returns what happened. Raises `IllegalAction` if not allowed.

    `observe`, if given, is called with each event as it is recorded, the state
    already changed by it: a screen reads the battle's breakdown after every event.
    """
    problem = why_illegal(state, action)
    if problem is not None:
        raise IllegalAction(action, problem)
    events: list[Event] = [] if observe is None else _Observed(observe)
    if isinstance(action, act.SetGate):
        _set_gate(state, action, events)
    elif isinstance(action, act.Throw):
        state.players[action.player].unused.remove(action.bakugan)
        state.thrown = (action.player, action.bakugan)
        state.phase = LANDING
        events.append(Thrown(action.player, action.bakugan))
    elif isinstance(action, act.Land):
        _land(state, action, events)
    elif isinstance(action, act.Miss):
        assert state.thrown is not None
        p, b = state.thrown
        state.thrown = None
        state.players[p].used.append(b)
        events.append(Missed(p, b, action.reason))
        events.append(ToUsed(p, b))
        end_turn(state, events)
    elif isinstance(action, act.PlayAbility):
        _play_ability(state, action, events)
    elif isinstance(action, act.Pass):
        if state.phase == OPEN:
            state.open_passes += 1
            state.open_priority = (state.open_priority + 1) % len(state.open_order)
            settle_open(state, events)
        else:
            battle = state.battle
            assert battle is not None
            battle.passes += 1
            battle.priority = (battle.priority + 1) % len(battle.order)
            settle(state, events)
    elif isinstance(action, act.TakeGate):
        _take(state, action, events)
    elif isinstance(action, act.MoveBakugan):
        _move(state, action, events)
    elif isinstance(action, act.ChooseAttribute):
        battle = state.battle
        assert battle is not None
        battle.chosen[battle.to_choose.pop(0)] = action.attribute
        events.append(AttributeChosen(action.player, action.bakugan, action.attribute))
        if not battle.to_choose:
            open_start(state, events)
        settle(state, events)
    elif isinstance(action, act.PlayTrap | act.PlayGear):
        _play_support(state, action, events)
    elif isinstance(action, act.Evolve):
        _evolve(state, action, events)
    return events


def _set_gate(state: MatchState, action: act.SetGate, events: list[Event]) -> None:
    p = action.player
    state.players[p].gates.remove(action.gate)
    state.field[action.slot] = FieldGate(p, action.gate, [])
    events.append(GateSet(p, action.gate, action.slot))
    if state.phase == SETUP:
        state.setup_queue.pop(0)
        if not state.setup_queue:
            start_turn(state, events)
    else:
        state.set_this_turn = True
        state.turn_acted = True


def _land(state: MatchState, action: act.Land, events: list[Event]) -> None:
    assert state.thrown is not None
    p, b = state.thrown
    state.thrown = None
    fg = state.field[action.slot]
    events.append(Opened(p, b, action.slot, action.partial))
    enemy = next(((q, x) for q, x in fg.standing if q != p), None)
    if enemy is not None:
        start_battle(state, action.slot, enemy, (p, b), events)
        return
    if not fg.standing:
        fg.standing.append((p, b))
        end_turn(state, events)
        return
    # Opened on a Gate Card with the player's own Bakugan.
    fg.standing.append((p, b))
    elsewhere = any(
        q == p for s, other in state.field.items() if s != action.slot for q, _ in other.standing
    )
    if len(state.field) == 1 or elsewhere:
        capture(state, p, action.slot, events)  # won without dispute
        if state.phase != OVER:
            end_turn(state, events)
        return
    state.phase = OWN
    state.choice = action.slot


def _take(state: MatchState, action: act.TakeGate, events: list[Event]) -> None:
    p = action.player
    if state.phase == MAIN:
        # Every Bakugan on the field and no opponent's: take a card, all of one's
        # standing Bakugan leave the field.
        for slot, fg in state.field.items():
            if slot != action.slot:
                keep = [(q, x) for q, x in fg.standing if q != p]
                for _, x in fg.standing:
                    if (p, x) not in keep:
                        state.players[p].used.append(x)
                        events.append(ToUsed(p, x))
                fg.standing = keep
    state.choice = None
    capture(state, p, action.slot, events)
    if state.phase != OVER:
        end_turn(state, events)


def _move(state: MatchState, action: act.MoveBakugan, events: list[Event]) -> None:
    p = action.player
    source = state.choice if state.phase == OWN else None
    if source is None:
        source = next(s for s, fg in state.field.items() if (p, action.bakugan) in fg.standing)
    state.choice = None
    state.field[source].standing.remove((p, action.bakugan))
    events.append(BakuganMoved(p, action.bakugan, source, action.slot))
    dest = state.field[action.slot]
    enemy = next(((q, x) for q, x in dest.standing if q != p), None)
    if enemy is not None:
        start_battle(state, action.slot, enemy, (p, action.bakugan), events)
    else:
        dest.standing.append((p, action.bakugan))
        end_turn(state, events)


def _evolve(state: MatchState, action: act.Evolve, events: list[Event]) -> None:
    p, base = action.player, action.bakugan
    ps = state.players[p]
    card = next(c for c in ps.evolutions if state.catalog.evolutions[c].base == base)
    evolved = state.catalog.evolutions[card].evolved
    if base in ps.unused or base in ps.used:
        pile = ps.unused if base in ps.unused else ps.used
        pile[pile.index(base)] = evolved
    else:  # standing on a Gate Card: the evolved copy stands where it stood
        fg = next(fg for fg in state.field.values() if (p, base) in fg.standing)
        fg.standing[fg.standing.index((p, base))] = (p, evolved)
    ps.reserve.remove(evolved)
    ps.reserve.append(base)
    ps.evolutions.remove(card)
    ps.evolved.append(card)
    events.append(Evolved(p, base, evolved, card))
    end_turn(state, events)


def _play_ability(state: MatchState, action: act.PlayAbility, events: list[Event]) -> None:
    p, card = action.player, action.card
    ps = state.players[p]
    ability = state.catalog.abilities[card]
    ps.abilities.remove(card)
    ps.used_abilities.append(card)
    target = " ".join(
        x
        for x in (
            action.bakugan,
            None if action.slot is None else f"@{action.slot[0]},{action.slot[1]}",
        )
        if x
    )
    if state.phase != BATTLE:
        events.append(AbilityPlayed(p, card, target))
    if state.phase == MAIN:
        state.turn_acted = True
        if cards.scope(ability) == FIELD:
            _field_effect(state, action, ability, events)
        else:
            state.pending.append((p, card))  # waits for this turn's battle
        return
    if state.phase == OPEN:
        _field_effect(state, action, ability, events)
        state.open_passes = 0
        state.open_priority = (state.open_priority + 1) % len(state.open_order)
        settle_open(state, events)
        return
    # In a battle every card is one of the battle's plays, so it can be cancelled;
    # a field card (recover) acts when the battle ends, if it still stands.
    b = state.battle
    assert b is not None
    cancels = None
    if "nullify_ability" in ability.kinds:
        cancels = cards.nullify_target(state, p)
        assert cancels is not None
    # The play is recorded before its events, so each event follows its change.
    b.plays.append(bt.Play(p, card, cancels, action.bakugan))
    events.append(AbilityPlayed(p, card, target))
    if cancels is not None:
        victim = b.plays[cancels]
        events.append(AbilityCancelled(victim.player, victim.card, card))
    b.passes = 0
    b.priority = (b.priority + 1) % len(b.order)
    settle(state, events)


def _play_support(
    state: MatchState, action: act.PlayTrap | act.PlayGear, events: list[Event]
) -> None:
    p = action.player
    ps = state.players[p]
    b = state.battle
    assert b is not None
    if isinstance(action, act.PlayTrap):
        trap = state.catalog.traps[action.trap]
        ps.traps.remove(action.trap)
        face = state.rng.randrange(len(trap.faces)) if len(trap.faces) > 1 else 0
        b.supports.append(bt.Support(p, bt.TRAP, action.trap, len(b.plays), face))
        shown = trap.faces[face]
        events.append(TrapOpened(p, action.trap, b.slot, shown.attribute, shown.g))
    else:
        gear = state.catalog.gear[action.gear]
        side = b.side_of(p)
        assert side is not None
        attribute = state.evaluate_battle().sides[side].attribute
        chosen = action.abilities
        mode = bt.gear_mode(gear, attribute, chosen)
        ps.gear.remove(action.gear)
        b.supports.append(bt.Support(p, bt.GEAR, action.gear, len(b.plays), 0, mode, chosen))
        events.append(GearOpened(p, action.gear, gear.g, mode, chosen))
    b.passes = 0
    b.priority = (b.priority + 1) % len(b.order)
    settle(state, events)


def _field_effect(
    state: MatchState, action: act.PlayAbility, ability: AbilityDef, events: list[Event]
) -> None:
    p = action.player
    kinds = ability.kinds
    if "recover_bakugan" in kinds:
        assert action.bakugan is not None
        state.players[p].used.remove(action.bakugan)
        state.players[p].unused.append(action.bakugan)
        events.append(BakuganRecovered(p, action.bakugan))
    if "move_bakugan" in kinds:
        assert action.bakugan is not None and action.slot is not None
        source = next(s for s, fg in state.field.items() if (p, action.bakugan) in fg.standing)
        state.field[source].standing.remove((p, action.bakugan))
        state.field[action.slot].standing.append((p, action.bakugan))
        events.append(BakuganMoved(p, action.bakugan, source, action.slot))
