"""What a seat sees, as OpenSpiel strings and tensors (`PlanetObserver`).

Both are built from the rules core's `observation(seat)` (hands as counts but one's
own, Energy faces one's own, face-down Characters and core backs hidden, the other's
choice in a step both take at once hidden until both chose); before the core exists,
from the deal (one's own deck, once dealt). The information state (perfect recall) adds
the seat's whole history as it saw it (`StateData.history_lines`: the core's `redact`
on every event). `private_info` none gives the public view, all players everything.
The tensor has named pieces (`TensorLayout`); the information state tensor is the
observation tensor (the history is only in the string).
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.openspiel_base import TensorObserver
from game.rules.planet import Observation, Phase

from .codec import BATCH_DEPTH, MATRIX, SEATS
from .data import EVERYONE, PUBLIC, StateData
from .spec import GAME_NAME, Spec

PHASES = tuple(p.value for p in Phase)


class TensorLayout:
    """The pieces of the observation tensor (names and shapes), for one spec."""

    def __init__(self, spec: Spec) -> None:
        cat = spec.catalog
        self.cards = spec.codec.card_index
        self.characters = {c: i for i, c in enumerate(sorted(cat.characters))}
        self.cores = {c: i for i, c in enumerate(sorted(cat.cores))}
        self.core_types = {
            t: i for i, t in enumerate(sorted({c.type.value for c in cat.cores.values()}))
        }
        self.presets = {p: i for i, p in enumerate(spec.codec.presets)}
        nc, nh, nk = len(self.cards), len(self.characters), len(self.cores)
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("viewer", (2,)),
            ("acting", (3,)),  # p0, p1, chance
            ("phase", (len(PHASES) + 1,)),  # the last: dealing
            ("turn", (1,)),  # turn / max_turns
            ("starting", (2,)),
            ("deck", (2, len(self.presets))),  # the preset each plays, when seen
            ("counts", (2, 6)),  # hand, deck, Energy, charged, pool, cards played (scaled)
            ("hand", (2, nc)),  # copies in hand (one's own)
            ("discard", (2, nc)),
            ("energy", (2, nc)),  # Energy faces (one's own)
            ("heroes", (2, nc)),  # Heroes each controls
            ("bakugan", (2, SEATS, nh + 4)),  # Character (when seen), open, face up, picked, cores
            ("evolutions", (2, SEATS, nc)),
            ("matrix", (MATRIX, 2 + len(self.core_types) + nk + 2 * SEATS)),
            ("batch", (BATCH_DEPTH, 3 + nc)),  # player, a triggered text, the card
            ("battle", (2, 3)),  # B-Power / 1000, damage / 10, opened
            ("damage", (2 + 3 + nc,)),  # attacker, dealt / 10, stopped, team, the Flip milled
            ("choices", (2, 2)),  # chose in this simultaneous step; a discard asked
            ("winner", (3,)),  # p0, p1, a draw
        ]
        self.size = sum(math.prod(shape) for _, shape in self.pieces)


class PlanetObserver(TensorObserver[Spec, TensorLayout]):
    """OpenSpiel's Python observer: `tensor`, `dict`, `set_from`, `string_from`."""

    game_name = GAME_NAME
    layout_class = TensorLayout

    # -- strings -----------------------------------------------------------------------

    def _string(self, d: StateData, player: int) -> str:
        return self._recalled(render(d, player, self.private), d, player, PUBLIC, EVERYONE)

    # -- tensors -----------------------------------------------------------------------

    def _write(self, d: StateData, player: int) -> None:
        t, lay = self.dict, self.layout
        self.tensor.fill(0.0)
        t["viewer"][player] = 1
        for p in (0, 1):
            name = d.decks[p]
            if name is not None and (p == player or self.private == "all"):
                t["deck"][p, lay.presets[name]] = 1
        if d.core is None:
            t["acting"][2] = 1
            t["phase"][len(PHASES)] = 1
            return
        obs = _view(d, player, self.private)
        for p in obs.current:
            t["acting"][p if p >= 0 else 2] = 1
        t["phase"][PHASES.index(obs.phase.value)] = 1
        t["turn"][0] = obs.turn / max(1, self.spec.settings.turn_limit)
        t["starting"][obs.starting] = 1
        for sv in obs.sides:
            p = sv.player
            t["counts"][p] = (
                sv.hand_count / 10,
                sv.deck_count / 40,
                len(sv.charged) / 10,
                sum(sv.charged) / 10,
                sv.pool / 10,
                sv.played / 10,
            )
            for pile, cards in (("hand", sv.hand), ("discard", sv.discard), ("energy", sv.energy)):
                for card in cards or ():
                    t[pile][p, lay.cards[card]] += 1 / 3
            for hero, _owner in sv.heroes:
                t["heroes"][p, lay.cards[hero]] += 1 / 3
            for i, b in enumerate(sv.bakugan):
                row = t["bakugan"][p, i]
                if b.character is not None:
                    row[lay.characters[b.character]] = 1
                n = len(lay.characters)
                row[n] = b.open
                row[n + 1] = b.face_up
                row[n + 2] = sv.picked_slot == i
                row[n + 3] = len(b.cores) / 2
                for e in b.evolutions:
                    t["evolutions"][p, i, lay.cards[e]] = 1
            t["choices"][p] = (sv.committed, any(q == p for q, _ in obs.discard_due))
        types, nk = len(lay.core_types), len(lay.cores)
        for j, c in enumerate(obs.matrix):
            row = t["matrix"][j]
            row[c.owner] = 1
            row[2 + lay.core_types[c.type]] = 1
            if c.core is not None:
                row[2 + types + lay.cores[c.core]] = 1
            for q, char in c.held_by:
                seat = _seat_of(obs, q, char)
                if seat is not None:
                    row[2 + types + nk + q * SEATS + seat] = 1
        for j, item in enumerate(obs.batch[:BATCH_DEPTH]):
            t["batch"][j, item.player] = 1
            t["batch"][j, 2] = item.kind != "card"
            if item.card in lay.cards:  # a Character's «Victor –» has no card column
                t["batch"][j, 3 + lay.cards[item.card]] = 1
        for side in obs.battle:
            t["battle"][side.player] = (side.b_power / 1000, side.damage / 10, 1)
        dmg = obs.damage
        if dmg is not None:
            row = t["damage"]
            row[dmg.attacker] = 1
            row[2] = dmg.dealt / 10
            row[3] = dmg.stopped
            row[4] = dmg.team
            if dmg.flip is not None:
                row[5 + lay.cards[dmg.flip]] = 1
        if obs.over:
            t["winner"][2 if obs.winner is None else obs.winner] = 1


def _seat_of(obs: Observation, player: int, character: str) -> int | None:
    for i, b in enumerate(obs.sides[player].bakugan):
        if b.character == character:
            return i
    return None


def _view(d: StateData, player: int, private: str) -> Observation:
    """The core's observation for the seat (`private` all: player 0's, with player 1's
    hidden parts from player 1's own; none: the parts both see)."""
    key = ("view", player, private)
    cached = d.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    out = _fresh_view(d, player, private)
    d.cache[key] = out
    return out


def _fresh_view(d: StateData, player: int, private: str) -> Observation:
    core = d.core
    assert core is not None
    obs = core.observation(player)
    if private == "single":
        return obs
    other = core.observation(1 - player)
    if private == "all":
        sides = list(obs.sides)
        sides[1 - player] = other.sides[1 - player]
        matrix = tuple(
            c if c.core is not None else o for c, o in zip(obs.matrix, other.matrix, strict=True)
        )
        return _replace(obs, sides=tuple(sides), matrix=matrix)
    sides = list(obs.sides)
    sides[player] = other.sides[player]
    matrix = tuple(
        c if c.core is not None and c.revealed else o
        for c, o in zip(obs.matrix, other.matrix, strict=True)
    )
    return _replace(obs, sides=tuple(sides), matrix=matrix)


def _replace(obs: Observation, **changes: Any) -> Observation:
    from dataclasses import replace

    return replace(obs, **changes)


def render(d: StateData, player: int, private: str = "single") -> str:
    """The observation as text: the step, whose move it is, then each side (one's own
    hand and Energy, the other's as counts), the Matrix, the batch, the battle."""
    if d.core is None:
        own = d.decks[player] if private != "none" else None
        other = d.decks[1 - player] if private == "all" else None
        return f"p{player} dealing: deck {own or '?'}; opponent {other or '?'}"
    obs = _view(d, player, private)
    lines = [
        f"p{player} turn {obs.turn} {obs.phase.value}; acting "
        + ",".join("chance" if p < 0 else f"p{p}" for p in obs.current)
        + f"; starting p{obs.starting}; priority p{obs.priority}"
    ]
    for sv in obs.sides:
        hand = " ".join(sv.hand) if sv.hand is not None else f"{sv.hand_count} cards"
        energy = " ".join(sv.energy) if sv.energy is not None else f"{len(sv.charged)} cards"
        charged = sum(sv.charged)
        bak = ", ".join(
            (b.character or "?")
            + (" open" if b.open else "")
            + (" +" + "+".join(b.evolutions) if b.evolutions else "")
            for b in sv.bakugan
        )
        lines.append(
            f"p{sv.player}: deck {sv.deck_count}; hand {hand}; energy {energy}"
            f" ({charged} charged, pool {sv.pool}); discard {len(sv.discard)}"
            f" {' '.join(sv.discard)}; heroes {' '.join(c for c, _ in sv.heroes) or '-'};"
            f" bakugan {bak}; picked {sv.picked or ('?' if sv.picked_slot is not None else '-')};"
            f" chose {sv.choice or ('yes' if sv.committed else 'no')}"
        )
    lines.append(
        "matrix "
        + " ".join(
            f"@{c.hex[0]},{c.hex[1]}:{c.type}/{c.core or '?'}"
            + ("*" + "+".join(f"p{q}" for q, _ in c.held_by) if c.held_by else "")
            for c in obs.matrix
        )
    )
    if obs.batch:
        lines.append("batch " + " ".join(f"p{b.player}:{b.card}" for b in obs.batch))
    for side in obs.battle:
        lines.append(f"battle p{side.player} {side.character}: {side.b_text} / {side.d_text}")
    if obs.damage is not None:
        dmg = obs.damage
        lines.append(
            f"damage by p{dmg.attacker}: {dmg.dealt} dealt{' stopped' if dmg.stopped else ''}"
            f"{' flip ' + dmg.flip if dmg.flip else ''}"
        )
    if obs.over:
        lines.append(f"over: {'draw' if obs.winner is None else f'p{obs.winner} wins'}")
    return "\n".join(lines)
