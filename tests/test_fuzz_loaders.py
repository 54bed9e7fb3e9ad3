"""Every loader fed random mutations of a valid file (issue 13): cards, levels,
scenarios, settings, saves, progress, language catalogs; and (issue 19) the Bakugan
Attack! and Battle Planet ones: cards, decks, AI levels, scenarios.

The only outcomes allowed are "loaded" or one clear error naming the file: never a
traceback (any other exception fails the test), never a changed or deleted original
(a shipped file stays as it was; a player's file stays in place or is set aside whole,
byte for byte). Seeded: the same 500 mutations per loader every run.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.content import ContentError
from game.content import classic as classic_content
from game.content.classic import load_catalog
from game.content.classic.scenarios import load_scenario
from game.content.levels import LevelError, load_level
from game.files import decode, lang
from game.files.paths import assets_dir, game_data_dir, levels_dir
from game.match.classic.persist import session_from_json, session_to_json
from game.match.classic.session import MatchSession
from game.persist import saves
from game.persist.progress import KIND, Progress
from game.persist.settings import DEFAULT_KEYS, UserSettings, read_settings, to_toml
from game.rules.classic import random_kit

RUNS = 500


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of atomic writes here: durability is not what is tested, speed is kept."""
    monkeypatch.setattr("os.fsync", lambda fd: None)


SCENARIOS = Path(__file__).parent / "scenarios" / "classic"

HOSTILE_NUMBERS = [b"9" * 5000, b"1e999", b"-1", b"0", b"nan", b"-inf", b"18446744073709551616"]
HOSTILE_TEXT = [
    b"{x:>99999999999}",
    b"{x.__class__}",
    b"{",
    b"\\ud800",
    b"\xff\xfe",
    b"\x00",
    b"p9",
    b"A" * 3000,
]

# The bytes `chr(b).isdigit()` holds for (0-9 and the Latin-1 superscripts 2, 3, 1) and
# the double quote: found by a regular expression, not a Python loop over every byte.
DIGIT = re.compile(rb"[0-9\xb2\xb3\xb9]")
QUOTE = re.compile(rb'"')


def mutate(raw: bytes, rng: random.Random) -> bytes:
    """One to three random edits of `raw`: bytes flipped, inserted, dropped, doubled;
    numbers and strings replaced by hostile ones; values buried in deep brackets."""
    data = bytearray(raw)
    for _ in range(rng.randint(1, 3)):
        n = len(data)
        at = rng.randrange(n) if n else 0
        op = rng.randrange(10)
        if op == 0 and n:
            data[at] = rng.randrange(256)
        elif op == 1:
            data[at:at] = rng.choice([b"\xff", b"\x00", b"{", b"[", b'"', b"\\", b"]", b"\n", b"="])
        elif op == 2 and n:
            del data[at : at + rng.randint(1, 40)]
        elif op == 3 and n:
            chunk = data[at : at + rng.randint(1, 200)]
            data[at:at] = chunk * rng.randint(1, 3)
        elif op == 4:
            del data[at:]
        elif op == 5:
            digits = [m.start() for m in DIGIT.finditer(data)]
            if digits:
                i = rng.choice(digits)
                j = i
                while j < n and (chr(data[j]).isdigit() or data[j] in b".e-"):
                    j += 1
                data[i:j] = rng.choice(HOSTILE_NUMBERS)
        elif op == 6:
            quotes = [m.start() for m in QUOTE.finditer(data)]
            if quotes:
                i = rng.choice(quotes) + 1
                data[i:i] = rng.choice(HOSTILE_TEXT)
        elif op == 7:
            depth = rng.choice([5, 40, 3000])
            data[at:at] = b"[" * depth + b"1" + b"]" * depth
        elif op == 8:
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"\n".join(lines))
        else:
            data[at:at] = rng.choice(HOSTILE_NUMBERS + HOSTILE_TEXT)
    return bytes(data)


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def hostile_value(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            -1,
            0,
            7,
            10**30,
            1e308,
            "",
            "x",
            "p9",
            [],
            {},
            [1, "a"],
            {"a": 1},
            True,
            _deep(40),
            "{x:>99999999999}",
            chr(55296),
        ]
    )


def mutate_json(value: Any, rng: random.Random) -> Any:
    """`value` with one node somewhere replaced, dropped or added."""
    value = json.loads(json.dumps(value))
    parents: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            parents += [(node, k) for k in node]
            # the random generator's 625 numbers would take most picks: setstate checks it
            stack += [v for k, v in node.items() if k != "rng"]
        elif isinstance(node, list):
            parents += [(node, i) for i in range(len(node))]
            stack += node
    if not parents:
        return hostile_value(rng)
    parent, key = rng.choice(parents)
    roll = rng.random()
    if roll < 0.6:
        parent[key] = hostile_value(rng)
    elif roll < 0.8:
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, parent[key])  # the same piece twice
    else:
        parent["extra"] = hostile_value(rng)
    return value


def _fuzz(seed: str, raw: bytes, one: Callable[[bytes], None]) -> None:
    rng = random.Random(f"issue-13:{seed}")
    for i in range(RUNS):
        bad = mutate(raw, rng)
        try:
            one(bad)
        except AssertionError:
            raise
        except Exception as e:  # anything but the loader's own error is a crash
            raise AssertionError(f"{seed} run {i}: {type(e).__name__}: {e}\n{bad[:300]!r}") from e


def test_fuzz_the_card_loader(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    files = sorted(p.name for p in folder.glob("*.toml"))
    originals = {name: (folder / name).read_bytes() for name in files}
    rng = random.Random("cards")

    def one(bad: bytes) -> None:
        name = rng.choice(files)
        (folder / name).write_bytes(bad)
        try:
            load_catalog(folder)
        except ContentError as e:
            assert e.problems and all(
                p.split(":", 1)[0] in files or p.startswith(str(folder)) for p in e.problems
            ), e.problems
        finally:
            (folder / name).write_bytes(originals[name])

    _fuzz("cards", originals["gates.toml"], one)
    for name in files:  # the loader never wrote to a card file
        assert (folder / name).read_bytes() == originals[name]


def test_fuzz_the_level_loader(tmp_path: Path) -> None:
    shipped = [levels_dir() / n for n in ("07_bumper_alley.toml", "13_knock_out.toml")]
    raws = [p.read_bytes() for p in shipped]
    rng = random.Random("levels")
    path = tmp_path / "fuzzed.toml"

    def one(bad: bytes) -> None:
        if rng.random() < 0.5:
            bad = mutate(rng.choice(raws), rng)
        path.write_bytes(bad)
        try:
            load_level(path)
        except LevelError as e:
            assert e.level_problems and all(p.file == "fuzzed.toml" for p in e.level_problems)
            for p in e.level_problems:
                assert p.line("en").startswith("fuzzed.toml: ") and p.line("ru")
        assert path.read_bytes() == bad

    _fuzz("levels", raws[0], one)
    assert [p.read_bytes() for p in shipped] == raws


def test_fuzz_the_scenario_loader(tmp_path: Path) -> None:
    raw = (SCENARIOS / "abilities_turn_player_first.toml").read_bytes()
    path = tmp_path / "fuzzed.toml"

    def one(bad: bytes) -> None:
        path.write_bytes(bad)
        try:
            load_scenario(path)
        except ContentError as e:  # every problem found, each naming the file and field
            assert e.problems and all(p.startswith(f"{path}: ") for p in e.problems), e.problems

    _fuzz("scenarios", raw, one)


def _kept(path: Path, original: bytes) -> bool:
    """The player's file is in place, or set aside whole beside it."""
    if path.exists() and path.read_bytes() == original:
        return True
    return any(p.read_bytes() == original for p in path.parent.glob(f"{path.stem}.damaged-*"))


def _clear(folder: Path) -> None:
    for p in folder.iterdir():
        p.unlink()


def test_fuzz_the_settings_loader(tmp_path: Path) -> None:
    good = UserSettings(language="ru", music_volume=0.25, keys={**DEFAULT_KEYS, "aim_left": "j"})
    raw = to_toml(good).encode()
    folder = tmp_path / "config"
    folder.mkdir()
    path = folder / "settings.toml"

    def one(bad: bytes) -> None:
        _clear(folder)
        path.write_bytes(bad)
        loaded = read_settings(path)
        assert isinstance(loaded.settings, UserSettings) and loaded.settings.problems() == []
        if loaded.warning is not None:
            assert loaded.warning.startswith(f"{path}: ") and "\n" not in loaded.warning
            assert loaded.notice("en") and loaded.notice("ru")
        assert _kept(path, bad)

    _fuzz("settings", raw, one)


def _session_payload() -> dict[str, Any]:
    cat = classic_content.shipped_catalog()
    rng = random.Random(13)
    s = MatchSession(cat, [random_kit(cat, rng), random_kit(cat, rng)], seed=13)
    for _ in range(40):  # a few turns in: gates set, Bakugan on the field
        player = s.actor()
        if player is None:
            break
        waiting = s.awaiting_throw()
        if waiting is not None:
            from game.physics import Throw

            zone = s.zone(player)
            origin = zone.centre
            angle = 1.5708 if origin[1] < s.height / 2 else -1.5708
            s.throw(player, Throw(origin, angle, 900.0))
        else:
            s.act(s.legal_actions()[0])
    return {"session": session_to_json(s), "humans": [True, False], "seed": 13}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "data").mkdir(parents=True)
    return tmp_path / "home"


def test_fuzz_the_save_loader(home: Path) -> None:
    cat = classic_content.shipped_catalog()
    payload = _session_payload()
    raw = saves.encode(payload)
    path = saves.save_path()
    rng = random.Random("saves")

    def one(bad: bytes) -> None:
        _clear(path.parent)
        if rng.random() < 0.5:  # a good checksum over a changed match: only the match is wrong
            with contextlib.suppress(ValueError):  # a lone surrogate: no checksum of it
                bad = saves.encode(mutate_json(payload, rng))
        path.write_bytes(bad)
        session, error = saves.restore_match(lambda d: session_from_json(d["session"], cat))
        if error is not None:
            assert session is None and error.path == path
            assert error.text("en") and error.text("ru")
            assert error.moved_to is not None and error.moved_to.read_bytes() == bad
        else:  # a match that loads is one the game can go on with
            assert session is not None and path.read_bytes() == bad
            session.legal_actions()
            for player in range(len(session.state.players)):
                session.observation(player)
            session.table()
            json.dumps(session_to_json(session))

    _fuzz("saves", raw, one)


def test_fuzz_the_progress_loader(home: Path) -> None:
    levels = {f"level_{i}": {"best": 100 * i, "stars": i % 4, "plays": i} for i in range(8)}
    good = {"kind": KIND, "version": 1, "levels": levels}
    raw = json.dumps(good, indent=2).encode()
    path = home / "data" / "challenges.json"
    rng = random.Random("progress")

    def one(bad: bytes) -> None:
        _clear(path.parent)
        if rng.random() < 0.4:
            bad = json.dumps(mutate_json(good, rng)).encode()
        path.write_bytes(bad)
        p = Progress.load(path)
        if p.warning is not None:
            assert p.warning.text("en") and p.warning.text("ru")
        assert _kept(path, bad)
        p.add_result("level_1", 5000, 3)
        assert p.save() != p.read_only
        assert _kept(path, bad) or p.warning is None or p.warning.why != "unreadable"

    _fuzz("progress", raw, one)


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the app's catalogs and of one game's (Attack's, the smallest): the fuzz
    damages the app's own files, and every run reads all the catalogs again; one game's
    beside them is enough to see that the damage is told on the app's file, not a game's."""
    folder = tmp_path / "assets"
    shutil.copytree(
        assets_dir() / "lang",
        folder / "lang",
        ignore=lambda d, names: [n for n in names if n in ("classic", "planet")],
    )
    monkeypatch.setattr(lang, "assets_dir", lambda: folder)
    lang.clear_cache()
    yield folder / "lang"
    lang.clear_cache()


def test_fuzz_the_language_catalogs(catalogs: Path) -> None:
    assert lang.parts() == (lang.APP, "attack")
    keys = sorted(lang.catalog("en"))
    raws = {code: (catalogs / f"{code}.toml").read_bytes() for code in ("en", "ru")}
    rng = random.Random("catalogs")

    def one(bad: bytes) -> None:
        code = rng.choice(["en", "ru"])
        if code == "ru":
            bad = mutate(raws["ru"], rng)
        (catalogs / f"{code}.toml").write_bytes(bad)
        lang.clear_cache()
        try:
            for problem in lang.problems(code):
                assert problem.startswith(f"lang/{code}.toml: "), problem
            for key in rng.sample(keys, 25):
                assert isinstance(lang.tr(code, key, name="h", why="x", n=3, g=10), str)
            if lang.problems(code):
                assert lang.damage_notice(code)
        finally:
            (catalogs / f"{code}.toml").write_bytes(raws[code])

    _fuzz("catalogs", raws["en"], one)


# ---------------------------------------------------------------- Attack and Planet


def _names_the_file(error: ContentError, *names: str) -> None:
    """One clear error: every line begins with the file (its name or its path)."""
    assert error.problems, "an error without a problem"
    for line in error.problems:
        assert any(line.startswith(f"{name}: ") for name in names), line


def _fuzz_file(
    seed: str, tmp_path: Path, originals: list[Path], load: Callable[[Path], object]
) -> None:
    """500 mutations of the `originals` (one picked each run), each loaded from a file
    of the same name in `tmp_path`: loaded, or one error naming that file."""
    raws = [p.read_bytes() for p in originals]
    rng = random.Random(f"{seed}:files")

    def one(bad: bytes) -> None:
        pick = rng.randrange(len(originals))
        if pick:
            bad = mutate(raws[pick], rng)
        path = tmp_path / originals[pick].name
        path.write_bytes(bad)
        try:
            load(path)
        except ContentError as e:
            _names_the_file(e, path.name, str(path))
        assert path.read_bytes() == bad  # the loader never writes

    _fuzz(seed, raws[0], one)
    assert [p.read_bytes() for p in originals] == raws  # the shipped files are unchanged


def test_fuzz_the_attack_deck_loader(tmp_path: Path) -> None:
    from game.content.attack import cards_path, load_deck

    _fuzz_file("attack-cards", tmp_path, [cards_path()], load_deck)


def test_fuzz_the_attack_ai_levels_loader(tmp_path: Path) -> None:
    from game.games.attack import levels_path, load_levels

    _fuzz_file("attack-ai", tmp_path, [levels_path()], load_levels)


def test_fuzz_the_classic_ai_levels_loader(tmp_path: Path) -> None:
    from game.games.classic import levels_path, load_levels

    _fuzz_file("classic-ai", tmp_path, [levels_path()], load_levels)


def test_fuzz_the_attack_scenario_loader(tmp_path: Path) -> None:
    from game.content.attack import shipped_deck
    from game.content.attack.scenarios import load_attack_scenario

    folder = Path(__file__).parent / "scenarios" / "attack"
    picks = [folder / "collision_next_highest_catches.toml", *sorted(folder.glob("*.toml"))[1::15]]
    deck = shipped_deck()
    _fuzz_file("attack-scenarios", tmp_path, picks, lambda p: load_attack_scenario(p, deck))


PLANET_CARD_FILES = (
    "characters.toml",
    "actions.toml",
    "heroes.toml",
    "evolutions.toml",
    "flips.toml",
    "cores.toml",
)


def _planet_file_loader(folder: Path) -> Callable[[Path], object]:
    """The loader of one Battle Planet card file; every tenth load is of the whole
    folder (the cross checks between files)."""
    from game.content import planet
    from game.rules.planet.defs import CardType

    by_name = {name: card_type for card_type, name in planet.CARD_FILES.items()}
    count = [0]

    def load(path: Path) -> object:
        count[0] += 1
        if count[0] % 10 == 0:
            shutil.copy(path, folder / path.name)
            try:
                return planet.load_catalog(folder)
            finally:
                shutil.copy(game_data_dir("planet") / path.name, folder / path.name)
        if path.name == "characters.toml":
            return planet.load_characters(path)
        if path.name == "cores.toml":
            return planet.load_cores(path)
        return planet.load_cards(path, by_name.get(path.name, CardType.ACTION))

    return load


def test_fuzz_the_planet_card_loaders(tmp_path: Path) -> None:
    folder = tmp_path / "planet"
    shutil.copytree(game_data_dir("planet"), folder)
    picks = [game_data_dir("planet") / name for name in PLANET_CARD_FILES]
    files = tmp_path / "files"
    files.mkdir()
    load = _planet_file_loader(folder)

    def checked(path: Path) -> object:
        try:
            return load(path)
        except ContentError as e:  # the whole folder names any of its files
            if all(p.split(":", 1)[0] in (*PLANET_CARD_FILES, "decks.toml") for p in e.problems):
                return None
            raise

    _fuzz_file("planet-cards", files, picks, checked)


def test_fuzz_the_planet_deck_loader(tmp_path: Path) -> None:
    from game.content.planet import load_decks, shipped_catalog

    catalog = shipped_catalog()
    path = game_data_dir("planet") / "decks.toml"
    _fuzz_file("planet-decks", tmp_path, [path], lambda p: load_decks(p, catalog))


def test_fuzz_the_planet_scenario_loader(tmp_path: Path) -> None:
    from game.content.planet import shipped_catalog
    from game.content.planet.scenarios import load_planet_scenario

    folder = Path(__file__).parent / "scenarios" / "planet"
    picks = [
        folder / "battle_b_power_character_plus_core.toml",
        *sorted(folder.glob("*.toml"))[1::30],
    ]
    catalog = shipped_catalog()
    _fuzz_file("planet-scenarios", tmp_path, picks, lambda p: load_planet_scenario(p, catalog))


def test_the_new_loaders_read_through_decode() -> None:
    """No loader of game/content reads a file's bytes itself: the reader does, through
    `game.files.decode`, whatever the bytes (the reason the fuzzing above holds)."""
    content = Path(__file__).parents[1] / "game" / "content"
    for path in sorted(content.glob("*.py")):
        text = path.read_text("utf-8")
        for word in ("tomllib", "read_bytes()", '.open("rb")', "read_text("):
            assert word not in text, f"{path.name} reads bytes itself ({word})"
    assert decode.MAX_BYTES > 0


# ---------------------------------------------------------------- action notation


def _action_texts(rng: random.Random) -> Iterator[str]:
    """Texts near the notation of the three games: real words with hostile numbers
    (superscript and Arabic-Indic digits, 5,000 digits, signs) in their places."""
    words = ["p0", "p1", "roll", "pick", "deal", "land", "miss", "set", "ability", "pass"]
    words += ["throw", "take", "move", "attribute", "trap", "gear", "evolve", "core"]
    words += ["energize", "play", "flip", "sac", "open", "closed", "@2,1", "@0,-1", "aside="]
    numbers = ["0", "3", "²", "٣", "-1", "+2", "1_0", "9" * 5000, "", "x", "1e3", " "]
    for _ in range(3000):
        parts = []
        for _ in range(rng.randrange(1, 5)):
            word = rng.choice(words)
            if rng.random() < 0.5:
                n = rng.choice(numbers)
                word = rng.choice([f"p{n}", f"@{n},{rng.choice(numbers)}", f"{word}{n}", n])
            parts.append(word)
        yield " ".join(parts)


@pytest.mark.parametrize("game", ["classic", "attack", "planet"])
def test_parse_action_refuses_hostile_text_with_a_syntax_error(game: str) -> None:
    """A replay or scenario line is read by `parse_action`: whatever the text, it is an
    action or an `ActionSyntaxError` naming the text, never another exception (``int``
    raises a bare ValueError on ``p²`` and on 5,000 digits)."""
    import importlib

    from game.rules.api import ActionSyntaxError

    parse = importlib.import_module(f"game.rules.{game}.actions").parse_action
    read = 0
    for text in _action_texts(random.Random(game)):
        try:
            action = parse(text)
        except ActionSyntaxError as e:
            assert str(e), text
            continue
        read += 1
        assert parse(str(action)) == action, text  # what is read is written back the same
    assert read > 0
    for text in ("p² pass", "p٣ pass", "roll p0 ²", f"p{'9' * 5000} pass"):
        with pytest.raises(ActionSyntaxError):
            parse(text)


def test_a_scenario_file_over_a_megabyte_is_refused_naming_it(tmp_path: Path) -> None:
    """Every game's scenario loader holds the same limit (1 MB, docs/files.md)."""
    from game.content.attack import shipped_deck
    from game.content.attack.scenarios import load_attack_scenario
    from game.content.planet import shipped_catalog
    from game.content.planet.scenarios import load_planet_scenario

    path = tmp_path / "huge.toml"
    path.write_bytes(b'name = "x"\n' + b"# padding\n" * 110_000)
    for load in (
        load_scenario,
        lambda p: load_attack_scenario(p, shipped_deck()),
        lambda p: load_planet_scenario(p, shipped_catalog()),
    ):
        with pytest.raises(ContentError) as caught:
            load(path)
        _names_the_file(caught.value, str(path))
        assert len(caught.value.problems) == 1


def test_fuzz_the_players_planet_deck_files(home: Path) -> None:
    """A player's own Battle Planet deck file (game/persist/decks.py, listed by
    game/games/planet/decks.py): listed as a deck (legal or with the rules core's
    reasons) or set aside whole with its problems, never a traceback."""
    from game.content.planet import shipped_catalog as planet_catalog
    from game.games.planet import decks as planet_decks
    from game.persist import decks

    cat = planet_catalog()
    preset = cat.presets["aquos_haos"].kit
    raw = decks.to_toml(decks.Deck("Прилив", preset.characters, preset.cores, preset.deck)).encode()
    folder = decks.decks_dir()
    folder.mkdir(parents=True)
    path = folder / "fuzzed.toml"
    seen = {"listed": 0, "set aside": 0}

    def one(bad: bytes) -> None:
        _clear(folder)
        path.write_bytes(bad)
        scan = planet_decks.scan_decks(cat)
        seen["listed" if scan.entries else "set aside"] += 1
        if scan.entries:
            (entry,) = scan.entries
            assert path.read_bytes() == bad and not scan.damaged
            assert entry.file == path and all(str(p) for p in entry.problems)
            assert decks.name_problem(entry.name) is None
            decks.save_deck(entry.deck, path)  # what loads can be written back and read
            assert planet_decks.load_deck(path, cat) == entry.deck
        else:
            (error,) = scan.damaged
            assert error.problems and all(p.startswith("fuzzed.toml: ") for p in error.problems)
            assert error.text("en") and error.text("ru")
            assert error.moved_to is not None and error.moved_to.read_bytes() == bad
            assert not path.exists()

    _fuzz("planet own decks", raw, one)
    decks.untold_damage()  # (told to no screen here)
    assert min(seen.values()) >= 10, seen  # both ways
