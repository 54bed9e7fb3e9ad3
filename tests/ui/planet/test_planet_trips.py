"""What players tripped on at the Battle Planet table (issue 25, point 8): the words of
the log and the results, the setup's decks, a Flip nobody can pay."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.files.lang import catalog as lang_catalog
from game.files.lang import tr
from game.games.planet import decks as planet_decks
from game.match.planet.play import PlanetMatch, preset_setup
from game.match.planet.session import Entry
from game.persist import decks
from game.rules.planet import FlipChoice, Pass, Phase
from game.rules.planet import events as ev
from game.rules.planet.defs import CardType
from game.rules.planet.hexgrid import hex_str
from game.rules.planet.observation import BakuganView, BattleSide, DamageView
from game.ui import text_fit
from game.ui.app import App
from game.ui.planet import panels
from game.ui.planet.board import (
    CARD_H,
    CARD_W,
    draw_bakugan,
    draw_side,
    energy_words,
    figure_box,
)
from game.ui.planet.choices import offer, refusals, target_words
from game.ui.planet.layout import battle, side_bottom
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.panels import draw_battle
from game.ui.planet.results import PlanetResultsScene
from game.ui.planet.setup import PlanetSetupScene
from game.ui.planet.shows import Show, card_colour, draw_show
from game.ui.planet.words import event_lines, namer, piece_name
from game.ui.replay_bar import BAR
from tests.match.planet.test_planet_play import person_throw

CAT = shipped_catalog()
DECKS = sorted(CAT.presets)


def _tr(lang: str) -> Callable[..., str]:
    return lambda key, **fields: tr(lang, key, **fields)


def run_until(
    match: PlanetMatch, stop: Callable[[PlanetMatch, list[Entry]], bool], limit: int = 20_000
) -> list[Entry]:
    """Play on (people take a legal choice at random and throw across) until `stop` says
    so after a step (given the timeline); everything that happened since."""
    seen: list[Entry] = []
    rng = random.Random(match.setup.seed)
    for _ in range(limit):
        if match.over:
            break
        awaited = match.throws_awaited()
        if awaited:
            seen += match.throw(awaited[0], person_throw(match, awaited[0]))
        elif match.people_to_act():
            p = match.people_to_act()[0]
            seen += match.act(rng.choice(match.legal_actions(p)))
        else:
            seen += match.step_computer() or []
        if stop(match, list(match.session.timeline)):
            return seen
    raise AssertionError("never came")


def find(stop: Callable[[PlanetMatch, list[Entry]], bool]) -> tuple[PlanetMatch, list[Entry]]:
    """The first match (of a few seeds and decks) that comes where `stop` says."""
    for seed in range(30):
        for pair in (DECKS[:2], DECKS[2:4], DECKS[4:6]):
            match = PlanetMatch(CAT, preset_setup(CAT, pair, seed=seed))
            try:
                return match, run_until(match, stop)
            except AssertionError:
                continue
    raise AssertionError("no match came there")


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    decks.untold_damage()
    a = App("en", fast=True)
    yield a
    pygame.quit()


# ------------------------------------------------------------------ the log's words


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_names_a_core_by_its_kind_as_the_panel_does_never_by_its_place(
    lang: str,
) -> None:
    def cored(e: Entry) -> bool:  # a Bakugan's damage with a core's part in it
        return isinstance(e, ev.DamageDeclared) and not e.team and "core @" in str(e)

    match, _ = find(lambda m, s: any(cored(e) for e in s))
    damage = next(e for e in match.session.timeline if cored(e))
    assert isinstance(damage, ev.DamageDeclared)
    (line,) = event_lines(damage, match.state, None, lang, _tr(lang))
    assert "@" not in line and not re.search(r"-?\d+,-?\d+", line)
    kinds = {tr(lang, f"planet_demo.core_{c.type}") for c in match.observation(-1).matrix}
    assert any(k in line for k in kinds)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_s_core_target_is_named_by_its_kind_never_by_its_place(lang: str) -> None:
    """The buttons of a card played on a core said "the BakuCore at -1,2", a place the
    table does not show: they name the core as the log and the panel do, by its kind."""
    match = PlanetMatch(CAT, preset_setup(CAT, DECKS[:2], (True, False), seed=3))
    run_until(match, lambda m, _: len(m.observation(0).matrix) >= 4)
    obs = match.observation(0)
    assert len(obs.matrix) >= 4
    for core in obs.matrix:
        words = target_words(hex_str(core.hex), obs, lambda ident: ident, _tr(lang))
        assert words == tr(
            lang, "planet_ui.target.core", kind=tr(lang, f"planet_demo.core_{core.type}")
        )
        assert "@" not in words and not re.search(r"\d", words)
    # a place with no core on it (a damaged record) is shown as it is, never as a kind
    assert target_words("@9,9", obs, lambda ident: ident, _tr(lang)) == "@9,9"


def test_a_card_resolving_has_its_line_in_the_log() -> None:
    match, _ = find(lambda m, s: any(isinstance(e, ev.Resolved) for e in s))
    resolved = next(e for e in match.session.timeline if isinstance(e, ev.Resolved))
    assert isinstance(resolved, ev.Resolved)
    lines = event_lines(resolved, match.state, None, "en", _tr("en"))
    assert lines and piece_name(CAT, resolved.card.split(" ")[0], "en") in lines[0]


def _in_a_window(match: PlanetMatch, entries: list[Entry]) -> bool:
    acting = match.state.current_players()
    return bool(acting) and acting[0] >= 0 and Pass(acting[0]) in match.legal_actions(acting[0])


def test_a_pass_is_an_event_of_the_rules_and_has_its_line_in_the_log() -> None:
    match, _ = find(_in_a_window)
    p = match.state.current_players()[0]
    entries = match.act(Pass(p))
    assert ev.Passed(p) in entries and str(ev.Passed(p)) == f"p{p} passed"
    for lang, says in (("en", f"Player {p + 1} passes."), ("ru", f"Игрок {p + 1} пасует.")):
        assert event_lines(ev.Passed(p), match.state, None, lang, _tr(lang)) == [says]


# ------------------------------------------------------------------ the results


def _lost_by(app: App, person_wins: bool, hotseat: bool = False) -> PlanetResultsScene:
    setup = preset_setup(CAT, DECKS[:2], seed=1)
    if hotseat:
        setup = dataclasses.replace(setup, humans=(True, True))
    match = PlanetMatch(CAT, setup)
    match.state.winner = 0 if person_wins else 1
    match.state.end_reason = "the opponent must mill for damage and cannot"
    return PlanetResultsScene(app, match)


@pytest.mark.parametrize(
    ("lang", "person_wins", "says"),
    [
        ("en", False, "You had to mill for damage and could not."),
        ("en", True, "The computer had to mill for damage and could not."),
        ("ru", False, "Вам надо было сбросить карты за урон, а колода кончилась."),
        ("ru", True, "Компьютеру надо было сбросить карты за урон, а колода кончилась."),
    ],
)
def test_the_results_say_why_to_the_person_not_of_player_2_s_opponent(
    lang: str, person_wins: bool, says: str, app: App
) -> None:
    app.lang = lang
    scene = _lost_by(app, person_wins)
    assert scene.why().startswith(says)
    assert "2" not in scene.why().split(".")[0]


def test_hot_seat_results_name_the_player_who_could_not_mill(app: App) -> None:
    scene = _lost_by(app, person_wins=True, hotseat=True)
    assert scene.why().startswith("Player 2 had to mill for damage and could not.")


# ------------------------------------------------------------------ the setup's decks


def _save_own_deck(name: str) -> None:
    kit = CAT.presets[DECKS[0]].kit
    decks.save_deck(decks.Deck(name, kit.characters, kit.cores, kit.deck))


def test_the_computer_never_gets_the_person_s_own_deck_at_setup(app: App) -> None:
    _save_own_deck("Mine")  # saved in the deck builder, then the game started again
    assert [e.name for e in planet_decks.list_decks(CAT) if e.valid] == ["Mine"]
    for seed in range(40):
        setup = PlanetSetupScene(app, hotseat=False, seed=seed)
        setup.enter()
        assert setup.setup().deck_names[1] in CAT.presets, seed


def test_the_decks_chosen_stay_chosen_when_the_builder_adds_one(app: App) -> None:
    _save_own_deck("Zed")
    setup = PlanetSetupScene(app, hotseat=False, seed=3)
    setup.enter()
    mine = next(i for i, d in enumerate(setup.decks) if d.ident == "Zed")
    setup.deck_at[0] = mine
    chosen = setup.setup().deck_names
    _save_own_deck("Abe")  # back from the deck builder with a new deck before his
    setup.enter()
    assert setup.setup().deck_names == chosen


# ------------------------------------------------------------------ a Flip nobody can pay


def _unpayable_flip(match: PlanetMatch, entries: list[Entry]) -> bool:
    return (
        match.state.phase is Phase.FLIP
        and 0 in match.people_to_act()
        and match.legal_actions(0) == [FlipChoice(0, False)]
    )


def test_an_unpayable_flip_is_let_go_without_a_click_and_said(app: App) -> None:
    match, _ = find(_unpayable_flip)
    card = match.state.damage.flip if match.state.damage is not None else None
    assert card is not None
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    for _ in range(600):  # the milled card's show, then no click at all
        scene.update(1 / 30)
        if not _unpayable_flip(match, []) or match.state.damage is None:
            break
    assert not (match.state.phase is Phase.FLIP and match.state.damage.flip == card)
    assert any(
        isinstance(e, ev.Moved) and e.what == "let go of Flip" for e in match.session.timeline
    )
    assert "Player 1 lets the Flip go: not enough Energy" in scene.log


def test_a_flip_he_can_pay_still_waits_for_his_choice(app: App) -> None:
    def payable(m: PlanetMatch, s: list[Entry]) -> bool:
        return m.state.phase is Phase.FLIP and FlipChoice(0, True) in m.legal_actions(0)

    match, _ = find(payable)
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    for _ in range(300):
        scene.update(1 / 30)
    assert payable(match, [])


# ------------------------------------------------------------------ one word in Russian


def test_russian_names_the_bakucore_as_the_seed_does_and_translates_the_deck_title() -> None:
    seed = next(Path("/work/shared/seeds").glob("003_*"), None)
    if seed is not None:
        assert "БакуСектор" in seed.read_text(encoding="utf-8")
    planet = {
        k: v for k, v in lang_catalog("ru").items() if k.startswith(("planet", "deckbuilder"))
    }
    for key, text in planet.items():
        text = text.replace("ядро правил", "")  # the rules core, not a piece
        assert not re.search(r"[Бб]аку[Яя]д|\b[Яя]д(ро|ра|ер|ром|рам)\b", text), (key, text)
        assert "Battle Planet" not in text, (key, text)
    assert "БакуСектор" in tr("ru", "planet_ui.core_head", type="")


# ------------------------------------------------------------------ the hand and the Energy


def _too_dear(match: PlanetMatch, entries: list[Entry]) -> bool:
    if Pass(0) not in match.legal_actions(0):
        return False
    side = match.state.sides[0]
    return any(CAT.cards[c].cost > side.available() for c in side.hand)


def test_a_dimmed_card_says_why_it_cannot_be_played(app: App) -> None:
    match, _ = find(_too_dear)
    side = match.state.sides[0]
    dear = next(c for c in side.hand if CAT.cards[c].cost > side.available())
    o = offer(match.legal_actions(0))
    why = refusals(match.state, 0, o, _tr("en"))
    says = f"costs {CAT.cards[dear].cost}, you have {side.available()} Energy"
    assert why[dear] == says
    assert all(card not in why for card in o.by_card)
    ru = refusals(match.state, 0, o, _tr("ru"))[dear]
    assert ru == f"стоит {CAT.cards[dear].cost}, у вас {side.available()} Энергии"
    # on the screen: under the card's name in the hand (the words reach the panel)
    drawn: list[str] = []
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    real = panels.w.fit_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    panels.w.fit_text = spy  # type: ignore[assignment]
    try:
        scene.draw(app.screen)
    finally:
        panels.w.fit_text = real  # type: ignore[assignment]
    assert says in drawn


def test_no_reasons_when_he_may_play_nothing_now() -> None:
    match, _ = find(_too_dear)
    assert refusals(match.state, 0, None, _tr("en")) == {}


def test_the_energy_line_counts_the_charged_cards_and_the_pool() -> None:
    match = PlanetMatch(CAT, preset_setup(CAT, DECKS[:2], seed=1))
    side = match.observation(0).side(0)
    two = dataclasses.replace(side, energy=("a", "b"), charged=(True, True), pool=0)
    assert energy_words(two, _tr("en")) == "Energy 2"
    spent = dataclasses.replace(two, charged=(True, False), pool=2)
    assert energy_words(spent, _tr("en")) == "Energy 3"  # one charged, +2 this turn
    assert energy_words(two, _tr("ru")) == "Энергия 2"


# ------------------------------------------------------------------ the damage breakdown


LONG = (
    "Pyrus Hyper Dragonoid 6, core Flaming Fist +4, core Flaming Fist bonus +2, "
    "Tainted Grasp +2, Blaze Rush +3, Frost Strike 1, Aurelus Gilded Fist +2"
)
MEDIUM = (
    "Pyrus Hyper Dragonoid 5, core Flaming Fist +2, core Flaming Fist bonus +1, Tainted Grasp +1"
)


@pytest.mark.parametrize("cards", [(), ("pyrus_spark", "pyrus_spark")])
def test_the_damage_breakdown_wraps_into_the_room_of_its_box(
    app: App, cards: tuple[str, ...]
) -> None:
    head = tr("en", "planet_ui.show.damage", bakugan="Pyrus Dragonoid", amount=21)
    why = tr("en", "planet_ui.show.part", bakugan="Pyrus Dragonoid", total=21, breakdown=LONG)
    show = Show("victor", 0, 1.0, (head, why), cards)
    with text_fit.recording() as ledger:
        draw_show(app.screen, show, namer(CAT, "en"), card_colour(CAT))
    assert not [d.text for d in ledger.escaped()]
    drawn = " ".join(d.text for d in ledger.drawn)
    assert "Aurelus Gilded Fist +2)" in drawn and "Frost Strike 1" in drawn


@pytest.mark.parametrize("floor", [720, BAR.top - 2])  # in play; in a replay, above its bar
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_line_and_hero_of_the_bottom_side_lies_in_its_area(
    app: App, lang: str, floor: int
) -> None:
    match = PlanetMatch(CAT, preset_setup(CAT, DECKS[:2], seed=1))
    obs = match.observation(0)
    heroes = [c.id for c in CAT.cards.values() if c.type is CardType.HERO][:3]
    side = dataclasses.replace(obs.side(0), heroes=tuple((h, 0) for h in heroes))
    area = side_bottom(floor)
    matrix = {c.hex: c for c in obs.matrix}
    with text_fit.recording() as ledger:
        spots = draw_side(
            app.screen, area, side, CAT, matrix, "Player 1", namer(CAT, lang), _tr(lang)
        )
    assert [s.kind for s in spots].count("card") == len(heroes)  # each Hero's chip drawn
    assert [s.rect for s in spots if not area.contains(s.rect)] == []
    assert [d.text for d in ledger.drawn if not area.contains(d.rect)] == []
    assert area.bottom <= floor and not area.colliderect(battle(floor))


@pytest.mark.parametrize("floor", [720, BAR.top - 2])  # in play; in a replay, above its bar
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_battle_panel_gives_a_long_breakdown_its_lines(app: App, lang: str, floor: int) -> None:
    match = PlanetMatch(CAT, preset_setup(CAT, DECKS[:2], seed=1))
    obs = match.observation(0)
    sides = tuple(
        BattleSide(p, CAT.presets[DECKS[p]].kit.characters[0], 21, 9, LONG, MEDIUM, 0)
        for p in (0, 1)
    )
    flip = CAT.presets[DECKS[1]].kit.characters[1]
    damage = DamageView(0, False, 21, False, flip)  # every line the panel can have at once
    obs = dataclasses.replace(obs, battle=sides, victor=0, damage=damage)
    panel = battle(floor)
    with text_fit.recording() as ledger:
        draw_battle(app.screen, panel, obs, namer(CAT, lang), lang, _tr(lang), [])
    assert not [d.text for d in ledger.escaped()]
    assert [d.text for d in ledger.drawn if not panel.contains(d.rect)] == []
    assert any(namer(CAT, lang)(flip) in d.text for d in ledger.drawn)  # the last line


# ------------------------------------------------------------------ the Evolution's line


@pytest.mark.parametrize("face_up", [True, False])
def test_the_evolution_s_rank_is_drawn_clear_of_the_bakugan_standing_on_the_card(
    app: App, face_up: bool
) -> None:
    hyper = next(
        c
        for c in sorted(CAT.cards)
        if CAT.cards[c].type.value == "evolution" and CAT.cards[c].rank.label == "hyper"
    )
    char = next(c for c in sorted(CAT.characters))
    view = BakuganView(char, True, face_up, (), (hyper,))
    rect = pygame.Rect(20, 20, CARD_W, CARD_H)
    with text_fit.recording() as ledger:
        draw_bakugan(app.screen, rect, view, CAT, {}, namer(CAT, "en"), _tr("en"))
    (rank,) = [d for d in ledger.drawn if d.text == "Hyper Evolution"]
    lines = 2 if face_up else 3
    spot = figure_box(rect, lines)
    assert rank.rect.bottom <= spot.top and rect.contains(spot)
    assert spot.w >= 30  # still a figure one can see
