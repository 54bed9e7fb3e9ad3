"""The status line of a network table tells a seat what its question asks: a choice,
a sphere to pull, or a die to roll (Attack's die takes no aim: a press rolls it)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from game.net.relay import NetThread, Relay
from game.ui.app import App
from game.ui.net.table import NetTableScene, Seat


def _scene(game: str, lang: str = "en") -> NetTableScene:
    async def connection() -> dict[str, Any]:
        await asyncio.sleep(5.0)  # stands for the host; bounded, it ends by itself
        return {}

    app = App(lang, fast=True)
    return NetTableScene(app, game, Relay(), NetThread(connection).start(), [0])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_die_to_roll_is_not_called_a_sphere_to_pull(lang: str) -> None:
    scene = _scene("attack", lang)
    scene.started = True
    scene.seats[0] = Seat(turn={"kind": "throw"})  # Attack's die: no table, no aim
    said = scene._status()
    assert said == scene.tr("net.ui.roll_due", seat=1)
    assert said != scene.tr("net.ui.throw", seat=1)


def test_a_sphere_to_pull_and_a_choice_keep_their_words() -> None:
    from game.games.classic.net import throw_table
    from game.ui.net.table import THROW_AREA
    from game.ui.net.throw import NetThrow

    scene = _scene("classic")
    scene.started = True
    table = throw_table(
        {"width": 800.0, "height": 1000.0, "cards": [], "standing": [], "zone": [0, 0, 800, 140]}
    )
    scene.seats[0] = Seat(turn={"kind": "throw"}, throw=NetThrow(table, THROW_AREA, {}))
    assert scene._status() == "Seat 1: your throw — pull the sphere back and let go"
    scene.seats[0] = Seat(turn={"kind": "act"})
    assert scene._status() == "Seat 1: your move"
