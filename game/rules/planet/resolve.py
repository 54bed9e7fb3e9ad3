"""What a card or a triggered text does when it resolves: one handler per primitive.

A part that cannot be done (no card to draw, the target gone) is skipped and the rest
still happens (the official "Ultimate Rules"). Stat primitives become turn-long changes
(`TurnMod`) that `power.py` reads; the others act at once. While a milled Flip is in the
batch, the attacker's cards that would change his Bakugan's damage have no effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import events as ev
from .defs import CardDef, CardType, Effect, Trigger
from .hexgrid import parse_hex
from .power import condition_label, factions_of, holds_for
from .zones import CARD, Bakugan, Hero, Item, TurnMod

if TYPE_CHECKING:
    from .state import PlanetState

Events = list[ev.Event]


class Context:
    """One resolution: who controls it, the batch item, the Bakugan its text is about."""

    __slots__ = ("bakugan", "item", "phase_damage", "player", "to_energy")

    def __init__(self, player: int, item: Item | None, bakugan: Bakugan | None) -> None:
        self.player = player
        self.item = item
        self.bakugan = bakugan
        self.to_energy: bool | None = None  # set by to_energy: the card's charged state
        self.phase_damage = False

    @property
    def source(self) -> str:
        if self.item is None:
            return "?"
        return self.item.card if self.item.kind == CARD else self.item.source


def parse_ref(word: str) -> tuple[int, str] | None:
    """``pN:ID`` as (N, ID)."""
    head, sep, ident = word.partition(":")
    if not sep or not (head.startswith("p") and head[1:].isdigit()):
        return None
    return int(head[1:]), ident


def retract(state: PlanetState, player: int, bakugan: list[Bakugan], events: Events) -> None:
    """Close these Bakugan; every core they hold goes back to the Hidden Matrix."""
    if not bakugan:
        return
    back = []
    for b in bakugan:
        for h in b.cores:
            core = state.matrix[h]
            if (player, b.character) in core.held_by:
                core.held_by.remove((player, b.character))
            if not core.held_by:
                back.append(h)
        b.cores = []
        b.open = False
    events.append(ev.Retracted(player, tuple(b.character for b in bakugan), tuple(back)))


def _side_targets(state: PlanetState, ctx: Context, to: str) -> list[tuple[int, bool]]:
    me, other = ctx.player, 1 - ctx.player
    if to == "self":
        return [(me, False)]
    if to == "opponent":
        return [(other, False)]
    if to == "chosen":
        assert ctx.item is not None
        for t in ctx.item.targets:
            if t in ("p0", "p1"):
                return [(int(t[1]), False)]
        return []
    if to == "own_all":
        return [(me, True)]
    if to == "opponent_all":
        return [(other, True)]
    return [(0, True), (1, True)]


def _stat(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    for side, every in _side_targets(state, ctx, e.params.get("to", "self")):
        damage = state.damage
        if (
            ctx.phase_damage
            and damage is not None
            and ctx.player == damage.attacker
            and side == damage.attacker
            and (e.kind == "add_d" or e.params.get("keyword") == "double_strike")
        ):
            events.append(ev.NoEffect(ctx.source, "damage is being dealt"))
            continue
        value = e.params.get("amount", e.params.get("value", e.params.get("keyword")))
        source = ctx.source if e.when is None else f"{ctx.source} {condition_label(e.when)}"
        mod = TurnMod(
            side,
            every,
            e.kind,
            value,
            source,
            tuple(e.params.get("faction", ())),
            tuple(e.params.get("not_faction", ())),
        )
        state.mods.append(mod)
        events.append(ev.Changed(side, _describe(mod), source))


def _describe(mod: TurnMod) -> str:
    scope = "all Bakugan " if mod.every else ""
    if mod.faction:
        scope += "/".join(mod.faction) + " "
    if mod.not_faction:
        scope += "non-" + "/".join(mod.not_faction) + " "
    if mod.kind == "add_b":
        return f"{scope}{mod.value:+d} B"
    if mod.kind == "add_d":
        return f"{scope}{mod.value:+d} D"
    if mod.kind == "set_b":
        return f"{scope}B becomes {mod.value}"
    if mod.kind == "add_frost":
        return f"{scope}+{mod.value} frost strike"
    return f"{scope}gains {str(mod.value).replace('_', ' ')}"


def _victor_by_damage(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    state.by_damage = True
    events.append(ev.Changed(ctx.player, "the Victor is the higher damage this turn", ctx.source))


def _who(ctx: Context, e: Effect) -> int:
    return ctx.player if e.params.get("who", "self") == "self" else 1 - ctx.player


def _gain_energy(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    state.sides[ctx.player].pool += e.params["amount"]
    events.append(ev.EnergyGained(ctx.player, e.params["amount"], ctx.source))


def _energize_top(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    side = state.sides[ctx.player]
    for _ in range(e.params["count"]):
        if not side.deck:
            break
        card = side.deck.pop(0)
        side.energy.append(card)
        side.charged.append(bool(e.params["charged"]))
        events.append(ev.Energized(ctx.player, card, bool(e.params["charged"]), "deck"))


def _to_energy(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    ctx.to_energy = bool(e.params["charged"])


def _destroy_energy(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    target = 1 - ctx.player
    side = state.sides[target]
    for _ in range(e.params["count"]):
        if not side.energy:
            break
        at = side.charged.index(True) if True in side.charged else 0
        card = side.energy.pop(at)
        side.charged.pop(at)
        side.discard.append(card)
        events.append(ev.EnergyDestroyed(target, card))


def _draw(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    who = _who(ctx, e)
    side = state.sides[who]
    cards = []
    for _ in range(e.params["count"]):
        if side.deck:
            cards.append(side.deck.pop(0))
    side.hand.extend(cards)
    events.append(ev.Drew(who, tuple(cards)))


def _discard(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    who = _who(ctx, e)
    count = min(e.params["count"], len(state.sides[who].hand))
    if count:
        state.choices.append([who, count])
        events.append(ev.ChoiceAsked(who, count))


def _mill(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    who = _who(ctx, e)
    side = state.sides[who]
    for _ in range(e.params["count"]):
        if not side.deck:
            break
        card = side.deck.pop(0)
        side.discard.append(card)
        events.append(ev.Moved(who, card, "milled"))


def _negate(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    assert ctx.item is not None
    for t in ctx.item.targets:
        if t.startswith("#"):
            at = int(t[1:])
            if at < len(state.batch) and state.batch[at].kind == CARD:
                target = state.batch.pop(at)
                state.sides[target.player].discard.append(target.card)
                events.append(ev.Negated(target.player, target.card, ctx.source))
                return
    events.append(ev.NoEffect(ctx.source, "the card is no longer in the batch"))


def _stop(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    damage = state.damage
    if damage is None:
        events.append(ev.NoEffect(ctx.source, "no damage to stop"))
        return
    attacker = state.sides[damage.attacker]
    b = attacker.find(attacker.picked or "")
    mine = {f.value for f in factions_of(state, b)} if b is not None else set()
    if "factions" in e.params:
        hit = bool(mine & set(e.params["factions"]))
    else:
        hit = not mine & set(e.params["except"])
    if hit:
        damage.stopped = True
        events.append(ev.DamageStopped(ctx.player, ctx.source))
    else:
        events.append(ev.NoEffect(ctx.source, "the attacker is of another faction"))


def _free_play(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    faction = e.params.get("faction", [""])[0]
    state.sides[ctx.player].credits.extend([faction] * e.params["count"])
    events.append(ev.CreditGained(ctx.player, e.params["count"], faction))


def _hero_target(state: PlanetState, ctx: Context) -> tuple[int, Hero] | None:
    assert ctx.item is not None
    for t in ctx.item.targets:
        ref = parse_ref(t)
        if ref is not None and ref[1] in state.catalog.cards:
            for h in state.sides[ref[0]].heroes:
                if h.card == ref[1]:
                    return ref[0], h
    return None


def _hero_off(
    state: PlanetState,
    ctx: Context,
    events: Events,
    *,
    max_cost: int | None = None,
    not_own: bool = False,
) -> tuple[int, Hero] | None:
    """Take the Hero the card names off its controller's side: (controller, hero), or
    None and the `NoEffect` saying why (it is gone, or is one's own when `not_own`, or
    costs more than `max_cost`)."""
    found = _hero_target(state, ctx)
    if found is None or (not_own and found[0] == ctx.player):
        events.append(ev.NoEffect(ctx.source, "the Hero is gone"))
        return None
    controller, hero = found
    if max_cost is not None and state.catalog.cards[hero.card].cost > max_cost:
        events.append(ev.NoEffect(ctx.source, "the Hero costs too much"))
        return None
    state.sides[controller].heroes.remove(hero)
    return found


def _destroy_hero(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    found = _hero_off(state, ctx, events, max_cost=e.params.get("max_cost", 99))
    if found is not None:
        controller, hero = found
        state.sides[hero.owner].discard.append(hero.card)
        events.append(ev.HeroChanged(controller, hero.card, "destroyed"))


def _hero_to_energy(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    found = _hero_off(state, ctx, events)
    if found is not None:
        controller, hero = found
        owner = state.sides[hero.owner]
        owner.energy.append(hero.card)
        owner.charged.append(True)
        events.append(ev.HeroChanged(controller, hero.card, "turned into energy"))


def _take_hero(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    found = _hero_off(state, ctx, events, not_own=True)
    if found is not None:
        controller, hero = found
        state.sides[ctx.player].heroes.append(hero)
        events.append(ev.HeroChanged(controller, hero.card, f"taken by p{ctx.player}"))


def _bakugan_target(state: PlanetState, ctx: Context) -> tuple[int, Bakugan] | None:
    assert ctx.item is not None
    for t in ctx.item.targets:
        ref = parse_ref(t)
        if ref is not None and ref[0] in (0, 1):
            b = state.sides[ref[0]].find(ref[1])
            if b is not None:
                return ref[0], b
    return None


def _attach_core(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    assert ctx.item is not None
    hexes = [h for h in (parse_hex(t) for t in ctx.item.targets) if h is not None]
    found = _bakugan_target(state, ctx)
    if not hexes or hexes[0] not in state.matrix or found is None:
        events.append(ev.NoEffect(ctx.source, "no such core or Bakugan"))
        return
    h, (player, b) = hexes[0], found
    core = state.matrix[h]
    if core.held_by or not b.open:
        events.append(ev.NoEffect(ctx.source, "the core is taken or the Bakugan closed"))
        return
    core.held_by.append((player, b.character))
    core.revealed = True
    b.cores.append(h)
    events.append(ev.CoreAttached(player, b.character, h, core.core))


def _retract(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    found = _bakugan_target(state, ctx)
    if found is None or not found[1].open or state.sides[found[0]].picked == found[1].character:
        events.append(ev.NoEffect(ctx.source, "the Bakugan is not an open Victor"))
        return
    retract(state, found[0], [found[1]], events)


def _destroy_this(state: PlanetState, ctx: Context, e: Effect, events: Events) -> None:
    source = ctx.source
    for q in (0, 1):
        for hero in state.sides[q].heroes:
            if hero.card == source:
                state.sides[q].heroes.remove(hero)
                state.sides[hero.owner].discard.append(hero.card)
                events.append(ev.HeroChanged(q, hero.card, "destroyed"))
                return


_Handler = Callable[["PlanetState", Context, Effect, Events], None]
HANDLERS: dict[str, _Handler] = {
    "add_b": _stat,
    "add_d": _stat,
    "set_b": _stat,
    "grant": _stat,
    "add_frost": _stat,
    "victor_by_damage": _victor_by_damage,
    "gain_energy": _gain_energy,
    "energize_top": _energize_top,
    "to_energy": _to_energy,
    "destroy_energy": _destroy_energy,
    "draw": _draw,
    "discard": _discard,
    "mill": _mill,
    "negate": _negate,
    "stop": _stop,
    "free_play": _free_play,
    "destroy_hero": _destroy_hero,
    "hero_to_energy": _hero_to_energy,
    "take_hero": _take_hero,
    "attach_core": _attach_core,
    "retract": _retract,
    "destroy_this": _destroy_this,
}


def run(state: PlanetState, ctx: Context, effects: tuple[Effect, ...], events: Events) -> None:
    for e in effects:
        if holds_for(state, e, ctx.player, ctx.bakugan, ctx.item):
            HANDLERS[e.kind](state, ctx, e, events)


def resolve(state: PlanetState, item: Item, events: Events, in_damage: bool) -> None:
    """Resolve one batch item (already taken off the batch)."""
    cat = state.catalog
    side = state.sides[item.player]
    if item.kind != CARD:
        trig = Trigger(item.trigger)
        source: Any = cat.cards.get(item.source) or cat.characters[item.source]
        b = side.find(side.picked or "")
        ctx = Context(item.player, item, b)
        ctx.phase_damage = in_damage
        events.append(ev.Resolved(item.player, f"{item.source} {trig.value}"))
        run(state, ctx, source.triggers.get(trig, ()), events)
        return
    card: CardDef = cat.cards[item.card]
    ctx = Context(item.player, item, side.find(side.picked or ""))
    ctx.phase_damage = in_damage
    events.append(ev.Resolved(item.player, item.card))
    if card.type is CardType.EVOLUTION:
        ref = parse_ref(item.targets[0]) if item.targets else None
        b = side.find(ref[1]) if ref is not None else None
        if b is None:
            side.discard.append(item.card)
            events.append(ev.NoEffect(item.card, "no such Character"))
            return
        b.evolutions.append(item.card)
        b.face_up = True
        events.append(ev.Evolved(item.player, b.character, item.card))
        ctx.bakugan = b
        run(state, ctx, card.effects, events)
        return
    if card.type is CardType.HERO:
        side.heroes.append(Hero(item.card, item.player))
        run(state, ctx, card.effects, events)
        return
    run(state, ctx, card.effects, events)
    if ctx.to_energy is not None:
        side.energy.append(item.card)
        side.charged.append(ctx.to_energy)
        events.append(ev.Energized(item.player, item.card, ctx.to_energy, "its own text"))
    else:
        side.discard.append(item.card)
