"""What the Attack table shows of a round, lagging the rules core by the animations.

The core judges a round the moment its last card is played; the screen shows it in
beats: each card flying to its spot (a card drawn at random for Runo flies face down
and shows its face only to its own player until the round's cards are all down), a
special card announced, Shun's cards turning a seat to the left, the colliding cards
cracked and knocked aside, the catch flying to the catcher's pile, the rest swept to
the discards. `beats_for(events)` turns the
core's events into those beats; `TableView` is the state they move (the cards on the
table, the caught piles as shown, the announcement, the message log).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.files.lang import catalog
from game.rules.attack import Deck
from game.rules.attack import events as ev

LogLine = tuple[str, dict[str, object]]
"""A line of the log: its catalog key and its fields (`AttackTableScene.text_of`)."""


@dataclass
class ShownCard:
    player: int  # whose card it counts as now (Shun moves it)
    card: str
    face_up: bool = True
    state: str = "flying"  # flying, down, moving, cracked, catching, gone
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    t: float = 0.0  # 0..1 of its current move
    secret: bool = False
    """Drawn at random for Runo: it flies and lies face down, its face shown only to its
    own player (`face_for`), until the round's cards are all down and turn up."""

    def face_for(self, viewer: int | None) -> bool:
        """Whether the person `viewer` (None: nobody) sees this card's face now."""
        if self.secret:
            return self.state == "down" and viewer == self.player
        return self.face_up and bool(self.card)


@dataclass
class Announcement:
    card: str  # the character's card
    headline: str  # catalog key
    fields: dict[str, object] = field(default_factory=dict)


@dataclass
class Beat:
    """One step of the show: `start` when it begins, `tick(u)` with 0..1 as it runs,
    `finish` at its end; `hold` beats wait until `release()` (a score sheet)."""

    seconds: float
    start: Callable[[], None] | None = None
    tick: Callable[[float], None] | None = None
    finish: Callable[[], None] | None = None
    hold: bool = False
    t: float = 0.0
    started: bool = False
    released: bool = False

    def release(self) -> None:
        self.released = True


class TableView:
    """The table as shown. Positions come from `spot(player)` and `pile(player)`."""

    def __init__(
        self,
        deck: Deck,
        caught: list[int],
        spot: Callable[[int], tuple[float, float]],
        pile: Callable[[int], tuple[float, float]],
        seat: Callable[[int], tuple[float, float]],
    ) -> None:
        self.deck = deck
        self.cards: list[ShownCard] = []
        self.caught = caught
        self.spot, self.pile, self.seat = spot, pile, seat
        self.announcement: Announcement | None = None
        self.log: list[LogLine] = []
        self.sheet: ev.DealScored | None = None
        self.over: ev.GameOver | None = None
        self.unrevealed = False  # beats were made for cards drawn face down, not turned up
        # what the header and the seats show, as far as the show has come (the core
        # runs ahead: it judged the round and scored the deal at the last card)
        self.deal = self.round = 0
        self.dealer: int | None = None
        self.points = [0] * len(caught)

    def shown_from(self, deal: int, round_no: int, dealer: int | None, points: list[int]) -> None:
        """A table opened where a game stands (Continue, a replay's jump)."""
        self.deal, self.round, self.dealer, self.points = deal, round_no, dealer, list(points)

    def hide_drawn(self, leader: int) -> None:
        """A resumed round Runo led: the cards drawn at random (all but the leader's)
        lie face down again."""
        for card in self.cards:
            if card.player != leader and card.face_up:
                card.face_up, card.secret = False, True
                self.unrevealed = True

    def say(self, key: str, **fields: object) -> None:
        self.log.append((key, fields))
        del self.log[:-40]

    def card_of(self, player: int) -> ShownCard | None:
        return next((c for c in self.cards if c.player == player and c.state != "gone"), None)

    def beats_for(self, events: list[ev.Event]) -> list[Beat]:
        out: list[Beat] = []
        for event in events:
            drawn = isinstance(event, ev.CardPlayed) and event.how == "random"
            if self.unrevealed and not drawn:  # the round's last card is down: judging
                out.append(self._turn_up())
            beats = self._beats(event)
            if beats:
                self._follow(event, beats[0])
            out.extend(beats)
        return out

    def _follow(self, e: ev.Event, beat: Beat) -> None:
        """The header and the seats' points change as `beat` (the show of `e`) starts."""
        change: dict[str, object]
        if isinstance(e, ev.Dealt):
            change = {"deal": e.deal, "round": 0, "dealer": e.dealer}
        elif isinstance(e, ev.DealerChosen):
            change = {"dealer": e.player}
        elif isinstance(e, ev.RoundStarted):
            change = {"deal": e.deal, "round": e.round}
        elif isinstance(e, ev.DealScored | ev.GameOver):
            change = {"points": list(e.totals)}
        else:
            return
        before = beat.start

        def start() -> None:
            for name, value in change.items():
                setattr(self, name, value)
            if before is not None:
                before()

        beat.start = start

    def _turn_up(self) -> Beat:
        """The cards drawn face down for Runo turn up for everybody."""
        self.unrevealed = False

        def start() -> None:
            shown = [c for c in self.cards if c.secret]
            for card in shown:
                card.secret, card.face_up = False, True
            if shown:
                self.say("attack_ui.turned_up")
            for card in shown:
                self.say("attack_ui.drawn", player=card.player, card=card.card)

        return Beat(0.6, start)

    def _beats(self, e: ev.Event) -> list[Beat]:
        if isinstance(e, ev.CardPlayed):
            return [self._played(e)]
        if isinstance(e, ev.CardChosen):
            return [self._chosen(e)]
        if isinstance(e, ev.LeadEffect):
            key = f"attack_ui.lead.{e.effect}"
            return [self._announce(e.card, key, 2.2, player=e.player)]
        if isinstance(e, ev.SpecialOverridden):
            if not self.deck.by_id[e.card].overridable:
                return []  # it had nothing to lose: Julie or Runo acted as they led
            return [self._announce(e.by, "attack_ui.overridden", 1.6, card=e.card, by=e.by)]
        if isinstance(e, ev.SpecialApplied):
            return [self._announce(e.card, "attack_ui.applied", 2.0)]
        if isinstance(e, ev.Rotated):
            return [self._rotated(e)]
        if isinstance(e, ev.Collided):
            return [self._collided(e)]
        if isinstance(e, ev.Caught):
            return [self._caught(e)]
        if isinstance(e, ev.NobodyCaught):
            return [self._message(1.2, "attack_ui.nobody")]
        if isinstance(e, ev.Discarded):
            return [self._discarded()]
        if isinstance(e, ev.DealScored):
            return [self._sheet(e)]
        if isinstance(e, ev.GameOver):
            return [self._over(e)]
        if type(e) in _MESSAGES:
            seconds, key = _MESSAGES[type(e)]
            return [self._message(seconds, key, **message_fields(e))]
        return []

    def _message(self, seconds: float, key: str, **fields: object) -> Beat:
        return Beat(seconds, start=lambda: self.say(key, **fields))

    def _played(self, e: ev.CardPlayed) -> Beat:
        if e.how == "random":
            self.unrevealed = True

        def start() -> None:
            shown = self.card_of(e.player)
            if e.how == "blind" and shown is not None:
                shown.face_up = True  # the face-down choice turns up
                shown.card = e.card
                return
            start_at = self.seat(e.player)
            drawn = e.how == "random"  # drawn unseen: its back flies
            card = ShownCard(e.player, e.card, not drawn, "flying", start_at, self.spot(e.player))
            card.secret = drawn
            self.cards.append(card)
            if drawn:
                self.say("attack_ui.drawn_unseen", player=e.player)
            else:
                self.say("attack_ui.played", player=e.player, card=e.card)

        def tick(u: float) -> None:
            shown = self.card_of(e.player)
            if shown is not None and shown.state == "flying":
                shown.t = u

        return Beat(0.45 if e.how != "blind" else 0.5, start, tick, self._down(e.player))

    def _chosen(self, e: ev.CardChosen) -> Beat:
        def start() -> None:
            at = self.seat(e.player)
            self.cards.append(ShownCard(e.player, "", False, "flying", at, self.spot(e.player)))
            self.say("attack_ui.chose", player=e.player)

        def tick(u: float) -> None:
            shown = self.card_of(e.player)
            if shown is not None:
                shown.t = u

        return Beat(0.35, start, tick, self._down(e.player))

    def _along(self, state: str) -> Callable[[float], None]:
        """A beat's tick: every card in `state` (moving, catching) `u` of its way."""

        def tick(u: float) -> None:
            for c in self.cards:
                if c.state == state:
                    c.t = u

        return tick

    def _down(self, player: int) -> Callable[[], None]:
        """A beat's end: `player`'s card, flown in, lies on the table."""

        def finish() -> None:
            shown = self.card_of(player)
            if shown is not None:
                shown.state, shown.t = "down", 1.0

        return finish

    def _announce(self, who: str, key: str, seconds: float, **fields: object) -> Beat:
        """The character `who` announced: `key` with `fields` (`card` is `who` unless
        given)."""
        told = {"card": who, **fields}

        def start() -> None:
            self.announcement = Announcement(who, key, told)
            self.say(key, **told)

        def finish() -> None:
            self.announcement = None

        return Beat(seconds, start, None, finish)

    def _rotated(self, e: ev.Rotated) -> Beat:
        def start() -> None:
            self.say("attack_ui.rotated")
            moving = []
            for a, b, card in e.moves:
                shown = next(
                    (c for c in self.cards if c.player == a and c.card == card and c not in moving),
                    None,
                )
                if shown is not None:
                    moving.append(shown)
                    shown.start, shown.end = self.spot(a), self.spot(b)
                    shown.player, shown.state, shown.t = b, "moving", 0.0

        def finish() -> None:
            for c in self.cards:
                if c.state == "moving":
                    c.state, c.t = "down", 1.0

        return Beat(1.1, start, self._along("moving"), finish)

    def _collided(self, e: ev.Collided) -> Beat:
        def start() -> None:
            self.say("attack_ui.collided", number=e.number)
            for p in e.players:
                shown = self.card_of(p)
                if shown is not None:
                    shown.state, shown.t = "cracked", 0.0

        def tick(u: float) -> None:
            for p in e.players:
                shown = self.card_of(p)
                if shown is not None and shown.state == "cracked":
                    shown.t = u

        return Beat(1.0, start, tick)

    def _caught(self, e: ev.Caught) -> Beat:
        def start() -> None:
            self.say("attack_ui.caught", player=e.player, card=e.card)
            shown = next((c for c in self.cards if c.player == e.player and c.card == e.card), None)
            if shown is None:
                shown = ShownCard(e.player, e.card, True, "down", self.spot(e.player))
                self.cards.append(shown)
            shown.start = _position(shown, self.spot)
            shown.end = self.pile(e.player)
            shown.state, shown.t = "catching", 0.0

        def finish() -> None:
            for c in self.cards:
                if c.state == "catching":
                    c.state = "gone"
            self.caught[e.player] += 1

        return Beat(0.8, start, self._along("catching"), finish)

    def _discarded(self) -> Beat:
        def finish() -> None:
            self.cards = []

        return Beat(0.5, None, None, finish)

    def _sheet(self, e: ev.DealScored) -> Beat:
        def start() -> None:
            self.sheet = e
            self.say("attack_ui.scored", deal=e.deal)

        def finish() -> None:
            self.sheet = None

        return Beat(0.0, start, None, finish, hold=True)

    def _over(self, e: ev.GameOver) -> Beat:
        def start() -> None:
            self.over = e
            self.say("attack_ui.over")

        return Beat(0.0, start, None, None, hold=True)


def _position(card: ShownCard, spot: Callable[[int], tuple[float, float]]) -> tuple[float, float]:
    """Where a card is drawn now (its move eased)."""
    if card.state in ("down", "cracked"):
        return spot(card.player)
    u = card.t * card.t * (3 - 2 * card.t)
    (x0, y0), (x1, y1) = card.start, card.end
    return (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)


position = _position

_MESSAGES: dict[type, tuple[float, str]] = {
    ev.GameStarted: (0.0, "attack_ui.started"),
    ev.DealerRolled: (0.3, "attack_ui.dealer_rolled"),
    ev.RollOffTied: (1.6, "attack_ui.tied"),
    ev.DealerChosen: (1.6, "attack_ui.dealer_chosen"),
    ev.Dealt: (1.2, "attack_ui.dealt"),
    ev.TargetRolled: (0.3, "attack_ui.target_rolled"),
    ev.RoundStarted: (0.4, "attack_ui.round"),
    ev.DealPassed: (0.8, "attack_ui.deal_passed"),
}


def log_json(line: LogLine) -> list[object]:
    """A line of the log as the autosave keeps it (`game.ui.saved_log`)."""
    key, fields = line
    return [key, {k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}]


def log_read(value: object) -> LogLine | None:
    """A saved line of the log (None: not one this screen says)."""
    if not (isinstance(value, list) and len(value) == 2):
        return None
    key, fields = value
    if not (isinstance(key, str) and key.startswith("attack_ui.") and isinstance(fields, dict)):
        return None
    if key not in catalog("en"):
        return None
    out: dict[str, object] = {}
    for k, v in fields.items():
        if isinstance(v, list) and all(isinstance(x, int) for x in v):
            out[k] = tuple(v)
        elif isinstance(v, int | str):
            out[k] = v
        else:
            return None
    return key, out


def message_fields(e: ev.Event) -> dict[str, object]:
    """The fields a message's text takes from its event."""
    out: dict[str, object] = {}
    for name in ("player", "face", "target", "deal", "each", "round", "leader", "dealer"):
        if hasattr(e, name):
            out[name] = getattr(e, name)
    if isinstance(e, ev.RollOffTied):
        out["players"] = e.players
    return out
