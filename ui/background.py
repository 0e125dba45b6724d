"""Slow, exact answers worked out away from the UI thread, so a tap never waits for them.

A screen asks ``answers.get(question)``: a known answer comes back at once; otherwise it
gets ``None``, the question is worked out on a daemon thread, and ``ready(question,
answer)`` is called on the UI thread when it is done - but only if it is still the
newest question asked, so a screen never shows an answer for cards it no longer holds.
Questions asked while one is being worked out are not queued: only the newest waits, the
ones in between are skipped. Answers are kept (the same question gives the same answer),
and an error is an answer too (the exception), for the screen to show.

The work must be a pure function of the (hashable) question. Kivy's Clock scheduling is
thread safe ("all the scheduling and canceling methods are fully thread safe", kivy/clock.py),
which is how a finished answer reaches the UI thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

from kivy.clock import Clock

Q = TypeVar("Q", bound=Hashable)
A = TypeVar("A")


class LatestAnswers(Generic[Q, A]):
    """Answers to ``work(question)``, worked out one at a time off the UI thread."""

    def __init__(self, work: Callable[[Q], A], ready: Callable[[Q, A | Exception], None], keep: int = 64) -> None:
        self._work, self._ready, self._keep = work, ready, keep
        self._known: OrderedDict[Q, A | Exception] = OrderedDict()
        self._running: Q | None = None
        self._wanted: Q | None = None

    def get(self, question: Q) -> A | Exception | None:
        """The answer if it is known (``None`` while it is being worked out)."""
        if question in self._known:
            self._known.move_to_end(question)
            self._wanted = None
            return self._known[question]
        self._wanted = question
        if self._running is None:
            self._start(question)
        return None

    def busy(self) -> bool:
        """Whether an answer is still being worked out (benchmarks and tests wait on it)."""
        return self._running is not None

    def _start(self, question: Q) -> None:
        """Work ``question`` out, starting after this frame is drawn: the thread would hold
        Python's interpreter lock half the time, and the frame showing the tap comes first.
        (A Clock event scheduled now runs in the next frame's tick, after this frame's draw:
        kivy/base.py EventLoop.idle ticks the Clock, dispatches input, then draws.)"""
        self._running = question
        thread = threading.Thread(target=self._run, args=(question,), name="answers", daemon=True)
        Clock.schedule_once(lambda _dt: thread.start())

    def _run(self, question: Q) -> None:
        try:
            answer: A | Exception = self._work(question)
        except Exception as exc:  # the screen shows the reason; the UI thread never sees a traceback
            answer = exc
        Clock.schedule_once(lambda _dt: self._finished(question, answer))

    def _finished(self, question: Q, answer: A | Exception) -> None:
        self._running = None
        self._known[question] = answer
        while len(self._known) > self._keep:
            self._known.popitem(last=False)
        wanted, self._wanted = self._wanted, None
        if wanted is None:
            return
        if wanted in self._known:
            self._ready(wanted, self._known[wanted])
        else:  # a newer question came while this one was worked out: it is next
            self._wanted = wanted
            self._start(wanted)
