"""Deck codes (issue 28): a kit as one short line of letters and digits and back, every
preset and 10,000 random legal decks; a damaged, foreign or newer code refused with its
reason, never half a kit; the reader fuzzed."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.planet import Kit
from game.rules.planet.deck_code import (
    ALPHABET,
    MAX_TEXT,
    DeckCodeError,
    decode,
    encode,
    read,
)
from game.rules.planet.kit import kit_problems, random_kit

from .helpers import catalog

CAT = catalog()
LONGEST = 120  # the "at most about 120 characters for a full deck"


def _same(a: Kit, b: Kit) -> bool:
    return (
        a.characters == b.characters and a.cores == b.cores and Counter(a.deck) == Counter(b.deck)
    )


def _chat_safe(code: str) -> bool:
    return code.isascii() and code.isalnum() and len(code) <= LONGEST


def _reason(text: str) -> str:
    with pytest.raises(DeckCodeError) as caught:
        decode(text, CAT)
    return caught.value.reason


@pytest.mark.parametrize("preset", sorted(CAT.presets))
def test_every_preset_round_trips_as_a_short_line(preset: str) -> None:
    kit = CAT.presets[preset].kit
    code = encode(kit, CAT)
    assert _chat_safe(code) and code.startswith("BP1"), code
    assert _same(decode(code, CAT), kit)
    assert decode(code, CAT) == decode(code, CAT)  # (one order of the cards: by id)


def test_ten_thousand_random_legal_decks_round_trip_and_stay_legal() -> None:
    bare = dataclasses.replace(CAT, presets={})  # (random_kit then builds its own decks)
    rng = random.Random(28)
    longest = 0
    for _ in range(10_000):
        kit = random_kit(bare, rng)
        code = encode(kit, CAT)
        back = decode(code, CAT)
        assert _same(back, kit), code
        longest = max(longest, len(code))
        assert _chat_safe(code), code
    assert not kit_problems(back, CAT)
    assert longest <= 64  # (about half the room the issue allows)


def test_a_chat_window_s_changes_are_read_through() -> None:
    code = encode(CAT.presets["aquos_haos"].kit, CAT)
    spaced = f"  {code[:20]}\n{code[20:35]} {code[35:]}\t"
    assert _same(decode(spaced.lower(), CAT), CAT.presets["aquos_haos"].kit)
    looks_alike = code.replace("0", "O").replace("1", "I")
    assert _same(decode(looks_alike, CAT), CAT.presets["aquos_haos"].kit)


def test_every_one_letter_change_is_refused_with_a_reason() -> None:
    code = encode(CAT.presets["pyrus_darkus"].kit, CAT)
    seen: Counter[str] = Counter()
    for at in range(len(code)):
        for symbol in ALPHABET:
            if symbol == code[at] or (at < 2 and symbol.isdigit()):
                continue
            seen[_reason(code[:at] + symbol + code[at + 1 :])] += 1
    assert set(seen) == {"foreign", "newer", "damaged", "other_cards"}, seen
    assert seen["damaged"] > 10 * seen["other_cards"]


def test_a_cut_or_lengthened_code_is_damaged() -> None:
    code = encode(CAT.presets["ventus_aurelus"].kit, CAT)
    for end in range(2, len(code)):
        assert _reason(code[:end]) == "damaged", end
    for extra in ("0", "00", "Z", "ZZZZZ", code[3:]):
        assert _reason(code + extra) == "damaged", extra


def test_a_code_of_something_else_is_foreign_and_a_newer_one_says_so() -> None:
    code = encode(CAT.presets["pyrus_haos"].kit, CAT)
    for text in ("", "hello", "ydke://AAAAAA!!", "BQ" + code[2:], "🂡" * 10, "B P"[:1]):
        assert _reason(text) == "foreign", text
    with pytest.raises(DeckCodeError) as caught:
        decode("BP2" + code[3:], CAT)
    assert caught.value.reason == "newer" and caught.value.version == 2
    assert _reason("BPZ" + code[3:]) == "newer"
    assert _reason("BP0" + code[3:]) == "damaged"
    assert _reason(code[:10] + "U" + code[11:]) == "damaged"  # (no U in the alphabet)


def test_a_code_made_with_other_cards_is_told_apart() -> None:
    one = next(iter(CAT.cards.values()))
    more = dataclasses.replace(
        CAT, cards={**CAT.cards, "zz_new_card": dataclasses.replace(one, id="zz_new_card")}
    )
    code = encode(CAT.presets["darkus_aquos"].kit, CAT)
    with pytest.raises(DeckCodeError) as caught:
        decode(code, more)
    assert caught.value.reason == "other_cards"
    assert _same(decode(encode(CAT.presets["darkus_aquos"].kit, more), more), decode(code, CAT))


def test_a_kit_the_rules_refuse_travels_for_the_rules_to_say_why() -> None:
    kit = CAT.presets["pyrus_darkus"].kit
    short = Kit(kit.characters, kit.cores, kit.deck[:-1])
    four = Kit(kit.characters, kit.cores, (*kit.deck[:-1], kit.deck[0]))
    lines = [str(p) for p in kit_problems(decode(encode(short, CAT), CAT), CAT)]
    assert lines == ["deck: needs exactly 40 cards, has 39"]
    lines = [str(p) for p in kit_problems(decode(encode(four, CAT), CAT), CAT)]
    assert lines == [f"deck: 4 copies of {kit.deck[0]}, at most 3"]
    with pytest.raises(DeckCodeError) as caught:
        read(encode(four, CAT), CAT)
    assert caught.value.reason == "illegal"
    assert caught.value.problems == tuple(kit_problems(four, CAT))
    assert _same(read(encode(kit, CAT), CAT), kit)


def test_only_the_catalog_s_pieces_can_be_coded() -> None:
    kit = CAT.presets["pyrus_darkus"].kit
    with pytest.raises(DeckCodeError) as caught:
        encode(Kit(kit.characters, kit.cores, (*kit.deck[:-1], "no_such_card")), CAT)
    assert caught.value.reason == "unencodable" and "no_such_card" in caught.value.detail


def test_a_huge_paste_is_refused_at_once() -> None:
    assert _reason("x" * 10_000_000) == "foreign"
    assert _reason("BP1" + "0" * (MAX_TEXT + 1)) == "damaged"


_CODES = [encode(p.kit, CAT) for p in CAT.presets.values()]


@st.composite
def _mangled(draw: st.DrawFn) -> str:
    """A preset's code with a few symbols changed, put in, or taken out."""
    code = list(draw(st.sampled_from(_CODES)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(code) - 1))
        kind = draw(st.sampled_from(("change", "insert", "delete", "swap")))
        symbol = draw(st.sampled_from(ALPHABET + "ilo -"))
        if kind == "change":
            code[at] = symbol
        elif kind == "insert":
            code.insert(at, symbol)
        elif kind == "delete" and len(code) > 1:
            del code[at]
        elif at + 1 < len(code):
            code[at], code[at + 1] = code[at + 1], code[at]
    return "".join(code)


@settings(
    max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.one_of(_mangled(), st.text(max_size=200), st.from_regex(r"BP1[0-9A-Z]{0,90}")))
def test_the_reader_gives_a_whole_kit_or_a_reason_never_anything_else(text: str) -> None:
    try:
        kit = decode(text, CAT)
    except DeckCodeError as e:
        assert e.reason in ("foreign", "newer", "damaged", "other_cards")
        return
    assert len(kit.characters) < 8 and len(kit.cores) < 16 and len(kit.deck) <= 160
    assert all(c in CAT.characters for c in kit.characters)
    assert all(c in CAT.cores for c in kit.cores) and all(c in CAT.cards for c in kit.deck)
    assert decode(encode(kit, CAT), CAT) == kit
