"""Skill, measured: how often a modelled hand opens on the card or core it aims at.

    python benchmarks/throw_skill.py [--json] [--throws 200] [--sigmas 2,4,8]

For each game's standard table (`game.games.throw_tables`: the classic two-player field
with a Gate Card in every slot, Battle Planet's Hidden Matrix of 12 BakuCores, the
throw challenges' first five levels) the hand, sitting where a person's sphere waits,
finds for each target the ideal release point - the middle of the run of pulls that
open on it, searched through the real pull mapping (`game.physics.pull`) and the real
physics, straight at it, as the bots aim - and then lets go `--throws` times missing
that point by a normal error of sigma px in x and in y (`game.ai.hand.Hand`, the very
hand the computers throw with), each throw rolled through the physics.

"near" is the nearest target and "far" the farthest one a straight throw reaches
without touching another (on the Matrix: a clear line from the band); classic and
Planet from the bottom seat (the person's against the computer), the challenges from
each level's throw zone. Also the pull figures of issue 24: for every seat, the pull
from no power to the one that just reaches the farthest target (`span_px`, the least
over the seats) and the least depth of any target along the throw (`min_depth_px`).

Prints one JSON object (with --json; a table otherwise):

    {"pull": {GAME: {"span_px": N, "min_depth_px": N}},
     "hits": {GAME: {"2": {"near": R, "far": R}, "4": {...}, "8": {...}}}}

About 40 s on one core of the development machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai.hand import Hand  # noqa: E402
from game.content.levels import discover  # noqa: E402
from game.games.classic.throw_tables import classic_seats  # noqa: E402
from game.games.planet.throw_tables import planet_seats  # noqa: E402
from game.games.throw_tables import (  # noqa: E402
    Seat,
    Window,
    challenge_seats,
    window,
)
from game.physics.pull import pull_vector, throw_of  # noqa: E402

GAMES = ("classic", "planet", "challenges")
CHALLENGE_LEVELS = 5


def seats_of(game: str) -> list[Seat]:
    if game == "classic":
        return classic_seats(2)
    if game == "planet":
        return planet_seats()
    levels = [e.level for e in discover() if e.level is not None][:CHALLENGE_LEVELS]
    return challenge_seats(levels)


def windows(seats: Sequence[Seat]) -> list[tuple[Seat, Hashable, Window]]:
    """Every target's window from every seat (straight at it; those no straight pull
    opens on are left out)."""
    out = []
    for seat in seats:
        for target in seat.targets:
            found = window(seat, target)
            if found is not None:
                out.append((seat, target, found))
    return out


def pull_figures(found: Sequence[tuple[Seat, Hashable, Window]]) -> dict[str, float]:
    """The least, over the seats, of the pull that just reaches the seat's farthest
    target; and the least depth of any target."""
    spans: dict[str, float] = {}
    far: dict[str, float] = {}
    for seat, target, w in found:
        d = seat.distance(target)
        if d > far.get(seat.name, -1.0):
            far[seat.name], spans[seat.name] = d, w.lo
    return {
        "span_px": round(min(spans.values()), 1),
        "min_depth_px": round(min(w.depth for _, _, w in found), 1),
    }


def aimed(
    game: str, found: Sequence[tuple[Seat, Hashable, Window]]
) -> dict[str, tuple[Seat, Hashable, Window]]:
    """The near and far targets the hand aims at."""
    if game != "challenges":
        first = found[0][0].name  # the bottom seat
        found = [f for f in found if f[0].name == first]
    clear = [f for f in found if f[0].clear(f[1])]
    by_distance = sorted(clear, key=lambda f: f[0].distance(f[1]))
    return {"near": by_distance[0], "far": by_distance[-1]}


def hit_rate(
    seat: Seat, target: Hashable, w: Window, sigma: float, throws: int, seed: str
) -> float:
    rng = random.Random(seed)
    hand = Hand(sigma)
    meant = pull_vector(seat.angle_to(target), w.meant)
    origin = seat.origin_for(target)
    hits = 0
    for _ in range(throws):
        made = hand.release(meant, rng)
        throw = throw_of(seat.curve, origin, made, 0.0, seat.radius, seat.angle_to(target))
        if throw is not None and seat.land(throw) == target:
            hits += 1
    return hits / throws


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--throws", type=int, default=200)
    parser.add_argument("--sigmas", default="2,4,8")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    sigmas = [float(s) for s in args.sigmas.split(",")]
    out: dict[str, dict[str, object]] = {"pull": {}, "hits": {}}
    for game in args.games.split(","):
        found = windows(seats_of(game))
        out["pull"][game] = pull_figures(found)
        targets = aimed(game, found)
        rates: dict[str, dict[str, float]] = {}
        for sigma in sigmas:
            rates[f"{sigma:g}"] = {
                which: round(hit_rate(s, t, w, sigma, args.throws, f"{game}:{which}:{sigma:g}"), 3)
                for which, (s, t, w) in targets.items()
            }
        out["hits"][game] = rates
    if args.json:
        print(json.dumps(out))
        return 0
    for game, figures in out["pull"].items():
        print(
            f"{game}: pull span {figures['span_px']} px, least depth {figures['min_depth_px']} px"
        )
        for sigma, r in out["hits"][game].items():  # type: ignore[union-attr]
            print(f"  sigma {sigma} px: near {r['near']:.0%}, far {r['far']:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
