"""The network screen's words (`game/ui/<game>/net_words.py`), over what real network
matches send: each game hosted headless with the person's seat joined over loopback
(`tests.net.play`), a few seeds, every `turn`, `wait` and `over` message the client got.

- every legal action's text gets a button label in words in both languages: not the
  text, no id left in it, the catalog name of every piece it names, short, and the
  labels of one question all different (a person must tell the buttons apart);
- every view is told in a few bounded lines in both languages, with no catalog key or
  unfilled field showing, and the classic slots the buttons name are the lines' slots;
- what the host hid from the seat at that moment stays out of the lines: no name of a
  card the rules' own curtain (`tests.net.test_hidden`) hid then, and a classic slot
  whose Gate Card came face down names no Gate Card at all;
- a view or a text that is not what a host sends (None, wrong types, hypothesis's junk
  and real views with parts replaced by it) never raises and still gives bounded lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.attack import shipped_deck
from game.content.classic import shipped_catalog as classic_catalog
from game.content.planet import shipped_catalog as planet_catalog
from game.files.lang import LANGUAGES, tr
from game.games.net_kit import plain
from game.games.replays import thing_name
from game.net.host import Host
from game.rules.classic import parse_action as classic_parse
from game.rules.planet import parse_action as planet_parse
from game.ui.attack import net_words as attack_words
from game.ui.classic import net_words as classic_words
from game.ui.plain_view import LINE, MAX_LINES
from game.ui.planet import net_words as planet_words
from tests.net.play import play
from tests.net.test_hidden import HIDDEN, PUBLIC_KINDS, words

WORDS: dict[str, ModuleType] = {
    "classic": classic_words,
    "planet": planet_words,
    "attack": attack_words,
}
MATCHES: dict[str, tuple[tuple[tuple[str, ...], int], ...]] = {
    "classic": (
        (("remote", "easy"), 1),
        (("remote", "easy"), 2),
        (("remote", "easy", "easy", "easy"), 3),
    ),
    "planet": ((("remote", "easy"), 1), (("remote", "easy"), 2)),
    "attack": ((("remote", "easy", "easy"), 1), (("remote", "easy", "easy", "easy", "easy"), 2)),
}
LEAKED_KEY = re.compile(
    r"\b(?:net|classic_net|planet_net|attack_net|planet_ui|attack_ui|match)\.\w"
)


@dataclass(frozen=True)
class Sent:
    """One message the host sent the joined seat, with the ids its seat could not see
    at that moment (the rules state's curtain, less what its observation shows)."""

    seat: int
    message: dict[str, Any]
    secrets: frozenset[str]


def _observe(game: str) -> Callable[[Any, int], Any]:
    if game == "classic":
        from game.rules.classic.observation import observe
    elif game == "attack":
        from game.rules.attack.observation import observe
    else:
        from game.rules.planet.observation import observe
    return observe


@cache
def sent(game: str) -> tuple[Sent, ...]:
    """Every message of the game's matches, as the probe saw them leave the host."""
    out: list[Sent] = []
    observe, hidden = _observe(game), HIDDEN[game]
    skip = PUBLIC_KINDS.get(game, frozenset())

    def probe(host: Host) -> Callable[[int, str], None]:
        def check(seat: int, text: str) -> None:
            table: Any = host.table
            secrets: frozenset[str] = frozenset()
            if table is not None:
                state = table.match.state if game == "attack" else table.session.state
                shown = words(plain(observe(state, seat)), skip)
                secrets = frozenset(hidden(state, seat) - shown)
            out.append(Sent(seat, json.loads(text), secrets))

        return check

    for seats, seed in MATCHES[game]:
        played = play(game, seats, seed=seed, probe=probe)
        assert all(r["over"] for r in played.reports)
    return tuple(out)


def views(game: str) -> list[Sent]:
    return [s for s in sent(game) if isinstance(s.message.get("view"), dict)]


def questions(game: str) -> list[list[str]]:
    return [s.message["legal"] for s in sent(game) if s.message.get("legal")]


def named(game: str, text: str, lang: str) -> list[str]:
    """The catalog names of the pieces an action's text names (a core: its kind)."""
    if game == "attack":
        card = text.split()[-1]
        return [shipped_deck().by_id[card].name.get(lang)]
    if game == "classic":
        a = classic_parse(text)
        ids = [getattr(a, f, None) for f in ("gate", "bakugan", "card", "trap", "gear")]
        return [thing_name(game, i, lang) for i in ids if isinstance(i, str)]
    p = planet_parse(text)
    out = []
    for f in ("card", "character", "sacrifice"):
        ident = getattr(p, f, None)
        if isinstance(ident, str):
            out.append(thing_name(game, ident, lang))
    out += [
        thing_name(game, t.partition(":")[2], lang) for t in getattr(p, "targets", ()) if ":" in t
    ]
    core = getattr(p, "core", None)
    if isinstance(core, str):
        out.append(tr(lang, f"planet_demo.core_{planet_catalog().cores[core].type.value}"))
    return out


def _said(name: str, text: str) -> bool:
    """`name` in `text` as whole words ("Bakugan 1" is not in "Bakugan 10")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _well_formed(line: str) -> None:
    assert isinstance(line, str) and line.strip(), line
    assert len(line) <= LINE, line
    assert "{" not in line and "}" not in line, line
    assert not LEAKED_KEY.search(line), line


# --------------------------------------------------------------------- the buttons


@pytest.mark.parametrize("game", list(WORDS))
def test_every_legal_text_gets_a_label_in_words(game: str) -> None:
    label = WORDS[game].action_label
    asked = questions(game)
    assert len(asked) > 10
    for legal in asked:
        for lang in LANGUAGES:
            labels = [label(text, lang) for text in legal]
            for text, shown in zip(legal, labels, strict=True):
                _well_formed(shown)
                assert shown != text
                assert not any("_" in w and w in shown for w in text.split()), (text, shown)
                for name in named(game, text, lang):
                    assert name in shown, (text, lang, shown)
            assert len(set(labels)) == len(labels), (lang, legal, labels)


def test_labels_read_as_the_examples() -> None:
    assert classic_words.action_label("p0 set gold_centipoid_hollow @2,2", "en") == (
        "Set Centipoid Hollow on 2,2"
    )
    assert classic_words.action_label("p0 throw subterra_juggernoid", "ru") == (
        "Бросить: Сабтерра Джаггерноид"
    )
    assert classic_words.action_label("p0 ability blue_undertow", "en") == "Play Undertow"
    assert planet_words.action_label("p0 core fist_150_2 @0,0", "en") == (
        "Place Fist (+150 B, +2 D) at 0,0"
    )
    assert planet_words.action_label("p0 pass", "ru") == "Пас"
    assert attack_words.action_label("p0 play masquerade", "ru") == "Сыграть: Маскарад"
    assert attack_words.action_label("p0 play 4", "en") == "Play Bakugan 4"


@pytest.mark.parametrize("game", list(WORDS))
def test_a_text_no_words_know_is_labelled_by_its_verb(game: str) -> None:
    label = WORDS[game].action_label
    for lang in LANGUAGES:
        assert label("p0 frobnicate x @1,1", lang) == tr(
            lang, "net.words.action", verb="frobnicate"
        )
        assert label("roll p1 5", lang) == tr(lang, "net.words.action", verb="roll")
        assert label("", lang) == tr(lang, "net.words.action_blank")
        assert label("p0 throw", lang) == tr(lang, "net.words.action", verb="throw")
    assert label("p0 pass", "de") == label("p0 pass", "en")  # an unknown language: English


# --------------------------------------------------------------------- the view


@pytest.mark.parametrize("game", list(WORDS))
def test_every_view_is_a_few_bounded_lines_in_both_languages(game: str) -> None:
    told = WORDS[game].view_lines
    seen = views(game)
    assert {s.message["type"] for s in seen} >= {"turn", "over"}
    for s in seen:
        for lang in LANGUAGES:
            lines = told(s.message["view"], s.seat, lang)
            assert 2 <= len(lines) <= MAX_LINES, lines
            for line in lines:
                _well_formed(line)
        assert told(s.message["view"], s.seat, "ru") != told(s.message["view"], s.seat, "en")


@pytest.mark.parametrize("game", list(WORDS))
def test_what_the_host_hid_stays_out_of_the_lines(game: str) -> None:
    told = WORDS[game].view_lines
    looked = 0
    for s in views(game):
        for lang in LANGUAGES:
            text = "\n".join(told(s.message["view"], s.seat, lang))
            for secret in s.secrets:
                name = thing_name(game, secret, lang)
                if name != secret:  # a piece with a name (a core's back has none)
                    looked += 1
                    assert not _said(name, text), (secret, name, text)
    assert looked > 50  # there were hidden cards to look for


def _slot_lines(lines: list[str], slot: list[int]) -> str | None:
    """The lines of one slot of the table (its Gate Card's, and its Bakugan's when they
    did not fit beside it), as one text; None for a slot the lines only count."""
    found = [line for line in lines if line.startswith(f"{slot[0]},{slot[1]}:")]
    assert len(found) <= 2, (slot, lines)
    return "\n".join(found) if found else None


def test_a_face_down_gate_of_another_player_shows_no_gate_name() -> None:
    gates = classic_catalog().gates.values()
    hidden = own = counted = 0
    for s in views("classic"):
        field = s.message["view"]["field"]
        for lang in LANGUAGES:
            names = [g.name.get(lang) for g in gates]
            lines = classic_words.view_lines(s.message["view"], s.seat, lang)
            told = [(gate, _slot_lines(lines, gate["slot"])) for gate in field]
            untold = sum(1 for _, line in told if line is None)
            if untold:  # a full table: the last line counts the rest
                counted += 1
                assert tr(lang, "classic_net.more_gates", count=untold) in lines
            for gate, line in told:
                if line is None:
                    continue
                if gate["gate"] is None:
                    hidden += 1
                    assert tr(lang, "net.words.player", player=gate["owner"] + 1) in line
                    assert not [n for n in names if n in line], line
                elif gate["owner"] == s.seat:  # the same line names one's own card
                    own += 1
                    assert thing_name("classic", gate["gate"], lang) in line
    assert hidden > 20 and own > 20 and counted > 0


def test_the_slots_on_the_buttons_are_the_lines_slots() -> None:
    checked = 0
    for s in views("classic"):
        legal, view = s.message.get("legal", []), s.message["view"]
        lines = classic_words.view_lines(view, s.seat, "en")
        for text in legal:
            a = classic_parse(text)
            if a.__class__.__name__ in ("TakeGate", "MoveBakugan"):
                where = a.slot
                assert f"{where[0]},{where[1]}" in classic_words.action_label(text, "en")
                if _slot_lines(lines, list(where)) is None:  # a full table: counted
                    counted = [tr("en", "classic_net.more_gates", count=n) for n in range(1, 30)]
                    assert set(counted) & set(lines), lines
                    continue
                checked += 1
    assert checked > 5


def test_the_seats_own_cards_are_named() -> None:
    for game, hand_of in (
        ("classic", lambda v, seat: v["players"][seat]["gates"] + v["players"][seat]["abilities"]),
        ("planet", lambda v, seat: v["sides"][seat]["hand"]),
        ("attack", lambda v, seat: v["hand"]),
    ):
        checked = 0
        for s in views(game):
            hand = hand_of(s.message["view"], s.seat)
            if not hand:
                continue
            for lang in LANGUAGES:
                text = "\n".join(WORDS[game].view_lines(s.message["view"], s.seat, lang))
                assert _said(thing_name(game, hand[0], lang), text), (game, text)
                checked += 1
        assert checked > 10, game


# --------------------------------------------------------------------- untrusted input


JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**12, max_value=10**40)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["p0", "@1,2", "you", "gold_volcano", "over", "blind", "main", "{x}"]),
    lambda kids: (
        st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
    ),
    max_leaves=16,
)


def _mutated(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """`value` with one part somewhere in it replaced by junk."""
    if depth > 5 or data.draw(st.integers(0, 4)) == 0:
        return data.draw(JUNK)
    if isinstance(value, dict) and value:
        key = data.draw(st.sampled_from(sorted(value, key=str)))
        return {**value, key: _mutated(value[key], data, depth + 1)}
    if isinstance(value, list) and value:
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutated(value[i], data, depth + 1), *value[i + 1 :]]
    return data.draw(JUNK)


BIG = {"phase": "main", "turn": 10**5000, "deal": 10**5000, "round": 1, "seats": [{"player": 0}]}
"""A number with more digits than `str` writes."""


def _bounded(lines: object) -> None:
    assert isinstance(lines, list) and len(lines) <= MAX_LINES
    assert all(isinstance(line, str) and len(line) <= LINE for line in lines)


@pytest.mark.parametrize("game", list(WORDS))
def test_a_view_that_is_not_one_never_raises(game: str) -> None:
    told = WORDS[game].view_lines
    for junk in (
        None,
        [],
        {},
        {"phase": 5},
        "view",
        7,
        {"players": {"a": 1}},
        {"field": [[1]]},
        BIG,
    ):
        for lang in (*LANGUAGES, "de"):
            _bounded(told(junk, 0, lang))
    assert told(None, 0, "en") == [] and told([], 0, "en") == []
    real = views(game)[-1].message["view"]
    assert told(real, True, "en") == [] and told(real, "0", "en") == []


@pytest.mark.parametrize("game", list(WORDS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_real_views_with_junk_in_them_never_raise(game: str, data: st.DataObject) -> None:
    seen = views(game)
    view = seen[data.draw(st.integers(0, len(seen) - 1))].message["view"]
    for _ in range(data.draw(st.integers(1, 3))):
        view = _mutated(view, data)
    for lang in LANGUAGES:
        _bounded(WORDS[game].view_lines(view, data.draw(st.integers(-1, 5)), lang))


@pytest.mark.parametrize("game", list(WORDS))
@settings(max_examples=60, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=40),
        st.lists(
            st.sampled_from(
                ["p0", "p1", "play", "set", "core", "ability", "@2,2", "@-1,0", "#0", "#9",
                 "p1:x", "sac", "gold_volcano", "fist_150_2", "9" * 50, "@99999,1", "none"]
            ),
            max_size=6,
        ).map(" ".join),
    )
)  # fmt: skip
def test_a_text_that_is_not_an_action_never_raises(game: str, text: str) -> None:
    for lang in LANGUAGES:
        shown = WORDS[game].action_label(text, lang)
        assert isinstance(shown, str) and 0 < len(shown) <= LINE
    assert WORDS[game].action_label(None, "en") == tr("en", "net.words.action_blank")  # type: ignore[arg-type]


def test_the_end_of_an_attack_game_says_the_fewest_points_win() -> None:
    """At the end a seat reads every player's points; the status says who won, and the
    view says how, so 'points 12' beside a win of 2 is no puzzle (fewest win)."""
    ends = [s for s in views("attack") if s.message["view"].get("phase") == "over"]
    assert ends
    for lang, said in (("en", "the fewest points win"), ("ru", "меньше очков")):
        for end in ends:
            assert any(
                said in line
                for line in attack_words.view_lines(end.message["view"], end.seat, lang)
            )


def test_a_bakugan_caught_more_than_once_is_named_once_with_its_count() -> None:
    """'You caught: Bakugan 7, Bakugan 7, Bakugan 7, Bakugan 7 … and 12 more' told
    four of sixteen; the pile is said whole: each Bakugan once, with how often."""
    ends = [s for s in views("attack") if len(s.message["view"].get("my_caught", [])) > 4]
    assert ends
    for sent_ in ends:
        view = sent_.message["view"]
        line = next(
            x
            for x in attack_words.view_lines(view, sent_.seat, "en")
            if x.startswith("You caught:")
        )
        cards = [shipped_deck().by_id[c].name.get("en") for c in view["my_caught"]]
        for card in set(cards):
            n = cards.count(card)
            assert (f"{card} ×{n}" if n > 1 else card) in line or "more" in line
        if len(set(cards)) <= 4:  # few kinds: all of them, none left to count
            assert "more" not in line and all(card in line for card in set(cards))
