"""What a bot knows, and the worlds it imagines from it.

A bot is handed `observation(player)` and nothing else. `Memory` (`ai.memory`, named
here too) is the little public history it keeps itself between its decisions (whether
it set a Gate Card this turn, the "before" cards it played that wait for this turn's
battle, how the current battle window went since it last acted). `determinize` builds
a full `MatchState` from an observation, that memory and the public catalog: the
opponent's unknown cards (the Gate Cards still in his hand, his face-down Gate Cards on
the field, the Ability Cards in his hand) are drawn at random among the catalog's cards
that his kit can still hold (one of each colour, minus every card of his already seen:
captured, opened, played). A search plays on such worlds, never on the real state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules.classic import (
    AbilityColour,
    Catalog,
    GateColour,
    MatchState,
    Settings,
    Slot,
)
from game.rules.classic.effects import FIELD, PRIMITIVES
from game.rules.classic.observation import Observation, SupportView

from .memory import Memory, battle_plays

__all__ = [
    "Memory",
    "Pools",
    "determinize",
    "guess_settings",
    "known_opponent_cards",
    "pools",
    "turn_order",
]

_ATTRIBUTE = "attribute"
_START = "start"
_AFTER = "after"


def _passes(obs: Observation, catalog: Catalog, memory: Memory | None, order: list[int]) -> int:
    """How many players passed in a row just before the seat to act (not in the
    observation; judged from the seat's own memory of the battle)."""
    b = obs.battle
    assert b is not None
    if obs.current == order[0]:
        if memory is None or memory.battle_key != (b.slot, b.sides) or not memory.acted_in_window:
            return 0  # the window just opened (or the opponent just played)
        return 0 if battle_plays(obs) > memory.plays_after_me else 1
    # The seat acts second: since its own last action, a new card of the opponent's
    # means he played; none means he passed.
    if memory is not None and memory.battle_key == (b.slot, b.sides) and memory.plays_after_me >= 0:
        return 0 if battle_plays(obs) > memory.plays_after_me else 1
    # Its first action in this battle: a last card of his that could only be played
    # in this window was played just now.
    if b.plays and b.plays[-1][0] != obs.viewer:
        timing = catalog.abilities[b.plays[-1][1]].timing
        earlier = {"start": (), "during": ("before",), "after": ("before", "during")}
        if not any(t.value in earlier.get(b.window, ()) for t in timing):
            return 0
    return 1


def _nullifier(catalog: Catalog, card: str) -> bool:
    return "nullify_ability" in catalog.abilities[card].kinds


def _sample_cards(
    rng: random.Random,
    pool_by_colour: dict[Any, list[str]],
    per_colour: int,
    known: Sequence[str],
    colour_of: dict[str, Any],
    count: int,
) -> list[str]:
    """`count` card ids a kit with `per_colour` of each colour may hold besides `known`."""
    seen = set(known)
    missing: list[Any] = []
    for colour in pool_by_colour:
        have = sum(1 for k in known if colour_of.get(k) == colour)
        missing.extend([colour] * max(0, per_colour - have))
    out: list[str] = []
    for colour in missing:
        choices = [c for c in pool_by_colour[colour] if c not in seen]
        if choices:
            pick = choices[rng.randrange(len(choices))]
            seen.add(pick)
            out.append(pick)
    rng.shuffle(out)
    if len(out) > count:  # cards of a missing colour may have left the match unseen
        out = out[:count]
    while len(out) < count:  # should not happen with a legal kit: stay consistent anyway
        colour = list(pool_by_colour)[rng.randrange(len(pool_by_colour))]
        choices = [c for c in pool_by_colour[colour] if c not in seen] or pool_by_colour[colour]
        pick = choices[rng.randrange(len(choices))]
        seen.add(pick)
        out.append(pick)
    return out


class Pools:
    """The catalog's Gate and Ability Cards by colour, sorted (built once per catalog)."""

    def __init__(self, catalog: Catalog) -> None:
        self.gate_colour = {g: d.colour for g, d in catalog.gates.items()}
        self.ability_colour = {a: d.colour for a, d in catalog.abilities.items()}
        self.gates: dict[Any, list[str]] = {
            c: sorted(g for g, col in self.gate_colour.items() if col == c) for c in GateColour
        }
        self.abilities: dict[Any, list[str]] = {
            c: sorted(a for a, col in self.ability_colour.items() if col == c)
            for c in AbilityColour
        }


_POOLS: dict[int, tuple[Catalog, Pools]] = {}


def pools(catalog: Catalog) -> Pools:
    entry = _POOLS.get(id(catalog))
    if entry is None or entry[0] is not catalog:
        entry = (catalog, Pools(catalog))
        _POOLS[id(catalog)] = entry
    return entry[1]


def known_opponent_cards(obs: Observation, opp: int) -> tuple[list[str], list[str]]:
    """The opponent's Gate and Ability Cards this seat has seen (captured, open, played)."""
    gates = [g for pv in obs.players for owner, g in pv.captured if owner == opp]
    gates += [v.gate for v in obs.field if v.owner == opp and v.gate is not None]
    abilities = list(obs.players[opp].used_abilities)
    return gates, abilities


def bakugan_of(obs: Observation, player: int) -> list[str]:
    """Every Bakugan of `player` that `obs` shows, wherever it is: unused, used,
    standing on the field, in the battle or in the air (not the reserve, set aside)."""
    pv = obs.players[player]
    out = list(pv.unused) + list(pv.used)
    out += [b for v in obs.field for q, b in v.standing if q == player]
    if obs.battle is not None:
        out += [b for q, b in obs.battle.sides if q == player]
    if obs.thrown is not None and obs.thrown[0] == player:
        out.append(obs.thrown[1])
    return out


def determinize(
    obs: Observation,
    catalog: Catalog,
    rng: random.Random,
    memory: Memory | None = None,
    settings: Settings | None = None,
) -> MatchState:
    """A full match state consistent with `obs` (and the seat's own `memory`): the
    hidden cards are drawn at random from what the opponents' kits can still hold."""
    settings = settings or guess_settings(obs)
    me = obs.viewer
    pl = pools(catalog)
    hands_g: dict[int, list[str]] = {}
    hands_a: dict[int, list[str]] = {}
    faces: dict[Slot, str] = {v.slot: v.gate for v in obs.field if v.gate is not None}
    kits: list[dict[str, list[str]]] = []
    for pv in obs.players:
        p = pv.player
        bakugan = bakugan_of(obs, p)
        if p == me:
            assert pv.gates is not None and pv.abilities is not None
            hands_g[p], hands_a[p] = list(pv.gates), list(pv.abilities)
            gates = list(pv.gates) + [g for q in obs.players for o, g in q.captured if o == p]
            gates += [v.gate for v in obs.field if v.owner == p and v.gate is not None]
            abilities = list(pv.abilities) + list(pv.used_abilities)
        else:
            seen_g, seen_a = known_opponent_cards(obs, p)
            hidden_slots = sorted(v.slot for v in obs.field if v.owner == p and v.gate is None)
            drawn = _sample_cards(
                rng,
                pl.gates,
                settings.kit_gates // 3,
                seen_g,
                pl.gate_colour,
                len(hidden_slots) + pv.gate_count,
            )
            for slot, gate in zip(hidden_slots, drawn, strict=False):
                faces[slot] = gate
            hands_g[p] = drawn[len(hidden_slots) :]
            hands_a[p] = _sample_cards(
                rng,
                pl.abilities,
                settings.kit_abilities // 3,
                seen_a,
                pl.ability_colour,
                pv.ability_count,
            )
            gates = seen_g + drawn
            abilities = seen_a + hands_a[p]
        traps = list(pv.traps) + list(pv.used_traps)
        gear = list(pv.gear) + list(pv.used_gear)
        if obs.battle is not None:
            for x in obs.battle.supports:
                if x.player == p:
                    (traps if x.kind == "trap" else gear).append(x.piece)
        kits.append(
            {
                "bakugan": bakugan + list(pv.reserve),
                "gates": gates,
                "abilities": abilities,
                "traps": traps,
                "gear": gear,
                "evolutions": list(pv.evolutions) + list(pv.evolved),
            }
        )

    players = [
        {
            "unused": list(pv.unused),
            "used": list(pv.used),
            "gates": hands_g[pv.player],
            "abilities": hands_a[pv.player],
            "used_abilities": list(pv.used_abilities),
            "captured": [list(c) for c in pv.captured],
            "traps": list(pv.traps),
            "used_traps": list(pv.used_traps),
            "gear": list(pv.gear),
            "used_gear": list(pv.used_gear),
            "evolutions": list(pv.evolutions),
            "evolved": list(pv.evolved),
            "reserve": list(pv.reserve),
        }
        for pv in obs.players
    ]
    phase = obs.phase
    turn_player = obs.turn_player
    setup_queue: list[int] = []
    if phase == "setup":
        setup_queue = _setup_queue(obs, settings)
    pending: list[list[Any]] = []
    mine_turn = turn_player == me and phase in ("main", "landing", "own")
    if memory is not None and mine_turn and memory.pending_turn == obs.turn:
        battle_cards = [c for c in memory.pending if _scope(catalog, c) != FIELD]
        pending = [[me, c] for c in battle_cards]
    choice: list[int] | None = None
    if phase == "own":
        for v in obs.field:
            if len([q for q, _ in v.standing if q == turn_player]) >= 2:
                choice = list(v.slot)
    battle: dict[str, Any] | None = None
    if obs.battle is not None:
        b = obs.battle
        in_battle = {q for q, _ in b.sides}
        order = [q for q in turn_order(obs, turn_player) if q in in_battle]
        current = obs.current
        priority = order.index(current) if current in order else 0
        plays: list[list[Any]] = []
        active: list[bool] = []
        for q, card in b.plays:
            cancels = None
            if _nullifier(catalog, card):
                for i in range(len(plays) - 1, -1, -1):
                    if active[i] and plays[i][0] != q:
                        cancels = i
                        break
            target = memory.targets.get(card) if memory is not None and q == me else None
            if target is None and "recover_bakugan" in catalog.abilities[card].kinds:
                used = obs.players[q].used
                target = used[0] if used else None
            plays.append([q, card, cancels, target])
            active = _active(plays)
        chosen: dict[str, str] = {}
        to_choose: list[int] = []
        clear = [catalog.bakugan[x].attribute is None for _, x in b.sides]
        if all(clear):
            if b.window == _ATTRIBUTE:
                if settings.clear_pair == "each" and current == b.sides[0][0]:
                    to_choose = [0, 1]
                elif settings.clear_pair == "each":
                    to_choose = [1]
                else:
                    to_choose = [0]
            for i, side in enumerate(b.evaluation.sides):
                if i not in to_choose and side.attribute is not None:
                    chosen[str(i)] = side.attribute.value
        winner = None
        if b.window == _AFTER:
            winner = b.evaluation.winner
            if memory is not None and memory.after_winner is not None:
                winner = memory.after_winner
        battle = {
            "slot": list(b.slot),
            "sides": [list(s) for s in b.sides],
            "window": b.window,
            "order": order,
            "priority": priority,
            "passes": _passes(obs, catalog, memory, order) if b.window != _ATTRIBUTE else 0,
            "gate_open": b.gate_open,
            "chosen": chosen,
            "to_choose": to_choose,
            "plays": plays,
            "saved": [],
            "winner": winner,
            "supports": [_support(x) for x in b.supports],
        }
    version, internal, gauss = random.Random(rng.getrandbits(32)).getstate()
    data = {
        "format": "bakugan-classic-state/1",
        "settings": settings.to_json(),
        "kits": kits,
        "players": players,
        "field": [
            {
                "slot": list(v.slot),
                "owner": v.owner,
                "gate": faces[v.slot],
                "standing": [list(x) for x in v.standing],
            }
            for v in obs.field
        ],
        "phase": phase,
        "turn_player": turn_player,
        "turn": obs.turn,
        "setup_queue": setup_queue,
        "set_this_turn": memory is not None and mine_turn and memory.set_turn == obs.turn,
        "turn_acted": memory is not None and mine_turn and memory.acted_turn == obs.turn,
        "thrown": None if obs.thrown is None else list(obs.thrown),
        "pending": pending,
        "battle": battle,
        "choice": choice,
        "winner": obs.winner,
        "seating": list(obs.seating) or list(range(len(obs.players))),
        "open": _open_window(obs),
        "rng": [version, list(internal), gauss],
    }
    return MatchState.from_json(data, catalog)


def turn_order(obs: Observation, first: int) -> list[int]:
    """The players clockwise (the seating), starting with `first`."""
    seating = list(obs.seating) or list(range(len(obs.players)))
    i = seating.index(first)
    return seating[i:] + seating[:i]


def guess_settings(obs: Observation) -> Settings:
    """The rule settings a match most likely has, from what the seat sees: the players,
    the captures to win, and the Big Game when its own kit holds 6 Gate Cards."""
    me = obs.viewer
    pv = obs.me
    gates = len(pv.gates or ()) + sum(1 for v in obs.field if v.owner == me)
    gates += sum(1 for q in obs.players for o, _ in q.captured if o == me)
    n = len(obs.players)
    if n == 2 and gates <= 3:
        return Settings(gates_to_win=obs.gates_to_win)
    return Settings.preset(n, gates > 3, gates_to_win=obs.gates_to_win)


def _setup_queue(obs: Observation, settings: Settings) -> list[int]:
    """Who still sets an opening Gate Card, in order (the rules core's queue: round by
    round, each player who still holds a card, the turn player first), from the player
    to act."""
    layout = settings.opening_layout()
    seating = list(obs.seating) or list(range(len(obs.players)))
    owner = {v.slot: v.owner for v in obs.field}
    queue: list[int] = []
    for r in range(len(layout[0])):
        for p in turn_order(obs, obs.turn_player):
            done = sum(1 for s in layout[seating.index(p)] if owner.get(s) == p)
            if r >= done and obs.players[p].gate_count > r - done:
                queue.append(p)
    current = obs.current
    assert current is not None
    return queue[queue.index(current) :] if current in queue else [current, *queue]


def _open_window(obs: Observation) -> list[Any]:
    """The between-turns window of 3-4 player games: its players in priority order, who
    is asked now, and no pass counted (not in the observation)."""
    if obs.phase != "open" or obs.current is None:
        return [[], 0, 0]
    order = list(obs.open_order)
    return [order, order.index(obs.current) if obs.current in order else 0, 0]


def _support(x: SupportView) -> list[Any]:
    """A Trap or Battle Gear in the battle, as the rules core keeps it."""
    return [x.player, x.kind, x.piece, x.at, x.face, x.mode or "none", list(x.abilities)]


def _active(plays: list[list[Any]]) -> list[bool]:
    active = [True] * len(plays)
    for i in range(len(plays) - 1, -1, -1):
        target = plays[i][2]
        if target is not None and active[i]:
            active[target] = False
    return active


def _scope(catalog: Catalog, card: str) -> str:
    return PRIMITIVES[catalog.abilities[card].effects[0].kind].scope
