"""Leading-edge lockout debounce, done in our code rather than by the pin library.

A library "settle" filter reports an edge only after the contact has been quiet for the
bounce time, so the time it reports is the end of the bounce train, shifted by up to
the window and by a different amount for every switch. A race decided to the millisecond
needs the first edge's time. So the first edge is passed on at once with its own time,
and the pad is ignored while it bounces (ruling: R-R4): each edge within the window of the
edge before it on that pad continues the chain, however long, and the whole chain is the
one press (or release) of its first edge. That is the referee's own reading of the edges
(companion/rapidcity/judge.py), so what leaves here is what the judge would make of every
raw edge: the first edge of each chain, whatever level the pad was last said to be at.

A tap shorter than the window would then lose its release. The lockout therefore
remembers the last level it ignored, and when the chain is over (at the next edge, or at
:meth:`LeadingEdgeLockout.settle` called by the backend's ticker) it passes on that level
if it differs from the one last reported, stamped with the time it was seen and marked
``settled``: a level for the screen, not an edge for the judge, which counted it as part
of its chain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Passed(NamedTuple):
    """A level passed on: ``settled`` when it is the last level of a chain, told once the
    chain is over (for the screen), rather than the first edge of a chain (for the judge)."""

    pressed: bool
    t_ns: int
    settled: bool


@dataclass
class _PadState:
    pressed: bool = False
    t_ns: int | None = None  # time of the last edge passed on
    lock_until: int | None = None
    pending: tuple[bool, int] | None = None  # last level seen inside the lockout
    dropped: int = 0  # this pad's bounce edges ignored (the pad test screen shows them)


class LeadingEdgeLockout:
    """Per-pad lockout over edges given in each pad's time order. Not thread-safe: the
    pipeline that owns it holds a lock. ``bounce_ns == 0`` passes every change through."""

    def __init__(self, bounce_ns: int) -> None:
        if bounce_ns < 0:
            raise ValueError(f"bounce window must not be negative, got {bounce_ns} ns")
        self.bounce_ns = bounce_ns
        self._pads: dict[int, _PadState] = {}
        self.dropped = 0  # bounce edges ignored inside a lockout
        self.late = 0  # edges older than the pad's last reported edge (cannot be placed)

    def reset(self, pad: int, pressed: bool) -> None:
        """Start a pad at a known level (a button already held when the backend starts).
        No time is kept: a scripted edge from before the start is still in order."""
        self._pads[pad] = _PadState(pressed=pressed)

    def level(self, pad: int) -> tuple[bool, int | None]:
        """The last level passed on for ``pad`` and when."""
        state = self._pads.get(pad, _PadState())
        return state.pressed, state.t_ns

    def bounces(self, pad: int) -> int:
        """How many of ``pad``'s edges fell inside its lockout (a bouncy switch, a loose wire)."""
        state = self._pads.get(pad)
        return state.dropped if state else 0

    def edge(self, pad: int, pressed: bool, t_ns: int) -> list[Passed]:
        """What to pass on because of this raw edge, oldest first: a settled level of the
        chain before it, and the edge itself when it starts a chain."""
        state = self._pads.setdefault(pad, _PadState())
        if state.t_ns is not None and t_ns < state.t_ns:
            self.late += 1
            return []
        out = self._release_pending(state, t_ns)
        if pressed and not state.pressed and t_ns == state.t_ns:
            # at one instant the referee reads a press before a release (judge._edge_order), so
            # a press stamped with the release that began this chain begins it as a press too
            state.pending = None
            out.append(self._pass(state, pressed, t_ns, settled=False))
            return out
        if state.lock_until is not None and t_ns < state.lock_until:
            # ruling: R-R4 - a chain of bounces is one press: each edge within the window of the previous one extends it
            state.lock_until = t_ns + self.bounce_ns
            state.pending = (pressed, t_ns)
            self.dropped += 1
            state.dropped += 1
            return out
        state.pending = None
        out.append(self._pass(state, pressed, t_ns, settled=False))
        return out

    def settle(self, now_ns: int) -> list[tuple[int, Passed]]:
        """(pad, what to pass on) for every pad whose chain is over and whose last ignored
        level differs from the one reported: the release of a tap shorter than the window."""
        out: list[tuple[int, Passed]] = []
        for pad, state in self._pads.items():
            out.extend((pad, passed) for passed in self._release_pending(state, now_ns))
        return out

    def _release_pending(self, state: _PadState, now_ns: int) -> list[Passed]:
        if state.pending is None or state.lock_until is None or now_ns < state.lock_until:
            return []
        pressed, t_ns = state.pending
        state.pending = None
        if pressed == state.pressed:
            return []
        return [self._pass(state, pressed, t_ns, settled=True)]

    def _pass(self, state: _PadState, pressed: bool, t_ns: int, *, settled: bool) -> Passed:
        state.pressed, state.t_ns = pressed, t_ns
        if not settled:  # a settled level is inside its chain: the chain's lockout is already over
            state.lock_until = t_ns + self.bounce_ns if self.bounce_ns else None
        return Passed(pressed, t_ns, settled)
