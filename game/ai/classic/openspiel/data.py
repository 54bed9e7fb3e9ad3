"""The Python side of an OpenSpiel state: `StateData`.

It holds the rules core's state and what OpenSpiel adds around it: the kits dealt piece
by piece by chance nodes (Bakugan, then one Gate Card of each colour, then one Ability
Card of each colour, player 0 first; uniform over what that player does not hold yet,
the way `random_kit` deals), the drawn seating and first player, the aim of the throw
in the air, a Trap's face waiting to be drawn, and the log of every action with its
events. A throw's landing is a chance node with the landing model's chances
(`game.ai.classic.landing.LandingModel`: the aimed card with ``hit_aim`` more, each card on the
field with its share of the spread, a miss with the rest). Copying clones the core;
pickling writes the core's JSON (`MatchState.to_json`) plus the deal, the aim and the
history. The rules core has no turn limit; OpenSpiel needs a finite game, so a match
still undecided when turn ``max_turns`` ends is a draw.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from dataclasses import dataclass
from typing import Any

import pyspiel

from game.ai.classic.landing import OFF_CARD
from game.ai.classic.playout import face_seed
from game.rules.classic import (
    CHANCE,
    Action,
    IllegalAction,
    Kit,
    Land,
    MatchState,
    Miss,
    PlayTrap,
    SetGate,
    Slot,
    Throw,
    redact,
)
from game.rules.classic.events import Event, GateSet
from game.rules.classic.kits import evolution_cards, playable_attributes

from .codec import DEAL
from .params import GAME_NAME
from .spec import SPECS, Spec

PUBLIC = -2  # a history "viewer" who sees only what everyone sees
EVERYTHING = -3  # a history "viewer" who sees everything


@dataclass(slots=True)
class LogEntry:
    """One applied action: who, its id, and the events it caused (None: not known yet)."""

    actor: int
    action: int
    events: tuple[Event, ...] | None


class StateData:
    """The Python side of a state, kept in one attribute so cloning and pickling are ours:
    copying clones the core; pickling writes the core's JSON."""

    __slots__ = ("aim", "cache", "core", "dealt", "first", "log", "seating", "spec", "trap")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.dealt: list[list[str]] = [[] for _ in range(spec.players)]
        self.first: int | None = None if spec.random_first else spec.settings.first_player
        self.seating: tuple[int, ...] | None = None  # drawn, when random_order
        self.core: MatchState | None = None
        self.aim: Slot | None = None
        self.log: list[LogEntry] = []
        self.cache: dict[Any, Any] = {}
        self.trap: int | None = None  # a Trap of several faces played: its face is chance

    def __deepcopy__(self, memo: dict[int, Any]) -> StateData:
        d = StateData.__new__(StateData)
        d.spec = self.spec
        d.dealt = [list(x) for x in self.dealt]
        d.first = self.first
        d.seating = self.seating
        d.core = None if self.core is None else self.core.clone()
        d.aim = self.aim
        d.log = list(self.log)  # entries are never changed in place
        d.cache = dict(self.cache)  # rendered history prefixes stay valid
        d.trap = self.trap
        return d

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_data, (json.dumps(self.to_json(), sort_keys=True),))

    # ---- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "bakugan-openspiel-state/1",
            "params": self.spec.params,
            "dealt": self.dealt,
            "first": self.first,
            "seating": None if self.seating is None else list(self.seating),
            "aim": None if self.aim is None else list(self.aim),
            "core": None if self.core is None else self.core.to_json(),
            "history": [[e.actor, e.action] for e in self.log],
            "trap": self.trap,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> StateData:
        spec = SPECS.of(data["params"])
        d = StateData(spec)
        d.dealt = [list(x) for x in data["dealt"]]
        d.first = data["first"]
        d.seating = None if data.get("seating") is None else tuple(data["seating"])
        d.aim = None if data["aim"] is None else (data["aim"][0], data["aim"][1])
        d.core = None if data["core"] is None else MatchState.from_json(data["core"], spec.catalog)
        d.log = [LogEntry(int(a), int(i), None) for a, i in data["history"]]
        d.trap = data.get("trap")
        return d

    # ---- queries

    def deal_step(self) -> tuple[int, str, str | None] | None:
        done = sum(len(x) for x in self.dealt)
        plan = self.spec.deal_plan
        return plan[done] if done < len(plan) else None

    def need_seating(self) -> bool:
        return self.spec.random_seating and self.seating is None

    def terminal(self) -> bool:
        core = self.core
        return core is not None and (core.is_over() or core.turn > self.spec.max_turns)

    def current(self) -> int:
        core = self.core
        if core is None:
            return CHANCE
        if core.is_over() or core.turn > self.spec.max_turns:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.trap is not None:
            return CHANCE
        p = core.current_player()
        assert p is not None
        return p

    def kit(self, player: int) -> Kit:
        kinds = [k for q, k, _ in self.spec.deal_plan if q == player]
        ids = self.dealt[player]
        cat = self.spec.catalog
        bakugan = tuple(i for k, i in zip(kinds, ids, strict=False) if k == "bakugan")
        pieces = [i for k, i in zip(kinds, ids, strict=False) if k == "support"]
        # the Evolution card of each kit Bakugan, as random_kit deals them
        cards = evolution_cards(cat, bakugan) if self.spec.evolutions else []
        return Kit(
            bakugan,
            tuple(i for k, i in zip(kinds, ids, strict=False) if k == "gate"),
            tuple(i for k, i in zip(kinds, ids, strict=False) if k == "ability"),
            tuple(i for i in pieces if i in cat.traps),
            tuple(i for i in pieces if i in cat.gear),
            tuple(cards),
        )

    def playable(self, player: int, kind: str, free: list[str]) -> list[str]:
        """Of the free Ability Cards or Traps, the ones the player's dealt Bakugan can
        play, as `random_kit` deals them (`playable_attributes`); Ability Cards fall back
        to all when none is (a catalog short of them), Traps do not."""
        cat = self.spec.catalog
        can = playable_attributes(cat, self.kit(player).bakugan)
        if kind == "ability":
            usable = [x for x in free if can(cat.abilities[x].requires.attribute)]
            return usable or free
        if kind == "trap":
            return [x for x in free if can(cat.traps[x].attribute)]
        return free

    def support_deal(self, player: int) -> list[tuple[int, float]]:
        """A Trap or Battle Gear dealt to `player`, as `random_kit` deals it: a Trap or a
        Gear with even chances (one kind when the season's limit or the pool leaves only
        it), then uniformly among the pool's pieces of that kind he does not hold."""
        spec, codec = self.spec, self.spec.codec
        kit = self.kit(player)
        max_t, max_g, _ = spec.settings.support_limit()
        kinds = []
        for kind, held, most in (("trap", kit.traps, max_t), ("gear", kit.gear, max_g)):
            free = [x for x in spec.pools[(kind, None)] if x not in held]
            if kind == "trap":
                free = self.playable(player, kind, free)
            if len(held) < most and free:
                kinds.append((kind, free))
        out = []
        for kind, free in kinds:
            out += [(codec.deal_id(kind, x), 1.0 / len(kinds) / len(free)) for x in free]
        return sorted(out)

    # ---- chance

    def chance_outcomes(self) -> list[tuple[int, float]]:
        spec, codec = self.spec, self.spec.codec
        step = self.deal_step()
        if step is not None and step[1] == "support":
            return self.support_deal(step[0])
        if step is not None:
            player, kind, colour = step
            held = set(self.dealt[player])
            free = self.playable(
                player, kind, [x for x in spec.pools[(kind, colour)] if x not in held]
            )
            ids = sorted(codec.deal_id(kind, x) for x in free)
            return [(i, 1.0 / len(ids)) for i in ids]
        if self.core is None:
            n = spec.players
            if self.need_seating():
                perms = list(itertools.permutations(range(n)))
                return sorted((codec.seating_id(x), 1.0 / len(perms)) for x in perms)
            return [(codec.first_id(p), 1.0 / n) for p in range(n)]
        if self.trap is not None:  # the face a Trap shows when it opens, each as likely
            faces = self.trap_faces()
            return [(codec.face_id(i), 1.0 / faces) for i in range(faces)]
        dist = spec.landing.outcomes(self.core, self.aim)
        out = [
            (codec.land_id(a.slot) if isinstance(a, Land) else codec.miss_id(), p) for a, p in dist
        ]
        return sorted(out)

    def trap_faces(self) -> int:
        """How many faces the Trap waiting to open has."""
        assert self.core is not None and self.trap is not None
        p = self.core.current_player()
        assert p is not None
        action, _ = self.spec.codec.decode(p, self.trap)
        assert isinstance(action, PlayTrap)
        return len(self.spec.catalog.traps[action.trap].faces)

    # ---- moves

    def legal_actions(self) -> list[int]:
        core = self.core
        assert core is not None
        codec = self.spec.codec
        out: list[int] = []
        for a in core.legal_actions():
            if isinstance(a, Throw):
                out += codec.throw_ids(a, core.field)
            else:
                out.append(codec.encode(a))
        out.sort()
        return out

    def apply(self, action_id: int) -> None:
        spec = self.spec
        if self.cache:
            self.cache = {k: v for k, v in self.cache.items() if k[0] == "hist"}
        step = self.deal_step()
        if step is not None or self.core is None:
            what, value = spec.codec.chance(action_id)
            if step is not None:
                player, kind, colour = step
                if kind == "support":
                    ok = action_id in dict(self.support_deal(player))
                else:
                    ok = (
                        what == DEAL and value[0] == kind and value[1] in spec.pools[(kind, colour)]
                    )
                if not ok:
                    raise ValueError(f"{GAME_NAME}: {what} {value} is not a deal of a {kind} now")
                if value[1] in self.dealt[player]:
                    raise ValueError(f"{GAME_NAME}: p{player} already holds {value[1]}")
                self.dealt[player].append(value[1])
            elif self.need_seating():
                if what != "seating":
                    raise ValueError(f"{GAME_NAME}: expected the seating's draw")
                self.seating = tuple(value)
            else:
                if what != "first":
                    raise ValueError(f"{GAME_NAME}: expected the first player's draw")
                self.first = int(value)
            self.log.append(LogEntry(CHANCE, action_id, ()))
            if self.deal_step() is None and not self.need_seating() and self.first is not None:
                settings = dataclasses.replace(spec.settings, first_player=self.first)
                if self.seating is not None:
                    settings = dataclasses.replace(
                        settings, seating=self.seating, random_order=False
                    )
                kits = [self.kit(p) for p in range(spec.players)]
                self.core, events = MatchState.new(spec.catalog, kits, settings, seed=0)
                self.log[-1] = LogEntry(CHANCE, action_id, tuple(events))
            return
        core = self.core
        actor = core.current_player()
        assert actor is not None
        action: Action
        if self.trap is not None:
            what, value = spec.codec.chance(action_id)
            faces = self.trap_faces()
            if what != "face" or not 0 <= value < faces:
                raise ValueError(f"{GAME_NAME}: {what} {value} is not one of the Trap's faces")
            action, _ = spec.codec.decode(actor, self.trap)
            core.rng = random.Random(face_seed(faces, value))  # the core draws this face
            self.trap = None
            events = core.apply(action)
            self.log.append(LogEntry(CHANCE, action_id, tuple(events)))
            return
        if actor == CHANCE:
            what, value = spec.codec.chance(action_id)
            if what == "land":
                action = Land(value)
            elif what == "miss":
                action = Miss(OFF_CARD)
            else:
                raise ValueError(f"{GAME_NAME}: chance outcome {what} {value} is not a landing")
            self.aim = None
        else:
            action, aim = spec.codec.decode(actor, action_id)
            if aim is not None:
                if not isinstance(action, Throw) or aim not in core.field:
                    raise ValueError(f"{GAME_NAME}: cannot aim {action} at {aim}")
                self.aim = aim
            if isinstance(action, PlayTrap) and len(spec.catalog.traps[action.trap].faces) > 1:
                # what it hides is drawn when it opens: the next node is chance
                problem = core.why_illegal(action)
                if problem is not None:
                    raise IllegalAction(action, problem)
                self.trap = action_id
                self.log.append(LogEntry(actor, action_id, ()))
                return
        events = core.apply(action)
        self.log.append(LogEntry(actor, action_id, tuple(events)))

    def returns(self) -> list[float]:
        n = self.spec.players
        core = self.core
        if core is None or not core.is_over() or core.winner is None:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == core.winner else lose for p in range(n)]

    # ---- text

    def action_text(self, actor: int, action_id: int, viewer: int | None = None) -> str:
        """The action in the core's notation; as `viewer` may see it if given."""
        codec = self.spec.codec
        if actor == CHANCE:
            what, value = codec.chance(action_id)
            if what == DEAL:
                return f"deal {value[0]} {value[1]}"
            if what == "first":
                return f"first p{value}"
            if what == "seating":
                return "seating " + " ".join(f"p{p}" for p in value)
            if what == "land":
                return str(Land(value))
            if what == "face":
                return f"trap face {value}"
            return str(Miss(OFF_CARD))
        action, aim = codec.decode(actor, action_id)
        if viewer is not None and viewer not in (actor, EVERYTHING) and isinstance(action, SetGate):
            text = str(redact(GateSet(actor, action.gate, action.slot), viewer))
        else:
            text = str(action)
        return text + (f" aim @{aim[0]},{aim[1]}" if aim is not None else "")

    def state_text(self) -> str:
        """Everything in the state, for OpenSpiel's ``ToString`` (the core's JSON, its
        random generator's state as a digest)."""
        cached = self.cache.get(("str",))
        if cached is not None:
            return str(cached)
        core: dict[str, Any] | None = None
        if self.core is not None:
            core = self.core.to_json()
            rng = core.get("rng")
            if isinstance(rng, list) and len(rng) == 3:
                core["rng"] = [rng[0], hash(tuple(rng[1])), rng[2]]
        text = json.dumps(
            {
                "dealt": self.dealt,
                "seating": self.seating,
                "first": self.first,
                "aim": self.aim,
                "core": core,
                "trap": self.trap,
            },
            sort_keys=True,
        )
        self.cache[("str",)] = text
        return text

    def ensure_events(self) -> None:
        """Restore the events of a deserialized history by replaying it (deterministic)."""
        if all(e.events is not None for e in self.log):
            return
        replay = StateData(self.spec)
        for e in self.log:
            replay.apply(e.action)
        self.log = replay.log

    def history_lines(self, viewer: int) -> str:
        """The seat's history: each action and its events as `viewer` saw them
        (`PUBLIC`: as anyone sees them; `EVERYTHING`: nothing hidden)."""
        key = ("hist", viewer)
        done: int
        text: str
        done, text = self.cache.get(key, (0, ""))
        if done < len(self.log):
            self.ensure_events()
            deal_index = sum(1 for e in self.log[:done] if e.actor == CHANCE and _is_deal(self, e))
            lines = [text] if text else []
            plan = self.spec.deal_plan
            for e in self.log[done:]:
                if e.actor == CHANCE and _is_deal(self, e):
                    player, kind, _ = plan[deal_index]
                    deal_index += 1
                    _, (k, piece) = self.spec.codec.chance(e.action)
                    sees = viewer in (player, EVERYTHING) or kind in ("bakugan", "support")
                    shown = piece if sees else "?"
                    line = f"deal p{player} {k} {shown}"
                else:
                    line = self.action_text(e.actor, e.action, viewer)
                assert e.events is not None
                if e.events:
                    shown_events = (
                        e.events
                        if viewer == EVERYTHING
                        else (redact(ev, viewer) for ev in e.events)
                    )
                    line += " => " + "; ".join(str(ev) for ev in shown_events)
                lines.append(line)
            text = "\n".join(lines)
            self.cache[key] = (len(self.log), text)
        return text


def _is_deal(d: StateData, e: LogEntry) -> bool:
    return d.spec.codec.chance(e.action)[0] == DEAL


def _restore_data(payload: str) -> StateData:
    return StateData.from_json(json.loads(payload))
