"""The people's side of Attack replays for the record screen (issue 18, part 6) equals
a recount made while the games were played: won (a person among the winners), the
cards the people caught, the cards they played (the favourite), no throws."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from game.content.attack import shipped_deck
from game.games import REGISTRY
from game.games.attack import shipped_levels
from game.games.replays import stats_line
from game.match.attack.recording import AttackRecorder, attack_header
from game.match.attack.session import HUMAN, AttackMatch
from game.match.replay_header import SeatInfo
from game.match.replay_stats import tally
from game.persist.replay_file import Replay, ReplayWriter, read_replay
from game.rules.attack import events as ev

DECK = shipped_deck()
LEVELS = shipped_levels()


def _game(path: Path, seed: int, seats: list[str]) -> tuple[Path, AttackMatch]:
    match = AttackMatch.new(DECK, LEVELS, seats, seed=seed)
    infos = [
        SeatInfo("human", 0, True) if s == HUMAN else SeatInfo(s, p) for p, s in enumerate(seats)
    ]
    header = attack_header(DECK, match.state.settings, seed, infos)
    header["created"] = f"2026-01-01T10:{seed:02d}:00+0000"
    writer = ReplayWriter(path, header)
    match.recorder = AttackRecorder(writer.write, writer.close)
    rng = random.Random(seed)
    while not match.state.is_over():
        person = next((p for p in match.to_act() if p >= 0 and match.human(p)), None)
        if person is not None and match.bot_to_act() is None:
            match.act(rng.choice(match.state.legal_actions(person)))
        else:
            match.step_without_people()
    return path, match


def test_the_attack_line_equals_a_recount(tmp_path: Path) -> None:
    assert REGISTRY["attack"].replays is not None
    want = {"wins": 0, "captures": 0}
    played: Counter[str] = Counter()
    lines = []
    for g in range(6):
        seats = [HUMAN, "easy", "normal"] if g % 2 else [HUMAN, "easy", "easy", "easy"]
        path, match = _game(tmp_path / f"a{g}.replay.gz", g, seats)
        people = {0}
        winners = set(match.result_winners())
        want["wins"] += bool(winners & people)
        want["captures"] += sum(
            isinstance(e, ev.Caught) and e.player in people for e in match.events
        )
        played.update(
            e.card for e in match.events if isinstance(e, ev.CardPlayed) and e.player in people
        )
        line = stats_line(read_replay(path))
        assert line is not None and line.game == "attack" and line.mode == "vs_ai"
        assert line.level == ("mixed" if g % 2 else "easy")
        assert line.won == bool(winners & people)
        assert line.throws == 0 and line.opened == 0
        lines.append(line)
    assert sum(line.won for line in lines) == want["wins"]
    assert sum(line.captures for line in lines) == want["captures"] > 0
    total: Counter[str] = Counter()
    for line in lines:
        total.update(dict(line.thrown))
    assert total == played and sum(played.values()) > 20
    records = tally(lines)
    assert sum(r.matches for r in records.values()) == 6
    fav = records[("attack", "vs_ai", "easy")].favourite
    easy_played: Counter[str] = Counter()
    for g, line in enumerate(lines):
        if g % 2 == 0:
            easy_played.update(dict(line.thrown))
    assert fav == min(easy_played, key=lambda c: (-easy_played[c], c))


def test_no_line_for_an_unfinished_a_drifted_or_a_computers_only_replay(tmp_path: Path) -> None:
    path, _ = _game(tmp_path / "a.replay.gz", 3, [HUMAN, "easy", "easy"])
    replay = read_replay(path)
    assert stats_line(replay) is not None
    cut = Replay(replay.header, replay.records[:-1], False, path)
    assert stats_line(cut) is None
    end = dict(replay.records[-1])
    end["points"] = [99, 99, 99]
    drifted = Replay(replay.header, [*replay.records[:-1], end], True, path)
    assert stats_line(drifted) is None
    bots = [{**s, "human": False, "name": "easy"} for s in replay.header["seats"]]
    assert stats_line(Replay({**replay.header, "seats": bots}, replay.records, True, path)) is None
