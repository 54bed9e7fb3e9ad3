"""Every game's autosave is checked whole before it is resumed (issue 25, point 3): the
one load path (`game.games.saves.checked`) runs the game record's `save_check` (the
rules core's invariants: `rules/<game>/invariants.py`) on every load, and an impossible
save is set aside with a line, as a damaged one is.

The good saves are files the app wrote (`data/saves/`, made by `make_saves.py`); each
impossible one is a good one with one thing changed, as the issue found them."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.games import REGISTRY
from game.games.saves import checked
from game.persist import saves
from game.persist.saves import Saved, SaveError, restore_save
from game.rules.api import InvalidState

DATA = Path(__file__).parent / "data" / "saves"
GOOD = sorted(p.stem for p in DATA.glob("*.json"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def good(name: str) -> Saved:
    return saves.read_save((DATA / f"{name}.json").read_bytes())


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change: the field at `path` (keys and list indexes, "/" between) set to `value`."""

    def change(payload: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = payload
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def _duplicate(payload: dict[str, Any]) -> None:
    """Player 0 holds a copy of a card player 1 holds too (one card too many)."""
    hands = payload["state"]["hands"]
    hands[0].append(hands[1][0])


def _over_without_a_winner(payload: dict[str, Any]) -> None:
    state = payload["state"]
    state.update(phase="over", over=True, winner=None, end_reason="the match ended")


def _classic_over_without_a_winner(payload: dict[str, Any]) -> None:
    payload["session"]["state"].update(phase="over", winner=None)


def _other_kit(payload: dict[str, Any]) -> None:
    """The setup says player 0 brought player 1's deck: not the cards in the match."""
    kits = payload["setup"]["kits"]
    kits[0]["deck"] = list(kits[1]["deck"])


def _planet_one_side(payload: dict[str, Any]) -> None:
    payload["state"]["sides"] = payload["state"]["sides"][:1]


IMPOSSIBLE: list[tuple[str, str, Callable[[dict[str, Any]], None]]] = [
    ("Attack turn 9", "attack-4-play", _set("state/turn", 9)),
    ("an unknown table card", "attack-4-play", _set("state/table/0/1", "nosuch")),
    ("a player out of range", "attack-4-play", _set("state/table/0/0", 7)),
    ("a duplicated card", "attack-4-play", _duplicate),
    ("an unknown card in a hand", "attack-4-play", _set("state/hands/0/0", "nosuch")),
    ("99 points while still playing", "attack-4-play", _set("state/points/1", 99)),
    ("negative points", "attack-4-play", _set("state/points/2", -3)),
    ("dealer 7", "attack-4-play", _set("state/dealer", 7)),
    ("turn -5", "attack-3-blind", _set("state/turn", -5)),
    ("a Julie choice of the leader", "attack-3-blind", _set("state/pending/1", "3")),
    ("an unknown card in a deck", "planet-energize-3", _set("state/sides/0/deck/0", "nosuch")),
    ("Planet sides of length 1", "planet-energize-3", _planet_one_side),
    ("winner 5", "planet-energize-3", _set("state/winner", 5)),
    ("placer 9", "planet-cores", _set("state/placer", 9)),
    ("turn -5 (Planet)", "planet-energize-6", _set("state/turn", -5)),
    ("over with no winner", "planet-energize-3", _over_without_a_winner),
    ("kits that do not match", "planet-energize-6", _other_kit),
    ("negative Energy", "planet-energize-6", _set("state/sides/1/pool", -2)),
    ("over with no winner (classic)", "classic-2", _classic_over_without_a_winner),
    ("a turn player out of range (classic)", "classic-3", _set("session/state/turn_player", 5)),
]


def _impossible(name: str) -> tuple[Saved, str]:
    _, base, change = next(case for case in IMPOSSIBLE if case[0] == name)
    saved = good(base)
    payload = copy.deepcopy(saved.payload)
    change(payload)
    return Saved(saved.game, saved.game_version, payload), base


@pytest.mark.parametrize("name", GOOD)
def test_the_good_saves_pass_the_check(name: str) -> None:
    saved = good(name)
    assert saved.game in REGISTRY
    assert checked(saved).payload == saved.payload


@pytest.mark.parametrize("name", [case[0] for case in IMPOSSIBLE])
def test_an_impossible_save_is_refused_by_the_check(name: str) -> None:
    saved, _ = _impossible(name)
    with pytest.raises(SaveError) as caught:
        checked(saved)
    assert caught.value.reason == "impossible", caught.value.detail
    assert caught.value.detail  # the fields that break, for the log


@pytest.mark.parametrize("name", [case[0] for case in IMPOSSIBLE])
def test_an_impossible_save_is_set_aside_with_a_line_and_not_offered_again(name: str) -> None:
    saved, _ = _impossible(name)
    assert saved.game is not None
    path = saves.save_match(saved.payload, saved.game, saved.game_version or 1)
    raw = path.read_bytes()
    assert saves.has_save(saved.game)
    resumed, error = restore_save(checked, game=saved.game)
    assert resumed is None and error is not None and error.reason == "impossible"
    assert "could not happen under the rules" in error.text("en")
    assert "невозможен по правилам" in error.text("ru")
    assert error.moved_to is not None and error.moved_to.read_bytes() == raw  # kept whole
    assert not saves.has_save(saved.game)


def test_each_rules_core_has_the_one_shape_of_check() -> None:
    """`problems(state)` lists, never raises; `check(state)` raises `InvalidState`."""
    from game.content.attack import shipped_deck
    from game.content.planet import shipped_catalog
    from game.match.planet.play import read_payload
    from game.rules.attack import AttackState
    from game.rules.attack import invariants as attack
    from game.rules.classic import invariants as classic
    from game.rules.planet import invariants as planet

    state = AttackState.from_json(good("attack-4-play").payload["state"], shipped_deck())
    assert attack.problems(state) == []
    state.dealer = 7
    assert attack.problems(state) and not isinstance(attack.problems(state), InvalidState)
    with pytest.raises(InvalidState, match="dealer"):
        attack.check(state)
    setup, pstate = read_payload(good("planet-energize-3").payload, shipped_catalog())
    assert planet.problems(pstate, setup.kits) == planet.problems(pstate) == []
    pstate.winner = 5
    with pytest.raises(InvalidState, match="winner"):
        planet.check(pstate)
    assert classic.InvalidState is InvalidState is planet.InvalidState


def test_every_record_checks_its_saves() -> None:
    for record in REGISTRY.values():
        assert callable(record.save_check), record.id
