"""The special cards' marks are unique at one table (issue 25.8): Masquerade and
Marucho were both "M", Дэн and Джули both "Д". Every mark drawn on a card's face (the
table's cards, the hand, a replay's small cards) is its card's own in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.content.attack import shipped_deck
from game.ui import text_fit
from game.ui.attack.art import CARD, card_face, card_mark
from game.ui.attack.replay_draw import HAND_CARD_SMALL, mini_face

DECK = shipped_deck()
SPECIALS = [c.id for c in DECK.cards if c.special]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_special_card_has_its_own_mark(lang: str) -> None:
    pygame.init()
    marks = {card: card_mark(DECK, card, lang) for card in SPECIALS}
    assert len(set(marks.values())) == len(SPECIALS), marks
    for draw in (card_face, mini_face):
        draw.cache_clear()
        drawn = {}
        for card in SPECIALS:
            with text_fit.recording() as ledger:
                draw(DECK, card, lang, CARD if draw is card_face else HAND_CARD_SMALL)
            names = {DECK.by_id[card].name.get(lang), str(DECK.by_id[card].number)}
            drawn[card] = [d.text for d in ledger.drawn if d.text not in names]
        assert drawn == {card: [marks[card]] for card in SPECIALS}, drawn
