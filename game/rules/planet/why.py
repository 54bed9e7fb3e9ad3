"""Why an action is refused: a reason a player (and a test) can read, with a code a
screen can translate. Only asked for actions that are not among the legal ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.api import CHANCE, Reason

from .actions import Action, Discard, Energize, FlipChoice, Pass, Pick, PlaceCore, PlayCard, Roll
from .hexgrid import hex_str
from .phases import WINDOWS, Phase

if TYPE_CHECKING:
    from .state import PlanetState

_VERB_PHASES: dict[type, tuple[Phase, ...]] = {
    PlaceCore: (Phase.CORES,),
    Energize: (Phase.ENERGIZE,),
    PlayCard: tuple(sorted(WINDOWS)),
    Pass: tuple(sorted(WINDOWS)),
    Pick: (Phase.SELECT,),
    Roll: (Phase.ROLL,),
    FlipChoice: (Phase.FLIP,),
}


def why_illegal(state: PlanetState, action: Action) -> Reason:
    if state.over:
        return Reason("the match is over", "over")
    acting = state.current_players()
    player = action.player
    if isinstance(action, Roll):
        return _roll(state, action)
    if player not in (0, 1):
        return Reason(f"there is no player {player}", "no_player", player=player)
    if state.choices and not isinstance(action, Discard):
        return Reason(f"p{state.choices[0][0]} must first discard a card", "discard_first")
    if isinstance(action, Discard):
        if not state.choices:
            return Reason("nobody has to discard now", "phase")
        if state.choices[0][0] != player:
            return Reason(f"p{state.choices[0][0]} discards, not p{player}", "not_acting")
        return Reason(f"{action.card} is not in p{player}'s hand", "not_in_hand", card=action.card)
    phases = _VERB_PHASES[type(action)]
    if state.phase not in phases:
        return Reason(
            f"not now: the step is {state.phase.value}",
            "phase",
            phase=state.phase.value,
        )
    if player not in acting:
        if state.phase in (Phase.ENERGIZE, Phase.SELECT):
            return Reason(f"p{player} has already chosen", "already_chosen")
        who = " ".join(f"p{p}" for p in acting)
        return Reason(f"it is {who} to act, not p{player}", "not_acting", acting=who)
    side = state.sides[player]
    if isinstance(action, PlaceCore):
        if action.core not in side.supply:
            return Reason(f"p{player} has no BakuCore {action.core} left to place", "no_core")
        if action.hex in state.matrix:
            return Reason(f"a BakuCore already lies at {hex_str(action.hex)}", "taken")
        if state.matrix:
            return Reason(f"{hex_str(action.hex)} touches no BakuCore along a side", "not_touching")
        return Reason("the first BakuCore goes in the centre, @0,0", "centre")
    if isinstance(action, Energize):
        return Reason(f"{action.card} is not in p{player}'s hand", "not_in_hand", card=action.card)
    if isinstance(action, Pick):
        b = side.find(action.character)
        if b is None:
            return Reason(f"p{player} has no Bakugan {action.character}", "no_bakugan")
        return Reason(
            f"{action.character} is open (a Victor stays open until it closes)", "open_victor"
        )
    if isinstance(action, FlipChoice):
        price = state.flip_price()
        return Reason(
            f"the Flip costs {price}, p{player} has {side.available()} Energy",
            "energy",
            cost=price,
            has=side.available(),
        )
    return Reason(f"{action} is not possible now", "illegal")


def _roll(state: PlanetState, action: Roll) -> Reason:
    if state.phase is not Phase.ROLL:
        return Reason(f"no roll is due: the step is {state.phase.value}", "phase")
    roller = state.rolls.index(None)
    if action.player != CHANCE:
        return Reason("a roll's outcome comes from chance", "chance")
    if action.roller != roller:
        return Reason(f"the outcome due is p{roller}'s roll", "roller", roller=roller)
    assert action.core is not None
    if action.core not in state.matrix:
        return Reason(f"no BakuCore lies at {hex_str(action.core)}", "no_core")
    return Reason(f"the BakuCore at {hex_str(action.core)} is held by a Bakugan", "held")
