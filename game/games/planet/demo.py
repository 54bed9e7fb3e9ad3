"""`bakugan demo --rules planet --text`: one whole Battle Planet match between two greedy
bots, told in words from the events the rules core reports, in English or Russian."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.planet.bots import GreedyBot
from game.ai.planet.landing import DEFAULT_MODEL
from game.ai.seeding import seat_seed
from game.content.planet import shipped_catalog
from game.files.lang import tr
from game.rules.planet import CHANCE, Action, Catalog, PlanetState
from game.rules.planet import events as ev

from .event_words import tell_event


def _names(catalog: Catalog, lang: str) -> Callable[[str], str]:
    def name(ident: str) -> str:
        piece = catalog.cards.get(ident) or catalog.characters.get(ident)
        return piece.name.get(lang) if piece is not None else ident

    return name


def run_planet_demo(seed: int = 7, lang: str = "en", echo: bool = True) -> list[str]:
    """Play and tell one match; returns the lines (printed too when `echo`)."""
    catalog = shipped_catalog()
    name = _names(catalog, lang)
    lines: list[str] = []

    def say(key: str, **fields: object) -> None:
        lines.append(tr(lang, key if "." in key else f"planet_demo.{key}", **fields))
        if echo:
            print(lines[-1])

    rng = random.Random(seed)
    presets = sorted(catalog.presets)
    decks = [catalog.presets[presets[rng.randrange(len(presets))]] for _ in range(2)]
    state, opening = PlanetState.new(catalog, [d.kit for d in decks], seed=seed)
    bots = [GreedyBot(catalog, seat_seed(seed, i)) for i in range(2)]
    say("title")
    say("note")
    for i, deck in enumerate(decks):
        chars = ", ".join(name(c) for c in deck.kit.characters)
        say("kit", player=i + 1, deck=deck.name.get(lang), bakugan=chars)
    events: list[ev.Event] = list(opening)
    last_powers = ""
    while True:
        for e in events:
            if isinstance(e, ev.Powers):  # told once when nothing changed it
                if str(e) == last_powers:
                    continue
                last_powers = str(e)
            tell_event(e, state, say, name, lang)
        if state.is_over():
            break
        acting = state.current_players()
        player = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
        action: Action
        if player == CHANCE:
            action = DEFAULT_MODEL.roll(state, rng)
        else:
            action = bots[player].choose(state.observation(player), state.legal_actions(player))
        events = state.apply(action)
    if state.winner is None:
        say("draw")
    say("length", turns=state.turn)
    return lines
