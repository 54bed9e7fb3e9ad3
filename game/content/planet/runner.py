"""Runs Battle Planet scenarios (docs/scenarios.md "Battle Planet") against the rules
core: the kits, cards staged into Energy or the discard, the Hidden Matrix placed (by
the runner on a spiral, unless the scenario places it), the steps, then the checks."""

from __future__ import annotations

from typing import Any

from game.rules.planet import (
    CHANCE,
    Action,
    Catalog,
    Discard,
    Energize,
    FlipChoice,
    InvalidKit,
    Pass,
    Phase,
    PlaceCore,
    PlanetState,
    stats,
)
from game.rules.planet.events import Event
from game.rules.planet.hexgrid import hex_str, spiral
from game.rules.planet.phases import WINDOWS

from ..scenario_steps import (
    NOTHING_TO_PLAY,
    Checks,
    Stop,
    legal_now,
    refused_setup,
    run_steps,
)
from .scenarios import PlanetScenario, Step


def auto_matrix(state: PlanetState) -> list[Event]:
    """Place both players' BakuCores in turn (each in kit order) on a spiral from the
    centre: the k-th core placed goes on `spiral(12)[k]`."""
    events: list[Event] = []
    places = spiral(sum(len(s.supply) for s in state.sides))
    at = 0
    while state.phase is Phase.CORES:
        p = state.current_players()[0]
        events += state.apply(PlaceCore(p, state.sides[p].supply[0], places[at]))
        at += 1
    return events


def _default(state: PlanetState, player: int) -> Action | None:
    if state.choices:
        return Discard(player, state.sides[player].hand[0])
    if state.phase in WINDOWS:
        return Pass(player)
    if state.phase is Phase.ENERGIZE:
        return Energize(player, None)
    if state.phase is Phase.FLIP:
        return FlipChoice(player, False)
    return None


def _until(state: PlanetState, step: Step, log: list[Event]) -> str | None:
    for _ in range(1000):
        if state.phase is step.until or state.is_over():
            return None
        player = state.current_players()[0]
        action = _default(state, player) if player != CHANCE else None
        if action is None:
            return f"{step.text}: stopped at {state.phase.value}, which needs a choice"
        log.extend(state.apply(action))
    return f"{step.text}: never reached"


def run_planet_scenario(sc: PlanetScenario, catalog: Catalog) -> list[str]:
    """The scenario's failures (empty when it passes)."""
    kit_error = sc.expect.get("kit_error")
    try:
        state, log = PlanetState.new(catalog, [k.kit for k in sc.kits], sc.settings, sc.seed)
    except InvalidKit as e:
        return refused_setup("kit_error", kit_error, str(e), "kit")
    if kit_error is not None:
        return [f"expect.kit_error: the kits were accepted, expected {kit_error!r}"]
    for p, k in enumerate(sc.kits):
        state.stage(p, "energy", k.energy)
        state.stage(p, "discard", k.discard)
        state.stage(p, "open", k.open)
    if sc.auto_matrix:
        log += auto_matrix(state)

    def action_of(where: str, step: Step) -> Any:
        if step.until is None:
            assert step.action is not None
            return step.action
        problem = _until(state, step, log)
        return Stop(f"{where}: {problem}") if problem else NOTHING_TO_PLAY

    return run_steps(state, sc.steps, action_of, log, lambda: check_expect(sc.expect, state, log))


def check_expect(expect: dict[str, Any], state: PlanetState, log: list[Event]) -> list[str]:
    check = Checks.begun(
        expect,
        {
            "phase": state.phase.value,
            "current": list(state.current_players()),
            "turn": state.turn,
            "winner": -1 if state.winner is None else state.winner,
            "draw": state.is_over() and state.winner is None,
            "victor": -1 if state.victor is None else state.victor,
        },
        log,
        legal_now(state),
    )
    failures = check.failures
    if "batch" in expect:
        check("batch", [f"p{i.player} {i.card}" for i in state.batch], list(expect["batch"]))
    if "matrix_free" in expect:
        free = sorted(hex_str(h) for h, c in state.matrix.items() if not c.held_by)
        check("matrix_free", free, sorted(expect["matrix_free"]))
    for ref, want in expect.get("stats", {}).items():
        player, _, char = ref.partition(":")
        if player not in ("p0", "p1") or state.sides[int(player[1])].find(char) is None:
            failures.append(f"expect.stats.{ref}: no such Bakugan")
            continue
        s = stats(state, int(player[1]), char)
        got = {
            "b": s.b_power,
            "d": s.damage,
            "b_text": s.b_text(),
            "d_text": s.d_text(),
            "frost": s.frost,
            "shadow": s.shadow,
            "double": s.double,
        }
        for key, value in want.items():
            check(f"stats.{ref}.{key}", got.get(key), value)
    for seat in ("p0", "p1"):
        if seat in expect:
            failures.extend(_check_side(state, int(seat[1]), expect[seat]))
    if "observation" in expect:
        failures.extend(_check_observation(state, expect["observation"]))
    return failures


def _check_side(state: PlanetState, p: int, want: dict[str, Any]) -> list[str]:
    side = state.sides[p]
    got: dict[str, Any] = {
        "hand": sorted(side.hand),
        "discard": sorted(side.discard),
        "energy": sorted(side.energy),
        "charged": side.charged_count(),
        "pool": side.pool,
        "deck_count": len(side.deck),
        "heroes": sorted(h.card for h in side.heroes),
        "open": sorted(b.character for b in side.bakugan if b.open),
        "face_up": sorted(b.character for b in side.bakugan if b.face_up),
        "cores": {b.character: [hex_str(h) for h in b.cores] for b in side.bakugan if b.cores},
        "evolutions": {b.character: list(b.evolutions) for b in side.bakugan if b.evolutions},
        "picked": side.picked or "",
    }
    failures = []
    for key, value in want.items():
        if key == "deck_top":
            actual: Any = side.deck[: len(value)]
            value = list(value)
        else:
            actual = got[key]
            if isinstance(actual, list) and key in (
                "hand",
                "discard",
                "energy",
                "heroes",
                "open",
                "face_up",
            ):
                value = sorted(value)
            elif isinstance(actual, dict):
                value = {k: list(v) for k, v in value.items()}
        if actual != value:
            failures.append(f"expect.p{p}.{key}: got {actual!r}, expected {value!r}")
    return failures


def _check_observation(state: PlanetState, want: dict[str, Any]) -> list[str]:
    viewer = int(want["viewer"])
    obs = state.observation(viewer)
    failures = []
    where = f"expect.observation (viewer p{viewer})"
    for seat in ("p0", "p1"):
        view = obs.sides[int(seat[1])]
        for key, value in want.get(seat, {}).items():
            if key == "bakugan":
                actual: Any = [b.character or "hidden" for b in view.bakugan]
            else:
                actual = getattr(view, key)
                if actual is None:
                    actual = "hidden"
                elif isinstance(actual, tuple):
                    actual = list(actual)
            if actual != value:
                failures.append(f"{where}.{seat}.{key}: got {actual!r}, expected {value!r}")
    if "matrix" in want:
        actual = {hex_str(c.hex): c.core or "hidden" for c in obs.matrix}
        expected = dict(want["matrix"])
        sub = {k: actual.get(k) for k in expected}
        if sub != expected:
            failures.append(f"{where}.matrix: got {sub!r}, expected {expected!r}")
    return failures
