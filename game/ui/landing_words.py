"""Why a throw did not open where it went, in the player's language, for every game.

The physics judges say it as data: `physics.Landing.reason` is a code (`off_table`,
`off_card`, `short`, `bounced`, `no_touch`, `obstructed`, `too_fast`, `two_cores`) and
`by` names what it struck or what was in the way. The words are the catalogs' `throw.why.<code>`,
one sentence each; an obstruction by the other thrown sphere has its own
(`obstructed_sphere`). The classic banner, the throw lab, the challenges' notes and the
Battle Planet log all take them from here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable

from game import physics

Tr = Callable[..., str]


def why(
    tr: Tr, reason: str | None, by: Hashable | None = None, spheres: Collection[Hashable] = ()
) -> str:
    """The sentence for landing code `reason` ("" for none: it opened on a target);
    `spheres`: the ids of the thrown spheres, so that an obstruction by one of them is
    told as the other Bakugan."""
    if reason is None:
        return ""
    key = f"throw.why.{reason}"
    if reason == physics.OBSTRUCTED and by is not None and by in spheres:
        key += "_sphere"
    return tr(key)


__all__ = ["why"]
