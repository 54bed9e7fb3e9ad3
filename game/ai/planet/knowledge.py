"""What a Battle Planet bot knows, and the worlds it imagines from it.

A bot is handed `observation(player)` and nothing else (and, like any player, it knows
its own kit: the forty cards, three Characters and six BakuCores it brought). Every card
is in exactly one zone, so what a player has not seen of a kit is exactly what lies in
its hidden zones: one's own deck; the opponent's hand, deck and Energy faces. `DeckBook`
guesses those hidden cards and draws a `Guess` that `game.rules.planet.worlds.world`
turns into a whole state:

- the opponent's kit: the shipped preset decks are public (everybody knows the decks in
  the box), so it keeps those that fit everything seen (his face-up Characters in their
  seats, the types and revealed backs of his cores, every card of his seen: discard,
  Heroes, Evolutions, the batch) and draws one per world; when none fits (a deck of his
  own) it draws the unseen cards among the catalog's cards of the factions seen, at
  most three copies each, his face-down Characters among those whose core symbols fit
  his cores' types, his hidden core backs among the catalog's cores of their type;
- one's own deck: the kit minus what is seen, in a random order;
- the opponent's choice in a step both take at once, when the view says he has made
  it: drawn as he would likely make it from his guessed hand (`opponent_commit`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from game.rules.planet import (
    Action,
    CardType,
    Catalog,
    Energize,
    Kit,
    Observation,
    Phase,
    Pick,
    PlanetState,
)
from game.rules.planet.defs import MAX_COPIES
from game.rules.planet.worlds import Guess, world


def seen_cards(obs: Observation, player: int) -> Counter[str]:
    """Every card of `player`'s kit in a zone the view shows (for the viewer himself
    his hand and Energy faces too)."""
    side = obs.sides[player]
    seen: Counter[str] = Counter(side.discard)
    for view in obs.sides:
        seen.update(card for card, owner in view.heroes if owner == player)
    for b in side.bakugan:
        seen.update(b.evolutions)
    seen.update(item.card for item in obs.batch if item.kind == "card" and item.player == player)
    if side.hand is not None:
        seen.update(side.hand)
    if side.energy is not None:
        seen.update(side.energy)
    return seen


def _fits(kit: Kit, obs: Observation, player: int, seen: Counter[str]) -> bool:
    side = obs.sides[player]
    for i, b in enumerate(side.bakugan):
        if b.character is not None and (
            i >= len(kit.characters) or kit.characters[i] != b.character
        ):
            return False
    return not seen - Counter(kit.deck)


def weakest(catalog: Catalog, hand: Sequence[str]) -> str | None:
    """The card of a hand a player parts with first (Energy, a discard): a Flip (it is
    never played from hand), else the cheapest Action, else the cheapest card."""
    if not hand:
        return None

    def keep(card: str) -> tuple[int, int, str]:
        cd = catalog.cards[card]
        kind = 0 if cd.type is CardType.FLIP else (1 if cd.type is CardType.ACTION else 2)
        return (kind, cd.cost, card)

    return min(hand, key=keep)


def opponent_commit(
    catalog: Catalog, obs: Observation, guess: Guess, rng: random.Random
) -> Action | None:
    """The choice the opponent likely made in the step both take at once, read from his
    guessed cards only, never from the viewer's own choice: Energy from his weakest
    card; the Bakugan to roll drawn with weights by its printed B-Power and damage."""
    q = 1 - obs.viewer
    if obs.phase is Phase.ENERGIZE:
        return Energize(q, weakest(catalog, guess.hand))
    if obs.phase is Phase.SELECT:
        views = obs.sides[q].bakugan
        closed = [c for c, b in zip(guess.characters, views, strict=True) if not b.open]
        closed = closed or list(guess.characters)
        weights = []
        for c in closed:
            cd = catalog.characters[c]
            weights.append(1.0 + cd.b_power / 200.0 + cd.damage / 2.0)
        return Pick(q, rng.choices(closed, weights)[0])
    return None


class DeckBook:
    """Draws the hidden parts of a view: the `Guess` of one world."""

    def __init__(self, catalog: Catalog, own_kit: Kit | None = None) -> None:
        self.catalog = catalog
        self.own_kit = own_kit
        self._presets = [catalog.presets[name].kit for name in sorted(catalog.presets)]

    # -- kits ------------------------------------------------------------------------

    def _cores_fit(self, kit: Kit, obs: Observation, player: int) -> bool:
        cores = self.catalog.cores
        placed = [c for c in obs.matrix if c.owner == player]
        if Counter(c.type for c in placed) != Counter(cores[c].type.value for c in kit.cores):
            return False
        backs = Counter(c.core for c in placed if c.core is not None)
        return not backs - Counter(kit.cores)

    def kits_fitting(self, obs: Observation, player: int) -> list[Kit]:
        """The preset kits `player` may have brought, given everything in view."""
        if player == obs.viewer and self.own_kit is not None:
            return [self.own_kit]
        seen = seen_cards(obs, player)
        return [
            kit
            for kit in self._presets
            if _fits(kit, obs, player, seen) and self._cores_fit(kit, obs, player)
        ]

    # -- the guess -------------------------------------------------------------------

    def guess(self, obs: Observation, rng: random.Random) -> Guess:
        """One guess of everything the view hides (the opponent's choice left out)."""
        me, q = obs.viewer, 1 - obs.viewer
        own_unseen = self._unseen(obs, me, rng, None)
        rng.shuffle(own_unseen)
        kits = self.kits_fitting(obs, q)
        kit = kits[rng.randrange(len(kits))] if kits else None
        unseen = self._unseen(obs, q, rng, kit)
        rng.shuffle(unseen)
        other = obs.sides[q]
        hand = unseen[: other.hand_count]
        deck = unseen[other.hand_count : other.hand_count + other.deck_count]
        energy = unseen[other.hand_count + other.deck_count :]
        return Guess(
            tuple(own_unseen),
            tuple(hand),
            tuple(deck),
            tuple(energy),
            self._characters(obs, q, kit, rng),
            self._backs(obs, q, kit, rng),
        )

    def world(self, obs: Observation, rng: random.Random) -> PlanetState:
        """A whole state that looks exactly like `obs`, its hidden parts drawn."""
        guess = self.guess(obs, rng)
        if obs.sides[1 - obs.viewer].committed and obs.phase in (Phase.ENERGIZE, Phase.SELECT):
            guess = replace(guess, commit=opponent_commit(self.catalog, obs, guess, rng))
        return world(obs, self.catalog, guess, rng.getrandbits(32))

    def _unseen(
        self, obs: Observation, player: int, rng: random.Random, kit: Kit | None
    ) -> list[str]:
        side = obs.sides[player]
        need = side.deck_count + (
            0 if player == obs.viewer else side.hand_count + len(side.charged)
        )
        seen = seen_cards(obs, player)
        if player == obs.viewer:
            kits = self.kits_fitting(obs, player)
            kit = kits[0] if kits else None
        if kit is not None:
            rest = Counter(kit.deck) - seen
            cards = sorted(rest.elements())
            if len(cards) == need:
                return cards
        return self._from_pool(obs, player, seen, need, rng)

    def _factions(self, obs: Observation, player: int, seen: Counter[str]) -> set[str]:
        side = obs.sides[player]
        found = {
            f.value
            for b in side.bakugan
            if b.character is not None
            for f in self.catalog.characters[b.character].factions
        }
        for card in seen:
            found.update(f.value for f in self.catalog.cards[card].factions)
        return found

    def _from_pool(
        self, obs: Observation, player: int, seen: Counter[str], need: int, rng: random.Random
    ) -> list[str]:
        """`need` cards a deck of the factions seen may hold besides those seen."""
        factions = self._factions(obs, player, seen)
        pool = [
            cd.id
            for cd in sorted(self.catalog.cards.values(), key=lambda c: c.id)
            if cd.type is not CardType.CHARACTER
            and (not factions or any(f.value in factions for f in cd.factions))
        ]
        copies = [c for c in pool for _ in range(max(0, MAX_COPIES - seen[c]))]
        rng.shuffle(copies)
        while len(copies) < need:  # a tiny pool: repeat it (only a guess)
            copies += pool or sorted(self.catalog.cards)
        return copies[:need]

    def _characters(
        self, obs: Observation, player: int, kit: Kit | None, rng: random.Random
    ) -> tuple[str, ...]:
        side = obs.sides[player]
        known = [b.character for b in side.bakugan]
        if kit is not None:
            return tuple(kit.characters)
        types = Counter(c.type for c in obs.matrix if c.owner == player)
        for b in known:
            if b is not None:
                types.subtract(t.value for t in self.catalog.characters[b].cores)
        out: list[str] = []
        chars = sorted(self.catalog.characters.values(), key=lambda c: c.id)
        for b in known:
            if b is not None:
                out.append(b)
                continue
            fitting = [
                c.id
                for c in chars
                if c.id not in out
                and c.id not in known
                and not Counter(t.value for t in c.cores) - +types
            ]
            choice = fitting[rng.randrange(len(fitting))] if fitting else chars[0].id
            types.subtract(t.value for t in self.catalog.characters[choice].cores)
            out.append(choice)
        return tuple(out)

    def _backs(
        self, obs: Observation, player: int, kit: Kit | None, rng: random.Random
    ) -> dict[tuple[int, int], str]:
        hidden = [c for c in obs.matrix if c.core is None]
        if not hidden:
            return {}
        cores = self.catalog.cores
        left: Counter[str] = Counter(kit.cores) if kit is not None else Counter()
        left -= Counter(c.core for c in obs.matrix if c.owner == player and c.core is not None)
        out = {}
        for c in hidden:
            mine = sorted(x for x in left.elements() if cores[x].type.value == c.type)
            if mine:
                back = mine[rng.randrange(len(mine))]
                left[back] -= 1
            else:
                kind = sorted(x for x, d in cores.items() if d.type.value == c.type)
                back = kind[rng.randrange(len(kind))]
            out[c.hex] = back
        return out
