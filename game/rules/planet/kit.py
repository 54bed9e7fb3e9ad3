"""What a player brings (seed 003, «Что нужно для игры?»), checked with every reason:

- 3 Bakugan with their Character cards, all different: not the same name and faction
  both (Pyrus Dragonoid with Aquos Dragonoid, or with Pyrus Dragonoid Ultra, is fine);
- 6 BakuCores matching the two cores printed on each Character;
- a deck of exactly 40 cards, at most 3 of one card, only of the factions of one's
  Bakugan (a card of two factions counts as each, so one shared faction is enough);
  a Character never goes into the deck.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.rules.api import GameError

from .defs import CORES_PER_KIT, DECK_SIZE, MAX_COPIES, TEAM_SIZE, CardType, Catalog, Kit


class InvalidKit(GameError, ValueError):
    """A player's kit breaks the rules of what a player brings; lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class KitProblem:
    """One thing wrong with a kit: the kit's `field` (``characters``, ``cores``,
    ``deck``), a short `code` and its `params`, so a screen can say it in the player's
    language; `str()` is the English line `check_kit` gives (the card or Character the
    problem is about, if any, is `params["card"]`)."""

    field: str
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        return dict(self.params).get(name, default)

    @property
    def card(self) -> str | None:
        value = self.get("card")
        return value if isinstance(value, str) else None

    def __str__(self) -> str:
        code = self.code
        if code == "same_bakugan" and self.get("card") == self.get("other"):
            code = "same_bakugan_twice"  # (one Character card twice: no second name)
        return f"{self.field}: " + _ENGLISH[code].format(**dict(self.params))


_ENGLISH = {
    "team_size": "need exactly {need} Bakugan, has {has}",
    "unknown_character": "unknown Character {card!r}",
    "same_bakugan": "{card} is the same Bakugan as {other} (same name and faction)",
    "same_bakugan_twice": "{card} is in the team twice: a team is three different Bakugan",
    "core_count": "need exactly {need} BakuCores, has {has}",
    "unknown_core": "unknown BakuCore {card!r}",
    "core_types": "the Characters name {want}; the kit has {has}",
    "deck_size": "needs exactly {need} cards, has {has}",
    "character_in_deck": "{card} is a Character card; Characters are not in the deck",
    "unknown_card": "unknown card {card!r}",
    "copies": "{has} copies of {card}, at most {need}",
    "faction": "{card} is {factions}, not a faction of the team's Bakugan",
}


def _p(field: str, code: str, **params: object) -> KitProblem:
    return KitProblem(field, code, tuple(params.items()))


def kit_problems(kit: Kit, catalog: Catalog) -> list[KitProblem]:
    """Every problem with `kit` (empty when it is legal), each as a `KitProblem`."""
    problems: list[KitProblem] = []
    chars = [catalog.characters.get(c) for c in kit.characters]
    if len(kit.characters) != TEAM_SIZE:
        problems.append(_p("characters", "team_size", need=TEAM_SIZE, has=len(kit.characters)))
    for cid, cdef in zip(kit.characters, chars, strict=True):
        if cdef is None:
            problems.append(_p("characters", "unknown_character", card=cid))
    known = [c for c in chars if c is not None]
    seen: dict[object, str] = {}
    for c in known:
        if c.identity in seen:
            problems.append(_p("characters", "same_bakugan", card=c.id, other=seen[c.identity]))
        else:
            seen[c.identity] = c.id
    if len(kit.cores) != CORES_PER_KIT:
        problems.append(_p("cores", "core_count", need=CORES_PER_KIT, has=len(kit.cores)))
    core_types: Counter[str] = Counter()
    for core in kit.cores:
        core_def = catalog.cores.get(core)
        if core_def is None:
            problems.append(_p("cores", "unknown_core", card=core))
        else:
            core_types[core_def.type.value] += 1
    if len(known) == len(kit.characters):
        wanted: Counter[str] = Counter(t.value for c in known for t in c.cores)
        if all(core in catalog.cores for core in kit.cores) and core_types != wanted:
            want = ", ".join(f"{n} {t}" for t, n in sorted(wanted.items()))
            has = ", ".join(f"{n} {t}" for t, n in sorted(core_types.items()))
            problems.append(_p("cores", "core_types", want=want, has=has))
    if len(kit.deck) != DECK_SIZE:
        problems.append(_p("deck", "deck_size", need=DECK_SIZE, has=len(kit.deck)))
    factions = {f for c in known for f in c.factions}
    for card, n in sorted(Counter(kit.deck).items()):
        if card in catalog.characters:
            problems.append(_p("deck", "character_in_deck", card=card))
            continue
        cd = catalog.cards.get(card)
        if cd is None:
            problems.append(_p("deck", "unknown_card", card=card))
            continue
        if n > MAX_COPIES:
            problems.append(_p("deck", "copies", card=card, has=n, need=MAX_COPIES))
        if known and not factions.intersection(cd.factions):
            names = "/".join(f.value for f in cd.factions)
            problems.append(_p("deck", "faction", card=card, factions=names))
    return problems


def check_kit(kit: Kit, catalog: Catalog) -> list[str]:
    """Every problem with `kit` (empty when it is legal), one English line each."""
    return [str(p) for p in kit_problems(kit, catalog)]


def random_kit(catalog: Catalog, rng: random.Random) -> Kit:
    """A random legal kit: a preset deck's kit when there are presets, else three
    Characters of one faction pair, matching cores, 40 cards of their factions."""
    if catalog.presets:
        names = sorted(catalog.presets)
        return catalog.presets[names[rng.randrange(len(names))]].kit
    chars = sorted(catalog.characters.values(), key=lambda c: c.id)
    rng.shuffle(chars)
    team: list[str] = []
    ids: set[object] = set()
    for c in chars:
        if c.identity not in ids:
            team.append(c.id)
            ids.add(c.identity)
        if len(team) == TEAM_SIZE:
            break
    factions = {f for c in team for f in catalog.characters[c].factions}
    cores: list[str] = []
    by_type = sorted(catalog.cores.values(), key=lambda c: c.id)
    for cid in team:
        for t in catalog.characters[cid].cores:
            options = [x.id for x in by_type if x.type is t]
            cores.append(options[rng.randrange(len(options))])
    pool = sorted(
        cd.id
        for cd in catalog.cards.values()
        if factions.intersection(cd.factions) and cd.type is not CardType.CHARACTER
    )
    deck: list[str] = []
    while len(deck) < DECK_SIZE and pool:
        card = pool[rng.randrange(len(pool))]
        if deck.count(card) < MAX_COPIES:
            deck.append(card)
        elif all(deck.count(c) >= MAX_COPIES for c in pool):
            break
    return Kit(tuple(team), tuple(cores), tuple(deck))
