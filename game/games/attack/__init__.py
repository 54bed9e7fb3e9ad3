"""Bakugan Attack! (seed 002): its record for the registry, and the place that ties its
parts: the shipped deck (`game.content.attack`) and AI levels (`assets/data/attack/ai.toml`,
read by `game.content.ai_levels` and checked by `game.ai.attack.levels`).

The imports are inside the functions, or the parts are named by where they live
(`PARTS`, imported at their first call): reading the registry loads no game's parts.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import GameRecord, Levels, Parts, ScenarioKit, SimKit, win_lines, word_options
from game.games.net_kit import deferred_kit

if TYPE_CHECKING:
    from game.ai.attack.levels import AttackLevel
    from game.match.attack.recording import AttackRecorder


LEVELS: Levels[AttackLevel] = Levels("attack", "game.ai.attack.levels")
"""The game's computer levels: its file, read and checked, the shipped ones loaded once."""
levels_path = LEVELS.path
load_levels = LEVELS.load
shipped_levels = LEVELS.shipped


def _sim_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--policies",
        default="random",
        help="the bots around the table, repeating: random, easy, normal, hard",
    )
    sim.add_argument("--players", type=int, default=4, help="3, 4 or 5 players")
    word_options(
        sim,
        ("--variant", ("standard", "house"), "the standard rules or the seed's house variant"),
        (
            "--stall",
            ("no_catch_possible", "deal_without_catch"),
            "the standard rules' early end: the seed's (default) or the earlier reading",
        ),
        (
            "--house-roll",
            ("before_deal", "after_deal"),
            "the house variant's dice: before each new deal (the seed) or after it",
        ),
    )


def _sim_run(args: argparse.Namespace) -> dict[str, Any]:
    """Raises ValueError with the reason for options the game refuses."""
    from game.content.attack import shipped_deck
    from game.match.attack.sim import run_tally
    from game.rules.attack import HouseRoll, InvalidSettings, Settings, Stall, Variant

    settings = Settings(
        args.players,
        Variant(args.variant),
        stall=Stall(args.stall),
        house_roll=HouseRoll(args.house_roll),
    )
    deck = shipped_deck()
    try:
        settings.check(deck)
    except InvalidSettings as e:
        raise ValueError(str(e.reason)) from None
    names = [n.strip() for n in args.policies.split(",") if n.strip()]
    if not names:
        raise ValueError("--policies takes one or more names, e.g. hard,normal")
    if len(names) > args.players:
        raise ValueError(f"--policies names at most {args.players} bots for {args.players} players")
    names = [names[i % len(names)] for i in range(args.players)]  # repeating round the table
    progress = getattr(args, "progress", None)  # called after each game
    record = None
    if getattr(args, "record_dir", None):  # one replay file per game (docs/replays.md)
        record = attack_recorder(Path(args.record_dir), settings)
    tally = run_tally(
        deck,
        names,
        args.games,
        args.seed,
        settings,
        shipped_levels(),
        record=record,
        progress=progress,
    )
    return tally.to_json(settings)


def _sim_describe(data: dict[str, Any], args: argparse.Namespace) -> list[str]:
    lines = [
        f"{data['games']} games of {data['players']} players, {data['variant']} rules, "
        f"seed {args.seed}"
    ]
    lines += win_lines(data, ">8.1f", lambda name: f", {data['mean_points'][name]:.1f} points")
    if 1 < len(data["levels"]) < len(data["win_rates"]):
        for name, level in data["levels"].items():
            lo, hi = level["ci95"]
            lines.append(
                f"  {name:>10} ({level['seats']} seats): {level['rate']:.1%}"
                f"  (95% CI {lo:.1%}-{hi:.1%}; equal share {level['equal_share']:.0%})"
            )
    lines.append(f"  mean deals {data['mean_deals']:.2f}, mean rounds {data['mean_rounds']:.1f}")
    lines.append(f"  shared first places: {data['shared_wins']}; ends: {data['end_reasons']}")
    lines.append(f"  {data['matches_per_sec']:.0f} games/s")
    return lines


def _text_demo(seed: int, lang: str) -> int:
    from game.games.attack.demo import run_attack_demo

    run_attack_demo(seed=seed, lang=lang)
    return 0


def _save_check(payload: dict[str, Any]) -> list[str]:
    from game.content.attack import shipped_deck
    from game.match.attack.session import save_problems

    return save_problems(payload, shipped_deck(), shipped_levels())


def attack_recorder(
    folder: Path, settings: Any
) -> Callable[[int, Sequence[str], Sequence[int]], AttackRecorder]:
    """The sim's per-game hook writing one replay per game into `folder`."""
    from game.content.attack import shipped_deck
    from game.games.replays import open_in
    from game.match.attack.recording import AttackRecorder, attack_header
    from game.match.replay_header import SeatInfo

    deck = shipped_deck()
    opener = open_in(folder)

    def hook(seed: int, names: Sequence[str], seeds: Sequence[int]) -> AttackRecorder:
        seats = [SeatInfo(n, s) for n, s in zip(names, seeds, strict=True)]
        writer = opener(attack_header(deck, settings, seed, seats))
        return AttackRecorder(writer.write, writer.close)

    return hook


PARTS = Parts("game.content.attack:shipped_deck")
"""Where the record's parts live: over the shipped deck."""

RECORD = GameRecord(
    id="attack",
    names={"en": "Bakugan Attack!", "ru": "Бакуган: Атака!"},
    player_counts=(3, 4, 5),
    scenarios=ScenarioKit(
        load=PARTS.over("game.content.attack.scenarios:load_attack_scenario"),
        run=PARTS.over("game.content.attack.runner:run_attack_scenario"),
        name=lambda sc: sc.name,
    ),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    save_check=_save_check,
    text_demo=_text_demo,
    ui="game.ui.attack",
    save_version=1,
    hotseat_label="menu.at_one_screen",  # 3-5 people, not two
    throw_challenges=False,  # cards and dice: nothing is thrown at a Gate Card
    content_hash=PARTS.over("game.match.attack.recording:deck_hash"),
    replays=PARTS.replays(
        schema="game.games.attack.replay_schema:SCHEMA",
        rerun="game.match.attack.recording:rerun_attack",
        line="game.match.attack.recording:match_line",
        things=lambda deck: [deck.by_id],
        levels=shipped_levels,
    ),
    net=deferred_kit("game.games.attack.net"),
)
