"""The pad board on a pty: a board that stops talking, a corrupt stamp, a soft reset,
and the firmware's version and lost-edge count, as `companion pads` and the screen see them."""

from __future__ import annotations

import pytest

from hardware.events import PadEvent, now_ns
from hardware.serial_board import SerialBackend
from tests.hardware.board_emulator import BoardEmulator, wait_for

PERIOD_S = 0.1
MS = 1_000_000


@pytest.fixture
def board(pads):
    with BoardEmulator(period_s=PERIOD_S) as emulator:
        backend = SerialBackend(pads, port=emulator.path, retry_s=0.05, tick_s=0.02, heartbeat_s=PERIOD_S)
        backend.start()
        try:
            wait_for(lambda: backend.status().health == "ok")
            yield emulator, backend
        finally:
            backend.close()


def _edges(backend) -> list[PadEvent]:
    return [e for e in backend.drain() if isinstance(e, PadEvent)]


@pytest.mark.slow  # the bounds are real heartbeats: the pty board and the backend share the real clock
def test_a_board_that_stops_talking_is_silent_within_three_heartbeats_and_recovers(board):
    emulator, backend = board
    emulator.silence()
    wait_for(lambda: emulator.last_heartbeat_ns is not None)
    last = emulator.last_heartbeat_ns
    wait_for(lambda: backend.status().health == "silent")
    noticed = now_ns()
    assert (noticed - last) / 1e9 <= 3 * PERIOD_S
    assert (noticed - last) / 1e9 >= 2 * PERIOD_S  # one late heartbeat is not a dead board
    status = backend.status()
    assert not status.ok and "SILENT" in status.detail and "no heartbeat for" in status.detail
    emulator.resume()
    wait_for(lambda: backend.status().ok)
    assert backend.status().health == "ok"


def test_one_future_stamped_line_is_skipped_and_moves_nothing(board):
    emulator, backend = board
    emulator.send(f"P 1 {emulator.board_us(now_ns() + 500 * MS)}")  # a corrupt stamp, 0.5 s ahead
    wait_for(lambda: backend.status().counters["skipped: off the board clock"] == 1)
    wait_for(lambda: backend.status().counters["heartbeats"] >= 3)
    true_ns = now_ns() - 2 * MS
    emulator.edge(2, True, true_ns)
    wait_for(lambda: backend.status().counters["edges"] == 1)
    [edge] = _edges(backend)
    assert edge.pad == 2 and abs(edge.t_ns - true_ns) < 50 * MS  # not 500 ms early


def test_a_soft_reset_resynchronises_the_clock(board):
    emulator, backend = board
    emulator.soft_reset()  # the counter starts again from 0
    wait_for(lambda: backend.status().counters["clock resyncs"] == 1)
    true_ns = now_ns() - 2 * MS
    emulator.edge(3, True, true_ns)
    wait_for(lambda: backend.status().counters["edges"] == 1)
    [edge] = _edges(backend)
    assert abs(edge.t_ns - true_ns) < 50 * MS
    assert backend.status().ok


def test_firmware_version_and_lost_edges_are_shown(board):
    emulator, backend = board
    wait_for(lambda: "firmware 1.1" in backend.status().detail)
    emulator.send("O 7")
    wait_for(lambda: backend.status().counters["edges lost on the board (ring full)"] == 7)
    assert "7 edges lost on the board" in backend.status().detail


def test_a_board_that_never_beats_is_waiting_then_silent(pads):
    with BoardEmulator(period_s=PERIOD_S) as emulator:
        emulator.silence()
        backend = SerialBackend(pads, port=emulator.path, retry_s=0.05, tick_s=0.02, heartbeat_s=PERIOD_S)
        backend.start()
        try:
            wait_for(lambda: backend.reader.connected)
            assert backend.status().health in ("waiting", "silent")
            wait_for(lambda: backend.status().health == "silent")
            assert "no heartbeat since it was opened" in backend.status().detail
        finally:
            backend.close()


def test_pads_json_prints_edges_and_health_changes_one_object_per_line(pads, monkeypatch):
    import argparse
    import io
    import json
    import threading

    from hardware.monitor import run

    # the monitor opens the board with the firmware's 1 s period; this board beats at 0.1 s
    monkeypatch.setattr("hardware.serial_board.SILENT_AFTER_BEATS", 2.5 * PERIOD_S)
    out = io.StringIO()
    with BoardEmulator(period_s=PERIOD_S) as emulator:
        args = argparse.Namespace(backend="serial", pads=None, port=emulator.path, seconds=1.5, json=True)

        def play() -> None:
            wait_for(lambda: '"board": "ok"' in out.getvalue())
            emulator.edge(4, True, now_ns())
            emulator.silence()

        player = threading.Thread(target=play, daemon=True)
        player.start()
        assert run(args, out) == 0
        player.join()
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    boards = [r["board"] for r in records if "board" in r]
    assert boards[-2:] == ["ok", "silent"] and all(set(r) == {"board", "detail"} for r in records if "board" in r)
    [edge] = [r for r in records if "edge" in r]
    assert edge["pad"] == 4 and edge["edge"] == "press" and set(edge) == {"pad", "edge", "t_ms"}


@pytest.mark.slow  # the drift is measured over a real second or more of heartbeats
def test_a_fast_boards_drift_is_measured_with_a_positive_ppm(pads):
    from hardware.serial_board import BoardClock

    with BoardEmulator(period_s=0.05, ppm=800) as emulator:
        backend = SerialBackend(pads, port=emulator.path, retry_s=0.05, tick_s=None, heartbeat_s=0.05,
                                clock=BoardClock(min_span_s=1.0))
        backend.start()
        try:
            wait_for(lambda: backend.status().counters["heartbeats"] >= 60, timeout=15)
            assert backend.clock.ppm == pytest.approx(800, abs=400)  # the board counts fast: positive
        finally:
            backend.close()
