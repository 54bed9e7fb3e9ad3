"""What every reachable Bakugan Attack! state satisfies, checked on a state from anywhere.

`AttackState.from_json` rebuilds whatever a file says; a save whose checksum is fine may
still hold a game no play could reach (turn 9 of four players, a card the deck does not
have, the same card twice, 99 points while the game goes on). `problems(state)` lists
every way a state breaks the rules core's own invariants, a line each naming the field;
`check(state)` raises `InvalidState` with them. The checks read the state only and
never raise, whatever its fields hold (a wrong type is a problem like any other).

The invariants, by part of the state:

- settings: they pass `Settings.check` against the deck; the player count is theirs;
- the seats: the dealer, the leader and the turn player exist (-1 before the roll-off
  chose the dealer, and only then), the die rollers of a roll-off are players;
- the cards: every card of the deck in exactly one place (hands, the table, the
  face-down choices after Julie, the caught piles, the discards, the cards set aside
  undealt, the cards the player count removes) and nothing else anywhere; the removed
  ones exactly those the player count removes;
- the round: the table holds the cards played so far, clockwise from the leader, one
  per player, never all of them (a full table is judged at once); who is to play is the
  next one; face-down choices only after Julie leads, never the leader's; every hand as
  big as the others less the card each played this round; Runo's and Julie's modes
  only in their own steps;
- the dice: faces 1 to 6, each target the face with the player count's shift; a target
  for every player once the cards are played, for those rolled so far while rolling;
- the score: points from 0, under the end score until the game is over; over exactly
  with a reason, and at the end score when the reason is the points;
- the counts: deals, rounds and chance draws from 0, the deal number within the last
  deal, this deal's finished rounds and its pool of cards only of cards the deck has.

Pure and standard library only, like the rest of the rules core.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.rules.api import InvalidState
from game.rules.invariant_checks import gathered, raise_found

from .cards import DIE_FACES, Effect
from .settings import HouseRoll, Phase, Settings, Variant

if TYPE_CHECKING:
    from .state import AttackState

MAX_COUNT = 1_000_000
"""Deals, rounds and chance draws beyond this are no game of ours (a game ends after
`Settings.max_deals` deals)."""
_ROUND = (Phase.PLAY, Phase.BLIND, Phase.RANDOM_PICK)
_MODES = {"": (Phase.PLAY,), "random": (Phase.RANDOM_PICK,), "blind": (Phase.BLIND,)}
_REASONS = ("points", "stalled", "deals", "cards")


def check(state: AttackState) -> None:
    """Raise `InvalidState` if `state` breaks an invariant."""
    raise_found(problems(state))


def problems(state: AttackState) -> list[str]:
    """Every invariant `state` breaks (empty: none), one readable line each; never
    raises."""

    def checks(out: list[str]) -> None:
        if _settings(state, out) and _shapes(state, out):
            _seats(state, out)
            _cards(state, out)
            _round(state, out)
            _dice(state, out)
            _score(state, out)

    return gathered(checks, _short)


# ----------------------------------------------------------------- helpers


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    text = str(value) if isinstance(value, Exception) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _count(value: object) -> bool:
    return _is_int(value) and 0 <= value <= MAX_COUNT  # type: ignore[operator]


def _player(value: object, n: int) -> bool:
    return _is_int(value) and 0 <= value < n  # type: ignore[operator]


# ----------------------------------------------------------------- the parts


def _settings(s: AttackState, out: list[str]) -> bool:
    settings = s.settings
    if not isinstance(settings, Settings) or not all(
        _is_int(v) for v in (settings.players, settings.end_score, settings.max_deals)
    ):
        out.append(f"settings: not the settings of a game ({_short(settings)})")
        return False
    if not isinstance(settings.variant, Variant):
        out.append(f"settings.variant: {_short(settings.variant)} is no variant")
        return False
    problem = settings.problem(s.deck)
    if problem is not None:
        out.append(f"settings: {problem}")
        return False
    if settings.end_score > MAX_COUNT or settings.max_deals > MAX_COUNT:
        out.append("settings: an end score or a deal count beyond any game")
        return False
    if s.n != settings.players:
        out.append(f"n: {_short(s.n)} players, the settings say {settings.players}")
        return False
    if not isinstance(s.phase, Phase):
        out.append(f"phase: {_short(s.phase)} is no phase")
        return False
    return True


def _shapes(s: AttackState, out: list[str]) -> bool:
    """The fields hold what they should, one per player where they are per player;
    when they do not, nothing further can be read."""
    n, known = s.n, s.deck.by_id
    before = len(out)

    def cards(name: str, value: object) -> None:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            out.append(f"{name}: expected a list of card ids, got {_short(value)}")
            return
        unknown = sorted({c for c in value if c not in known})
        if unknown:
            out.append(f"{name}: unknown cards {_short(unknown)}")

    for name in ("hands", "caught", "pending", "targets", "faces", "points"):
        value = getattr(s, name)
        if not isinstance(value, list) or len(value) != n:
            out.append(f"{name}: expected one entry per player ({n}), got {_short(value)}")
    if len(out) > before:
        return False
    for p in range(n):
        cards(f"hands[{p}]", s.hands[p])
        cards(f"caught[{p}]", s.caught[p])
        choice = s.pending[p]
        if choice is not None:
            cards(f"pending[{p}]", [choice])
        for name, low, high in (("targets", 0, DIE_FACES + 1), ("faces", 1, DIE_FACES)):
            value = getattr(s, name)[p]
            if value is not None and not (_is_int(value) and low <= value <= high):
                out.append(f"{name}[{p}]: {_short(value)} is not {low} to {high}")
        if not _count(s.points[p]):
            out.append(f"points[{p}]: {_short(s.points[p])} is not a count of points from 0")
    for name in ("discards", "aside", "removed"):
        cards(name, getattr(s, name))
    if not isinstance(s.table, list):
        out.append(f"table: expected a list of plays, got {_short(s.table)}")
    else:
        for i, play in enumerate(s.table):
            if not _play_ok(play, n):
                out.append(f"table[{i}]: {_short(play)} is not (a player, a card)")
            elif play[1] not in known:
                out.append(f"table[{i}]: unknown card {_short(play[1])}")
    for name in ("dealer", "leader", "turn"):
        value = getattr(s, name)
        if not (_is_int(value) and -1 <= value < n):
            out.append(f"{name}: {_short(value)} is not a player of {n} (or -1 before the first)")
    for name in ("deal_no", "round_no", "rounds_played", "rolled", "draws"):
        if not _count(getattr(s, name)):
            out.append(f"{name}: {_short(getattr(s, name))} is not a count from 0")
    if not isinstance(s.mode, str) or s.mode not in _MODES:
        out.append(f"mode: {_short(s.mode)} is not '', 'random' or 'blind'")
    if not _is_int(s.seed):
        out.append(f"seed: {_short(s.seed)} is not a whole number")
    if not isinstance(s.over_reason, str):
        out.append(f"over_reason: {_short(s.over_reason)} is not text")
    _rolls_shape(s, out)
    _history_shape(s, out)
    _pool_shape(s, out)
    return len(out) == before


def _play_ok(play: object, n: int) -> bool:
    return (
        isinstance(play, tuple)
        and len(play) == 2
        and _player(play[0], n)
        and isinstance(play[1], str)
    )


def _rolls_shape(s: AttackState, out: list[str]) -> None:
    n = s.n
    if not isinstance(s.rollers, list) or not all(_player(p, n) for p in s.rollers):
        out.append(f"rollers: {_short(s.rollers)} are not players")
    elif len(set(s.rollers)) != len(s.rollers):
        out.append(f"rollers: {s.rollers} name a player twice")
    if not isinstance(s.rolls, list) or not all(
        _is_int(f) and 1 <= f <= DIE_FACES for f in s.rolls
    ):
        out.append(f"rolls: {_short(s.rolls)} are not die faces 1 to {DIE_FACES}")


def _history_shape(s: AttackState, out: list[str]) -> None:
    n, known = s.n, s.deck.by_id
    if not isinstance(s.history, list):
        out.append(f"history: expected a list of rounds, got {_short(s.history)}")
        return
    for i, entry in enumerate(s.history):
        ok = isinstance(entry, tuple) and len(entry) == 2
        plays = [*entry[0], *entry[1]] if ok and all(isinstance(x, tuple) for x in entry) else None
        if plays is None or not all(_play_ok(p, n) and p[1] in known for p in plays):
            out.append(f"history[{i}]: {_short(entry)} is not a round of this deal")
        elif len(entry[0]) != n:
            out.append(f"history[{i}]: {len(entry[0])} cards played by {n} players")


def _pool_shape(s: AttackState, out: list[str]) -> None:
    full = s.deck.full()
    pool = s.deal_pool
    if not isinstance(pool, dict) or not all(
        isinstance(c, str) and c in full and _is_int(k) and 1 <= k <= full[c]
        for c, k in pool.items()
    ):
        out.append(f"deal_pool: {_short(pool)} is not a count of the deck's cards")


def _seats(s: AttackState, out: list[str]) -> None:
    chosen = s.phase is not Phase.DEALER_ROLL
    for name in ("dealer", "leader"):
        value = getattr(s, name)
        if chosen and value == -1:
            out.append(f"{name}: none in {s.phase.value} (the roll-off chose one)")
        if not chosen and value != -1:
            out.append(f"{name}: p{value} before the roll-off chose the dealer")
    if s.phase in _ROUND and s.turn == -1:
        out.append(f"turn: nobody to play in {s.phase.value}")
    if s.phase is Phase.DEALER_ROLL:
        if not s.rollers:
            out.append("rollers: nobody rolls in the roll-off")
        elif len(s.rolls) >= len(s.rollers):
            out.append(f"rolls: {len(s.rolls)} dice for {len(s.rollers)} rollers")
    elif s.rollers or s.rolls:
        out.append(f"rollers: a roll-off in {s.phase.value}")


def _cards(s: AttackState, out: list[str]) -> None:
    n, deck = s.n, s.deck
    places: Counter[str] = Counter()
    for pile in (*s.hands, *s.caught, s.discards, s.aside, s.removed):
        places.update(pile)
    places.update(c for _, c in s.table)
    places.update(c for c in s.pending if c is not None)
    full = Counter(deck.full())
    if places != full:
        extra, missing = places - full, full - places
        out.append(
            f"cards: every card in exactly one place; extra {_short(dict(extra))},"
            f" missing {_short(dict(missing))}"
        )
    playing = deck.composition(n)
    removed = Counter({c: k - playing[c] for c, k in deck.full().items() if k > playing[c]})
    if Counter(s.removed) != removed:
        out.append(f"removed: not the cards {n} players set aside ({_short(dict(removed))})")
    if s.deal_no > s.settings.max_deals:
        out.append(f"deal_no: deal {s.deal_no}, the game ends after {s.settings.max_deals}")


def _round(s: AttackState, out: list[str]) -> None:
    n, phase = s.n, s.phase
    if phase not in _ROUND:  # (the last round's mode stays until the next begins)
        _between_rounds(s, out)
        return
    if phase not in _MODES[s.mode]:
        out.append(f"mode: {s.mode!r} in {phase.value}")
    order = [(s.leader + i) % n for i in range(n)]
    played = [p for p, _ in s.table]
    least = 0 if phase is Phase.PLAY else 1  # Runo and Julie lead: the leader's card is up
    if not least <= len(played) <= n - 1:
        out.append(f"table: {len(played)} cards in {phase.value} of {n} players")
    if played != order[: len(played)]:
        out.append(f"table: {played} did not play clockwise from the leader p{s.leader}")
    if phase is not Phase.PLAY and s.table:
        lead = s.deck.by_id[s.table[0][1]].effect
        want = Effect.BLIND_FOLLOW if phase is Phase.BLIND else Effect.RANDOM_FOLLOW
        if lead is not want:
            out.append(f"table: {phase.value} after a lead of {s.table[0][1]}")
    chosen = [p for p in range(n) if s.pending[p] is not None]
    if phase is Phase.BLIND:
        if played != [s.leader]:
            out.append("table: after Julie leads only the leader's card is up")
        if s.leader in chosen:
            out.append(f"pending: the leader p{s.leader} chose face down")
        if len(chosen) >= n - 1:
            out.append("pending: every choice is in, yet they were not turned up")
    elif chosen:
        out.append(f"pending: face-down choices in {phase.value}")
    elif s.turn != order[len(played) % n]:
        out.append(f"turn: p{s.turn} plays, p{order[len(played) % n]} is next")
    _hands_even(s, {*played, *chosen}, out)
    if any(t is None for t in s.targets):
        out.append("targets: cards played before every target was rolled")
    if s.deal_no < 1 or s.round_no < 1:
        out.append(f"round_no: cards played in round {s.round_no} of deal {s.deal_no}")
    elif len(s.history) != s.round_no - 1:
        out.append(f"history: {len(s.history)} rounds before round {s.round_no}")


def _between_rounds(s: AttackState, out: list[str]) -> None:
    """Before a deal's first round (the dice, the deal) and after the last."""
    phase = s.phase
    if s.table or any(c is not None for c in s.pending):
        out.append(f"table: cards on the table in {phase.value}")
    if phase in (Phase.DEALER_ROLL, Phase.DEAL):
        if any(s.hands) or s.aside:
            out.append(f"hands: cards dealt while the cards are still to be dealt ({phase.value})")
        if len(s.discards) < s.n:
            out.append(f"discards: {len(s.discards)} cards to deal to {s.n} players")
        if s.leader != s.dealer:
            out.append(f"leader: p{s.leader} leads the deal p{s.dealer} is to deal")
    if phase is Phase.DEALER_ROLL and (s.deal_no or any(s.caught) or any(s.points)):
        out.append("deal_no: a game under way before the roll-off for the first dealer")
    if phase is Phase.DEAL and s.settings.variant is Variant.HOUSE and any(s.caught):
        out.append("caught: catches kept into the next deal (the house variant gathers them)")
    if phase is Phase.TARGET_ROLL and _rolls_before_the_deal(s) and not any(s.hands):
        # the house variant's next deal: the dice first, the cards still to be dealt
        if len(s.discards) < s.n:
            out.append(f"discards: {len(s.discards)} cards to deal to {s.n} players")
    elif phase is Phase.TARGET_ROLL:
        _hands_even(s, set(), out)
        if s.discards or s.round_no or s.leader != s.dealer:
            out.append("round_no: the deal's rounds began before its targets were rolled")


def _rolls_before_the_deal(s: AttackState) -> bool:
    """Whether a deal after the first rolls its targets before it is dealt (the house
    variant under the seed's order, `HouseRoll.BEFORE_DEAL`)."""
    return (
        s.settings.variant is Variant.HOUSE
        and s.settings.house_roll is HouseRoll.BEFORE_DEAL
        and s.deal_no >= 1
    )


def _hands_even(s: AttackState, played: set[int], out: list[str]) -> None:
    sizes = [len(s.hands[p]) + (p in played) for p in range(s.n)]
    if len(set(sizes)) != 1 or sizes[0] < 1:
        out.append(f"hands: {[len(h) for h in s.hands]} cards in hand do not make one deal")


def _dice(s: AttackState, out: list[str]) -> None:
    n, phase = s.n, s.phase
    shift = s.deck.setups[n].target_shift
    for p in range(n):
        face, target = s.faces[p], s.targets[p]
        if (face is None) != (target is None):
            out.append(f"targets[{p}]: a target without its die, or a die without its target")
        elif face is not None and target != max(0, face + shift):
            out.append(f"targets[{p}]: {target} is not the die's {face} with {shift:+d}")
    set_ = [t is not None for t in s.targets]
    if phase is Phase.TARGET_ROLL:
        if not s.rolled < n:
            out.append(f"rolled: {s.rolled} targets rolled of {n}, still rolling")
        rolled = {(s.dealer + i) % n for i in range(min(s.rolled, n))}
        if set_ != [p in rolled for p in range(n)]:
            out.append(f"targets: not the {s.rolled} rolled from the dealer p{s.dealer}")
        if s.settings.variant is Variant.STANDARD and s.deal_no != 1:
            out.append(f"phase: targets rolled in deal {s.deal_no} (standard rules: deal 1 only)")
    elif phase is Phase.DEALER_ROLL or (phase is Phase.DEAL and s.deal_no == 0):
        if any(set_):
            out.append(f"targets: rolled before the first deal ({phase.value})")
    elif phase is Phase.DEAL and _rolls_before_the_deal(s) and not all(set_):
        out.append("targets: missing before the deal (rolled before each new deal)")
    elif phase is Phase.DEAL and s.settings.variant is Variant.HOUSE and any(set_):
        if not _rolls_before_the_deal(s):
            out.append("targets: kept into the next deal (the house variant rolls them again)")
    elif phase is Phase.DEAL and s.settings.variant is Variant.STANDARD and not all(set_):
        out.append("targets: missing between deals (standard rules keep them)")


def _score(s: AttackState, out: list[str]) -> None:
    over = s.phase is Phase.OVER
    top = max(s.points)
    if over:
        if s.over_reason not in _REASONS:
            out.append(f"over_reason: {s.over_reason!r} is no way a game ends")
        elif s.over_reason == "points" and top < s.settings.end_score:
            out.append(f"points: the game ended on points at {top} of {s.settings.end_score}")
    else:
        if s.over_reason:
            out.append(f"over_reason: {s.over_reason!r} while the game goes on")
        if top >= s.settings.end_score:
            out.append(f"points: {top} while the game goes on (it ends at {s.settings.end_score})")
    if s.settings.variant is Variant.STANDARD:  # points are one deal's distance to a target
        most = max(DIE_FACES + 1, sum(s.deck.composition(s.n).values()))
        if top > most:
            out.append(f"points: {top}, more than one deal can give")


__all__ = ["InvalidState", "check", "problems"]
