"""What the app's worker process does before its first job: load the work's code, and never
outlive the app.

The Kivy app hands slow pure work (the duel screen's exact odds) to one worker process
(``ui/pace/background.py``), so a tap never waits for it. This is the first code that process
runs, so it lives in ``companion``: the worker imports the standard library and
``companion`` only, never Kivy.

The worker keeps the app's priority: niced, it starved behind a busy machine's other work
(a 10-draw duel took half a minute with eight test runs on two cores), and on the Pi it
has a core of its own.
"""

from __future__ import annotations

import os
import threading
from importlib import import_module
from multiprocessing import parent_process
from multiprocessing.connection import wait


def prepare(*modules: str) -> None:
    """The worker's set-up (``ProcessPoolExecutor``'s initializer): watch the app so the
    worker ends with it, and import ``modules`` now rather than during the first question."""
    parent = parent_process()
    if parent is not None:
        threading.Thread(target=_end_with_app, args=(parent.sentinel,), name="watch-app", daemon=True).start()
    for module in modules:
        import_module(module)


def _end_with_app(sentinel: int) -> None:
    """End the worker when the app's process is gone, however it ended (even SIGKILL): the
    pool's own shutdown needs a live app, and a worker left behind would keep a core busy on
    a question nobody asks any more. ``parent_process().sentinel`` becomes ready when the
    parent ends (multiprocessing docs, ``parent_process``; ``spawn.spawn_main`` passes the
    read end of a pipe only the parent writes to)."""
    wait([sentinel])
    os._exit(0)
