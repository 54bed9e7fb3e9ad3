"""`bakugan` / `python -m game`: play (default), sim, scenario, demo, lab, levels, level."""

from __future__ import annotations

import argparse
import json
import sys

from game.content import ContentError
from game.games import DEFAULT_GAME, REGISTRY, GameRecord, UnknownGame


def _cmd_sim(args: argparse.Namespace) -> int:
    record = args.record
    try:
        data = record.sim.run(args)
    except ValueError as e:
        print(f"bakugan sim: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data))
        return 0
    for line in record.sim.describe(data, args):
        print(line)
    return 0


def _cmd_scenario(args: argparse.Namespace) -> int:
    from game.games.scenarios import main as run

    return run(args.paths)


def _cmd_demo(args: argparse.Namespace) -> int:
    record = REGISTRY[args.rules]
    if record.text_demo is not None:  # a game with a text demo of its own
        if not args.text:
            print(
                f"bakugan demo: --rules {args.rules} has only the text demo (--text)",
                file=sys.stderr,
            )
            return 2
        return record.text_demo(args.seed, args.lang or "en")
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


def _chosen_game(argv: list[str] | None) -> GameRecord | None:
    """The game named by `--rules` (each game brings its own options), or None after
    saying which games there are."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--rules", default=DEFAULT_GAME)
    known, _ = pre.parse_known_args(sys.argv[1:] if argv is None else argv)
    try:
        return REGISTRY[known.rules]
    except UnknownGame as e:
        print(f"bakugan: {e}", file=sys.stderr)
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bakugan", description="Bakugan Battle Brawlers on a table."
    )
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play many matches headless between built-in policies")
    sim.add_argument("--rules", default=DEFAULT_GAME, help=f"the game: {', '.join(REGISTRY)}")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true")
    record = _chosen_game(argv)
    if record is None:
        return 2
    record.sim.add_arguments(sim)
    sim.set_defaults(record=record)
    sim.set_defaults(run=_cmd_sim)
    sc = sub.add_parser("scenario", help="run rules scenario files or folders")
    sc.add_argument("paths", nargs="+")
    sc.set_defaults(run=_cmd_scenario)
    demo = sub.add_parser("demo", help="the computer plays itself on screen (--text: in words)")
    demo.add_argument("--rules", default=DEFAULT_GAME, choices=tuple(REGISTRY))
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
