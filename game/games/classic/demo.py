"""`bakugan demo`: a short text demo of one whole match, told in the game's voice."""

from __future__ import annotations

import random

from game.ai.classic.basic import GreedyPolicy
from game.ai.classic.landing import LandingModel
from game.content.classic import shipped_catalog
from game.files.lang import tr
from game.rules.classic import CHANCE, MatchState, Throw, random_kit
from game.rules.classic import events as ev


def _slot(slot: tuple[int, int]) -> str:
    return f"{slot[0] + 1}:{slot[1] + 1}"


def run_demo(seed: int = 7, lang: str = "en", echo: bool = True) -> int:
    catalog = shipped_catalog()
    lines: list[str] = []

    def say(key: str, **fields: object) -> None:
        lines.append(tr(lang, key, **fields))
        if echo:
            print(lines[-1])

    def bname(bakugan: str) -> str:
        return catalog.bakugan[bakugan].name.get(lang)

    rng = random.Random(seed)
    kits = [random_kit(catalog, rng) for _ in range(2)]
    state, _ = MatchState.new(catalog, kits, seed=seed)
    bots = [GreedyPolicy(catalog, seed), GreedyPolicy(catalog, seed + 1)]
    say("demo.title")
    say("demo.note")
    for i, kit in enumerate(kits):
        say("demo.kit", player=i + 1, bakugan=", ".join(bname(b) for b in kit.bakugan))
    say("call.field_open")
    model, aim = LandingModel(), None
    while not state.is_over():
        player = state.current_player()
        if player == CHANCE:
            action = model.land(state, aim, rng)
        else:
            assert player is not None
            obs = state.observation(player)
            action = bots[player].choose(obs, state.legal_actions())
            if isinstance(action, Throw):
                aim = bots[player].aim(obs, action.bakugan)
        for e in state.apply(action):
            if isinstance(e, ev.TurnStarted):
                say("demo.turn", turn=e.turn, player=e.player + 1)
            elif isinstance(e, ev.GateSet):
                say("demo.set", player=e.player + 1, slot=_slot(e.slot))
                say("call.gate_set")
            elif isinstance(e, ev.Thrown):
                say("call.brawl")
                say("demo.throw", player=e.player + 1, bakugan=bname(e.bakugan))
            elif isinstance(e, ev.Opened):
                say("demo.opened", bakugan=bname(e.bakugan), slot=_slot(e.slot))
            elif isinstance(e, ev.Missed):
                say("demo.missed", bakugan=bname(e.bakugan))
            elif isinstance(e, ev.BattleStarted):
                say(
                    "demo.battle",
                    slot=_slot(e.slot),
                    attacker=bname(e.attacker[1]),
                    defender=bname(e.defender[1]),
                )
            elif isinstance(e, ev.GateOpened):
                say("call.gate_open")
                say("demo.gate", gate=catalog.gates[e.gate].name.get(lang))
            elif isinstance(e, ev.AbilityPlayed):
                say("call.ability")
                say(
                    "demo.ability",
                    player=e.player + 1,
                    card=catalog.abilities[e.card].name.get(lang),
                )
            elif isinstance(e, ev.AbilityCancelled):
                say("demo.cancelled", card=catalog.abilities[e.card].name.get(lang))
            elif isinstance(e, ev.BattleResolved):
                sides = "; ".join(
                    tr(lang, "demo.side", bakugan=bname(b), total=total, breakdown=bd)
                    for _, b, total, bd in e.sides
                )
                say("demo.result", winner=bname(e.bakugan), sides=sides)
            elif isinstance(e, ev.GateCaptured):
                say("demo.capture", player=e.player + 1, gate=catalog.gates[e.gate].name.get(lang))
            elif isinstance(e, ev.BakuganMoved):
                say("demo.moved", player=e.player + 1, bakugan=bname(e.bakugan), slot=_slot(e.slot))
            elif isinstance(e, ev.Recycled):
                say("demo.recycled", player=e.player + 1)
            elif isinstance(e, ev.FieldEmpty):
                say("demo.field_empty")
            elif isinstance(e, ev.GameWon):
                say("demo.won", player=e.player + 1, count=len(e.captured))
    return 0
