"""`bakugan demo --rules planet --text`: one whole Battle Planet match between two greedy
bots, told in words from the events the rules core reports, in English or Russian."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.planet.bots import GreedyBot
from game.ai.planet.landing import DEFAULT_MODEL
from game.content.planet import shipped_catalog
from game.persist.lang import tr
from game.rules.planet import CHANCE, Action, Catalog, PlanetState
from game.rules.planet import events as ev


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
    bots = [GreedyBot(catalog, seed * 7 + i) for i in range(2)]
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
            _tell(e, state, say, name, lang)
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


def breakdown_words(text: str, name: Callable[[str], str], lang: str) -> str:
    """A breakdown with card names for ids and the language's word for "core"."""
    out = []
    for part in text.split(", "):
        head, sep, rest = part.partition(" ")
        head = tr(lang, "planet_demo.core_word") if head == "core" else name(head)
        out.append(head + sep + rest)
    return ", ".join(out)


def _side(s: ev.Power, name: Callable[[str], str], lang: str) -> str:
    words = breakdown_words(s.breakdown, name, lang)
    return tr(lang, "planet_demo.side", bakugan=name(s.character), total=s.total, breakdown=words)


def _tell(
    e: ev.Event,
    state: PlanetState,
    say: Callable[..., None],
    name: Callable[[str], str],
    lang: str,
) -> None:
    """One event in words (the bookkeeping ones are left out)."""
    if isinstance(e, ev.CoinTossed):
        say("coin", player=e.player + 1)
    elif isinstance(e, ev.MatrixComplete):
        say("matrix", cores=e.cores)
    elif isinstance(e, ev.TurnStarted):
        say("turn", turn=e.turn)
    elif isinstance(e, ev.Energized) and e.source == "hand":
        say("energize", player=e.player + 1)
    elif isinstance(e, ev.CardPlayed):
        if state.catalog.cards[e.card].type.value == "flip":
            say("flip_paid", player=e.player + 1, cost=e.paid, card=name(e.card))
        else:
            say("play", player=e.player + 1, card=name(e.card))
    elif isinstance(e, ev.FlipMilled):
        say("flip_milled", player=e.player + 1, card=name(e.card), cost=e.cost)
    elif isinstance(e, ev.Moved) and e.what == "let go of Flip":
        say("flip_let", player=e.player + 1, card=name(e.card))
    elif isinstance(e, ev.Moved) and e.what == "discarded":
        say("discard", player=e.player + 1, card=name(e.card))
    elif isinstance(e, ev.Negated):
        say("negated", card=name(e.card), by=name(e.by))
    elif isinstance(e, ev.Evolved):
        say("evolved", bakugan=name(e.character), card=name(e.card))
    elif isinstance(e, ev.Picked):
        if e.player == 0:
            say("call.brawl")  # both roll at once
        say("roll", player=e.player + 1, bakugan=name(e.character))
    elif isinstance(e, ev.Opened):
        if e.hex is None:
            say("opened_free", bakugan=name(e.character))
        else:
            kind = state.catalog.cores[e.core].type.value
            say("opened", bakugan=name(e.character), core=tr(lang, f"planet_demo.core_{kind}"))
    elif isinstance(e, ev.NotOpened):
        say("closed", bakugan=name(e.character))
    elif isinstance(e, ev.Reroll):
        say("reroll")
    elif isinstance(e, ev.Powers):
        key = "powers" if e.stat == "B-Power" else "powers_damage"
        first, second = (_side(s, name, lang) for s in e.sides)
        say(key, first=first, second=second)
    elif isinstance(e, ev.TieBreak):
        (_, a_card, a), (_, b_card, b) = e.milled
        say("tie", first=name(a_card), a=a, second=name(b_card), b=b)
    elif isinstance(e, ev.BattleWon):
        say("victor", bakugan=name(e.character))
    elif isinstance(e, ev.NoVictor):
        say("no_victor")
    elif isinstance(e, ev.DamageDeclared):
        if e.team:
            say("team", player=e.attacker + 1, amount=e.amount)
        else:
            part = e.parts[0]
            words = breakdown_words(part.breakdown, name, lang)
            say("damage", bakugan=name(part.character), amount=e.amount, breakdown=words)
    elif isinstance(e, ev.DamageStopped):
        say("stop", card=name(e.card))
    elif isinstance(e, ev.DamageDone):
        say("dealt", player=2 - e.attacker, count=e.dealt)
    elif isinstance(e, ev.HeroChanged):
        say("hero_gone", card=name(e.card))
    elif isinstance(e, ev.GameWon):
        say("won_damage" if "damage" in e.reason else "won_tie", player=e.player + 1)
