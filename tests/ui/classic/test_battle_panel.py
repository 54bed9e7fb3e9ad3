"""The battle panel tells the truth, live: after every event, what it shows (its model,
not pixels) is the rules core's breakdown as it stood right after that event; every
layer is listed; the totals are the sum of the lines; the last battle stays in view,
in full, until the results."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.content.classic import shipped_catalog
from game.match.classic.session import Entry, MatchSession, ThrowDone
from game.rules.classic import MatchState, PlayAbility, Settings, random_kit
from game.rules.classic import battle as bt
from game.rules.classic import events as ev
from game.ui.app import App
from game.ui.classic.battle_panel import PanelModel
from game.ui.classic.match import MatchScene

CAT = shipped_catalog()

Truth = tuple[bt.Evaluation | None, bool]  # the core's evaluation, the result announced


def _truth(state: MatchState) -> Truth:
    b = state.battle
    if b is None:
        return None, False
    return state.evaluate_battle(), b.winner is not None


def _watch(
    session: MatchSession,
    truths: dict[int, Truth],
    steps: list[list[Entry]],
    before: list[Truth],
) -> None:
    """Wrap the session so the test, not the screen, records the core's breakdown after
    each event (by the event object's identity), each step's entries, and the battle
    as it stood before each step."""
    act, apply_throw = session.act, session.apply_throw

    def chain(observe: Callable[[ev.Event], None] | None) -> Callable[[ev.Event], None]:
        def seen(event: ev.Event) -> None:
            truths[id(event)] = _truth(session.state)
            if observe is not None:
                observe(event)

        return seen

    def act_(action: Any, observe: Any = None) -> list[Entry]:
        before.append(_truth(session.state))
        entries = act(action, chain(observe))
        steps.append(entries)
        return entries

    def throw_(player: int, bakugan: str, throw: Any, result: Any, observe: Any = None) -> Any:
        before.append(_truth(session.state))
        entries = apply_throw(player, bakugan, throw, result, chain(observe))
        steps.append(entries)
        return entries

    session.act = act_  # type: ignore[method-assign]
    session.apply_throw = throw_  # type: ignore[method-assign]


def _same(model: PanelModel, truth: bt.Evaluation) -> None:
    for shown, side in zip(model.sides, truth.sides, strict=True):
        assert (shown.player, shown.bakugan) == (side.player, side.bakugan)
        assert [(ln.layer, ln.amount) for ln in shown.lines] == list(side.parts), (shown, side)
        assert shown.total == side.total == sum(ln.amount for ln in shown.lines)
        assert all(ln.text for ln in shown.lines)
    assert model.leader == truth.winner and model.lower_wins == truth.lower_wins


def _breakdown(model: PanelModel, i: int) -> str:
    """The panel's lines written the way the core writes a battle's result."""
    first, *rest = model.sides[i].lines
    return f"{first.layer} {first.amount}" + "".join(f", {ln.layer} {ln.amount:+d}" for ln in rest)


def test_the_battle_panel_shows_the_core_breakdown_after_every_event() -> None:
    # 80 battles (about 43 matches: every mix of Big Game and support pieces, seven
    # times over, some 2,400 events checked): 200 checked the same in three times as long.
    app = App("en", fast=True)
    battles = results = finals = checks = 0
    seed = 0
    while battles < 80:
        seed += 1
        rng = random.Random(seed)
        rules = Settings.preset(2, big_game=seed % 3 == 0)
        support = 2 if seed % 2 else 0
        kits = [random_kit(CAT, rng, rules, support=support) for _ in range(2)]
        scene = MatchScene(
            app, kits, (False, False), seed % 2, seed=seed, level="easy", settings=rules
        )
        app.reset(scene)
        truths: dict[int, Truth] = {}
        steps: list[list[Entry]] = []
        before: list[Truth] = []
        _watch(scene.session, truths, steps, before)
        for _ in range(20_000):
            if scene.session.over and not scene.anims:
                break
            scene.update(10.0)
            if not scene.anims:
                model = scene.battle_panel()
                live = scene.session.state
                if live.battle is None:
                    assert model is None
                else:
                    assert model is not None
                    _same(model, live.evaluate_battle())
                continue
            a = scene.anims[0]
            model = scene.battle_panel()
            if a.entry is None or isinstance(a.entry, ThrowDone):
                assert model is None  # a throw is never made during a battle
                continue
            step = next(i for i, s in enumerate(steps) if any(e is a.entry for e in s))
            truth, announced = truths[id(a.entry)]
            # The result announced last, before this event (in this step, or standing
            # when the step began): it stays in view once its battle has ended.
            result = before[step][0] if before[step][1] else None
            for e in steps[step]:
                if e is a.entry:
                    break
                if not isinstance(e, ThrowDone) and truths[id(e)][1]:
                    result = truths[id(e)][0]
            if truth is not None:
                assert model is not None, a.entry
                _same(model, truth)
                assert model.decided == announced
            elif result is not None:  # the battle ended in this step: its result stays
                assert model is not None and model.decided, a.entry
                _same(model, result)
            else:
                assert model is None, a.entry
            checks += 1
            if isinstance(a.entry, ev.BattleStarted):
                battles += 1
            if isinstance(a.entry, ev.BattleResolved):
                results += 1
                assert model is not None and model.decided
                for i, (_, bakugan, total, text) in enumerate(a.entry.sides):
                    assert model.sides[i].bakugan == bakugan and model.sides[i].total == total
                    assert _breakdown(model, i) == text
            if isinstance(a.entry, ev.GameWon) and result is not None:
                finals += 1  # the last battle, in full, right before the results
                assert model is not None and model.decided
        assert scene.session.over
    assert results >= 80 and finals >= 5 and checks > 2000
    pygame.quit()


def test_each_event_is_observed_after_the_change_it_reports() -> None:
    """The rules core's observer sees an Ability Card's play already in the battle, and
    the Gate Card already open with "Gate Card, open!"."""
    rng = random.Random(3)
    played = opened = 0
    for seed in range(30):
        session = MatchSession(CAT, [random_kit(CAT, rng) for _ in range(2)], seed=seed)
        state = session.state

        def look(event: ev.Event, state: MatchState = state) -> None:
            nonlocal played, opened
            b = state.battle
            if isinstance(event, ev.AbilityPlayed) and b is not None:
                assert any(p.card == event.card for p in b.plays)
                played += 1
            if isinstance(event, ev.GateOpened):
                assert b is not None and b.gate_open
                opened += 1

        pick = random.Random(seed)
        while not session.over:
            waiting = session.awaiting_throw()
            p = session.actor()
            assert p is not None
            if waiting:
                from game import physics

                zone = session.zone(p)
                angle = 1.5708 if session.side(p) == "bottom" else -1.5708
                origin = (pick.uniform(250, 550), (zone.y0 + zone.y1) / 2)
                session.throw(p, physics.Throw(origin, angle, pick.uniform(700, 1300)), look)
                continue
            legal = session.legal_actions()
            plays = [a for a in legal if isinstance(a, PlayAbility)]
            session.act(plays[0] if plays and pick.random() < 0.6 else pick.choice(legal), look)
    assert played >= 10 and opened >= 10
