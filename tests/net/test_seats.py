"""`bakugan host --seats`: a seat that is no seat, or a count the game is not played by,
is refused before anything listens, with a line from the catalogs in the player's
language (naming the game by its name there)."""

from __future__ import annotations

import pytest

from game.__main__ import main
from game.games import REGISTRY
from game.net.seats import BadSeats, parse_seats


@pytest.mark.parametrize(
    ("lang", "rules", "seats", "words"),
    [
        ("en", "classic", "here,foo", '--seats: "foo" is not here, remote or a level'),
        ("en", "planet", "here,remote,easy", "Battle Planet is played by 2 players, not 3"),
        ("ru", "attack", "here,remote", "играют 3, 4, 5 игрока, а не 2"),
        ("ru", "classic", "here,тот", "«тот» — не here, не remote и не уровень"),
    ],
)
def test_bad_seats_are_refused_in_the_players_words(
    capsys: pytest.CaptureFixture[str], lang: str, rules: str, seats: str, words: str
) -> None:
    argv = ["host", "--rules", rules, "--seats", seats, "--headless", "--lang", lang]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert "{" not in err and "net.seats" not in err  # a line, not a key or a template


def test_the_seats_a_game_takes_pass() -> None:
    assert parse_seats("here, remote", REGISTRY["planet"]) == ("here", "remote")
    assert parse_seats("remote,easy,hard", REGISTRY["attack"]) == ("remote", "easy", "hard")
    with pytest.raises(BadSeats) as e:
        parse_seats("here", REGISTRY["classic"])
    assert e.value.key == "net.seats.count" and e.value.fields["got"] == 1


def test_max_watchers_reaches_the_host_and_a_count_out_of_bounds_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import game.__main__ as entry

    asked: list[object] = []
    monkeypatch.setattr(entry, "_net_window", lambda kind, options: asked.append(options) or 0)
    base = ["host", "--rules", "classic", "--seats", "here,remote", "--port", "0"]
    assert main([*base, "--max-watchers", "0"]) == 0
    assert [getattr(o, "max_watchers", None) for o in asked] == [0]  # 0: nobody may watch
    assert main(base) == 0 and getattr(asked[-1], "max_watchers", None) == 8
    for bad in ("-1", "65", "many"):
        with pytest.raises(SystemExit) as e:
            main([*base, "--max-watchers", bad])
        assert e.value.code == 2
        assert "not a count of spectators from 0 to 64" in capsys.readouterr().err
