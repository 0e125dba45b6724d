"""Pads that misbehave: held down too long, or chattering. Reported, and left out.

A pad held for more than 10 s is not a player claiming a tile: it is a tile leaning on
its button, a pawn jammed in, or a short. While a card is out, though, a pawn rests on
the tile it claimed until the table has named it and confirmed the call, which with six
players takes longer than that: the referee says when a card is out (``resting``), and a
pad held then is no fault; one still held once the card is over counts from then (R-R3:
before the next card every pawn is back). A pad with more than 20 edges a second for 2 s
is a broken switch or a loose wire. Either would decide or spoil every race, so the pad
is reported by its tile's name and left out of judging until it behaves again
(released; quiet) - docs/architecture.md, principle 7.

Everything here runs on event times given by the caller, never on a clock of its own,
so a test can walk a pad through ten seconds without sleeping.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from hardware.events import PadFault

NS = 1_000_000_000


@dataclass
class _Watch:
    pressed: bool = False
    since_ns: int = 0
    edges: deque[int] = field(default_factory=deque)
    stuck: bool = False
    chatter: bool = False


class FaultWatch:
    """Watches raw (not debounced) edges per pad. ``tile`` names a pad for messages.

    ``stuck_s``: a press longer than this is a fault. ``chatter_rate`` edges a second
    sustained for ``chatter_s`` seconds is a fault; the pad is quiet again when the last
    ``chatter_s`` seconds hold no more than ``chatter_rate`` edges in all.
    """

    def __init__(self, tile: Callable[[int], str], *, stuck_s: float = 10.0,
                 chatter_rate: int = 20, chatter_s: float = 2.0) -> None:
        self._tile = tile
        self._stuck_ns = round(stuck_s * NS)
        self._rate = chatter_rate
        self._window_ns = round(chatter_s * NS)
        self._pads: dict[int, _Watch] = {}
        self._latest_ns = 0
        self._active: dict[tuple[int, str], PadFault] = {}
        self._resting = False

    def active(self) -> tuple[PadFault, ...]:
        """The faults in force now, in pad order (the status view shows these)."""
        return tuple(self._active[key] for key in sorted(self._active))

    def is_faulted(self, pad: int) -> bool:
        watch = self._pads.get(pad)
        return watch is not None and (watch.stuck or watch.chatter)

    def start(self, pad: int, pressed: bool, t_ns: int) -> None:
        """A pad's level when the backend starts: held already counts towards 'stuck'."""
        self._pads[pad] = _Watch(pressed=pressed, since_ns=t_ns)

    def resting(self, resting: bool, t_ns: int) -> None:
        """A card is out (``True``: pawns rest on the tiles they claimed) or over (``False``,
        at ``t_ns``: a pad still held counts its time from now). A pad already stuck stays so."""
        if self._resting and not resting:
            for watch in self._pads.values():
                if watch.pressed and not watch.stuck:
                    watch.since_ns = max(watch.since_ns, t_ns)
        self._resting = resting

    def edge(self, pad: int, pressed: bool, t_ns: int) -> list[PadFault]:
        """Record one raw edge; the faults it raised or cleared."""
        watch = self._pads.setdefault(pad, _Watch(since_ns=t_ns))
        self._latest_ns = max(self._latest_ns, t_ns)
        changes = []
        if watch.pressed != pressed:
            watch.pressed, watch.since_ns = pressed, t_ns
            if not pressed and watch.stuck:
                watch.stuck = False
                changes.append(self._clear(pad, "stuck", t_ns, "released: judged again"))
        watch.edges.append(t_ns)
        self._forget_before(watch, t_ns - self._window_ns)
        if not watch.chatter and self._chattering(watch, t_ns):
            watch.chatter = True
            changes.append(self._raise(
                pad, "chatter", t_ns,
                f"more than {self._rate} edges a second for {self._window_ns / NS:g} s "
                "(loose wire or worn switch?): left out of judging until it is quiet"))
        return changes

    def check(self, now_ns: int) -> list[PadFault]:
        """Faults raised or cleared by time passing with no edge: a press held past the
        limit, a chattering pad gone quiet. Called by the backend's ticker."""
        # A caller's clock behind the newest edge (tests driving their own times) must not
        # make recent edges look old.
        now_ns = max(now_ns, self._latest_ns)
        changes = []
        for pad, watch in self._pads.items():
            if watch.pressed and not watch.stuck and not self._resting and now_ns - watch.since_ns > self._stuck_ns:
                watch.stuck = True
                changes.append(self._raise(
                    pad, "stuck", watch.since_ns + self._stuck_ns,
                    f"held down for more than {self._stuck_ns / NS:g} s (something resting on it?): "
                    "left out of judging until it is released"))
            if watch.chatter:
                self._forget_before(watch, now_ns - self._window_ns)
                if len(watch.edges) <= self._rate:
                    watch.chatter = False
                    changes.append(self._clear(pad, "chatter", now_ns, "quiet again: judged again"))
        return changes

    def _chattering(self, watch: _Watch, t_ns: int) -> bool:
        """More than ``rate`` edges in each whole second of the window ending at ``t_ns``.
        The edges are in time order, so each second's count is two binary searches."""
        seconds = max(1, round(self._window_ns / NS))
        ends = [bisect_right(watch.edges, t_ns - k * self._window_ns // seconds) for k in range(seconds + 1)]
        return all(ends[k] - ends[k + 1] > self._rate for k in range(seconds))

    @staticmethod
    def _forget_before(watch: _Watch, limit_ns: int) -> None:
        while watch.edges and watch.edges[0] <= limit_ns:
            watch.edges.popleft()

    def _raise(self, pad: int, kind: str, t_ns: int, what: str) -> PadFault:
        tile = self._tile(pad)
        fault = PadFault(pad, tile, kind, True, t_ns, f"{tile}: {what}")
        self._active[(pad, kind)] = fault
        return fault

    def _clear(self, pad: int, kind: str, t_ns: int, what: str) -> PadFault:
        self._active.pop((pad, kind), None)
        tile = self._tile(pad)
        return PadFault(pad, tile, kind, False, t_ns, f"{tile}: {what}")
