"""The pad board on a pty: a board that stops talking, a corrupt stamp, a soft reset,
and the firmware's version and lost-edge count, as `companion pads` and the screen see them.

The board's counter and the backend's host clock are one :class:`ManualClock` the test
moves: a heartbeat is sent when the test says, and "silent" is reached by moving the clock,
so no test waits on real heartbeats or measures real time (issue 34). Waiting is only for
the reader thread to take a line in (``wait_for``, a condition).
"""

from __future__ import annotations

import pytest

from hardware.events import PadEvent
from hardware.serial_board import SILENT_AFTER_BEATS, BoardClock, SerialBackend
from tests.hardware.board_emulator import BoardEmulator, ManualClock, wait_for

PERIOD_S = 0.1
MS = 1_000_000


def _backend(pads, emulator: BoardEmulator, ticks: ManualClock, **options) -> SerialBackend:
    return SerialBackend(pads, port=emulator.path, retry_s=0.05, tick_s=None, heartbeat_s=PERIOD_S,
                         ticks=ticks, **options)


def _beats(emulator: BoardEmulator, backend: SerialBackend, clock: ManualClock, n: int,
           every_s: float = PERIOD_S) -> None:
    """``n`` heartbeats ``every_s`` apart on the clock, each taken in before the next."""
    for _ in range(n):
        clock.advance(every_s)
        before = backend.status().counters["heartbeats"]
        emulator.beat()
        wait_for(lambda: backend.status().counters["heartbeats"] == before + 1)


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def board(pads, clock):
    with BoardEmulator(period_s=None, clock=clock) as emulator:
        backend = _backend(pads, emulator, clock)
        backend.start()
        try:
            wait_for(lambda: backend.reader.connected)
            _beats(emulator, backend, clock, 3)
            assert backend.status().health == "ok"
            yield emulator, backend
        finally:
            backend.close()


def _edges(backend) -> list[PadEvent]:
    return [e for e in backend.drain() if isinstance(e, PadEvent)]


def test_a_board_that_stops_talking_is_silent_within_three_heartbeats_and_recovers(board, clock):
    emulator, backend = board
    last = emulator.last_heartbeat_ns
    clock.advance(2 * PERIOD_S)  # one late heartbeat is not a dead board
    assert backend.status().health == "ok"
    clock.now_ns = last + round(SILENT_AFTER_BEATS * PERIOD_S * 1e9)
    assert backend.status().health == "ok"
    clock.advance(1e-9)
    status = backend.status()
    assert status.health == "silent" and SILENT_AFTER_BEATS * PERIOD_S < 3 * PERIOD_S
    assert not status.ok and "SILENT" in status.detail and "no heartbeat for 0.3 s" in status.detail
    _beats(emulator, backend, clock, 1)  # it talks again
    assert backend.status().health == "ok"


def test_one_future_stamped_line_is_skipped_and_moves_nothing(board, clock):
    emulator, backend = board
    emulator.send(f"P 1 {emulator.board_us(clock() + 500 * MS)}")  # a corrupt stamp, 0.5 s ahead
    wait_for(lambda: backend.status().counters["skipped: off the board clock"] == 1)
    _beats(emulator, backend, clock, 3)
    true_ns = clock() - 2 * MS
    emulator.edge(2, True, true_ns)
    wait_for(lambda: backend.status().counters["edges"] == 1)
    [edge] = _edges(backend)
    assert edge.pad == 2 and edge.t_ns == true_ns  # not 500 ms early


def test_a_soft_reset_resynchronises_the_clock(board, clock):
    emulator, backend = board
    emulator.soft_reset()  # the counter starts again from 0
    _beats(emulator, backend, clock, 2)  # two heartbeats that agree: the counter really jumped
    assert backend.status().counters["clock resyncs"] == 1
    true_ns = clock() - 2 * MS
    emulator.edge(3, True, true_ns)
    wait_for(lambda: backend.status().counters["edges"] == 1)
    [edge] = _edges(backend)
    assert edge.t_ns == true_ns
    assert backend.status().ok


def test_firmware_version_and_lost_edges_are_shown(board):
    emulator, backend = board
    assert "firmware 1.1" in backend.status().detail  # sent with the first heartbeat
    emulator.send("O 7")
    wait_for(lambda: backend.status().counters["edges lost on the board (ring full)"] == 7)
    assert "7 edges lost on the board" in backend.status().detail


def test_a_board_that_never_beats_is_waiting_then_silent(pads, clock):
    with BoardEmulator(period_s=None, clock=clock) as emulator:
        backend = _backend(pads, emulator, clock)
        backend.start()
        try:
            wait_for(lambda: backend.reader.connected)
            assert backend.status().health == "waiting"
            clock.advance(SILENT_AFTER_BEATS * PERIOD_S)
            assert backend.status().health == "waiting"
            clock.advance(1e-9)
            assert backend.status().health == "silent"
            assert "no heartbeat since it was opened" in backend.status().detail
        finally:
            backend.close()


def test_pads_json_prints_edges_and_health_changes_one_object_per_line(pads, clock):
    """The monitor's own clock is the board's: its seconds and the board's silence pass
    when the test moves it (the firmware's 1 s period, so silent after 2.5 s)."""
    import argparse
    import io
    import json
    import threading

    from hardware.monitor import run

    out = io.StringIO()
    with BoardEmulator(period_s=None, clock=clock) as emulator:
        args = argparse.Namespace(backend="serial", pads=None, port=emulator.path, seconds=60.0, json=True)

        def play() -> None:
            wait_for(lambda: '"board": "waiting"' in out.getvalue())
            emulator.beat()
            wait_for(lambda: '"board": "ok"' in out.getvalue())
            emulator.edge(4, True, clock())
            wait_for(lambda: '"edge": "press"' in out.getvalue())
            clock.advance(3.0)
            wait_for(lambda: '"board": "silent"' in out.getvalue())
            clock.advance(60.0)  # the monitor's seconds are over

        player = threading.Thread(target=play, daemon=True)
        player.start()
        assert run(args, out, ticks=clock) == 0
        player.join()
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    boards = [r["board"] for r in records if "board" in r]
    assert boards[-3:] == ["waiting", "ok", "silent"]
    assert all(set(r) == {"board", "detail"} for r in records if "board" in r)
    [edge] = [r for r in records if "edge" in r]
    assert edge == {"pad": 4, "edge": "press", "t_ms": 0.0}  # pressed the moment it began, on its clock


def test_a_fast_boards_drift_is_measured_with_a_positive_ppm(pads, clock):
    with BoardEmulator(period_s=None, ppm=800, clock=clock) as emulator:
        backend = _backend(pads, emulator, clock, clock=BoardClock(min_span_s=1.0))
        backend.start()
        try:
            wait_for(lambda: backend.reader.connected)
            _beats(emulator, backend, clock, 60, every_s=0.05)
            assert backend.clock.ppm == pytest.approx(800, abs=5)  # the board counts fast: positive
        finally:
            backend.close()
