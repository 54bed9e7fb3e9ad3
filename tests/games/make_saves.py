"""Writes the good autosaves of `data/saves/` (the files the save checks are tested on):
matches of each game played by computers from a seed up to a point, saved as the app
saves them (`game.persist.saves.encode`), with the first seat a person's.

    python tests/games/make_saves.py

Run it again only when a game's save format changes (the tests say so: a good save
that no longer resumes fails them).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[2]))

from game.persist import saves

OUT = Path(__file__).parent / "data" / "saves"
SAVED_AT = "2025-01-01T12:00:00+0000"


def _write(name: str, game: str, version: int, payload: dict[str, Any]) -> None:
    raw = saves.encode(payload, saved_at=SAVED_AT, game=game, game_version=version)
    (OUT / f"{name}.json").write_bytes(raw)
    print(name, len(raw), "bytes")


def attack() -> None:
    from game.content.attack import shipped_deck
    from game.games.attack import shipped_levels
    from game.match.attack.session import AttackMatch
    from game.rules.attack import Phase, Variant

    deck, levels = shipped_deck(), shipped_levels()
    bots = ["easy", "normal", "easy", "normal", "easy"]

    def play(
        players: int, variant: Variant, seed: int, stop: Callable[[AttackMatch], bool]
    ) -> AttackMatch:
        """The first game from `seed` on that reaches the point."""
        for tried in range(seed, seed + 50):
            match = AttackMatch.new(deck, levels, bots[:players], variant, tried)
            while not stop(match) and not match.state.is_over():
                match.step_without_people()
            if not match.state.is_over():
                return match
        raise AssertionError("no game reached the point")

    def save(name: str, match: AttackMatch) -> None:
        payload = match.to_json()
        payload["seats"] = ["human", *payload["seats"][1:]]
        _write(name, "attack", 1, payload)

    s = play(
        4,
        Variant.STANDARD,
        3,
        lambda m: m.state.deal_no == 2 and m.state.round_no == 3 and len(m.state.table) == 2,
    )
    save("attack-4-play", s)
    blind = play(3, Variant.STANDARD, 1, lambda m: m.state.phase is Phase.BLIND)
    save("attack-3-blind", blind)
    picks = play(5, Variant.STANDARD, 2, lambda m: m.state.phase is Phase.RANDOM_PICK)
    save("attack-5-runo", picks)
    house = play(
        4, Variant.HOUSE, 4, lambda m: m.state.deal_no == 2 and m.state.phase is Phase.TARGET_ROLL
    )
    save("attack-4-house-targets", house)
    save("attack-3-start", play(3, Variant.STANDARD, 5, lambda m: True))


def planet() -> None:
    from game.content.planet import shipped_catalog
    from game.match.planet.play import PlanetMatch, preset_setup
    from game.rules.planet.phases import Phase
    from game.ui.planet.seats import levels

    cat = shipped_catalog()
    presets = sorted(cat.presets)

    def play(seed: int, stop: Callable[[PlanetMatch], bool]) -> PlanetMatch:
        rng = random.Random(seed)
        decks = [presets[rng.randrange(len(presets))] for _ in (0, 1)]
        computers = preset_setup(cat, decks, (False, False), "easy", seed)
        match = PlanetMatch(cat, computers, levels())
        while not stop(match):
            assert not match.over, "the match ended before the point"
            assert match.step_computer() is not None
        return match

    def save(name: str, match: PlanetMatch) -> None:
        payload = match.to_json()
        payload["setup"]["humans"] = [True, False]
        payload["bots"][0] = None
        _write(name, "planet", 1, payload)

    save(
        "planet-energize-3",
        play(1, lambda m: m.state.turn == 3 and m.state.phase is Phase.ENERGIZE),
    )
    save("planet-cores", play(2, lambda m: len(m.state.matrix) == 3))
    save(
        "planet-energize-6",
        play(3, lambda m: m.state.turn == 6 and m.state.phase is Phase.ENERGIZE),
    )


def classic() -> None:
    from game.content.classic import shipped_catalog
    from game.games.classic import shipped_levels
    from game.match.classic.persist import match_payload
    from game.match.classic.seats import BotSeat, seats_snapshot
    from game.match.classic.session import MatchSession
    from game.rules.classic import Settings, random_kit
    from game.rules.classic import events as ev

    cat = shipped_catalog()

    def play(seed: int, players: int, turns: int) -> dict[str, Any]:
        settings = Settings.preset(players)
        rng = random.Random(seed)
        kits = [random_kit(cat, rng, settings) for _ in range(players)]
        session = MatchSession(cat, kits, settings, seed=seed)
        seats = {
            p: BotSeat.named("easy", cat, seed * 10 + p, shipped_levels(), settings)
            for p in range(players)
        }
        started = 0
        while started < turns:
            player = session.actor()
            assert player is not None and not session.over
            obs = session.observation(player)
            waiting = session.awaiting_throw()
            if waiting is not None:
                throw = seats[player].throw(obs, waiting[1], session.table(), session.zone(player))
                entries = session.throw(player, throw)
            else:
                entries = session.act(seats[player].choose(obs, session.legal_actions()))
            started += sum(isinstance(e, ev.TurnStarted) for e in entries)
        humans = [True] + [False] * (players - 1)
        payload = match_payload(session, humans, seed, "easy", ["easy"] * players)
        bots = seats_snapshot(seats)
        bots.pop("0", None)
        payload["bots"] = bots
        payload["replay"] = None
        payload["replay_records"] = 0
        return payload

    _write("classic-2", "classic", 2, play(1, 2, 4))
    _write("classic-3", "classic", 2, play(2, 3, 5))


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for make in (attack, planet, classic):
        make()
