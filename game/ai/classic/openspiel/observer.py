"""OpenSpiel's Python observer: the observation and information state as tensors and
strings (`BakuganObserver`), laid out by `TensorLayout` (names and shapes, one spec).
"""

from __future__ import annotations

import math

from game.ai.openspiel_base import TensorObserver
from game.rules.classic import CHANCE
from game.rules.classic.defs import ATTRIBUTES

from .codec import grid_slots
from .data import EVERYTHING, PUBLIC, StateData
from .params import GAME_NAME
from .spec import Spec
from .views import render_information_state, render_observation, view

_PHASES = ("deal", "setup", "main", "landing", "own", "battle", "open", "over")
_WINDOWS = ("attribute", "start", "during", "after")


class TensorLayout:
    """The pieces of the observation tensor (names and shapes), for one spec."""

    def __init__(self, spec: Spec) -> None:
        n, cat = spec.players, spec.catalog
        self.slots = grid_slots(spec.settings)
        self.slot_index = {s: i for i, s in enumerate(self.slots)}
        self.bakugan = {b: i for i, b in enumerate(sorted(cat.bakugan))}
        self.gates = {g: i for i, g in enumerate(sorted(cat.gates))}
        self.abilities = {a: i for i, a in enumerate(sorted(cat.abilities))}
        self.attributes = {a: i for i, a in enumerate(ATTRIBUTES)}
        ns, nb, ng, na = len(self.slots), len(self.bakugan), len(self.gates), len(self.abilities)
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("viewer", (n,)),
            ("current", (n + 1,)),  # the last: chance
            ("phase", (len(_PHASES),)),
            ("turn_player", (n,)),
            ("progress", (2,)),  # turn / max_turns, gates to win / 10
            ("field_gate", (ns, n + 2)),  # present, owner, face up
            ("field_face", (ns, ng)),
            ("field_standing", (ns, n, nb)),
            ("thrown", (n, nb)),
            ("aim", (ns,)),
            ("unused", (n, nb)),
            ("used", (n, nb)),
            ("captured", (n, n, ng)),  # capturer, owner, gate
            ("played", (n, na)),
            ("hand_counts", (n, 2)),
            ("hand_gates", (n, ng)),
            ("hand_abilities", (n, na)),
            ("battle", (1 + ns + len(_WINDOWS) + 1,)),  # active, slot, window, gate open
            ("battle_sides", (2, n + nb + len(ATTRIBUTES) + 1)),
            ("battle_power", (2, 2)),  # total / 1000, leads
            ("battle_plays", (n, na)),
            ("winner", (n + 1,)),  # the last: a draw
        ]
        self.traps = {t: i for i, t in enumerate(sorted(cat.traps))}
        self.gear = {g: i for i, g in enumerate(sorted(cat.gear))}
        self.evolutions = {e: i for i, e in enumerate(sorted(cat.evolutions))}
        if spec.support:  # the New Vestroia pieces, only in games that deal them
            nt, nr = len(self.traps), len(self.gear)
            self.pieces += [
                ("traps", (n, nt, 2)),  # unused, used
                ("gear", (n, nr, 2)),
                ("battle_pieces", (n, nt + nr)),
                ("trap_opening", (1,)),  # a Trap's face is being drawn
            ]
        if spec.evolutions:
            self.pieces.append(("evolution_cards", (n, len(self.evolutions), 2)))  # ready, done
        self.size = sum(math.prod(shape) for _, shape in self.pieces)


class BakuganObserver(TensorObserver[Spec, TensorLayout]):
    """OpenSpiel's Python observer: `tensor`, `dict`, `set_from`, `string_from`."""

    game_name = GAME_NAME
    layout_class = TensorLayout

    def _string(self, d: StateData, player: int) -> str:
        if self.perfect_recall and self.private == "single":
            return render_information_state(d, player)
        text = render_observation(d, player, self.private)
        return self._recalled(text, d, player, PUBLIC, EVERYTHING)

    def _write(self, d: StateData, player: int) -> None:
        t, lay, spec = self.dict, self.layout, self.spec
        self.tensor.fill(0.0)
        n = spec.players
        t["viewer"][player] = 1
        t["progress"][1] = spec.settings.gates_to_win / 10
        obs = view(d, player, self.private)
        if obs is None:  # dealing
            t["current"][n] = 1
            t["phase"][0] = 1
            for p in range(n):
                kit = d.kit(p)
                for b in kit.bakugan:
                    t["unused"][p, lay.bakugan[b]] = 1
                t["hand_counts"][p] = (len(kit.gates) / 3, len(kit.abilities) / 3)
                if self.private == "all" or (self.private == "single" and p == player):
                    for g in kit.gates:
                        t["hand_gates"][p, lay.gates[g]] = 1
                    for a in kit.abilities:
                        t["hand_abilities"][p, lay.abilities[a]] = 1
            return
        t["current"][n if obs.current in (None, CHANCE) else obs.current] = obs.current is not None
        if obs.phase in _PHASES:
            t["phase"][_PHASES.index(obs.phase)] = 1
        t["turn_player"][obs.turn_player] = 1
        t["progress"][0] = obs.turn / spec.max_turns
        for gv in obs.field:
            i = lay.slot_index[gv.slot]
            t["field_gate"][i, 0] = 1
            t["field_gate"][i, 1 + gv.owner] = 1
            t["field_gate"][i, 1 + n] = gv.face_up
            if gv.gate is not None:
                t["field_face"][i, lay.gates[gv.gate]] = 1
            for p, x in gv.standing:
                t["field_standing"][i, p, lay.bakugan[x]] = 1
        if obs.thrown is not None:
            t["thrown"][obs.thrown[0], lay.bakugan[obs.thrown[1]]] = 1
            if d.aim is not None:
                t["aim"][lay.slot_index[d.aim]] = 1
        for pv in obs.players:
            p = pv.player
            for x in pv.unused:
                t["unused"][p, lay.bakugan[x]] = 1
            for x in pv.used:
                t["used"][p, lay.bakugan[x]] = 1
            for owner, g in pv.captured:
                t["captured"][p, owner, lay.gates[g]] = 1
            for a in pv.used_abilities:
                t["played"][p, lay.abilities[a]] = 1
            t["hand_counts"][p] = (
                pv.gate_count / max(1, spec.settings.kit_gates),
                pv.ability_count / max(1, spec.settings.kit_abilities),
            )
            for g in pv.gates or ():
                t["hand_gates"][p, lay.gates[g]] = 1
            for a in pv.abilities or ():
                t["hand_abilities"][p, lay.abilities[a]] = 1
        bv = obs.battle
        if bv is not None:
            ns = len(lay.slots)
            t["battle"][0] = 1
            t["battle"][1 + lay.slot_index[bv.slot]] = 1
            if bv.window in _WINDOWS:
                t["battle"][1 + ns + _WINDOWS.index(bv.window)] = 1
            t["battle"][1 + ns + len(_WINDOWS)] = bv.gate_open
            ev = bv.evaluation
            for i, side in enumerate(ev.sides):
                row = t["battle_sides"][i]
                row[side.player] = 1
                row[n + lay.bakugan[side.bakugan]] = 1
                attr = len(ATTRIBUTES) if side.attribute is None else lay.attributes[side.attribute]
                row[n + len(lay.bakugan) + attr] = 1
                t["battle_power"][i] = (side.total / 1000, ev.winner == i)
            for p, c in bv.plays:
                t["battle_plays"][p, lay.abilities[c]] = 1
        if obs.winner is not None:
            t["winner"][obs.winner] = 1
        elif d.core is not None and d.core.turn > spec.max_turns:
            t["winner"][n] = 1
        if spec.support:
            for pv in obs.players:
                for i, pile in enumerate((pv.traps, pv.used_traps)):
                    for x in pile:
                        t["traps"][pv.player, lay.traps[x], i] = 1
                for i, pile in enumerate((pv.gear, pv.used_gear)):
                    for x in pile:
                        t["gear"][pv.player, lay.gear[x], i] = 1
            if bv is not None:
                for sv in bv.supports:
                    k = (
                        lay.traps[sv.piece]
                        if sv.kind == "trap"
                        else len(lay.traps) + lay.gear[sv.piece]
                    )
                    t["battle_pieces"][sv.player, k] = 1
            t["trap_opening"][0] = d.trap is not None
        if spec.evolutions:
            for pv in obs.players:
                for i, pile in enumerate((pv.evolutions, pv.evolved)):
                    for x in pile:
                        t["evolution_cards"][pv.player, lay.evolutions[x], i] = 1
