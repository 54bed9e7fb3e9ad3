"""The people's side of one finished classic replay, for the stats screen
(`game.match.replay_stats`): re-run, then read for who won, the throws and how many opened
on a card, the Gate Cards captured and the Bakugan thrown."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.match.classic.replaying import rerun_classic
from game.match.classic.session import ThrowDone
from game.match.replay_stats import MatchLine, sitting
from game.match.rerun import RerunError
from game.rules.classic import Catalog
from game.rules.classic.events import GateCaptured


def match_line(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog
) -> MatchLine | None:
    """The people's side of one finished classic replay; None when there is none (no
    person played, the match is unfinished, or the replay does not re-run identically)."""
    sat = sitting(header, "classic")
    if sat is None:
        return None
    people = sat.people
    try:
        run = rerun_classic(header, records, catalog)
    except RerunError:
        return None
    state = run.session.state
    if not run.identical or state.winner is None:
        return None
    throws = opened = captures = 0
    thrown: Counter[str] = Counter()
    for entry in run.session.timeline:
        if isinstance(entry, ThrowDone) and entry.player in people:
            throws += 1
            opened += entry.result.landing.opened
            thrown[entry.bakugan] += 1
        elif isinstance(entry, GateCaptured) and entry.player in people:
            captures += 1
    return MatchLine(
        str(header.get("created", "")),
        "classic",
        sat.mode,
        sat.level,
        state.winner in people,
        throws,
        opened,
        captures,
        tuple(sorted(thrown.items())),
    )
