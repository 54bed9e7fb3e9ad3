"""Bakugan Attack! on a network screen, in words: what a seat's view shows (the deal
and round, whose move or die, the seat's own hand and caught pile by name, the cards on
the table, how the last round went, every player's target, catch and points) and each
legal action's replay text as a button label.

The view is the host's observation as plain JSON (`game.games.net_kit.plain`), already
redacted: the other players' hands and caught piles come as counts, and after Julie
leads only who has chosen, never what; it is told so, nothing guessed behind it. It
comes over the network, so it is read field by field (`game.ui.plain_view`): a part
that does not read is left out.

The names are the deck's (`Deck.by_id`), the words the table screen's where it has
them (`attack_ui.*`, and the replay viewer's third-person turns, `attack_replay.*`);
the rest is `attack_net.*`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.content.attack import shipped_deck
from game.rules.attack import Action, Deck, Phase, PlayCard, parse_action

from .. import plain_view as pv

HAND_LINES = 2
"""The most lines the seat's hand takes (eleven cards of "Bakugan 7" do not fit one)."""

TABLE_LINES = 2
"""The most lines the round's cards take (five players' cards with their names)."""


def _namer(deck: Deck | None, lang: str) -> pv.Name:
    """A card's name; the id itself for one the deck does not hold; None for no id."""
    return pv.namer(deck.by_id if deck is not None else {}, lang)


def _plays(say: pv.Say, plays: object, seat: int, name: pv.Name) -> list[str]:
    """Cards played (``[[player, card], ...]``) as "Dan (Player 2)"."""
    out = []
    for play in map(pv.items, pv.items(plays)):
        if len(play) != 2:
            continue
        by, card = pv.who(say, play[0], seat), name(play[1])
        if by is not None and card is not None:
            out.append(say("attack_net.play_by", card=card, who=by))
    return out


# --------------------------------------------------------------------- the view


def _turn(view: dict[Any, Any], seat: int, say: pv.Say) -> str | None:
    """Whose move it is, or whose die, in the words of the table screen's prompts."""
    phase = view.get("phase")
    if phase == Phase.OVER:  # who won is the status line's; how, this one's
        return say("attack_net.over")
    if phase in (Phase.DEALER_ROLL, Phase.TARGET_ROLL):
        roller = pv.number(view.get("roller"))
        if roller is None or roller < 0:
            return None
        deal = phase == Phase.DEALER_ROLL
        if roller == seat:
            return say("attack_net.you_deal" if deal else "attack_net.you_target")
        key = "attack_net.deal_other" if deal else "attack_net.target_other"
        return say(key, player=pv.who(say, roller, seat))
    if phase == Phase.RANDOM_PICK:
        return say("attack_net.random")
    acting = [p for p in map(pv.number, pv.items(view.get("current"))) if p is not None and p >= 0]
    if not acting:
        return None
    leads = not pv.items(view.get("table"))
    if phase == Phase.BLIND:
        if seat in acting:
            return say("attack_net.you_blind")
        return say(
            "attack_net.blind_others", players=", ".join(str(pv.who(say, p, seat)) for p in acting)
        )
    if phase != Phase.PLAY:
        return None
    if acting[0] == seat:
        return say("attack_net.you_lead" if leads else "attack_net.you_play")
    key = "attack_replay.your_lead" if leads else "attack_replay.your_turn"
    return say(key, player=pv.who(say, acting[0], seat))


def _last_round(view: dict[Any, Any], seat: int, say: pv.Say, name: pv.Name) -> list[str]:
    """How the last round of the deal went: its cards and who caught."""
    rounds = pv.items(view.get("rounds"))
    last = pv.items(rounds[-1]) if rounds else []
    if len(last) != 2:
        return []
    plays = _plays(say, last[0], seat, name)
    catchers = [
        w for w in (pv.who(say, c[0], seat) for c in map(pv.items, pv.items(last[1])) if c) if w
    ]
    caught = (
        say("attack_net.caught_by", players=", ".join(catchers))
        if catchers
        else say("attack_net.nobody")
    )
    return pv.spread(say, "attack_net.last", plays, TABLE_LINES, caught=caught) if plays else []


def _seats(view: dict[Any, Any], seat: int, say: pv.Say) -> list[str]:
    """Every player as everybody sees him: target, catch, points, cards in hand."""
    dealer = pv.number(view.get("dealer"))
    lines = []
    for entry in map(pv.mapping, pv.items(view.get("seats"))):
        p = pv.number(entry.get("player"))
        caught, points, hand = (pv.number(entry.get(k)) for k in ("caught", "points", "hand"))
        if p is None or p < 0 or caught is None or points is None or hand is None:
            continue
        name = say("net.words.you_first") if p == seat else pv.who(say, p, seat)
        if p == dealer:
            name = say("attack_net.dealer", who=name)
        target = pv.number(entry.get("target"))
        fields = {"who": name, "caught": caught, "points": points, "hand": hand}
        line = (
            say("attack_net.seat", target=target, **fields)
            if target is not None
            else say("attack_net.seat_no_target", **fields)
        )
        if entry.get("chosen") is True:
            line = f"{line} · {say('attack_net.chosen')}"
        lines.append(line)
    return lines


def view_lines(view: Any, seat: int, lang: str) -> list[str]:
    """What `seat` sees in `view` (its observation as plain JSON), a short line each,
    at most `MAX_LINES` of at most `LINE` characters; [] for a view that is no object.
    Only what the view holds is told: the others' hands stay counts."""
    seen = pv.seat_view(view, seat, lang)
    if seen is None:
        return []
    v, lang, say = seen
    name = _namer(pv.loaded(shipped_deck), lang)
    lines = []
    deal, round_ = pv.number(v.get("deal")), pv.number(v.get("round"))
    if deal and round_:
        lines.append(say("attack_ui.deal_round", deal=deal, round=round_))
    turn = _turn(v, seat, say)
    if turn:
        lines.append(turn)
    hand = [n for n in map(name, pv.items(v.get("hand"))) if n]
    if hand:
        lines += pv.spread(say, "attack_net.hand", hand, HAND_LINES)
    choice = name(v.get("my_choice"))
    if choice:
        lines.append(say("attack_net.choice", card=choice))
    table = _plays(say, v.get("table"), seat, name)
    lines += (
        pv.spread(say, "attack_net.table", table, TABLE_LINES)
        if table
        else _last_round(v, seat, say, name)
    )
    lines += _seats(v, seat, say)
    caught = Counter(n for n in map(name, pv.items(v.get("my_caught"))) if n)
    if caught:  # a Bakugan caught more than once is named once, with how often
        named = [
            card if n == 1 else say("attack_net.times", card=card, count=n)
            for card, n in caught.items()
        ]
        lines.append(pv.listing(say, "attack_net.my_caught", named))
    return pv.capped(lines)


# --------------------------------------------------------------------- the buttons


def _label(action: Action, lang: str, say: pv.Say) -> str | None:
    if not isinstance(action, PlayCard):
        return None
    card = _namer(pv.loaded(shipped_deck), lang)(action.card) or pv.fit(action.card, 24)
    return say("attack_net.play", card=card)


def action_label(text: str, lang: str) -> str:
    """A legal action's replay text (``p0 play masquerade``) as a short button label in
    words ("Play Masquerade"); a text this build does not read (a die or a deal is
    chance's, never a seat's choice) is labelled by its verb. Never raises."""
    return pv.button(text, lang, parse_action, _label)
