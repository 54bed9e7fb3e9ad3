"""The shipped Battle Planet data loads and meets issue 16's counts; a bad file is
refused whole with ``file: id: field: problem``."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.content import ContentError
from game.content.planet import load_catalog, shipped_catalog
from game.files.paths import game_data_dir
from game.rules.planet import CardType, CoreType, Faction, Rank, check_kit


def test_the_shipped_catalog_reaches_the_issue_counts() -> None:
    cat = shipped_catalog()
    by_type = Counter(c.type for c in cat.cards.values())
    assert len(cat.characters) >= 24
    assert {f for c in cat.characters.values() for f in c.factions} == set(Faction)
    assert by_type[CardType.ACTION] >= 80 and by_type[CardType.HERO] >= 12
    assert by_type[CardType.EVOLUTION] >= 16 and by_type[CardType.FLIP] >= 24
    ranks = {c.rank for c in cat.cards.values() if c.type is CardType.EVOLUTION}
    assert ranks == {Rank.HYPER, Rank.TITAN, Rank.MAXIMUS, Rank.DIAMOND}
    assert len(cat.cores) >= 50 and {c.type for c in cat.cores.values()} == set(CoreType)
    assert len(cat.presets) >= 6
    for faction in Faction:
        assert any(faction in c.factions for c in cat.cards.values() if c.type is CardType.ACTION)


def test_every_preset_is_a_legal_kit_of_its_own_faction_pair() -> None:
    cat = shipped_catalog()
    pairs = set()
    for preset in cat.presets.values():
        assert check_kit(preset.kit, cat) == []
        factions = {f for c in preset.kit.characters for f in cat.characters[c].factions}
        assert len(factions) == 2, preset.id
        pairs.add(frozenset(factions))
        assert preset.name.ru and preset.name.en
    assert len(pairs) == len(cat.presets) >= 6
    assert set().union(*pairs) == set(Faction)


def test_every_card_has_names_and_texts_in_both_languages() -> None:
    cat = shipped_catalog()
    for piece in [*cat.cards.values(), *cat.characters.values()]:
        assert piece.name.ru.strip() and piece.name.en.strip(), piece.id
        assert piece.text.ru.strip() and piece.text.en.strip(), piece.id
        assert piece.name.ru != piece.name.en or piece.id.startswith("x"), piece.id


def test_the_bakucores_are_the_set_1_values_of_the_research() -> None:
    """research/planet_attack.md 2.3: the values of the 52 BakuCores of set 1."""
    cat = shipped_catalog()
    got = Counter(
        (
            c.type.value,
            c.b_power,
            c.damage,
            c.bonus_factions and frozenset(f.value for f in c.bonus_factions),
            c.bonus_b,
            c.bonus_d,
            c.frost,
            c.shadow,
        )
        for c in cat.cores.values()
    )

    def plain(t: str, pairs: list[tuple[int, int]]) -> list[tuple[object, ...]]:
        return [(t, b, d, (), 0, 0, 0, False) for b, d in pairs]

    want = Counter(
        plain(
            "fist",
            [
                (0, 1),
                (0, 2),
                (0, 3),
                (50, 1),
                (50, 2),
                (150, 1),
                (150, 2),
                (0, -1),
                (0, -2),
                (0, -3),
            ],
        )
        + [
            ("fist", 100, 0, frozenset(p), 0, 3, 0, False)
            for p in [
                ("pyrus", "darkus"),
                ("pyrus", "haos"),
                ("darkus", "aquos"),
                ("aquos", "ventus"),
                ("ventus", "haos"),
            ]
        ]
        + plain("flaming_fist", [(0, 5), (0, 6), (150, 4), (250, 3), (0, -4), (0, -5)])
        + plain(
            "shield",
            [
                (100, 0),
                (150, 0),
                (200, 0),
                (250, 0),
                (300, 0),
                (50, 1),
                (150, 1),
                (-100, 0),
                (-200, 0),
                (-300, 0),
            ],
        )
        + [
            ("shield", 0, 0, frozenset(p), 400, 0, 0, False)
            for p in [
                ("aquos", "ventus"),
                ("haos", "ventus"),
                ("aquos", "darkus"),
                ("pyrus", "darkus"),
                ("haos", "pyrus"),
            ]
        ]
        + plain("magic_shield", [(500, 0), (550, 0), (600, 0), (650, 0), (-400, 0), (-500, 0)])
        + plain(
            "helix",
            [
                (500, -1),
                (-100, 4),
                (-200, 5),
                (600, -3),
                (300, 3),
                (-100, -3),
                (-200, -2),
                (-300, -1),
            ],
        )
        + [("helix", 0, 0, (), 0, 0, 5, False), ("helix", 0, 0, (), 0, 0, 0, True)]
    )
    assert got == want


def test_the_research_numbers_of_known_cards() -> None:
    """A few set-1 facts of research 2.1-2.2 the data keeps (names and texts are ours)."""
    cat = shipped_catalog()
    ch = cat.characters
    assert (ch["aquos_trox"].b_power, ch["aquos_trox"].damage) == (700, 3)
    assert (ch["haos_pegatrix"].b_power, ch["haos_pegatrix"].damage) == (500, 7)
    assert (ch["ventus_krakelios_ultra"].b_power, ch["ventus_krakelios_ultra"].damage) == (600, 7)
    titan = cat.cards["pyrus_titan_dragonoid"]
    assert (titan.cost, titan.b_power, titan.damage, titan.rank) == (5, 1000, 6, Rank.TITAN)
    assert cat.cards["ventus_diamond_maxotaur"].cost == 10
    assert cat.cards["aquos_ice_wall"].cost == 4


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "planet"
    shutil.copytree(game_data_dir("planet"), out)
    return out


def _break(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        (
            "actions.toml",
            'kind = "add_b", to = "self", amount = 100',
            'kind = "add_bee", to = "self", amount = 100',
            "actions.toml: aquos_water_boost: effects[0].kind: unknown primitive 'add_bee'",
        ),
        (
            "actions.toml",
            "amount = 400 }",
            "amount = 4000 }",
            "actions.toml: aquos_ice_barrier: effects[0].amount: must be within -3000..3000, got 4000",
        ),
        (
            "actions.toml",
            'en = "Water Surge"',
            'de = "Wasser"',
            "actions.toml: aquos_water_boost: name.en: missing or empty",
        ),
        (
            "actions.toml",
            'factions = ["aquos"]',
            'factions = ["subterra"]',
            "actions.toml: aquos_water_boost: factions: unknown faction 'subterra'",
        ),
        (
            "actions.toml",
            'when = "flow"',
            'when = "sunday"',
            "actions.toml: aquos_wave_slash: effects[1].when: unknown condition 'sunday'",
        ),
        (
            "characters.toml",
            'cores = ["flaming_fist", "fist"]',
            'cores = ["flaming_fist"]',
            "characters.toml: pyrus_dragonoid: cores: must name two BakuCores",
        ),
        (
            "characters.toml",
            "b_power = 400",
            "b_power = 410",
            "characters.toml: pyrus_dragonoid: b_power: must be a multiple of 50 within 0..2000, got 410",
        ),
        (
            "evolutions.toml",
            'rank = "hyper"',
            'rank = "mega"',
            "evolutions.toml: pyrus_hyper_dragonoid: rank: must be one of hyper, titan, maximus, diamond, got 'mega'",
        ),
        (
            "evolutions.toml",
            'species = "dragonoid"',
            'species = "unicorn"',
            "evolutions.toml: pyrus_hyper_dragonoid: species: no Character of species 'unicorn'",
        ),
        (
            "evolutions.toml",
            'when = "hero:pyrus_flame_brawler"',
            'when = "hero:nobody"',
            "evolutions.toml: pyrus_titan_dragonoid: static[1].when: no Hero 'nobody'",
        ),
        (
            "heroes.toml",
            "[hero.triggers]\nopen",
            "[hero.triggers]\nclose",
            "heroes.toml: pyrus_blaze_captain: triggers.close: unknown trigger here",
        ),
        (
            "flips.toml",
            'kind = "stop", factions = ["aquos"]',
            'kind = "stop"',
            "flips.toml: pyrus_block_aquos: effects[0].factions: name either factions or except",
        ),
        (
            "cores.toml",
            'type = "fist"',
            'type = "spoon"',
            "cores.toml: fist_0_1: type: must be one of",
        ),
        (
            "decks.toml",
            "pyrus_strike = 3",
            "pyrus_strike = 4",
            "decks.toml: pyrus_darkus: deck: 4 copies of pyrus_strike, at most 3",
        ),
        (
            "decks.toml",
            '"pyrus_dragonoid", "pyrus_trox"',
            '"pyrus_dragonoid", "pyrus_dragonoid"',
            "decks.toml: pyrus_darkus: characters: pyrus_dragonoid is in the team twice",
        ),
        (
            "actions.toml",
            'id = "aquos_ice_barrier"',
            'id = "aquos_water_boost"',
            "actions.toml: aquos_water_boost: id: used twice",
        ),
        (
            "actions.toml",
            'id = "aquos_ice_barrier"',
            'id = "Ice Barrier"',
            "actions.toml: #2: id: missing or not lower_snake_case: 'Ice Barrier'",
        ),
        (
            "actions.toml",
            "cost = 0",
            "cost = -1",
            "actions.toml: aquos_water_boost: cost: must be within 0..15, got -1",
        ),
        (
            "actions.toml",
            "cost = 0",
            'cost = 0\ncolour = "red"',
            "actions.toml: aquos_water_boost: colour: unknown field",
        ),
    ],
)
def test_a_bad_file_names_the_file_the_card_the_field_and_the_problem(
    folder: Path, file: str, old: str, new: str, problem: str
) -> None:
    _break(folder, file, old, new)
    with pytest.raises(ContentError) as caught:
        load_catalog(folder)
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems


def test_a_file_that_is_not_toml_or_missing_is_refused(folder: Path) -> None:
    (folder / "flips.toml").write_text("[[flip]\nid = ", encoding="utf-8")
    with pytest.raises(ContentError, match=r"flips\.toml: -: -: not valid TOML"):
        load_catalog(folder)
    (folder / "flips.toml").unlink()
    with pytest.raises(ContentError, match=r"flips\.toml: file not found"):
        load_catalog(folder)


def test_problems_in_several_files_are_all_reported(folder: Path) -> None:
    _break(folder, "actions.toml", 'factions = ["aquos"]', 'factions = ["none"]')
    _break(folder, "cores.toml", 'type = "fist"', 'type = "spoon"')
    with pytest.raises(ContentError) as caught:
        load_catalog(folder)
    files = {p.split(":")[0] for p in caught.value.problems}
    assert {"actions.toml", "cores.toml"} <= files
