"""`bakugan demo --rules attack --text` tells a whole game in both languages, and the
winner it names is the core's."""

from __future__ import annotations

import pytest

from game.__main__ import main
from game.files.lang import catalog
from game.games.attack.demo import run_attack_demo


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_demo_tells_a_whole_game(lang: str) -> None:
    lines = run_attack_demo(seed=3, lang=lang, players=3, echo=False, bots=("normal", "easy"))
    assert lines[0].startswith("Bakugan Attack!" if lang == "en" else "Бакуган: Атака!")
    texts = catalog(lang)
    assert not any(line.startswith("attack_demo.") for line in lines)  # every key is there
    ending = texts["attack_demo.won"].split("{")[0]
    shared = texts["attack_demo.shared"].split("{")[0]
    assert lines[-1].startswith(ending) or lines[-1].startswith(shared)
    assert any(texts["attack_demo.scored"].split("{")[0] in line for line in lines)


def test_the_cli_demo_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # (the on-screen demo, without --text, is tested in tests/ui/test_launch.py)
    assert main(["demo", "--rules", "attack", "--text", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "— Deal 1, round 1:" in out and ("wins with" in out or "share the win" in out)
