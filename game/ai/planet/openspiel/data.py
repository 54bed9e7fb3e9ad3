"""The Python side of an OpenSpiel state: `StateData`.

It holds the rules core's state and what OpenSpiel adds around it. Before the core
exists, chance nodes deal: each player's preset deck (unless the ``decks`` parameter
names them), the coin (unless ``first_player`` does), then each deck shuffled card by
card (the next card drawn among those left, as likely as their copies), player 0's deck
first; then the core starts with the decks in that order (``shuffle`` off: the core's
own generator draws nothing). A roll's outcome is a chance node with the landing
model's chances (`game.ai.planet.landing.LandingModel`: each free core alike). The log
keeps every move with its events; pickling writes the core's JSON plus the deal and the
history. A match still going after turn ``max_turns`` is drawn by the core; one whose
turn sees more than ``max_rerolls`` rerolls is drawn here (returns 0).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import pyspiel

from game.rules.planet import CHANCE, Kit, PlanetState, redact
from game.rules.planet.events import Event, Reroll

from .spec import GAME_NAME, SPECS, Spec

SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
EVERYONE = -4  # a history "viewer" who sees everything
PUBLIC = -5  # a history "viewer" who sees only what both players see
VIEWERS = (0, 1, EVERYONE, PUBLIC)  # the order of `LogEntry.lines`


@dataclass(slots=True)
class LogEntry:
    """One move: who (a player, CHANCE, or SIMULTANEOUS for a joint move), its id(s),
    the events it caused, and its line of history as each of `VIEWERS` saw it (written
    when it was made)."""

    actor: int
    actions: tuple[int, ...]
    events: tuple[Event, ...]
    lines: tuple[str, ...] = ()


class StateData:
    """The Python side of a state, kept in one attribute so copies and pickles are ours."""

    __slots__ = ("cache", "core", "decks", "first", "log", "order", "rerolls", "spec")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.decks: list[str | None] = list(spec.decks) if spec.decks else [None, None]
        self.first: int | None = spec.settings.first
        self.order: list[list[str]] = [[], []]  # each deck as shuffled so far, top first
        self.core: PlanetState | None = None
        self.log: list[LogEntry] = []
        self.rerolls = 0  # in the current turn
        self.cache: dict[Any, Any] = {}  # views of this state, cleared by every move

    def __deepcopy__(self, memo: dict[int, Any]) -> StateData:
        d = StateData.__new__(StateData)
        d.spec = self.spec
        d.decks = list(self.decks)
        d.first = self.first
        d.order = [list(x) for x in self.order]
        d.core = None if self.core is None else self.core.clone()
        d.log = list(self.log)  # entries are never changed in place
        d.rerolls = self.rerolls
        d.cache = dict(self.cache)  # the same state: its views stay valid
        return d

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (json.dumps(self.to_json(), sort_keys=True),))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "bakugan-planet-openspiel-state/1",
            "params": self.spec.params,
            "decks": self.decks,
            "first": self.first,
            "order": self.order,
            "core": None if self.core is None else self.core.to_json(),
            "rerolls": self.rerolls,
            "history": [[e.actor, list(e.actions)] for e in self.log],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> StateData:
        """A state from its JSON: the history replayed (for its events), then checked
        against the saved core."""
        spec = SPECS.of(data["params"])
        d = StateData(spec)
        for actor, actions in data["history"]:
            d.apply(int(actor), [int(a) for a in actions])
        saved = data["core"]
        if (d.core.to_json() if d.core is not None else None) != saved:
            raise ValueError(f"{GAME_NAME}: the history does not lead to the saved state")
        return d

    # -- the deal ----------------------------------------------------------------------

    def kit(self, player: int) -> Kit:
        name = self.decks[player]
        assert name is not None
        return self.spec.catalog.presets[name].kit

    def left_to_shuffle(self, player: int) -> Counter[str]:
        return Counter(self.kit(player).deck) - Counter(self.order[player])

    def dealing(self) -> tuple[str, int] | None:
        """The deal step due: ("deck", p), ("coin", -1), ("shuffle", p), or None."""
        for p in (0, 1):
            if self.decks[p] is None:
                return ("deck", p)
        if self.first is None:
            return ("coin", -1)
        for p in (0, 1):
            if len(self.order[p]) < len(self.kit(p).deck):
                return ("shuffle", p)
        return None

    # -- who acts ----------------------------------------------------------------------

    def terminal(self) -> bool:
        return self.core is not None and (self.core.is_over() or self.cut())

    def cut(self) -> bool:
        return self.rerolls > self.spec.max_rerolls

    def current(self) -> int:
        if self.core is None:
            return CHANCE
        if self.terminal():
            return TERMINAL
        acting = self.core.current_players()
        if len(acting) > 1:
            return SIMULTANEOUS
        return acting[0]

    def legal(self, player: int) -> list[int]:
        core = self.core
        if core is None or player not in core.current_players():
            return []
        key = ("legal", player)
        if key not in self.cache:
            codec = self.spec.codec
            self.cache[key] = sorted(codec.encode(core, a) for a in core.legal_actions(player))
        return list(self.cache[key])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        step = self.dealing()
        codec = self.spec.codec
        if step is not None:
            kind, p = step
            if kind == "deck":
                n = len(codec.presets)
                return [(i, 1.0 / n) for i in range(n)]
            if kind == "coin":
                return [(0, 0.5), (1, 0.5)]
            left = self.left_to_shuffle(p)
            total = sum(left.values())
            return sorted((codec.card_index[c], n / total) for c, n in left.items())
        core = self.core
        assert core is not None
        free = [i for i, c in enumerate(core.matrix.values()) if not c.held_by]
        on, no = self.spec.on_core, self.spec.no_core
        out = [(0, 1.0 - on - no)] if on + no < 1.0 else []
        if free:
            out.append((1, no))
            out += [(2 + i, on / len(free)) for i in free]
        else:
            out.append((1, on + no))
        return [(a, p) for a, p in out if p > 0.0]

    # -- moves -------------------------------------------------------------------------

    def apply(self, actor: int, actions: list[int]) -> None:
        """One move: a chance outcome, a player's action, or (SIMULTANEOUS) both."""
        texts = [self._move_text(actor, actions, v) for v in VIEWERS]
        self.cache = {}
        self._apply(actor, actions)
        entry = self.log[-1]
        entry.lines = tuple(
            _with_events(text, entry.events, v) for text, v in zip(texts, VIEWERS, strict=True)
        )

    def _apply(self, actor: int, actions: list[int]) -> None:
        codec = self.spec.codec
        step = self.dealing()
        if step is not None:
            kind, p = step
            outcome = actions[0]
            if outcome not in dict(self.chance_outcomes()):
                raise ValueError(f"{GAME_NAME}: {outcome} is not a chance outcome of the {kind}")
            if kind == "deck":
                self.decks[p] = codec.presets[outcome]
            elif kind == "coin":
                self.first = outcome
            else:
                self.order[p].append(codec.cards[outcome])
            events: tuple[Event, ...] = ()
            if self.dealing() is None:
                kits = [replace(self.kit(q), deck=tuple(self.order[q])) for q in (0, 1)]
                settings = replace(self.spec.settings, first=self.first)
                self.core, started = PlanetState.new(self.spec.catalog, kits, settings, 0)
                events = tuple(started)
            self.log.append(LogEntry(CHANCE, (outcome,), events))
            return
        core = self.core
        assert core is not None
        turn = core.turn
        if actor == CHANCE:
            roll = codec.roll_of(core, actions[0])
            if actions[0] not in dict(self.chance_outcomes()):
                raise ValueError(f"{GAME_NAME}: {roll} is not a chance outcome now")
            out = core.apply(roll)
        elif actor == SIMULTANEOUS:
            out = []
            for p, a in enumerate(actions):
                out += core.apply(codec.decode(core, p, a))
        else:
            out = core.apply(codec.decode(core, actor, actions[0]))
        if core.turn != turn:
            self.rerolls = 0
        self.rerolls += sum(isinstance(e, Reroll) for e in out)
        self.log.append(LogEntry(actor, tuple(actions), tuple(out)))

    def returns(self) -> list[float]:
        core = self.core
        if core is None or not core.is_over() or core.winner is None or self.cut():
            return [0.0, 0.0]
        return [1.0 if p == core.winner else -1.0 for p in (0, 1)]

    # -- text --------------------------------------------------------------------------

    def action_text(self, player: int, action: int) -> str:
        """An action in the core's notation (a chance outcome in the deal's words)."""
        codec = self.spec.codec
        step = self.dealing()
        if player == CHANCE and step is not None:
            kind, p = step
            if kind == "deck":
                return f"deal p{p} deck {codec.presets[action]}"
            if kind == "coin":
                return f"coin p{action}"
            return f"shuffle p{p} {codec.cards[action]}"
        core = self.core
        if core is None:
            return codec.describe(action)
        if player == CHANCE:
            if core.phase.value != "roll":
                return f"chance {action}"
            return str(codec.roll_of(core, action))
        try:
            return str(codec.decode(core, player, action))
        except (ValueError, IndexError):
            return codec.describe(action)

    def state_text(self) -> str:
        """Everything in the state (OpenSpiel's ``ToString``): the deal and the core."""
        cached = self.cache.get("text")
        if cached is not None:
            return str(cached)
        core = None
        if self.core is not None:
            core = self.core.to_json()
            del core["rng"]  # the core draws nothing in this game
        text = json.dumps(
            {"decks": self.decks, "first": self.first, "order": self.order, "core": core},
            sort_keys=True,
        )
        self.cache["text"] = text
        return text

    def history_lines(self, viewer: int) -> str:
        """Every move and its events as `viewer` saw them (`EVERYONE`: nothing hidden;
        `PUBLIC`: what both see): the other player's deck and every deck's order are not
        seen, nor what the other chose in a step both take at once."""
        k = VIEWERS.index(viewer)
        return "\n".join(e.lines[k] for e in self.log)

    def _move_text(self, actor: int, actions: list[int], viewer: int) -> str:
        """The move about to be made, as `viewer` sees it."""
        step = self.dealing()
        sees_all = viewer == EVERYONE
        if actor == CHANCE and step is not None:
            kind, p = step
            if kind == "shuffle" and not sees_all:
                return f"shuffle p{p} ?"
            if kind == "deck" and not sees_all and viewer != p:
                return f"deal p{p} deck ?"
            return self.action_text(CHANCE, actions[0])
        if actor == SIMULTANEOUS:
            parts = []
            for p, a in enumerate(actions):
                parts.append(self.action_text(p, a) if sees_all or p == viewer else f"p{p} ?")
            return " & ".join(parts)
        return self.action_text(actor, actions[0])


def _with_events(text: str, events: tuple[Event, ...], viewer: int) -> str:
    if not events:
        return text
    shown = events if viewer == EVERYONE else tuple(redact(ev, viewer) for ev in events)
    return text + " => " + "; ".join(str(ev) for ev in shown)


def _restore(payload: str) -> StateData:
    return StateData.from_json(json.loads(payload))


__all__ = ["EVERYONE", "PUBLIC", "SIMULTANEOUS", "TERMINAL", "VIEWERS", "LogEntry", "StateData"]
