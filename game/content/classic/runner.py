"""Runs rules scenarios (docs/scenarios.md) against the classic rules core.

`bakugan scenario PATH...` (game/games/scenarios.py) hands each classic file here.
"""

from __future__ import annotations

from typing import Any

from game.content.classic.scenarios import Scenario
from game.content.scenario_steps import Checks, refused_setup, run_steps
from game.rules.classic import Catalog, InvalidKit, MatchState
from game.rules.classic.events import BattleResolved, Event


def _player_key(value: Any) -> int:
    if isinstance(value, int):
        return value
    return int(str(value).lstrip("p"))


def _field_text(state: MatchState) -> dict[str, str]:
    out = {}
    for (c, r), fg in state.field.items():
        text = f"p{fg.owner} {fg.gate}"
        if fg.standing:
            text += ": " + ", ".join(f"p{q} {b}" for q, b in fg.standing)
        out[f"@{c},{r}"] = text
    return out


def run_scenario(sc: Scenario, catalog: Catalog) -> list[str]:
    """The scenario's failures (empty when it passes)."""
    try:
        return _run(sc, catalog)
    except Exception as e:  # a crash of the rules core is a failure to report, not ours
        return [f"crashed: {type(e).__name__}: {e}"]


def _run(sc: Scenario, catalog: Catalog) -> list[str]:
    kit_error = sc.expect.get("kit_error")
    try:
        state, opening = MatchState.new(catalog, sc.kits, sc.settings, seed=sc.seed)
    except (InvalidKit, ValueError) as e:
        return refused_setup("kit_error", kit_error, str(e), "kit")
    if kit_error is not None:
        return [f"expect.kit_error: the kits were accepted, expected {kit_error!r}"]
    log = list(opening)
    return run_steps(
        state,
        sc.steps,
        lambda where, step: step.action,
        log,
        lambda: _check_expect(sc.expect, state, log),
    )


def _check_expect(expect: dict[str, Any], state: MatchState, log: list[Event]) -> list[str]:
    current = state.current_player()
    check = Checks.begun(
        expect,
        {
            "phase": state.phase,
            "turn_player": state.turn_player,
            "current": -2 if current is None else current,
            "winner": -1 if state.winner is None else state.winner,
            "game_level": state.game_level(),
        },
        log,
        {str(a) for a in state.legal_actions()},
    )
    failures = check.failures
    resolved = [e for e in log if isinstance(e, BattleResolved)]
    want_battles = expect.get("battles", [])
    if len(resolved) != len(want_battles):
        failures.append(
            f"expect.battles: {len(resolved)} battles resolved, expected {len(want_battles)}"
        )
    for i, (got, want) in enumerate(zip(resolved, want_battles, strict=False)):
        if "winner" in want:
            check(f"battles[{i}].winner", got.winner, _player_key(want["winner"]))
        by_player = {f"p{p}": (total, bd) for p, _, total, bd in got.sides}
        for p, total in want.get("totals", {}).items():
            check(f"battles[{i}].totals.{p}", by_player.get(p, (None, None))[0], total)
        for p, bd in want.get("breakdown", {}).items():
            check(f"battles[{i}].breakdown.{p}", by_player.get(p, (None, None))[1], bd)
    for p in ("p0", "p1", "p2", "p3"):
        if p not in expect:
            continue
        ps = state.players[_player_key(p)]
        for pile, want in expect.get(p, {}).items():
            if pile == "captured":
                actual = sorted(f"p{o}:{g}" for o, g in ps.captured)
            else:
                actual = sorted(getattr(ps, pile))
            check(f"{p}.{pile}", actual, sorted(want))
    if "field" in expect:
        check("field", _field_text(state), dict(expect["field"]))
    if "observation" in expect:
        failures.extend(_check_observation(expect["observation"], state))
    return failures


def _check_observation(want: dict[str, Any], state: MatchState) -> list[str]:
    """What one player sees: his view of each player's piles ("hidden": not shown)."""
    obs = state.observation(want["viewer"])
    failures: list[str] = []
    where = f"expect.observation (viewer p{want['viewer']})"
    for key in ("game_level", "phase"):
        if key in want and getattr(obs, key) != want[key]:
            failures.append(f"{where}.{key}: got {getattr(obs, key)!r}, expected {want[key]!r}")
    if "current" in want:
        current = -2 if obs.current is None else obs.current
        if current != want["current"]:
            failures.append(f"{where}.current: got {current}, expected {want['current']}")
    if "supports" in want:
        got = []
        if obs.battle is not None:
            for x in obs.battle.supports:
                text = f"p{x.player} {x.kind} {x.piece} shows {x.shown}"
                got.append(text + (f" {x.mode}" if x.mode else ""))
        if got != list(want["supports"]):
            failures.append(f"{where}.supports: got {got}, expected {want['supports']}")
    for p in ("p0", "p1", "p2", "p3"):
        for pile, value in want.get(p, {}).items():
            actual: Any = getattr(obs.players[_player_key(p)], pile)
            if actual is None:
                actual = "hidden"
            elif pile == "captured":
                actual = sorted(f"p{o}:{g}" for o, g in actual)
            else:
                actual = sorted(actual)
            expected = value if value == "hidden" else sorted(value)
            if actual != expected:
                failures.append(f"{where}.{p}.{pile}: got {actual!r}, expected {expected!r}")
    return failures
