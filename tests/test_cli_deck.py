"""`bakugan deck list / export NAME / import CODE [--name NAME]` (issue 28): the saved
decks and the presets one name a line, a deck's code, a code saved as one's own deck;
a refused code or name is one line, exit 2, and nothing written."""

from __future__ import annotations

import io
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game.__main__ import main
from game.content.planet import shipped_catalog
from game.games.planet import decks as planet_decks
from game.persist import decks
from game.persist.decks import Deck
from game.rules.planet.deck_code import encode

CAT = shipped_catalog()


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "one"))
    return tmp_path


def _files(home: Path) -> list[Path]:
    return decks.deck_files(home / "one" / "data" / decks.FOLDER)


def test_list_export_import_and_list_again(home: Path) -> None:
    code, out, _ = _run("deck", "list")
    assert code == 0 and out.splitlines() == sorted(CAT.presets)
    code, out, _ = _run("deck", "export", "pyrus_darkus")
    assert code == 0 and out.strip() == encode(CAT.presets["pyrus_darkus"].kit, CAT)
    shared = out.strip()
    assert _run("deck", "export", "Fire and Shadow")[1] == out  # (a preset by its name too)
    code, out, _ = _run("deck", "import", shared[:20], shared[20:])  # (a chat split it)
    assert code == 0 and "pasted_deck.toml" in out
    assert _run("deck", "import", shared, "--name", "From Ann")[0] == 0
    code, out, _ = _run("deck", "list")
    assert out.splitlines() == ["From Ann", "Pasted deck", *sorted(CAT.presets)]
    assert _run("deck", "export", "from ann")[1].strip() == shared
    assert _run("deck", "import", shared)[0] == 0
    assert "Pasted deck 2" in _run("deck", "list")[1].splitlines()


@pytest.mark.parametrize(
    ("mangle", "says"),
    [
        (lambda c: c[:-3], "That code is damaged"),
        (lambda c: "ydke://" + c, "That is not a Battle Planet deck code"),
        (lambda c: "BP3" + c[3:], "from a newer version of the game (format 3)"),
    ],
)
def test_a_refused_code_is_one_line_and_nothing_is_saved(
    home: Path, mangle: object, says: str
) -> None:
    shared = encode(CAT.presets["aquos_haos"].kit, CAT)
    code, out, err = _run("deck", "import", mangle(shared))  # type: ignore[operator]
    assert code == 2 and out == "" and says in err and len(err.splitlines()) == 1
    assert _files(home) == []


def test_a_deck_the_rules_refuse_gives_the_rules_reasons(home: Path) -> None:
    kit = CAT.presets["aquos_haos"].kit
    short = type(kit)(kit.characters, kit.cores, kit.deck[:38])
    code, _, err = _run("deck", "import", encode(short, CAT))
    assert code == 2
    assert "That deck breaks the rules: deck: needs exactly 40 cards, has 38" in err
    assert _files(home) == []


def test_a_taken_name_is_refused_and_the_deck_there_is_kept(home: Path) -> None:
    shared = encode(CAT.presets["aquos_haos"].kit, CAT)
    assert _run("deck", "import", shared, "--name", "Mine")[0] == 0
    before = [p.read_bytes() for p in _files(home)]
    other = encode(CAT.presets["pyrus_haos"].kit, CAT)
    code, _, err = _run("deck", "import", other, "--name", "MINE")
    assert code == 2 and "Another deck already has this name." in err
    assert [p.read_bytes() for p in _files(home)] == before


def test_only_a_legal_deck_is_exported(home: Path) -> None:
    kit = CAT.presets["aquos_haos"].kit
    decks.save_deck(Deck("Draft", kit.characters, kit.cores, kit.deck[:39]))
    code, out, err = _run("deck", "export", "Draft")
    assert code == 2 and out == ""
    assert "'Draft' is not a legal deck yet" in err and "has 39" in err
    code, _, err = _run("deck", "export", "nothing like it")
    assert code == 2 and "bakugan deck list" in err


def test_a_game_without_decks_says_so(home: Path) -> None:
    code, _, err = _run("deck", "--rules", "attack", "list")
    assert code == 2 and "not played with decks" in err


def test_a_deck_exported_on_one_profile_is_the_same_deck_on_another(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit = CAT.presets["darkus_aquos"].kit
    cards = list(kit.deck)
    cards[0] = next(c for c in kit.deck if c != cards[0] and kit.deck.count(c) < 3)
    decks.save_deck(Deck("Tuned", kit.characters, kit.cores, tuple(cards)))
    shared = _run("deck", "export", "Tuned")[1].strip()
    monkeypatch.setenv("BAKUGAN_HOME", str(home / "two"))
    assert _run("deck", "import", shared, "--name", "Tuned")[0] == 0
    (entry,) = planet_decks.list_decks(CAT)
    assert entry.valid and entry.name == "Tuned"
    assert entry.kit.characters == kit.characters and entry.kit.cores == kit.cores
    assert Counter(entry.kit.deck) == Counter(cards)
