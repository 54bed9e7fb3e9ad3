"""The classic match's tables seen from each thrower's seat, for measuring the pull
(`game.games.throw_tables`: the skill benchmark and the tests of the pull)."""

from __future__ import annotations

from collections.abc import Hashable

from game import physics
from game.games.throw_tables import Seat, always
from game.physics.pull import CLASSIC


def classic_seats(players: int = 2, big: bool = False) -> list[Seat]:
    """Every seat of the classic table of `players` (the Big Game's with `big`), every
    slot of its grid holding a Gate Card."""
    from game.match.classic.layout import table_layout
    from game.rules.classic import Settings

    layout = table_layout(Settings.preset(players, big))
    cols, rows = layout.grid
    slots = [(c, r) for r in range(rows) for c in range(cols)]
    base = layout.spec()
    table = physics.TableSpec(
        width=base.width,
        height=base.height,
        cards=tuple(physics.slot_card(c, r, base, grid=layout.grid) for c, r in slots),
    )
    centres = {card.id: card.center for card in table.cards}

    def land(throw: physics.Throw) -> Hashable | None:
        return physics.resolve_throw(table, throw, record=False).landing.card

    out = []
    for position, side in enumerate(layout.sides):
        line = physics.ThrowLine.of(layout.zone(position).box, table)

        def origin_for(target: Hashable, line: physics.ThrowLine = line) -> physics.Point:
            return line.hand_point(line.along(centres[target]))

        label = f"{players} players{' Big Game' if big else ''}, {side}"
        out.append(
            Seat("classic", label, CLASSIC, tuple(centres), centres, origin_for, land, always)
        )
    return out


__all__ = ["classic_seats"]
