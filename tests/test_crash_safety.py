"""Pulling the plug loses no acknowledged action: SIGKILL a writer at random moments."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.db.store import Store

CHILD = Path(__file__).with_name("crash_child.py")
KILLS = 50


def is_subsequence(short, long):
    it = iter(long)
    return all(x in it for x in short)


@pytest.mark.parametrize("mode", ["cli", "app"])  # FULL; the app's NORMAL with the syncer thread
def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path, mode):
    db = tmp_path / "crash.db"
    with Store(db) as store:
        session_id = store.new_session("scorepad", {"players": ["Ann"]}).id
    rng = random.Random(20261130)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(CHILD.parent.parent), os.environ.get("PYTHONPATH", "")]))
    acked: list[int] = []
    for run in range(1, KILLS + 1):
        child = subprocess.Popen([sys.executable, str(CHILD), str(db), str(session_id), str(run), mode],
                                 stdout=subprocess.PIPE, env=env)
        # first acknowledgement proves the child is appending; then kill at a random moment
        first = child.stdout.readline()
        assert first, f"run {run}: the writer died before appending anything"
        time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        acked += [int(line) for line in (first + rest).split()]

        with Store(db) as store:  # opens cleanly: no StoreError, integrity ok
            assert store.integrity() == "ok"
            logged = [a["points"] for a in store.open_session(session_id).actions]
        assert is_subsequence(acked, logged), f"run {run}: an acknowledged action is missing or out of order"
        assert len(logged) - len(acked) <= run, "more unacknowledged actions than kills"
    assert len(acked) > KILLS
