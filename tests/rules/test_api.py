"""The rules protocol: results, the error root, and the classic state speaking it."""

from __future__ import annotations

import random

from game.content import ContentError
from game.content.classic import shipped_catalog
from game.persist.saves import SaveError
from game.rules.api import CHANCE, GameError, GameState, IllegalAction, Result
from game.rules.classic import MatchState, Settings, random_kit


def test_a_ranking_by_penalty_points_shares_places_and_names_a_sole_winner() -> None:
    result = Result.by_scores([7, 3, 12, 3], lower_wins=True)
    assert result.ranking == (1, 3, 0, 2)
    assert result.places == (1, 0, 2, 0)
    assert result.winner is None  # two players share the fewest points
    alone = Result.by_scores([7, 2, 12], lower_wins=True)
    assert alone.winner == 1 and alone.places == (1, 0, 2)
    assert Result.by_scores([4, 9], lower_wins=False).winner == 1


def test_a_single_winner_ranks_first_and_a_draw_has_no_winner() -> None:
    assert Result.single(2, 3) == Result(2, (2, 0, 1), (1, 1, 0))
    assert Result.single(None, 2).draw


def test_every_error_the_app_raises_on_purpose_has_one_root() -> None:
    from game.ai.seeding import SnapshotError
    from game.match.attack.session import AttackSaveError
    from game.match.classic.persist import SessionFormatError
    from game.match.planet.play import BadMatchSave
    from game.persist.settings import SettingsFileError

    for kind in (IllegalAction, ContentError, SaveError):
        assert issubclass(kind, GameError)
    # the file and save formats' own errors, still ValueErrors for the callers that say so
    saves = (SessionFormatError, AttackSaveError, BadMatchSave, SnapshotError, SettingsFileError)
    for kind in saves:
        assert issubclass(kind, GameError) and issubclass(kind, ValueError), kind


def test_the_classic_state_speaks_the_protocol() -> None:
    catalog = shipped_catalog()
    rng = random.Random(3)
    state, _ = MatchState.new(catalog, [random_kit(catalog, rng) for _ in range(2)], Settings(), 3)
    assert isinstance(state, GameState)
    while not state.is_over():
        (player,) = state.current_players()
        legal = state.legal_actions(None if player == CHANCE else player)
        state.apply(rng.choice(legal))
    assert state.current_players() == ()
    result = state.result()
    assert result is not None and result.winner == state.winner
    assert result.ranking[0] == state.winner
