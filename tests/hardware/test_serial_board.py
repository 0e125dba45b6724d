"""The serial pad board: line parsing, board clock mapping and wrap, unplug and replug."""

from __future__ import annotations

import os
import threading
import time

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.events import TagRead
from hardware.serial_board import WRAP_US, BoardClock, BoardParser, SerialBackend

MS = 1_000_000
S = 1_000_000_000


class _Collect:
    def __init__(self) -> None:
        self.edges: list[tuple[int, bool, int]] = []
        self.tags: list[TagRead] = []

    def parser(self, pads, clock=None) -> BoardParser:
        return BoardParser(pads, clock or BoardClock(), edge=lambda *e: self.edges.append(e), tag=self.tags.append)


# --- clock -----------------------------------------------------------------------------

def test_offset_fixed_at_first_heartbeat():
    clock = BoardClock()
    assert clock.to_host(5_000, 0) is None  # nothing to map with yet
    clock.heartbeat(1_000_000, 50 * S)
    assert clock.to_host(1_250_000, 50 * S + 300 * MS) == 50 * S + 250 * MS


def test_counter_wrap_keeps_time_running_forward():
    clock = BoardClock()
    clock.heartbeat(WRAP_US - 500_000, 100 * S)  # half a second before the wrap
    assert clock.to_host(200_000, 101 * S) == 100 * S + 700 * MS  # after it
    assert clock.to_host(WRAP_US - 100_000, 101 * S) == 100 * S + 400 * MS  # a late line from before it


def test_drift_corrected_from_later_heartbeats():
    clock = BoardClock()
    fast = 1.0001  # the board's crystal runs 100 ppm fast: host time = board time / fast
    for second in range(0, 61):
        board_us = round(second * 1e6 * fast)
        clock.heartbeat(board_us % WRAP_US, second * S + 2 * MS)  # each arrives 2 ms after its stamp
    assert clock.ppm == pytest.approx(100, abs=5)  # a fast board has a positive ppm
    board_us = round(60.5 * 1e6 * fast)
    # uncorrected, 100 ppm over a minute would be 6 ms off; what is left is the link's
    # constant 2 ms, the same for every pad, so it changes no order and no spacing
    assert abs(clock.to_host(board_us, 61 * S) - (60_500 + 2) * MS) < 0.2 * MS


def test_line_received_before_its_mapped_time_pulls_the_offset_back():
    clock = BoardClock()
    clock.heartbeat(0, 10 * S + 40 * MS)  # the first heartbeat was stale: 40 ms in a buffer
    clock.heartbeat(1_000_000, 11 * S + 1 * MS)  # this one came through in 1 ms
    assert clock.to_host(1_500_000, 12 * S) == 11 * S + 501 * MS


def test_board_restart_resynchronises():
    clock = BoardClock()
    clock.heartbeat(900_000_000, 10 * S)
    clock.heartbeat(1_000, 11 * S)  # the board rebooted: its counter started again
    assert clock.resyncs == 0  # one heartbeat far off could be noise
    clock.heartbeat(1_001_000, 12 * S)  # the next one agrees with it: a restart
    assert clock.resyncs == 1
    assert clock.to_host(1_101_000, 12 * S + 200 * MS) == 12 * S + 100 * MS


def test_one_future_stamped_line_does_not_shift_the_clock():
    clock = BoardClock()
    clock.heartbeat(1_000_000, 10 * S)
    assert clock.to_host(1_600_000, 10 * S + 100 * MS) is None  # 0.5 s in the future: refused
    clock.heartbeat(1_600_000, 10 * S + 100 * MS)  # a heartbeat that far ahead: not believed
    clock.heartbeat(2_000_000, 11 * S)
    assert clock.to_host(2_500_000, 11 * S + 501 * MS) == 11 * S + 500 * MS
    assert clock.outliers == 2 and clock.resyncs == 0


def test_an_edge_from_before_a_restart_is_refused_not_mapped_into_the_past():
    clock = BoardClock()
    clock.heartbeat(600_000_000, 10 * S)
    assert clock.to_host(500_000, 10 * S + 600 * MS) is None  # the board restarted since
    assert clock.outliers == 1


def test_drift_after_a_soft_reset_with_a_stale_first_heartbeat():
    """After a restart the crystal is the same: its rate is kept, and a first heartbeat
    held up in a buffer (40 ms) must not be taken for a clock running 4000 ppm slow."""
    clock = BoardClock()
    fast = 1.0001
    for second in range(0, 31):
        clock.heartbeat(round(second * 1e6 * fast), second * S + 1 * MS)
    for n, second in enumerate(range(31, 91)):  # restarted at 31 s: the counter from 0
        board_us = round((second - 31) * 1e6 * fast)
        stale = 40 * MS if n == 0 else 1 * MS
        clock.heartbeat(board_us, second * S + stale)
    assert clock.resyncs == 1
    assert clock.ppm == pytest.approx(100, abs=5)
    board_us = round((90.5 - 31) * 1e6 * fast)
    assert abs(clock.to_host(board_us, 91 * S) - (90_500 + 1) * MS) < 0.2 * MS


def test_one_heartbeat_held_up_does_not_bend_the_rate():
    clock = BoardClock()
    for second in range(0, 41):
        delay = 300 * MS if second == 12 else 1 * MS
        clock.heartbeat(second * 1_000_000, second * S + delay)
    assert clock.ppm == pytest.approx(0, abs=5)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=WRAP_US - 1), st.lists(st.integers(min_value=0, max_value=3_000_000),
                                                                  min_size=1, max_size=30))
def test_mapping_keeps_order_and_spacing_across_wraps(start_us, steps):
    clock = BoardClock()
    clock.heartbeat(start_us, 1_000 * S)
    board, host = start_us, 1_000 * S
    mapped = []
    for step in steps:
        board += step
        host += step * 1000
        mapped.append(clock.to_host(board % WRAP_US, host + 5 * MS))
    expected = [1_000 * S + sum(steps[:i + 1]) * 1000 for i in range(len(steps))]
    assert mapped == expected


# --- parser ----------------------------------------------------------------------------

def test_lines_become_edges_and_tags(pads):
    got = _Collect()
    parser = got.parser(pads)
    parser.feed(b"H 1000000\r\n", 2 * S)
    parser.feed(b"P 3 1250000\n", 2 * S + 251 * MS)  # each line arrives ~1 ms after its edge
    parser.feed(b"R 3 1400000\nT 2 0a1b2c3d4e\n", 2 * S + 402 * MS)
    assert got.edges == [(3, True, 2 * S + 250 * MS), (3, False, 2 * S + 400 * MS)]
    assert got.tags == [TagRead(2, "0A1B2C3D4E", 2 * S + 402 * MS)]
    assert parser.lines == 4 and sum(parser.skipped.values()) == 0


def test_a_line_split_across_reads_is_joined(pads):
    got = _Collect()
    parser = got.parser(pads)
    parser.feed(b"H 10", 1 * S)
    parser.feed(b"00\nP 1 2", 1 * S)
    parser.feed(b"000\n", 1 * S)
    assert [(pad, pressed) for pad, pressed, _ in got.edges] == [(1, True)]


@pytest.mark.parametrize("line, reason", [
    (b"\xff\xfe\x00garbage", "garbage"),
    (b"hello world", "garbage"),
    (b"X 1 2", "unknown command"),
    (b"P 1 -5", "bad number"),
    (b"P 1 12.5", "bad number"),
    (b"P one 5", "bad number"),
    (b"P 1 4294967296", "bad number"),
    (b"P 1", "bad number"),
    (b"H", "bad number"),
    (b"T 1 not-hex!", "bad number"),
    (b"P 9 5000", "unknown pad"),
    (b"A" * 200, "too long"),
])
def test_bad_lines_skipped_and_counted_never_raised(pads, line, reason):
    got = _Collect()
    parser = got.parser(pads)
    parser.feed(b"H 0\n" + line + b"\nP 2 100\n", 1 * S)
    assert parser.skipped[reason] == 1
    assert [(pad, pressed) for pad, pressed, _ in got.edges] == [(2, True)]  # the next line still works


def test_edges_before_the_first_heartbeat_are_counted_unsynced(pads):
    got = _Collect()
    parser = got.parser(pads)
    parser.feed(b"P 1 100\n", 1 * S)
    assert got.edges == [] and parser.skipped["unsynced"] == 1


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_raise(data):
    from hardware.padmap import load_padmap

    parser = _Collect().parser(load_padmap())
    parser.feed(data, 1 * S)
    parser.feed(b"\nH 5\n", 1 * S)


# --- backend over real serial ports ------------------------------------------------------

def _wait_for(predicate, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.01)


class _Ports:
    """loop:// ports handed to the backend; ``plugged`` False makes opening fail."""

    def __init__(self) -> None:
        self.plugged = True
        self.current = None
        self.opened = threading.Event()

    def open(self, url):
        if not self.plugged:
            raise serial.SerialException(f"could not open port {url}: No such file or directory")
        self.current = serial.serial_for_url("loop://", timeout=0.05)
        self.opened.set()
        return self.current


def test_backend_over_loop_port_with_garbage_unplug_and_replug(pads):
    ports = _Ports()
    backend = SerialBackend(pads, port="/dev/ttyACM0", opener=ports.open, retry_s=0.05, tick_s=None)
    backend.start()
    try:
        _wait_for(ports.opened.is_set)
        ports.current.write(b"\x00\xffnoise\nH 5000000\nZ 9\nP 4 5001000\n")
        _wait_for(lambda: backend.status().counters["lines"] == 2)
        [event] = backend.drain()
        assert (event.pad, event.pressed, event.source) == (4, True, "serial")
        status = backend.status()
        assert status.ok and status.detail == "pad board /dev/ttyACM0: connected"
        assert status.counters["skipped: garbage"] == 1 and status.counters["skipped: unknown command"] == 1

        ports.plugged = False
        ports.opened.clear()
        ports.current.close()  # the cable is pulled
        _wait_for(lambda: not backend.status().ok)
        assert "unplugged" in backend.status().detail or "cannot open" in backend.status().detail

        ports.plugged = True  # and plugged back in: a new board clock
        _wait_for(ports.opened.is_set)
        ports.current.write(b"4\nH 100\nR 4 200\n")  # a half line from the replug first
        _wait_for(lambda: backend.status().counters["lines"] == 4)
        [release] = backend.drain()
        assert (release.pad, release.pressed) == (4, False)
        status = backend.status()
        assert status.ok and status.counters["reconnects"] == 1 and status.counters["skipped: garbage"] == 2
    finally:
        backend.close()


def test_backend_on_a_pty_pair_like_a_real_tty(pads):
    master, slave = os.openpty()
    path = os.ttyname(slave)
    backend = SerialBackend(pads, port=path, retry_s=0.05, tick_s=None)
    backend.start()
    try:
        _wait_for(lambda: backend.reader.connected)
        os.write(master, b"H 1000\nP 1 2000\nP 1 oops\n")
        _wait_for(lambda: backend.status().counters["lines"] == 2)
        assert [(e.pad, e.pressed) for e in backend.drain()] == [(1, True)]
        assert backend.status().counters["skipped: bad number"] == 1
    finally:
        backend.close()
        os.close(master)
        os.close(slave)


def test_no_board_found_is_reported_not_raised(pads, monkeypatch):
    monkeypatch.setattr("hardware.serial_board.first_usb_serial_port", lambda: None)
    backend = SerialBackend(pads, retry_s=0.05, tick_s=None)
    backend.reader._port = lambda: None
    backend.start()
    try:
        _wait_for(lambda: "not found" in backend.status().detail)
        assert not backend.status().ok
    finally:
        backend.close()
