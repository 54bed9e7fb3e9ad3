"""The player's Battle Planet decks on disk (game/persist/decks.py, and the listing
against the cards in game/games/planet/decks.py): saved atomically, listed with the
rules core's reasons, renamed, copied, deleted; a damaged file or one naming unknown
cards reported and set aside whole, never lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.planet import shipped_catalog
from game.games.planet import decks as pd
from game.persist import decks
from game.persist.decks import Deck, DeckError

CAT = shipped_catalog()
PRESET = CAT.presets["pyrus_darkus"].kit


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    return decks.decks_dir()


def preset_deck(name: str = "Mine") -> Deck:
    return Deck(name, PRESET.characters, PRESET.cores, PRESET.deck)


def test_the_folder_is_in_the_user_data_folder(folder: Path) -> None:
    assert folder.parent.name == "data" and folder.name == "planet_decks"
    assert pd.list_decks() == [] and not folder.exists()


def test_save_list_and_load_back(folder: Path) -> None:
    path = decks.save_deck(preset_deck("Огонь и тень"))
    assert path.parent == folder and path.suffix == ".toml"
    (entry,) = pd.list_decks()
    assert (entry.name, entry.file, entry.valid, entry.reasons) == ("Огонь и тень", path, True, [])
    assert pd.load_deck(path, CAT) == preset_deck("Огонь и тень")
    assert list(folder.iterdir()) == [path]  # no temporary file left


def test_a_draft_is_listed_with_every_reason_of_the_rules_core(folder: Path) -> None:
    draft = Deck(
        "Half done", PRESET.characters, PRESET.cores, (*PRESET.deck[:30], "aquos_ice_wall")
    )
    decks.save_deck(draft)
    (entry,) = pd.list_decks()
    assert not entry.valid
    assert "deck: needs exactly 40 cards, has 31" in entry.reasons
    assert "deck: aquos_ice_wall is aquos, not a faction of the team's Bakugan" in entry.reasons
    assert [p.code for p in entry.problems] == ["deck_size", "faction"]


def test_names_are_checked_and_kept_apart(folder: Path) -> None:
    decks.save_deck(preset_deck("Mine"))
    for name, code in [("  ", "name_empty"), ("x" * 25, "name_long"), ("MINE", "name_taken")]:
        with pytest.raises(DeckError) as caught:
            decks.save_deck(preset_deck(name))
        assert caught.value.code == code
        assert caught.value.text("en") != caught.value.text("ru")
    assert [e.name for e in pd.list_decks()] == ["Mine"]


def test_rename_copy_delete(folder: Path) -> None:
    path = decks.save_deck(preset_deck("First"))
    renamed = pd.rename_deck(path, "Second", CAT)
    assert not path.exists() and pd.load_deck(renamed, CAT).name == "Second"
    copy = pd.copy_deck(renamed, CAT)
    assert pd.load_deck(copy, CAT) == preset_deck("Second 2")
    assert sorted(e.name for e in pd.list_decks()) == ["Second", "Second 2"]
    decks.delete_deck(renamed)
    assert [e.name for e in pd.list_decks()] == ["Second 2"]
    same = pd.rename_deck(copy, "second 2", CAT)  # its own name in other letters
    assert pd.load_deck(same, CAT).name == "second 2"


def test_saving_over_its_own_file_is_atomic_and_keeps_other_decks(folder: Path) -> None:
    a = decks.save_deck(preset_deck("A"))
    b = decks.save_deck(preset_deck("B"))
    shorter = Deck("A", PRESET.characters, PRESET.cores, PRESET.deck[:5])
    assert decks.save_deck(shorter, a) == a
    assert pd.load_deck(a, CAT).cards == PRESET.deck[:5]
    assert pd.load_deck(b, CAT) == preset_deck("B")


@pytest.mark.parametrize(
    "text,field",
    [
        (b"\xff\xfe not text", "-"),
        (b"name = [", "-"),
        (b'format = "something-else"\nversion = 1', "format"),
        (b'format = "bakugan-planet-deck"\nversion = 9', "version"),
        (
            b'format = "bakugan-planet-deck"\nversion = 1\nname = "x"\ncharacters = 3\ncores = []',
            "characters",
        ),
    ],
)
def test_a_damaged_file_is_reported_and_set_aside_whole(
    folder: Path, text: bytes, field: str
) -> None:
    good = decks.save_deck(preset_deck("Good"))
    bad = folder / "bad.toml"
    bad.write_bytes(text)
    scan = pd.scan_decks()
    assert [e.file for e in scan.entries] == [good]
    (error,) = scan.damaged
    assert error.problems[0].startswith(f"bad.toml: {field}: ")
    assert not bad.exists() and error.moved_to is not None
    assert error.moved_to.read_bytes() == text and error.moved_to.name.startswith("bad.damaged-")
    assert "bad.damaged-" in error.text("en") and "bad.damaged-" in error.text("ru")
    assert pd.scan_decks().damaged == ()  # set aside: never read again


def test_a_deck_naming_unknown_cards_is_set_aside(folder: Path) -> None:
    text = decks.to_toml(preset_deck("Old")).replace("pyrus_strike", "pyrus_gone_card")
    text = text.replace('"pyrus_trox"', '"pyrus_nobody"')
    path = folder / "old.toml"
    folder.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        pd.load_deck(path, CAT)
    assert caught.value.problems == [
        "old.toml: characters: unknown id 'pyrus_nobody'",
        "old.toml: deck: unknown id 'pyrus_gone_card'",
    ]
    assert caught.value.moved_to is not None and caught.value.moved_to.read_text("utf-8") == text
    assert pd.list_decks() == []


def test_two_damaged_files_in_one_second_get_names_of_their_own(folder: Path) -> None:
    folder.mkdir(parents=True)
    for _ in range(3):
        (folder / "x.toml").write_bytes(b"[[[")
        pd.scan_decks()
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 3 and len(set(kept)) == 3 and all(".damaged-" in k for k in kept)


def test_a_name_that_is_not_a_file_name_still_makes_a_file(folder: Path) -> None:
    path = decks.save_deck(preset_deck('a/b\\c:*?"<>| ..'))
    assert path.parent == folder and pd.load_deck(path, CAT).name == 'a/b\\c:*?"<>| ..'
