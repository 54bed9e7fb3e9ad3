"""What every reachable classic state satisfies, checked on a state from anywhere.

`MatchState.from_json` rebuilds whatever a file says; a save whose checksum is fine may
still hold a match no play could reach (a turn player who does not exist, a battle on
an empty slot, the same Bakugan in two places, three captures and the match not over).
`problems(state)` lists every way a state breaks the rules core's own invariants, in
words that name the field; `check(state)` raises `InvalidState` with them. The checks
read the state only and never raise anything else, whatever its fields hold (a wrong
type is a problem like any other).

The invariants, by part of the state:

- settings: they pass `Settings.check`; captures to win no more than the Gate Cards in
  play; a grid of at most `MAX_GRID` slots a side; one kit per player, each legal;
- turn: a known phase, a turn player and a setup queue of players who exist, a turn
  number from 0, the seating an order of the players;
- pieces: every piece of every kit (and every evolved form an Evolution card brings) in
  exactly one place, and nothing else anywhere;
- field: slots on the grid, owners who exist, known cards;
- the phase's own state: a throw in the air while a landing is awaited (and only
  then), the chosen card of OWN on the field under the turn player's Bakugan, a battle
  in BATTLE (and only then) on a card of the field between two players' Bakugan, with
  a known window, its order, priority and plays in range;
- the end: OVER exactly when there is a winner, who holds the captures to win, while
  no one else does; before the end no one holds them.

Pure and standard library only, like the rest of the rules core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.rules.api import InvalidState
from game.rules.invariant_checks import gathered, raise_found

from . import battle as bt
from .piles import ID_PILES, own_piles
from .state import BATTLE, LANDING, MAIN, OPEN, OVER, OWN, SETUP, MatchState, check_kit

PHASES = (SETUP, MAIN, LANDING, OWN, BATTLE, OPEN, OVER)
WINDOWS = (bt.ATTRIBUTE, bt.START, bt.DURING, bt.AFTER)
MAX_GRID = 16
"""Slots a side: the Big Game of four players uses 6 x 6."""
MAX_TURN = 1_000_000


def check(state: MatchState) -> None:
    """Raise `InvalidState` if `state` breaks an invariant."""
    raise_found(problems(state))


def problems(state: MatchState) -> list[str]:
    """Every invariant `state` breaks (empty: none), one readable line each; never
    raises."""
    return gathered(lambda out: _check(state, out))


# ----------------------------------------------------------------- helpers


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _player(value: object, n: int) -> bool:
    return _is_int(value) and 0 <= value < n  # type: ignore[operator]


def _slot(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(_is_int(v) for v in value)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _pair(value: object, n: int) -> bool:
    """(player, id) with a player who exists."""
    return (
        isinstance(value, tuple | list)
        and len(value) == 2
        and _player(value[0], n)
        and isinstance(value[1], str)
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ----------------------------------------------------------------- the checks


def _check(state: MatchState, out: list[str]) -> None:
    if not _settings(state, out):
        return  # nothing else can be judged against settings that do not hold
    n = state.settings.players
    _turn(state, n, out)
    if not _players_shape(state, out):
        return
    _field(state, n, out)
    _pieces(state, out)
    _phase(state, n, out)
    _end(state, n, out)


def _settings(state: MatchState, out: list[str]) -> bool:
    s = state.settings
    try:
        s.check()
    except (ValueError, TypeError, AttributeError, IndexError) as e:
        out.append(f"settings: {e}")
        return False
    cols, rows = s.grid
    if not (_is_int(cols) and _is_int(rows) and 1 <= cols <= MAX_GRID and 1 <= rows <= MAX_GRID):
        out.append(f"settings.grid: {_short(s.grid)}: at most {MAX_GRID} x {MAX_GRID} slots")
        return False
    if not isinstance(state.kits, tuple) or len(state.kits) != s.players:
        out.append(f"kits: {s.players} players need {s.players} kits")
        return False
    for i, kit in enumerate(state.kits):
        for problem in check_kit(kit, state.catalog, s):
            out.append(f"kits[{i}]: {problem}")
    in_play = sum(len(k.gates) for k in state.kits)
    if not _is_int(s.gates_to_win) or s.gates_to_win > in_play:
        out.append(
            f"settings.gates_to_win: {_short(s.gates_to_win)}: more than the {in_play}"
            " Gate Cards in play, the match could never end"
        )
    return not out


def _turn(state: MatchState, n: int, out: list[str]) -> None:
    if state.phase not in PHASES:
        out.append(f"phase: {_short(state.phase)} is not a phase ({', '.join(PHASES)})")
    if not _player(state.turn_player, n):
        out.append(f"turn_player: {_short(state.turn_player)} is not a player (0..{n - 1})")
    if not (_is_int(state.turn) and 0 <= state.turn <= MAX_TURN):
        out.append(f"turn: {_short(state.turn)} is not a turn number")
    for name in ("set_this_turn", "turn_acted"):
        if not isinstance(getattr(state, name), bool):
            out.append(f"{name}: {_short(getattr(state, name))} is not true or false")
    if (
        not isinstance(state.seating, list)
        or sorted(x for x in state.seating if _is_int(x)) != list(range(n))
        or len(state.seating) != n
    ):
        out.append(f"seating: {_short(state.seating)} is not an order of the {n} players")
    queue = state.setup_queue
    if not isinstance(queue, list) or not all(_player(p, n) for p in queue):
        out.append(f"setup_queue: {_short(queue)}: players who do not exist")
    elif state.phase == SETUP and not queue:
        out.append("setup_queue: empty while the players set their opening Gate Cards")
    if not isinstance(state.pending, list) or not all(_pair(x, n) for x in state.pending):
        out.append(f"pending: {_short(state.pending)} is not a list of [player, card]")


def _players_shape(state: MatchState, out: list[str]) -> bool:
    n = state.settings.players
    if not isinstance(state.players, list) or len(state.players) != n:
        out.append(f"players: {n} players need {n} entries")
        return False
    ok = True
    for i, ps in enumerate(state.players):
        for pile in ID_PILES:
            if not _strings(getattr(ps, pile, None)):
                out.append(f"players[{i}].{pile}: not a list of ids")
                ok = False
        captured = getattr(ps, "captured", None)
        if not isinstance(captured, list) or not all(_pair(c, n) for c in captured):
            out.append(f"players[{i}].captured: {_short(captured)} is not a list of [owner, gate]")
            ok = False
    return ok


def _field(state: MatchState, n: int, out: list[str]) -> None:
    cols, rows = state.settings.grid
    if not isinstance(state.field, dict):
        out.append("field: not a table of slots")
        return
    for slot, fg in state.field.items():
        where = f"field {_short(slot)}"
        if not _slot(slot) or not (0 <= slot[0] < cols and 0 <= slot[1] < rows):
            out.append(f"{where}: not a slot of the {cols} x {rows} grid")
        if not _player(fg.owner, n):
            out.append(f"{where}: owner {_short(fg.owner)} is not a player")
        if not isinstance(fg.gate, str) or fg.gate not in state.catalog.gates:
            out.append(f"{where}: unknown Gate Card {_short(fg.gate)}")
        if not isinstance(fg.standing, list) or not all(_pair(x, n) for x in fg.standing):
            out.append(f"{where}: standing {_short(fg.standing)} is not a list of [player, id]")


def _places(state: MatchState) -> Iterable[tuple[tuple[str, int, str], str]]:
    """Every (kind, owner, id) where the state puts one, with the place, duplicates kept."""
    for p, ps in enumerate(state.players):
        for kind, pile, place in own_piles(ps):
            for piece in pile:
                yield (kind, p, piece), f"p{p} {place}"
        for owner, gate in ps.captured:
            yield ("gate", owner, gate), f"captured by p{p}"
    for slot, fg in state.field.items():
        yield ("gate", fg.owner, fg.gate), f"field {slot}"
        for p, x in fg.standing:
            yield ("bakugan", p, x), f"standing {slot}"
    b = state.battle
    if isinstance(b, bt.Battle):
        for p, x in b.sides:
            yield ("bakugan", p, x), "battle"
        for support in b.supports:
            yield (support.kind, support.player, support.piece), "battle"
    if state.thrown is not None:
        yield ("bakugan", state.thrown[0], state.thrown[1]), "thrown"


def _expected(state: MatchState) -> Counter[tuple[str, int, str]]:
    want: Counter[tuple[str, int, str]] = Counter()
    for p, kit in enumerate(state.kits):
        for kind, ids in (
            ("bakugan", kit.bakugan),
            ("gate", kit.gates),
            ("ability", kit.abilities),
            ("trap", kit.traps),
            ("gear", kit.gear),
            ("evolution", kit.evolutions),
        ):
            want.update((kind, p, x) for x in ids)
        for card in kit.evolutions:
            evo = state.catalog.evolutions.get(card)
            if evo is not None:
                want[("bakugan", p, evo.evolved)] += 1
    return want


def _pieces(state: MatchState, out: list[str]) -> None:
    if state.thrown is not None and not _pair(state.thrown, state.settings.players):
        out.append(f"thrown: {_short(state.thrown)} is not [player, Bakugan]")
        return
    b = state.battle
    if b is not None and not _battle_shape(b, state.settings.players, out):
        return
    seen: dict[tuple[str, int, str], list[str]] = {}
    for key, place in _places(state):
        seen.setdefault(key, []).append(place)
    want = _expected(state)
    for key, places in sorted(seen.items()):
        kind, owner, piece = key
        if key not in want:
            out.append(f"{kind} {piece} of p{owner}: not in p{owner}'s kit (found {places[0]})")
        elif len(places) > 1:
            out.append(f"{kind} {piece} of p{owner}: in {len(places)} places ({', '.join(places)})")
    for key in sorted(set(want) - set(seen)):
        kind, owner, piece = key
        out.append(f"{kind} {piece} of p{owner}: in no place at all")


def _battle_shape(b: object, n: int, out: list[str]) -> bool:
    if not isinstance(b, bt.Battle):
        out.append("battle: not a battle")
        return False
    ok = isinstance(b.sides, list) and len(b.sides) == 2 and all(_pair(x, n) for x in b.sides)
    if not ok:
        out.append(f"battle.sides: {_short(b.sides)} is not two [player, Bakugan]")
        return False
    if not isinstance(b.supports, list) or not all(
        isinstance(x, bt.Support) and _player(x.player, n) and x.kind in (bt.TRAP, bt.GEAR)
        for x in b.supports
    ):
        out.append("battle.supports: not a list of Traps and Battle Gear of players")
        return False
    return True


def _phase(state: MatchState, n: int, out: list[str]) -> None:
    phase = state.phase
    if (state.thrown is not None) != (phase == LANDING):
        out.append(
            f"thrown: {_short(state.thrown)} in phase {_short(phase)}"
            " (a Bakugan is in the air exactly while its landing is awaited)"
        )
    elif state.thrown is not None and state.thrown[0] != state.turn_player:
        out.append(f"thrown: p{state.thrown[0]} throws on p{state.turn_player}'s turn")
    if phase == OWN:
        choice = state.choice
        fg = state.field.get(choice) if _slot(choice) else None  # type: ignore[arg-type]
        if fg is None:
            out.append(f"choice: {_short(choice)} is not a card of the field")
        elif not fg.standing or fg.standing[-1][0] != state.turn_player:
            out.append(f"choice: the turn player's Bakugan does not stand on {choice}")
    elif state.choice is not None:
        out.append(f"choice: {_short(state.choice)} outside phase {OWN}")
    if (state.battle is not None) != (phase == BATTLE):
        out.append(f"battle: {'a battle' if state.battle else 'none'} in phase {_short(phase)}")
    elif state.battle is not None:
        _battle(state, state.battle, n, out)
    if phase == OPEN:
        order, priority = state.open_order, state.open_priority
        if not isinstance(order, list) or not order or not all(_player(p, n) for p in order):
            out.append(f"open: order {_short(order)} is not a list of players")
        elif len(set(order)) != len(order):
            out.append(f"open: order {_short(order)} names a player twice")
        elif not (_is_int(priority) and 0 <= priority < len(order)):
            out.append(f"open: priority {_short(priority)} is not a place in the order")
    for p, card in state.pending:
        if card not in state.players[p].used_abilities:
            out.append(f"pending: {_short(card)} is not in p{p}'s used pile")
    if not (_is_int(state.open_passes) and state.open_passes >= 0):
        out.append(f"open: passes {_short(state.open_passes)} is not a count")


def _battle(state: MatchState, b: bt.Battle, n: int, out: list[str]) -> None:
    if not _slot(b.slot) or b.slot not in state.field:
        out.append(f"battle.slot: {_short(b.slot)}: no Gate Card lies there")
    (p0, _), (p1, _) = b.sides
    if p0 == p1:
        out.append(f"battle.sides: p{p0} battles himself")
    if b.window not in WINDOWS:
        out.append(f"battle.window: {_short(b.window)} is not a window ({', '.join(WINDOWS)})")
    if not isinstance(b.order, list) or not set(b.order) <= {p0, p1} or not b.order:
        out.append(f"battle.order: {_short(b.order)} is not the battling players")
    elif b.window != bt.ATTRIBUTE and not (_is_int(b.priority) and 0 <= b.priority < len(b.order)):
        out.append(f"battle.priority: {_short(b.priority)} is not a place in the order")
    if not (_is_int(b.passes) and b.passes >= 0):
        out.append(f"battle.passes: {_short(b.passes)} is not a count")
    if not isinstance(b.gate_open, bool):
        out.append(f"battle.gate_open: {_short(b.gate_open)} is not true or false")
    sides = {0, 1}
    if not isinstance(b.to_choose, list) or not set(b.to_choose) <= sides:
        out.append(f"battle.to_choose: {_short(b.to_choose)} are not sides")
    elif b.window == bt.ATTRIBUTE and not b.to_choose:
        out.append("battle.to_choose: the attribute window waits for no one")
    if not isinstance(b.chosen, dict) or not set(b.chosen) <= sides:
        out.append(f"battle.chosen: {_short(b.chosen)} are not sides")
    if not isinstance(b.saved, list) or not set(b.saved) <= sides:
        out.append(f"battle.saved: {_short(b.saved)} are not sides")
    if b.winner is not None and b.winner not in sides:
        out.append(f"battle.winner: {_short(b.winner)} is not a side")
    for i, play in enumerate(b.plays):
        _play(state, b, i, play, n, out)
    for i, support in enumerate(b.supports):
        known = state.catalog.traps if support.kind == bt.TRAP else state.catalog.gear
        if support.piece not in known:
            out.append(f"battle.supports[{i}]: unknown {support.kind} {_short(support.piece)}")
        elif support.kind == bt.TRAP:
            faces = state.catalog.traps[support.piece].faces
            if not (_is_int(support.face) and 0 <= support.face < len(faces)):
                out.append(f"battle.supports[{i}]: face {_short(support.face)} out of range")
        if support.player not in (p0, p1):
            out.append(f"battle.supports[{i}]: p{support.player} is not in the battle")


def _play(state: MatchState, b: bt.Battle, i: int, play: Any, n: int, out: list[str]) -> None:
    where = f"battle.plays[{i}]"
    if not isinstance(play, bt.Play) or not _player(play.player, n):
        out.append(f"{where}: {_short(play)} is not a card played by a player")
        return
    if not isinstance(play.card, str) or play.card not in state.catalog.abilities:
        out.append(f"{where}: unknown Ability Card {_short(play.card)}")
    elif play.card not in state.players[play.player].used_abilities:
        out.append(f"{where}: {play.card} is not in p{play.player}'s used pile")
    if play.cancels is not None and not (_is_int(play.cancels) and 0 <= play.cancels < i):
        out.append(f"{where}: cancels {_short(play.cancels)}, not an earlier play")
    if play.target is not None and not isinstance(play.target, str):
        out.append(f"{where}: target {_short(play.target)} is not a Bakugan id")


def _end(state: MatchState, n: int, out: list[str]) -> None:
    need = state.settings.gates_to_win
    holders = [p for p, ps in enumerate(state.players) if len(ps.captured) >= need]
    over = state.phase == OVER
    winner = state.winner
    if winner is not None and not _player(winner, n):
        out.append(f"winner: {_short(winner)} is not a player")
        return
    if over and winner is None:
        out.append("winner: none, but the match is over")
    elif not over and winner is not None:
        out.append(f"winner: p{winner}, but the match is not over")
    elif over and holders != [winner]:
        out.append(
            f"winner: p{winner} wins, but the players with {need} captures are"
            f" {', '.join(f'p{p}' for p in holders) or 'none'}"
        )
    elif not over and holders:
        out.append(
            f"captured: {', '.join(f'p{p}' for p in holders)} hold the {need} captures"
            " to win, but the match is not over"
        )


__all__ = ["InvalidState", "check", "problems"]
