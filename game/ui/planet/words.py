"""Battle Planet in words on screen: piece names, a card's whole text with the keywords
it uses explained, the steps of a turn, and the events as log lines, in the player's
language. No drawing here: the screens put these strings in their boxes.

Card names and texts are data (both languages in assets/data/planet); everything else
comes from the language catalogs (`planet_ui.*`, and the text demo's `planet_demo.*`
lines for the events, told the same way on screen as in words).
"""

from __future__ import annotations

from collections.abc import Callable

from game.games.planet.event_words import tell_event
from game.rules.planet import Catalog, Phase, PlanetState
from game.rules.planet import events as ev

Tr = Callable[..., str]

KEYWORDS: dict[str, tuple[str, ...]] = {
    # keyword id: the words that name it in card texts (English, Russian), lower case
    "flow": ("flow", "поток"),
    "fury": ("fury", "ярость"),
    "turbo": ("turbo", "турбо"),
    "domination": ("domination", "господство"),
    "sacrifice": ("sacrifice", "жертва"),
    "double_strike": ("double strike", "двойной удар"),
    "shadow_strike": ("shadow strike", "теневой удар"),
    "frost_strike": ("frost strike", "морозный удар"),
    "stop": ("stop", "стоп"),
    "victor": ("victor", "победитель"),
    "negate": ("negate", "отмените", "отменить"),
    "team_attack": ("team attack", "командная атака"),
}
"""The card-text keywords the rules explain on demand (`planet_ui.kw.<id>`)."""

ALWAYS = ("b_power", "damage", "energy", "batch")
"""Terms every card's explanation may need; shown in the rules pages."""


def piece_name(catalog: Catalog, ident: str, lang: str) -> str:
    """A card's, Character's or core's name in `lang` (the id when none is known)."""
    piece = catalog.cards.get(ident) or catalog.characters.get(ident)
    if piece is not None:
        return piece.name.get(lang)
    return ident


def namer(catalog: Catalog, lang: str) -> Callable[[str], str]:
    return lambda ident: piece_name(catalog, ident, lang)


def keywords_in(text: str) -> list[str]:
    """The keywords a card text uses, in the order of `KEYWORDS`."""
    low = text.lower()
    return [k for k, words in KEYWORDS.items() if any(w in low for w in words)]


def card_lines(catalog: Catalog, ident: str, lang: str, tr: Tr) -> tuple[str, str, list[str]]:
    """(title, the card's text, the explanations of its keywords) for a hover box."""
    card = catalog.cards.get(ident)
    if card is not None:
        kind = tr(f"planet_ui.type.{card.type.value}")
        factions = " / ".join(tr(f"planet_ui.faction.{f.value}") for f in card.factions)
        head = tr("planet_ui.card_head", name=card.name.get(lang), type=kind, cost=card.cost)
        body = card.text.get(lang)
        if card.type.value == "evolution":
            body = tr(
                "planet_ui.evolution_numbers",
                rank=tr(f"planet_ui.rank.{card.rank.label}"),
                b=card.b_power,
                d=card.damage,
                text=body,
            )
        body = f"{factions}. {body}" if factions else body
        words = [tr(f"planet_ui.kw.{k}") for k in keywords_in(card.text.en + card.text.ru)]
        if card.type.value in ("hero", "evolution", "flip"):
            words.insert(0, tr(f"planet_ui.kw.{card.type.value}"))
        return head, body, words
    char = catalog.characters.get(ident)
    if char is not None:
        factions = " / ".join(tr(f"planet_ui.faction.{f.value}") for f in char.factions)
        cores = ", ".join(tr(f"planet_demo.core_{c.value}") for c in char.cores)
        head = tr("planet_ui.character_head", name=char.name.get(lang), factions=factions)
        body = tr(
            "planet_ui.character_numbers",
            b=char.b_power,
            d=char.damage,
            cores=cores,
            text=char.text.get(lang),
        )
        words = [tr(f"planet_ui.kw.{k}") for k in keywords_in(char.text.en + char.text.ru)]
        return head, body, words
    core = catalog.cores.get(ident)
    if core is not None:
        head = tr("planet_ui.core_head", type=tr(f"planet_demo.core_{core.type.value}"))
        return head, core_label(catalog, ident, tr), [tr("planet_ui.kw.core")]
    return ident, "", []


def core_label(catalog: Catalog, ident: str, tr: Tr, short: bool = False) -> str:
    """A core's back in words: its B-Power, damage and faction bonus (`short`: with
    the letters B and D, for a button)."""
    c = catalog.cores[ident]
    b_key, d_key = (
        ("planet_ui.short_b", "planet_ui.short_d")
        if short
        else (
            "planet_ui.plus_b",
            "planet_ui.plus_d",
        )
    )
    parts = []
    if c.b_power or not (c.damage or c.bonus_factions):
        parts.append(tr(b_key, value=c.b_power))
    if c.damage:
        parts.append(tr(d_key, value=c.damage))
    if c.bonus_factions:
        who = "/".join(tr(f"planet_ui.faction.{f.value}") for f in c.bonus_factions)
        bonus = []
        if c.bonus_b:
            bonus.append(tr(b_key, value=c.bonus_b))
        if c.bonus_d:
            bonus.append(tr(d_key, value=c.bonus_d))
        parts.append(f"{who}: {' '.join(bonus)}")
    if c.frost:
        parts.append(f"{tr('planet_ui.kw_name.frost_strike')} {c.frost}")
    if c.shadow:
        parts.append(tr("planet_ui.kw_name.shadow_strike"))
    return ", ".join(parts)


def phase_name(phase: Phase, tr: Tr) -> str:
    return tr(f"planet_ui.phase.{phase.value}")


def event_lines(
    event: ev.Event, state: PlanetState, viewer: int | None, lang: str, tr: Tr
) -> list[str]:
    """An event in words as `viewer` may see it (None: nobody's secrets); [] for the
    bookkeeping ones."""
    seen = ev.redact(event, viewer if viewer is not None else -1)
    if isinstance(seen, ev.Picked) and seen.character == ev.HIDDEN:
        return [tr("planet_ui.rolls_hidden", player=seen.player + 1)]
    if isinstance(seen, ev.NotOpened) and seen.character == ev.HIDDEN:
        return [tr("planet_ui.closed_hidden", player=seen.player + 1)]
    lines: list[str] = []

    def say(key: str, **fields: object) -> None:
        lines.append(tr(key if "." in key else f"planet_demo.{key}", **fields))

    tell_event(seen, state, say, namer(state.catalog, lang), lang)
    return lines


__all__ = [
    "ALWAYS",
    "KEYWORDS",
    "card_lines",
    "core_label",
    "event_lines",
    "keywords_in",
    "namer",
    "phase_name",
    "piece_name",
]
