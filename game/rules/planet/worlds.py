"""A whole match state rebuilt from one player's view and a guess of what it hides.

A bot is handed `observation(player)`, never the state. To search it imagines worlds:
states that look exactly like its view, with the hidden parts filled in by a `Guess`
(the deck orders, the opponent's hand and Energy faces, his face-down Characters, the
backs of his cores not yet picked up, and his choice in a step both take at once when
he has made it). `world(obs, catalog, guess, seed)` builds one; the guess is the bot's
business (`game.ai.planet.knowledge` draws it), this module only checks that it fits
the view and puts the pieces where the rules keep them.

Filled with the truth, the world is the real state (its generator aside): a test
rebuilds states of random matches from each player's view that way. Only after setup:
during the Hidden Matrix's placement the view does not show the cores still in hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .actions import Action, Energize, Pick, parse_action
from .defs import Catalog
from .hexgrid import Hex, hex_str
from .observation import Observation
from .phases import Phase
from .zones import Bakugan, Damage, Hero, Item, MatrixCore, Side

if TYPE_CHECKING:
    from .state import PlanetState


class WorldMismatch(ValueError):
    """A guess that does not fit the view it is meant to complete."""


@dataclass(frozen=True, slots=True)
class Guess:
    """What the viewer cannot see, filled in. `characters` are the opponent's three in
    his seat order (the face-up ones as the view shows them); `cores` the back of each
    core whose back the view hides; `commit` his hidden choice in a step both take at
    once, when the view says he has made it."""

    own_deck: tuple[str, ...]
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    energy: tuple[str, ...]
    characters: tuple[str, ...]
    cores: Mapping[Hex, str] = field(default_factory=dict)
    commit: Action | None = None


def _check(obs: Observation, catalog: Catalog, guess: Guess) -> None:
    me, other = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    problems = []
    if obs.phase is Phase.CORES:
        problems.append("worlds are rebuilt after setup (the cores in hand are not in view)")
    if obs.phase is Phase.ROLL:
        problems.append("worlds are rebuilt at a player's decision, not at a roll")
    for name, got, want in (
        ("own_deck", len(guess.own_deck), me.deck_count),
        ("hand", len(guess.hand), other.hand_count),
        ("deck", len(guess.deck), other.deck_count),
        ("energy", len(guess.energy), len(other.charged)),
        ("characters", len(guess.characters), len(other.bakugan)),
    ):
        if got != want:
            problems.append(f"{name}: {got} cards, the view shows {want}")
    for b, c in zip(other.bakugan, guess.characters, strict=False):
        if b.character is not None and b.character != c:
            problems.append(f"characters: {c} where the view shows {b.character}")
        if c not in catalog.characters:
            problems.append(f"characters: unknown Character {c!r}")
    for core in obs.matrix:
        back = core.core if core.core is not None else guess.cores.get(core.hex)
        if back is None:
            problems.append(f"cores: no back for the core at {hex_str(core.hex)}")
        elif back not in catalog.cores or catalog.cores[back].type.value != core.type:
            problems.append(f"cores: {back!r} at {hex_str(core.hex)} is not a {core.type} core")
    if other.committed and obs.phase in (Phase.ENERGIZE, Phase.SELECT):
        kind = Energize if obs.phase is Phase.ENERGIZE else Pick
        if not isinstance(guess.commit, kind) or guess.commit.player != other.player:
            problems.append(f"commit: p{other.player} has chosen; the guess gives {guess.commit}")
    if problems:
        raise WorldMismatch("; ".join(problems))


def world(obs: Observation, catalog: Catalog, guess: Guess, seed: int = 0) -> PlanetState:
    """The `PlanetState` the view `obs` shows, the hidden parts taken from `guess`;
    its generator seeded with `seed`. Raises `WorldMismatch` naming what does not fit."""
    from .state import PlanetState

    _check(obs, catalog, guess)
    state = PlanetState(catalog, obs.settings, random.Random(seed))
    viewer = obs.viewer
    for p, view in enumerate(obs.sides):
        mine = p == viewer
        chars = [b.character or "" for b in view.bakugan] if mine else list(guess.characters)
        bakugan = [
            Bakugan(c, b.open, b.face_up, list(b.cores), list(b.evolutions))
            for c, b in zip(chars, view.bakugan, strict=True)
        ]
        picked = view.picked
        if picked is None and view.picked_slot is not None:
            picked = chars[view.picked_slot]
        state.sides.append(
            Side(
                list(guess.own_deck if mine else guess.deck),
                bakugan,
                [],
                list(view.hand if mine and view.hand is not None else guess.hand),
                list(view.discard),
                list(view.energy if mine and view.energy is not None else guess.energy),
                list(view.charged),
                view.pool,
                [Hero(card, owner) for card, owner in view.heroes],
                picked,
                view.played,
                list(view.credits),
            )
        )
    for core in obs.matrix:
        back = core.core if core.core is not None else guess.cores[core.hex]
        state.matrix[core.hex] = MatrixCore(core.owner, back, list(core.held_by), core.revealed)
    state.phase = obs.phase
    state.turn = obs.turn
    state.starting = obs.starting
    state.placer = 1 - obs.starting  # who placed the Matrix's last core
    commits: list[Action | None] = [None, None]
    if obs.phase in (Phase.ENERGIZE, Phase.SELECT):
        for p, view in enumerate(obs.sides):
            if view.committed:
                commits[p] = parse_action(view.choice) if view.choice else guess.commit
    state.commits = commits
    state.batch = [
        Item(b.player, b.card, b.kind, b.targets, b.sacrifice, b.source, b.trigger)
        for b in obs.batch
    ]
    state.priority = obs.priority
    state.passes = obs.passes
    state.passed = list(obs.passed)
    d = obs.damage
    if d is not None:
        state.damage = Damage(d.attacker, d.team, d.dealt, d.stopped, d.flip, d.frost)
    state.victor = obs.victor
    state.by_damage = obs.by_damage
    state.mods = list(obs.mods)
    state.choices = [[p, n] for p, n in obs.discard_due]
    state.over = obs.over
    state.winner = obs.winner
    return state


def true_guess(state: PlanetState, viewer: int) -> Guess:
    """The guess that is the truth (tests, and a measure of what a guess gets wrong)."""
    other = state.sides[1 - viewer]
    hidden = {
        h: core.core
        for h, core in state.matrix.items()
        if not core.revealed and core.owner != viewer
    }
    commit = state.commits[1 - viewer] if state.phase in (Phase.ENERGIZE, Phase.SELECT) else None
    return Guess(
        tuple(state.sides[viewer].deck),
        tuple(other.hand),
        tuple(other.deck),
        tuple(other.energy),
        tuple(b.character for b in other.bakugan),
        hidden,
        commit,
    )
