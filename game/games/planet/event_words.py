"""Battle Planet's events in words, in the player's language (`planet_demo.*` lines): the
text demo tells a whole match with them, and the match screen's log and panels
(`game.ui.planet.words`) tell the same events the same way."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from game.files.lang import tr
from game.rules.planet import PlanetState
from game.rules.planet import events as ev
from game.rules.planet.hexgrid import hex_str


def breakdown_words(text: str, name: Callable[[str], str], lang: str) -> str:
    """A breakdown with card names for ids and the language's word for "core"."""
    out = []
    for part in text.split(", "):
        head, sep, rest = part.partition(" ")
        head = tr(lang, "planet_demo.core_word") if head == "core" else name(head)
        out.append(head + sep + rest)
    return ", ".join(out)


def core_kinds(state: PlanetState) -> dict[str, str]:
    """Each Matrix core's place as a breakdown writes it (``@q,r``) and its kind (its
    type: on the table for both players to see)."""
    return {hex_str(h): state.catalog.cores[c.core].type.value for h, c in state.matrix.items()}


def place_words(text: str, kinds: Mapping[str, str], word_of: Callable[[str], str]) -> str:
    """A breakdown with each core's place named by its kind (Fist, Shield ...), as the
    players know the cores (nobody sees the grid), and the word for a faction bonus
    (`word_of`: a catalog key's text)."""
    words = []
    for word in text.split(" "):
        bare = word.rstrip(",)")
        if bare in kinds:
            word = word_of(f"planet_demo.core_{kinds[bare]}") + word[len(bare) :]
        elif bare == "bonus":  # a core's bonus for Bakugan of its factions
            word = word_of("planet_ui.bonus_word") + word[len(bare) :]
        words.append(word)
    return " ".join(words)


def _words(text: str, state: PlanetState, name: Callable[[str], str], lang: str) -> str:
    """A breakdown as the players read it: names for ids, cores by their kind."""
    return place_words(breakdown_words(text, name, lang), core_kinds(state), partial(tr, lang))


def _side(s: ev.Power, state: PlanetState, name: Callable[[str], str], lang: str) -> str:
    words = _words(s.breakdown, state, name, lang)
    return tr(lang, "planet_demo.side", bakugan=name(s.character), total=s.total, breakdown=words)


def tell_event(
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
    elif isinstance(e, ev.Passed):
        say("pass", player=e.player + 1)
    elif isinstance(e, ev.Resolved):
        source, _, trigger = e.card.partition(" ")  # a card, or a piece's triggered text
        say("resolves_text" if trigger else "resolves", card=name(source))
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
        first, second = (_side(s, state, name, lang) for s in e.sides)
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
            words = _words(part.breakdown, state, name, lang)
            say("damage", bakugan=name(part.character), amount=e.amount, breakdown=words)
    elif isinstance(e, ev.DamageStopped):
        say("stop", card=name(e.card))
    elif isinstance(e, ev.DamageDone):
        say("dealt", player=2 - e.attacker, count=e.dealt)
    elif isinstance(e, ev.HeroChanged):
        say("hero_gone", card=name(e.card))
    elif isinstance(e, ev.GameWon):
        say("won_damage" if "damage" in e.reason else "won_tie", player=e.player + 1)
