"""How a match moves on: turns, the setup queue, a battle's timing windows, captures.

After each action the state settles: players who can play nothing in a window are
skipped, a window everyone has passed closes (the battle's `start` opens the Gate
Card, `during` decides the battle, `after` ends it), a finished battle sends its
pieces to the used piles and ends the turn, a capture that reaches the captures to win
ends the match. The seating decides the order: clockwise from the turn player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities as cards
from . import battle as bt
from .abilities import MULTI_FIELD_ANY
from .actions import Slot
from .events import (
    AbilityWasted,
    BakuganRecovered,
    BattleResolved,
    BattleStarted,
    Event,
    FieldEmpty,
    GameWon,
    GateCaptured,
    GateOpened,
    LevelChanged,
    Recycled,
    SupportToUsed,
    ToUnused,
    ToUsed,
    TurnStarted,
)
from .legal import support_plays
from .phases import BATTLE, MAIN, OPEN, OVER, SETUP
from .settings import CLEAR_FIRST_STANDER

if TYPE_CHECKING:
    from .state import MatchState


def turn_order(state: MatchState, first: int) -> list[int]:
    """The players clockwise, starting with `first`."""
    seating = state.seating
    i = seating.index(first)
    return seating[i:] + seating[:i]


def next_player(state: MatchState, p: int) -> int:
    seating = state.seating
    return seating[(seating.index(p) + 1) % len(seating)]


def setup_queue(state: MatchState, first: int) -> list[int]:
    """Who sets an opening Gate Card, in order: round by round (two rounds in the Big
    Game), each player who still holds a card, `first` first."""
    order = turn_order(state, first)
    rounds = len(state.settings.opening_layout()[0])
    return [p for r in range(rounds) for p in order if len(state.players[p].gates) > r]


def end_turn(state: MatchState, events: list[Event]) -> None:
    expire_pending(state, events)
    state.phase = MAIN
    nxt = next_player(state, state.turn_player)
    if not state.field:
        events.append(FieldEmpty())
        state.turn_player = nxt
        state.setup_queue = setup_queue(state, nxt)
        if state.setup_queue:
            state.phase = SETUP
            return
    state.turn_player = nxt
    start_turn(state, events)


def start_turn(state: MatchState, events: list[Event]) -> None:
    state.turn += 1
    state.set_this_turn = False
    state.turn_acted = False
    state.phase = MAIN
    p = state.turn_player
    events.append(TurnStarted(p, state.turn))
    ps = state.players[p]
    if not ps.unused and ps.used:
        ps.unused, ps.used = ps.used, []
        support = tuple(ps.used_traps + ps.used_gear)
        if support:  # Traps and Battle Gear come back with the Bakugan
            ps.traps.extend(ps.used_traps)
            ps.gear.extend(ps.used_gear)
            ps.used_traps, ps.used_gear = [], []
        events.append(Recycled(p, tuple(ps.unused), support))
    if state.settings.players > 2 and state.settings.multi_cards == MULTI_FIELD_ANY:
        # Between turns anyone may play a card usable outside a battle: the player
        # whose turn comes next has the first word.
        state.phase = OPEN
        state.open_order = turn_order(state, p)
        state.open_priority = state.open_passes = 0
        settle_open(state, events)


def settle_open(state: MatchState, events: list[Event]) -> None:
    """The OPEN window: skip players who can play nothing; close it once everyone
    has passed in a row (the turn player then goes on with his turn)."""
    while state.phase == OPEN:
        n = len(state.open_order)
        if state.open_passes >= n:
            state.phase = MAIN
            state.open_order = []
            state.open_priority = state.open_passes = 0
            return
        p = state.open_order[state.open_priority]
        if any(cards.plays(state, p, c, OPEN) for c in state.players[p].abilities):
            return  # p decides: play or pass
        state.open_passes += 1
        state.open_priority = (state.open_priority + 1) % n


def expire_pending(state: MatchState, events: list[Event]) -> None:
    for p, card in state.pending:
        events.append(AbilityWasted(p, card, "no battle came in that turn", "no_battle"))
    state.pending = []


def capture(state: MatchState, p: int, slot: Slot, events: list[Event]) -> None:
    fg = state.field.pop(slot)
    state.players[p].captured.append((fg.owner, fg.gate))
    events.append(GateCaptured(p, fg.owner, fg.gate, slot))
    events.append(LevelChanged(state.game_level()))
    for q, x in fg.standing:
        state.players[q].used.append(x)
        events.append(ToUsed(q, x))
    if len(state.players[p].captured) >= state.settings.gates_to_win:
        state.phase = OVER
        state.winner = p
        expire_pending(state, events)
        events.append(GameWon(p, tuple(state.players[p].captured)))


def start_battle(
    state: MatchState,
    slot: Slot,
    defender: tuple[int, str],
    attacker: tuple[int, str],
    events: list[Event],
) -> None:
    fg = state.field[slot]
    fg.standing.remove(defender)  # both Bakugan leave the card for the battle
    b = bt.Battle(slot, [defender, attacker])
    in_battle = {defender[0], attacker[0]}
    b.order = [q for q in turn_order(state, state.turn_player) if q in in_battle]
    for p, card in state.pending:
        if p in in_battle:
            b.plays.append(bt.Play(p, card))
    state.pending = [(p, c) for p, c in state.pending if p not in in_battle]
    state.battle = b
    state.phase = BATTLE
    events.append(BattleStarted(slot, attacker, defender))
    clear = [state.catalog.bakugan[x].attribute is None for _, x in b.sides]
    if all(clear):
        b.to_choose = [0] if state.settings.clear_pair == CLEAR_FIRST_STANDER else [0, 1]
        b.window = bt.ATTRIBUTE
        return
    open_start(state, events)
    settle(state, events)


def open_start(state: MatchState, events: list[Event]) -> None:
    """The battle begins (its attributes known): the cards carried in from before the
    throw are judged, in the order they were played, each with the earlier ones in
    force; one whose condition does not hold is wasted. Then the `start` window."""
    b = state.battle
    assert b is not None
    carried, b.plays = b.plays, []
    for play in carried:
        why = cards.condition_problem(state, play.player, state.catalog.abilities[play.card])
        if why is None:
            b.plays.append(play)
        else:
            params = tuple((k, str(v)) for k, v in why.params.items())
            events.append(AbilityWasted(play.player, play.card, str(why), why.code, params))
    _open_window(state, bt.START)


def _open_window(state: MatchState, window: str) -> None:
    b = state.battle
    assert b is not None
    b.window = window
    b.priority = 0
    b.passes = 0


def settle(state: MatchState, events: list[Event]) -> None:
    """Skip players who can play nothing; close windows everyone has passed."""
    b = state.battle
    assert b is not None
    while state.phase == BATTLE and b.window != bt.ATTRIBUTE:
        n = len(b.order)
        if b.passes >= n:
            _close_window(state, events)
            continue
        p = b.order[b.priority]
        if any(cards.plays(state, p, c, b.window) for c in state.players[p].abilities):
            return  # p decides: play or pass
        if support_plays(state, p):
            return
        b.passes += 1
        b.priority = (b.priority + 1) % n


def _close_window(state: MatchState, events: list[Event]) -> None:
    b = state.battle
    assert b is not None
    fg = state.field[b.slot]
    if b.window == bt.START:
        b.gate_open = True
        events.append(GateOpened(b.slot, fg.owner, fg.gate))
        _open_window(state, bt.DURING)
    elif b.window == bt.DURING:
        ev = bt.evaluate(b, state.catalog, fg.gate, fg.owner)
        b.winner = ev.winner
        win_p, win_b = b.sides[ev.winner]
        events.append(
            BattleResolved(
                b.slot,
                win_p,
                win_b,
                tuple((s.player, s.bakugan, s.total, s.breakdown()) for s in ev.sides),
            )
        )
        _open_window(state, bt.AFTER)
    else:
        _finish_battle(state, events)


def _finish_battle(state: MatchState, events: list[Event]) -> None:
    b = state.battle
    assert b is not None and b.winner is not None
    fg = state.field[b.slot]
    effects, _ = bt.battle_effects(b, state.catalog, fg.gate, fg.owner)
    saved = {actor for actor, _, e in effects if e.kind == "save_bakugan"}
    for play, active in zip(b.plays, b.active_plays(), strict=True):
        recovers = "recover_bakugan" in state.catalog.abilities[play.card].kinds
        used = state.players[play.player].used
        if active and recovers and play.target is not None and play.target in used:
            state.players[play.player].used.remove(play.target)
            state.players[play.player].unused.append(play.target)
            events.append(BakuganRecovered(play.player, play.target))
    state.battle = None
    state.phase = MAIN  # provisional; _capture may end the match
    capture(state, b.sides[b.winner][0], b.slot, events)
    for p, x in b.sides:
        if p in saved:
            state.players[p].unused.append(x)
            events.append(ToUnused(p, x))
        else:
            state.players[p].used.append(x)
            events.append(ToUsed(p, x))
    for support in b.supports:  # Traps and Battle Gear go to the used piles
        ps = state.players[support.player]
        (ps.used_traps if support.kind == bt.TRAP else ps.used_gear).append(support.piece)
        events.append(SupportToUsed(support.player, support.kind, support.piece))
    if state.phase != OVER:
        end_turn(state, events)
