"""The deck builder's draft and browser (game/ui/planet/deckbuilder_model.py): cores
follow the Characters, a card is refused with the rules core's reason, filters."""

from __future__ import annotations

from game.content.planet import shipped_catalog
from game.files.lang import tr
from game.rules.planet import CardType, Faction, check_kit
from game.ui.planet.deckbuilder_model import Draft, Filters, browse, problem_text

CAT = shipped_catalog()


def team(draft: Draft, *ids: str) -> None:
    for slot, ident in enumerate(ids):
        draft.set_character(slot, ident)


def test_the_cores_follow_the_characters_symbols() -> None:
    d = Draft(CAT, "x")
    team(d, "pyrus_dragonoid", "pyrus_trox", "darkus_fangzor")
    want = [t for c in d.characters if c for t in CAT.characters[c].cores]
    assert [CAT.cores[c].type for c in d.cores if c] == want
    assert len(set(d.cores)) == 6  # six different BakuCores where the data has them
    picked = d.cores[0]
    d.cycle_core(0)
    assert d.cores[0] != picked and CAT.cores[str(d.cores[0])].type is want[0]
    kept = d.cores[0]
    d.set_character(2, "aquos_dragonoid")  # another Bakugan: the others' picks stay
    assert d.cores[0] == kept and [p.field for p in d.problems()] == ["deck"]


def test_a_card_is_refused_with_the_rules_cores_reason() -> None:
    d = Draft(CAT, "x")
    team(d, "pyrus_dragonoid", "pyrus_trox", "darkus_fangzor")
    for _ in range(3):
        assert d.add("pyrus_strike") is None
    why = d.add("pyrus_strike")
    assert why is not None and why.code == "copies" and d.count("pyrus_strike") == 3
    why = d.add("aquos_ice_wall")
    assert why is not None and why.code == "faction" and d.count("aquos_ice_wall") == 0
    assert problem_text(why, CAT, "ru", lambda k, **f: tr("ru", k, **f)).startswith("Ледяная стена")
    text = problem_text(why, CAT, "en", lambda k, **f: tr("en", k, **f))
    assert text == "Glacier Wall is Aquos: not a faction of your Bakugan."


def test_build_forty_and_the_forty_first_is_refused() -> None:
    d = Draft(CAT, "x")
    team(d, "pyrus_dragonoid", "pyrus_trox", "darkus_fangzor")
    for card in browse(CAT, Filters(), "en"):
        while d.refusal(card.id) is None:
            d.add(card.id)
    assert len(d.cards) == 40 and d.problems() == [] and check_kit(d.kit(), CAT) == []
    why = d.refusal("darkus_shade_blade") or d.refusal("pyrus_spark")
    assert why is not None and why.code == "deck_size"
    assert problem_text(why, CAT, "en", lambda k, **f: tr("en", k, **f)) == (
        "The deck already has 40 cards."
    )


def test_the_same_bakugan_twice_is_refused() -> None:
    d = Draft(CAT, "x")
    d.set_character(0, "pyrus_dragonoid")
    assert d.character_refusal(1, "pyrus_dragonoid") is not None
    assert d.character_refusal(0, "pyrus_dragonoid") is None  # its own slot
    assert d.character_refusal(1, "pyrus_dragonoid_ultra") is None


def test_the_same_bakugan_twice_is_said_without_its_name_twice() -> None:
    d = Draft(CAT, "x")
    d.set_character(0, "pyrus_dragonoid")
    p = d.character_refusal(1, "pyrus_dragonoid")
    assert p is not None
    for lang, says in (
        ("en", "Pyrus Dragonoid is in the team already: choose three different Bakugan."),
        ("ru", "Пайрус Драгоноид уже в команде: выберите трёх разных Бакуганов."),
    ):
        assert problem_text(p, CAT, lang, lambda k, lang=lang, **f: tr(lang, k, **f)) == says
    english = str(p)
    assert english.count("pyrus_dragonoid") == 1 and "twice" in english


def test_the_filters() -> None:
    every = browse(CAT, Filters(), "en")
    assert len(every) == len(CAT.cards) and all(c.type is not CardType.CHARACTER for c in every)
    pyrus = browse(CAT, Filters(faction=Faction.PYRUS), "en")
    assert pyrus and all(Faction.PYRUS in c.factions for c in pyrus)
    heroes = browse(CAT, Filters(type=CardType.HERO, cost=1), "en")
    assert all(c.type is CardType.HERO and c.cost == 1 for c in heroes)
    assert all(c.cost >= 5 for c in browse(CAT, Filters(cost=5), "en"))
    found = browse(CAT, Filters(text="ледяная"), "ru")
    assert "aquos_ice_wall" in [c.id for c in found]
    assert browse(CAT, Filters(text="no such card at all"), "en") == []


def test_a_preset_loads_whole_and_legal() -> None:
    for preset in CAT.presets.values():
        d = Draft.from_preset(CAT, preset, "ru")
        assert d.name == preset.name.ru and d.problems() == []
        assert sorted(d.kit().cores) == sorted(preset.kit.cores)


def test_a_cores_back_in_both_languages() -> None:
    from game.ui.planet.deckbuilder_model import core_text

    def en(k: str, **f: object) -> str:
        return tr("en", k, **f)

    def ru(k: str, **f: object) -> str:
        return tr("ru", k, **f)

    assert core_text(CAT.cores["fist_0_2"], en) == "Fist: +2 D"
    assert core_text(CAT.cores["fist_0_2"], ru) == "Кулак: +2 У"
    bonus = CAT.cores["fist_pyrus_darkus"]
    assert core_text(bonus, en).startswith("Fist: ") and "Pyrus/Darkus: +" in core_text(bonus, en)
    assert "Пайрус/Даркус: +" in core_text(bonus, ru)
    helix = next(c for c in CAT.cores.values() if c.frost)
    assert f"Frost Strike {helix.frost}" in core_text(helix, en)
    assert f"Морозный удар {helix.frost}" in core_text(helix, ru)
