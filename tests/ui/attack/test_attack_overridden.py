"""A special card that loses its effect is told so with the seed's reason, and only when
it had one to lose (issue 25.8). Seed 002: «сохранит своё специальное действие только
карта, сыгранная последней». Julie and Runo act when they lead: once the others have
chosen face down (or had a card drawn), Julie has lost nothing to a later Dan, and
the table does not say she has."""

from __future__ import annotations

import pytest

from game.content.attack import shipped_deck
from game.files.lang import tr
from game.rules.attack import events as ev
from game.ui.attack.view import TableView

DECK = shipped_deck()


def _view() -> TableView:
    at = lambda p: (0.0, 0.0)  # noqa: E731
    return TableView(DECK, [0, 0, 0], at, at, at)


def _said(view: TableView, events: list[ev.Event]) -> list[tuple[str, dict[str, object]]]:
    for beat in view.beats_for(events):
        if beat.start is not None:
            beat.start()
    return view.log


def test_a_lead_card_whose_effect_acted_is_not_said_to_lose_it() -> None:
    view = _view()
    said = _said(
        view,
        [
            ev.CardPlayed(0, "julie"),
            ev.LeadEffect(0, "julie", "blind_follow"),
            ev.SpecialOverridden("julie", "dan"),
        ],
    )
    assert "attack_ui.overridden" not in [k for k, _ in said]
    assert view.announcement is None or view.announcement.card != "dan"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_masquerade_overridden_by_marucho_says_why(lang: str) -> None:
    view = _view()
    said = _said(view, [ev.SpecialOverridden("masquerade", "marucho")])
    assert ("attack_ui.overridden", {"card": "masquerade", "by": "marucho"}) in said
    names = {c: DECK.by_id[c].name.get(lang) for c in ("masquerade", "marucho")}
    for key in ("attack_ui.overridden", "attack_demo.overridden"):
        text = tr(lang, key, card=names["masquerade"], by=names["marucho"])
        reason = {"en": "played last", "ru": "последней"}[lang]
        assert reason in text, text
