"""No hidden card leaves the host (issue 27.3). Over whole matches of each game, bots
at every seat over the loopback address, every text each client received is checked
against the match at the moment the host sent it:

- no identity of a card its seat may not see then appears in it: the other players'
  hands, face-down Gate Cards, Attack's blind choices and the cards set aside (Runo's
  draw comes out of a hand), Planet's hands, face-down Energy and Characters, the
  Bakugan rolled while both roll, the backs of cores and both decks. Those are read
  here from the rules state itself, a second statement of each game's curtain beside
  its observation; a card the seat also sees in a place open to it (the same kind in
  its own hand, a face-up card) is no secret and is not looked for. Attack's cards of
  a deal are public as kinds (the deal's pool), so what is hidden there is who holds
  which: the pool is left out of the search, the rest of the view is not;
- every view in it is the seat's observation exactly (`plain(observe(state, seat))`,
  the rules core's own function, which the screens' curtain tests hold to);
- what the client received is, byte for byte and in order, what was checked.

The test shows its teeth: with one observation leaking one card (monkeypatched), it
fails, in each game.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.games.net_kit import plain
from game.net.host import Host
from tests.net.play import play

WORD = re.compile(r"[A-Za-z0-9_]+")


def words(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every word of every string (keys too) in a JSON value, but under `skip` keys."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(WORD.findall(value))
    elif isinstance(value, list):
        for v in value:
            out |= words(v, skip)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out |= words(k) | words(v, skip)
    return out


# --- each game's curtain, read from its state --------------------------------------


def classic_hidden(state: Any, seat: int) -> set[str]:
    hidden: set[str] = set()
    for p, ps in enumerate(state.players):
        if p != seat:
            hidden |= set(ps.gates) | set(ps.abilities)
    battle = state.battle
    for slot, fg in state.field.items():
        face_up = battle is not None and battle.slot == slot and battle.gate_open
        if fg.owner != seat and not face_up:
            hidden.add(fg.gate)
    return hidden


def attack_hidden(state: Any, seat: int) -> set[str]:
    hidden = set(state.aside)
    for p in range(state.n):
        if p != seat:
            hidden |= set(state.hands[p])
            if state.pending and state.pending[p] is not None:
                hidden.add(state.pending[p])
    return hidden


def planet_hidden(state: Any, seat: int) -> set[str]:
    from game.rules.planet.phases import Phase

    hidden: set[str] = set()
    for p, side in enumerate(state.sides):
        hidden |= set(side.deck)
        if p != seat:
            hidden |= set(side.hand) | set(side.energy)
            hidden |= {b.character for b in side.bakugan if not b.face_up}
            if state.phase is Phase.ROLL and side.picked:
                hidden.add(side.picked)
    for core in state.matrix.values():
        if not core.revealed and core.owner != seat:
            hidden.add(core.core)
    return hidden - set(state.sides[seat].supply)  # its own BakuCores, still to place


def _state(host: Host) -> Any:
    table: Any = host.table
    return table.match.state if host.options.game == "attack" else table.session.state


def _observe(game: str) -> Callable[[Any, int], Any]:
    if game == "classic":
        from game.rules.classic.observation import observe
    elif game == "attack":
        from game.rules.attack.observation import observe
    else:
        from game.rules.planet.observation import observe
    return observe


HIDDEN = {"classic": classic_hidden, "attack": attack_hidden, "planet": planet_hidden}
PUBLIC_KINDS = {"attack": frozenset({"deal_pool"})}
"""Fields whose card kinds every seat may see (left out of the search)."""


@dataclasses.dataclass
class Watch:
    """What the host sent each seat, each text with its verdict at that moment."""

    game: str
    sent: dict[int, list[str]] = dataclasses.field(default_factory=dict)
    leaks: list[str] = dataclasses.field(default_factory=list)
    secrets_looked_for: int = 0

    def probe(self, host: Host) -> Callable[[int, str], None]:
        observe, hidden = _observe(self.game), HIDDEN[self.game]
        skip = PUBLIC_KINDS.get(self.game, frozenset())

        def check(seat: int, text: str) -> None:
            self.sent.setdefault(seat, []).append(text)
            if host.table is None:
                return
            state = _state(host)
            reference = plain(observe(state, seat))
            secret = hidden(state, seat) - words(reference, skip)
            self.secrets_looked_for += len(secret)
            message = json.loads(text)
            found = secret & words(message, skip)
            if found:
                self.leaks.append(f"seat {seat} was sent {sorted(found)} in {message['type']}")
            if "view" in message and message["view"] != reference:
                self.leaks.append(f"seat {seat}: a {message['type']} view is not its observation")

        return check


MATCHES = [
    ("classic", ["remote", "remote", "remote"], 1),
    ("classic", ["remote", "remote"], 2),
    ("attack", ["remote", "remote", "remote", "remote"], 1),
    ("attack", ["remote", "remote", "remote"], 3),
    ("planet", ["remote", "remote"], 1),
    ("planet", ["remote", "remote"], 2),
]


def watched(game: str, seats: list[str], seed: int, tmp_path: Path) -> Watch:
    watch = Watch(game)
    played = play(game, seats, tmp_path, seed=seed, probe=watch.probe)
    for client in played.clients:
        assert client.seat is not None
        # every byte the client received: the host's greeting, then what was checked
        assert json.loads(client.received[0])["type"] == "host"
        assert client.received[1:] == watch.sent[client.seat]
    assert all(r["over"] for r in played.reports)
    return watch


@pytest.mark.parametrize(("game", "seats", "seed"), MATCHES)
def test_no_hidden_card_leaves_the_host(
    tmp_path: Path, game: str, seats: list[str], seed: int
) -> None:
    watch = watched(game, seats, seed, tmp_path)
    assert watch.leaks == []
    assert watch.secrets_looked_for > 100  # there were hidden cards to look for


def _leaky_classic(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.match.classic.session import MatchSession

    honest = MatchSession.observation

    def leaky(self: MatchSession, player: int) -> Any:
        obs = honest(self, player)
        other = (player + 1) % len(obs.players)
        cards = tuple(self.state.players[other].gates[:1])
        players = list(obs.players)
        players[other] = dataclasses.replace(players[other], gates=cards)
        return dataclasses.replace(obs, players=tuple(players))

    monkeypatch.setattr(MatchSession, "observation", leaky)


def _leaky_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.match.attack.session import AttackMatch

    honest = AttackMatch.observation

    def leaky(self: AttackMatch, player: int) -> Any:
        obs = honest(self, player)
        other = self.state.hands[(player + 1) % self.state.n]
        return dataclasses.replace(obs, hand=(*obs.hand, *other[:1]))

    monkeypatch.setattr(AttackMatch, "observation", leaky)


def _leaky_planet(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.match.planet.session import PlanetSession

    honest = PlanetSession.observation

    def leaky(self: PlanetSession, player: int) -> Any:
        obs = honest(self, player)
        other = 1 - player
        sides = list(obs.sides)
        sides[other] = dataclasses.replace(
            sides[other], hand=tuple(self.state.sides[other].hand[:1])
        )
        return dataclasses.replace(obs, sides=tuple(sides))

    monkeypatch.setattr(PlanetSession, "observation", leaky)


LEAKS = {"classic": _leaky_classic, "attack": _leaky_attack, "planet": _leaky_planet}


@pytest.mark.parametrize(("game", "seats", "seed"), [m for m in MATCHES if m[2] == 1])
def test_one_card_leaked_on_purpose_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, seats: list[str], seed: int
) -> None:
    LEAKS[game](monkeypatch)
    watch = watched(game, seats, seed, tmp_path)
    assert any("was sent" in leak for leak in watch.leaks), watch.leaks[:3]
    assert any("is not its observation" in leak for leak in watch.leaks)
