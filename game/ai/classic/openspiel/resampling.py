"""Resampling an information set: `resample_data` (and the OpenSpiel state's
``resample_from_infostate``, `make_resampler` for ``ISMCTSBot.set_resampler``).

Only what the seat cannot see is drawn again: the opponents' unseen Gate and Ability
Cards, consistent with every card of theirs already seen, and with a history the game
could have had (the draw is replayed through the rules core and must show the seat the
same events).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.classic import CHANCE, IllegalAction, SetGate, redact
from game.rules.classic.events import GateSet

from .codec import DEAL
from .data import LogEntry, StateData
from .spec import Spec
from .views import render_information_state


def hidden_cards(d: StateData, viewer: int) -> dict[int, tuple[set[str], set[str]]]:
    """For each opponent of `viewer`: the Gate and Ability Cards of his kit that `viewer`
    has seen (captured or opened gates, played cards), from ``observation(viewer)``.
    The rest of his Gate and Ability Cards `viewer` cannot see."""
    obs = d.core.observation(viewer) if d.core is not None else None
    out: dict[int, tuple[set[str], set[str]]] = {}
    for q in range(d.spec.players):
        if q == viewer:
            continue
        seen_g: set[str] = set()
        seen_a: set[str] = set()
        if obs is not None:
            seen_g |= {g for pv in obs.players for o, g in pv.captured if o == q}
            seen_g |= {fg.gate for fg in obs.field if fg.owner == q and fg.gate is not None}
            seen_a |= set(obs.players[q].used_abilities)
        out[q] = (seen_g, seen_a)
    return out


@dataclass(slots=True)
class _Draw:
    """One redraw of the hidden cards: each opponent's new kit so far, and for each of
    his unseen Gate Cards (by old id) the new one that takes its place."""

    dealt: list[list[str]]
    faces: dict[int, dict[str, str]]

    def hands(self, d: StateData) -> tuple[tuple[str, ...], ...]:
        """The opponents' Ability Cards (the part of a draw that can change the flow)."""
        plan = d.spec.deal_plan
        return tuple(
            tuple(
                x
                for (p, k, _), x in zip([e for e in plan if e[0] == q], self.dealt[q], strict=False)
                if k == "ability"
            )
            for q in sorted(self.faces)
        )


def _draw(d: StateData, seen: dict[int, tuple[set[str], set[str]]], rng: random.Random) -> _Draw:
    """Every unseen Gate and Ability Card of each opponent drawn again, uniformly among
    the pool's cards of its colour his kit does not visibly hold; his unseen Gate Cards'
    new ids are spread over their old places (hand or face down) at random."""
    spec = d.spec
    dealt = [list(x) for x in d.dealt]
    faces: dict[int, dict[str, str]] = {}
    for q, seen_q in seen.items():
        old = d.dealt[q]
        kinds = [(k, c) for p, k, c in spec.deal_plan if p == q][: len(old)]
        new = list(old)
        for kind, seen_ids in (("gate", seen_q[0]), ("ability", seen_q[1])):
            for colour in dict.fromkeys(c for k, c in kinds if k == kind):
                positions = [i for i, kc in enumerate(kinds) if kc == (kind, colour)]
                hidden = [i for i in positions if old[i] not in seen_ids]
                keep = {old[i] for i in positions if old[i] in seen_ids}
                pool = [x for x in spec.pools[(kind, colour)] if x not in keep]
                for i, x in zip(hidden, rng.sample(pool, len(hidden)), strict=True):
                    new[i] = x
        dealt[q] = new
        hidden_gates = [
            i for i, (k, _) in enumerate(kinds) if k == "gate" and old[i] not in seen_q[0]
        ]
        new_ids = [new[i] for i in hidden_gates]
        rng.shuffle(new_ids)
        faces[q] = dict(zip([old[i] for i in hidden_gates], new_ids, strict=True))
    return _Draw(dealt, faces)


def _history(d: StateData, draw: _Draw) -> list[LogEntry]:
    """`d`'s log with the draw in it: the deals, and the opponents' settings of the
    Gate Cards whose faces changed (their events too)."""
    codec, plan = d.spec.codec, d.spec.deal_plan
    d.ensure_events()
    counts = [0] * d.spec.players
    deal_index = 0
    log: list[LogEntry] = []
    for e in d.log:
        if e.actor == CHANCE and codec.chance(e.action)[0] == DEAL:
            p, kind, _ = plan[deal_index]
            piece = draw.dealt[p][counts[p]]
            counts[p] += 1
            deal_index += 1
            if kind == "support":  # public pieces: never drawn again
                log.append(e)
            else:
                log.append(LogEntry(CHANCE, codec.deal_id(kind, piece), e.events))
            continue
        faces = draw.faces.get(e.actor)
        if faces:
            action, _ = codec.decode(e.actor, e.action)
            if isinstance(action, SetGate) and action.gate in faces:
                face = faces[action.gate]
                assert e.events is not None
                events = tuple(
                    dataclasses.replace(ev, gate=face)
                    if isinstance(ev, GateSet) and ev.gate == action.gate
                    else ev
                    for ev in e.events
                )
                log.append(
                    LogEntry(e.actor, codec.encode(dataclasses.replace(action, gate=face)), events)
                )
                continue
        log.append(e)
    return log


def _substitute(d: StateData, draw: _Draw) -> StateData:
    """`d` with the draw put in place: kits, hands (in kit order, as the core keeps
    them), face-down Gate Cards and the history. No check that the history fits."""
    out = d.__deepcopy__({})
    out.cache = {}
    out.dealt = [list(x) for x in draw.dealt]
    out.log = _history(d, draw)
    core = out.core
    if core is None:
        return out
    plan = d.spec.deal_plan
    kits = list(core.kits)
    for q, faces in draw.faces.items():
        for fg in core.field.values():
            if fg.owner == q and fg.gate in faces:
                fg.gate = faces[fg.gate]
        ps = core.players[q]
        kinds = [k for p, k, _ in plan if p == q]
        hidden_hand = {faces[g] for g in ps.gates}
        ps.gates = [
            x
            for k, x in zip(kinds, draw.dealt[q], strict=False)
            if k == "gate" and x in hidden_hand
        ]
        held = set(ps.abilities)
        old_kit = d.dealt[q]
        ps.abilities = [
            new
            for k, old, new in zip(kinds, old_kit, draw.dealt[q], strict=False)
            if k == "ability" and old in held
        ]
        kits[q] = out.kit(q)
    core.kits = tuple(kits)
    return out


def replay(
    spec: Spec,
    history: Sequence[LogEntry],
    viewer: int | None = None,
) -> StateData | None:
    """The data of the state `history`'s actions lead to, replayed through the rules
    core; None when some action is not legal for its actor there, or (with `viewer`)
    when `viewer` would have seen some step's events differently than `history` says."""
    out = StateData(spec)
    try:
        for e in history:
            if out.core is not None and out.current() != e.actor:
                return None
            out.apply(e.action)
            if viewer is not None:
                now, then = out.log[-1].events, e.events
                assert now is not None and then is not None
                if len(now) != len(then) or any(
                    redact(a, viewer) != redact(b, viewer) for a, b in zip(now, then, strict=True)
                ):
                    return None
    except (IllegalAction, ValueError, KeyError):
        return None
    return out


class ResampleMemory:
    """What `resample_data` learnt about the last few information sets: which of the
    opponents' Ability Card hands fit the history and which do not (only those cards
    decide whether a player is asked or skipped in a battle window; face-down Gate
    Cards change nothing until they open). A search resampling one root many times
    replays each hand once; after that a draw is checked by a look-up."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self._known: dict[tuple[int, str], dict[tuple[tuple[str, ...], ...], bool]] = {}
        # how resample_data answered: "fit" (replayed), "known" (looked up), "unchecked"
        self.stats: dict[str, int] = {"fit": 0, "known": 0, "unchecked": 0, "replays": 0}

    def known(self, viewer: int, infostate: str) -> dict[tuple[tuple[str, ...], ...], bool]:
        key = (viewer, infostate)
        found = self._known.get(key)
        if found is None:
            if len(self._known) >= self.keep:
                self._known.pop(next(iter(self._known)))
            found = self._known[key] = {}
        return found


RESAMPLE_REPLAYS = 64  # replays tried per call before the fallback world
_RESAMPLE_DRAWS = 4096  # draws per call (most judged by look-up) before the fallback
_MEMORY = ResampleMemory()


def resample_data(
    d: StateData,
    viewer: int,
    rng: random.Random,
    memory: ResampleMemory | None = None,
    replays: int = RESAMPLE_REPLAYS,
) -> StateData:
    """A state `viewer` cannot tell from `d`, everything he cannot see drawn again.

    What is hidden comes from the core's ``observation(viewer)`` (`hidden_cards`): each
    opponent's unseen Gate Cards (in hand and face down on the field) and Ability Cards
    (in hand). They are drawn again uniformly among the pool's cards of their colour
    that his kit does not visibly hold (`_draw`), and the deal and his Gate Card
    settings in the history change with them. A draw must fit the history: replayed
    through the rules core, every action must be legal for its actor and the viewer
    must see the same events (an opponent's new hand might have let him play where he
    was skipped, or left him nothing where he was asked). Draws that do not fit are
    drawn again, so the result is a uniform pick among the worlds consistent with all
    the viewer saw, with a history the game could have had. After `replays` replays
    without a fit (rare: a hand late in a long game) the last draw is put in place
    unchecked (`_substitute`); the viewer's information state is the same either way.
    """
    d.ensure_events()
    seen = hidden_cards(d, viewer)
    plan = d.spec.deal_plan
    dealt = plan[: sum(len(x) for x in d.dealt)]
    if not any(p != viewer and k != "bakugan" for p, k, _ in dealt):
        return d.__deepcopy__({})  # nothing hidden yet
    target = render_information_state(d, viewer)
    mem = memory or _MEMORY
    known = mem.known(viewer, target)
    draw = _draw(d, seen, rng)
    tried = 0
    for _ in range(_RESAMPLE_DRAWS):
        hands = draw.hands(d)
        fits = known.get(hands)
        if fits:
            mem.stats["known"] += 1
            return _substitute(d, draw)
        if fits is None:
            if tried >= replays:
                break
            tried += 1
            mem.stats["replays"] += 1
            out = replay(d.spec, _history(d, draw), viewer)
            if out is not None and render_information_state(out, viewer) == target:
                known[hands] = True
                mem.stats["fit"] += 1
                return out
            known[hands] = False
        draw = _draw(d, seen, rng)
    mem.stats["unchecked"] += 1
    return _substitute(d, draw)
