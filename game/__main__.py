"""`bakugan` / `python -m game`: play (default), sim, scenario, demo, lab, levels, level."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.content import ContentError


def _cmd_sim(args: argparse.Namespace) -> int:
    from game.content.ai_levels import shipped_levels
    from game.content.classic import shipped_catalog
    from game.match.sim import run_sim

    if args.rules != "classic":
        print(f"bakugan sim: unknown rules {args.rules!r} (classic)", file=sys.stderr)
        return 2
    from game.rules.classic import Settings

    names = [n.strip() for n in args.policies.split(",")]
    if not 2 <= args.players <= 4:
        print("bakugan sim: --players takes 2, 3 or 4", file=sys.stderr)
        return 2
    if len(names) < args.players:  # the names repeat around the table
        names = [names[i % len(names)] for i in range(args.players)]
    if len(names) != args.players:
        print(
            f"bakugan sim: --policies takes {args.players} names, e.g. random,greedy",
            file=sys.stderr,
        )
        return 2
    try:
        settings = Settings.preset(args.players, args.big, season=args.season)
        settings.check()
    except ValueError as e:
        print(f"bakugan sim: {e}", file=sys.stderr)
        return 2
    levels = shipped_levels()
    options: dict[str, Any] = {
        "levels": levels,
        "support": args.support,
        "evolutions": args.evolutions,
    }
    try:
        if args.physics:
            from game.match.sim import run_physics_sim

            data = run_physics_sim(
                shipped_catalog(), names, args.games, args.seed, settings, **options
            )
        else:
            report = run_sim(shipped_catalog(), names, args.games, args.seed, settings, **options)
            data = report.to_json()
    except ValueError as e:
        print(f"bakugan sim: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games, seed {args.seed}")
    for name, rate in data["win_rates"].items():
        lo, hi = rate["ci95"]
        print(
            f"  {name:>10}: {data['wins'][name]:>6} wins  {rate['rate']:.1%}"
            f"  (95% CI {lo:.1%}-{hi:.1%})"
        )
    print(f"  mean turns {data['mean_turns']:.1f}, mean battles {data['mean_battles']:.2f}")
    print(f"  {data['matches_per_sec']:.0f} matches/s")
    if args.physics:
        print(f"  {data['throws']} throws, {data['hit_rate']:.1%} opened on the aimed card,")
        print(f"  {data['open_rate']:.1%} on some card;")
        for name, rate in data["hit_rates"].items():
            print(f"  {name:>10}: {rate:.1%} of its throws opened on the aimed card")
        print(f"  {data['throws_per_sec']:.0f} throws/s resolved on the table")
    return 0


def _cmd_scenario(args: argparse.Namespace) -> int:
    from game.scenarios import main as run

    return run(args.paths)


def _cmd_demo(args: argparse.Namespace) -> int:
    if args.text:
        from game.demo import run_demo

        return run_demo(seed=args.seed, lang=args.lang or "en")
    from game.ui.demo import run_screen_demo

    return run_screen_demo(
        args.seconds, args.screenshot, args.seed, args.lang, args.players, args.big
    )


def _cmd_lab(args: argparse.Namespace) -> int:
    from game.ui.lab import run_lab

    return run_lab(args.lang)


def _cmd_levels(args: argparse.Namespace) -> int:
    from game.challenges.cli import check_levels

    return check_levels(args.paths, args.solve, args.lang)


def _cmd_level(args: argparse.Namespace) -> int:
    from game.ui.challenges import open_level

    return open_level(args.path, args.lang)


def _cmd_play(args: argparse.Namespace) -> int:
    from game.ui.app import main as play

    if args.level is not None and not args.quick:
        print("bakugan play: --level goes with --quick", file=sys.stderr)
        return 2
    return play(args.lang, quick=(args.level or "normal") if args.quick else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bakugan", description="Bakugan Battle Brawlers on a table."
    )
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play many matches headless between built-in policies")
    sim.add_argument("--rules", default="classic")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--policies",
        default="random,random",
        help="two bots: random, greedy, easy, normal, hard",
    )
    sim.add_argument("--json", action="store_true")
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
    sim.set_defaults(run=_cmd_sim)
    sc = sub.add_parser("scenario", help="run rules scenario files or folders")
    sc.add_argument("paths", nargs="+")
    sc.set_defaults(run=_cmd_scenario)
    demo = sub.add_parser("demo", help="the computer plays itself on screen (--text: in words)")
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--lang", default=None, choices=("en", "ru"))
    demo.add_argument("--seconds", type=float, default=60.0)
    demo.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    demo.add_argument("--big", action="store_true", help="the Big Game")
    demo.add_argument("--screenshot", default=None, help="save the last frame as a PNG")
    demo.add_argument("--text", action="store_true", help="tell one match in text instead")
    demo.set_defaults(run=_cmd_demo)
    lab = sub.add_parser("lab", help="the throw lab: throw on a test table, see the physics")
    lab.add_argument("--lang", default=None, choices=("en", "ru"))
    lab.set_defaults(run=_cmd_lab)
    lv = sub.add_parser("levels", help="check the throw-challenge level files")
    lv.add_argument("paths", nargs="*", help="level files or folders (default: levels/)")
    lv.add_argument("--check", action="store_true", help="validate every file (the default)")
    lv.add_argument("--solve", action="store_true", help="also prove each level reaches a star")
    lv.add_argument("--lang", default="en", choices=("en", "ru"))
    lv.set_defaults(run=_cmd_levels)
    one = sub.add_parser("level", help="open one level file, reloading it when it changes")
    one.add_argument("path")
    one.add_argument("--lang", default=None, choices=("en", "ru"))
    one.set_defaults(run=_cmd_level)
    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("--lang", default=None, choices=("en", "ru"))
    play.add_argument(
        "--quick",
        action="store_true",
        help="start a match against the computer at once (quick-pick kits, no hints)",
    )
    play.add_argument(
        "--level", default=None, choices=("easy", "normal", "hard"), help="with --quick"
    )
    play.set_defaults(run=_cmd_play)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play"])
    try:
        code: int = args.run(args)
    except ContentError as e:
        print(f"bakugan: bad data file:\n{e}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
