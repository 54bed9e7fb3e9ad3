"""What a seat sees, as text: built from the core's ``observation(player)``.

The opponent's hand shows as counts, his face-down Gate Cards without their faces;
``private`` ``"none"`` hides the viewer's own too, ``"all"`` shows everything. The
information state (perfect recall) is the view now plus everything the seat saw happen
(each action and event as the core's `redact` shows it to him).
"""

from __future__ import annotations

import dataclasses

from game.rules.classic import CHANCE, MatchState, Slot
from game.rules.classic.observation import Observation, PlayerView

from .data import StateData


def _hide_own(obs: Observation) -> Observation:
    """The public part of `obs`: the viewer's own hand and face-down gates hidden too."""
    v = obs.viewer
    field = tuple(
        dataclasses.replace(g, gate=None) if g.owner == v and not g.face_up else g
        for g in obs.field
    )
    players = tuple(
        dataclasses.replace(p, gates=None, abilities=None) if p.player == v else p
        for p in obs.players
    )
    return dataclasses.replace(obs, field=field, players=players)


def _reveal_all(core: MatchState, viewer: int) -> Observation:
    """Everything: each player's hand and every face, from each player's own observation."""
    views = [core.observation(p) for p in range(core.settings.players)]
    obs = views[viewer]
    field = tuple(
        dataclasses.replace(g, gate=views[g.owner].field[i].gate) for i, g in enumerate(obs.field)
    )
    players = tuple(views[p.player].players[p.player] for p in obs.players)
    return dataclasses.replace(obs, field=field, players=players)


def view(d: StateData, viewer: int, private: str) -> Observation | None:
    """The core's ``observation(viewer)`` (``private``: "single"; "none": the public part;
    "all": everything), kept until the state changes."""
    core = d.core
    if core is None:
        return None
    key = ("view", viewer, private)
    cached: Observation | None = d.cache.get(key)
    if cached is not None:
        return cached
    if private == "all":
        obs = _reveal_all(core, viewer)
    else:
        obs = core.observation(viewer)
        if private == "none":
            obs = _hide_own(obs)
    d.cache[key] = obs
    return obs


def _slot(s: Slot) -> str:
    return f"@{s[0]},{s[1]}"


def render_observation(d: StateData, viewer: int, private: str = "single") -> str:
    """The seat's view as text, built from the core's ``observation(viewer)``."""
    key = ("obs", viewer, private)
    cached = d.cache.get(key)
    if cached is not None:
        return str(cached)
    obs = view(d, viewer, private)
    text = _render_deal(d, viewer, private) if obs is None else _render_obs(d, obs)
    d.cache[key] = text
    return text


def _render_deal(d: StateData, viewer: int, private: str) -> str:
    lines = [f"p{viewer} view | dealing kits"]
    for p in range(d.spec.players):
        kit = d.kit(p)
        sees = private == "all" or (private == "single" and p == viewer)
        hand = (
            f"gates {' '.join(kit.gates) or '-'} | abilities {' '.join(kit.abilities) or '-'}"
            if sees
            else f"{len(kit.gates)} gates, {len(kit.abilities)} abilities"
        )
        pieces = " ".join(kit.traps + kit.gear)
        lines.append(
            f"p{p}: bakugan {' '.join(kit.bakugan) or '-'} | {hand}"
            + (f" | pieces {pieces}" if pieces else "")
        )
    if d.seating is not None:
        lines.append("seating " + " ".join(f"p{p}" for p in d.seating))
    if d.first is not None and d.spec.random_first:
        lines.append(f"first p{d.first}")
    return "\n".join(lines)


def _render_obs(d: StateData, obs: Observation) -> str:
    current = (
        "-" if obs.current is None else ("chance" if obs.current == CHANCE else f"p{obs.current}")
    )
    head = (
        f"p{obs.viewer} view | turn {obs.turn} of p{obs.turn_player} | {obs.phase} | to act "
        f"{current} | {obs.gates_to_win} gates to win"
    )
    if obs.winner is not None:
        head += f" | p{obs.winner} won"
    elif d.core is not None and d.core.turn > d.spec.max_turns:
        head += " | draw (turn limit)"
    lines = [head]
    if obs.thrown is not None:
        aim = "" if d.aim is None else f" aiming {_slot(d.aim)}"
        lines.append(f"thrown: p{obs.thrown[0]} {obs.thrown[1]}{aim}")
    for g in obs.field:
        face = g.gate or "?"
        up = " open" if g.face_up else ""
        standing = " ".join(f"p{p}:{b}" for p, b in g.standing) or "-"
        lines.append(f"gate {_slot(g.slot)} p{g.owner} {face}{up} [{standing}]")
    for p in obs.players:
        cap = " ".join(f"p{o}:{g}" for o, g in p.captured) or "-"
        hand = (
            f"gates {' '.join(p.gates) or '-'} | abilities {' '.join(p.abilities or ()) or '-'}"
            if p.gates is not None
            else f"{p.gate_count} gates, {p.ability_count} abilities in hand"
        )
        lines.append(
            f"p{p.player}: unused {' '.join(p.unused) or '-'} | used {' '.join(p.used) or '-'}"
            f" | captured {cap} | played {' '.join(p.used_abilities) or '-'} | {hand}"
            + _render_pieces(p)
        )
    b = obs.battle
    if b is not None:
        sides = " vs ".join(
            f"p{s.player} {s.bakugan} {s.attribute or 'clear'} {s.total}"
            for s in b.evaluation.sides
        )
        plays = " ".join(f"p{p}:{c}" for p, c in b.plays) or "-"
        pieces = " ".join(
            f"p{x.player}:{x.piece}({x.shown}{''.join(', ' + a for a in x.abilities)})"
            for x in b.supports
        )
        lines.append(
            f"battle {_slot(b.slot)} {b.window}{' gate open' if b.gate_open else ''}: {sides}"
            f" | leads p{b.evaluation.sides[b.evaluation.winner].player} | plays {plays}"
            + (f" | pieces {pieces}" if pieces else "")
        )
    if d.trap is not None:
        lines.append("a Trap opens: its face is drawn")
    return "\n".join(lines)


def _render_pieces(p: PlayerView) -> str:
    """A player's Traps, Battle Gear and Evolution cards (public), when he has any."""
    parts = []
    for name, ready, done in (
        ("traps", p.traps, p.used_traps),
        ("gear", p.gear, p.used_gear),
        ("evolutions", p.evolutions, p.evolved),
    ):
        if ready or done:
            parts.append(f"{name} {' '.join(ready) or '-'} (done {' '.join(done) or '-'})")
    return "".join(f" | {x}" for x in parts)


def render_information_state(d: StateData, viewer: int) -> str:
    """Perfect recall: the seat's view now, then everything it saw happen, in order."""
    key = ("info", viewer)
    cached = d.cache.get(key)
    if cached is not None:
        return str(cached)
    text = render_observation(d, viewer) + "\n--\n" + d.history_lines(viewer)
    d.cache[key] = text
    return text
