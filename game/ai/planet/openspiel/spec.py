"""The game's parameters and everything fixed for one loaded game (`Spec`).

Every rule option of the core's `Settings` that OpenSpiel can play is a parameter with
its name and default; besides, the decks, the landing model's chances, the turn limit
and the reroll limit (OpenSpiel needs a finite game). The cards come from
`use_catalog`: this package reads no data files (`game.ai` imports only the rules); the
game's record (`game.games.planet.openspiel_game`) gives it the shipped catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.openspiel_base import Specs
from game.ai.planet.landing import DEFAULT_MODEL
from game.rules.planet import CardPlay, Catalog, Settings, TieBreakEmpty
from game.rules.planet.defs import CORES_PER_KIT, DECK_SIZE

from .codec import PlanetCodec

GAME_NAME = "bakugan_planet"
RANDOM_DECKS = "random"

PARAMS: dict[str, Any] = {
    "tie_break_empty": Settings().tie_break_empty.value,  # loses_game | loses_battle
    "card_play": CardPlay.BATCH.value,  # only the official batch: see docs/openspiel.md
    "first_player": -1,  # -1: a coin (a chance node); 0 or 1: who places the first core
    "decks": RANDOM_DECKS,  # each player's preset deck drawn by chance, or "a+b"
    # the landing model's (game.ai.planet.landing.DEFAULT_MODEL): a roll opens on a free
    # BakuCore (each as likely), or touching a core it does not keep; else stays closed
    "on_core": DEFAULT_MODEL.on_core,
    "no_core": DEFAULT_MODEL.no_core,
    "max_turns": Settings().turn_limit,  # a match still going after this turn is a draw
    "max_rerolls": 20,  # rerolls in one turn (none opened) after which it is a draw
}


def parameter_defaults() -> dict[str, Any]:
    return dict(PARAMS)


@dataclass(frozen=True, slots=True, eq=False)
class Spec:
    params: dict[str, Any]
    settings: Settings  # `first` is set once the coin is drawn
    catalog: Catalog
    codec: PlanetCodec
    decks: tuple[str, str] | None  # None: drawn by chance among the presets
    random_first: bool
    on_core: float
    no_core: float
    max_rerolls: int

    @staticmethod
    def build(params: dict[str, Any]) -> Spec:
        params = {**PARAMS, **params}
        unknown = sorted(set(params) - set(PARAMS))
        if unknown:
            raise ValueError(f"{GAME_NAME}: unknown parameters {', '.join(unknown)}")
        catalog = full_catalog()
        if params["card_play"] != CardPlay.BATCH.value:
            raise ValueError(
                f"{GAME_NAME}: card_play: only 'batch' (under the seed's free card play"
                " both players may act in every step at any moment: no turn order to give"
                " OpenSpiel)"
            )
        try:
            tie = TieBreakEmpty(params["tie_break_empty"])
        except ValueError:
            known = ", ".join(t.value for t in TieBreakEmpty)
            raise ValueError(f"{GAME_NAME}: tie_break_empty: one of {known}") from None
        first = int(params["first_player"])
        if first not in (-1, 0, 1):
            raise ValueError(f"{GAME_NAME}: first_player: -1 (a coin), 0 or 1")
        decks: tuple[str, str] | None = None
        if str(params["decks"]) != RANDOM_DECKS:
            names = [d.strip() for d in str(params["decks"]).split("+")]
            if len(names) != 2 or any(n not in catalog.presets for n in names):
                known = ", ".join(sorted(catalog.presets))
                raise ValueError(f"{GAME_NAME}: decks: 'random' or two of {known} (a+b)")
            decks = (names[0], names[1])
        elif not catalog.presets:
            raise ValueError(f"{GAME_NAME}: decks: the catalog has no preset decks to draw")
        on_core, no_core = float(params["on_core"]), float(params["no_core"])
        if not (on_core >= 0.0 and no_core >= 0.0 and on_core + no_core <= 1.0):
            raise ValueError(f"{GAME_NAME}: on_core, no_core: need 0 <= each, sum <= 1")
        if int(params["max_turns"]) < 1 or int(params["max_rerolls"]) < 0:
            raise ValueError(f"{GAME_NAME}: max_turns >= 1 and max_rerolls >= 0")
        settings = Settings(
            card_play=CardPlay.BATCH,
            tie_break_empty=tie,
            first=None if first < 0 else first,
            shuffle=False,  # the decks are shuffled by chance nodes, card by card
            turn_limit=int(params["max_turns"]),
        )
        return Spec(
            params=params,
            settings=settings,
            catalog=catalog,
            codec=PlanetCodec(catalog),
            decks=decks,
            random_first=first < 0,
            on_core=on_core,
            no_core=no_core,
            max_rerolls=int(params["max_rerolls"]),
        )

    def max_game_length(self) -> int:
        """An upper bound on the moves of one game (chance ones included): the deal,
        the Matrix, and per turn its fixed steps, its rolls and its card-play steps;
        every card is played at most once, each play resolved by two passes."""
        cards = 2 * DECK_SIZE
        deal = 2 + 1 + cards  # the decks, the coin, the shuffles
        cores = 2 * CORES_PER_KIT
        # a turn: Energy and the pick (two simultaneous moves), the rolls, five
        # card-play steps each closed by two passes, and the triggers at three moments
        # (each Hero in play, at most every card, and a «Victor –»), two passes each
        per_turn = 2 + 2 * (self.max_rerolls + 1) + 5 * 2 + 3 * 2 * (cards + 1)
        plays = cards * (1 + 2 + 1)  # a play, the two passes resolving it, a discard
        flips = cards * (1 + 2)  # a milled Flip's choice and its step closing
        return deal + cores + int(self.settings.turn_limit) * per_turn + plays + flips


SPECS = Specs[Catalog, Spec](
    f"{GAME_NAME}: no cards: call game.ai.planet.openspiel.use_catalog(catalog)"
    " first (game.games.planet.openspiel_game does it with the shipped cards)",
    Spec.build,
    PARAMS,
)
"""The cards the game plays with (the game's record gives the shipped catalog), and
each set of parameters' spec over `PARAMS`, built once (`Specs.of`)."""
use_catalog = SPECS.use_catalog
full_catalog = SPECS.catalog
