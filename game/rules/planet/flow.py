"""The turn of seed 003, step by step: both players at once.

Draw → Energy (each may energize a card) → card play → Roll (each picks a closed
Bakugan, then chance says how each came to rest; none opened: roll again) → Battle
(one opened: he wins; both: B-Power, card play, the higher wins, a tie mills for the
higher energy cost) → Victory (the Victor stays open with its core, the loser closes;
card play) → Damage (milling, Flips paid or let go; a Team Attack instead when all three
are open) → End (card play; the turn's extra Energy evaporates; Energy recharges;
"until end of turn" ends).

Each function moves the state on until someone must choose again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .defs import HAND_SIZE, CardPlay, CardType, TieBreakEmpty, Trigger
from .phases import Phase
from .power import Stats, stats, top_card
from .resolve import resolve, retract
from .zones import TRIGGER, Damage, Item

if TYPE_CHECKING:
    from .state import PlanetState

Events = list[ev.Event]


def finish_setup(state: PlanetState, events: Events) -> None:
    for side in state.sides:
        if state.settings.shuffle:
            state.rng.shuffle(side.deck)
    events.append(ev.MatrixComplete(len(state.matrix)))
    for p, side in enumerate(state.sides):
        cards = side.deck[:HAND_SIZE]
        del side.deck[:HAND_SIZE]
        side.hand.extend(cards)
        events.append(ev.Drew(p, tuple(cards)))
    start_turn(state, events)


def start_turn(state: PlanetState, events: Events) -> None:
    state.turn += 1
    events.append(ev.TurnStarted(state.turn))
    for p, side in enumerate(state.sides):
        cards = (side.deck.pop(0),) if side.deck else ()
        side.hand.extend(cards)
        events.append(ev.Drew(p, cards))
    state.phase = Phase.ENERGIZE
    state.commits = [None, None]


def open_window(state: PlanetState, phase: Phase, events: Events, first: int | None = None) -> None:
    state.phase = phase
    state.priority = state.starting if first is None else first
    state.passes = 0
    state.passed = [False, False]
    events.append(ev.WindowOpened(phase.value, state.priority))
    if state.settings.card_play is CardPlay.FREE:
        while state.batch and not state.over:  # triggers resolve at once
            resolve(state, state.batch.pop(0), events, phase is Phase.DAMAGE)


def add_triggers(state: PlanetState, found: list[tuple[int, str, Trigger]], events: Events) -> None:
    """Put triggered texts on the batch: the starting player's first, so the other
    player's resolve first."""
    found.sort(key=lambda t: 0 if t[0] == state.starting else 1)
    for player, source, trigger in found:
        state.batch.append(Item(player, source, TRIGGER, source=source, trigger=trigger.value))
        events.append(ev.TriggerAdded(player, source, trigger.value))


def hero_triggers(
    state: PlanetState, player: int, trigger: Trigger
) -> list[tuple[int, str, Trigger]]:
    return [
        (player, h.card, trigger)
        for h in state.sides[player].heroes
        if state.catalog.cards[h.card].triggers.get(trigger)
    ]


def close_window(state: PlanetState, events: Events) -> None:
    phase = state.phase
    if phase is Phase.MAIN:
        to_select(state, events)
    elif phase is Phase.POWER:
        decide_victor(state, events)
    elif phase is Phase.VICTORY:
        start_damage(state, events)
    elif phase is Phase.DAMAGE:
        continue_damage(state, events)
    elif phase is Phase.END:
        end_turn(state, events)


def to_select(state: PlanetState, events: Events) -> None:
    for p, side in enumerate(state.sides):
        if not any(not b.open for b in side.bakugan):
            retract(state, p, list(side.bakugan), events)
    state.phase = Phase.SELECT
    state.commits = [None, None]


def resolve_roll(state: PlanetState, events: Events) -> None:
    rolls = state.rolls
    assert rolls[0] is not None and rolls[1] is not None
    opened = [p for p in (0, 1) if rolls[p].opened]  # type: ignore[union-attr]
    if not opened:
        for p in (0, 1):
            events.append(ev.NotOpened(p, state.sides[p].picked or ""))
        events.append(ev.Reroll())
        state.rolls = [None, None]
        return
    found = []
    for p in (0, 1):
        side = state.sides[p]
        if p not in opened:
            events.append(ev.NotOpened(p, side.picked or ""))
            continue
        b = side.find(side.picked or "")
        assert b is not None
        b.open = True
        b.face_up = True
        h = rolls[p].core  # type: ignore[union-attr]
        core_id = ""
        if h is not None:
            core = state.matrix[h]
            core.held_by.append((p, b.character))
            core.revealed = True
            b.cores.append(h)
            core_id = core.core
        events.append(ev.Opened(p, b.character, h, core_id))
        found += hero_triggers(state, p, Trigger.OPEN)
    state.rolls = [None, None]
    add_triggers(state, found, events)
    if len(opened) == 1:
        victory(state, opened[0], "alone", events)
        return
    events.append(powers(state))
    open_window(state, Phase.POWER, events)


def powers(state: PlanetState) -> ev.Powers:
    sides = []
    for p in (0, 1):
        char = state.sides[p].picked or ""
        s = stats(state, p, char)
        if state.by_damage:
            sides.append(ev.Power(p, char, s.damage, s.d_text()))
        else:
            sides.append(ev.Power(p, char, s.b_power, s.b_text()))
    return ev.Powers("damage" if state.by_damage else "B-Power", tuple(sides))


def decide_victor(state: PlanetState, events: Events) -> None:
    final = powers(state)
    events.append(final)
    a, b = final.sides[0].total, final.sides[1].total
    if a != b:
        victory(state, 0 if a > b else 1, final.stat, events)
        return
    while True:
        can = [bool(side.deck) for side in state.sides]
        loses_game = state.settings.tie_break_empty is TieBreakEmpty.LOSES_GAME
        if not any(can):
            if loses_game:
                game_over(state, None, "both must mill for a tie-break and cannot", events)
            else:
                no_victor(state, "both decks are empty for the tie-break", events)
            return
        if not all(can):
            loser = can.index(False)
            if loses_game:
                game_over(
                    state, 1 - loser, f"p{loser} must mill for a tie-break and cannot", events
                )
            else:
                victory(state, 1 - loser, "opponent cannot mill", events)
            return
        milled = []
        for p, side in enumerate(state.sides):
            card = side.deck.pop(0)
            side.discard.append(card)
            milled.append((p, card, state.catalog.cards[card].cost))
        events.append(ev.TieBreak(tuple(milled)))
        if milled[0][2] != milled[1][2]:
            victory(state, 0 if milled[0][2] > milled[1][2] else 1, "tie-break", events)
            return


def no_victor(state: PlanetState, why: str, events: Events) -> None:
    events.append(ev.NoVictor(why))
    for p, side in enumerate(state.sides):
        b = side.find(side.picked or "")
        if b is not None and b.open:
            retract(state, p, [b], events)
    open_window(state, Phase.END, events)


def victory(state: PlanetState, victor: int, by: str, events: Events) -> None:
    state.victor = victor
    side = state.sides[victor]
    char = side.picked or ""
    events.append(ev.BattleWon(victor, char, by))
    loser = state.sides[1 - victor]
    lb = loser.find(loser.picked or "")
    if lb is not None and lb.open:
        retract(state, 1 - victor, [lb], events)
    b = side.find(char)
    assert b is not None
    found = []
    if top_card(state, b).triggers.get(Trigger.VICTOR):
        found.append((victor, top_card(state, b).id, Trigger.VICTOR))
    found += hero_triggers(state, victor, Trigger.VICTOR)
    add_triggers(state, found, events)
    open_window(state, Phase.VICTORY, events)


def attack_stats(state: PlanetState) -> list[Stats]:
    """The stats of the Bakugan dealing the damage (all open ones in a Team Attack)."""
    damage = state.damage
    if damage is None:
        return []
    side = state.sides[damage.attacker]
    if damage.team:
        return [stats(state, damage.attacker, b.character) for b in side.bakugan if b.open]
    return [stats(state, damage.attacker, side.picked or "")]


def start_damage(state: PlanetState, events: Events) -> None:
    victor = state.victor
    assert victor is not None
    side = state.sides[victor]
    team = all(b.open for b in side.bakugan)
    state.damage = Damage(victor, team)
    chars = [b.character for b in side.bakugan if b.open] if team else [side.picked or ""]
    parts = tuple(
        ev.Power(victor, c, s.damage, s.d_text())
        for c, s in zip(chars, attack_stats(state), strict=True)
    )
    events.append(ev.DamageDeclared(victor, sum(p.total for p in parts), parts, team))
    continue_damage(state, events)


def continue_damage(state: PlanetState, events: Events) -> None:
    damage = state.damage
    assert damage is not None
    loser = 1 - damage.attacker
    side = state.sides[loser]
    # The damage can change only when a card resolves, which happens outside this loop
    # (a paid Flip's batch returns here), so one total serves the whole run of milling.
    attackers = attack_stats(state)
    total = sum(s.damage for s in attackers)
    damage.frost = sum(s.frost for s in attackers)  # what a milled Flip costs extra
    while not damage.stopped:
        if damage.dealt >= total:
            break
        if not side.deck:
            game_over(state, damage.attacker, f"p{loser} must mill for damage and cannot", events)
            return
        card = side.deck.pop(0)
        side.discard.append(card)
        damage.dealt += 1
        cdef = state.catalog.cards[card]
        if cdef.type is CardType.FLIP:
            from .play import flip_cost

            events.append(ev.FlipMilled(loser, card, flip_cost(state, loser, cdef)))
            damage.flip = card
            state.phase = Phase.FLIP
            return
        events.append(ev.Moved(loser, card, "milled for damage"))
    finish_damage(state, events)


def finish_damage(state: PlanetState, events: Events) -> None:
    damage = state.damage
    assert damage is not None
    events.append(ev.DamageDone(damage.attacker, damage.dealt))
    side = state.sides[damage.attacker]
    if damage.team:
        retract(state, damage.attacker, [b for b in side.bakugan if b.open], events)
    if damage.dealt:
        add_triggers(state, hero_triggers(state, 1 - damage.attacker, Trigger.DAMAGED), events)
    open_window(state, Phase.END, events)


def end_turn(state: PlanetState, events: Events) -> None:
    evaporated, recharged = [0, 0], [0, 0]
    for p, side in enumerate(state.sides):
        evaporated[p] = side.pool
        side.pool = 0
        recharged[p] = side.charged.count(False)
        side.charged = [True] * len(side.energy)
        side.played = 0
        side.credits = []
        side.picked = None
    state.mods = []
    state.by_damage = False
    state.victor = None
    state.damage = None
    events.append(
        ev.TurnEnded(state.turn, (evaporated[0], evaporated[1]), (recharged[0], recharged[1]))
    )
    if state.turn >= state.settings.turn_limit:
        game_over(state, None, f"the turn limit ({state.settings.turn_limit}) was reached", events)
        return
    start_turn(state, events)


def game_over(state: PlanetState, winner: int | None, reason: str, events: Events) -> None:
    state.over = True
    state.winner = winner
    state.phase = Phase.OVER
    state.end_reason = reason
    events.append(ev.GameWon(winner, reason) if winner is not None else ev.GameDrawn(reason))
