"""Fast reads of the simulation's state, and the recorder of every sphere's path.

pymunk's property getters build a Vec2d (~550 ns); its cffi layer returns a plain
struct (~95 ns). ``Space.step`` wraps Chipmunk's ``cpSpaceStep`` in Python bookkeeping
for objects added or removed during a step, which the engine never does (its callbacks
only append to a list): the engine steps through ``Space.step`` once per run and calls
``cpSpaceStep`` directly after that. The values are the same doubles either way.

If a future pymunk moves these internals, the public API is used instead (slower, the
same results); `USE_FAST_ACCESS` is the switch, and a test flips it to prove that both
paths give bit-identical results.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pymunk

try:
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib

    _FAST = all(
        hasattr(_lib, name)
        for name in (
            "cpBodyGetVelocity",
            "cpBodyGetAngularVelocity",
            "cpBodySetForce",
            "cpBodySetPosition",
            "cpBodySetVelocity",
            "cpBodySetAngle",
            "cpBodySetAngularVelocity",
            "cpBodySetTorque",
            "cpBodyUpdatePosition",
            "cpConstraintSetMaxBias",
            "cpConstraintSetMaxForce",
            "cpSpaceSetGravity",
            "cpSpaceStep",
            "cpSpaceEachBody",
            "pmSpaceBodyGetIteratorFuncBatched",
        )
    )
except ImportError:  # pragma: no cover - depends on pymunk internals
    _FAST = False

USE_FAST_ACCESS: bool = _FAST
"""Module switch, read at the start of every run."""


def c_lib() -> Any:
    """Chipmunk's functions through cffi (only when USE_FAST_ACCESS)."""
    return _lib


class Access:
    """The functions runs read and write one space with (fast or public).

    ``velocity(h)`` / ``spin(h)`` read a body (``h`` is ``handle(body)``); ``force(h, f)``
    sets its force for the next step; ``gravity(g)`` sets the space's gravity;
    ``step(dt)`` advances the space.
    """

    __slots__ = ("fast", "force", "gravity", "handle", "spin", "step", "velocity")

    def __init__(self, space: pymunk.Space) -> None:
        self.fast = USE_FAST_ACCESS
        if self.fast:
            space_handle = space._space
            self.velocity: Callable[[Any], Any] = _lib.cpBodyGetVelocity
            self.spin: Callable[[Any], float] = _lib.cpBodyGetAngularVelocity
            self.force: Callable[[Any, tuple[float, float]], None] = _lib.cpBodySetForce
            self.handle: Callable[[pymunk.Body], Any] = _body_handle
            self.gravity: Callable[[tuple[float, float]], None] = partial(
                _lib.cpSpaceSetGravity, space_handle
            )
            self.step: Callable[[float], None] = partial(_lib.cpSpaceStep, space_handle)
        else:
            self.velocity = _public_velocity
            self.spin = _public_spin
            self.force = _public_force
            self.handle = _same

            def gravity(g: tuple[float, float]) -> None:
                space.gravity = g

            self.gravity = gravity
            self.step = space.step


def _body_handle(body: pymunk.Body) -> Any:
    return body._body


def _same(body: pymunk.Body) -> Any:
    return body


def _public_velocity(body: pymunk.Body) -> pymunk.Vec2d:
    return body.velocity


def _public_spin(body: pymunk.Body) -> float:
    return body.angular_velocity


def _public_force(body: pymunk.Body, force: tuple[float, float]) -> None:
    body.force = force


class Tracks:
    """(x, y, angle) of each sphere at t = 0 and after every step, as native doubles.

    Fast path: one C call per sample appends (x, y, angle) of every body in the space -
    the moving pieces, the spheres and the static body - to a growing C array; the
    spheres' triples are sorted out afterwards, by the order of the bodies in the
    space, which a probe by body id finds. Public path: one property read per sphere and
    sample.

    `drop(body)` must be called just before a sphere's body leaves the space (its
    samples end there), and `removed()` just after (the others' order changed).
    """

    __slots__ = ("_buffer", "_fast", "_layout", "_out", "_space", "_stride", "_track", "sample")

    def __init__(self, space: pymunk.Space, bodies: Sequence[pymunk.Body]) -> None:
        self._space = space
        self._out: dict[int, array[float]] = {b.id: array("d") for b in bodies}
        self._layout: list[tuple[int, int]] = []  # (body id, index in a sample) per sphere
        self._stride = 0
        self._track = list(bodies)
        self._fast = USE_FAST_ACCESS and self._find_layout()
        if self._fast:
            import pymunk.batch as batch

            buf = batch.Buffer()
            data = _ffi.new("pmBatchedData *")
            data.fields = (batch.BodyFields.POSITION | batch.BodyFields.ANGLE).value
            data.floatArray = buf._float_arr
            data.intArray = buf._int_arr
            self._buffer: Any = buf
            func = _ffi.addressof(_lib, "pmSpaceBodyGetIteratorFuncBatched")
            # one C call per sample, no Python frame in between
            self.sample: Callable[[], None] = partial(
                _lib.cpSpaceEachBody, space._space, func, data
            )
        else:
            track = self._track
            out = self._out

            def sample() -> None:
                for body in track:
                    p = body.position
                    out[body.id].extend((p.x, p.y, body.angle))

            self.sample = sample

    def _find_layout(self) -> bool:
        """Which triple of a sample belongs to which sphere (by body id); False if the
        probe does not show every sphere exactly once (then the public path is used)."""
        import pymunk.batch as batch

        probe = batch.Buffer()
        data = _ffi.new("pmBatchedData *")
        data.fields = batch.BodyFields.BODY_ID.value
        data.floatArray = probe._float_arr
        data.intArray = probe._int_arr
        func = _ffi.addressof(_lib, "pmSpaceBodyGetIteratorFuncBatched")
        _lib.cpSpaceEachBody(self._space._space, func, data)
        raw = bytes(probe.int_buf())
        if len(raw) % 8:
            return False
        ids = list(memoryview(raw).cast("q"))
        wanted = {b.id for b in self._track}
        layout = [(ident, i) for i, ident in enumerate(ids) if ident in wanted]
        if len(layout) != len(wanted):
            return False
        self._layout = layout
        self._stride = len(ids)
        return True

    def _flush(self) -> None:
        buf = self._buffer
        raw = array("d", bytes(buf.float_buf()))
        buf.clear()
        if not raw:
            return
        stride = 3 * self._stride
        n = len(raw) // stride
        for ident, i in self._layout:
            k = 3 * i
            if stride == 3:
                self._out[ident].extend(raw)
                continue
            part = array("d", bytes(24 * n))
            part[0::3] = raw[k::stride]
            part[1::3] = raw[k + 1 :: stride]
            part[2::3] = raw[k + 2 :: stride]
            self._out[ident].extend(part)

    def drop(self, body: pymunk.Body) -> None:
        """`body` leaves the space after this step: its samples end here."""
        if self._fast:
            self._flush()
        self._track[:] = [b for b in self._track if b is not body]

    def removed(self) -> None:
        """A body left the space: find the others again."""
        if self._fast and not self._find_layout():  # pragma: no cover - pymunk internals
            raise RuntimeError("the recorder lost track of the spheres")

    def take(self) -> dict[int, bytes]:
        """Every sphere's samples so far, by body id."""
        if self._fast:
            self._flush()
        return {ident: out.tobytes() for ident, out in self._out.items()}


__all__ = ["USE_FAST_ACCESS", "Access", "Tracks", "c_lib"]
