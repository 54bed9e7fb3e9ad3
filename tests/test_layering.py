"""Imports run one way (docs/architecture.md): every import of every module under game/,
also the ones inside functions and under ``if TYPE_CHECKING:``, goes down the layers.

    __main__ -> ui -> net -> games -> match -> ai -> physics | rules
    games, ui -> content -> challenges -> physics;  content -> rules
    persist (the player's files) for games, ui and __main__
    files (paths, decode, atomic writes, language catalogs) and rules.api: for anyone
    rules -> the standard library only; physics -> pymunk; pygame only in ui

Only games (and the screens and the command line above it) may tie a game's rules,
content, bots and table together: below it nothing imports content with ai or match.
Each game sits in its own folder, named by its id, in every layer that has game parts
(`game/<layer>/<id>/`: rules, content, ai, match, games, ui); the ids are the folders of
game/games/, one record each. No module outside a game's folders imports that game
(nor does another game's), but those `NAMES_GAMES` lists: the registry, which imports the
records, and the replay tables still keyed by id. A shared module is never named after a
game (no `match/planet_sim.py` beside `match/planet/`), and the top of game/ holds only
`__init__` and `__main__`.
Inside game/ui no screen may import, at run time, one that imports it back (the circles
hidden in imports inside functions; the scene registry, `game/ui/scenes.py`, unties
them). Imports under ``TYPE_CHECKING`` are left out of that one check (a screen naming
another's class in a hint runs nothing), though not out of the direction. `UI_CIRCLES`
lists the ui imports that close a circle today: a new one fails, and so does an entry
that no longer closes one (take it off the list: it only shrinks).

The checker is plain functions over a source tree (`Tree`), so the tests below also
plant a violation in it and see it caught: a planted module lies over the real files in
memory, so no test copies the tree.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What each layer may import besides itself, `files` and `rules.api` (the error root).
ALLOWED: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "files": frozenset(),
    "physics": frozenset(),
    "challenges": frozenset({"physics"}),
    "content": frozenset({"rules", "physics", "challenges"}),
    "ai": frozenset({"rules", "physics"}),
    "match": frozenset({"ai", "physics", "rules"}),
    "persist": frozenset(),
    "games": frozenset({"match", "ai", "physics", "rules", "content", "challenges", "persist"}),
    "net": frozenset({"games", "match", "physics", "persist"}),
    "ui": frozenset(
        {"net", "games", "match", "ai", "physics", "rules", "content", "challenges", "persist"}
    ),
    "__main__": frozenset(
        {
            "ui",
            "net",
            "games",
            "match",
            "ai",
            "physics",
            "rules",
            "content",
            "challenges",
            "persist",
        }
    ),
}
EVERYWHERE = frozenset({"files", "rules.api"})
"""The bottom: importable from every layer but `rules` (which may import `rules.api`)."""

TOP_LEVEL = {
    "game": "files",  # the package itself: a docstring
    "game.__main__": "__main__",
}
"""The only modules at the top of game/: everything else sits in a layer's folder."""
GAME_LAYERS = ("rules", "content", "ai", "match", "games", "ui")
"""The layers in which every game has its own folder, named by its id."""
NAMES_GAMES: dict[str, str] = {
    "game.games": "the registry: it imports each game's record (inside a function)",
}
"""The modules outside a game's folders that may import a game's modules, with why. The
records in game/games/<id>/ are the one place that ties a game's parts; everything else
outside a game's folders is shared and imports no game. It may only shrink: an entry
that no longer imports a game fails."""

THIRD_PARTY: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "files": frozenset(),
    "physics": frozenset({"pymunk"}),
    "challenges": frozenset(),
    "content": frozenset(),
    "ai": frozenset({"pyspiel", "open_spiel", "numpy"}),
    "match": frozenset(),
    "persist": frozenset({"platformdirs"}),
    "games": frozenset(),
    "net": frozenset({"websockets"}),  # the network play's connections (docs/network.md)
    "ui": frozenset({"pygame", "platformdirs"}),
    "__main__": frozenset({"tqdm"}),  # the progress bars of long commands
}
"""The libraries each layer may import (the standard library aside)."""

UI_CIRCLES: dict[tuple[str, str], str] = {}
"""Imports between ui modules that close a circle at run time today, each with what it
is for; none since the scene registry (`game/ui/scenes.py`). Keep it that way: a screen
that must open one above it gets it from the registry or the App, never by import."""


@dataclass(frozen=True, slots=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a module of ours), or a library's top name
    line: int
    ours: bool
    typing_only: bool = False  # under ``if TYPE_CHECKING:``: a type name, not run
    by_name: bool = False  # a ``"game.module:name"`` string, imported when first called


BY_NAME = re.compile(r"game(\.\w+)+(:\w+)?")
"""A string that names a module of ours (and a name in it) for `importlib` to load when
first called: the games' records name their parts so (`game.games.Parts`, `Levels`).
It is an import like any other, but for the one the direction allows it alone: a record
naming its own screens' package (`ui=`), which the screens load (`names_its_screens`)."""


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under an ``if TYPE_CHECKING:`` (or ``typing.``...)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for statement in node.body:
                out.update(id(n) for n in ast.walk(statement))
    return out


@dataclass
class Tree:
    """The modules under `root`/game as the checks read them, by their paths below
    `root`: the files there, with a test's `planted` sources laid over them and its
    `removed` paths taken away."""

    root: Path
    planted: dict[Path, str] = field(default_factory=dict)
    removed: set[Path] = field(default_factory=set)

    def files(self) -> list[Path]:
        return sorted((set(_files_under(self.root)) | set(self.planted)) - self.removed)

    def read(self, path: Path) -> str:
        if path in self.planted:
            return self.planted[path]
        return (self.root / path).read_text("utf-8")

    def is_file(self, path: Path) -> bool:
        if path in self.planted:
            return True
        return path not in self.removed and (self.root / path).is_file()


@functools.cache
def _files_under(root: Path) -> tuple[Path, ...]:
    return tuple(p.relative_to(root) for p in (root / "game").rglob("*.py"))


REAL = Tree(ROOT)


def modules(tree: Tree) -> dict[str, Path]:
    """Every module of the tree by its dotted name."""
    out = {}
    for path in tree.files():
        parts = list(path.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


@functools.cache
def _statements(
    source: str, filename: str
) -> tuple[tuple[int, int, str | None, tuple[str, ...], bool, bool, bool], ...]:
    """The import statements of a module's source, as (line, level, module, names,
    ``import x`` rather than ``from``, under TYPE_CHECKING, a module named by a string
    (`BY_NAME`)): parsed once per source, so the planted-tree tests parse only what
    they planted."""
    tree = ast.parse(source, filename)
    typing_only = _typing_only(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = tuple(a.name for a in node.names)
            out.append((node.lineno, 0, None, names, True, id(node) in typing_only, False))
        elif isinstance(node, ast.ImportFrom):
            names = tuple(a.name for a in node.names)
            typed = id(node) in typing_only
            out.append((node.lineno, node.level, node.module, names, False, typed, False))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and BY_NAME.fullmatch(node.value)
        ):
            module = node.value.partition(":")[0]
            out.append((node.lineno, 0, None, (module,), True, False, True))
    return tuple(out)


def imports(tree: Tree) -> list[Import]:
    """Every import statement of every module, wherever it stands in the module."""
    mods = modules(tree)
    out = []
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for line, level, module, names, plain, typing_only, by_name in _statements(
            tree.read(path), path.name
        ):
            targets: list[str] = []
            if plain:
                targets = list(names)
            else:
                base = module or ""
                if level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - level + 1]
                    base = ".".join([*parts, *([module] if module else [])])
                for alias in names:  # `from game import physics` imports a module
                    full = f"{base}.{alias}"
                    targets.append(full if full in mods else base)
            for target in targets:
                if target == "game" or target.startswith("game."):
                    while target not in mods and "." in target:
                        target = target.rpartition(".")[0]
                    out.append(Import(name, target, line, True, typing_only, by_name))
                else:
                    top = target.partition(".")[0]
                    out.append(Import(name, top, line, False, typing_only))
    return out


def layer(module: str) -> str:
    if module in TOP_LEVEL:
        return TOP_LEVEL[module]
    if module == "game.rules.api":
        return "rules.api"
    return module.split(".")[1]


def names_its_screens(imp: Import) -> bool:
    """A game's record naming its own screens' package by a string (``ui="game.ui.<id>"``),
    which the screens load: the one import against the direction that is allowed."""
    parts = imp.source.split(".")
    return (
        imp.by_name
        and len(parts) >= 3
        and parts[1] == "games"
        and imp.target == f"game.ui.{parts[2]}"
    )


def arrows(found: list[Import]) -> list[str]:
    """Every import against the layers' direction, as ``module:line -> target (why)``."""
    bad = []
    for imp in found:
        here = layer(imp.source)
        here = "rules" if here == "rules.api" else here
        if not imp.ours:
            if imp.target in sys.stdlib_module_names or imp.target == "__future__":
                continue
            if imp.target not in THIRD_PARTY[here]:
                bad.append(f"{imp.source}:{imp.line} -> {imp.target} (no library in {here})")
            continue
        there = layer(imp.target)
        if there == here or there in ALLOWED[here]:
            continue
        if names_its_screens(imp):
            continue
        if there in EVERYWHERE and (here != "rules" or there == "rules.api"):
            continue
        bad.append(f"{imp.source}:{imp.line} -> {imp.target} ({here} may not import {there})")
    return bad


def circles(found: list[Import], within: str, *, run_time: bool = False) -> set[tuple[str, str]]:
    """The imports between modules under `within` that lie on a circle of imports (with
    `run_time`, of the imports that run: those under ``TYPE_CHECKING`` left out)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for imp in found:
        inside = imp.source.startswith(within) and imp.target.startswith(within)
        if run_time and (imp.typing_only or imp.by_name):
            continue  # (a module named by a string is loaded when first called)
        if imp.ours and inside and imp.source != imp.target:
            graph[imp.source].add(imp.target)
    component = _components(graph)
    return {
        (a, b)
        for a, targets in graph.items()
        for b in targets
        if component[a] == component.get(b) and a != b
    }


def _components(graph: dict[str, set[str]]) -> dict[str, int]:
    """Strongly connected components (Tarjan, without recursion): module -> number."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    comp: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    nodes = sorted(set(graph) | {t for ts in graph.values() for t in ts})
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp[member] = index[node]
                    if member == node:
                        break
    return comp


def ties(found: list[Import]) -> list[str]:
    """Modules below games that tie a game's parts: content together with ai or match."""
    reach: dict[str, set[str]] = defaultdict(set)
    for imp in found:
        if imp.ours:
            reach[imp.source].add(layer(imp.target))
    bad = []
    for module, layers in sorted(reach.items()):
        if layer(module) in ("games", "ui", "__main__"):
            continue
        if "content" in layers and layers & {"ai", "match"}:
            bad.append(f"{module} ties content with {', '.join(sorted(layers & {'ai', 'match'}))}")
    return bad


def game_ids(tree: Tree) -> list[str]:
    """The games: one folder (a record) each in game/games/."""
    return sorted(
        p.parts[2]
        for p in tree.files()
        if len(p.parts) == 4 and p.parts[:2] == ("game", "games") and p.name == "__init__.py"
    )


def owner(module: str, games: list[str]) -> str | None:
    """The game whose folders hold `module`, or None for a shared module."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in GAME_LAYERS and parts[2] in games:
        return parts[2]
    return None


def rooms(found: list[Import], games: list[str]) -> tuple[list[str], list[str]]:
    """(imports of a game's module from outside its folders, `NAMES_GAMES` entries that
    import no game any more)."""
    bad, naming = [], set()
    for imp in found:
        there = owner(imp.target, games) if imp.ours else None
        if there is None or owner(imp.source, games) == there:
            continue
        if imp.source in NAMES_GAMES and owner(imp.source, games) is None:
            naming.add(imp.source)
            continue
        bad.append(f"{imp.source}:{imp.line} -> {imp.target} (outside the {there} game's folders)")
    return bad, sorted(set(NAMES_GAMES) - naming)


def misplaced(tree: Tree, games: list[str]) -> list[str]:
    """Modules at the top of game/, shared modules named after a game, and games without
    their folder in a layer."""
    bad = []
    for name, path in modules(tree).items():
        parts = name.split(".")
        if path.parent == Path("game") and name not in TOP_LEVEL:
            bad.append(f"{name}: at the top of game/ (it belongs in a layer)")
        if owner(name, games) is None and any(
            p == g or p.startswith(f"{g}_") for p in parts[2:] for g in games
        ):
            bad.append(f"{name}: a shared module named after a game (move it into its folder)")
    for game in games:
        for lay in GAME_LAYERS:
            if not tree.is_file(Path("game", lay, game, "__init__.py")):
                bad.append(f"game/{lay}/{game}/: missing (each game has a folder in every layer)")
    return bad


# --- the tree as it is -----------------------------------------------------------------


@pytest.fixture(scope="module")
def found() -> list[Import]:
    """The imports of the tree as it is (read when a test first asks, not while the
    suite is collected: every worker collects every module)."""
    return imports(REAL)


def test_every_module_belongs_to_a_layer() -> None:
    for name in modules(REAL):
        assert layer(name) in {*ALLOWED, "rules.api"}, f"{name}: no layer (add it to the picture)"


def test_no_import_runs_against_the_direction(found: list[Import]) -> None:
    assert arrows(found) == []


def test_only_games_ties_a_games_parts_together(found: list[Import]) -> None:
    assert ties(found) == []


def test_each_game_in_its_own_rooms(found: list[Import]) -> None:
    games = game_ids(REAL)
    assert games == ["attack", "classic", "planet"]
    bad, stale = rooms(found, games)
    assert bad == []
    assert stale == [], f"these import no game any more: take them off NAMES_GAMES: {stale}"
    assert misplaced(REAL, games) == []


def test_no_package_imports_in_a_circle_outside_the_screens(found: list[Import]) -> None:
    ours = [
        i
        for i in found
        if i.ours and layer(i.source) != layer(i.target) and not names_its_screens(i)
    ]
    between = [
        Import(f"game.{layer(i.source)}", f"game.{layer(i.target)}", i.line, True) for i in ours
    ]
    assert circles(between, "game.") == set()


def ui_circles(
    found: list[Import], listed: dict[tuple[str, str], str]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(ui imports closing a circle at run time that are not `listed`, listed ones that
    no longer close one)."""
    now = circles(found, "game.ui.", run_time=True)
    return sorted(now - set(listed)), sorted(set(listed) - now)


def test_the_screens_circles_are_the_listed_ones_and_only_shrink(found: list[Import]) -> None:
    new, gone = ui_circles(found, UI_CIRCLES)
    assert not new, f"new import circles in game/ui (use the scene registry): {new}"
    assert not gone, f"these no longer close a circle: take them off UI_CIRCLES: {gone}"


# --- planted violations ----------------------------------------------------------------


@pytest.fixture
def tree() -> Tree:
    """The tree as it is, to plant violations in."""
    return Tree(ROOT)


def _plant(tree: Tree, module: str, source: str) -> None:
    tree.planted[Path(*module.split(".")).with_suffix(".py")] = source


@pytest.mark.parametrize(
    ("module", "source", "words"),
    [
        (
            "game.content.planted",
            "from game.ai.classic.levels import check_level\n",
            "content may not",
        ),
        (
            "game.content.planted",
            "def f():\n    from game.persist import saves\n",
            "content may not import persist",
        ),
        (
            "game.physics.planted",
            "import typing\nif typing.TYPE_CHECKING:\n    from game.rules import classic\n",
            "physics may not import rules",
        ),
        ("game.rules.planted", "import pymunk\n", "no library in rules"),
        ("game.rules.planted", "from game.files import decode\n", "rules may not import files"),
        ("game.ai.planted", "from ..match import session\n", "ai may not import match"),
        ("game.match.planted", "import pygame\n", "no library in match"),
        ("game.challenges.planted", "from game.content import levels\n", "challenges may not"),
        (
            "game.content.planted",
            'CHECK = "game.ai.classic.levels:check_level"\n',
            "content may not import ai",
        ),
        (
            "game.games.attack.planted",
            'UI = "game.ui.menu:TitleScene"\n',
            "games may not import ui",
        ),
        ("game.games.attack.planted", 'UI = "game.ui.planet"\n', "games may not import ui"),
    ],
)
def test_a_planted_arrow_against_the_direction_is_caught(
    tree: Tree, module: str, source: str, words: str
) -> None:
    _plant(tree, module, source)
    found = arrows(imports(tree))
    assert len(found) == 1 and module in found[0] and words in found[0], found


def test_a_planted_tie_below_games_is_caught(tree: Tree) -> None:
    _plant(tree, "game.match.planted", "from game.ai import levels\nfrom game.content import x\n")
    assert any("game.match.planted ties content with ai" in t for t in ties(imports(tree)))


def test_a_planted_circle_between_packages_is_caught(tree: Tree) -> None:
    _plant(tree, "game.physics.planted", "def f():\n    from game.ai import aim\n")
    found = [i for i in imports(tree) if i.ours and layer(i.source) != layer(i.target)]
    between = [Import(f"game.{layer(i.source)}", f"game.{layer(i.target)}", 0, True) for i in found]
    assert ("game.physics", "game.ai") in circles(between, "game.")


def test_a_planted_ui_circle_fails_and_a_fixed_one_must_leave_the_list(tree: Tree) -> None:
    _plant(tree, "game.ui.planted_a", "def f():\n    from game.ui import planted_b\n")
    _plant(tree, "game.ui.planted_b", "from game.ui.planted_a import f\n")
    pair = [("game.ui.planted_a", "game.ui.planted_b"), ("game.ui.planted_b", "game.ui.planted_a")]
    assert ui_circles(imports(tree), UI_CIRCLES) == (pair, [])
    listed = {**UI_CIRCLES, **dict.fromkeys(pair, "planted")}
    assert ui_circles(imports(tree), listed) == ([], [])
    _plant(tree, "game.ui.planted_b", '"""No imports any more."""\n')
    assert ui_circles(imports(tree), listed) == ([], pair)  # fixed: it must leave the list


def test_a_ui_circle_of_type_names_only_is_no_circle(tree: Tree) -> None:
    hint = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui import planted_b\n"
    )
    _plant(tree, "game.ui.planted_a", hint)
    _plant(tree, "game.ui.planted_b", "from game.ui import planted_a\n")
    found = imports(tree)
    assert ("game.ui.planted_a", "game.ui.planted_b") in circles(found, "game.ui.")
    assert ("game.ui.planted_a", "game.ui.planted_b") not in circles(
        found, "game.ui.", run_time=True
    )
    _plant(
        tree, "game.physics.planted", hint.replace("game.ui import planted_b", "game.ai import aim")
    )
    assert any("physics may not import ai" in a for a in arrows(imports(tree)))


@pytest.mark.parametrize(
    ("module", "source", "words"),
    [
        (
            "game.match.planted",
            "def f():\n    from game.match.classic.session import MatchSession\n",
            "game.match.planted:2 -> game.match.classic.session (outside the classic game's",
        ),
        (
            "game.ui.planet.planted",
            "from game.match.classic import recording\n",
            "game.ui.planet.planted:1 -> game.match.classic.recording (outside the classic",
        ),
        (
            "game.content.planted",
            "import typing\nif typing.TYPE_CHECKING:\n    from game.rules.attack import Deck\n",
            "game.content.planted:3 -> game.rules.attack (outside the attack game's folders)",
        ),
        (
            "game.games.scenarios",
            "from game.content.planet.scenarios import load_planet_scenario\n",
            "game.games.scenarios:1 -> game.content.planet.scenarios (outside the planet",
        ),
    ],
)
def test_a_planted_import_of_a_game_from_outside_its_folders_is_caught(
    tree: Tree, module: str, source: str, words: str
) -> None:
    _plant(tree, module, source)
    bad, stale = rooms(imports(tree), game_ids(tree))
    assert len(bad) == 1 and bad[0].startswith(words), bad
    assert stale == []


def test_a_names_games_entry_that_names_none_must_leave_the_list(tree: Tree) -> None:
    tree.planted[Path("game/games/__init__.py")] = '"""No game named any more."""\n'
    assert rooms(imports(tree), game_ids(tree)) == ([], ["game.games"])


def test_a_planted_stray_and_a_shared_module_named_after_a_game_are_caught(tree: Tree) -> None:
    _plant(tree, "game.demo", '"""A text demo at the top of game/."""\n')
    _plant(tree, "game.match.planet_sim", '"""A Planet sim beside match/planet/."""\n')
    tree.removed.add(Path("game/ui/classic/__init__.py"))
    assert misplaced(tree, game_ids(tree)) == [
        "game.demo: at the top of game/ (it belongs in a layer)",
        "game.match.planet_sim: a shared module named after a game (move it into its folder)",
        "game/ui/classic/: missing (each game has a folder in every layer)",
    ]
