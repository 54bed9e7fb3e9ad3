"""A save that passes the load check never crashes a Continue (issue 25, point 3).

Hypothesis changes the fields of good saves of each game (`tests/games/data/saves/`:
one to three fields set to another value, mostly of their own kind, a list one longer
or shorter, a field deleted or swapped with another)
and Continues each one as the title does (`resume_saved`: the one load check, then the
game's screens). Either the save is refused, which the title turns into a line and a
save set aside (`restore_save` counts any error so), or the match is resumed and one
frame is drawn (the screen's update and draw, a computer's thinking begun in it
included) without an error.

The examples are few per game, to keep the suite fast; `BAKUGAN_FUZZ_SAVES=2000` runs
more (the checks were made complete against many thousands).
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.persist import saves
from game.persist.saves import Saved
from game.persist.settings import UserSettings
from game.ui.app import App
from game.ui.menu import resume_saved

DATA = Path(__file__).parents[1] / "games" / "data" / "saves"
EXAMPLES = int(os.environ.get("BAKUGAN_FUZZ_SAVES", "30"))
GAMES = ("attack", "planet", "classic")


def _saves(game: str) -> list[Saved]:
    return [saves.read_save(p.read_bytes()) for p in sorted(DATA.glob(f"{game}-*.json"))]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    home = tmp_path_factory.mktemp("fuzz-home")
    old = os.environ.get("BAKUGAN_HOME")
    os.environ["BAKUGAN_HOME"] = str(home)
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False))
    yield app
    pygame.quit()
    if old is not None:
        os.environ["BAKUGAN_HOME"] = old


Path_ = tuple[str | int, ...]


def _children(node: Any) -> list[str | int]:
    if isinstance(node, dict):
        return sorted(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def _at(root: Any, path: Path_) -> Any:
    for key in path:
        root = root[key]
    return root


@st.composite
def _path(draw: st.DrawFn, root: Any) -> Path_:
    """A field of the payload: down from the top, a child at random at each level,
    stopping now and then (so whole lists and tables are chosen too), most often in
    the rules state."""
    path: list[str | int] = []
    node = root
    for start in (["state"], ["session", "state"]):
        try:
            inside = _at(root, tuple(start))
        except (KeyError, IndexError, TypeError):
            continue
        if draw(st.integers(0, 3)):
            path, node = start, inside
        break
    while True:
        keys = _children(node)
        if not keys or (path and draw(st.integers(0, 4)) == 0):
            return tuple(path)
        key = draw(st.sampled_from(keys))
        path.append(key)
        node = node[key]


def _other_kind(strings: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from([*strings, "nosuch", ""]),
        st.just([]),
        st.just({}),
        st.floats(-10, 10, allow_nan=False),
        st.lists(st.integers(-2, 5), max_size=3),
    )


@st.composite
def _changed(draw: st.DrawFn, value: Any, strings: list[str]) -> Any:
    """Another value for a field, most often of its own kind (a number near the game's
    numbers, a name the save holds, a list one longer or shorter), now and then of
    another kind."""
    if draw(st.integers(0, 4)) == 0:
        return draw(_other_kind(strings))
    if isinstance(value, bool) or value is None:
        return draw(st.one_of(st.booleans(), st.none(), st.integers(-1, 3)))
    if isinstance(value, int | float):
        return draw(st.one_of(st.integers(-3, 12), st.sampled_from([99, 10**6, 2**64, -(10**9)])))
    if isinstance(value, str):
        return draw(st.sampled_from([*strings, "nosuch", ""]))
    if isinstance(value, list) and value:
        changed = list(value)
        how = draw(st.sampled_from(["drop", "double", "reverse", "one", "empty"]))
        i = draw(st.integers(0, len(changed) - 1))
        if how == "drop":
            del changed[i]
        elif how == "double":
            changed.insert(i, copy.deepcopy(changed[i]))
        elif how == "reverse":
            changed.reverse()
        elif how == "one":
            changed = changed[i : i + 1]
        else:
            changed = []
        return changed
    if isinstance(value, dict) and value:
        changed = dict(value)
        del changed[draw(st.sampled_from(sorted(changed)))]
        return changed
    return draw(_other_kind(strings))


def _strings(node: Any, out: set[str]) -> set[str]:
    if isinstance(node, str):
        out.add(node)
    for key in _children(node):
        _strings(node[key], out)
    return out


@st.composite
def _mutated(draw: st.DrawFn, game: str) -> Saved:
    saved = draw(st.sampled_from(_saves(game)))
    payload = copy.deepcopy(saved.payload)
    strings = sorted(_strings(payload, set()))[:400]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(_path(payload))
        if not path:
            continue
        parent, key = _at(payload, path[:-1]), path[-1]
        how = draw(st.sampled_from(["change", "change", "change", "change", "delete", "swap"]))
        if how == "change":
            parent[key] = draw(_changed(parent[key], strings))
        elif how == "delete":
            del parent[key]
        elif how == "swap":
            other = draw(_path(payload))
            if other and other[: len(path)] != path and path[: len(other)] != other:
                value = copy.deepcopy(_at(payload, other))
                parent[key] = value
    return Saved(saved.game, saved.game_version, payload)


def _continue(app: App, saved: Saved, frames: int = 1) -> str:
    """What Continue makes of the save: "refused" (the title says why and sets it
    aside) or "resumed" (and one frame drawn)."""
    try:
        scene = resume_saved(app, saved)
    except Exception:  # restore_save: any error sets the save aside with a line
        return "refused"
    app.stack.clear()
    app.push(scene)
    try:
        for _ in range(frames):
            app.step()
            thinking = getattr(app.top, "thinking", None)  # Battle Planet's computer thinks
            if thinking is not None:  # in its thread: its error is the next frame's
                thinking[1].result(timeout=60)
    finally:
        app.stack.clear()
    return "resumed"


@pytest.mark.parametrize("game", GAMES)
def test_the_good_saves_resume_and_draw(app: App, game: str) -> None:
    for saved in _saves(game):
        assert _continue(app, saved) == "resumed"


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_save_is_refused_or_resumes_and_draws_a_frame(app: App, game: str) -> None:
    outcomes: list[str] = []

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(_mutated(game))
    def run(saved: Saved) -> None:
        outcomes.append(_continue(app, saved))

    run()
    assert "refused" in outcomes  # (the changes reach the check, not only harmless fields)


CRASHED = [  # what crashed every Continue before the check (issue 25), and where
    ("attack-4-play", "state/turn", 9),  # rules/attack/state.py:147
    ("attack-4-play", "state/table/0/1", "nosuch"),  # ui/attack/art.py:56
    ("attack-4-play", "state/table/0/0", 7),  # ui/attack/table.py:79
    ("planet-energize-3", "state/sides", "one"),  # rules/planet/state.py:185
    ("planet-cores", "state/placer", 9),  # match/planet_play.py:151
]


@pytest.mark.parametrize(("name", "field", "value"), CRASHED)
def test_continue_with_an_impossible_save_says_so_and_sets_it_aside(
    app: App, name: str, field: str, value: Any
) -> None:
    from game.ui.menu import TitleScene

    saved = saves.read_save((DATA / f"{name}.json").read_bytes())
    payload = copy.deepcopy(saved.payload)
    *parents, last = field.split("/")
    node: Any = _at(payload, tuple(int(k) if k.isdigit() else k for k in parents))
    node[int(last) if last.isdigit() else last] = node[last][:1] if value == "one" else value
    assert saved.game is not None
    path = saves.save_match(payload, saved.game, saved.game_version or 1)
    app.stack.clear()
    title = TitleScene(app)
    app.push(title)
    title.choose(saved.game)
    title._continue()
    for _ in range(30):  # (a resumed match would have crashed within these)
        app.step()
    assert app.top is title and app.tr("save.why_impossible") in title.message
    assert not path.exists() and not saves.has_save(saved.game)
    assert any(p.name.startswith(f"autosave-{saved.game}.damaged-") for p in path.parent.iterdir())
    app.stack.clear()
