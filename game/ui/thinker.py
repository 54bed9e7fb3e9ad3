"""Where the computers think: off the screen's thread, one decision at a time, the same
way on every game's screen.

A computer's decision (a choice from its observation, or a throw planned through the
physics) can take longer than a frame. The screen takes in its own thread what the
decision reads (the observation, the legal actions, the table: copies the match will
not change under it), hands the thinking to `Thinker.start` as a function of those, and
asks `answer()` each frame while it goes on drawing; the answer is carried out back in
the screen's thread. An error in the thinking is raised there too, by `answer`.

In an app run `fast` (tests and tools: every frame is one step at once, whatever time
it took) the screen asks `answer(wait=True)`, so that frames never outrun the thinking
and a run is the same frame by frame.

One worker thread serves the process. The interpreter's switch interval is left as it
is: a frame waits at most that long (5 ms) for the lock a planning loop holds, and
`benchmarks/planet_screen.py` measured the same frame times with and without a shorter
one (median 1.0 ms, p99 5.1-5.5 ms over 1,200 frames).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")


class Thinker(Generic[T]):
    """One screen's computer decision under way (at most one at a time)."""

    def __init__(self) -> None:
        self._job: tuple[int, Future[T]] | None = None

    @property
    def who(self) -> int | None:
        """The seat whose decision is being thought out, or None."""
        return None if self._job is None else self._job[0]

    @property
    def busy(self) -> bool:
        return self._job is not None

    def start(self, who: int, think: Callable[[], T]) -> None:
        """Think `think()` out for seat `who` in the worker thread."""
        if self._job is not None:
            raise RuntimeError(f"seat {self._job[0]} is still thinking")
        self._job = (who, _WORKER.submit(think))

    def answer(self, wait: bool = False) -> tuple[int, T] | None:
        """(seat, answer) once the thinking is done, else None (`wait`: wait for it).
        The thinking's error, if it failed, is raised here."""
        if self._job is None:
            return None
        who, future = self._job
        if not wait and not future.done():
            return None
        self._job = None
        return who, future.result()

    def settle(self) -> None:
        """Wait until the worker has finished the decision, and leave its answer for
        `answer` (what it reads and takes, a replay seat its record, is taken now)."""
        if self._job is not None:
            self._job[1].exception()

    def forget(self, wait: bool = False) -> None:
        """Drop the decision under way (the screen is left, or a replay jumps): its
        answer is never carried out, and its error never raised. `wait`: return only
        once the worker has finished it (it may read what the caller changes next)."""
        if self._job is not None and wait:
            self._job[1].exception()
        self._job = None
