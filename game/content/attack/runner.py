"""Runs Bakugan Attack! scenarios (docs/scenarios.md) against the Attack rules core.

The setup's shortcuts become ordinary chance actions before the steps: `dealer` is a
roll-off it wins (6 against 1s), `hands` the first deal, `target_dice` the target rolls
in the order the rules ask for them. `keep` plays with only these cards (the others are
set aside like the 3- and 5-player removals), so a scenario reaches the end of a deal in
a few rounds. Then the steps run, and `expect` is checked.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Any

from game.content.attack.scenarios import AttackScenario, AttackStep
from game.content.scenario_steps import (
    Checks,
    Stop,
    legal_now,
    refused_setup,
    run_steps,
)
from game.rules.attack import (
    CHANCE,
    AttackState,
    Deal,
    Deck,
    IllegalAction,
    InvalidSettings,
    PlayerSetup,
    Roll,
    Settings,
)
from game.rules.attack.events import Event


def scenario_deck(sc: AttackScenario, deck: Deck) -> Deck:
    """The shipped deck, or with `keep`: only those cards are played."""
    if sc.keep is None or sc.players not in deck.setups:
        return deck
    keep = Counter(sc.keep)
    full = deck.full()
    over = [c for c, k in keep.items() if k > full[c]]
    if over:
        raise ValueError(f"setup.keep: more {', '.join(over)} than the deck has")
    remove = MappingProxyType({c: full[c] - keep.get(c, 0) for c in full})
    shift = deck.setups[sc.players].target_shift
    setups = dict(deck.setups)
    setups[sc.players] = PlayerSetup(sc.players, remove, shift)
    return Deck(deck.cards, setups)


def _prelude(sc: AttackScenario, state: AttackState) -> list[Event]:
    log: list[Event] = []
    n = state.n
    if sc.dealer is not None:
        for p in range(n):
            log.extend(state.apply(Roll(p, 6 if p == sc.dealer else 1)))
    if sc.hands is not None:
        log.extend(state.apply(Deal(sc.hands, sc.aside)))
    if sc.target_dice is not None:
        for _ in range(n):
            roller = state.roller()
            log.extend(state.apply(Roll(roller, sc.target_dice[roller])))
    return log


def run_attack_scenario(sc: AttackScenario, deck: Deck) -> list[str]:
    """The scenario's failures (empty when it passes)."""
    settings_error = sc.expect.get("settings_error")
    try:
        played = scenario_deck(sc, deck)
    except ValueError as e:
        return [str(e)]
    settings = Settings(sc.players, sc.variant, sc.end_score, sc.max_deals, sc.stall, sc.house_roll)
    try:
        state, log = AttackState.new(played, settings, seed=sc.seed)
    except InvalidSettings as e:
        return refused_setup("settings_error", settings_error, e.reason, "settings")
    if settings_error is not None:
        return [f"expect.settings_error: the settings were accepted, expected {settings_error!r}"]
    try:
        log.extend(_prelude(sc, state))
    except IllegalAction as e:
        return [f"setup: {e}"]

    def action_of(where: str, step: AttackStep) -> Any:
        if step.action is not None:
            return step.action
        if CHANCE not in state.current_players():
            return Stop(f"{where}: no chance outcome is due ({state.phase.value})")
        return state.chance_action()

    return run_steps(state, sc.steps, action_of, log, lambda: check_expect(sc.expect, state, log))


def _sorted(state: AttackState, cards: Any) -> list[str]:
    return state.deck.sort([str(c) for c in cards])


def _cards_or_count(state: AttackState, actual: list[str], want: Any) -> tuple[Any, Any]:
    if isinstance(want, int):
        return len(actual), want
    return _sorted(state, actual), _sorted(state, want)


def check_expect(expect: dict[str, Any], state: AttackState, log: list[Event]) -> list[str]:
    check = Checks.begun(
        expect,
        {
            "phase": state.phase.value,
            "current": list(state.current_players()),
            "dealer": state.dealer,
            "leader": state.leader,
            "deal": state.deal_no,
            "round": state.round_no,
            "over_reason": state.over_reason,
            "targets": [-1 if t is None else t for t in state.targets],
            "points": state.points,
            "hand_sizes": [len(h) for h in state.hands],
        },
        log,
        legal_now(state),
    )
    failures = check.failures
    for kind, piles in (("caught", state.caught), ("hands", state.hands)):
        for seat, want in expect.get(kind, {}).items():
            p = int(seat.lstrip("p"))
            check(f"{kind}.{seat}", *_cards_or_count(state, piles[p], want))
    for key, pile in (
        ("discards", state.discards),
        ("aside", state.aside),
        ("removed", state.removed),
    ):
        if key in expect:
            check(key, *_cards_or_count(state, pile, expect[key]))
    if "table" in expect:
        check("table", [f"p{p} {c}" for p, c in state.table], expect["table"])
    result = state.result()
    if "winners" in expect or "ranking" in expect:
        if result is None:
            failures.append("expect.winners: the game is not over")
        else:
            winners = [p for p in range(state.n) if result.places[p] == 0]
            if "winners" in expect:
                check("winners", winners, expect["winners"])
            if "ranking" in expect:
                check("ranking", list(result.ranking), expect["ranking"])
    if "observation" in expect:
        failures.extend(_check_observation(expect["observation"], state))
    return failures


def _check_observation(want: dict[str, Any], state: AttackState) -> list[str]:
    viewer = int(want["viewer"])
    obs = state.observation(viewer)
    check = Checks(f"expect.observation (viewer p{viewer})")

    if "hand" in want:
        check("hand", list(obs.hand), _sorted(state, want["hand"]))
    if "my_caught" in want:
        check("my_caught", _sorted(state, obs.my_caught), _sorted(state, want["my_caught"]))
    if "hand_sizes" in want:
        check("hand_sizes", [s.hand for s in obs.seats], want["hand_sizes"])
    if "caught_counts" in want:
        check("caught_counts", [s.caught for s in obs.seats], want["caught_counts"])
    if "targets" in want:
        check("targets", [-1 if s.target is None else s.target for s in obs.seats], want["targets"])
    if "table" in want:
        check("table", [f"p{p} {c}" for p, c in obs.table], want["table"])
    if "chosen" in want:
        check("chosen", [s.player for s in obs.seats if s.chosen], want["chosen"])
    if "my_choice" in want:
        check("my_choice", obs.my_choice or "none", want["my_choice"])
    if "current" in want:
        check("current", list(obs.current), want["current"])
    if "deal_pool" in want:
        check("deal_pool", dict(obs.deal_pool), dict(want["deal_pool"]))
    if "rounds" in want:
        check("rounds", len(obs.rounds), want["rounds"])
    return check.failures
