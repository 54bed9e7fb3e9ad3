"""The classic Battle Brawlers game (seed 000): its record for the registry, and the
place that ties its parts: the shipped cards (`game.content.classic`) and AI levels
(read by `game.content.ai_levels`, checked by `game.ai.classic.levels`) go to the sim, the bots
and the OpenSpiel game, which take them as arguments and load no files themselves.

The imports are inside the functions, or the parts are named by where they live
(`PARTS`, imported at their first call): reading the registry loads no game's parts.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import GameRecord, Levels, Parts, ScenarioKit, SimKit, win_lines, word_options
from game.games.net_kit import deferred_kit
from game.persist.upgrade import Chain

if TYPE_CHECKING:
    from game.ai.classic.levels import Level


def _sim_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--policies",
        default="random,random",
        help="the bots around the table, repeating: random, greedy, easy, normal, hard",
    )
    sim.add_argument("--physics", action="store_true", help="every throw rolls on the table")
    sim.add_argument("--players", type=int, default=2, help="2, 3 or 4 players")
    sim.add_argument("--big", action="store_true", help="the Big Game: 6 of everything")
    sim.add_argument("--season", type=int, default=3, choices=(2, 3), help="Trap/Gear rules")
    sim.add_argument(
        "--support",
        type=int,
        nargs="?",
        const=4,
        default=0,
        help="Traps / Battle Gear in each kit (alone: as many as the season allows)",
    )
    sim.add_argument(
        "--evolutions", action="store_true", help="deal the kit Bakugan's Evolution cards"
    )
    word_options(
        sim,
        (
            "--multi-cards",
            ("field_any", "own_battle"),
            "3-4 players: field cards by anyone (the seed) or every card in one's battle",
        ),
    )


LEVELS: Levels[Level] = Levels("classic", "game.ai.classic.levels")
"""The game's computer levels: its file, read and checked, the shipped ones loaded once."""
levels_path = LEVELS.path
load_levels = LEVELS.load
shipped_levels = LEVELS.shipped


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game `bakugan_classic` over the shipped cards (needs open-spiel):
    e.g. ``openspiel_game(aimed_throws=True)``. After it, ``pyspiel.load_game`` loads
    the game with other parameters too."""
    from game.ai.classic import openspiel
    from game.content.classic import shipped_catalog

    openspiel.use_catalog(shipped_catalog())
    return openspiel.load_game(**params)


def _sim_run(args: argparse.Namespace) -> dict[str, Any]:
    """Raises ValueError with the reason for options the game refuses."""
    from game.content.classic import shipped_catalog
    from game.match.classic.sim import run_physics_sim, run_sim
    from game.rules.classic import Settings

    names = [n.strip() for n in args.policies.split(",")]
    if not 2 <= args.players <= 4:
        raise ValueError("--players takes 2, 3 or 4")
    if len(names) < args.players:  # the names repeat around the table
        names = [names[i % len(names)] for i in range(args.players)]
    if len(names) != args.players:
        raise ValueError(f"--policies takes {args.players} names, e.g. random,greedy")
    settings = Settings.preset(
        args.players, args.big, season=args.season, multi_cards=args.multi_cards
    )
    settings.check()
    options: dict[str, Any] = {
        "levels": shipped_levels(),
        "support": args.support,
        "evolutions": args.evolutions,
        "progress": getattr(args, "progress", None),  # called after each match
    }
    if getattr(args, "record_dir", None):  # one replay file per match (docs/replays.md)
        if not args.physics:
            raise ValueError("--record needs --physics: a replay keeps the throws")
        from game.games.replays import open_in

        options["record"] = open_in(Path(args.record_dir))
    if args.physics:
        return run_physics_sim(shipped_catalog(), names, args.games, args.seed, settings, **options)
    return run_sim(shipped_catalog(), names, args.games, args.seed, settings, **options).to_json()


def _sim_describe(data: dict[str, Any], args: argparse.Namespace) -> list[str]:
    lines = [f"{data['games']} games, seed {args.seed}"]
    lines += win_lines(data)
    lines.append(f"  mean turns {data['mean_turns']:.1f}, mean battles {data['mean_battles']:.2f}")
    lines.append(f"  {data['matches_per_sec']:.0f} matches/s")
    if args.physics:
        lines.append(f"  {data['throws']} throws, {data['hit_rate']:.1%} opened on the aimed card,")
        lines.append(f"  {data['open_rate']:.1%} on some card;")
        for name, rate in data["hit_rates"].items():
            lines.append(f"  {name:>10}: {rate:.1%} of its throws opened on the aimed card")
        lines.append(f"  {data['throws_per_sec']:.0f} throws/s resolved on the table")
    return lines


def _text_demo(seed: int, lang: str) -> int:
    from game.games.classic.demo import run_demo

    return run_demo(seed=seed, lang=lang)


def _payload_1_to_2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps the bots (`seats.seats_snapshot`: a resumed match goes on as the
    uninterrupted one) and the replay's file name. A version 1 save has neither: its
    bots start afresh (``{}``) and its match has no replay (None)."""
    if not isinstance(payload.get("session"), dict):
        raise ValueError("session: expected an object")
    payload.setdefault("bots", {})
    payload.setdefault("replay", None)
    return payload


SAVE_CHAIN = Chain("classic save", 2, {1: _payload_1_to_2})
"""The classic autosave payload's versions (`GameRecord.save_version`, `save_upgrade`)."""


def _save_upgrade(payload: dict[str, Any], version: int) -> dict[str, Any]:
    return SAVE_CHAIN.upgrade(payload, version)


PARTS = Parts("game.content.classic:shipped_catalog")
"""Where the record's parts live: over the shipped cards."""

RECORD = GameRecord(
    id="classic",
    names={"en": "Bakugan Battle Brawlers", "ru": "Бакуган: Отчаянные бойцы"},
    player_counts=(2, 3, 4),
    hotseat_label="menu.two_to_four",  # 2-4 people at one screen (the Big Game too)
    scenarios=ScenarioKit(
        load=PARTS.part("game.content.classic.scenarios:load_scenario"),
        run=PARTS.over("game.content.classic.runner:run_scenario"),
        name=lambda sc: sc.name,
    ),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    save_check=PARTS.over("game.match.classic.persist:payload_problems"),
    text_demo=_text_demo,
    ui="game.ui.classic",
    save_version=2,
    save_upgrade=_save_upgrade,
    content_hash=PARTS.over("game.match.classic.recording:catalog_hash"),
    replays=PARTS.replays(
        schema="game.games.classic.replay_schema:SCHEMA",
        rerun="game.match.classic.replaying:rerun_classic",
        line="game.match.classic.stats:match_line",
        things=lambda cat: [cat.bakugan, cat.gates, cat.abilities, cat.traps, cat.gear],
        levels=shipped_levels,
    ),
    net=deferred_kit("game.games.classic.net"),
)
