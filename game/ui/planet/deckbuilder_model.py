"""What the deck builder holds and asks, without drawing: the draft deck, the card
browser's filters, and the reasons a card or a Bakugan cannot go in.

Every reason comes from the rules core's `kit_problems` (one source of truth): a card
is refused when the kit with that card added has a problem about that card (copies,
faction, a Character) or more than 40 cards. This module only says them in the
player's language (`problem_text`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.persist.decks import Deck
from game.rules.planet.defs import (
    CORES_PER_KIT,
    DECK_SIZE,
    TEAM_SIZE,
    CardDef,
    CardType,
    Catalog,
    CoreDef,
    CoreType,
    Faction,
    Kit,
    PresetDeck,
)
from game.rules.planet.kit import KitProblem, kit_problems

DECK_TYPES = (CardType.ACTION, CardType.HERO, CardType.EVOLUTION, CardType.FLIP)
COSTS = (0, 1, 2, 3, 4, 5)
TOP_COST = COSTS[-1]  # the last cost filter is "this or more"
Tr = Callable[..., str]


@dataclass(frozen=True, slots=True)
class Filters:
    """The card browser's filters; None: any."""

    faction: Faction | None = None
    type: CardType | None = None
    cost: int | None = None
    text: str = ""


def browse(catalog: Catalog, filters: Filters, lang: str) -> list[CardDef]:
    """The deck cards that pass `filters`, by faction, type, cost and name."""
    needle = filters.text.strip().casefold()
    factions = list(Faction)
    out = []
    for card in catalog.cards.values():
        if filters.faction is not None and filters.faction not in card.factions:
            continue
        if filters.type is not None and card.type is not filters.type:
            continue
        if filters.cost is not None:
            if filters.cost >= TOP_COST and card.cost < TOP_COST:
                continue
            if filters.cost < TOP_COST and card.cost != filters.cost:
                continue
        if needle:
            words = " ".join((card.id, card.name.get(lang), card.text.get(lang))).casefold()
            if needle not in words:
                continue
        out.append(card)
    out.sort(
        key=lambda c: (
            min(factions.index(f) for f in c.factions),
            DECK_TYPES.index(c.type),
            c.cost,
            c.name.get(lang),
        )
    )
    return out


_ORDER: dict[int, dict[str, int]] = {}  # catalog id -> card id -> place in the browser


@dataclass
class Draft:
    """The deck being built: three Character slots (None: empty), the six BakuCores
    that follow them, the cards; `path` is its file once saved."""

    catalog: Catalog
    name: str
    characters: list[str | None] = field(default_factory=lambda: [None] * TEAM_SIZE)
    cores: list[str | None] = field(default_factory=lambda: [None] * CORES_PER_KIT)
    cards: list[str] = field(default_factory=list)
    path: Path | None = None  # the deck's file, None until saved
    dirty: bool = False

    # ------------------------------------------------------------ reading

    def kit(self, cards: list[str] | None = None) -> Kit:
        return Kit(
            tuple(c for c in self.characters if c is not None),
            tuple(c for c in self.cores if c is not None),
            tuple(self.cards if cards is None else cards),
        )

    def problems(self) -> list[KitProblem]:
        """Why the deck is not yet legal (empty: it is), from the rules core."""
        return kit_problems(self.kit(), self.catalog)

    def count(self, card: str) -> int:
        return self.cards.count(card)

    def counts(self) -> list[tuple[str, int]]:
        """Each card in the deck with its copies, in the browser's order."""
        order = _ORDER.get(id(self.catalog))
        if order is None:
            every = browse(self.catalog, Filters(), "en")
            order = _ORDER[id(self.catalog)] = {c.id: i for i, c in enumerate(every)}
        have = Counter(self.cards)
        return sorted(have.items(), key=lambda kv: order.get(kv[0], len(order)))

    def refusal(self, card: str) -> KitProblem | None:
        """Why `card` cannot go in now (None: it can), as the rules core says it."""
        for p in kit_problems(self.kit([*self.cards, card]), self.catalog):
            if p.card == card and p.code != "deck_size":
                return p
            if p.code == "deck_size" and int(str(p.get("has", 0))) > DECK_SIZE:
                return p
        return None

    def character_refusal(self, slot: int, character: str) -> KitProblem | None:
        """Why `character` cannot take `slot` (None: it can): the same Bakugan as
        another of the team."""
        trial = list(self.characters)
        trial[slot] = character
        kit = Kit(tuple(c for c in trial if c is not None), (), ())
        for p in kit_problems(kit, self.catalog):
            if p.code == "same_bakugan" and character in (p.card, p.get("other")):
                return p
        return None

    def core_types(self, slot: int) -> tuple[CoreType, CoreType] | None:
        """The two BakuCores the Character of `slot` names (None: no Character)."""
        ident = self.characters[slot]
        return None if ident is None else self.catalog.characters[ident].cores

    # ------------------------------------------------------------ changing

    def set_character(self, slot: int, character: str | None) -> None:
        """Put `character` in `slot`; the BakuCores follow the team's symbols."""
        self.characters[slot] = character
        self._follow_cores()
        self.dirty = True

    def _of_type(self, kind: CoreType) -> list[str]:
        return sorted(c.id for c in self.catalog.cores.values() if c.type is kind)

    def _follow_cores(self, pool: tuple[str, ...] = ()) -> None:
        """Each Character's two slots hold a core of each type it names: a core already
        in its place of that type stays (the player's pick), then one of `pool` (and of
        the cores that lost their place) of that type, then the first one not in use."""
        old = list(self.cores)
        new: list[str | None] = [None] * CORES_PER_KIT
        wanted = [
            (slot * 2 + i, kind)
            for slot in range(TEAM_SIZE)
            for i, kind in enumerate(self.core_types(slot) or ())
        ]
        for at, kind in wanted:
            keep = old[at]
            known = keep is not None and keep in self.catalog.cores
            if known and self.catalog.cores[str(keep)].type is kind:
                new[at] = keep
        spare = [c for c in (*pool, *old) if c is not None and c in self.catalog.cores]
        for c in new:
            if c in spare:
                spare.remove(c)
        for at, kind in wanted:
            if new[at] is None:
                mine = next((c for c in spare if self.catalog.cores[c].type is kind), None)
                if mine is not None:
                    spare.remove(mine)
                    new[at] = mine
        for at, kind in wanted:
            if new[at] is None:
                options = self._of_type(kind)
                free = [c for c in options if c not in new] or options
                new[at] = free[0] if free else None
        self.cores = new

    def cycle_core(self, at: int, step: int = 1) -> None:
        """The core slot `at` takes the next BakuCore of its type (one not in use)."""
        current = self.cores[at]
        if current is None:
            return
        options = self._of_type(self.catalog.cores[current].type)
        used = {c for i, c in enumerate(self.cores) if i != at}
        start = options.index(current)
        for k in range(1, len(options) + 1):
            trial = options[(start + step * k) % len(options)]
            if trial not in used or k == len(options):
                self.cores[at] = trial
                self.dirty = True
                return

    def add(self, card: str) -> KitProblem | None:
        """Add one copy of `card`, or say why not (the deck is then unchanged)."""
        why = self.refusal(card)
        if why is None:
            self.cards.append(card)
            self.dirty = True
        return why

    def remove(self, card: str) -> bool:
        """Take one copy of `card` out (the last one added); False if none is in."""
        for i in range(len(self.cards) - 1, -1, -1):
            if self.cards[i] == card:
                del self.cards[i]
                self.dirty = True
                return True
        return False

    # ------------------------------------------------------------ files

    def to_deck(self) -> Deck:
        kit = self.kit()
        return Deck(self.name, kit.characters, kit.cores, kit.deck)

    @staticmethod
    def from_deck(catalog: Catalog, deck: Deck, path: Path | None = None) -> Draft:
        chars: list[str | None] = list(deck.characters[:TEAM_SIZE])
        chars += [None] * (TEAM_SIZE - len(chars))
        cores: list[str | None] = list(deck.cores[:CORES_PER_KIT])
        cores += [None] * (CORES_PER_KIT - len(cores))
        draft = Draft(catalog, deck.name, chars, [None] * CORES_PER_KIT, list(deck.cards), path)
        if all(c in catalog.characters for c in chars):
            draft._follow_cores(deck.cores)  # (each of the file's cores to a slot of its type)
        else:
            draft.cores = cores
        return draft

    @staticmethod
    def from_preset(catalog: Catalog, preset: PresetDeck, lang: str) -> Draft:
        kit = preset.kit
        draft = Draft.from_deck(
            catalog, Deck(preset.name.get(lang), kit.characters, kit.cores, kit.deck)
        )
        draft.dirty = True
        return draft


def name_of(catalog: Catalog, ident: object, lang: str) -> str:
    """A card's, Character's or BakuCore's name as the player reads it."""
    key = str(ident)
    piece = catalog.cards.get(key) or catalog.characters.get(key)
    if piece is not None:
        return piece.name.get(lang)
    return key


def problem_text(problem: KitProblem, catalog: Catalog, lang: str, tr: Tr) -> str:
    """The rules core's `problem` in the player's words."""
    params = dict(problem.params)
    for key in ("card", "other"):
        if key in params:
            params[key] = name_of(catalog, params[key], lang)
    if "factions" in params:
        params["factions"] = "/".join(
            tr(f"deckbuilder.faction.{f}") for f in str(params["factions"]).split("/")
        )
    code = problem.code
    if code == "deck_size" and int(str(params.get("has", 0))) > DECK_SIZE:
        code = "deck_full"
    if code == "same_bakugan" and params.get("card") == params.get("other"):
        code = "same_bakugan_twice"  # one name twice says nothing: say it is there already
    text: str = tr(f"deckbuilder.problem.{code}", **params)
    return text


def core_text(core: CoreDef, tr: Tr) -> str:
    """A BakuCore's back in the player's words: its kind, B-Power and damage, the bonus
    for Bakugan of some factions, the statuses a Helix gives."""
    parts = []
    if core.b_power or not (core.damage or core.bonus_factions):
        parts.append(tr("deckbuilder.b_power", n=f"{core.b_power:+d}"))
    if core.damage:
        parts.append(tr("deckbuilder.damage", n=f"{core.damage:+d}"))
    if core.bonus_factions:
        who = "/".join(tr(f"deckbuilder.faction.{f.value}") for f in core.bonus_factions)
        bonus = [tr("deckbuilder.b_power", n=f"{core.bonus_b:+d}")] if core.bonus_b else []
        bonus += [tr("deckbuilder.damage", n=f"{core.bonus_d:+d}")] if core.bonus_d else []
        parts.append(f"{who}: {' '.join(bonus)}")
    if core.frost:
        parts.append(tr("deckbuilder.frost", n=core.frost))
    if core.shadow:
        parts.append(tr("deckbuilder.shadow"))
    kind: str = tr(f"deckbuilder.core.{core.type.value}")
    return f"{kind}: {', '.join(parts)}"
