"""A Battle Gear property card holds at most `MAX_GEAR_ABILITIES` abilities: its owner may
use any of them, so every subset is a choice in a battle (a card of 30 would be 2**30)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content import ContentError
from game.content.classic import load_catalog
from game.files.paths import game_data_dir
from game.rules.classic.defs import MAX_GEAR_ABILITIES


def test_a_gear_with_too_many_abilities_is_refused_with_the_reason(tmp_path: Path) -> None:
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    path = folder / "gear.toml"
    text = path.read_text(encoding="utf-8")
    one = (
        '  { id = "blaze", effects = [ { kind = "add_g", to = "self", amount = 80 } ],'
        ' name = { ru = "Пламя", en = "Blaze" }, text = { ru = "Ваш Бакуган получает ещё +80 G.",'
        ' en = "Your Bakugan gains another 80 G." } },\n'
    )
    assert one in text
    more = "".join(one.replace('"blaze"', f'"blaze_{i}"') for i in range(MAX_GEAR_ABILITIES))
    path.write_text(text.replace(one, one + more, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_catalog(folder)
    want = f"gear.toml: gear_flame_cannon: abilities: at most {MAX_GEAR_ABILITIES}"
    assert any(want in p for p in info.value.problems), info.value.problems


def test_the_shipped_gear_is_within_the_limit() -> None:
    from game.content.classic import shipped_catalog

    assert all(len(g.abilities) <= MAX_GEAR_ABILITIES for g in shipped_catalog().gear.values())
