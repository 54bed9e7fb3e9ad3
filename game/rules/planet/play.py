"""Which cards a player may play now, with which targets, at what cost; and paying.

Actions, Heroes and Evolutions are played from hand in the card-play steps; a Flip never
is (only when damage mills it). Paying turns charged Energy sideways, after spending the
turn's extra Energy first; a free play (a card's «play ... free») is used by the next
card it fits. An Evolution goes on its own Character of the species it names: a base
Bakugan may take any rank, Hyper < Titan < Maximus never step down, a Diamond goes on
anything and anything goes on a Diamond.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from game.rules.api import Reason

from .actions import PlayCard
from .defs import CardDef, CardPlay, CardType, Rank
from .effects import (
    BATCH_ITEM,
    CORE,
    OPEN_BAKUGAN,
    OPPONENT_HERO,
    OPPONENT_VICTOR,
    OWN_CHARACTER,
    SIDE,
    names_sacrifice,
    play_targets,
)
from .hexgrid import hex_str
from .power import condition
from .zones import CARD, Bakugan, Side

if TYPE_CHECKING:
    from .state import PlanetState


def rank_of(state: PlanetState, b: Bakugan) -> Rank:
    return state.catalog.cards[b.evolutions[-1]].rank if b.evolutions else Rank.BASE


def evolution_fits(state: PlanetState, b: Bakugan, card: CardDef) -> bool:
    if state.catalog.characters[b.character].species != card.species:
        return False
    now = rank_of(state, b)
    if now in (Rank.BASE, Rank.DIAMOND) or card.rank is Rank.DIAMOND:
        return True
    return card.rank >= now


def _credit(side: Side, card: CardDef) -> int | None:
    """The index of the free play this card would use, or None."""
    for i, faction in enumerate(side.credits):
        if not faction or any(f.value == faction for f in card.factions):
            return i
    return None


def cost_of(state: PlanetState, player: int, card: CardDef) -> int:
    """What playing `card` from hand costs `player` now."""
    side = state.sides[player]
    if _credit(side, card) is not None:
        return 0
    if card.free_if is not None and condition(state, card.free_if, player, None, None):
        return 0
    return card.cost


def flip_cost(state: PlanetState, player: int, card: CardDef) -> int:
    """A milled Flip's cost: its own (0 when its free condition holds) plus the Frost
    Strike of the attacking Bakugan (all of them in a Team Attack), as it stood when
    the milling (re)started: nothing can change it while cards are being milled."""
    base = card.cost
    if card.free_if is not None and condition(state, card.free_if, player, None, None):
        base = 0
    return base + (state.damage.frost if state.damage is not None else 0)


def pay(side: Side, cost: int, card: CardDef | None = None) -> None:
    """Pay `cost`: a free play if the card uses one, else the turn's extra Energy first,
    then charged Energy cards, first energized first."""
    if card is not None:
        at = _credit(side, card)
        if at is not None:
            side.credits.pop(at)
            return
    from_pool = min(side.pool, cost)
    side.pool -= from_pool
    cost -= from_pool
    for i, charged in enumerate(side.charged):
        if cost == 0:
            break
        if charged:
            side.charged[i] = False
            cost -= 1


def _target_options(state: PlanetState, player: int, card: CardDef, kind: str) -> list[str]:
    me, other = state.sides[player], state.sides[1 - player]
    if kind == OWN_CHARACTER:
        return [f"p{player}:{b.character}" for b in me.bakugan if evolution_fits(state, b, card)]
    if kind == SIDE:
        return ["p0", "p1"]
    if kind == BATCH_ITEM:
        want = next(e.params["card"] for e in card.effects if e.kind == "negate")
        return [
            f"#{i}"
            for i, item in enumerate(state.batch)
            if item.kind == CARD
            and item.player != player
            and (want == "any" or state.catalog.cards[item.card].type.value == want)
        ]
    if kind == OPPONENT_HERO:
        cap = min(
            (e.params.get("max_cost", 99) for e in card.effects if e.kind == "destroy_hero"),
            default=99,
        )
        return [
            f"p{1 - player}:{h.card}"
            for h in other.heroes
            if state.catalog.cards[h.card].cost <= cap
        ]
    if kind == CORE:
        return [hex_str(h) for h, core in state.matrix.items() if not core.held_by]
    if kind == OPEN_BAKUGAN:
        return [f"p{q}:{b.character}" for q in (0, 1) for b in state.sides[q].bakugan if b.open]
    if kind == OPPONENT_VICTOR:
        return [
            f"p{1 - player}:{b.character}"
            for b in other.bakugan
            if b.open and other.picked != b.character
        ]
    return []


def plays_of(
    state: PlanetState, player: int, card_id: str, available: int | None = None
) -> list[PlayCard]:
    """Every legal way to play `card_id` from `player`'s hand now (none if it cannot)."""
    side = state.sides[player]
    card = state.catalog.cards[card_id]
    if card.type is CardType.FLIP or card.type is CardType.CHARACTER:
        return []
    if available is None:
        available = side.available()
    if card.cost > available and not side.credits and card.free_if is None:
        return []  # the quick answer for most cards in most steps
    if cost_of(state, player, card) > available:
        return []
    kinds = play_targets(card)
    if BATCH_ITEM in kinds and state.settings.card_play is CardPlay.FREE:
        return []  # nothing is ever in a batch to answer under the seed's reading
    options = [_target_options(state, player, card, k) for k in kinds]
    if any(not o for o in options):
        return []
    sacrifices: list[str | None] = [None]
    if names_sacrifice(card):
        rest = list(side.hand)
        rest.remove(card_id)
        sacrifices += sorted(set(rest))
    return [
        PlayCard(player, card_id, tuple(targets), sac)
        for targets in product(*options)
        for sac in sacrifices
    ]


def legal_plays(state: PlanetState, player: int) -> list[PlayCard]:
    out: list[PlayCard] = []
    side = state.sides[player]
    available = side.available()
    for card_id in sorted(set(side.hand)):
        out.extend(plays_of(state, player, card_id, available))
    return out


def play_problem(state: PlanetState, action: PlayCard) -> Reason:
    """Why `action` (not among the legal plays) cannot be played now."""
    cat = state.catalog
    side = state.sides[action.player]
    if action.card not in side.hand:
        return Reason(
            f"{action.card} is not in p{action.player}'s hand", "not_in_hand", card=action.card
        )
    card = cat.cards[action.card]
    if card.type is CardType.FLIP:
        return Reason("a Flip is never played from hand", "flip_from_hand", card=action.card)
    cost = cost_of(state, action.player, card)
    if cost > side.available():
        return Reason(
            f"{action.card} costs {cost}, p{action.player} has {side.available()} Energy",
            "energy",
            cost=cost,
            has=side.available(),
        )
    if card.type is CardType.EVOLUTION and not any(
        evolution_fits(state, b, card) for b in side.bakugan
    ):
        return Reason(
            f"{action.card} fits none of p{action.player}'s Characters (species or rank)",
            "evolution",
            card=action.card,
        )
    if action.sacrifice is not None and action.sacrifice not in [
        c for c in side.hand if c != action.card
    ] + ([action.card] if side.hand.count(action.card) > 1 else []):
        return Reason(
            f"{action.sacrifice} is not in hand to sacrifice", "sacrifice", card=action.sacrifice
        )
    return Reason(f"{action} names targets the card cannot take now", "targets", card=action.card)
