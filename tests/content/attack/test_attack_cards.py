"""The shipped Attack deck and AI levels load; a bad file is refused as
``file: id: field: problem``, whole, never half loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError
from game.content.attack import cards_path, load_deck, shipped_deck
from game.games.attack import levels_path, shipped_levels
from game.games.attack import load_levels as load_attack_levels
from game.rules.attack import Effect, When


def test_the_shipped_deck_is_the_seed_deck_with_the_chosen_numbers() -> None:
    deck = shipped_deck()
    full = deck.full()
    assert sum(full.values()) == 56
    assert all(full[str(n)] == 5 for n in range(1, 11))
    specials = {c.id: c for c in deck.cards if c.special}
    assert set(specials) == {"masquerade", "marucho", "runo", "julie", "shun", "dan"}
    assert {c: s.number for c, s in specials.items()} == {
        "masquerade": None,
        "marucho": 3,
        "runo": 5,
        "julie": 7,
        "shun": 9,
        "dan": 11,
    }
    assert [n for c, n in deck.number.items() if n == 11] == [11]  # Dan is the only 11
    assert specials["masquerade"].effect is Effect.LOWEST_CATCHES
    assert specials["marucho"].effect is Effect.COLLIDED_CATCH
    assert (specials["runo"].effect, specials["runo"].when) == (Effect.RANDOM_FOLLOW, When.LEAD)
    assert (specials["julie"].effect, specials["julie"].when) == (Effect.BLIND_FOLLOW, When.LEAD)
    assert (specials["shun"].effect, specials["shun"].when) == (Effect.ROTATE, When.LAST)
    for card in deck.cards:
        assert card.name.ru and card.name.en and card.text.ru and card.text.en
        assert card.name.ru != card.name.en or card.number is not None


def test_the_player_counts_change_the_deck_and_the_targets_as_the_seed_says() -> None:
    deck = shipped_deck()
    assert {n: sum(deck.composition(n).values()) for n in (3, 4, 5)} == {3: 42, 4: 56, 5: 55}
    three = deck.composition(3)
    assert [three[str(n)] for n in range(1, 11)] == [3, 3, 4, 4, 4, 4, 4, 4, 3, 3]
    assert deck.composition(5)["2"] == 4
    assert {n: deck.setups[n].target_shift for n in (3, 4, 5)} == {3: 1, 4: 0, 5: -1}


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = cards_path().read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'effect = "lowest_catches"',
            'effect = "lowest"',
            "cards.toml: masquerade: effect: unknown effect 'lowest'",
        ),
        (
            "number = 3",
            "number = 300",
            "cards.toml: marucho: number: must be within 0..99, got 300",
        ),
        ('when = "lead"', 'when = "first"', "cards.toml: runo: when: unknown moment 'first'"),
        ('when = "last"', 'when = "lead"', "cards.toml: shun: when: rotate acts at last, not lead"),
        ('id = "julie"', 'id = "runo"', "cards.toml: runo: id: defined twice"),
        ("seats = 1", "seats = 0", "cards.toml: shun: seats: must be within 1..4, got 0"),
        ('name_ru = "Дэн"', 'name_rus = "Дэн"', "cards.toml: dan: name_rus: unknown field"),
        (
            "remove = { 2 = 1 }",
            "remove = { 2 = 9 }",
            "cards.toml: players.5: remove: 2: cannot remove 9 of 5",
        ),
        (
            "remove = { 2 = 1 }",
            "remove = { 22 = 1 }",
            "cards.toml: players.5: remove: unknown card '22'",
        ),
        ("[players.5]", "[players.6]", "cards.toml: players.5: -: missing"),
        ("copies = 5", 'copies = "five"', "cards.toml: numbers: copies: must be a whole number"),
        (
            'name_en = "Bakugan {number}"',
            'name_en = "Bakugan {n}"',
            "cards.toml: numbers: name_en: bad template",
        ),
    ],
)
def test_a_bad_deck_names_file_id_field_and_problem(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(ContentError) as info:
        load_deck(_broken(tmp_path, old, new))
    assert any(message in p for p in info.value.problems), info.value.problems


def test_invalid_toml_and_a_missing_file_are_reported(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"cards\.toml: -: -: not valid TOML"):
        load_deck(_broken(tmp_path, "[numbers]", "[numbers"))
    with pytest.raises(ContentError, match="file not found"):
        load_deck(tmp_path / "nothing.toml")


def test_the_shipped_ai_levels_load_and_a_bad_level_is_refused(tmp_path: Path) -> None:
    levels = shipped_levels()
    assert set(levels) >= {"easy", "normal", "hard"}
    assert levels["hard"].worlds > 0 and levels["normal"].worlds == 0
    assert levels["easy"].counting == 0 and levels["normal"].counting == 1
    text = levels_path().read_text(encoding="utf-8")
    bad = tmp_path / "ai.toml"
    bad.write_text(text.replace("mistakes = 0.25", "mistakes = 2.5", 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_attack_levels(bad)
    assert "ai.toml: easy: mistakes: must be within 0..1, got 2.5" in info.value.problems
    bad.write_text(text.replace("[hard]", "[hardest]"), encoding="utf-8")
    with pytest.raises(ContentError, match=r"ai\.toml: hard: -: missing"):
        load_attack_levels(bad)
