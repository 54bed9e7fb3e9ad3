from __future__ import annotations

import re

from game.persist.lang import LANGUAGES, catalog, tr


def test_both_catalogs_have_the_same_keys_and_fields() -> None:
    en, ru = catalog("en"), catalog("ru")
    assert set(en) == set(ru), set(en) ^ set(ru)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", ru[key])), key
        assert en[key].strip() and ru[key].strip(), key


def test_the_seeds_calls_are_in_both_languages() -> None:
    assert tr("ru", "call.brawl") == "Бакуган в бой!"
    assert tr("ru", "call.field_open") == "Поле Игры Открыть!"
    assert tr("en", "demo.turn", turn=3, player=2) == "— Turn 3: player 2 —"
    assert LANGUAGES == ("en", "ru")


def test_the_text_demo_does_not_promise_a_screen_that_exists() -> None:
    """`bakugan demo --text` once said the table and the screen were still to come."""
    assert "coming" not in tr("en", "demo.note") and "в пути" not in tr("ru", "demo.note")
    assert all("`bakugan`" in tr(lang, "demo.note") for lang in LANGUAGES)
