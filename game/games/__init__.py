"""The games this app plays, and the one place that ties each game's parts together.

A `GameRecord` names a game's rules core, content, scenario vocabulary, headless
simulation and (as they land) bots, table and scenes. The CLI, the scenario runner, the
sim, the menu and the saves read `REGISTRY`; nothing else names a game. Adding a game is
adding a record (docs/adding-a-game.md).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from game.rules.api import GameError

if TYPE_CHECKING:
    from game.games.net_kit import NetKit
    from game.match.replay_stats import MatchLine
    from game.persist.replay_file import Replay
    from game.persist.replay_schema import GameSchema


class UnknownGame(GameError, KeyError):
    """A game id that no record carries; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class ScenarioKit:
    """A game's scenario vocabulary: `load` reads one file (raising `ContentError` that
    names the file and field), `run` plays it against the rules core and returns its
    failures (empty when it passes); `name` is the scenario's one-line title."""

    load: Callable[[Path], Any]
    run: Callable[[Any], list[str]]
    name: Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class SimKit:
    """A game's headless simulation for `bakugan sim --rules ID`: its own options, the
    run (a JSON-able report with at least ``games``, ``wins`` and ``matches_per_sec``),
    and the report told in lines for a person."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], dict[str, Any]]
    describe: Callable[[dict[str, Any], argparse.Namespace], list[str]]


@dataclass(frozen=True, slots=True)
class DeckKit:
    """A game's decks for `bakugan deck`: the names of the player's decks and the
    presets, one deck's code, and a code saved as a deck of the player's own (under a
    name, or one of its own: the new file). Each raises a `GameError` whose message is
    what to tell."""

    names: Callable[[], list[str]]
    export: Callable[[str], str]
    take: Callable[[str, str | None], Path]


class Titled(Protocol):
    """A computer level's record as the replays' words need it."""

    @property
    def title_en(self) -> str: ...

    @property
    def title_ru(self) -> str: ...


class Named(Protocol):
    """A thing of a game's content (a Bakugan, a card) as the stats name it: its
    ``name`` has a text per language (``name.en``, ``name.ru``)."""

    @property
    def name(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class ReplayKit:
    """What a game brings to the one replay pipeline (`game.games.replays`): the schema
    its replays are read against, the re-run that says whether one is identical (every
    field it can compute compared; raises `RerunError` for one it cannot play), the
    people's line of a finished one for the stats (None: no person, unfinished,
    drifted), the tables of its content's named things, and its computer levels'
    records. Each is loaded when first asked for: reading a Planet replay loads no
    other game."""

    schema: Callable[[], GameSchema]
    check: Callable[[Replay], tuple[bool, str]]
    stats_line: Callable[[Replay], MatchLine | None]
    things: Callable[[], Sequence[Mapping[str, Named]]]
    levels: Callable[[], Mapping[str, Titled]]


def said(drift: tuple[int, str] | None, steps: int) -> tuple[bool, str]:
    """A re-run's verdict as `ReplayKit.check` gives it: (identical, what to say): the
    drift names its record and field."""
    return (False, drift[1]) if drift is not None else (True, f"{steps} records")


def loaded(reference: str) -> Any:
    """What `reference` (``"module:name"``) names, its module imported now."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True, slots=True)
class Parts:
    """Where a game's parts live, as its record names them (``"module:name"``): each is
    imported when it is first called, so that reading the registry loads no game's
    parts. `content` names the loader of the game's shipped content (its cards, its
    deck), which `over` hands a part after the call's own arguments."""

    content: str

    def part(self, reference: str) -> Callable[..., Any]:
        """The part `reference`, called with the call's arguments."""

        def call(*args: Any) -> Any:
            return loaded(reference)(*args)

        return call

    def over(self, reference: str) -> Callable[..., Any]:
        """The part `reference`, called with the call's arguments and the shipped
        content."""

        def call(*args: Any) -> Any:
            return loaded(reference)(*args, loaded(self.content)())

        return call

    def replays(
        self,
        *,
        schema: str,
        rerun: str,
        line: str,
        things: Callable[[Any], Sequence[Mapping[str, Named]]],
        levels: Callable[[], Mapping[str, Titled]],
    ) -> ReplayKit:
        """The game's `ReplayKit`: `schema` names its replays' `GameSchema`, `rerun` and
        `line` the re-run and the people's line of a replay, each called (`over`) with
        its header and its records (the re-run's result has its ``drift`` and its
        ``steps``, counted or listed); `things` are the tables of named things of the
        shipped content, `levels` the computer levels' records."""
        rerun_over, line_over = self.over(rerun), self.over(line)

        def check(replay: Replay) -> tuple[bool, str]:
            run = rerun_over(replay.header, replay.records)
            steps = run.steps
            return said(run.drift, steps if isinstance(steps, int) else len(steps))

        def stats_line(replay: Replay) -> MatchLine | None:
            return cast("MatchLine | None", line_over(replay.header, replay.records))

        return ReplayKit(
            schema=lambda: cast("GameSchema", loaded(schema)),
            check=check,
            stats_line=stats_line,
            things=lambda: things(loaded(self.content)()),
            levels=levels,
        )


L = TypeVar("L")


@dataclass(frozen=True, slots=True)
class Levels(Generic[L]):
    """A game's computer levels: its file (``assets/data/<game>/ai.toml``), read by
    `game.content.ai_levels` and each record checked by the ``check_level`` of its
    levels module `checks` (named ``"module"``); the file must hold the module's
    ``LEVEL_NAMES``."""

    game: str
    checks: str

    def path(self) -> Path:
        """The shipped difficulty records."""
        from game.files.paths import game_data_dir

        return game_data_dir(self.game) / "ai.toml"

    def load(self, path: Path | None = None) -> Mapping[str, L]:
        """The AI difficulty records of a file (by default the shipped one); raises
        `ContentError` naming every problem as ``file: level: field: problem``."""
        from game.content import ai_levels

        checks = importlib.import_module(self.checks)
        return ai_levels.load_levels(path or self.path(), checks.check_level, checks.LEVEL_NAMES)

    def shipped(self) -> Mapping[str, L]:
        """The shipped difficulty records (easy, normal, hard), loaded once."""
        return cast("Mapping[str, L]", _shipped_levels(self))


@cache
def _shipped_levels(levels: Levels[Any]) -> Mapping[str, Any]:
    return levels.load()


def word_options(sim: argparse.ArgumentParser, *options: tuple[str, tuple[str, ...], str]) -> None:
    """A game's `bakugan sim` options of a few words each, as (flag, words, help): the
    first word is the default."""
    for flag, words, help_text in options:
        sim.add_argument(flag, default=words[0], choices=words, help=help_text)


def win_lines(
    data: dict[str, Any], wins: str = ">6", after: Callable[[str], str] = lambda name: ""
) -> list[str]:
    """A sim report's line a bot: its wins (in the format `wins`), its win rate and the
    rate's 95% interval, then what `after` adds for it."""
    lines = []
    for name, rate in data["win_rates"].items():
        lo, hi = rate["ci95"]
        lines.append(
            f"  {name:>10}: {data['wins'][name]:{wins}} wins  {rate['rate']:.1%}"
            f"  (95% CI {lo:.1%}-{hi:.1%}){after(name)}"
        )
    return lines


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game. `ui` is the dotted name of the module whose ``SCENES`` are the game's
    screens (`game.ui.scenes.GameScenes`), as text: the games sit below the ui, which
    imports the module when the screens are first asked for; None while the game has
    no screens (the title shows a placeholder). `save_version` is the version of the
    game's autosave payload: an older one is upgraded (`save_upgrade`), a newer one is
    not resumed; `save_check` finds an impossible one, which is set aside.
    `hotseat_label` and `throw_challenges` say what the title offers with the game
    chosen."""

    id: str
    names: Mapping[str, str]  # language code -> the game's name
    player_counts: tuple[int, ...]
    scenarios: ScenarioKit
    sim: SimKit
    save_check: Callable[[dict[str, Any]], list[str]]
    """The whole-state check of an autosave payload (at `save_version`), run on every
    load before the screens see it (`game.games.saves.checked`): every way the match
    in it breaks the game's invariants (its rules core's ``invariants.problems``) or
    the seats and table around it, a line each naming the field; empty: it may be
    resumed. Raises ValueError for a payload that is no match of the game at all."""
    text_demo: Callable[[int, str], int] | None = None  # seed, language -> exit code
    ui: str | None = None
    save_version: int = 1
    save_upgrade: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    """(payload, its version) -> the payload at `save_version`: an older save is
    upgraded step by step (`game.persist.upgrade.Chain`), not refused."""
    hotseat_label: str = "menu.two_players"
    """The catalog key of the title's button for people sharing one screen; its text
    may name the fewest and the most players (``{low}``, ``{high}``: `player_counts`)."""
    throw_challenges: bool = True
    """The title offers the throw challenges (the Gate Card levels) with this game."""
    content_hash: Callable[[], str] | None = None
    """The hash of the shipped content the game is played with: the very value its
    replays record (``content_hash`` of their header) and a re-run compares; `bakugan
    --version` and the About screen show it (`game.games.about`)."""
    decks: DeckKit | None = None
    """The game's decks as codes to share (`bakugan deck`), for a game of decks."""
    replays: ReplayKit | None = None
    """The game's part of the replays (`bakugan replay`, the Replays list, the stats);
    None: the game keeps none."""
    net: NetKit | None = None
    """The game's part of network play (`bakugan host`, `bakugan join`: `game.net`)."""

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["en"])


def _records() -> dict[str, GameRecord]:
    from game.games import attack, classic, planet

    return {r.id: r for r in (classic.RECORD, attack.RECORD, planet.RECORD)}


class _Registry(Mapping[str, GameRecord]):
    """The game records by id, loaded on first use (a record imports its game's parts),
    then any `registered` from outside the package."""

    def __init__(self) -> None:
        self._loaded: dict[str, GameRecord] | None = None
        self.outside: dict[str, GameRecord] = {}

    def _all(self) -> dict[str, GameRecord]:
        if self._loaded is None:
            self._loaded = _records()
        return {**self._loaded, **self.outside} if self.outside else self._loaded

    def __getitem__(self, game_id: str) -> GameRecord:
        records = self._all()
        if game_id not in records:
            known = ", ".join(records)
            raise UnknownGame(f"unknown game {game_id!r}; the games are: {known}")
        return records[game_id]

    def __iter__(self) -> Any:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


_REGISTRY = _Registry()
REGISTRY: Mapping[str, GameRecord] = _REGISTRY


@contextlib.contextmanager
def registered(record: GameRecord) -> Iterator[GameRecord]:
    """`record` is one of the games while the block runs, after the shipped ones: a game
    kept outside the package (the gate race of tests/games/race, which proves that a
    game needs nothing outside its folders but its record). Its id must be new."""
    if record.id in REGISTRY:
        raise ValueError(f"a game {record.id!r} is registered already")
    _REGISTRY.outside[record.id] = record
    try:
        yield record
    finally:
        del _REGISTRY.outside[record.id]


DEFAULT_GAME = "classic"
