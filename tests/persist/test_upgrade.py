"""Saves upgrade instead of being refused (issue 18, part 5): the version chain, and a
test per step of each chain."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.games import REGISTRY
from game.persist.saves import read_save
from game.persist.upgrade import Chain, UpgradeError

DATA = Path(__file__).parent / "data"
OLD_SAVE = DATA / "autosave-main-1858775.json"  # a classic save of version 1 (no game id)


def _add(key: str) -> Any:
    def step(data: dict[str, Any]) -> dict[str, Any]:
        data[key] = True
        return data

    return step


def test_a_chain_applies_every_step_from_the_files_version_on() -> None:
    chain = Chain("thing", 4, {2: _add("b"), 3: _add("c")})
    original = {"a": 1}
    assert chain.upgrade(original, 2) == {"a": 1, "b": True, "c": True}
    assert chain.upgrade(original, 3) == {"a": 1, "c": True}
    assert chain.upgrade(original, 4) == {"a": 1}
    assert original == {"a": 1}  # never changed in place
    assert chain.oldest == 2


@pytest.mark.parametrize(("version", "reason"), [(5, "newer"), (1, "older")])
def test_a_version_the_chain_cannot_reach_is_refused_with_the_reason(
    version: int, reason: str
) -> None:
    chain = Chain("thing", 4, {2: _add("b"), 3: _add("c")})
    with pytest.raises(UpgradeError) as e:
        chain.upgrade({}, version)
    assert e.value.reason == reason and "thing version" in e.value.detail


def test_a_step_that_refuses_the_data_says_which_step() -> None:
    def broken(data: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("session")

    with pytest.raises(UpgradeError) as e:
        Chain("thing", 2, {1: broken}).upgrade({}, 1)
    assert e.value.reason == "step" and "thing 1 -> 2" in e.value.detail


# ------------------------------------------------------- the classic save, step by step


def test_classic_save_step_1_to_2_keeps_the_match_and_starts_the_bots_afresh() -> None:
    record = REGISTRY["classic"]
    assert record.save_version == 2 and record.save_upgrade is not None
    saved = read_save(OLD_SAVE.read_bytes())
    assert saved.game is None  # the oldest saves name no game: the classic game's, v1
    upgraded = record.save_upgrade(saved.payload, 1)
    assert upgraded["bots"] == {} and upgraded["replay"] is None
    assert {k: v for k, v in upgraded.items() if k not in ("bots", "replay")} == saved.payload
    with pytest.raises(UpgradeError):
        record.save_upgrade({"humans": []}, 1)  # no session: the step says so


def test_an_old_save_resumes_on_the_screen_after_the_upgrade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from game.ui.app import App
    from game.ui.classic.match import MatchScene
    from game.ui.menu import resume_saved

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    saved = read_save(OLD_SAVE.read_bytes())
    app = App("en", fast=True)
    scene = resume_saved(app, saved)
    assert isinstance(scene, MatchScene)
    assert scene.session.state.to_json() == saved.payload["session"]["state"]
    pygame.quit()


def test_a_newer_classic_save_is_refused_not_guessed() -> None:
    import pygame

    from game.persist.saves import Saved, SaveError
    from game.ui.app import App
    from game.ui.menu import resume_saved

    payload = json.loads(OLD_SAVE.read_text("utf-8"))["payload"]
    app = App("en", fast=True)
    with pytest.raises(SaveError) as e:
        resume_saved(app, Saved("classic", 99, payload))
    assert e.value.reason == "version"
    pygame.quit()


# ------------------------------------------------------- the settings file, step by step


def test_settings_step_0_to_1_reads_a_file_without_a_format_line() -> None:
    from game.persist.settings import SETTINGS_CHAIN, from_toml

    assert SETTINGS_CHAIN.upgrade({"language": "ru"}, 0) == {"language": "ru", "format": 1}
    settings, problems = from_toml('language = "ru"\nmusic_volume = 0.25\n')
    assert problems == [] and settings.language == "ru" and settings.music_volume == 0.25


@pytest.mark.parametrize("fmt", ["2", "-1", '"one"'])
def test_a_settings_format_the_chain_cannot_reach_is_refused(fmt: str) -> None:
    from game.persist.settings import from_toml

    with pytest.raises(ValueError, match="unknown settings format"):
        from_toml(f'format = {fmt}\nlanguage = "ru"\n')
