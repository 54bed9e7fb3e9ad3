"""Autosaves of impossible matches (issue 13): refused with the reason, set aside, a new
match offered; `load_match` and `restore_match` never raise.

Each case is a real save of a real session, then one field of its JSON changed the way
a damaged or hand-edited file would; the checksum is made good again, so only the
match itself is wrong."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.match.classic.persist import SessionFormatError, session_from_json, session_to_json
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession
from game.persist import saves
from game.persist.saves import has_save, load_match, restore_match, save_match
from game.rules.classic import random_kit

CAT = shipped_catalog()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _session(until: Callable[[MatchSession], bool], seed: int = 4) -> MatchSession:
    """A session played by bots until `until` holds (the first seed from `seed` on
    whose match gets there)."""
    for s_seed in range(seed, seed + 20):
        rng = random.Random(s_seed)
        s = MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=s_seed)
        seats = [BotSeat.named("greedy", CAT, s_seed), BotSeat.named("random", CAT, s_seed + 1)]
        for _ in range(3000):
            if until(s):
                return s
            player = s.actor()
            if player is None:
                break  # over without it: try the next seed
            waiting = s.awaiting_throw()
            if waiting is not None:
                obs = s.observation(player)
                s.throw(player, seats[player].throw(obs, waiting[1], s.table(), s.zone(player)))
            else:
                s.act(seats[player].choose(s.observation(player), s.legal_actions()))
    raise AssertionError("the condition was never met")


def _standing(s: MatchSession) -> bool:
    return bool(s.resting) and s.state.phase == "main" and s.state.turn >= 2


def _battle(s: MatchSession) -> bool:
    return s.state.battle is not None


def _save(data: dict[str, Any]) -> Path:
    return save_match({"session": data})


def _restore() -> tuple[MatchSession | None, saves.SaveError | None]:
    return restore_match(lambda d: session_from_json(d["session"], CAT))


def _empty_slot(d: dict[str, Any]) -> list[int]:
    taken = [f["slot"] for f in d["state"]["field"]]
    return next([c, r] for c in range(5) for r in range(4) if [c, r] not in taken)


def _twice(d: dict[str, Any]) -> None:
    p0 = d["state"]["players"][0]
    p0["used"].append(p0["unused"][0])


def _not_over(d: dict[str, Any]) -> None:
    d["state"]["phase"] = "main"
    d["state"]["winner"] = None


CASES: list[tuple[str, Callable[[MatchSession], bool], Callable[[dict[str, Any]], None], str]] = [
    (
        "turn player out of range",
        _standing,
        lambda d: d["state"].update(turn_player=2),
        "turn_player: 2",
    ),
    (
        "a field card of a player who does not exist",
        _standing,
        lambda d: d["state"]["field"][0].update(owner=3),
        "owner 3 is not a player",
    ),
    (
        "a battle on an empty slot",
        _battle,
        lambda d: d["state"]["battle"].update(slot=_empty_slot(d)),
        "no Gate Card lies there",
    ),
    ("an unknown phase", _standing, lambda d: d["state"].update(phase="frozen"), "phase"),
    ("the same Bakugan in two places", _standing, _twice, "in 2 places"),
    ("three captures and the match not over", lambda s: s.over, _not_over, "not over"),
    ("a table of 1e308 mm", _standing, lambda d: d.update(table=[1e308, 1e308]), "table"),
    (
        "a Bakugan resting off the table",
        _standing,
        lambda d: d["resting"][0].__setitem__(2, -5000.0),
        "off the table",
    ),
    (
        "a sphere physics cannot roll",
        _standing,
        lambda d: d["sphere_radius"].update(x=1e9),
        "sphere_radius",
    ),
]


@pytest.mark.parametrize(("name", "until", "change", "words"), CASES, ids=[c[0] for c in CASES])
def test_an_impossible_match_is_refused_set_aside_and_never_resumed(
    name: str,
    until: Callable[[MatchSession], bool],
    change: Callable[[dict[str, Any]], None],
    words: str,
) -> None:
    data = json.loads(json.dumps(session_to_json(_session(until))))
    change(data)
    with pytest.raises(SessionFormatError, match=words.replace("(", r"\(")):
        session_from_json(data, CAT)
    path = _save(data)  # a save whose checksum is good: only the match is wrong
    session, error = _restore()
    assert session is None and error is not None
    assert error.reason in ("impossible", "bad_match") and words.split(":")[0] in error.detail
    assert error.moved_to is not None and not path.exists() and not has_save()
    for lang in ("en", "ru"):
        assert error.moved_to.name in error.text(lang)
    # the next Continue finds nothing to crash on: a new match is offered instead
    assert _restore() == (None, None)


def test_an_impossible_match_is_reported_as_one() -> None:
    data = json.loads(json.dumps(session_to_json(_session(_standing))))
    data["state"]["turn_player"] = 9
    _save(data)
    _, error = _restore()
    assert error is not None and error.reason == "impossible"
    assert "could not happen under the rules" in error.text("en")


@pytest.mark.parametrize(
    "mangle",
    [
        lambda raw: raw.replace(b'"turn": ', b'"turn": ' + b"9" * 5000, 1),  # 5,000 digits
        lambda raw: b'{"payload": ' * 3000 + b"{}" + b"}" * 3000,  # deep
        lambda raw: raw.replace(b'"turn": ', b'"turn": 1e999, "x": ', 1),  # infinity
        lambda raw: raw[:-1] + b"\xff",  # not UTF-8
    ],
    ids=["long_number", "deep", "infinity", "not_utf8"],
)
def test_load_match_never_raises(mangle: Callable[[bytes], bytes]) -> None:
    data = session_to_json(_session(_standing))
    path = _save(data)
    path.write_bytes(mangle(path.read_bytes()))
    payload, error = load_match()
    assert payload is None and error is not None and error.reason == "not_json"
    assert error.moved_to is not None and not has_save()


def test_a_good_save_still_resumes() -> None:
    s = _session(_battle)
    _save(session_to_json(s))
    resumed, error = _restore()
    assert error is None and resumed is not None and resumed.state == s.state
