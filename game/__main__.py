"""`bakugan` / `python -m game`: play (default), sim, scenario, demo, lab, levels, level,
replay, deck, host, join; `--version`."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

from game.content import ContentError
from game.games import DEFAULT_GAME, REGISTRY, GameRecord, UnknownGame
from game.rules.api import GameError

SHOW_AFTER = 1.0  # seconds: a command done sooner shows no progress at all


class _AboveTheBar:
    """stdout while a progress bar is on stderr: each whole line is written above the
    bar (the bar cleared, the line written, the bar drawn again), so that a line and
    the bar never share one terminal line."""

    def __init__(self, out: Any, bar: Any) -> None:
        self.out = out
        self.bar = bar
        self.pending = ""

    def write(self, text: str) -> int:
        self.pending += text
        *lines, self.pending = self.pending.split("\n")
        for line in lines:
            self.bar.clear()
            self.out.write(line + "\n")
            self.out.flush()
            self.bar.refresh()
        return len(text)

    def flush(self) -> None:
        self.out.flush()


def _terminal_sized() -> bool:
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError):  # not a real file (a test's stand-in)
        return False
    return size.columns > 0 and size.lines > 0


@contextlib.contextmanager
def progress(total: int, unit: str, quiet: bool = False) -> Iterator[Callable[[], None] | None]:
    """A progress bar with the time left on stderr for a command of `total` steps (the
    callback is called after each), or None: with `quiet` (--json) or when stderr is
    not a terminal. It shows only once the command has run `SHOW_AFTER` seconds."""
    if quiet or total <= 0 or not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    # A terminal nobody sized (a bare pty) would get no bar at all: 80 x 24 then.
    size = {} if _terminal_sized() else {"ncols": 80, "nrows": 24}
    bar = tqdm(total=total, unit=unit, file=sys.stderr, delay=SHOW_AFTER, leave=False, **size)
    try:
        with contextlib.redirect_stdout(_AboveTheBar(sys.stdout, bar)):
            yield lambda: bar.update(1)
    finally:
        bar.close()


def _cmd_sim(args: argparse.Namespace) -> int:
    record = args.record
    try:
        with progress(args.games, "game", args.json) as tick:
            args.progress = tick
            data = record.sim.run(args)
    except (ValueError, GameError) as e:  # (a replay that cannot be written: one line)
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

    return run(args.paths, game=args.rules)


def _cmd_demo(args: argparse.Namespace) -> int:
    record = REGISTRY[args.rules]
    if args.text:
        if record.text_demo is None:
            print(f"bakugan demo: {record.name('en')} has no text demo yet", file=sys.stderr)
            return 2
        return record.text_demo(args.seed, args.lang or "en")
    from game.ui.scenes import ScreenDemo, game_scenes

    scenes = game_scenes(args.rules)
    if scenes is None or scenes.screen_demo is None:
        print(
            f"bakugan demo: {record.name('en')} has no on-screen demo yet (it is not"
            f" there yet); `bakugan demo --rules {args.rules} --text` tells a whole game"
            " in words",
            file=sys.stderr,
        )
        return 2
    request = ScreenDemo(
        args.seconds, args.screenshot, args.seed, args.lang, args.players, args.big
    )
    return scenes.screen_demo(request)


def _cmd_lab(args: argparse.Namespace) -> int:
    from game.ui.scenes import game_scenes

    scenes = game_scenes(args.rules)
    if scenes is None or scenes.lab is None:
        name = REGISTRY[args.rules].name("en")
        print(f"bakugan lab: {name} has no throw lab", file=sys.stderr)
        return 2
    return scenes.lab(args.lang)


def _cmd_levels(args: argparse.Namespace) -> int:
    from game.games.challenges import check_levels

    if not args.solve:  # checking alone is quick
        return check_levels(args.paths, args.solve, args.lang)

    def each(entries: list[Any]) -> Iterator[Any]:
        with progress(len(entries), "level") as tick:
            for entry in entries:
                yield entry
                if tick is not None:
                    tick()

    return check_levels(args.paths, args.solve, args.lang, each=each)


def _cmd_level(args: argparse.Namespace) -> int:
    from game.ui.challenges import open_level

    return open_level(args.path, args.lang)


def _cmd_replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.persist.replay_file import ReplayError

    paths = [Path(p) for p in args.paths]
    if not paths:
        print("bakugan replay: name a replay file (or --verify files and folders)", file=sys.stderr)
        return 2
    if args.verify:
        from game.games.replays import verify

        return verify(paths, sys.stdout)
    try:
        if args.export is not None or args.take:
            from game.games.replays import export_replay, import_replay
            from game.persist import paths as user_paths
            from game.persist.replay_file import replays_dir

            for path in paths:
                if args.take:
                    done = import_replay(path, replays_dir(user_paths.data_dir()))
                else:
                    done = export_replay(path, Path(args.export))
                print(f"{path.name} -> {done}")
            return 0
        if len(paths) != 1:
            print("bakugan replay: watch one replay at a time", file=sys.stderr)
            return 2
        from game.ui.replay_open import watch

        return watch(paths[0], args.lang)
    except ReplayError as e:
        print(f"bakugan replay: {e}", file=sys.stderr)
        return 2


def _cmd_deck(args: argparse.Namespace) -> int:
    from game.rules.api import GameError

    with_decks = [r for r in REGISTRY.values() if r.decks is not None]
    record = REGISTRY[args.rules] if args.rules is not None else with_decks[0]
    if record.decks is None:
        print(f"bakugan deck: {record.name('en')} is not played with decks", file=sys.stderr)
        return 2
    try:
        if args.deck_command == "list":
            for name in record.decks.names():
                print(name)
        elif args.deck_command == "export":
            print(record.decks.export(args.name))
        else:
            path = record.decks.take("".join(args.code), args.name)
            print(f"saved as {path}")
    except GameError as e:
        print(f"bakugan deck: {e}", file=sys.stderr)
        return 2
    return 0


def _net_window(kind: str, options: object) -> int:
    """`bakugan host` or `bakugan join` without --headless: the match in a window."""
    from game.ui.launch import network

    return network(kind, options)


def _cmd_play(args: argparse.Namespace) -> int:
    from game.ui.launch import main as play

    if args.level is not None and not args.quick:
        print("bakugan play: --level goes with --quick", file=sys.stderr)
        return 2
    quick = (args.level or "normal") if args.quick else None
    return play(args.lang, quick=quick, game=args.rules)


class _Version(argparse.Action):
    """`bakugan --version`: the app's version and the hashes its replays record (the
    content is loaded only when asked)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        from game.games.about import build_info

        print("\n".join(build_info().lines()))
        parser.exit()


WHOLE_APP_OPTIONS = frozenset({"-h", "--help", "--version"})


def _window_by_default(argv: list[str]) -> list[str]:
    """`bakugan --lang ru` means `bakugan play --lang ru`: options before any command
    are the window's (play is the default command), but for the app's own --help and
    --version."""
    if argv and argv[0].startswith("-") and argv[0] not in WHOLE_APP_OPTIONS:
        return ["play", *argv]
    return argv


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
    games = ", ".join(r.name("en") for r in REGISTRY.values())
    parser = argparse.ArgumentParser(
        prog="bakugan",
        description=f"Bakugan on a table, where you really throw: {games}."
        " With no command, the game window opens (bakugan play).",
    )
    parser.add_argument(
        "--version",
        action=_Version,
        help="print the app's version, content hashes and physics tuning hash, and exit",
    )
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play many matches headless between built-in policies")
    sim.add_argument("--rules", default=DEFAULT_GAME, help=f"the game: {', '.join(REGISTRY)}")
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true")
    sim.add_argument(
        "--record",
        dest="record_dir",
        default=None,
        metavar="DIR",
        help="write one replay file per match into DIR (docs/replays.md)",
    )
    record = _chosen_game(argv)
    if record is None:
        return 2
    record.sim.add_arguments(sim)
    sim.set_defaults(record=record)
    sim.set_defaults(run=_cmd_sim)
    sc = sub.add_parser("scenario", help="run rules scenario files or folders")
    sc.add_argument("paths", nargs="+")
    sc.add_argument(
        "--rules", default=None, help=f"only the files of this game: {', '.join(REGISTRY)}"
    )
    sc.set_defaults(run=_cmd_scenario)
    demo = sub.add_parser("demo", help="the computer plays itself on screen (--text: in words)")
    demo.add_argument("--rules", default=DEFAULT_GAME, help=f"the game: {', '.join(REGISTRY)}")
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
    lab.add_argument("--rules", default=DEFAULT_GAME, help=f"the game: {', '.join(REGISTRY)}")
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
    rp = sub.add_parser("replay", help="watch a replay; --verify, --export, --import")
    rp.add_argument("paths", nargs="*", help="a replay file (to watch), or files and folders")
    rp.add_argument("--verify", action="store_true", help="re-run each, say identical or drifted")
    rp.add_argument("--export", metavar="DEST", default=None, help="copy the replay to DEST")
    rp.add_argument("--import", dest="take", action="store_true", help="into your Replays")
    rp.add_argument("--lang", default=None, choices=("en", "ru"))
    rp.set_defaults(run=_cmd_replay)
    dk = sub.add_parser("deck", help="decks to share as codes: list, export NAME, import CODE")
    dk.add_argument("--rules", default=None, help="the game (default: the first played with decks)")
    deck_commands = dk.add_subparsers(dest="deck_command", required=True)
    deck_commands.add_parser("list", help="the saved decks and the presets, one name a line")
    export = deck_commands.add_parser("export", help="print the code of a deck")
    export.add_argument("name", help="a saved deck's name or a preset's (bakugan deck list)")
    take = deck_commands.add_parser("import", help="save the deck of a code as your own")
    take.add_argument("code", nargs="+", help="the code (spaces a chat put in are dropped)")
    take.add_argument("--name", default=None, help="the deck's name (default: Pasted deck)")
    dk.set_defaults(run=_cmd_deck)
    from game.net.cli import add_find, add_host, add_join

    add_host(sub, _net_window)
    add_join(sub, _net_window)
    add_find(sub)
    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument(
        "--rules",
        default=None,
        help=f"the game the title shows first: {', '.join(REGISTRY)} (default: the last one)",
    )
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
    args = parser.parse_args(_window_by_default(sys.argv[1:] if argv is None else argv))
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
