"""The people's side of one finished classic replay, for the stats screen
(`game.match.replay_stats`): re-run, then read for who won, the throws and how many opened
on a card, the Gate Cards captured and the Bakugan thrown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.match.classic.replaying import Rerun, rerun_classic
from game.match.classic.session import ThrowDone
from game.match.replay_stats import MatchLine, PeoplesPlay, people_line
from game.rules.classic import Catalog
from game.rules.classic.events import GateCaptured


def match_line(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog
) -> MatchLine | None:
    """The people's side of one finished classic replay (`people_line`): the throws they
    made, those that opened on a card, the Gate Cards they captured."""
    return people_line(
        header, records, "classic", lambda: rerun_classic(header, records, catalog), _count
    )


def _count(run: Rerun, people: frozenset[int]) -> PeoplesPlay:
    play = PeoplesPlay(won=run.session.state.winner in people)
    for entry in run.session.timeline:
        if isinstance(entry, ThrowDone) and entry.player in people:
            play.throws += 1
            play.opened += entry.result.landing.opened
            play.thrown[entry.bakugan] += 1
        elif isinstance(entry, GateCaptured) and entry.player in people:
            play.captures += 1
    return play
