from __future__ import annotations

import re
import tomllib

import pytest

from game.files.lang import APP, LANGUAGES, catalog, part_catalog, parts, problems, tr
from game.files.paths import assets_dir
from game.games import REGISTRY


def test_both_catalogs_have_the_same_keys_and_fields() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert set(en) == set(ru), set(en) ^ set(ru)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", ru[key])), key
        assert en[key].strip() and ru[key].strip(), key


@pytest.mark.parametrize("part", parts())
def test_each_catalog_has_the_same_keys_and_fields_in_both_languages(part: str) -> None:
    en, ru = part_catalog("en", part), part_catalog("ru", part)
    assert en, f"catalog {part or 'of the app'} is empty"
    assert set(en) == set(ru), (part, set(en) ^ set(ru))
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", ru[key])), key
        assert en[key].strip() and ru[key].strip(), key


def test_the_app_has_its_catalog_and_every_game_its_own() -> None:
    assert parts()[0] == APP
    assert set(parts()[1:]) == set(REGISTRY)
    assert problems("en") == () and problems("ru") == ()


def test_no_key_lives_in_two_catalogs() -> None:
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        for part in parts():
            for key in part_catalog(lang, part):
                assert key not in seen, f"{lang}: {key} in {seen[key]!r} and {part!r}"
                seen[key] = part


def test_each_games_demo_lives_in_its_own_catalog() -> None:
    for lang in LANGUAGES:
        assert "attack_demo.title" in part_catalog(lang, "attack")
        assert "planet_demo.title" in part_catalog(lang, "planet")
        assert "demo.title" in part_catalog(lang, "classic")
        app = part_catalog(lang, APP)
        assert not any(k.split(".")[0] in ("demo", "attack_demo", "planet_demo") for k in app)
        with (assets_dir() / "lang" / f"{lang}.toml").open("rb") as f:
            assert not {"attack_demo", "planet_demo", "demo"} & set(tomllib.load(f))


def test_the_seeds_calls_are_in_both_languages() -> None:
    assert tr("ru", "call.brawl") == "Бакуган в бой!"
    assert tr("ru", "call.field_open") == "Поле Игры Открыть!"
    assert tr("en", "demo.turn", turn=3, player=2) == "— Turn 3: player 2 —"
    assert LANGUAGES == ("en", "ru")


def test_the_text_demo_does_not_promise_a_screen_that_exists() -> None:
    """`bakugan demo --text` once said the table and the screen were still to come."""
    assert "coming" not in tr("en", "demo.note") and "в пути" not in tr("ru", "demo.note")
    assert all("`bakugan`" in tr(lang, "demo.note") for lang in LANGUAGES)
