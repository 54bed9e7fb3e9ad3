"""What each classic level's hand gives at the physics table: its `model_hit` and
`model_hit_occupied`, measured.

    python benchmarks/ai_hands.py [--levels easy,normal,hard] [--games 60] [--seed 3] [--json]

Each level plays whole two-player matches against itself, every throw aimed and rolled
on the physics table (the match session, `game.match.session.run_match`), and counts
the throws that opened on the card it aimed at, apart for a card nobody stood on and a
card a Bakugan stood on when it threw: the chances its level record says it expects
(`model_hit`, `model_hit_occupied` in `assets/data/ai/levels.toml`; docs/ai.md).
Prints one JSON object (with --json) or a line per level.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import physics  # noqa: E402
from game.ai.seeding import seat_seed  # noqa: E402
from game.content.classic import shipped_catalog  # noqa: E402
from game.games.classic import shipped_levels  # noqa: E402
from game.match.classic.layout import Zone  # noqa: E402
from game.match.classic.seats import BotSeat  # noqa: E402
from game.match.classic.session import MatchSession, ThrowDone, run_match  # noqa: E402
from game.rules.classic import Settings, random_kit  # noqa: E402
from game.rules.classic.observation import Observation  # noqa: E402


class Counting(BotSeat):
    """A level's seat that notes, at each throw, whether the card it aims at is taken."""

    def __init__(self, seat: BotSeat, tally: dict[str, list[int]]) -> None:
        super().__init__(seat.policy, seat.seed, seat.skill)
        self.tally = tally
        self.kind: str | None = None

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw:
        throw = super().throw(obs, bakugan, table, zone)
        card = next((c for c in table.cards if c.id == self.intended), None)
        taken = card is not None and any(card.contains(o.position) for o in table.standing)
        self.kind = None if card is None else ("occupied" if taken else "empty")
        return throw


def measure(level: str, games: int, seed: int) -> dict[str, Any]:
    catalog, levels = shipped_catalog(), shipped_levels()
    tally: dict[str, list[int]] = {"empty": [0, 0], "occupied": [0, 0]}
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        rng = random.Random(game_seed)
        kits = [random_kit(catalog, rng, Settings()) for _ in range(2)]
        session = MatchSession(catalog, kits, Settings(), seed=game_seed)
        seats = [
            Counting(BotSeat.named(level, catalog, seat_seed(game_seed, i), levels), tally)
            for i in range(2)
        ]

        def counted(
            player: int,
            t: physics.Throw,
            *more: Any,
            throw: Any = session.throw,
            seats: list[Counting] = seats,
            **named: Any,
        ) -> Any:
            entries = throw(player, t, *more, **named)
            seat = seats[player]
            done = entries[0]
            if seat.kind is not None and isinstance(done, ThrowDone):
                aimed: Hashable | None = seat.intended
                tally[seat.kind][0] += int(done.result.landing.card == aimed)
                tally[seat.kind][1] += 1
            return entries

        session.throw = counted  # type: ignore[method-assign, assignment]
        run_match(session, seats)
    out: dict[str, Any] = {"games": games, "hand_sigma": levels[level].hand_sigma}
    for kind, (hits, n) in tally.items():
        out[kind] = {"throws": n, "hit": round(hits / n, 3) if n else None}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = {name: measure(name, args.games, args.seed) for name in args.levels.split(",")}
    if args.json:
        print(json.dumps(report))
    else:
        for name, r in report.items():
            print(
                f"{name} (sigma {r['hand_sigma']:g} px): empty card {r['empty']['hit']}"
                f" of {r['empty']['throws']}, occupied {r['occupied']['hit']}"
                f" of {r['occupied']['throws']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
