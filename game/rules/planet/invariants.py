"""What every reachable Battle Planet state satisfies, checked on a state from anywhere:
the check an autosave passes before it is resumed, and the one the property tests and
the 2,000-match benchmark share.

`PlanetState.from_json` rebuilds whatever a file says; a save whose checksum is fine may
still hold a match no play could reach (one side, a winner 5, a placer 9, a card in two
zones). `problems(state, kits)` lists every way a state breaks the rules core's own
invariants, a line each naming the field; `check` raises `InvalidState` with them.
The checks read the state only and never raise, whatever its fields hold.

The invariants, by part of the state:

- settings: known options, the first player 0 or 1 (and then the starting one), a turn
  limit from 1;
- the fields (`fields.fields_hold`): two sides, each of the catalog's cards,
  Characters and BakuCores only, its three Bakugan different, one charge mark per
  Energy card, counts from 0, players 0 or 1; the Matrix, the batch, the turn-long
  changes, the discard choices and the damage of known cards and players;
- the BakuCores: each held only by open Bakugan that list it;
- the cards: every card of each kit in exactly one zone (deck, hand, discard, Energy, a
  Hero in play, an Evolution, the batch), each kit a legal one (or the given `kits`),
  every BakuCore of a kit in the supply or the Matrix;
- the step: setup while cores are to be placed (and only then), the choices of the
  steps taken at once only in them, the rolls only while rolling, a Flip waiting
  exactly in its step, a Victor from the Victory on, the damage in the damage steps;
- the end: over exactly in its step with a reason, a winner who is a player (a draw
  only at the turn limit or when both decks ran out), nobody to act.

Pure and standard library only, like the rest of the rules core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules.api import InvalidState
from game.rules.invariant_checks import gathered, raise_found

from .actions import Energize, Pick, Roll
from .defs import CardPlay, Kit, Settings, TieBreakEmpty
from .fields import count, fields_hold, player, short
from .kit import check_kit
from .phases import WINDOWS, Phase
from .zones import CARD

if TYPE_CHECKING:
    from .state import PlanetState


def check(state: PlanetState, kits: Sequence[Kit] | None = None) -> None:
    """Raise `InvalidState` if `state` breaks an invariant."""
    raise_found(problems(state, kits))


def problems(state: PlanetState, kits: Sequence[Kit] | None = None) -> list[str]:
    """Every invariant `state` breaks (empty: none), one readable line each; never
    raises. `kits`: what each player brought (None: the kits the zones hold, which must
    be legal)."""

    def checks(out: list[str]) -> None:
        if _settings(state, out) and fields_hold(state, out):
            _cards(state, kits, out)
            _cores(state, out)
            _step(state, out)
            _end(state, out)
            if not out:
                _to_act(state, out)

    return gathered(checks, short)


def check_invariants(state: PlanetState, kits: Sequence[Kit]) -> list[str]:
    """`problems` with the kits (the older name the bot self-check used)."""
    return problems(state, kits)


def zones_of(state: PlanetState, owner: int) -> Counter[str]:
    """Every deck card `owner` owns, wherever it is now."""
    side = state.sides[owner]
    cards: Counter[str] = Counter(side.deck)
    cards.update(side.hand)
    cards.update(side.discard)
    cards.update(side.energy)
    for s in state.sides:
        cards.update(h.card for h in s.heroes if h.owner == owner)
    for b in side.bakugan:
        cards.update(b.evolutions)
    cards.update(i.card for i in state.batch if i.kind == CARD and i.player == owner)
    return cards


# ----------------------------------------------------------------- the parts


def _settings(s: PlanetState, out: list[str]) -> bool:
    st = s.settings
    if not (
        isinstance(st, Settings)
        and isinstance(st.card_play, CardPlay)
        and isinstance(st.tie_break_empty, TieBreakEmpty)
        and isinstance(st.shuffle, bool)
    ):
        out.append(f"settings: not a match's rule options ({short(st)})")
        return False
    if st.first is not None and not player(st.first):
        out.append(f"settings.first: {short(st.first)} is not player 0 or 1")
    if not (count(st.turn_limit) and st.turn_limit >= 1):
        out.append(f"settings.turn_limit: {short(st.turn_limit)} is not a turn count from 1")
    if not isinstance(s.phase, Phase):
        out.append(f"phase: {short(s.phase)} is no step of a match")
    return not out


def _cards(s: PlanetState, kits: Sequence[Kit] | None, out: list[str]) -> None:
    for p in (0, 1):
        side = s.sides[p]
        owned = {h for h, core in s.matrix.items() if core.owner == p}
        cores = [*side.supply, *(s.matrix[h].core for h in sorted(owned))]
        have = Kit(
            tuple(b.character for b in side.bakugan), tuple(cores), tuple(zones_of(s, p).elements())
        )
        if kits is not None:
            if len(kits) != 2:
                out.append(f"kits: {len(kits)} kits for two players")
                return
            want = kits[p]
            if Counter(have.deck) != Counter(want.deck):
                extra, missing = (
                    Counter(have.deck) - Counter(want.deck),
                    Counter(want.deck) - Counter(have.deck),
                )
                out.append(
                    f"p{p}: cards out of place: extra {short(dict(extra))},"
                    f" missing {short(dict(missing))}"
                )
            if sorted(have.characters) != sorted(want.characters):
                out.append(
                    f"p{p}: the Bakugan {have.characters} are not the kit's {want.characters}"
                )
            if Counter(have.cores) != Counter(want.cores):
                out.append(f"p{p}: the BakuCores {have.cores} are not the kit's {want.cores}")
        for problem in check_kit(have if kits is None else kits[p], s.catalog):
            out.append(f"p{p}: {problem}")


def _cores(s: PlanetState, out: list[str]) -> None:
    for p, side in enumerate(s.sides):
        for b in side.bakugan:
            if b.cores and not b.open:
                out.append(f"p{p}: closed {b.character} holds cores {b.cores}")
            for h in b.cores:
                if h not in s.matrix or (p, b.character) not in s.matrix[h].held_by:
                    out.append(f"p{p}: {b.character} holds {h}, the Matrix disagrees")
    for h, core in s.matrix.items():
        for p, char in core.held_by:
            holder = s.sides[p].find(char)
            if holder is None or h not in holder.cores:
                out.append(f"core {h}: held by p{p} {char}, who does not hold it")


def _step(s: PlanetState, out: list[str]) -> None:
    phase = s.phase
    setup = phase is Phase.CORES
    supply = [len(side.supply) for side in s.sides]
    if setup != (s.turn == 0):
        out.append(f"turn: turn {s.turn} in {phase.value}")
    if setup and not any(supply):
        out.append("matrix: every BakuCore placed, yet setup goes on")
    if not setup and any(supply) and phase is not Phase.OVER:
        out.append(f"sides: BakuCores still to place in {phase.value}")
    if setup and s.placer != s.starting and len(s.matrix) == 0:
        out.append(f"placer: p{s.placer} places the first core, p{s.starting} starts")
    if setup and not supply[s.placer]:
        out.append(f"placer: p{s.placer} has no BakuCore left to place")
    if s.settings.first is not None and s.starting != s.settings.first:
        out.append(f"starting: p{s.starting}, the settings say p{s.settings.first}")
    if s.turn > s.settings.turn_limit:
        out.append(f"turn: {s.turn} beyond the turn limit {s.settings.turn_limit}")
    for p, commit in enumerate(s.commits):
        if commit is None:
            continue
        wanted = Energize if phase is Phase.ENERGIZE else Pick if phase is Phase.SELECT else None
        if wanted is None or not isinstance(commit, wanted) or commit.player != p:
            out.append(f"commits[{p}]: {short(commit)} in {phase.value}")
        elif isinstance(commit, Energize) and commit.card not in (None, *s.sides[p].hand):
            out.append(f"commits[{p}]: p{p} energizes {commit.card}, which is not in hand")
        elif isinstance(commit, Pick):
            b = s.sides[p].find(commit.character)
            if b is None or b.open:
                out.append(f"commits[{p}]: p{p} rolls {commit.character}, no closed Bakugan of his")
    _rolling(s, out)
    _battle(s, out)
    if s.batch and phase not in WINDOWS:
        out.append(f"batch: cards waiting in {phase.value}")
    if s.choices and s.over:
        out.append("choices: cards to discard after the end")
    for p, _ in s.choices:
        if not s.sides[p].hand:
            out.append(f"choices: p{p} is to discard from an empty hand")


def _rolling(s: PlanetState, out: list[str]) -> None:
    rolling = s.phase is Phase.ROLL
    for p, roll in enumerate(s.rolls):
        if roll is None:
            continue
        if not rolling or not isinstance(roll, Roll) or roll.roller != p:
            out.append(f"rolls[{p}]: {short(roll)} in {s.phase.value}")
        elif roll.core is not None and (roll.core not in s.matrix or s.matrix[roll.core].held_by):
            out.append(f"rolls[{p}]: opens on {roll.core}, no free BakuCore")
    if rolling:
        if None not in s.rolls:
            out.append("rolls: both rolls are in, yet not resolved")
        for p, side in enumerate(s.sides):
            b = side.find(side.picked or "")
            if b is None or b.open:
                out.append(f"sides[{p}].picked: no closed Bakugan picked to roll")


def _battle(s: PlanetState, out: list[str]) -> None:
    phase, d = s.phase, s.damage
    in_battle = phase in (Phase.VICTORY, Phase.FLIP, Phase.DAMAGE)
    if in_battle and s.victor is None:
        out.append(f"victor: none in {phase.value}")
    if phase in (Phase.FLIP, Phase.DAMAGE) and (d is None or d.attacker != s.victor):
        out.append(f"damage: {short(d)} in {phase.value}, the Victor p{s.victor}")
    if d is not None and phase not in (Phase.FLIP, Phase.DAMAGE, Phase.END, Phase.OVER):
        out.append(f"damage: damage dealt in {phase.value}")
    if s.victor is not None and phase not in (*WINDOWS, Phase.FLIP, Phase.OVER):
        out.append(f"victor: p{s.victor} in {phase.value}")
    flip = d.flip if d is not None else None
    waiting = flip is not None or bool(s.choices)  # (a paid Flip's discards, free play)
    if (phase is Phase.FLIP) != (flip is not None) and not (phase is Phase.FLIP and waiting):
        out.append(f"damage.flip: {short(flip)} in {phase.value}")
    if flip is not None and d is not None and flip not in s.sides[1 - d.attacker].discard:
        out.append(f"damage.flip: {flip} is not in the discard pile of p{1 - d.attacker}")
    for p, side in enumerate(s.sides):
        if in_battle and p == s.victor:
            b = side.find(side.picked or "")
            if b is None or not b.open:
                out.append(f"sides[{p}].picked: the Victor's Bakugan is not open")


def _end(s: PlanetState, out: list[str]) -> None:
    over = s.phase is Phase.OVER
    if s.over != over:
        out.append(f"over: {s.over} in {s.phase.value}")
    if over != bool(s.end_reason):
        out.append(f"end_reason: {s.end_reason!r} in {s.phase.value}")
    if s.winner is not None and not over:
        out.append(f"winner: p{s.winner} while the match goes on")
    if over and s.winner is None:
        limit = s.turn >= s.settings.turn_limit
        if not limit and any(side.deck for side in s.sides):
            out.append("winner: none, yet neither the turn limit nor two empty decks ended it")


def _to_act(s: PlanetState, out: list[str]) -> None:
    for p in s.current_players():
        if not s.legal_actions(p):
            out.append(f"p{p} is to act in {s.phase.value} and has no legal action")
    if s.is_over() and s.current_players():
        out.append("the match is over but someone is still to act")


__all__ = ["InvalidState", "check", "check_invariants", "problems", "zones_of"]
