"""The classic game on a network screen, in words: what a seat's view shows (the turn,
whose move, the Gate Cards on the table by slot with what stands on them, the seat's own
cards by name, the others' counts, the Gate Cards won) and each legal action's replay
text as a button label.

The view is the host's observation as plain JSON (`game.games.net_kit.plain`), already
redacted: a face-down Gate Card of another player comes as ``null`` and is told as face
down, nothing guessed behind it. It comes over the network, so it is read field by field
(`game.ui.plain_view`): a part that does not read is left out, never raised over.

A card on the table is named by its slot, in the numbers of the action's text (``@2,1``
is ``2,1``) in both the lines and the buttons: a network screen draws no table yet, so
the slot is what ties a button to its line. The names are the content's, the words the
match screen's where it has them (`match.*`, and its `choices.action_label` for the
choices that name no slot); the rest is `classic_net.*`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from game.content.classic import shipped_catalog
from game.files.lang import tr
from game.rules.classic import (
    Action,
    Catalog,
    ChooseAttribute,
    MoveBakugan,
    PlayAbility,
    SetGate,
    TakeGate,
    parse_action,
)
from game.rules.classic.phases import Phase

from .. import plain_view as pv
from .choices import action_label as choice_label

PHASES = frozenset(p.value for p in Phase)

FIELD_LEAST = 3
"""The Gate Cards on the table told one a line even when the rest of the view is long;
past the room left, the last line counts the others."""


def _namers(catalog: Catalog | None, lang: str, *tables: str) -> dict[str, pv.Name]:
    """Names of each kind of piece in `tables` (``bakugan``, ``gates`` ...), by kind."""
    return {t: pv.namer(getattr(catalog, t) if catalog is not None else {}, lang) for t in tables}


# --------------------------------------------------------------------- the view


def _players(view: dict[Any, Any]) -> dict[int, dict[Any, Any]]:
    """The players' entries by their number (an entry naming none is left out)."""
    out: dict[int, dict[Any, Any]] = {}
    for entry in pv.items(view.get("players")):
        p = pv.number(pv.mapping(entry).get("player"))
        if p is not None and p not in out:
            out[p] = pv.mapping(entry)
    return out


def _head(view: dict[Any, Any], seat: int, say: pv.Say) -> list[str]:
    """The turn and its phase with whose move it is, in one line (a line saved is a
    Gate Card more on a full table); at the end, who won."""
    phase, parts = pv.turn_phase(view, PHASES, say, "classic_net.phase", "classic_net.head")
    if phase == Phase.OVER:
        winner = pv.number(view.get("winner"))
        if winner == seat:
            return [*parts, say("match.won_you")]
        if winner is not None and winner >= 0:
            return [*parts, say("match.won", name=pv.who(say, winner, seat))]
        return parts
    current = pv.who(say, view.get("current"), seat)
    if current is not None:
        mine = pv.number(view.get("current")) == seat
        parts.append(
            say("classic_net.your_move") if mine else say("net.words.to_move", player=current)
        )
    return [" · ".join(parts)] if parts else []


def _field(
    view: dict[Any, Any], seat: int, say: pv.Say, names: dict[str, pv.Name]
) -> list[list[str]]:
    """The lines of each Gate Card on the table: its slot, its name only when the view
    gives it (one's own, or one turned over), and the Bakugan standing on it (a second
    line when they do not fit beside it)."""
    gates = []
    for entry in pv.items(view.get("field")):
        gate = pv.mapping(entry)
        slot = pv.pair(gate.get("slot"))
        if slot is None:
            continue
        owner = pv.number(gate.get("owner"))
        name = names["gates"](gate.get("gate"))
        fields = {"slot": pv.place(slot), "owner": pv.who(say, owner, seat) or "?"}
        if name is None:
            line = say("classic_net.gate_hidden", **fields)
        elif owner == seat:
            key = (
                "classic_net.gate_own_up" if gate.get("face_up") is True else "classic_net.gate_own"
            )
            line = say(key, gate=name, **fields)
        else:
            line = say("classic_net.gate_up", gate=name, **fields)
        standing = []
        for stand in pv.items(gate.get("standing")):
            parts = pv.items(stand)
            bakugan = names["bakugan"](parts[1]) if len(parts) == 2 else None
            by = pv.who(say, parts[0], seat) if len(parts) == 2 else None
            if bakugan is not None and by is not None:
                standing.append(say("classic_net.piece_of", bakugan=bakugan, who=by))
        together = say("classic_net.standing", gate=line, names=", ".join(standing))
        if not standing:
            gates.append([line])
        elif len(together) <= pv.LINE:
            gates.append([together])
        else:  # its Bakugan on a line of their own rather than counted unnamed
            gates.append(
                [line, pv.listing(say, "classic_net.on_it", standing, slot=pv.place(slot))]
            )
    return gates


def _battle(view: dict[Any, Any], say: pv.Say, names: dict[str, pv.Name]) -> list[str]:
    battle = pv.mapping(view.get("battle"))
    slot = pv.pair(battle.get("slot"))
    if slot is None:
        return []
    sides = []
    for side in pv.items(pv.mapping(battle.get("evaluation")).get("sides")):
        side = pv.mapping(side)
        bakugan, total = names["bakugan"](side.get("bakugan")), pv.number(side.get("total"))
        if bakugan is not None and total is not None:
            sides.append(say("classic_net.power", bakugan=bakugan, g=total))
    lines = [pv.listing(say, "classic_net.battle", sides, slot=pv.place(slot))]
    played = [
        n
        for n in (
            names["abilities"](p[1])
            for p in map(pv.items, pv.items(battle.get("plays")))
            if len(p) == 2
        )
        if n
    ]
    if played:
        lines.append(pv.listing(say, "match.played", played, field="cards"))
    return lines


def _own(me: dict[Any, Any], say: pv.Say, names: dict[str, pv.Name]) -> list[str]:
    """The seat's own cards and Bakugan, by name (its hand is in its own entry only)."""

    def named(field: str, table: str) -> list[str]:
        return [n for n in map(names[table], pv.items(me.get(field))) if n]

    lines = []
    for field, table, key in (
        ("gates", "gates", "classic_net.gates"),
        ("abilities", "abilities", "classic_net.abilities"),
        ("unused", "bakugan", "classic_net.ready"),
    ):
        shown = named(field, table)
        if shown:
            lines.append(pv.listing(say, key, shown))
    support = named("traps", "traps") + named("gear", "gear") + named("evolutions", "evolutions")
    if support:
        lines.append(pv.listing(say, "classic_net.support", support))
    return lines


def _others(players: dict[int, dict[Any, Any]], seat: int, say: pv.Say) -> list[str]:
    lines = []
    for p, entry in sorted(players.items()):
        gates, abilities = pv.number(entry.get("gate_count")), pv.number(entry.get("ability_count"))
        if p == seat or p < 0 or gates is None or abilities is None:
            continue
        ready = len(pv.items(entry.get("unused")))
        lines.append(
            say(
                "classic_net.other",
                player=pv.who(say, p, seat),
                gates=gates,
                abilities=abilities,
                ready=ready,
            )
        )
    return lines


def _won(
    view: dict[Any, Any], players: dict[int, dict[Any, Any]], seat: int, say: pv.Say
) -> list[str]:
    scores = [
        say("classic_net.score", who=pv.who(say, p, seat), n=len(pv.items(entry.get("captured"))))
        for p, entry in sorted(players.items())
        if p >= 0
    ]
    if not scores:
        return []
    need = pv.number(view.get("gates_to_win"))
    key = "classic_net.won_of" if need is not None else "classic_net.won"
    return [pv.listing(say, key, scores, need=need)]


def view_lines(view: Any, seat: int, lang: str) -> list[str]:
    """What `seat` sees in `view` (its observation as plain JSON), a short line each,
    at most `MAX_LINES` of at most `LINE` characters; [] for a view that is no object.
    Only what the view holds is told: another player's face-down card stays face down."""
    seen = pv.seat_view(view, seat, lang)
    if seen is None:
        return []
    v, lang, say = seen
    names = _namers(
        pv.loaded(shipped_catalog),
        lang,
        "bakugan",
        "gates",
        "abilities",
        "traps",
        "gear",
        "evolutions",
    )
    players = _players(v)
    head = _head(v, seat, say)
    field = _field(v, seat, say, names)
    rest = _battle(v, say, names) + _own(players.get(seat, {}), say, names)
    rest += _won(v, players, seat, say)
    others = _others(players, seat, say)
    lines = [line for gate in field for line in gate]
    if len(head) + len(lines) + len(rest) + len(others) <= pv.MAX_LINES:
        return pv.capped(head + lines + rest + others)
    # A full table: the others' hand counts give way first, then the Gate Cards past
    # the room left are counted on one line.
    room = max(FIELD_LEAST, pv.MAX_LINES - len(head) - len(rest))
    if len(lines) > room:
        lines, shown = [], 0
        while len(lines) + len(field[shown]) < room:
            lines += field[shown]
            shown += 1
        lines.append(say("classic_net.more_gates", count=len(field) - shown))
    return pv.capped(head + lines + rest)


# --------------------------------------------------------------------- the buttons


def _slotted(a: Action, say: pv.Say, names: dict[str, pv.Name]) -> str | None:
    """The label of a choice that names a slot (the match screen names the card there
    as its table shows it; here the slot stands for it, as in the view's lines)."""

    def bakugan(ident_: str) -> str:
        return names["bakugan"](ident_) or ident_

    if isinstance(a, SetGate):
        gate = names["gates"](a.gate) or a.gate
        return say("classic_net.set", gate=gate, slot=pv.place(a.slot))
    if isinstance(a, TakeGate):
        return say("classic_net.take", slot=pv.place(a.slot))
    if isinstance(a, MoveBakugan):
        return say("classic_net.move", bakugan=bakugan(a.bakugan), slot=pv.place(a.slot))
    if isinstance(a, PlayAbility) and a.slot is None and a.bakugan is None:
        return say("classic_net.ability", card=names["abilities"](a.card) or a.card)
    if isinstance(a, PlayAbility) and a.slot is not None:
        card = names["abilities"](a.card) or a.card
        if a.bakugan is not None:
            return say(
                "classic_net.ability_move",
                card=card,
                bakugan=bakugan(a.bakugan),
                slot=pv.place(a.slot),
            )
        return say("classic_net.ability_slot", card=card, slot=pv.place(a.slot))
    if isinstance(a, ChooseAttribute):
        return say(
            "classic_net.attribute",
            bakugan=bakugan(a.bakugan),
            attribute=say(f"attr.{a.attribute.value}"),
        )
    return None


def _label(action: Action, lang: str, say: pv.Say) -> str | None:
    catalog = pv.loaded(shipped_catalog)
    if catalog is None:
        return None
    label = _slotted(action, say, _namers(catalog, lang, "bakugan", "gates", "abilities"))
    if label is not None:
        return label
    try:  # the match screen's own words for the rest (none of them names a slot)
        return choice_label(action, catalog, lang, partial(tr, lang), lambda _: (None, None))
    except (KeyError, StopIteration):  # a piece these cards do not hold
        return None


def action_label(text: str, lang: str) -> str:
    """A legal action's replay text (``p0 set gold_volcano @2,2``) as a short button
    label in words ("Set Gold Volcano on 2,2"); a text this build does not read, or
    one naming pieces its cards do not hold, is labelled by its verb. Never raises."""
    return pv.button(text, lang, parse_action, _label)
