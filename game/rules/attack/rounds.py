"""How a Bakugan Attack! round, deal and game come to an end (seed 002): a full table
judged onto the state (the catches, the discards, who leads next), a deal scored (each
player's catches against his target), and the end of the game, or the deal passing left.

Functions of the state (`AttackState` calls them from its moves), kept apart from the
moves themselves: what a move may do is `state`'s; what the end of a round, a deal and
the game do to the piles and the points is here. Readings: docs/rules.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Effect
from .catch import catch
from .settings import Phase, Variant

if TYPE_CHECKING:
    from .state import AttackState

_DESCRIBE = {
    Effect.LOWEST_CATCHES: "the lowest number catches",
    Effect.COLLIDED_CATCH: "every collided card catches",
    Effect.ROTATE: "every card turns one player to the left",
}
_NOBODY = ev.NobodyCaught()
CAUGHT = ev.CAUGHT


def start_round(s: AttackState, events: list[ev.Event]) -> None:
    """A round begins: the leader plays first, no lead effect yet."""
    s.round_no += 1
    s.turn = s.leader
    s.mode = ""
    s.phase = Phase.PLAY
    events.append(ev.RoundStarted(s.deal_no, s.round_no, s.leader))


def close_round(s: AttackState, events: list[ev.Event]) -> None:
    """Every card is on the table: judge it (`catch`), give the catches, discard the
    rest; the one catcher leads next; then the next round, or the deal is scored."""
    table = s.table
    j = catch(table, s.deck, s.n)
    if j.kept is not None:
        for card in j.overridden:
            events.append(ev.SpecialOverridden(card, j.kept))
        if j.effect is not Effect.NONE:
            events.append(ev.SpecialApplied(j.kept, _DESCRIBE[j.effect]))
    if j.rotated:
        moves = zip(table, j.holders, strict=True)
        events.append(ev.Rotated(tuple((a, b, c) for (a, c), (b, _) in moves)))
    for number, players in j.collisions:
        events.append(ev.Collided(number, players))
    catchers = j.catchers
    if len(catchers) == 1:
        p, card = catchers[0]
        s.caught[p].append(card)
        events.append(CAUGHT[p][card])
        rest = [c for q, c in j.holders if q != p]
    elif catchers:
        for p, card in catchers:
            s.caught[p].append(card)
            events.append(ev.Caught(p, card))
        rest = [c for h, c in j.holders if (h, c) not in catchers]
    else:
        events.append(_NOBODY)
        rest = [c for _, c in j.holders]
    s.discards.extend(rest)
    events.append(ev.Discarded(tuple(rest)))
    s.history.append((tuple(table), j.catchers))
    if len(j.catchers) == 1:
        s.leader = j.catchers[0][0]
    s.table = []
    s.rounds_played += 1
    if s.hands[0]:
        start_round(s, events)
    else:
        end_deal(s, events)


def end_deal(s: AttackState, events: list[ev.Event]) -> None:
    """The hands are empty: score the deal (the distance of each catch to its target);
    the game ends (the end score, a deal without a catch, the last deal, too few cards)
    or the deal passes left and the cards are gathered for the next."""
    n, targets = s.n, [t or 0 for t in s.targets]
    counts = tuple(len(pile) for pile in s.caught)
    if s.settings.variant is Variant.HOUSE:
        added = [abs(counts[p] - targets[p]) for p in range(n)]
        s.points = [s.points[p] + added[p] for p in range(n)]
    else:
        added = [abs(counts[p] - targets[p]) for p in range(n)]
        s.points = added
    events.append(ev.DealScored(s.deal_no, tuple(targets), counts, tuple(added), tuple(s.points)))
    if max(s.points) >= s.settings.end_score:
        game_over(s, "points", events)
        return
    if not any(catchers for _, catchers in s.history):
        game_over(s, "stalled", events)
        return
    if s.deal_no >= s.settings.max_deals:
        game_over(s, "deals", events)
        return
    s.dealer = s.leader = (s.dealer + 1) % n
    events.append(ev.DealPassed(s.dealer))
    s.discards.extend(s.aside)
    s.aside = []
    if s.settings.variant is Variant.HOUSE:
        for pile in s.caught:
            s.discards.extend(pile)
            pile.clear()
        s.targets, s.faces = [None] * n, [None] * n
    s.discards = s.deck.sort(s.discards)
    if len(s.discards) < n:
        game_over(s, "cards", events)
        return
    s.phase = Phase.DEAL


def game_over(s: AttackState, reason: str, events: list[ev.Event]) -> None:
    """The game ends for `reason`: the fewest points win."""
    s.phase = Phase.OVER
    s.over_reason = reason
    best = min(s.points)
    winners = tuple(p for p in range(s.n) if s.points[p] == best)
    events.append(ev.GameOver(reason, tuple(s.points), winners))
