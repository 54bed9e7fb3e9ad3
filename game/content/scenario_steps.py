"""What every game's scenario runner does alike (docs/scenarios.md): a step played
against the rules core, and the checks of `expect` that read only the event log and the
legal actions.

A step either must be refused (`error`: the reason must contain it, and the refused
action must leave the state as it was) or must be allowed (each of `events` must be in
some event it returns). The checks: `events` in order in the log, none of `no_events`
in it, each of `legal` legal and none of `not_legal`. What a game's state holds (its
piles, its phases, its observation) each runner checks itself. Standard library and
`rules.api` only: the runners of the three games sit in two layers (content, games).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from game.rules.api import IllegalAction


class SteppedState(Protocol):
    """The part of a rules core's state (`rules.api.GameState`) a step needs."""

    def apply(self, action: Any) -> Sequence[Any]: ...

    def to_json(self) -> dict[str, Any]: ...


def play_step(
    state: SteppedState,
    action: Any,
    where: str,
    error: str | None,
    events: Iterable[str],
    log: list[Any],
    failures: list[str],
) -> str | None:
    """Play one step: its events go on `log`, what is wrong but lets the run go on on
    `failures`; returns the failure that ends the run (an action refused that should not
    be, or allowed that should be refused), else None."""
    if error is not None:
        before = state.to_json()
        try:
            state.apply(action)
        except IllegalAction as e:
            if error not in e.reason:
                failures.append(f"{where}: refused with {e.reason!r}, expected {error!r}")
            if state.to_json() != before:
                failures.append(f"{where}: the refused action changed the state")
            return None
        return f"{where}: was allowed, expected refusal {error!r}"
    try:
        happened = state.apply(action)
    except IllegalAction as e:
        return f"{where}: refused: {e.reason}"
    texts = [str(e) for e in happened]
    for want in events:
        if not any(want in t for t in texts):
            failures.append(f"{where}: no event contains {want!r}; got {texts}")
    log.extend(happened)
    return None


class ScenarioStep(Protocol):
    """The part of a scenario's step `run_steps` reads: its text, the refusal it
    expects, the events it expects."""

    @property
    def text(self) -> str: ...

    @property
    def error(self) -> str | None: ...

    @property
    def events(self) -> Sequence[str]: ...


S = TypeVar("S", bound=ScenarioStep)


class Stop(str):
    """What `run_steps`' action of a step gives to end the run: the failure."""


NOTHING_TO_PLAY = object()
"""What `run_steps`' action of a step gives for a step the runner has played itself."""


def run_steps(
    state: SteppedState,
    steps: Sequence[S],
    action_of: Callable[[str, S], Any],
    log: list[Any],
    expect: Callable[[], list[str]],
) -> list[str]:
    """Play a scenario's steps in order (`play_step`), each where ``steps[i] 'text'``,
    then check its `expect` (called once the steps are played): the failures.
    `action_of(where, step)` is the step's action, or `NOTHING_TO_PLAY` (the runner did
    the step itself), or a `Stop`, which ends the run as a refused step does."""
    failures: list[str] = []
    for i, step in enumerate(steps):
        where = f"steps[{i}] {step.text!r}"
        action = action_of(where, step)
        if isinstance(action, Stop):
            return [*failures, str(action)]
        if action is NOTHING_TO_PLAY:
            continue
        stop = play_step(state, action, where, step.error, step.events, log, failures)
        if stop is not None:
            return [*failures, stop]
    failures.extend(expect())
    return failures


def refused_setup(key: str, wanted: Any, refusal: str, what: str) -> list[str]:
    """The failures of a scenario whose setup the rules core refused (`refusal`: why),
    against `expect.<key>` (``kit_error``, ``settings_error``: a text, or a list of
    texts, the refusal must contain): none when it was refused as the scenario says."""
    texts = [wanted] if isinstance(wanted, str) else list(wanted or [])
    missing = [t for t in texts if t not in refusal]
    if texts and not missing:
        return []
    return [f"setup: {what} refused: {refusal}" + (f" (missing {missing})" if texts else "")]


def check_log(expect: dict[str, Any], log: Sequence[Any], failures: list[str]) -> None:
    """`expect.events`: each in some event of the log (as text), in this order;
    `expect.no_events`: none."""
    texts = [str(e) for e in log]
    at = 0
    for want in expect.get("events", []):
        while at < len(texts) and want not in texts[at]:
            at += 1
        if at == len(texts):
            failures.append(f"expect.events: {want!r} not found in order; log: {texts}")
            break
        at += 1
    for banned in expect.get("no_events", []):
        hits = [t for t in texts if banned in t]
        if hits:
            failures.append(f"expect.no_events: {banned!r} happened: {hits}")


class ToAct(Protocol):
    """The part of a rules core's state (`rules.api.GameState`) `legal_now` reads."""

    def current_players(self) -> tuple[int, ...]: ...

    def legal_actions(self, player: int) -> Sequence[Any]: ...


def legal_now(state: ToAct) -> set[str]:
    """Every action legal now to a player to act, as text (what `check_legal` takes)."""
    return {str(a) for p in state.current_players() for a in state.legal_actions(p)}


def check_legal(expect: dict[str, Any], legal: set[str], failures: list[str]) -> None:
    """`expect.legal`: each among the legal actions (as text); `expect.not_legal`: none."""
    for want in expect.get("legal", []):
        if want not in legal:
            failures.append(f"expect.legal: {want!r} is not legal; legal: {sorted(legal)}")
    for banned in expect.get("not_legal", []):
        if banned in legal:
            failures.append(f"expect.not_legal: {banned!r} is legal")


class Checks:
    """One comparison of `expect` a call: ``check(key, actual, want)`` notes
    ``<where>.<key>: got <actual>, expected <want>`` on `failures` when they differ."""

    def __init__(self, where: str = "expect") -> None:
        self.where = where
        self.failures: list[str] = []

    def __call__(self, key: str, actual: Any, want: Any) -> None:
        if actual != want:
            self.failures.append(f"{self.where}.{key}: got {actual!r}, expected {want!r}")

    @classmethod
    def begun(
        cls,
        expect: dict[str, Any],
        readings: dict[str, Any],
        log: Sequence[Any],
        legal: set[str],
    ) -> Checks:
        """The checks every game's `expect` begins with, made: the `readings` it names
        (`readings`), the events of the `log` (`check_log`), the `legal` actions
        (`check_legal`); the game's runner goes on with what its state holds."""
        check = cls()
        check.readings(expect, readings)
        check_log(expect, log, check.failures)
        check_legal(expect, legal, check.failures)
        return check

    def readings(self, expect: dict[str, Any], readings: dict[str, Any]) -> None:
        """Each reading of the state (key -> its value now, as `expect` writes it) that
        `expect` names, compared."""
        for key, actual in readings.items():
            if key in expect:
                self(key, actual, expect[key])
