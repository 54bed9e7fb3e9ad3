"""Battle Planet on a network screen, in words: what a seat's view shows (the turn and
its step, whose move, both sides' counts and Bakugan, the seat's own hand by name, the
Hidden Matrix by owner, the battle, the batch, the damage) and each legal action's
replay text as a button label.

The view is the host's observation as plain JSON (`game.games.net_kit.plain`), already
redacted: the other player's hand and Energy come as counts, a face-down Character and
the back of a core he has not shown as ``null``; they are told as face down or by the
core's kind only, nothing guessed behind them. It comes over the network, so it is read
field by field (`game.ui.plain_view`): a part that does not read is left out.

A place of the Matrix is named by the numbers of the action's text (``@-1,2`` is
``-1,2``) in both the lines and the buttons, which is what ties them together while the
network screen draws no Matrix. The names are the content's (`words.piece_name`, a
core's back by `words.core_label`), the words the match screen's where it has them
(`planet_ui.*`); the rest is `planet_net.*`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from game.content.planet import shipped_catalog
from game.files.lang import tr
from game.rules.planet import (
    Action,
    Catalog,
    CoreType,
    Discard,
    Energize,
    FlipChoice,
    Pass,
    Phase,
    Pick,
    PlaceCore,
    PlayCard,
    parse_action,
)

from .. import plain_view as pv
from .words import core_label

PHASES = frozenset(p.value for p in Phase)
KINDS = frozenset(k.value for k in CoreType)

MATRIX_LINES = 2
"""The most lines one player's BakuCores take when the view leaves room."""

SIDE_LINES = 2
"""The most lines the seat's hand, and each side's three Bakugan, take (their names
are long: three of them rarely fit one line); the Matrix has the room that is left."""


def _namer(catalog: Catalog | None, lang: str) -> pv.Name:
    """A card's or Character's name (a card's first, as `words.piece_name` looks)."""
    return pv.namer({**catalog.characters, **catalog.cards} if catalog is not None else {}, lang)


def _kind(say: pv.Say, value: object) -> str | None:
    """A core's kind (Fist, Shield ...), public for every core of the Matrix."""
    kind = pv.one_of(value, KINDS)
    return say(f"planet_demo.core_{kind}") if kind is not None else None


# --------------------------------------------------------------------- the view


def _head(view: dict[Any, Any], seat: int, say: pv.Say) -> list[str]:
    """The turn, its step and whose move, in one line; at the end, who won."""
    phase, parts = pv.turn_phase(view, PHASES, say, "planet_ui.phase", "planet_ui.turn_phase")
    if phase == Phase.OVER or view.get("over") is True:
        winner = pv.number(view.get("winner"))
        if winner == seat:
            result = say("planet_ui.result.you")
        elif winner is not None and winner >= 0:
            result = say("planet_ui.result.player", player=winner + 1)
        else:
            result = say("planet_ui.result.draw")
        return [*parts, result]
    acting = [pv.number(p) for p in pv.items(view.get("current"))]
    if seat in acting:
        parts.append(say("planet_net.your_move"))
    else:
        parts += [
            say("net.words.to_move", player=pv.who(say, p, seat))
            for p in acting
            if p is not None and p >= 0
        ]
    return [" · ".join(parts)] if parts else []


def _side(entry: dict[Any, Any], seat: int, say: pv.Say, name: pv.Name) -> list[str]:
    """One side: its counts and Energy, its Bakugan (a face-down one as face down);
    the seat's own hand and Energy by name."""
    p = pv.number(entry.get("player"))
    if p is None or p < 0:
        return []
    mine = p == seat
    counts = {
        "deck": pv.number(entry.get("deck_count")),
        "discard": len(pv.items(entry.get("discard"))),
        "hand": pv.number(entry.get("hand_count")),
    }
    charged = pv.items(entry.get("charged"))
    energy = {"charged": sum(1 for c in charged if c is True), "energy": len(charged)}
    lines = []
    if counts["deck"] is not None and counts["hand"] is not None:
        key = "planet_net.side_you" if mine else "planet_net.side"
        lines.append(say(key, player=p + 1, **counts, **energy))
    if mine:
        hand = [n for n in map(name, pv.items(entry.get("hand"))) if n]
        if hand:
            lines += pv.spread(say, "planet_net.hand", hand, SIDE_LINES)
    bakugan = []
    for b in map(pv.mapping, pv.items(entry.get("bakugan"))):
        character = name(b.get("character"))
        if character is None:
            bakugan.append(say("planet_ui.face_down"))
        elif b.get("open") is True:
            bakugan.append(say("planet_net.open", bakugan=character))
        else:
            bakugan.append(character)
    if bakugan:
        key = "planet_net.bakugan_you" if mine else "planet_net.bakugan"
        lines += pv.spread(say, key, bakugan, SIDE_LINES, player=p + 1)
    return lines


def _matrix(view: dict[Any, Any], seat: int, say: pv.Say, room: int) -> list[str]:
    """The Matrix by owner, each core by its place and kind (its back is on the
    buttons of the seat's own, and the battle says what a held one gives)."""
    by_owner: dict[int, list[str]] = {}
    for core in map(pv.mapping, pv.items(view.get("matrix"))):
        where, kind, owner = (
            pv.pair(core.get("hex")),
            _kind(say, core.get("type")),
            pv.number(core.get("owner")),
        )
        if where is None or kind is None or owner is None or owner < 0:
            continue
        key = "planet_net.core_held" if pv.items(core.get("held_by")) else "planet_net.core_at"
        by_owner.setdefault(owner, []).append(say(key, hex=pv.place(where), kind=kind))
    if not by_owner or room <= 0:
        return []
    if room < len(by_owner):
        mine = len(by_owner.get(seat, []))
        return [
            say("planet_net.cores_count", mine=mine, theirs=sum(map(len, by_owner.values())) - mine)
        ]
    each = min(MATRIX_LINES, room // len(by_owner))
    lines = []
    for owner, cores in sorted(by_owner.items(), key=lambda o: (o[0] != seat, o[0])):
        key = "planet_net.cores_you" if owner == seat else "planet_net.cores"
        lines += pv.spread(say, key, cores, each, player=owner + 1)
    return lines


def _table(view: dict[Any, Any], say: pv.Say, name: pv.Name) -> list[str]:
    """The battle's open Bakugan, the batch and what the turn has come to (the Victor,
    the damage, a Flip milled)."""
    lines = []
    for side in map(pv.mapping, pv.items(view.get("battle"))):
        p, bakugan = pv.number(side.get("player")), name(side.get("character"))
        b, d = pv.number(side.get("b_power")), pv.number(side.get("damage"))
        if p is not None and p >= 0 and bakugan and b is not None and d is not None:
            lines.append(say("planet_ui.battle_side", player=p + 1, bakugan=bakugan, b=b, d=d))
    batch = []
    for i, entry in enumerate(map(pv.mapping, pv.items(view.get("batch")))):
        p, card = pv.number(entry.get("player")), name(entry.get("card"))
        if p is not None and p >= 0 and card:
            item = say("planet_ui.batch_item", player=p + 1, card=card)
            batch.append(say("planet_net.batch_item", n=i + 1, item=item))
    if batch:
        lines.append(pv.listing(say, "planet_net.batch", batch))
    damage = pv.mapping(view.get("damage"))
    attacker, dealt, flip = (
        pv.number(damage.get("attacker")),
        pv.number(damage.get("dealt")),
        name(damage.get("flip")),
    )
    victor = pv.number(view.get("victor"))
    if view.get("phase") == Phase.FLIP and flip:
        lines.append(say("planet_ui.flip_up", card=flip))
    elif attacker is not None and attacker >= 0 and dealt is not None:
        lines.append(say("planet_ui.damage_line", player=attacker + 1, dealt=dealt))
    elif victor is not None and victor >= 0:
        lines.append(say("planet_ui.victor_line", player=victor + 1))
    return lines


def view_lines(view: Any, seat: int, lang: str) -> list[str]:
    """What `seat` sees in `view` (its observation as plain JSON), a short line each,
    at most `MAX_LINES` of at most `LINE` characters; [] for a view that is no object.
    Only what the view holds is told: the other player's hidden cards stay hidden."""
    seen = pv.seat_view(view, seat, lang)
    if seen is None:
        return []
    v, lang, say = seen
    name = _namer(pv.loaded(shipped_catalog), lang)
    sides = sorted(
        (pv.mapping(s) for s in pv.items(v.get("sides"))),
        key=lambda s: (pv.number(s.get("player")) != seat, pv.number(s.get("player")) or 0),
    )
    lines = _head(v, seat, say) + _table(v, say, name)
    for side in sides:
        lines += _side(side, seat, say, name)
    lines += _matrix(v, seat, say, pv.MAX_LINES - len(lines))
    return pv.capped(lines)


# --------------------------------------------------------------------- the buttons


def _target(target: str, player: int, say: pv.Say, name: pv.Name) -> str:
    """A card's target in words, as the text names it (``p0``, ``#1``, ``@1,0``,
    ``p1:pyrus_dragonoid``); the place of a core and of a batch card as the view's
    lines number them."""
    if target == f"p{player}":
        return say("planet_ui.target.mine")
    if target[:1] == "p" and target[1:].isdecimal() and len(target) < 5:
        return say("planet_ui.target.theirs", player=int(target[1:]) + 1)
    if target[:1] == "#" and target[1:].isdecimal() and len(target) < 5:
        return say("planet_net.target_batch", n=int(target[1:]) + 1)
    if target[:1] == "@":
        return say("planet_net.target_core", hex=pv.fit(target[1:], 12))
    owner, _, piece = target.partition(":")
    shown = name(piece) or pv.fit(piece, 24)
    if owner == f"p{player}":
        return say("planet_net.target_own", piece=shown)
    if owner[:1] == "p" and owner[1:].isdecimal() and len(owner) < 5:
        return say("planet_ui.target.piece", piece=shown, player=int(owner[1:]) + 1)
    return pv.fit(target, 24)


def _label(a: Action, lang: str, say: pv.Say) -> str | None:
    catalog = pv.loaded(shipped_catalog)
    if catalog is None:
        return None
    name = _namer(catalog, lang)

    def card(ident_: str) -> str:
        return name(ident_) or pv.fit(ident_, 24)

    if isinstance(a, PlaceCore):
        core = catalog.cores.get(a.core)
        if core is None:
            return None
        numbers = core_label(catalog, a.core, partial(tr, lang), short=True)
        kind = _kind(say, core.type.value) or core.type.value
        return say("planet_net.core", kind=kind, numbers=numbers, hex=pv.place(a.hex))
    if isinstance(a, Energize):
        return (
            say("planet_net.energize", card=card(a.card)) if a.card else say("planet_ui.no_energy")
        )
    if isinstance(a, PlayCard):
        targets = [_target(t, a.player, say, name) for t in a.targets]
        text = (
            say("planet_net.play_on", card=card(a.card), targets=", ".join(targets))
            if targets
            else say("planet_net.play", card=card(a.card))
        )
        if a.sacrifice:
            text = f"{text} · {say('planet_ui.sacrificing', card=card(a.sacrifice))}"
        return text
    if isinstance(a, Pass):
        return say("planet_net.pass")
    if isinstance(a, Pick):
        return say("planet_ui.roll_it", bakugan=card(a.character))
    if isinstance(a, FlipChoice):
        return say("planet_net.flip_pay" if a.pay else "planet_net.flip_let")
    if isinstance(a, Discard):
        return say("planet_net.discard", card=card(a.card))
    return None  # a roll is chance's, never a seat's choice


def action_label(text: str, lang: str) -> str:
    """A legal action's replay text (``p0 core fist_150_2 @0,0``) as a short button
    label in words ("Place Fist (+150 B, +2 D) at 0,0"); a text this build does not
    read, or one naming a core its cards do not hold, is labelled by its verb. Never
    raises."""
    return pv.button(text, lang, parse_action, _label)
