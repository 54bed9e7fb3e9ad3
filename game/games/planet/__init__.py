"""The Battle Planet trading card game (seed 003): its record for the registry, and the
place that ties its parts: the shipped cards (`game.content.planet`) and AI levels
(`assets/data/planet/ai.toml`, read by `game.content.ai_levels` and checked by
`game.ai.planet.levels`) go to the sim and the bots, which take them as arguments and
load no files themselves.

The imports are inside the functions, or the parts are named by where they live
(`PARTS`, imported at their first call): reading the registry loads no game's parts.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import (
    DeckKit,
    GameRecord,
    Levels,
    Parts,
    ScenarioKit,
    SimKit,
    win_lines,
    word_options,
)
from game.games.net_kit import deferred_kit

if TYPE_CHECKING:
    from game.ai.planet.aim import RollAim
    from game.ai.planet.bots import Bot
    from game.ai.planet.levels import Level
    from game.rules.planet import Catalog, Kit


LEVELS: Levels[Level] = Levels("planet", "game.ai.planet.levels")
"""The game's computer levels: its file, read and checked, the shipped ones loaded once."""
levels_path = LEVELS.path
load_levels = LEVELS.load
shipped_levels = LEVELS.shipped


def level_hands() -> dict[str, RollAim]:
    """Each shipped level's hand at the physics table (`game.ai.planet.levels.hand`:
    the level file is the one place its noise lives)."""
    from game.ai.planet.levels import hand

    return {name: hand(level) for name, level in shipped_levels().items()}


POLICIES = ("random", "greedy", "easy", "normal", "hard")


def make_bot(
    name: str,
    seed: int = 0,
    kit: Kit | None = None,
    catalog: Catalog | None = None,
    levels: Mapping[str, Level] | None = None,
) -> Bot:
    """A Battle Planet bot by name (`POLICIES`) over the shipped cards and levels (or
    those given), knowing its own `kit`; ValueError names the known ones."""
    from game.ai.planet.bots import make_bot as make
    from game.content.planet import shipped_catalog

    return make(name, catalog or shipped_catalog(), seed, levels or shipped_levels(), kit)


def _sim_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--policies",
        default="random,random",
        help="the two bots: random, greedy, easy, normal or hard (e.g. hard,normal)",
    )
    sim.add_argument(
        "--decks", default=None, help="the preset deck of each bot, e.g. pyrus_darkus,aquos_haos"
    )
    word_options(
        sim,
        (
            "--card-play",
            ("free", "batch"),
            "free: the seed's card play (default); batch: the official batch with priority",
        ),
        (
            "--tie-break-empty",
            ("loses_battle", "loses_game"),
            "an empty deck at a tie-break: loses the battle (the seed) or the game",
        ),
    )
    _physics_arguments(sim)


def _sim_run(args: argparse.Namespace) -> dict[str, Any]:
    """Raises ValueError with the reason for options the game refuses."""
    from game.content.planet import shipped_catalog
    from game.match.planet.sim import run_sim
    from game.rules.planet import CardPlay, Settings, TieBreakEmpty

    catalog = shipped_catalog()
    names = [n.strip() for n in args.policies.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(n not in POLICIES for n in names):
        raise ValueError(f"--policies takes two of {', '.join(POLICIES)}, e.g. hard,normal")
    decks = None
    if args.decks:
        decks = [d.strip() for d in args.decks.split(",")]
        if len(decks) == 1:
            decks *= 2
        unknown = [d for d in decks if d not in catalog.presets]
        if len(decks) != 2 or unknown:
            known = ", ".join(sorted(catalog.presets))
            raise ValueError(f"--decks takes two preset decks of: {known}")
    if args.games < 1:
        raise ValueError("--games takes a positive number")
    settings = Settings(
        card_play=CardPlay(args.card_play), tie_break_empty=TieBreakEmpty(args.tie_break_empty)
    )
    if getattr(args, "record_dir", None) and not getattr(args, "physics", False):
        raise ValueError("--record needs --physics: a replay keeps the throws")
    if getattr(args, "physics", False):
        return _physics_run(args, catalog, names, decks, settings)
    levels = shipped_levels()
    return run_sim(catalog, names, args.games, args.seed, decks, settings, levels=levels)


def _sim_describe(data: dict[str, Any], args: argparse.Namespace) -> list[str]:
    lines = [f"{data['games']} games, seed {args.seed}, decks: {data['decks']}"]
    lines += win_lines(data)
    lines.append(f"  draws {data['draws']}, mean turns {data['mean_turns']:.1f}")
    lines.append(f"  {data['matches_per_sec']:.0f} matches/s")
    for name, t in data.get("thinking_ms", {}).items():
        lines.append(
            f"  {name:>10}: thinking {t['median']:.1f} ms median, {t['p95']:.1f} ms p95"
            f" per decision ({t['decisions']} decisions)"
        )
    if data.get("physics"):
        lines += _physics_describe(data)
    return lines


def _physics_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--physics",
        action="store_true",
        help="every roll on the table: both spheres thrown at once onto the BakuCores",
    )
    sim.add_argument(
        "--hands",
        default=None,
        help="with --physics: each bot's hand at the table, easy, normal or hard"
        " (default: a level's own, Normal's for random and greedy)",
    )
    sim.add_argument(
        "--sigma",
        default=None,
        help="with --physics: each bot's hand, px its release misses the meant point by"
        " (s.d.), e.g. 3,10",
    )


def _pair(text: str, what: str) -> list[str]:
    items = [t.strip() for t in text.split(",")]
    if len(items) == 1:
        items *= 2
    if len(items) != 2 or not all(items):
        raise ValueError(f"{what} takes one value or two separated by a comma")
    return items


def _physics_run(
    args: argparse.Namespace, catalog: Any, names: list[str], decks: Any, settings: Any
) -> dict[str, Any]:
    """Every roll on the table (game.match.planet.physics_sim); the bots' hands from --hands
    and --sigma."""
    from dataclasses import replace

    from game.ai.level_fields import HAND_SIGMA_MAX
    from game.ai.planet.bots import make_bot
    from game.match.planet.physics_sim import run_physics_sim

    known = level_hands()
    own = [n if n in known else "normal" for n in names]
    hands = _pair(args.hands, "--hands") if args.hands else own
    if any(h not in known for h in hands):
        raise ValueError(f"--hands takes two of {', '.join(known)}, e.g. easy,hard")
    aims = [known[h] for h in hands]
    if args.sigma is not None:
        try:
            values = [float(v) for v in _pair(args.sigma, "--sigma")]
        except ValueError as e:
            raise ValueError(f"--sigma takes numbers of px, e.g. 3,10 ({e})") from None
        if any(not 0.0 <= v <= HAND_SIGMA_MAX for v in values):
            raise ValueError(f"--sigma takes px from 0 to {HAND_SIGMA_MAX:g}")
        aims = [replace(a, sigma=v) for a, v in zip(aims, values, strict=True)]

    def bot(name: str, seed: int, kit: Any) -> Any:
        return make_bot(name, catalog, seed, shipped_levels(), kit)

    record = None
    if getattr(args, "record_dir", None):  # one replay file per match (docs/replays.md)
        from game.games.replays import open_in

        record = open_in(Path(args.record_dir))
    return run_physics_sim(
        catalog, names, args.games, args.seed, bot, decks, settings, aims, record=record
    )


def _physics_describe(data: dict[str, Any]) -> list[str]:
    lines = [
        f"  every roll on the table: {data['rolls']} rolls, open {data['open_rate']:.1%},"
        f" on a core {data['on_core_rate']:.1%}, rerolls {data['reroll_rate']:.1%}"
    ]
    for name, b in data["bots"].items():
        lo, hi = b["on_core_ci95"]
        lines.append(
            f"  {name:>10}: open {b['open_rate']:.1%}, on a core {b['on_core_rate']:.1%}"
            f" (95% CI {lo:.1%}-{hi:.1%}), on the core aimed at {b['intended_rate']:.1%}"
            f" (its hand: sigma {b['aim']['sigma']:g} px)"
        )
    return lines


def _text_demo(seed: int, lang: str) -> int:
    from game.games.planet.demo import run_planet_demo

    run_planet_demo(seed, lang)
    return 0


PARTS = Parts("game.content.planet:shipped_catalog")
"""Where the record's parts live: over the shipped cards."""

RECORD = GameRecord(
    id="planet",
    names={"en": "Bakugan Battle Planet", "ru": "Бакуган: Боевая планета"},
    player_counts=(2,),
    scenarios=ScenarioKit(
        load=PARTS.over("game.content.planet.scenarios:load_planet_scenario"),
        run=PARTS.over("game.content.planet.runner:run_planet_scenario"),
        name=lambda sc: sc.name,
    ),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    save_check=PARTS.over("game.match.planet.play:save_problems"),
    text_demo=_text_demo,
    ui="game.ui.planet",
    content_hash=PARTS.over("game.match.planet.recording:catalog_hash"),
    decks=DeckKit(
        names=PARTS.part("game.games.planet.decks:deck_names"),
        export=PARTS.part("game.games.planet.decks:export_code"),
        take=PARTS.part("game.games.planet.decks:import_code"),
    ),
    replays=PARTS.replays(
        schema="game.games.planet.replay_schema:SCHEMA",
        rerun="game.match.planet.recording:rerun_planet",
        line="game.match.planet.replay:planet_match_line",
        things=lambda cat: [cat.characters, cat.cards],
        levels=shipped_levels,
    ),
    net=deferred_kit("game.games.planet.net"),
)


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game `bakugan_planet` over the shipped cards (needs open-spiel):
    e.g. ``openspiel_game(decks="pyrus_darkus+aquos_haos")``. After it,
    ``pyspiel.load_game("bakugan_planet", ...)`` loads it with other parameters too."""
    from game.ai.planet import openspiel as openspiel_planet
    from game.content.planet import shipped_catalog

    openspiel_planet.use_catalog(shipped_catalog())
    return openspiel_planet.load_game(**params)
