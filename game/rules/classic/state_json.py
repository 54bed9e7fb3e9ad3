"""A match's copies and its JSON: `copy_into`, `to_json`, `fill_from_json`.

The JSON holds everything but the catalog (kept by id: a state is restored with the
catalog it was played with); its format is ``bakugan-classic-state/1`` and fields
added since that format began may be missing from older saves, which still load. The
phase is written as its word (``"main"``) and read back into a `Phase`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import battle as bt
from .defs import Catalog, Kit
from .phases import phase_of
from .piles import FieldGate, PlayerState
from .settings import Settings

if TYPE_CHECKING:
    from .state import MatchState

FORMAT = "bakugan-classic-state/1"


def copy_into(s: MatchState, state: MatchState) -> None:
    """Fill the empty `s` with a deep copy of `state` (the catalog and kits shared)."""
    s.catalog = state.catalog
    s.settings = state.settings
    s.kits = state.kits
    s.players = [p.clone() for p in state.players]
    s.field = {slot: fg.clone() for slot, fg in state.field.items()}
    s.phase = state.phase
    s.turn_player = state.turn_player
    s.turn = state.turn
    s.setup_queue = list(state.setup_queue)
    s.set_this_turn = state.set_this_turn
    s.turn_acted = state.turn_acted
    s.thrown = state.thrown
    s.pending = list(state.pending)
    s.battle = None if state.battle is None else state.battle.clone()
    s.choice = state.choice
    s.winner = state.winner
    s.seating = list(state.seating)
    s.open_order = list(state.open_order)
    s.open_priority = state.open_priority
    s.open_passes = state.open_passes
    s.rng = random.Random()
    s.rng.setstate(state.rng.getstate())


def to_json(state: MatchState) -> dict[str, Any]:
    """A plain JSON-able dict of everything but the catalog (kept by id)."""
    version, internal, gauss = state.rng.getstate()
    return {
        "format": FORMAT,
        "settings": state.settings.to_json(),
        "kits": [k.to_json() for k in state.kits],
        "players": [p.to_json() for p in state.players],
        "field": [
            {
                "slot": list(slot),
                "owner": fg.owner,
                "gate": fg.gate,
                "standing": [list(x) for x in fg.standing],
            }
            for slot, fg in state.field.items()
        ],
        "phase": state.phase,  # a StrEnum: JSON writes its word, as saves always held
        "turn_player": state.turn_player,
        "turn": state.turn,
        "setup_queue": state.setup_queue,
        "set_this_turn": state.set_this_turn,
        "turn_acted": state.turn_acted,
        "thrown": None if state.thrown is None else list(state.thrown),
        "pending": [list(x) for x in state.pending],
        "battle": None if state.battle is None else state.battle.to_json(),
        "choice": None if state.choice is None else list(state.choice),
        "winner": state.winner,
        "seating": state.seating,
        "open": [state.open_order, state.open_priority, state.open_passes],
        "rng": [version, list(internal), gauss],
    }


def fill_from_json(s: MatchState, data: dict[str, Any], catalog: Catalog) -> None:
    """Fill the empty `s` from `to_json`'s dict (fields added since format 1 may be
    missing)."""
    s.catalog = catalog
    s.settings = Settings.from_json(data["settings"])
    s.kits = tuple(Kit.from_json(k) for k in data["kits"])
    s.players = [PlayerState.from_json(p) for p in data["players"]]
    s.field = {
        (f["slot"][0], f["slot"][1]): FieldGate(
            f["owner"], f["gate"], [(int(q), str(x)) for q, x in f["standing"]]
        )
        for f in data["field"]
    }
    s.phase = phase_of(data["phase"])
    s.turn_player = data["turn_player"]
    s.turn = data["turn"]
    s.setup_queue = list(data["setup_queue"])
    s.set_this_turn = data["set_this_turn"]
    s.turn_acted = bool(data.get("turn_acted", data["set_this_turn"]))
    s.thrown = None if data["thrown"] is None else (data["thrown"][0], data["thrown"][1])
    s.pending = [(int(p), str(c)) for p, c in data["pending"]]
    s.battle = None if data["battle"] is None else bt.Battle.from_json(data["battle"])
    s.choice = None if data["choice"] is None else (data["choice"][0], data["choice"][1])
    s.winner = data["winner"]
    n = s.settings.players
    s.seating = list(data.get("seating") or s.settings.seating or range(n))
    order, priority, passes = data.get("open", [[], 0, 0])
    s.open_order, s.open_priority, s.open_passes = list(order), int(priority), int(passes)
    version, internal, gauss = data["rng"]
    s.rng = random.Random()
    s.rng.setstate((version, tuple(internal), gauss))
