"""`bakugan demo --rules attack --text`: one whole Bakugan Attack! game between bots,
told in words from the core's events (the words come from the language catalogs, the
card names from the card data), the way a screen will present them."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.attack import make_policy
from game.ai.seeding import seat_seed
from game.content.attack import shipped_deck
from game.files.lang import tr
from game.games.attack import shipped_levels as shipped_attack_levels
from game.rules.attack import CHANCE, AttackState, Deck, Settings, Variant
from game.rules.attack import events as ev

BOTS = ("hard", "normal", "easy", "normal", "easy")
K = "attack_demo."


def _seats(players: tuple[int, ...]) -> str:
    return ", ".join(str(p + 1) for p in players)


class Teller:
    """Turns events into lines; players are counted from 1, as at a table."""

    def __init__(self, deck: Deck, lang: str, echo: bool) -> None:
        self.deck, self.lang, self.echo = deck, lang, echo
        self.lines: list[str] = []

    def say(self, key: str, **fields: object) -> None:
        self.lines.append(tr(self.lang, K + key, **fields))
        if self.echo:
            print(self.lines[-1])

    def card(self, ident: str) -> str:
        return self.deck.by_id[ident].name.get(self.lang)

    def tell(self, e: ev.Event) -> None:
        say, card = self.say, self.card
        if isinstance(e, ev.DealerRolled):
            say("dealer_roll", player=e.player + 1, face=e.face)
        elif isinstance(e, ev.RollOffTied):
            say("tie", players=_seats(e.players), face=e.face)
        elif isinstance(e, ev.DealerChosen):
            say("dealer", player=e.player + 1)
        elif isinstance(e, ev.Dealt):
            say("dealt", deal=e.deal, dealer=e.dealer + 1, pool=e.pool, each=e.each, aside=e.aside)
        elif isinstance(e, ev.TargetRolled):
            say("target", player=e.player + 1, face=e.face, target=e.target)
        elif isinstance(e, ev.RoundStarted):
            say("round", deal=e.deal, round=e.round, leader=e.leader + 1)
        elif isinstance(e, ev.CardPlayed):
            how = {"": "played", "random": "drawn", "blind": "turned"}.get(e.how, "played")
            say(how, player=e.player + 1, card=card(e.card))
        elif isinstance(e, ev.CardChosen):
            say("chose", player=e.player + 1)
        elif isinstance(e, ev.LeadEffect):
            say(e.effect, card=card(e.card))
        elif isinstance(e, ev.SpecialOverridden) and self.deck.by_id[e.card].overridable:
            say("overridden", card=card(e.card), by=card(e.by))
        elif isinstance(e, ev.SpecialApplied):
            say(self.deck.by_id[e.card].effect.value, card=card(e.card))
        elif isinstance(e, ev.Rotated):
            moves = ", ".join(
                tr(self.lang, K + "move", card=card(c), player=b + 1) for _, b, c in e.moves
            )
            say("rotated", moves=moves)
        elif isinstance(e, ev.Collided):
            say("collided", number=e.number, players=_seats(e.players))
        elif isinstance(e, ev.Caught):
            say("caught", player=e.player + 1, card=card(e.card))
        elif isinstance(e, ev.NobodyCaught):
            say("nobody")
        elif isinstance(e, ev.DealScored):
            say("scored", deal=e.deal)
            for p, target in enumerate(e.targets):
                say("sheet", player=p + 1, target=target, caught=e.caught[p],
                    points=e.points[p], total=e.totals[p])  # fmt: skip
        elif isinstance(e, ev.DealPassed):
            say("passed", player=e.dealer + 1)
        elif isinstance(e, ev.GameOver):
            say("end_" + e.reason)
            best = min(e.totals)
            if len(e.winners) == 1:
                say("won", player=e.winners[0] + 1, points=best)
            else:
                say("shared", players=_seats(e.winners), points=best)


def run_attack_demo(
    seed: int = 7,
    lang: str = "en",
    players: int = 4,
    house: bool = False,
    echo: bool = True,
    bots: Sequence[str] = BOTS,
) -> list[str]:
    """Play and tell one game; the lines (printed as they come with `echo`)."""
    deck, levels = shipped_deck(), shipped_attack_levels()
    teller = Teller(deck, lang, echo)
    variant = Variant.HOUSE if house else Variant.STANDARD
    state, _ = AttackState.new(deck, Settings(players, variant), seed=seed)
    names = [bots[i % len(bots)] for i in range(players)]  # repeating round the table
    seats = [make_policy(n, deck, seat_seed(seed, i), levels) for i, n in enumerate(names)]
    rules = tr(lang, K + ("house" if house else "standard"))
    teller.say(
        "title", players=players, rules=rules, bots=", ".join(tr(lang, f"level.{n}") for n in names)
    )
    while not state.is_over():
        current = state.current_players()
        if current[0] == CHANCE:
            events = state.apply(state.chance_action())
        else:
            events = []
            for p in current:
                action = seats[p].choose(state.observation(p), state.legal_actions(p))
                events.extend(state.apply(action))
        for event in events:
            teller.tell(event)
    return teller.lines
