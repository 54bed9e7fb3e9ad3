"""The Battle Planet trading card game (seed 003): its record for the registry, and the
place that ties its parts: the shipped cards (`game.content.planet`) and AI levels
(`assets/data/planet/ai.toml`, read by `game.content.ai_levels` and checked by
`game.ai.planet.levels`) go to the sim and the bots, which take them as arguments and
load no files themselves.

The imports are inside the functions: reading the registry loads no game's parts.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import DeckKit, GameRecord, ReplayKit, ScenarioKit, SimKit, said

if TYPE_CHECKING:
    from game.ai.planet.aim import RollAim
    from game.ai.planet.bots import Bot
    from game.ai.planet.levels import Level
    from game.match.replay_stats import MatchLine
    from game.persist.replay_file import Replay
    from game.persist.replay_schema import GameSchema
    from game.rules.planet import Catalog, Kit


def levels_path() -> Path:
    """The shipped Battle Planet difficulty records."""
    from game.files.paths import assets_dir

    return assets_dir() / "data" / "planet" / "ai.toml"


def load_levels(path: Path | None = None) -> Mapping[str, Level]:
    """The AI difficulty records of a file (by default the shipped one); raises
    `ContentError` naming every problem as ``file: level: field: problem``."""
    from game.ai.planet.levels import LEVEL_NAMES, check_level
    from game.content import ai_levels

    return ai_levels.load_levels(path or levels_path(), check_level, LEVEL_NAMES)


@cache
def shipped_levels() -> Mapping[str, Level]:
    """The shipped difficulty records (easy, normal, hard), loaded once."""
    return load_levels()


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
    sim.add_argument(
        "--card-play",
        default="free",
        choices=("free", "batch"),
        help="free: the seed's card play (default); batch: the official batch with priority",
    )
    sim.add_argument(
        "--tie-break-empty",
        default="loses_battle",
        choices=("loses_battle", "loses_game"),
        help="an empty deck at a tie-break: loses the battle (the seed) or the game",
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
    for name, rate in data["win_rates"].items():
        lo, hi = rate["ci95"]
        lines.append(
            f"  {name:>10}: {data['wins'][name]:>6} wins  {rate['rate']:.1%}"
            f"  (95% CI {lo:.1%}-{hi:.1%})"
        )
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


def _scenario_load(path: Path) -> Any:
    from game.content.planet import shipped_catalog
    from game.content.planet.scenarios import load_planet_scenario

    return load_planet_scenario(path, shipped_catalog())


def _scenario_run(scenario: Any) -> list[str]:
    from game.content.planet import shipped_catalog
    from game.content.planet.runner import run_planet_scenario

    return run_planet_scenario(scenario, shipped_catalog())


def _text_demo(seed: int, lang: str) -> int:
    from game.games.planet.demo import run_planet_demo

    run_planet_demo(seed, lang)
    return 0


def _content_hash() -> str:
    """The shipped cards' hash, as a Battle Planet replay's header records it."""
    from game.content.planet import shipped_catalog
    from game.match.planet.recording import catalog_hash

    return catalog_hash(shipped_catalog())


def _deck_names() -> list[str]:
    from game.games.planet.decks import deck_names

    return deck_names()


def _deck_export(name: str) -> str:
    from game.games.planet.decks import export_code

    return export_code(name)


def _deck_import(code: str, name: str | None) -> Path:
    from game.games.planet.decks import import_code

    return import_code(code, name)


def _save_check(payload: dict[str, Any]) -> list[str]:
    from game.content.planet import shipped_catalog
    from game.match.planet.play import save_problems

    return save_problems(payload, shipped_catalog())


def _replay_schema() -> GameSchema:
    from game.games.planet.replay_schema import SCHEMA

    return SCHEMA


def _replay_check(replay: Replay) -> tuple[bool, str]:
    from game.content.planet import shipped_catalog
    from game.match.planet.recording import rerun_planet

    run = rerun_planet(replay.header, replay.records, shipped_catalog())
    return said(run.drift, run.steps)


def _stats_line(replay: Replay) -> MatchLine | None:
    from game.content.planet import shipped_catalog
    from game.match.planet.replay import planet_match_line

    return planet_match_line(replay.header, replay.records, shipped_catalog())


def _things() -> list[Mapping[str, Any]]:
    from game.content.planet import shipped_catalog

    cat = shipped_catalog()
    return [cat.characters, cat.cards]


RECORD = GameRecord(
    id="planet",
    names={"en": "Bakugan Battle Planet", "ru": "Бакуган: Боевая планета"},
    player_counts=(2,),
    scenarios=ScenarioKit(load=_scenario_load, run=_scenario_run, name=lambda sc: sc.name),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    save_check=_save_check,
    text_demo=_text_demo,
    ui="game.ui.planet",
    content_hash=_content_hash,
    decks=DeckKit(names=_deck_names, export=_deck_export, take=_deck_import),
    replays=ReplayKit(_replay_schema, _replay_check, _stats_line, _things, shipped_levels),
)


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game `bakugan_planet` over the shipped cards (needs open-spiel):
    e.g. ``openspiel_game(decks="pyrus_darkus+aquos_haos")``. After it,
    ``pyspiel.load_game("bakugan_planet", ...)`` loads it with other parameters too."""
    from game.ai.planet import openspiel as openspiel_planet
    from game.content.planet import shipped_catalog

    openspiel_planet.use_catalog(shipped_catalog())
    return openspiel_planet.load_game(**params)
