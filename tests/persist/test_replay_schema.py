"""Malformed replays get a line a player understands (issue 25, point 4): the reader
checks every field of the header and of each record against its game's schema once,
so nothing further in meets a missing key or a value of the wrong kind. Before, 26
such files of the three games were refused with a raw ``KeyError: 'grid'`` or
``TypeError`` as the reason.

They are found here the two ways the issue asks: structured mutations of a real
replay of each game (every field of the header and of the first record of each kind
dropped, given a value of each wrong kind, nested in a list; records swapped) and
hypothesis fuzzing (any JSON value anywhere). Every outcome is "identical", "drifted"
or one line naming the file and the problem, never an exception's type name."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.replays import SCHEMAS, verify_one
from game.games.replays import check as check_replay
from game.match.rerun import RerunError
from game.persist.replay_file import ReplayError, parse_replay, read_replay
from game.persist.replay_schema import Mismatch
from game.rules.attack import Settings as AttackSettings
from game.rules.attack import Variant
from game.rules.classic import Settings as ClassicSettings
from game.rules.planet import Settings as PlanetSettings
from tests.persist.replay_samples import GAMES, lines_of, pack, record_each_game

RAW = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\bIllegalAction\b|Traceback")
"""What a line must never show: a Python exception's type name."""

WRONG: list[Any] = ["x", 2.5, True, None, [], {"a": 1}, -1, 10**6, "\x00"]


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    return {g: lines_of(p) for g, p in record_each_game(tmp_path_factory.mktemp("s")).items()}


def outcome(lines: list[Any]) -> str:
    """What the game says of a file of `lines`: "identical", "drifted", or the line."""
    try:
        replay = parse_replay(pack(lines), Path("friend.replay.gz"), SCHEMAS)
        identical, what = check_replay(replay)
    except ReplayError as e:
        return str(e)
    except RerunError as e:
        return str(ReplayError(e.reason, e.detail, Path("friend.replay.gz")))
    return "identical" if identical else f"drifted: {what}"


def assert_understood(lines: list[Any], how: str) -> None:
    try:
        said = outcome(lines)
    except Exception as e:  # never: the reader and the re-runs raise their own errors
        raise AssertionError(f"{how}: {type(e).__name__}: {e}") from e
    assert "\n" not in said and not RAW.search(said), (how, said)
    if said != "identical" and not said.startswith("drifted"):
        assert said.startswith("friend.replay.gz: "), (how, said)


def paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in `value` (the first two items of a list)."""
    if at:
        yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            yield from paths(item, (*at, i))


def _parent(value: Any, at: tuple[Any, ...]) -> Any:
    for key in at[:-1]:
        value = value[key]
    return value


def mutants(lines: list[dict[str, Any]], line: int) -> Iterator[tuple[str, list[Any]]]:
    """Line `line` with each of its fields dropped, given each wrong value, nested."""
    for at in list(paths(lines[line])):
        if at == ("t",):
            continue
        parent = _parent(lines[line], at)
        key = at[-1]
        if isinstance(parent, dict):
            changed = copy.deepcopy(lines)
            del _parent(changed[line], at)[key]
            yield f"line {line + 1}: drop {at}", changed
        for value in WRONG:
            changed = copy.deepcopy(lines)
            _parent(changed[line], at)[key] = value
            yield f"line {line + 1}: {at} = {value!r}", changed
        changed = copy.deepcopy(lines)
        place = _parent(changed[line], at)
        place[key] = [place[key]]
        yield f"line {line + 1}: nest {at}", changed


def _upto(lines: list[dict[str, Any]], line: int) -> list[dict[str, Any]]:
    """The replay cut after line `line` (an unfinished replay: the re-run stops there),
    but whole for its end, which only a whole match reaches."""
    return lines if lines[line].get("t") == "end" else lines[: max(line, 1) + 1]


def _first_of_each_kind(lines: list[dict[str, Any]]) -> list[int]:
    first: dict[str, int] = {}
    for i, record in enumerate(lines[1:], start=1):
        first.setdefault(record["t"], i)
    return sorted(first.values())


@pytest.mark.parametrize("game", GAMES)
def test_structured_mutations_of_each_game_each_give_a_line(
    samples: dict[str, list[dict[str, Any]]], game: str
) -> None:
    lines = samples[game]
    assert outcome(lines) == "identical"
    tried = 0
    for line in [0, *_first_of_each_kind(lines)]:
        upto = _upto(lines, line)
        for how, changed in mutants(upto, line):
            assert_understood(changed, how)
            tried += 1
    rng = random.Random(f"issue-25:{game}")
    for n in range(20):  # records shuffled: two swapped, one moved, one twice
        changed = copy.deepcopy(lines)
        body = changed[1:]
        i, j = rng.randrange(len(body)), rng.randrange(len(body))
        del body[max(i, j) + 2 :]  # (the re-run stops there: what follows is as recorded)
        if n % 3 == 0:
            body[i], body[j] = body[j], body[i]
        elif n % 3 == 1:
            body.insert(j, body.pop(i))
        else:
            body.insert(j, copy.deepcopy(body[i]))
        assert_understood([changed[0], *body], f"shuffle {n}")
        tried += 1
    assert tried > 200


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_fuzzed_values_anywhere_in_any_game_give_a_line(
    samples: dict[str, list[dict[str, Any]]], data: st.DataObject
) -> None:
    game = data.draw(st.sampled_from(GAMES))
    line = data.draw(st.sampled_from([0, *_first_of_each_kind(samples[game])]))
    lines = copy.deepcopy(_upto(samples[game], line))
    places = [at for at in paths(lines[line]) if at != ("t",)]
    at = data.draw(st.sampled_from(places))
    parent = _parent(lines[line], at)
    if data.draw(st.booleans()) and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=8))] = data.draw(JSON)  # a field besides
    else:
        parent[at[-1]] = data.draw(JSON)
    assert_understood(lines, f"{game} line {line + 1} {at}")


def _with_seats(lines: list[dict[str, Any]], seats: Any) -> list[dict[str, Any]]:
    changed = copy.deepcopy(lines)
    changed[0]["seats"] = seats
    return changed


def test_the_seats_of_the_header_are_checked(samples: dict[str, list[dict[str, Any]]]) -> None:
    """Junk in ``seats`` was taken in and shown on the Replays list."""
    lines = samples["attack"]
    seats = lines[0]["seats"]
    bad = {
        "a name of 10,000 letters": [{**seats[0], "name": "x" * 10_000}, *seats[1:]],
        "a name that draws nothing": [{**seats[0], "name": "\u202e\x07"}, *seats[1:]],
        "a seat too few": seats[1:],
        "a seat of a number": [7, *seats[1:]],
        "a person named as a level": [{**seats[0], "human": True}, *seats[1:]],
        "a field besides": [{**seats[0], "colour": "red"}, *seats[1:]],
    }
    for how, junk in bad.items():
        said = outcome(_with_seats(lines, junk))
        assert said.startswith("friend.replay.gz: its header is incomplete or wrong (seats"), (
            how,
            said,
        )


def test_a_line_names_the_field_and_the_problem(samples: dict[str, list[dict[str, Any]]]) -> None:
    """The issue's own examples, now worded."""
    classic = samples["classic"]
    no_grid = copy.deepcopy(classic)
    del no_grid[0]["settings"]["grid"]
    assert outcome(no_grid) == (
        "friend.replay.gz: its header is incomplete or wrong (settings.grid: missing)"
    )
    throw = next(i for i, r in enumerate(classic) if r.get("t") == "throw")
    bad_origin = copy.deepcopy(classic)
    bad_origin[throw]["origin"] = 7
    assert outcome(bad_origin) == (
        f"friend.replay.gz: a record is malformed (record {throw} (throw): origin:"
        " must be a list, got 7)"
    )
    planet = copy.deepcopy(samples["planet"])
    planet[0]["settings"]["card_play"] = "chaos"
    assert "settings.card_play: must be one of 'free', 'batch', got 'chaos'" in outcome(planet)


@pytest.mark.parametrize(
    ("game", "variants"),
    [
        (
            "classic",
            [
                ClassicSettings(),
                *(ClassicSettings.preset(n, big) for n in (2, 3, 4) for big in (False, True)),
                ClassicSettings(season=2, game_level="unused_gates", level_marked="official"),
                ClassicSettings.preset(3, multi_cards="field_any", random_order=True),
            ],
        ),
        ("attack", [AttackSettings(n, v) for n in (3, 4, 5) for v in Variant]),
        ("planet", [PlanetSettings(), PlanetSettings(first=1, shuffle=False)]),
    ],
)
def test_every_setting_a_game_writes_fits_its_schema(game: str, variants: list[Any]) -> None:
    """A key `to_json` writes and the schema does not name would refuse every new
    replay of that game."""
    for settings_ in variants:
        SCHEMAS[game].settings.check(settings_.to_json(), "settings")
    with pytest.raises(Mismatch):
        SCHEMAS[game].settings.check({**variants[0].to_json(), "new_rule": 1}, "settings")


def test_the_recorded_replays_of_every_game_read_whole_under_their_schema(
    tmp_path: Path,
) -> None:
    for game, path in record_each_game(tmp_path).items():
        replay = read_replay(path, SCHEMAS)
        assert replay.finished and replay.header["game"] == game
        assert verify_one(path).kind == "identical"
        assert json.dumps(replay.header)  # (plain JSON values)
