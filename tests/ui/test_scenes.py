"""The scene registry: a game's screens come from its record's `ui` module, a game
without one gets the placeholder, and the ui's modules import each other downward only
(no circle, not even through imports inside functions)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.games import REGISTRY, UnknownGame
from game.persist.settings import UserSettings
from game.ui import scenes
from game.ui.app import App
from game.ui.classic.howto import HowToScene
from game.ui.classic.match import MatchScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.coming import placeholder
from game.ui.scenes import GameScenes, game_scenes, register, unregister

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


@pytest.fixture
def clean() -> Iterator[None]:
    yield
    for game_id in REGISTRY:
        unregister(game_id)


def test_the_classic_record_names_its_screens_and_the_registry_finds_them() -> None:
    assert REGISTRY["classic"].ui == "game.ui.classic"
    classic = game_scenes("classic")
    assert classic is not None and classic is importlib.import_module("game.ui.classic").SCENES
    app = App(lang="en", fast=True, settings=UserSettings(language="en", tutorial=False))
    assert isinstance(classic.how_to(app), HowToScene)  # the screens import when first asked
    assert isinstance(classic.setup(app, False), MatchSetupScene)
    assert isinstance(classic.quick(app, "easy") if classic.quick else None, MatchScene)
    assert classic.quick is not None and classic.screen_demo is not None
    assert classic.attract is not None


def test_every_record_that_names_a_ui_module_has_one_that_gives_its_scenes() -> None:
    for game_id, record in REGISTRY.items():
        if record.ui is not None:
            module = importlib.import_module(record.ui)
            assert isinstance(module.SCENES, GameScenes), game_id


def test_a_game_without_screens_has_none_and_the_placeholder_says_it_is_coming(
    clean: None,
) -> None:
    for game_id in ("attack", "planet"):
        if REGISTRY[game_id].ui is None:
            assert game_scenes(game_id) is None
    stand_in = placeholder("attack")
    with pytest.raises(ValueError, match="no screens"):
        stand_in.resume(None, {})  # type: ignore[arg-type]
    with pytest.raises(UnknownGame, match="the games are: classic, attack, planet"):
        game_scenes("nosuch")


def test_registered_scenes_win_and_unregister_forgets_them(clean: None) -> None:
    made: list[tuple[str, object]] = []
    fake = GameScenes(
        setup=lambda app, hotseat: made.append(("setup", hotseat)),  # type: ignore[arg-type,func-returns-value]
        resume=lambda app, payload: made.append(("resume", payload)),  # type: ignore[arg-type,func-returns-value]
        how_to=lambda app: made.append(("how_to", None)),  # type: ignore[arg-type,func-returns-value]
    )
    register("planet", fake)
    assert game_scenes("planet") is fake
    unregister("planet")
    assert game_scenes("planet") is None or REGISTRY["planet"].ui is not None
    with pytest.raises(UnknownGame):
        register("nosuch", fake)


def test_every_screen_a_game_names_is_there_and_opens_nothing_before_it_is_asked() -> None:
    for game_id, record in REGISTRY.items():
        if record.ui is None:
            continue
        given = importlib.import_module(record.ui).SCENES
        for field in dataclasses.fields(GameScenes):
            screen = getattr(given, field.name)
            if isinstance(screen, scenes.Deferred):
                assert callable(screen.target()), (game_id, field.name)


def test_a_deferred_screen_names_its_module_and_passes_what_it_is_given_on() -> None:
    made = scenes.deferred("game.ui", "widgets:Button.__init__")
    assert made.module == "widgets" and made.name == "Button.__init__"
    assert repr(made) == "Deferred(game.ui.widgets:Button.__init__)"
    wrap = scenes.deferred("game.ui", "text_fit:ellipsize", width=1000)
    assert wrap("short", 20) == "short"
    with pytest.raises(TypeError, match="not callable"):
        scenes.deferred("game.ui", "text_fit:MIN_SIZE").target()
    with pytest.raises(ModuleNotFoundError):
        scenes.deferred("game.ui", "no_such_module:f").target()


def _with_ui(monkeypatch: pytest.MonkeyPatch, game_id: str, ui: str | None) -> None:
    record = dataclasses.replace(REGISTRY[game_id], ui=ui)
    monkeypatch.setattr(scenes, "REGISTRY", {**REGISTRY, game_id: record})
    unregister(game_id)


def test_a_typo_in_a_games_screens_is_a_traceback_not_coming_soon(
    clean: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "planted_screens.py").write_text("from game.ui.widgetz import panel\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    _with_ui(monkeypatch, "attack", "planted_screens")
    with pytest.raises(ModuleNotFoundError, match=r"game\.ui\.widgetz"):
        game_scenes("attack")
    _with_ui(monkeypatch, "attack", "game.ui.no_such_module")
    with pytest.raises(ModuleNotFoundError, match="no_such_module"):
        game_scenes("attack")
    (tmp_path / "planted_empty.py").write_text("SCENES = None\n")
    _with_ui(monkeypatch, "attack", "planted_empty")
    with pytest.raises(TypeError, match="planted_empty: no SCENES"):
        game_scenes("attack")
    assert game_scenes("classic") is not None


def test_only_a_record_without_screens_gets_none(
    clean: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_ui(monkeypatch, "attack", None)
    assert game_scenes("attack") is None


def _runtime_imports(path: Path) -> set[str]:
    """The game.ui modules `path` imports when it runs: at the top and inside functions
    (the imports under `if TYPE_CHECKING:` only name types)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(n)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for stmt in block.body
        for n in ast.walk(stmt)
    }
    package = ".".join(path.relative_to(UI.parent.parent).parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, ast.ImportFrom | ast.Import):
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
            continue
        base = package.split(".")
        if node.level:
            base = base[: len(base) - node.level + 1]
            module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            module = node.module or ""
        names = [f"{module}.{a.name}" for a in node.names]
        # `from . import sibling` imports the sibling, not its package again: Python runs
        # a module's own packages before the module (as tests/test_layering.py reads it).
        own = package == module or package.startswith(f"{module}.")
        if not (own and all(_is_module(n) for n in names)):
            out.add(module)
        out.update(names)
    out.update(_deferred_imports(tree, path))
    return {m for m in out if m.startswith("game.ui")}


def _deferred_imports(tree: ast.AST, path: Path) -> set[str]:
    """The modules a game's `SCENES` import when a screen is first opened:
    ``deferred(__name__, "module:name")`` imports `module` beside `path`."""
    here = ".".join(path.relative_to(UI.parent.parent).with_suffix("").parts)
    here = here.removesuffix(".__init__")
    out = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "deferred"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id == "__name__"
            and isinstance(node.args[1], ast.Constant)
        ):
            out.add(f"{here}.{str(node.args[1].value).partition(':')[0]}")
    return out


def _is_module(name: str) -> bool:
    path = UI.parent.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _ui_modules() -> dict[str, Path]:
    mods = {}
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(UI.parent.parent).with_suffix("")
        name = ".".join(rel.parts)
        mods[name.removesuffix(".__init__")] = path
    return mods


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_ui_modules_import_each_other_without_a_circle() -> None:
    mods = _ui_modules()
    edges = {m: {i for i in _runtime_imports(p) if i in mods and i != m} for m, p in mods.items()}
    assert "game.ui.menu" in edges["game.ui.launch"]
    assert _circles(edges) == []


def test_the_circle_check_finds_a_planted_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(edges) == [["a", "b", "c"]]


def test_no_screen_below_the_menu_imports_it() -> None:
    mods = _ui_modules()
    importers = [m for m, p in mods.items() if "game.ui.menu" in _runtime_imports(p)]
    assert importers == ["game.ui.launch"]
