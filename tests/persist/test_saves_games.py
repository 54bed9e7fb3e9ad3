"""Saves carry their game: the id and the game's payload version in the envelope; a
save without them (as every save before there were several games) is read as it was,
and a save written by the app before this change still loads and resumes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.match.classic.persist import SessionFormatError, match_payload, read_match_payload
from game.persist import saves
from game.persist.saves import Saved, SaveError, load_save, read_save, restore_save, save_match

DATA = Path(__file__).parent / "data"
OLD_SAVE = DATA / "autosave-main-1858775.json"  # written by main at 1858775: no game id
PAYLOAD: dict[str, Any] = {"session": {"turn": 3}, "humans": [True, False], "seed": 5}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def test_a_save_names_its_game_and_the_games_payload_version() -> None:
    path = save_match(PAYLOAD, "planet", 3)
    envelope = json.loads(path.read_text("utf-8"))
    assert envelope["version"] == 1 and envelope["game"] == "planet"
    assert envelope["game_version"] == 3
    saved, error = load_save()
    assert error is None and saved == Saved("planet", 3, PAYLOAD)


def test_a_save_without_a_game_reads_as_before() -> None:
    save_match(PAYLOAD)
    assert "game" not in json.loads(saves.save_path().read_text("utf-8"))
    assert load_save() == (Saved(None, None, PAYLOAD), None)
    assert saves.load_match() == (PAYLOAD, None)


def test_the_save_written_by_main_before_games_had_ids_reads_as_the_classic_game() -> None:
    saved = read_save(OLD_SAVE.read_bytes(), ("session", "humans", "seed"))
    assert saved.game is None and saved.game_version is None
    match = read_match_payload(saved.payload, shipped_catalog())
    assert match.humans == (True, False) and match.levels == ("hard", "hard")
    assert match.session.state.to_json() == saved.payload["session"]["state"]


@pytest.mark.parametrize(
    ("game", "version"),
    [("Classic!", 1), (7, 1), ("classic", "1"), ("classic", True), ("classic", None)],
)
def test_a_bad_game_field_makes_the_save_damaged(game: object, version: object) -> None:
    path = save_match(PAYLOAD, "classic", 1)
    envelope = json.loads(path.read_text("utf-8"))
    envelope["game"] = game
    if version is None:
        del envelope["game_version"]
    else:
        envelope["game_version"] = version
    path.write_text(json.dumps(envelope), "utf-8")
    saved, error = load_save()
    assert saved is None and error is not None
    assert error.reason in ("not_a_save", "missing") and error.moved_to is not None


def test_a_bad_game_id_is_not_written() -> None:
    save_match(PAYLOAD, "classic", 1)
    before = saves.save_path().read_bytes()
    with pytest.raises(SaveError) as caught:
        save_match(PAYLOAD, "../other", 1)
    assert caught.value.reason == "not_saved" and saves.save_path().read_bytes() == before


@pytest.mark.parametrize("reason", ["game", "version", "impossible", "something"])
def test_a_restore_that_refuses_the_game_gives_its_reason(reason: str) -> None:
    save_match(PAYLOAD, "attack", 1)

    def refuse(saved: Saved) -> None:
        raise SaveError(reason, f"no {saved.game}")

    result, error = restore_save(refuse)
    assert result is None and error is not None
    assert error.reason == (reason if reason != "something" else "bad_match")
    assert error.moved_to is not None and not saves.has_save()


def test_the_match_payload_round_trips_and_is_checked() -> None:
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_SAVE, saves.save_path())
    saved, _ = load_save()
    assert saved is not None
    match = read_match_payload(saved.payload, shipped_catalog())
    again = match_payload(match.session, match.humans, match.seed, match.level, match.levels)
    assert again == saved.payload
    for broken in (
        {**again, "humans": [True]},
        {**again, "humans": "both"},
        {**again, "levels": "hard"},
    ):
        with pytest.raises(SessionFormatError):
            read_match_payload(broken, shipped_catalog())


def test_each_game_keeps_its_own_save_and_an_old_single_save_is_still_read() -> None:
    """A player who left a Planet match and then plays a classic one keeps the Planet
    match: starting, saving or ending one game's match never touches another's."""
    save_match({"turn": 3}, "planet", 1)
    save_match({"deal": 2}, "attack", 1)
    save_match(PAYLOAD, "classic", 1)
    saves.clear_save("classic")  # the classic match ended
    assert saves.has_save("planet") and saves.has_save("attack") and not saves.has_save("classic")
    planet, error = saves.load_match(game="planet")
    assert error is None and planet == {"turn": 3}
    attack, _ = saves.load_match(game="attack")
    assert attack == {"deal": 2}
    # an older version's one autosave.json (here the classic game's, naming no game)
    saves.clear_save()
    legacy = saves.save_path()
    legacy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_SAVE, legacy)
    assert legacy.name == "autosave.json" and saves.has_save("classic")
    assert not saves.has_save("planet") and saves.newest_game() == "classic"
    save_match(PAYLOAD, "classic", 1)  # the classic game's own slot: the old file goes
    assert not legacy.exists() and saves.has_save("classic")
