"""Why an action is not allowed now: `why_illegal(state, action)` (None: it is).

`MatchState.apply` asks it before the first change, so a refused action leaves the
state as it was. Each reason reads in English; those made as a `Reason` also carry a
`code` and `params` that a screen turns into its own language. These functions read a
`MatchState` and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.api import Reason

from . import abilities as cards
from . import actions as act
from . import battle as bt
from .actions import CHANCE, SHAPES, Action
from .legal import evolve_problem, stranded_moves
from .phases import BATTLE, LANDING, MAIN, OPEN, OVER, OWN, SETUP
from .piles import free_adjacent_slots
from .settings import MARKED_OFFICIAL

if TYPE_CHECKING:
    from .state import MatchState


def why_illegal(state: MatchState, action: Action) -> str | None:
    """The reason `action` is not allowed now, or None if it is (also for anything that
    is not a classic action of the declared field types)."""
    if SHAPES.bad(action) is not None:
        return SHAPES.problem(action)
    phase = state.phase
    if phase == OVER:
        return "the match is over"
    current = state.current_player()
    if action.player != current:
        who = "chance (a throw's landing)" if current == CHANCE else f"p{current}"
        actor = "chance" if action.player == CHANCE else f"p{action.player}"
        return f"it is {who} to act, not {actor}"
    p = action.player
    if isinstance(action, act.SetGate):
        if phase not in (SETUP, MAIN):
            return "Gate Cards are set only in the opening or before the throw"
        if action.gate not in state.players[p].gates:
            return f"{action.gate} is not in p{p}'s hand"
        if phase == SETUP:
            slots = [s for s in state.opening_slots_of(p) if s not in state.field]
            if action.slot not in slots:
                where = " or ".join(f"@{c},{r}" for c, r in slots)
                return f"the opening Gate Card goes at {where}"
            return None
        if state.set_this_turn:
            return "one Gate Card per turn"
        if action.slot in state.field:
            return "that slot already holds a Gate Card"
        cols, rows = state.settings.grid
        if not (0 <= action.slot[0] < cols and 0 <= action.slot[1] < rows):
            return "that slot is off the field"
        if action.slot not in free_adjacent_slots(state):
            return "a new Gate Card must touch one on the field, side to side or corner to corner"
        return None
    if isinstance(action, act.PlayAbility):
        window: str | None
        if phase in (MAIN, OPEN):
            window = None if phase == MAIN else OPEN
        elif phase == BATTLE:
            b = state.battle
            assert b is not None
            if b.window == bt.ATTRIBUTE:
                return "choose the clear Bakugan's attribute first"
            window = b.window
        else:
            return "no Ability Card can be played now"
        problem = cards.problem(state, p, action.card, window)
        if problem is not None:
            return problem
        return cards.target_problem(state, action)
    if isinstance(action, act.Pass):
        if phase == OPEN:
            return None
        if phase != BATTLE or state.battle is None or state.battle.window == bt.ATTRIBUTE:
            return "there is no timing window to pass in"
        return None
    if isinstance(action, act.Throw):
        if phase != MAIN:
            return "no throw now"
        if action.bakugan not in state.players[p].unused:
            return f"{action.bakugan} is not among p{p}'s unused Bakugan"
        return None
    if isinstance(action, act.Land | act.Miss):
        if phase != LANDING:
            return "no Bakugan is in the air"
        if isinstance(action, act.Land) and action.slot not in state.field:
            return f"there is no Gate Card at @{action.slot[0]},{action.slot[1]}"
        return None
    if isinstance(action, act.TakeGate):
        return _take_problem(state, action)
    if isinstance(action, act.MoveBakugan):
        return _move_problem(state, action)
    if isinstance(action, act.ChooseAttribute):
        b = state.battle
        if phase != BATTLE or b is None or b.window != bt.ATTRIBUTE:
            return "no attribute to choose now"
        if b.sides[b.to_choose[0]][1] != action.bakugan:
            return f"{action.bakugan} is not the clear Bakugan to choose for"
        return None
    if isinstance(action, act.PlayTrap | act.PlayGear):
        return support_problem(state, action)
    if isinstance(action, act.Evolve):
        if phase != MAIN:
            return Reason("a Bakugan evolves on its owner's turn, instead of a throw", "not_now")
        if state.turn_acted:
            return Reason(
                "evolving takes the whole turn: nothing else may be done in it", "turn_begun"
            )
        return evolve_problem(state, p, action.bakugan)
    return f"unknown action {action!r}"


def _take_problem(state: MatchState, action: act.TakeGate) -> str | None:
    p = action.player
    if state.phase == OWN:
        if action.slot != state.choice:
            return "only the Gate Card where the two Bakugan stand can be taken"
        return None
    if state.phase == MAIN and not state.players[p].unused:
        if any(q != p for fg in state.field.values() for q, _ in fg.standing):
            return "an opponent's Bakugan is on the field: move to battle it"
        fg = state.field.get(action.slot)
        if fg is None or not any(q == p for q, _ in fg.standing):
            return f"no Bakugan of p{p} stands on that Gate Card"
        return None
    return "no Gate Card can be taken now"


def _move_problem(state: MatchState, action: act.MoveBakugan) -> str | None:
    p = action.player
    if state.phase == OWN:
        assert state.choice is not None
        thrown = state.field[state.choice].standing[-1][1]
        if action.bakugan != thrown:
            return f"only the Bakugan just thrown ({thrown}) can move"
        if action.slot == state.choice or action.slot not in state.field:
            return "it must move to another Gate Card"
        return None
    if state.phase == MAIN and not state.players[p].unused:
        if action not in stranded_moves(state, p):
            return "with every Bakugan on the field, one may move only onto an opponent's Bakugan"
        return None
    return "no Bakugan can be moved now"


def ability_problem(state: MatchState, player: int, card: str) -> Reason | None:
    """Why `player` cannot play `card` right now (None: some way to play it is legal).

    The reason has a `code` and `params` (for the screen's catalogs) and reads in English.
    """
    if state.current_player() != player:
        return Reason(f"it is not p{player}'s moment to act", "not_now")
    window: str | None
    if state.phase == MAIN:
        window = None
    elif state.phase == OPEN:
        window = OPEN
    elif state.phase == BATTLE and state.battle is not None and state.battle.window != bt.ATTRIBUTE:
        window = state.battle.window
    else:
        return Reason("no Ability Card can be played now", "not_now")
    return cards.problem(state, player, card, window)


def support_problem(state: MatchState, action: act.PlayTrap | act.PlayGear) -> Reason | None:
    """Why a Trap or Battle Gear cannot be played now (None: it can)."""
    p = action.player
    ps = state.players[p]
    trap = isinstance(action, act.PlayTrap)
    piece = action.trap if isinstance(action, act.PlayTrap) else action.gear
    what = "a Bakugan Trap" if trap else "Battle Gear"
    b = state.battle
    if state.phase != BATTLE or b is None or b.window == bt.ATTRIBUTE:
        return Reason(f"{what} is played only in a battle", "not_now")
    if piece not in (ps.traps if trap else ps.gear):
        kind = "Traps" if trap else "Battle Gear"
        return Reason(f"{piece} is not among p{p}'s unused {kind}", "not_in_hand")
    side = b.side_of(p)
    if side is None:
        return Reason(f"p{p} has no Bakugan in this battle", "not_in_battle")
    if b.window != bt.DURING:
        if b.window == bt.START:
            return Reason(f"{what} is played only once the Gate Card has opened", "timing")
        return Reason(f"{what} is played before the battle is decided", "timing")
    attribute = state.evaluate_battle().sides[side].attribute
    if isinstance(action, act.PlayTrap):
        need = state.catalog.traps[piece].attribute
        if need != attribute:
            return Reason(
                f"{piece} is a {need.value} Trap: p{p}'s Bakugan is"
                f" {attribute.value if attribute else 'clear'}",
                "attribute",
                attribute=need.value,
            )
        return None
    chosen = action.abilities
    if not chosen:
        return None
    gear = state.catalog.gear[piece]
    for ability in chosen:
        if gear.ability(ability) is None:
            return Reason(f"{piece} has no ability {ability}", "bad_choice")
    twice = next((a for a in chosen if chosen.count(a) > 1), None)
    if twice is not None:
        return Reason(f"{twice} is named twice", "bad_choice")
    if gear.attribute == attribute:  # any of them: the owner chooses
        return None
    gate_colour = state.catalog.gates[state.field[b.slot].gate].colour
    if gear.colour != gate_colour:
        return Reason(
            f"{piece} is {gear.colour.value}, the Gate Card {gate_colour.value}:"
            " no ability to choose",
            "colour",
            colour=gear.colour.value,
        )
    if len(chosen) > 1:
        return Reason(
            f"{piece} is {gear.colour.value} like the Gate Card: one ability at most,"
            f" {len(chosen)} chosen",
            "one_only",
        )
    return None


def level_problem(state: MatchState, level: int | None) -> Reason | None:
    """Why a level-marked Ability Card of `level` cannot be used now (None: it can)."""
    if level is None:
        return None
    now = state.game_level()
    if state.settings.level_marked == MARKED_OFFICIAL:
        if now < level:
            return Reason(
                f"the card's level {level} is not reached: the Game Level is {now}",
                "level_not_reached",
                level=level,
                game_level=now,
            )
        return None
    if level < now:
        return Reason(
            f"the card's level {level} is below the Game Level {now}",
            "level_below",
            level=level,
            game_level=now,
        )
    return None
