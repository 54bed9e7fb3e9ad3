"""The whole-level check (issue 13, point 7): near linear through a grid of boxes, the
same verdict as testing every pair, and a cap on the pieces a level holds."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.challenges import validate
from game.challenges.spatial import Box, candidate_pairs
from game.content.levels import LIMITS, LevelError, load_level

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from levels_check import level_text

HEAD = """format = 1
name = { en = "Random", ru = "Случайный" }
hint = { en = "Pieces.", ru = "Предметы." }
[table]
width = 1200
height = 1200
[throw]
zone = [20, 20, 1180, 120]
spheres = ["pyrus"]
[limits]
throws = 5
[goal]
stars = [100, 200, 300]
[[targets]]
kind = "land"
card = "c1"
"""


def _random_level(rng: random.Random) -> str:
    """Posts, bumpers, blocks and cards at random, some moving, many overlapping."""
    lines = [HEAD]
    for i in range(rng.randrange(3, 8)):
        x, y = rng.uniform(60, 1140), rng.uniform(350, 1140)
        lines += ["[[cards]]", f'id = "c{i + 1}"', f"angle = {rng.choice([0, 30, 90])}"]
        if rng.random() < 0.3:
            lines += [f"path = [[{x:.1f}, {y:.1f}], [{x + 40:.1f}, {y:.1f}]]", "speed = 20"]
        else:
            lines += [f"x = {x:.1f}", f"y = {y:.1f}"]
    for i in range(rng.randrange(8, 30)):
        x, y = rng.uniform(20, 1180), rng.uniform(150, 1180)
        kind = rng.choice(["post", "bumper", "block"])
        lines += ["[[obstacles]]", f'kind = "{kind}"', f'id = "o{i}"']
        if kind == "block":
            w, h = rng.uniform(16, 120), rng.uniform(16, 60)
            lines += [f"width = {w:.1f}", f"height = {h:.1f}", f"angle = {rng.uniform(0, 90):.1f}"]
        else:
            lines.append(f"radius = {rng.uniform(8, 40):.1f}")
        if rng.random() < 0.2:
            dx = rng.uniform(-200, 200)
            lines += [f"path = [[{x:.1f}, {y:.1f}], [{x + dx:.1f}, {y:.1f}]]", "speed = 40"]
            lines.append(f"loop = {str(rng.random() < 0.5).lower()}")
        else:
            lines += [f"x = {x:.1f}", f"y = {y:.1f}"]
            if kind == "block" and rng.random() < 0.2:
                lines.append("turn = 30")
    for i in range(rng.randrange(0, 4)):
        lines += ["[[rivals]]", f'id = "r{i}"', f"x = {rng.uniform(40, 1160):.1f}"]
        lines.append(f"y = {rng.uniform(400, 1160):.1f}")
    return "\n".join(lines) + "\n"


def _every_pair(
    boxes: list[Box], margin: float = 0.0, limit: int | None = None
) -> tuple[dict[int, list[int]], bool]:
    return {i: list(range(i)) for i in range(1, len(boxes))}, True


def _verdict(path: Path) -> list[str]:
    try:
        load_level(path)
    except LevelError as e:
        return [str(p) for p in e.level_problems]
    return []


def test_the_grid_finds_exactly_what_testing_every_pair_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    overlaps = 0
    for seed in range(24):
        path = tmp_path / f"random_{seed}.toml"
        path.write_text(_random_level(random.Random(seed)), "utf-8")
        fast = _verdict(path)
        with monkeypatch.context() as m:
            m.setattr(validate, "candidate_pairs", _every_pair)
            slow = _verdict(path)
        assert fast == slow, seed
        overlaps += sum("overlaps" in p for p in fast)
    assert overlaps > 20  # the random levels do test the overlap checks


def test_candidate_pairs_are_the_touching_boxes() -> None:
    rng = random.Random(3)
    boxes: list[Box] = []
    for _ in range(300):
        x, y, w, h = (
            rng.uniform(0, 1000),
            rng.uniform(0, 1000),
            rng.uniform(1, 60),
            rng.uniform(1, 60),
        )
        boxes.append((x, y, x + w, y + h))
    boxes.append((0.0, 0.0, 1000.0, 1000.0))  # one that covers everything
    pairs, complete = candidate_pairs(boxes, 0.5)
    assert complete
    brute = {
        i: [j for j in range(i) if validate_touch(boxes[i], boxes[j], 0.5)]
        for i in range(len(boxes))
    }
    assert pairs == {i: js for i, js in brute.items() if js}


def validate_touch(a: Box, b: Box, m: float) -> bool:
    return a[0] <= b[2] + m and b[0] <= a[2] + m and a[1] <= b[3] + m and b[1] <= a[3] + m


def test_many_posts_check_fine_and_too_many_are_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "posts.toml"
    path.write_text(level_text(2000, moving=True), "utf-8")
    assert len(load_level(path).pieces) == 2000  # the benchmark gives the timings
    path.write_text(level_text(LIMITS["obstacles"] + 1), "utf-8")
    with pytest.raises(LevelError) as caught:
        load_level(path)
    (line,) = caught.value.lines("en")
    assert line == (
        "posts.toml: obstacles: holds 4001 entries here: a level holds at most 4000"
        " (more would slow every throw and every frame)"
    )
    assert caught.value.lines("ru")[0].startswith("posts.toml: obstacles: здесь 4001 записей")


def test_a_ten_megabyte_level_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(level_text(100).encode() + b"#" * 10_000_000 + b"\n")
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert caught.value.level_problems[0].code == "too_large"
    assert str(caught.value).startswith("huge.toml: -: is too large for a level file")


def test_piles_of_pieces_on_one_spot_stop_the_search_but_still_refuse(tmp_path: Path) -> None:
    text = level_text(1).replace("\n[[obstacles]]", "\n[[obstacles]]", 1)
    pile = "".join(
        '\n[[obstacles]]\nkind = "post"\nradius = 8\nx = 1500\ny = 1500\n' for _ in range(600)
    )
    path = tmp_path / "pile.toml"
    path.write_text(text + pile, "utf-8")
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert any(p.code == "piece_overlap" for p in caught.value.level_problems)
