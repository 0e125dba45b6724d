"""How long a refusal may take, measured so a busy test machine cannot fail it.

The issue's bound ("under 1 s") is a cost: CPU time the process spends answering. Wall time on
a shared 2-core runner also counts waiting for a core, so it gets a generous bound of its own,
which still catches a blocking read or a hang.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

CPU_SECONDS = 1.0
WALL_SECONDS = 10.0


@contextmanager
def answered_quickly(cpu: float = CPU_SECONDS, wall: float = WALL_SECONDS) -> Iterator[None]:
    """Assert the block took under ``cpu`` seconds of this process's CPU and ``wall`` of real time."""
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    yield
    spent, waited = time.process_time() - cpu_start, time.perf_counter() - wall_start
    assert spent < cpu, f"took {spent:.2f} s of CPU"
    assert waited < wall, f"took {waited:.2f} s of real time"
