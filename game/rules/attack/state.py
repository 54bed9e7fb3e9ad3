"""The state of one Bakugan Attack! game (seed 002) and the rules that move it.

A game runs: the roll-off for the first dealer (chance) -> the dealer shuffles and
deals (chance) -> the targets, dealer first then clockwise (chance) -> rounds until the
hands are empty -> the deal is scored -> the game ends at the end score, or the deal
passes left and the new dealer shuffles the discards (the house variant: every card)
and deals again. Chance outcomes come in as actions of `CHANCE` from anywhere (a
script, physical dice, `chance_action()`, which draws them from the game's seed without
changing the state). An illegal action raises `IllegalAction` and changes nothing.

Readings of the seed where it is unclear: docs/rules.md, "Bakugan Attack!".
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.rules.api import CHANCE, GameError, IllegalAction, Reason, Result

from . import events as ev
from .actions import PLAYS, Action, Deal, Pick, PlayCard, Roll
from .cards import DIE_FACES, Deck, Effect, When
from .catch import Play
from .codec import dump, load_into
from .observation import Observation, observe
from .rounds import close_round, start_round
from .settings import MASK64, Phase, Settings, Variant, mix

_CHANCE_ONLY = (CHANCE,)
_SOLO = [(p,) for p in range(8)]
_ROLLS = [[Roll(p, f) for f in range(1, DIE_FACES + 1)] for p in range(8)]
SHOWN = ev.SHOWN
CAUGHT = ev.CAUGHT
_PLAY = Phase.PLAY


def _illegal(action: object, text: str, code: str, **params: Any) -> IllegalAction:
    return IllegalAction(action, Reason(text, code, **params))


class AttackState:
    """One game. `new` makes it; players and chance move it through `apply`."""

    __slots__ = (
        "aside",
        "caught",
        "deal_no",
        "deal_pool",
        "dealer",
        "deck",
        "discards",
        "draws",
        "faces",
        "hands",
        "history",
        "key",
        "leader",
        "mode",
        "n",
        "over_reason",
        "pending",
        "phase",
        "points",
        "removed",
        "rolled",
        "rollers",
        "rolls",
        "round_no",
        "rounds_played",
        "seed",
        "settings",
        "table",
        "targets",
        "turn",
    )

    deck: Deck
    settings: Settings
    n: int
    seed: int
    key: int
    draws: int
    phase: Phase
    hands: list[list[str]]
    table: list[Play]
    pending: list[str | None]
    caught: list[list[str]]
    discards: list[str]
    aside: list[str]
    removed: list[str]
    targets: list[int | None]
    faces: list[int | None]
    points: list[int]
    dealer: int
    leader: int
    turn: int
    mode: str
    deal_no: int
    round_no: int
    rounds_played: int
    rollers: list[int]
    rolls: list[int]
    rolled: int
    history: list[tuple[tuple[Play, ...], tuple[Play, ...]]]
    deal_pool: dict[str, int]
    over_reason: str

    @staticmethod
    def new(
        deck: Deck, settings: Settings | None = None, seed: int = 0
    ) -> tuple[AttackState, list[ev.Event]]:
        """A game before the first roll; raises `InvalidSettings` with the reason for a
        player count other than 3, 4 or 5."""
        settings = settings or Settings()
        settings.check(deck)
        s = AttackState.__new__(AttackState)
        n = settings.players
        s.deck, s.settings, s.n = deck, settings, n
        s.seed, s.key, s.draws = seed, mix(seed & MASK64), 0
        s.phase = Phase.DEALER_ROLL
        playing = deck.composition(n)
        s.discards = [c.id for c in deck.cards for _ in range(playing[c.id])]
        s.removed = [c.id for c in deck.cards for _ in range(c.copies - playing[c.id])]
        s.aside = []
        s.hands = [[] for _ in range(n)]
        s.caught = [[] for _ in range(n)]
        s.table, s.pending = [], [None] * n
        s.targets, s.faces, s.points = [None] * n, [None] * n, [0] * n
        s.dealer = s.leader = s.turn = -1
        s.mode = ""
        s.deal_no = s.round_no = s.rounds_played = 0
        s.rollers, s.rolls, s.rolled = list(range(n)), [], 0
        s.history, s.deal_pool = [], {}
        s.over_reason = ""
        return s, [ev.GameStarted(n, settings.variant.value)]

    # --- asking -----------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is _PLAY:
            return _SOLO[self.turn]
        if phase is Phase.BLIND:
            return tuple(p for p in self.clockwise(self.leader)[1:] if self.pending[p] is None)
        if phase is Phase.OVER:
            return ()
        return _CHANCE_ONLY

    def clockwise(self, first: int) -> list[int]:
        """The players clockwise (to the left) from `first`."""
        n = self.n
        return [(first + i) % n for i in range(n)]

    def roller(self) -> int:
        """Whose die is due (-1: none)."""
        if self.phase is Phase.DEALER_ROLL:
            return self.rollers[len(self.rolls)]
        if self.phase is Phase.TARGET_ROLL:
            return (self.dealer + self.rolled) % self.n
        return -1

    def result(self) -> Result | None:
        if self.phase is not Phase.OVER:
            return None
        return Result.by_scores(self.points, lower_wins=True)

    def legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase is _PLAY and player == self.turn:  # the usual
            plays = PLAYS[player]
            return [plays[card] for card in dict.fromkeys(self.hands[player])]
        if player == CHANCE:
            if phase is Phase.DEALER_ROLL or phase is Phase.TARGET_ROLL:
                return list(_ROLLS[self.roller()])
            if phase is Phase.RANDOM_PICK:
                return [Pick(self.turn, c) for c in dict.fromkeys(self.hands[self.turn])]
            if phase is Phase.DEAL:
                return [self.chance_action()]
            return []
        if phase is Phase.PLAY:
            if player != self.turn:
                return []
        elif phase is Phase.BLIND:
            if player == self.leader or not 0 <= player < self.n or self.pending[player]:
                return []
        else:
            return []
        plays = PLAYS[player]
        return [plays[card] for card in dict.fromkeys(self.hands[player])]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Each chance outcome due now with its probability (a die: 1/6 each; Runo's
        pick: by the copies in the hand). A deal has too many to list: its one outcome
        is the seeded draw."""
        phase = self.phase
        if phase is Phase.DEALER_ROLL or phase is Phase.TARGET_ROLL:
            return [(a, 1 / DIE_FACES) for a in _ROLLS[self.roller()]]
        if phase is Phase.RANDOM_PICK:
            hand = self.hands[self.turn]
            return [(Pick(self.turn, c), k / len(hand)) for c, k in Counter(hand).items()]
        if phase is Phase.DEAL:
            return [(self.chance_action(), 1.0)]
        return []

    def chance_action(self) -> Action:
        """The chance outcome due now, drawn from the game's seed and the number of
        chance outcomes so far; asking does not change the state (the table's dice roll
        to show it)."""
        phase = self.phase
        out = mix(self.key + self.draws)
        if phase is Phase.DEALER_ROLL or phase is Phase.TARGET_ROLL:
            return _ROLLS[self.roller()][out % DIE_FACES]
        if phase is Phase.RANDOM_PICK:
            hand = self.hands[self.turn]
            return Pick(self.turn, hand[out % len(hand)])
        if phase is Phase.DEAL:
            pool = list(self.discards)
            random.Random(out).shuffle(pool)
            n, each = self.n, len(self.discards) // self.n
            hands: list[tuple[str, ...]] = [()] * n
            for i in range(n):  # one at a time, from the dealer's left
                hands[(self.dealer + 1 + i) % n] = tuple(self.deck.sort(pool[i : each * n : n]))
            return Deal(tuple(hands), tuple(self.deck.sort(pool[each * n :])))
        raise GameError(f"no chance outcome is due (phase {phase.value})")

    # --- acting -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[ev.Event]:
        """Do `action`; the events it caused, in order. IllegalAction: nothing changed."""
        kind = type(action)
        if kind is PlayCard and self.phase is _PLAY:  # the usual: no further checks here
            return self._play(action)  # type: ignore[arg-type]
        if self.phase is Phase.OVER:
            raise _illegal(action, "the game is over", "attack.over")
        if kind is PlayCard:
            return self._play(action)  # type: ignore[arg-type]
        if kind is Roll:
            return self._roll(action)  # type: ignore[arg-type]
        if kind is Pick:
            return self._pick(action)  # type: ignore[arg-type]
        if kind is Deal:
            return self._deal(action)  # type: ignore[arg-type]
        raise _illegal(action, "not an action of Bakugan Attack!", "attack.kind")

    def _due(self) -> str:
        phase = self.phase
        if phase is Phase.PLAY:
            return f"p{self.turn} is to play"
        if phase is Phase.BLIND:
            return "the players after Julie choose at once: " + " ".join(
                f"p{p}" for p in self.current_players()
            )
        if phase is Phase.RANDOM_PICK:
            return f"a card is drawn at random from p{self.turn}'s hand"
        if phase is Phase.DEAL:
            return f"p{self.dealer} is to shuffle and deal"
        return f"p{self.roller()}'s die is due"

    def _play(self, action: PlayCard) -> list[ev.Event]:
        p, card = action.player, action.card
        if self.phase is _PLAY and p == self.turn and card in self.hands[p]:  # the usual
            self.hands[p].remove(card)
            table = self.table
            table.append((p, card))
            events: list[ev.Event] = [SHOWN[""][p][card]]
            if len(table) == 1 and card in self.deck.specials:
                self._lead(p, card, events)
            if len(table) == self.n:
                close_round(self, events)
            else:
                self.turn = (p + 1) % self.n
                if self.mode:
                    self.phase = Phase.RANDOM_PICK if self.mode == "random" else Phase.BLIND
            return events
        if not 0 <= p < self.n:
            raise _illegal(action, f"there is no player p{p}", "attack.player", player=p)
        if self.phase is Phase.BLIND:
            if p == self.leader:
                raise _illegal(action, f"p{p} led this round", "attack.led", player=p)
            if self.pending[p] is not None:
                raise _illegal(action, f"p{p} has already chosen", "attack.chosen", player=p)
        elif self.phase is not Phase.PLAY or p != self.turn:
            raise _illegal(action, f"not p{p}'s turn: {self._due()}", "attack.turn", player=p)
        if card not in self.hands[p]:
            raise _illegal(action, f"p{p} has no {card} in hand", "attack.card", card=card)
        return self._choose_blind(p, card)

    def _lead(self, p: int, card: str, events: list[ev.Event]) -> None:
        """A special card leads: Runo and Julie change how the others play."""
        spec = self.deck.by_id[card]
        if spec.when is When.LEAD:
            if spec.effect is Effect.RANDOM_FOLLOW:
                self.mode = "random"
            elif spec.effect is Effect.BLIND_FOLLOW:
                self.mode = "blind"
            events.append(ev.LeadEffect(p, card, spec.effect.value))

    def _choose_blind(self, p: int, card: str) -> list[ev.Event]:
        """After Julie leads: a choice face down; the last one turns them all up, in
        the clockwise order from the leader (the order the judging counts them in)."""
        self.hands[p].remove(card)
        self.pending[p] = card
        events: list[ev.Event] = [ev.CardChosen(p)]
        others = self.clockwise(self.leader)[1:]
        if all(self.pending[q] is not None for q in others):
            for q in others:
                chosen = self.pending[q]
                assert chosen is not None
                self.table.append((q, chosen))
                events.append(SHOWN["blind"][q][chosen])
            self.pending = [None] * self.n
            close_round(self, events)
        return events

    def _chance_check(self, action: Action, phases: tuple[Phase, ...]) -> None:
        if self.phase not in phases:
            raise _illegal(action, f"no such chance outcome is due: {self._due()}", "attack.chance")

    def _roll(self, action: Roll) -> list[ev.Event]:
        self._chance_check(action, (Phase.DEALER_ROLL, Phase.TARGET_ROLL))
        due = self.roller()
        if action.roller != due:
            raise _illegal(action, f"the die due is p{due}'s", "attack.roller", player=due)
        face = action.face
        if not 1 <= face <= DIE_FACES:
            raise _illegal(action, f"a die shows 1 to {DIE_FACES}, not {face}", "attack.face")
        self.draws += 1
        events: list[ev.Event] = []
        if self.phase is Phase.DEALER_ROLL:
            self.rolls.append(face)
            events.append(ev.DealerRolled(due, face))
            if len(self.rolls) == len(self.rollers):
                top = max(self.rolls)
                tied = [p for p, f in zip(self.rollers, self.rolls, strict=True) if f == top]
                if len(tied) == 1:
                    self.dealer = self.leader = tied[0]
                    self.rollers, self.rolls = [], []
                    self.phase = Phase.DEAL
                    events.append(ev.DealerChosen(tied[0]))
                else:
                    self.rollers, self.rolls = tied, []
                    events.append(ev.RollOffTied(tuple(tied), top))
            return events
        target = max(0, face + self.deck.setups[self.n].target_shift)
        self.faces[due], self.targets[due] = face, target
        self.rolled += 1
        events.append(ev.TargetRolled(due, face, target))
        if self.rolled == self.n:
            start_round(self, events)
        return events

    def _pick(self, action: Pick) -> list[ev.Event]:
        self._chance_check(action, (Phase.RANDOM_PICK,))
        p = self.turn
        if action.holder != p:
            raise _illegal(action, f"the card is drawn from p{p}'s hand", "attack.holder")
        hand = self.hands[p]
        if action.card not in hand:
            raise _illegal(action, f"p{p} has no {action.card} in hand", "attack.card")
        self.draws += 1
        hand.remove(action.card)
        self.table.append((p, action.card))
        events: list[ev.Event] = [SHOWN["random"][p][action.card]]
        if len(self.table) == self.n:
            close_round(self, events)
        else:
            self.turn = (p + 1) % self.n
        return events

    def _deal(self, action: Deal) -> list[ev.Event]:
        self._chance_check(action, (Phase.DEAL,))
        n, pool = self.n, self.discards
        each = len(pool) // n
        if len(action.hands) != n or any(len(h) != each for h in action.hands):
            text = f"the deal gives each of the {n} players {each} cards"
            raise _illegal(action, text, "attack.deal_size", each=each)
        dealt = [c for h in action.hands for c in h] + list(action.aside)
        if sorted(dealt) != sorted(pool):
            missing = Counter(pool) - Counter(dealt)
            extra = Counter(dealt) - Counter(pool)
            text = (
                f"the deal is not the {len(pool)} cards to shuffle "
                f"(missing: {' '.join(sorted(missing.elements())) or 'none'}; "
                f"not there: {' '.join(sorted(extra.elements())) or 'none'})"
            )
            raise _illegal(action, text, "attack.deal_cards")
        self.draws += 1
        self.deal_pool = dict(Counter(pool))
        self.hands = [self.deck.sort(list(h)) for h in action.hands]
        self.aside = self.deck.sort(list(action.aside))
        self.discards = []
        self.deal_no += 1
        self.round_no = 0
        self.history = []
        events: list[ev.Event] = [
            ev.Dealt(self.deal_no, self.dealer, len(pool), each, len(action.aside))
        ]
        if self.deal_no == 1 or self.settings.variant is Variant.HOUSE:
            self.phase = Phase.TARGET_ROLL
            self.rolled = 0
        else:
            start_round(self, events)
        return events

    # --- copies and views -------------------------------------------------------------

    def where(self) -> dict[str, list[str]]:
        """Every card by the place it is in (for tests: each card in exactly one place)."""
        places: dict[str, list[str]] = {
            "discards": list(self.discards),
            "aside": list(self.aside),
            "removed": list(self.removed),
            "table": [c for _, c in self.table],
            "pending": [c for c in self.pending if c is not None],
        }
        for p in range(self.n):
            places[f"hand:p{p}"] = list(self.hands[p])
            places[f"caught:p{p}"] = list(self.caught[p])
        return places

    def observation(self, player: int) -> Observation:
        return observe(self, player)

    def clone(self) -> AttackState:
        return AttackState.from_json(self.to_json(), self.deck)

    def to_json(self) -> dict[str, Any]:
        return dump(self)

    @staticmethod
    def from_json(data: dict[str, Any], deck: Deck) -> AttackState:
        """A state from `to_json` (raises KeyError, ValueError or TypeError on a bad one)."""
        s = AttackState.__new__(AttackState)
        load_into(s, data, deck)
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AttackState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AttackState({self.n} players, deal {self.deal_no}, {self.phase.value})"
