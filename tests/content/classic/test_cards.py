"""The shipped card data loads; a bad card file is refused with file, id, field, problem."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.content import ContentError
from game.content.classic import load_catalog, shipped_catalog
from game.files.paths import game_data_dir
from game.rules.classic import Attribute
from game.rules.classic.effects import PRIMITIVES


def test_the_shipped_catalog_has_enough_of_everything() -> None:
    cat = shipped_catalog()
    assert len(cat.bakugan) >= 18 and len(cat.gates) >= 15 and len(cat.abilities) >= 15
    attrs = Counter(b.attribute for b in cat.bakugan.values())
    assert all(attrs[a] >= 1 for a in Attribute) and attrs[None] >= 1
    assert all(300 <= b.g_power <= 650 for b in cat.bakugan.values() if not b.evolved)
    assert all(b.g_power <= 800 for b in cat.bakugan.values())
    assert all(set(g.bonuses) == set(Attribute) for g in cat.gates.values())
    assert sum(1 for g in cat.gates.values() if g.effects) >= 5
    assert Counter(g.colour.value for g in cat.gates.values()).keys() == {
        "gold",
        "silver",
        "bronze",
    }
    assert Counter(a.colour.value for a in cat.abilities.values()).keys() == {
        "red",
        "blue",
        "green",
    }
    for piece in [*cat.bakugan.values(), *cat.gates.values(), *cat.abilities.values()]:
        assert piece.name.ru and piece.name.en


def test_every_ability_primitive_is_used_by_some_card() -> None:
    cat = shipped_catalog()
    used = {e.kind for a in cat.abilities.values() for e in a.effects}
    used |= {e.kind for g in cat.gates.values() for e in g.effects}
    assert used == set(PRIMITIVES)


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text, old
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        (
            "abilities.toml",
            'kind = "add_g"',
            'kind = "add_gg"',
            "abilities.toml: blue_power_surge: effects[0].kind: unknown primitive 'add_gg'",
        ),
        (
            "bakugan.toml",
            "g_power = ",
            "g_powr = ",
            "bakugan.toml: pyrus_dragonoid: g_power: must be an integer, got None",
        ),
        (
            "bakugan.toml",
            'attribute = "pyrus"',
            'attribute = "fire"',
            "bakugan.toml: pyrus_dragonoid: attribute: must be one of",
        ),
        (
            "gates.toml",
            "pyrus = ",
            "pyros = ",
            "gates.toml: gold_dragon_roost: bonus.pyrus: missing",
        ),
        (
            "abilities.toml",
            'timing = ["during"]',
            'timing = ["whenever"]',
            "timing: must be a list of after, before, during",
        ),
        (
            "gates.toml",
            'colour = "gold"',
            'colour = "platinum"',
            "gates.toml: gold_dragon_roost: colour: must be one of bronze, gold, silver",
        ),
    ],
)
def test_a_bad_card_names_file_id_field_and_problem(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    with pytest.raises(ContentError) as info:
        load_catalog(_broken(tmp_path, file, old, new))
    assert any(p.startswith(message) or message in p for p in info.value.problems), (
        info.value.problems
    )


def test_invalid_toml_is_reported_not_raised_as_a_traceback(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "gates.toml", "\n[[gate]]", "\n[[gate]")
    with pytest.raises(ContentError, match=r"gates\.toml: -: -: not valid TOML"):
        load_catalog(folder)


def test_the_cli_reports_bad_scenario_files_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n[setup]\nseed = "one"\n', encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "game", "scenario", str(bad)], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert "bad.toml: setup.p0: missing" in out.stdout or "setup.seed" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_the_new_vestroia_pieces_are_shipped_in_both_languages() -> None:
    cat = shipped_catalog()
    assert len(cat.traps) >= 8 and len(cat.gear) >= 8 and len(cat.evolutions) >= 6
    assert {t.attribute for t in cat.traps.values()} == set(Attribute)
    assert any(len(t.faces) > 1 for t in cat.traps.values())
    assert any(f.attribute is not None for t in cat.traps.values() for f in t.faces)
    assert {g.colour.value for g in cat.gear.values()} == {"gold", "silver", "bronze"}
    assert sum(1 for a in cat.abilities.values() if a.level is not None) >= 3
    for piece in [*cat.traps.values(), *cat.gear.values(), *cat.evolutions.values()]:
        assert piece.name.ru and piece.name.en and piece.text.ru and piece.text.en
    for gear in cat.gear.values():
        assert gear.abilities and all(a.name.ru and a.text.en and a.effects for a in gear.abilities)
    for evo in cat.evolutions.values():
        base, evolved = cat.bakugan[evo.base], cat.bakugan[evo.evolved]
        assert evolved.evolved and not base.evolved and evolved.g_power > base.g_power


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        (
            "traps.toml",
            'attribute = "pyrus"',
            'attribute = "clear"',
            "traps.toml: trap_cinder_scorpion: attribute: must be one of",
        ),
        (
            "traps.toml",
            "faces = [ { g = 60 } ]",
            "faces = [ { g = 65 } ]",
            "traps.toml: trap_cinder_scorpion: faces[0].g: must be a multiple of 10",
        ),
        (
            "traps.toml",
            "faces = [ { g = 60 } ]",
            "faces = []",
            "traps.toml: trap_cinder_scorpion: faces: needs one or more faces",
        ),
        (
            "gear.toml",
            'colour = "gold"',
            'colour = "copper"',
            "gear.toml: gear_flame_cannon: colour: must be one of bronze, gold, silver",
        ),
        (
            "gear.toml",
            '{ kind = "add_g", to = "self", amount = 80 }',
            '{ kind = "move_bakugan" }',
            "gear.toml: gear_flame_cannon: abilities[0].effects[0].kind: move_bakugan cannot be on Battle Gear",
        ),
        (
            "gear.toml",
            "g = 100",
            "g = 1000",
            "gear.toml: gear_flame_cannon: g: must be a multiple of 10 within 10..300",
        ),
        (
            "evolutions.toml",
            'evolved = "pyrus_delta_dragonoid"',
            'evolved = "pyrus_saurus"',
            "evolutions.toml: evo_delta_dragonoid: evolved: pyrus_saurus is not marked evolved = true",
        ),
        (
            "evolutions.toml",
            'base = "pyrus_dragonoid"',
            'base = "pyrus_nobody"',
            "evolutions.toml: evo_delta_dragonoid: base: no Bakugan 'pyrus_nobody'",
        ),
        (
            "evolutions.toml",
            "level = 1",
            'level = "one"',
            "evolutions.toml: evo_delta_dragonoid: level: must be an integer",
        ),
        (
            "bakugan.toml",
            "evolved = true",
            'evolved = "yes"',
            "bakugan.toml: pyrus_delta_dragonoid: evolved: must be true or false",
        ),
        (
            "abilities.toml",
            "level = 1",
            "level = -1",
            "abilities.toml: blue_battle_cry: level: must be an integer within 0..24",
        ),
    ],
)
def test_a_bad_new_vestroia_piece_names_file_id_field_and_problem(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    with pytest.raises(ContentError) as info:
        load_catalog(_broken(tmp_path, file, old, new))
    assert any(message in p for p in info.value.problems), info.value.problems


def test_the_new_vestroia_files_are_optional(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    for name in ("traps.toml", "gear.toml", "evolutions.toml"):
        (folder / name).unlink()
    text = (folder / "bakugan.toml").read_text(encoding="utf-8")
    (folder / "bakugan.toml").write_text(
        text.split(
            "# ---------------------------------------------------------------- evolved forms"
        )[0],
        encoding="utf-8",
    )
    cat = load_catalog(folder)
    assert not cat.traps and not cat.gear and not cat.evolutions


# ---------------------------------------------------------------- issue 13: dealable


def _keep_blocks(folder: Path, file: str, header: str, keep: object) -> None:
    """Rewrite `file` keeping the [[header]] blocks for which keep(block) is true."""
    text = (folder / file).read_text(encoding="utf-8")
    head, *blocks = text.split(f"[[{header}]]")
    kept = [b for b in blocks if keep(b)]  # type: ignore[operator]
    (folder / file).write_text(head + "".join(f"[[{header}]]" + b for b in kept), "utf-8")


def test_a_catalog_with_too_few_bakugan_is_refused_at_load(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    closed: list[str] = []

    def four(block: str) -> bool:
        if "evolved = true" in block or len(closed) == 4:
            return False
        closed.append(block)
        return True

    _keep_blocks(folder, "bakugan.toml", "bakugan", four)
    for extra in ("evolutions.toml", "gear.toml", "traps.toml"):
        (folder / extra).unlink()
    with pytest.raises(ContentError) as info:
        load_catalog(folder)
    dealing = [p for p in info.value.problems if p.startswith("bakugan.toml: -: bakugan: ")]
    assert len(dealing) == 1 and dealing[0].endswith(
        "Bakugan that are not evolved forms; a kit of the Big Game needs 6"
    )


def test_a_catalog_without_a_bronze_gate_card_is_refused_at_load(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    _keep_blocks(folder, "gates.toml", "gate", lambda b: 'colour = "bronze"' not in b)
    with pytest.raises(ContentError) as info:
        load_catalog(folder)
    assert info.value.problems == [
        "gates.toml: -: colour: 0 bronze Gate Cards; a kit of the Big Game needs 2 of each colour"
    ]


def test_the_shipped_catalog_deals_a_kit_of_every_game() -> None:
    import random

    from game.rules.classic import Settings, check_kit, random_kit

    cat = shipped_catalog()
    for players in (2, 3, 4):
        for big in (False, True):
            settings = Settings.preset(players, big)
            kit = random_kit(cat, random.Random(players), settings, support=4, evolutions=True)
            assert check_kit(kit, cat, settings) == []
