"""The gate race's record: what ties its parts for the registry (the scenarios, the
sim, the replays, the autosave's check), the way docs/adding-a-game.md asks of every
game. `RECORD` is registered by the tests (`game.games.registered`)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from game.content.reader import Reader
from game.content.specs import Int, ListOf, Str, Table
from game.games import GameRecord, ReplayKit, ScenarioKit, SimKit, said
from game.games.replays import open_in
from game.match.replay_check import RecordCheck
from game.match.replay_header import header, seat_infos, stable_hash
from game.match.replay_stats import MatchLine, PeoplesPlay, people_line
from game.match.rerun import RerunError, check_build
from game.persist import replay_schema as rs
from game.persist.replay_file import Replay
from game.rules.api import GameError
from tests.games.race import rules
from tests.games.race.table import LEVELS, SPEEDS, TABLE, RaceSession, play

GAME = "race"


def content_hash() -> str:
    cards = [list(c.center) for c in TABLE.cards]
    return stable_hash(
        {"cards": cards, "speeds": SPEEDS, "wobble": {k: v.wobble for k, v in LEVELS.items()}}
    )


# --- scenarios ------------------------------------------------------------------------

SCENARIO = {
    "game": Str(),
    "name": Str(),
    "rule": Str(),
    "setup": Table(
        {
            "goal": Int(1, 100, default=10),
            "positions": ListOf(Int(0, 100), 2, 2),
            "turn": Int(0, 1, default=0),
        }
    ),
    "steps": ListOf(Str()),
    "expect": Table(
        {
            "positions": ListOf(Int(0, 200), 2, 2),
            "winner": Int(-1, 1, default=-1),
            "events": ListOf(Str(), default=[]),
        }
    ),
}


def load_scenario(path: Path) -> dict[str, Any]:
    r = Reader.open(path, one_record=True)
    values = r.fields(r.data, SCENARIO)
    r.raise_any()
    return values


def run_scenario(sc: dict[str, Any]) -> list[str]:
    setup, expect = sc["setup"], sc["expect"]
    state = rules.RaceState(
        rules.Settings(goal=setup["goal"]), list(setup["positions"]), setup["turn"]
    )
    events: list[str] = []
    try:
        for step in sc["steps"]:
            events += [str(e) for e in state.apply(rules.parse_action(step))]
    except GameError as e:
        return [f"step refused: {e}"]
    failures = []
    if state.positions != expect["positions"]:
        failures.append(f"positions {state.positions}, expected {expect['positions']}")
    winner = -1 if state.winner is None else state.winner
    if winner != expect["winner"]:
        failures.append(f"winner {winner}, expected {expect['winner']}")
    if expect["events"] and events != expect["events"]:
        failures.append(f"events {events}, expected {expect['events']}")
    return failures


# --- the sim --------------------------------------------------------------------------


def _sim_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--levels", default="steady,wild", help="the two bots' levels")


def race_header(seed: int, levels: list[str | None], settings: rules.Settings) -> dict[str, Any]:
    return header(GAME, content_hash(), seed, settings.to_json(), seat_infos(seed, levels))


def _sim_run(args: argparse.Namespace) -> dict[str, Any]:
    levels: list[str | None] = [n.strip() for n in args.levels.split(",")]
    if len(levels) != 2 or any(lv not in LEVELS for lv in levels):
        raise ValueError(f"--levels takes two of {', '.join(LEVELS)}")
    wins = [0, 0]
    folder = getattr(args, "record_dir", None)
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        writer = None
        if folder:
            writer = open_in(Path(folder))(race_header(seed, levels, rules.Settings()))
        session = play(
            RaceSession(rules.Settings(), seed, levels, writer.write if writer else None)
        )
        if writer:
            writer.close()
        wins[int(session.state.winner or 0)] += 1
        if getattr(args, "progress", None):
            args.progress()
    elapsed = max(time.perf_counter() - started, 1e-9)
    return {"games": args.games, "wins": wins, "matches_per_sec": args.games / elapsed}


def _sim_describe(data: dict[str, Any], args: argparse.Namespace) -> list[str]:
    return [f"{data['games']} races: wins {data['wins'][0]}-{data['wins'][1]}"]


# --- replays --------------------------------------------------------------------------

THROW = rs.Obj(
    {"p": rs.Int(0, 1), "origin": rs.POINT, "angle": rs.Num(), "speed": rs.Num(), "spin": rs.Num()}
)
SCHEMA = rs.GameSchema(
    settings=rs.Obj(
        {"goal": rs.Int(1, 100), "near_gain": rs.Int(1, 20), "far_gain": rs.Int(1, 20)}
    ),
    records={
        "throw": THROW,
        "land": rs.Obj(
            {"p": rs.Int(0, 1), "card": rs.Nullable(rs.option(*rules.CARDS)), "at": rs.POINT}
        ),
        "end": rs.Obj({"winner": rs.Int(0, 1), "throws": rs.TURNS}),
    },
    players=lambda settings: rules.PLAYERS,
)


class RaceRun(NamedTuple):
    """A re-run race: its session at the end and the comparer of its records."""

    session: RaceSession
    check: RecordCheck

    @property
    def identical(self) -> bool:
        return self.check.drift is None


def rerun(replay: Replay) -> RaceRun:
    """The match of `replay` played again: the bots choose and throw as they did, a
    person's calls and throws are taken from the file, and every record the session
    writes is compared with the file's. Raises `RerunError` for one it cannot play."""
    check_build(replay.header, content_hash())
    seats = replay.header["seats"]
    levels = [None if s["human"] else str(s["name"]) for s in seats]
    if any(lv is not None and lv not in LEVELS for lv in levels):
        raise RerunError("record", f"a computer level this build lacks: {levels}")
    checker = RecordCheck(replay.records)
    session = RaceSession(
        rules.Settings.from_json(replay.header["settings"]),
        int(replay.header["seed"]),
        levels,
        checker.take,
    )
    try:
        for _ in range(len(replay.records) + 1):
            if session.over or checker.drift is not None:
                break
            if session.levels[session.state.turn] is not None:
                session.step_bot()
                continue
            records = replay.records
            index = next(
                (i for i in range(checker.next, len(records)) if records[i].get("t") != "note"),
                None,
            )
            if index is None:
                break  # unfinished: the rest is not there to check
            session.feed(records[index])
    except (GameError, KeyError, TypeError, ValueError) as e:  # PhysicsError among them
        raise RerunError("inputs", f"a move the race refuses: {e}"[:160]) from None
    return RaceRun(session, checker)


def check(replay: Replay) -> tuple[bool, str]:
    _, checker = rerun(replay)
    drift = checker.drift
    return said(None if drift is None else (drift.index, str(drift)), checker.next)


def stats_line(replay: Replay) -> MatchLine | None:
    return people_line(replay.header, replay.records, GAME, lambda: rerun(replay), _count)


def _count(run: RaceRun, people: frozenset[int]) -> PeoplesPlay:
    throws = [r for r in run.check.records if r.get("t") == "land" and r["p"] in people]
    opened = sum(r["card"] is not None for r in throws)
    return PeoplesPlay(won=run.session.state.winner in people, throws=len(throws), opened=opened)


# --- the autosave ---------------------------------------------------------------------


def save_check(payload: dict[str, Any]) -> list[str]:
    try:
        session = RaceSession.resume(payload)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"not a gate race: {e}") from None
    bad = [lv for lv in session.levels if lv is not None and lv not in LEVELS]
    return rules.problems(session.state) + [f"levels: unknown {lv!r}" for lv in bad]


def _levels() -> Mapping[str, Any]:
    return LEVELS


RECORD = GameRecord(
    id=GAME,
    names={"en": "Gate race", "ru": "Гонка к карте"},
    player_counts=(2,),
    scenarios=ScenarioKit(load=load_scenario, run=run_scenario, name=lambda sc: str(sc["name"])),
    sim=SimKit(add_arguments=_sim_arguments, run=_sim_run, describe=_sim_describe),
    save_check=save_check,
    content_hash=content_hash,
    replays=ReplayKit(lambda: SCHEMA, check, stats_line, lambda: [], _levels),
)
