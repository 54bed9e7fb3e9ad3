"""Every action of Battle Planet as an OpenSpiel id, in one table (`PlanetCodec`).

Player actions, ``[0, num_distinct_actions)``: pass; energize nothing or each deck card;
pick the Bakugan in each of one's three seats; let a milled Flip go or pay it; discard
each deck card; place the kit's i-th BakuCore (of six) at the centre or beside the j-th
core placed, in each of the six directions; play each card of the catalog that is
played from hand with each combination of the targets its texts take and, for a
«Sacrifice –» text, each card sacrificed (or none). A target is named by what it is, not
by where the pieces happen to lie: a side (p0 / p1), the N-th card of the batch, an
opponent's Hero by card, the j-th core of the Hidden Matrix (in placement order), a
Bakugan by player and seat. The acting player comes from the state.

Chance outcomes, ``[0, max_chance_outcomes)``: a preset deck; the coin (who places the
first core); the next card of a deck being shuffled (by card); a roll that stays closed,
opens without a core, or opens on the j-th core of the Matrix.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING

from game.rules.planet import Action, CardType, Catalog
from game.rules.planet import actions as act
from game.rules.planet import effects as fx
from game.rules.planet.defs import CORES_PER_KIT
from game.rules.planet.hexgrid import CENTRE, DIRECTIONS, hex_str, parse_hex

if TYPE_CHECKING:
    from game.rules.planet import PlanetState

MATRIX = 2 * CORES_PER_KIT  # cores in the Hidden Matrix
SEATS = 3  # Bakugan per player
BATCH_DEPTH = 40  # the deepest batch a target may name (every card of both decks)


class PlanetCodec:
    """The action table of one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.cards = sorted(catalog.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.heroes = sorted(c for c, d in catalog.cards.items() if d.type is CardType.HERO)
        self.hero_index = {c: i for i, c in enumerate(self.heroes)}
        self.presets = sorted(catalog.presets)
        n = len(self.cards)
        self.PASS = 0
        self.ENERGIZE = 1  # + 0 (none) or 1 + card
        self.PICK = self.ENERGIZE + 1 + n
        self.FLIP = self.PICK + SEATS  # let, pay
        self.DISCARD = self.FLIP + 2
        self.PLACE = self.DISCARD + n
        self.places = 1 + MATRIX * len(DIRECTIONS)
        self.PLAY = self.PLACE + CORES_PER_KIT * self.places
        self.blocks: dict[
            str, tuple[int, tuple[str, ...], bool]
        ] = {}  # card -> (start, kinds, sac)
        at = self.PLAY
        for card in self.cards:
            cd = catalog.cards[card]
            if cd.type in (CardType.FLIP, CardType.CHARACTER):
                continue
            kinds, sac = fx.play_targets(cd), fx.names_sacrifice(cd)
            self.blocks[card] = (at, kinds, sac)
            at += self._block_size(kinds, sac)
        self.num_distinct_actions = at
        # chance outcomes
        self.max_chance_outcomes = max(len(self.presets), 2, n, 2 + MATRIX)

    # -- sizes -------------------------------------------------------------------------

    def _option_count(self, kind: str) -> int:
        return {
            fx.SIDE: 2,
            fx.BATCH_ITEM: BATCH_DEPTH,
            fx.OPPONENT_HERO: max(1, len(self.heroes)),
            fx.CORE: MATRIX,
            fx.OPEN_BAKUGAN: 2 * SEATS,
            fx.OPPONENT_VICTOR: SEATS,
            fx.OWN_CHARACTER: SEATS,
        }[kind]

    def _block_size(self, kinds: tuple[str, ...], sac: bool) -> int:
        return prod(self._option_count(k) for k in kinds) * ((1 + len(self.cards)) if sac else 1)

    # -- player actions ----------------------------------------------------------------

    def encode(self, state: PlanetState, action: Action) -> int:
        """The id of a legal core action of `state`."""
        if isinstance(action, act.Pass):
            return self.PASS
        if isinstance(action, act.Energize):
            return self.ENERGIZE + (0 if action.card is None else 1 + self.card_index[action.card])
        if isinstance(action, act.Pick):
            return self.PICK + _seat(state, action.player, action.character)
        if isinstance(action, act.FlipChoice):
            return self.FLIP + int(action.pay)
        if isinstance(action, act.Discard):
            return self.DISCARD + self.card_index[action.card]
        if isinstance(action, act.PlaceCore):
            return self.PLACE + self._kit_core(state, action) * self.places + _place(state, action)
        if isinstance(action, act.PlayCard):
            return self._play_id(state, action)
        raise ValueError(f"{action} is chance, not a player's action")

    def decode(self, state: PlanetState, player: int, action_id: int) -> Action:
        """The core action id `action_id` stands for, for `player` in `state`."""
        if not 0 <= action_id < self.num_distinct_actions:
            raise ValueError(f"action {action_id} is outside 0..{self.num_distinct_actions - 1}")
        if action_id == self.PASS:
            return act.Pass(player)
        if action_id < self.PICK:
            k = action_id - self.ENERGIZE
            return act.Energize(player, None if k == 0 else self.cards[k - 1])
        if action_id < self.FLIP:
            return act.Pick(player, state.sides[player].bakugan[action_id - self.PICK].character)
        if action_id < self.DISCARD:
            return act.FlipChoice(player, action_id - self.FLIP == 1)
        if action_id < self.PLACE:
            return act.Discard(player, self.cards[action_id - self.DISCARD])
        if action_id < self.PLAY:
            k, place = divmod(action_id - self.PLACE, self.places)
            return act.PlaceCore(player, _kit_cores(state, player)[k], _hex_of(state, place))
        return self._play_of(state, player, action_id)

    def describe(self, action_id: int) -> str:
        """What an id means without a state (its card, targets and sacrifice by index)."""
        if action_id == self.PASS:
            return "pass"
        if action_id < self.PICK:
            k = action_id - self.ENERGIZE
            return "energize " + ("none" if k == 0 else self.cards[k - 1])
        if action_id < self.FLIP:
            return f"pick seat {action_id - self.PICK}"
        if action_id < self.DISCARD:
            return "flip " + ("pay" if action_id - self.FLIP else "let")
        if action_id < self.PLACE:
            return f"discard {self.cards[action_id - self.DISCARD]}"
        if action_id < self.PLAY:
            k, place = divmod(action_id - self.PLACE, self.places)
            where = "centre" if place == 0 else f"core {(place - 1) // 6} dir {(place - 1) % 6}"
            return f"core {k} {where}"
        card, options, sac = self._split(action_id)
        text = f"play {card} " + " ".join(f"{k}={o}" for k, o in options)
        return text + (f" sac {self.cards[sac - 1]}" if sac else "")

    def _kit_core(self, state: PlanetState, action: act.PlaceCore) -> int:
        return _kit_cores(state, action.player).index(action.core)

    def _play_id(self, state: PlanetState, action: act.PlayCard) -> int:
        start, kinds, sac = self.blocks[action.card]
        if len(action.targets) != len(kinds):
            raise ValueError(f"{action}: {len(kinds)} targets expected")
        index = 0
        for kind, target in zip(kinds, action.targets, strict=True):
            index = index * self._option_count(kind) + self._target_index(
                state, action, kind, target
            )
        if sac:
            index = index * (1 + len(self.cards)) + (
                0 if action.sacrifice is None else 1 + self.card_index[action.sacrifice]
            )
        return start + index

    def _split(self, action_id: int) -> tuple[str, list[tuple[str, int]], int]:
        card = ""
        start = 0
        for c, (at, _, _) in self.blocks.items():
            if at <= action_id:
                card, start = c, at
            else:
                break
        _, kinds, sac = self.blocks[card]
        index = action_id - start
        sac_index = 0
        if sac:
            index, sac_index = divmod(index, 1 + len(self.cards))
        options: list[tuple[str, int]] = []
        for kind in reversed(kinds):
            index, o = divmod(index, self._option_count(kind))
            options.append((kind, o))
        return card, options[::-1], sac_index

    def _play_of(self, state: PlanetState, player: int, action_id: int) -> act.PlayCard:
        card, options, sac = self._split(action_id)
        targets = tuple(self._target_text(state, player, k, o) for k, o in options)
        return act.PlayCard(player, card, targets, None if sac == 0 else self.cards[sac - 1])

    def _target_index(
        self, state: PlanetState, action: act.PlayCard, kind: str, target: str
    ) -> int:
        if kind == fx.SIDE:
            return int(target[1])
        if kind == fx.BATCH_ITEM:
            return int(target[1:])
        if kind == fx.CORE:
            h = parse_hex(target)
            return list(state.matrix).index(h)  # type: ignore[arg-type]
        head, _, ident = target.partition(":")
        owner = int(head[1:])
        if kind == fx.OPPONENT_HERO:
            return self.hero_index[ident]
        seat = _seat(state, owner, ident)
        return owner * SEATS + seat if kind == fx.OPEN_BAKUGAN else seat

    def _target_text(self, state: PlanetState, player: int, kind: str, option: int) -> str:
        if kind == fx.SIDE:
            return f"p{option}"
        if kind == fx.BATCH_ITEM:
            return f"#{option}"
        if kind == fx.CORE:
            cores = list(state.matrix)
            return hex_str(cores[option]) if option < len(cores) else f"@core{option}"
        if kind == fx.OPPONENT_HERO:
            return f"p{1 - player}:{self.heroes[option]}"
        if kind == fx.OPEN_BAKUGAN:
            owner, seat = divmod(option, SEATS)
        else:
            owner, seat = (player if kind == fx.OWN_CHARACTER else 1 - player), option
        return f"p{owner}:{state.sides[owner].bakugan[seat].character}"

    # -- chance ------------------------------------------------------------------------

    def roll_id(self, state: PlanetState, roll: act.Roll) -> int:
        if not roll.opened:
            return 0
        if roll.core is None:
            return 1
        return 2 + list(state.matrix).index(roll.core)

    def roll_of(self, state: PlanetState, outcome: int) -> act.Roll:
        roller = state.rolls.index(None)
        if outcome == 0:
            return act.Roll(roller, False)
        if outcome == 1:
            return act.Roll(roller, True)
        return act.Roll(roller, True, list(state.matrix)[outcome - 2])


def _seat(state: PlanetState, player: int, character: str) -> int:
    for i, b in enumerate(state.sides[player].bakugan):
        if b.character == character:
            return i
    raise ValueError(f"p{player} has no Bakugan {character}")


def _kit_cores(state: PlanetState, player: int) -> list[str]:
    """The player's six BakuCores in kit order (placed ones included)."""
    placed = [c.core for c in state.matrix.values() if c.owner == player]
    return sorted(placed + list(state.sides[player].supply))


def _place(state: PlanetState, action: act.PlaceCore) -> int:
    if not state.matrix:
        return 0
    for anchor, h in enumerate(state.matrix):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            if (h[0] + dq, h[1] + dr) == action.hex:
                return 1 + anchor * len(DIRECTIONS) + d
    raise ValueError(f"{action}: {hex_str(action.hex)} touches no core")


def _hex_of(state: PlanetState, place: int) -> tuple[int, int]:
    if place == 0:
        return CENTRE
    anchor, d = divmod(place - 1, len(DIRECTIONS))
    cores = list(state.matrix)
    if anchor >= len(cores):
        return (99, 99)  # touches nothing yet: never legal
    h = cores[anchor]
    return (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])


__all__ = ["BATCH_DEPTH", "MATRIX", "SEATS", "PlanetCodec"]
