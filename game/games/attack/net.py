"""Bakugan Attack! on the network (`game.games.net_kit`): the host's table runs one
`AttackMatch` (its computer levels are the match's own bots), records it as `bakugan sim
--record` does, and rolls a person's die when the seat says so: the face is the rules
core's seeded draw, so a die's throw carries no parameters.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.games.net_kit import SessionTable, TableRequest

if TYPE_CHECKING:
    from game.match.attack.session import AttackMatch


class AttackTable(SessionTable):
    """One Attack game at the host, of as many players as seats."""

    session: AttackMatch

    def __init__(self, request: TableRequest) -> None:
        from game.content.attack import shipped_deck
        from game.games.attack import shipped_levels
        from game.match.attack.recording import AttackRecorder, attack_header
        from game.match.attack.session import HUMAN, AttackMatch

        deck = shipped_deck()
        names = [HUMAN if level is None else level for level in self._seat(request)]
        match = AttackMatch.new(deck, shipped_levels(), names, seed=request.seed)
        self.match = self.session = match
        settings = match.state.settings
        writer = self._record(
            request, lambda infos: attack_header(deck, settings, request.seed, infos)
        )
        if writer is not None:
            match.recorder = AttackRecorder(writer.write, writer.close)

    def level_bot(self, seat: int, level: str) -> Any:
        from game.ai.attack import make_policy
        from game.ai.seeding import seat_seed
        from game.games.attack import shipped_levels

        return make_policy(
            level, self.match.deck, seat_seed(self.match.seed, seat), shipped_levels()
        )

    def decide(self, seat: int, bot: Any) -> Any:
        match = self.match
        if match.chance_due():
            return None  # the die: its face is the rules core's draw
        obs = match.state.observation(seat) if bot.observes else None
        return bot.choose(obs, match.state.legal_actions(seat))

    @property
    def winner(self) -> int | None:
        """The first place (the lowest seat of a shared one)."""
        winners = self.match.result_winners()
        return winners[0] if winners else None

    def step(self) -> bool:
        match = self.match
        if match.over:
            return False
        if match.chance_due():
            die = match.die_due()
            if die is not None and die in self.people:
                return False
            match.apply_chance()
            return True
        bot = match.bot_to_act()
        if bot is None:
            return False
        match.act(match.bot_action(bot))
        return True

    def waiting(self) -> dict[int, str]:
        match = self.match
        if match.over:
            return {}
        if match.chance_due():
            die = match.die_due()
            return {die: "throw"} if die is not None and die in self.people else {}
        return {p: "act" for p in match.to_act() if p in self.people}

    def throw(self, seat: int, params: Mapping[str, Any]) -> None:
        self._turn(seat, "throw")
        self.match.apply_chance()


def aim(rng: random.Random, view: Any, context: Mapping[str, Any]) -> dict[str, Any]:
    """A joined computer's die: no parameters (the face is the rules core's draw)."""
    return {}


def table(request: TableRequest) -> AttackTable:
    return AttackTable(request)


def throw_table(context: Mapping[str, Any]) -> None:
    """Attack's die takes no aim: a window rolls it with a press (no table to throw on)."""
    return None


def track(context: Mapping[str, Any], throw: Any) -> None:
    """No aim, no path to guide it: the die's face is the rules core's draw."""
    return None
