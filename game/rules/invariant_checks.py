"""What every game's invariant check shares (`classic.invariants`, `attack.invariants`,
`planet.invariants`): its checks run into one list of problems, a field of a type no
check foresaw a problem line too rather than a crash, and `check` raising
`InvalidState` with the problems found. Each game keeps its own checks and its own way
of shortening what it quotes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.api import InvalidState


def gathered(
    checks: Callable[[list[str]], object], short: Callable[[object], str] = str
) -> list[str]:
    """The problems `checks` appends to a fresh list, one readable line each; never
    raises (an exception is the line ``state: cannot be checked (...)``, its text by
    `short`)."""
    out: list[str] = []
    try:
        checks(out)
    except Exception as e:  # a field of a type no check foresaw: still a problem, not a crash
        out.append(f"state: cannot be checked ({type(e).__name__}: {short(e)})")
    return out


def raise_found(found: list[str]) -> None:
    """Raise `InvalidState` with `found` if it names any problem."""
    if found:
        raise InvalidState(found)


__all__ = ["gathered", "raise_found"]
