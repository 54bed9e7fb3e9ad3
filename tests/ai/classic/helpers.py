"""Shared builders for the AI tests: levels with small budgets, positions, games."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from game.ai.classic.levels import Level
from game.ai.classic.player import LevelPolicy
from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.rules.classic import CHANCE, MatchState, Settings, random_kit

CAT = shipped_catalog()
LEVELS = shipped_levels()


def level(name: str, **changes: Any) -> Level:
    return dataclasses.replace(LEVELS[name], **changes)


def quick_hard(**changes: Any) -> Level:
    """Hard with a small search budget (the tests' time is short)."""
    return level("hard", **{"iterations": 40, "determinizations": 4, **changes})


def started(seed: int) -> MatchState:
    rng = random.Random(seed)
    state, _ = MatchState.new(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)
    return state


def play_randomly_until(state: MatchState, rng: random.Random, phase: str, min_turn: int) -> bool:
    """Random legal play (landings too) until a player is to act in `phase` at or after
    `min_turn`; False if the match ended first."""
    while not state.is_over():
        p = state.current_player()
        if p != CHANCE and state.phase == phase and state.turn >= min_turn:
            return True
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return False


def policy(lv: Level, seed: int = 0) -> LevelPolicy:
    return LevelPolicy(CAT, lv, seed)


def battle_position(
    mine: str,
    his: str,
    gate: str,
    traps: tuple[str, ...] = (),
    gear: tuple[str, ...] = (),
    his_traps: tuple[str, ...] = (),
    abilities: tuple[str, ...] = (),
    his_abilities: tuple[str, ...] = (),
) -> MatchState:
    """Player 0 attacks player 1's Bakugan `his` with `mine` on player 1's Gate Card
    `gate` at @2,2 (player 1 stood there first: a tie is his). The card has opened:
    it is the battle's `during` window and player 0 acts first. Player 0 holds `traps`,
    `gear` and `abilities`; player 1 `his_traps` and `his_abilities` (no Gate Card in
    either hand), so what player 0 cannot see is nothing that matters."""
    state = started(1)
    data = state.to_json()
    p0, p1 = data["players"]
    k0, k1 = data["kits"]
    k0.update(bakugan=[mine, "ventus_mantris", "aquos_elfin"], traps=list(traps))
    k0.update(gear=list(gear), abilities=list(abilities) + k0["abilities"][len(abilities) :])
    k1.update(bakugan=[his, "pyrus_griffon", "subterra_saurus"], traps=list(his_traps))
    p0.update(unused=["ventus_mantris"], used=["aquos_elfin"], gates=[], traps=list(traps))
    p0.update(gear=list(gear), abilities=list(abilities), used_abilities=[])
    p1.update(unused=["pyrus_griffon"], used=["subterra_saurus"], gates=[])
    p1.update(traps=list(his_traps), abilities=list(his_abilities), used_abilities=[])
    data["field"] = [
        {"slot": [2, 2], "owner": 1, "gate": gate, "standing": []},
        {"slot": [2, 1], "owner": 0, "gate": "silver_home_ground", "standing": []},
    ]
    data.update(phase="battle", turn_player=0, turn=5, setup_queue=[], set_this_turn=True)
    data["battle"] = {
        "slot": [2, 2],
        "sides": [[1, his], [0, mine]],
        "window": "during",
        "order": [0, 1],
        "priority": 0,
        "passes": 0,
        "gate_open": True,
        "chosen": {},
        "to_choose": [],
        "plays": [],
        "saved": [],
        "winner": None,
    }
    return MatchState.from_json(data, CAT)


def main_position(
    field: list[tuple[tuple[int, int], int, str, list[tuple[int, str]]]],
    unused: tuple[str, ...] = ("pyrus_dragonoid", "aquos_elfin"),
    used: tuple[str, ...] = ("ventus_mantris",),
    his_unused: tuple[str, ...] = ("pyrus_griffon", "subterra_saurus"),
    his_used: tuple[str, ...] = (),
    evolutions: tuple[str, ...] = ("evo_delta_dragonoid",),
    captured: tuple[int, int] = (0, 1),
) -> MatchState:
    """Player 0 to begin his turn (nothing set or played yet): `field` as (slot, owner,
    gate, standing); player 0 holds `evolutions` (their evolved forms in his reserve),
    no Gate or Ability Card; the players have captured `captured` cards (p1's Gate
    Cards for p0, p0's for p1: the Game Level counts them)."""
    state = started(1)
    data = state.to_json()
    p0, p1 = data["players"]
    k0, k1 = data["kits"]
    standing0 = [b for _, _, _, st in field for q, b in st if q == 0]
    standing1 = [b for _, _, _, st in field for q, b in st if q == 1]
    reserve = [CAT.evolutions[e].evolved for e in evolutions]
    k0.update(bakugan=[*unused, *used, *standing0], evolutions=list(evolutions))
    k1.update(bakugan=[*his_unused, *his_used, *standing1])
    p0.update(unused=list(unused), used=list(used), gates=[], abilities=[])
    p0.update(evolutions=list(evolutions), reserve=reserve, used_abilities=[])
    p1.update(unused=list(his_unused), used=list(his_used), gates=[], abilities=[])
    spare = ["gold_upside_down", "bronze_lava_flow", "silver_ember_plain"]
    p0["captured"] = [[1, g] for g in spare[: captured[0]]]
    p1["captured"] = [[0, g] for g in ["gold_mirror_lake", "bronze_ash_waste"][: captured[1]]]
    data["field"] = [
        {"slot": list(s), "owner": o, "gate": g, "standing": [list(x) for x in st]}
        for s, o, g, st in field
    ]
    data.update(phase="main", turn_player=0, turn=6, setup_queue=[], set_this_turn=False)
    data.update(turn_acted=False, battle=None, thrown=None, pending=[], choice=None)
    return MatchState.from_json(data, CAT)


def started_n(players: int, seed: int, big: bool = False) -> MatchState:
    """A new match of `players` (the Big Game with `big`), random kits."""
    settings = Settings.preset(players, big)
    rng = random.Random(seed)
    kits = [random_kit(CAT, rng, settings) for _ in range(players)]
    state, _ = MatchState.new(CAT, kits, settings, seed=seed)
    return state


def multi_position(
    field: list[tuple[tuple[int, int], int, str, list[tuple[int, str]]]],
    unused: list[list[str]],
    captured: list[int],
) -> MatchState:
    """A game of len(unused) players, player 0 to begin his turn: `field` as (slot,
    owner, gate, standing), each player's unused Bakugan (nothing used, no card in
    hand), and how many cards each has captured (the next player's spare ones)."""
    n = len(unused)
    state = started_n(n, 1)
    data = state.to_json()
    spare = sorted(CAT.gates)
    for p, (pd, kit) in enumerate(zip(data["players"], data["kits"], strict=True)):
        standing = [b for _, _, _, st in field for q, b in st if q == p]
        kit["bakugan"] = [*unused[p], *standing]
        pd.update(unused=list(unused[p]), used=[], gates=[], abilities=[], used_abilities=[])
        victim = (p + 1) % n
        pd["captured"] = [[victim, g] for g in spare[p * 3 : p * 3 + captured[p]]]
    data["field"] = [
        {"slot": list(s), "owner": o, "gate": g, "standing": [list(x) for x in st]}
        for s, o, g, st in field
    ]
    data.update(phase="main", turn_player=0, turn=9, setup_queue=[], set_this_turn=False)
    data.update(turn_acted=False, battle=None, thrown=None, pending=[], choice=None)
    return MatchState.from_json(data, CAT)
