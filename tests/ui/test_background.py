"""The worker process behind slow answers (ui/pace/background.py): exact answers, no Kivy in it,
one process group with the app, and never a hang or an orphan when it cannot start, dies,
or the app ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kivy.base import EventLoop

import ui.pace.background as background
from companion.bountytown.cards import CARD_TYPES
from companion.bountytown.odds import bounty_chances
from tests.ui.conftest import start_app, stop_app
from tests.workerjobs import answer_or_error, gated, loaded, process_group
from ui.pace.background import WORKER, LatestAnswers, WorkerProcess

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60.0
cards = st.lists(st.sampled_from(CARD_TYPES), max_size=6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.lists(st.sampled_from(CARD_TYPES), max_size=2), draws=st.integers(0, 3), named=cards)
def test_the_worker_answers_exactly_what_the_function_does(base, draws, named):
    pool = WORKER.start("companion.bountytown.odds")
    assert pool is not None, WORKER.unavailable
    question = (tuple(base), draws, tuple(sorted(named)))
    future = pool.submit(answer_or_error, bounty_chances, *question)
    assert future.result(WAIT_SECONDS) == answer_or_error(bounty_chances, *question)


def test_the_worker_holds_no_kivy_and_stays_in_the_apps_process_group():
    pool = WORKER.start()
    assert pool is not None, WORKER.unavailable
    assert WORKER.pid() not in (None, os.getpid())
    assert pool.submit(loaded, "kivy").result(WAIT_SECONDS) == []
    assert pool.submit(loaded, "ui").result(WAIT_SECONDS) == []
    assert pool.submit(process_group).result(WAIT_SECONDS) == os.getpgrp()


def test_the_app_command_is_safe_to_run_again_in_the_worker():
    """Spawn runs the app's main script again in the worker, as ``__mp_main__``
    (multiprocessing.spawn._fixup_main_from_path): for the `companion` command that must
    import no Kivy and start nothing."""
    command = Path(sys.executable).parent / "companion"
    if not command.exists():
        pytest.skip("the companion command is not installed next to this Python")
    code = (f"import runpy, sys; runpy.run_path({str(command)!r}, run_name='__mp_main__'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('kivy', 'ui')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=WAIT_SECONDS)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def gone(pid: int, seconds: float = WAIT_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


def test_app_exit_ends_a_busy_worker_without_waiting_for_it(db, tmp_path):
    """Told by the job, not a stopwatch: an exit that waited for the worker would find the
    job answered (after GATE_SECONDS); an exit that ends it leaves the job unanswered."""
    driver = start_app(db)
    pool = WORKER.start()
    assert pool is not None, WORKER.unavailable
    pid = WORKER.pid()
    job = pool.submit(gated, str(tmp_path / "never"), int)  # busy for GATE_SECONDS unless ended
    stop_app(driver)
    assert not (job.done() and not job.cancelled() and job.exception() is None), "the exit waited for the job"
    assert gone(pid)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_a_killed_app_leaves_no_process_behind(tmp_path):
    script = ("import time\n"
              "from ui.pace.background import WORKER\n"
              "WORKER.start()\n"
              "print(WORKER.pid(), flush=True)\n"
              "time.sleep(120)\n")
    app = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                           env={**os.environ, "KIVY_NO_CONSOLELOG": "1"})
    try:
        pid = int(app.stdout.readline())
        started = children(app.pid)  # the worker, and multiprocessing's resource tracker
        assert pid in started
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait()
    assert all(gone(child) for child in started), "a process outlived its app"


def wait_for(got: list) -> None:
    """Pump frames until an answer reached the UI thread."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not got and time.monotonic() < deadline:
        EventLoop.idle()


def test_no_worker_process_means_answers_from_a_thread(ui, monkeypatch):
    def no_semaphores(*_args, **_kwargs):
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")

    monkeypatch.setattr(background, "ProcessPoolExecutor", no_semaphores)
    worker, got = WorkerProcess(), []
    answers = LatestAnswers(bounty_chances, lambda q, a: got.append(a), worker=worker)
    question = (("3C",), 2, ("1H", "1S"))
    assert answers.get(question) is None
    wait_for(got)
    assert got == [bounty_chances(*question)]
    assert "cannot start" in worker.unavailable and "multiprocessing.synchronize" in worker.unavailable


def test_a_worker_that_dies_mid_question_still_gets_the_answer_and_is_replaced(ui, tmp_path):
    worker, got = WorkerProcess(), []
    gate = tmp_path / "gate"
    answers = LatestAnswers(partial(gated, str(gate), bounty_chances), lambda q, a: got.append(a), worker=worker)
    question = (("3C",), 2, ("1H", "1S"))
    assert answers.get(question) is None
    ui.pump(3)  # the question goes out after the frame
    first = worker.pid()
    os.kill(first, signal.SIGKILL)
    gate.touch()  # the thread that takes over runs the same gated work
    wait_for(got)
    assert got == [bounty_chances(*question)]
    assert worker.unavailable == ""
    second, got[:] = (("3C",), 1, ("1H",)), []
    assert answers.get(second) is None
    wait_for(got)
    assert got == [bounty_chances(*second)]
    assert worker.pid() not in (None, first)
    worker.stop()
