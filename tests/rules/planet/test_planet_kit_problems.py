"""`kit_problems`: every reason a kit is refused, as codes with their fields (so the
deck builder says them in either language); `check_kit` is their English lines."""

from __future__ import annotations

from game.content.planet import shipped_catalog
from game.rules.planet import Kit, check_kit, kit_problems

CAT = shipped_catalog()
PRESET = CAT.presets["pyrus_darkus"].kit


def codes(kit: Kit) -> list[tuple[str, str, str | None]]:
    return [(p.field, p.code, p.card) for p in kit_problems(kit, CAT)]


def test_a_preset_has_no_problem() -> None:
    assert kit_problems(PRESET, CAT) == [] and check_kit(PRESET, CAT) == []


def test_every_code_of_a_bad_kit_and_its_english_line() -> None:
    deck = PRESET.deck[:36] + ("aquos_ice_wall",) + ("pyrus_strike",) * 2 + ("nope",)
    deck += ("pyrus_dragonoid",)
    kit = Kit(("pyrus_dragonoid", "pyrus_dragonoid", "ghost"), ("fist_0_1", "nope"), deck)
    got = codes(kit)
    assert ("characters", "unknown_character", "ghost") in got
    assert ("characters", "same_bakugan", "pyrus_dragonoid") in got
    assert ("cores", "core_count", None) in got and ("cores", "unknown_core", "nope") in got
    assert ("deck", "deck_size", None) in got
    assert ("deck", "unknown_card", "nope") in got
    assert ("deck", "character_in_deck", "pyrus_dragonoid") in got
    assert ("deck", "copies", "pyrus_strike") in got
    assert ("deck", "faction", "aquos_ice_wall") in got
    lines = check_kit(kit, CAT)
    assert lines == [str(p) for p in kit_problems(kit, CAT)]
    assert "deck: 5 copies of pyrus_strike, at most 3" in lines
    assert "deck: aquos_ice_wall is aquos, not a faction of the team's Bakugan" in lines
    assert "deck: needs exactly 40 cards, has 41" in lines


def test_cores_that_do_not_match_the_characters() -> None:
    kit = Kit(PRESET.characters, ("fist_0_1",) * 6, PRESET.deck)
    (problem,) = kit_problems(kit, CAT)
    assert (problem.field, problem.code) == ("cores", "core_types")
    assert str(problem).startswith(
        "cores: the Characters name 3 fist, 2 flaming_fist, 1 shield; the kit has 6 fist"
    )
