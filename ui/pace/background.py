"""Slow, exact answers worked out away from the UI, so a tap never waits for them.

A screen asks ``answers.get(question)``: a known answer comes back at once; otherwise it
gets ``None``, ``work(*question)`` is worked out in the background, and ``ready(question,
answer)`` is called on the UI thread when it is done - but only if it is still the newest
question asked, so a screen never shows an answer for cards it no longer holds. Questions
asked while one is being worked out are not queued: only the newest waits, the ones in
between are skipped. Answers are kept (the same question gives the same answer), and an
error is an answer too (the exception), for the screen to show.

The background is one worker *process* (``WORKER``), shared by every screen, not a thread:
the odds are pure Python, and a thread working them out held the interpreter lock half the
time, so a tap made meanwhile waited for it (52 / 103 / 152 ms at 5 / 8 / 10 bounty draws).
The worker has its own interpreter. ``work`` must therefore be a pure function importable
without Kivy (a ``companion`` function), and the question and answer picklable. If the
worker cannot start (no POSIX semaphores in /dev/shm, a process limit) or keeps dying, the
question is worked out on a thread of the app as before: taps are slower while it runs,
but the answer comes and nothing hangs; the log says why.

Kivy's Clock scheduling is thread safe ("all the scheduling and canceling methods are fully
thread safe", kivy/clock.py), which is how a finished answer reaches the UI thread from the
pool's result thread or a fallback thread.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Generic, Hashable, TypeVar
from weakref import WeakSet

from kivy.clock import Clock
from kivy.logger import Logger

from companion.kiosk.worker import prepare

Q = TypeVar("Q", bound=Hashable)
A = TypeVar("A")

#: a worker that dies is started again for the next question this many times; after that
#: the app works answers out itself (something keeps killing it: memory, a sandbox)
RESTARTS = 2
#: how long app exit waits for a starting worker to tell its pid (to end it)
STOP_SECONDS = 5.0

# The start method is 'spawn', on purpose. 'fork' (Linux's default in Python 3.11) would copy
# this process as it is - Kivy's window, its GL context, SDL's and Kivy's threads - into the
# child; the docs warn that "safely forking a multithreaded process is problematic"
# (multiprocessing, "Contexts and start methods"). 'spawn' starts "a fresh Python interpreter
# process" that "will only inherit those resources necessary to run the process object's run()
# method", so the worker holds only the standard library and companion (companion/kiosk/worker.py
# imports the work's module up front). 'forkserver' avoids copying Kivy too, but keeps a second
# resident server process to fork the one worker we keep; spawn's slower start is paid once per
# run, ahead of the first question (``LatestAnswers.prepare``). Spawn imports the parent's main
# module in the child unless it ran as ``-m package`` (docs, "Safe importing of main module"):
# the `companion` console script only imports companion.cli, so is safe; a script that shows the
# duel screen keeps its Kivy imports inside functions (bench/bench_bountytown.py does).
# The worker stays in the app's process group (spawn does not call setsid), as the kiosk's
# systemd unit expects: stopping the service stops the worker too.
START_METHOD = "spawn"


class WorkerProcess:
    """The one worker process, started on first need (or ahead) and stopped with the app.
    ``unavailable`` says why work runs on a thread of the app instead ("" while it need not)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._pid: Future | None = None
        self._breaks = 0
        self._stopped: WeakSet[ProcessPoolExecutor] = WeakSet()  # pools ended by ``stop``, not by a death
        self.unavailable = ""

    def start(self, *modules: str) -> ProcessPoolExecutor | None:
        """The running pool, started now if it is not (importing ``modules`` in the worker
        before its first job); ``None`` when the worker cannot run."""
        with self._lock:
            if self._pool is None and not self.unavailable:
                try:
                    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(START_METHOD),
                                               initializer=prepare, initargs=modules)
                except (OSError, ImportError, NotImplementedError) as exc:
                    self._give_up(f"it cannot start ({exc})")
                    return None
                try:
                    self._pid = pool.submit(os.getpid)  # the process starts now, not with the first question
                except (OSError, RuntimeError) as exc:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._give_up(f"it cannot start ({exc})")
                    return None
                self._pool = pool
            return self._pool

    def pid(self, timeout: float = STOP_SECONDS) -> int | None:
        """The worker's process id (waiting up to ``timeout`` for it to start), if it runs."""
        with self._lock:
            pid = self._pid if self._pool is not None else None
        try:
            return pid.result(timeout) if pid is not None else None
        except Exception:  # it did not start in time, or died: there is no pid to give
            return None

    def broke(self, pool: ProcessPoolExecutor, why: BaseException) -> bool:
        """``pool``'s worker died: forget it, so the next question starts a new one (up to
        ``RESTARTS`` times). False when the pool was stopped on purpose (``stop``)."""
        with self._lock:
            if pool in self._stopped:
                return False
            if pool is not self._pool:  # another question's answer already said so
                return True
            self._pool = self._pid = None
            self._breaks += 1
            if self._breaks > RESTARTS:
                self._give_up(f"it stopped {self._breaks} times, last: {why}")
            else:
                Logger.warning(f"Background: the worker process stopped ({why}); the next question starts a new one")
        pool.shutdown(wait=False, cancel_futures=True)
        return True

    def stop(self) -> None:
        """End the worker now (the app is closing): a question being worked out is dropped,
        not waited for. Before Python 3.14 (``terminate_workers``) a pool cannot end a busy
        worker, so its process is sent SIGTERM; the pool then sees it gone and joins it."""
        pid = self.pid()
        with self._lock:
            pool, self._pool, self._pid = self._pool, None, None
            if pool is None:
                return
            self._stopped.add(pool)
        pool.shutdown(wait=False, cancel_futures=True)
        if pid is not None:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass  # it had already ended
        pool.shutdown(wait=pid is not None)  # a worker that did not start in time is not waited for

    def _give_up(self, why: str) -> None:
        self.unavailable = why
        Logger.warning(f"Background: no worker process: {why}; answers are worked out in the app (slower taps)")


#: the app's one worker process
WORKER = WorkerProcess()


class LatestAnswers(Generic[Q, A]):
    """Answers to ``work(*question)``, worked out one at a time by ``worker`` (or, when it
    cannot run, a thread of the app)."""

    def __init__(self, work: Callable[..., A], ready: Callable[[Q, A | Exception], None], keep: int = 64,
                 worker: WorkerProcess = WORKER) -> None:
        self._work, self._ready, self._keep, self._worker = work, ready, keep, worker
        module = getattr(work, "__module__", None)
        self._modules = (module,) if module else ()  # loaded when the worker starts
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

    def prepare(self) -> None:
        """Start the worker ahead of the first question (after this frame is drawn), so that
        question does not wait for a Python to start."""
        Clock.schedule_once(lambda _dt: self._worker.start(*self._modules))

    def _start(self, question: Q) -> None:
        """Work ``question`` out, sent after this frame is drawn: the frame showing the tap
        comes first. (A Clock event scheduled now runs in the next frame's tick, after this
        frame's draw: kivy/base.py EventLoop.idle ticks the Clock, dispatches input, then draws.)"""
        self._running = question
        Clock.schedule_once(lambda _dt: self._send(question))

    def _send(self, question: Q) -> None:
        pool = self._worker.start(*self._modules)
        if pool is not None:
            try:
                future = pool.submit(self._work, *question)
            except (BrokenProcessPool, RuntimeError) as exc:  # it died since it started, or was stopped
                self._worker.broke(pool, exc)
            else:
                future.add_done_callback(lambda done: self._collect(question, pool, done))
                return
        self._in_thread(question)

    def _in_thread(self, question: Q) -> None:
        threading.Thread(target=self._run, args=(question,), name="answers", daemon=True).start()

    def _run(self, question: Q) -> None:
        try:
            answer: A | Exception = self._work(*question)
        except Exception as exc:  # the screen shows the reason; the UI thread never sees a traceback
            answer = exc
        Clock.schedule_once(lambda _dt: self._finished(question, answer))

    def _collect(self, question: Q, pool: ProcessPoolExecutor, future: Future) -> None:
        """The worker's answer (on the pool's result thread). A dead worker is no answer:
        the question is worked out on a thread of the app instead."""
        if future.cancelled():
            Clock.schedule_once(lambda _dt: self._dropped())
            return
        failure = future.exception()
        if isinstance(failure, BrokenProcessPool):
            if self._worker.broke(pool, failure):
                self._in_thread(question)
            else:
                Clock.schedule_once(lambda _dt: self._dropped())
            return
        answer = failure if failure is not None else future.result()
        Clock.schedule_once(lambda _dt: self._finished(question, answer))

    def _dropped(self) -> None:
        """The worker was stopped with the question unanswered (the app is closing): the
        next ``get`` asks again, of a new worker."""
        self._running = None

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
