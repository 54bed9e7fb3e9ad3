"""Hot-seat at the Battle Planet table: when the curtain must come down, and what is
done without it.

The curtain (`game.ui.curtain`) hides one person's things from the other. Here it comes
down only when the person at the screen must change *and* the one coming has
something hidden to see or choose:

- among people who act at once (the Energy, the pick, the throws, free card play) the
  one already at the screen goes first, so each step costs at most one curtain;
- whoever is at the screen, a Flip he cannot pay for is let go at once, said in the
  same line (`let_go`): there is nothing to choose, and a damage may mill several;
- a coming person whose only legal choice is one action (Pass with no card he could
  play or pay for, No Energy with an empty hand, the last closed Bakugan, letting a
  Flip go he cannot pay) takes it at once, without the curtain, with a line saying
  so (`forced`): a person who could play a card always gets the curtain and the
  choice;
- the BakuCores: behind his curtain a person orders his cores (`CorePlans`); the
  first goes down then, and each later one of his order is placed in the open (the
  screen shows nobody's things then; the prompt names no core, only its number in
  his order); "Change my order" brings his curtain back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.match.planet.play import PlanetMatch
from game.rules.planet import Action, Energize, FlipChoice, Pass, Phase, Pick

if TYPE_CHECKING:
    from .match import PlanetMatchScene

AUTO_LINES: dict[type, str] = {
    Pass: "planet_ui.auto.pass",
    Energize: "planet_ui.auto.energize",
    Pick: "planet_ui.auto.pick",
    FlipChoice: "planet_ui.auto.flip",
}
NOTICE_SECONDS = 2.5
"""how long the line of a choice taken without the curtain stays over the table"""


def forced(match: PlanetMatch, person: int) -> tuple[Action, str] | None:
    """The person's one legal action and the catalog key of the line that tells it,
    or None when he has a real choice (then he gets the curtain)."""
    legal = match.legal_actions(person)
    if len(legal) != 1:
        return None
    action = legal[0]
    return action, AUTO_LINES.get(type(action), "planet_ui.auto.other")


def let_go(scene: PlanetMatchScene, p: int) -> bool:
    """A Flip person `p` cannot pay for is let go at once, with the line that says so
    (a damage may mill several: no click for any of them). True when it was."""
    only = forced(scene.match, p)
    if only is None or not isinstance(only[0], FlipChoice):
        return False
    scene.notice, scene.notice_t = scene.tr(only[1], player=p + 1), NOTICE_SECONDS
    scene._said({None: [scene.notice]})
    scene.act(only[0])
    return True


def first_of(candidates: Sequence[int], at_screen: int | None) -> int | None:
    """Who of these acts first: the one at the screen, else the first in seat order."""
    if not candidates:
        return None
    return at_screen if at_screen in candidates else candidates[0]


def arrive(scene: PlanetMatchScene, p: int) -> bool:
    """Person `p` must act and is not the one at the screen: his only choice is taken
    without the curtain (said in a line), his next ordered core is placed in the open,
    or the curtain comes down. True when this frame is spent."""
    only = forced(scene.match, p)
    if only is not None:
        action, key = only
        scene.notice, scene.notice_t = scene.tr(key, player=p + 1), NOTICE_SECONDS
        scene._said({None: [scene.notice]})  # (said before what it leads to: a new turn)
        scene.act(action)
        return True
    if scene.match.state.phase is Phase.CORES and scene.plans.next(p) is not None:
        if scene.public != p:
            scene.public, scene.core, scene._dirty = p, scene.plans.next(p), True
        return False
    for aim in scene.aims.values():
        aim.cancel()
    scene.aims.clear()
    scene.public = None
    scene.curtain.lower(p)
    scene._dirty = True
    return True


class CorePlans:
    """Each person's order of his BakuCores (hot-seat), chosen behind his curtain:
    `order[p][at[p]]` goes down next."""

    def __init__(self) -> None:
        self.order: dict[int, list[str]] = {0: [], 1: []}
        self.at: dict[int, int] = {0: 0, 1: 0}

    def next(self, player: int) -> str | None:
        order, at = self.order[player], self.at[player]
        return order[at] if at < len(order) else None

    def number(self, player: int) -> int:
        """The next core's number in his order (1 for the first)."""
        return self.at[player] + 1

    def waiting(self, player: int) -> tuple[str, ...]:
        """His ordered cores not placed yet, in order."""
        return tuple(self.order[player][self.at[player] :])

    def unordered(self, player: int, supply: Sequence[str]) -> list[str]:
        """The cores of his supply not in his order yet (one of each kind)."""
        left = Counter(supply)
        left.subtract(self.waiting(player))
        return sorted(c for c, n in left.items() if n > 0)

    def add(self, player: int, core: str) -> None:
        self.order[player].append(core)

    def undo(self, player: int) -> None:
        if len(self.order[player]) > self.at[player]:
            self.order[player].pop()

    def placed(self, player: int, core: str) -> None:
        if self.next(player) == core:
            self.at[player] += 1

    def clear(self, player: int) -> None:
        self.order[player] = []
        self.at[player] = 0


__all__ = [
    "AUTO_LINES",
    "NOTICE_SECONDS",
    "CorePlans",
    "arrive",
    "first_of",
    "forced",
    "let_go",
]
