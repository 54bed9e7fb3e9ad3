"""`MatchState.apply(action, observe)`: the observer sees each event as it is recorded,
the state already changed by it (game/rules/classic/resolution.py)."""

from __future__ import annotations

import json
import random

from game.content.classic import shipped_catalog
from game.rules.classic import MatchState, Phase, Settings, random_kit
from game.rules.classic.events import AbilityPlayed, Event

CAT = shipped_catalog()


def test_the_observer_sees_every_event_in_order_and_a_battle_play_already_made() -> None:
    battle_plays = 0
    for seed in range(40):
        rng = random.Random(seed)
        settings = Settings.preset(2 + seed % 3)
        kits = [random_kit(CAT, rng, settings) for _ in range(settings.players)]
        state, _ = MatchState.new(CAT, kits, settings, seed=seed)
        while not state.is_over():
            seen: list[Event] = []

            def observe(event: Event, seen: list[Event] = seen, state: MatchState = state) -> None:
                seen.append(event)
                nonlocal battle_plays
                battle = state.battle
                if isinstance(event, AbilityPlayed) and state.phase == Phase.BATTLE:
                    assert battle is not None
                    assert (event.player, event.card) in [(p.player, p.card) for p in battle.plays]
                    battle_plays += 1

            events = state.apply(rng.choice(state.legal_actions()), observe)
            assert seen == events
    assert battle_plays > 0


def test_phases_are_an_enum_saved_as_their_words() -> None:
    rng = random.Random(3)
    state, _ = MatchState.new(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=3)
    assert state.phase is Phase.SETUP
    text = json.dumps(state.to_json())
    assert '"phase": "setup"' in text
    again = MatchState.from_json(json.loads(text), CAT)
    assert again.phase is Phase.SETUP and again == state
    old = json.loads(text)  # a save written before phases were an enum reads the same
    old["phase"] = "setup"
    assert MatchState.from_json(old, CAT).phase is Phase.SETUP
