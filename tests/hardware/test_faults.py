"""Stuck and chattering pads are reported by tile and left out, on event times alone."""

from __future__ import annotations

import queue

from hardware.events import PadEvent, PadFault
from hardware.faults import FaultWatch
from hardware.padmap import load_padmap
from hardware.pipeline import EdgePipeline

S = 1_000_000_000
MS = 1_000_000


def _watch() -> FaultWatch:
    return FaultWatch(load_padmap().tile)


def test_pad_held_more_than_ten_seconds_is_stuck_until_released():
    watch = _watch()
    assert watch.edge(3, True, 0) == []
    assert watch.check(10 * S) == []  # exactly 10 s is not "more than"
    [fault] = watch.check(10 * S + 1)
    assert (fault.pad, fault.kind, fault.active, fault.t_ns) == (3, "stuck", True, 10 * S)
    assert fault.message.startswith("Saloon 1: held down for more than 10 s")
    assert watch.is_faulted(3) and watch.active() == (fault,)
    assert watch.check(20 * S) == []  # reported once
    [cleared] = watch.edge(3, False, 21 * S)
    assert (cleared.kind, cleared.active) == ("stuck", False) and "released" in cleared.message
    assert not watch.is_faulted(3) and watch.active() == ()


def test_a_pawn_resting_on_its_tile_through_a_card_is_no_fault_and_counts_from_the_cards_end():
    """R-R3: a claim's pawn stays on its tile until the call is confirmed, however long the
    table takes to name it; once the card is over the pawn goes back, and a pad still held
    10 s after that is stuck."""
    watch = _watch()
    watch.resting(True, 0)
    watch.edge(3, True, 1 * S)  # a claim
    assert watch.check(60 * S) == [] and not watch.is_faulted(3)  # a minute of naming
    watch.resting(False, 60 * S)
    assert watch.check(70 * S) == []
    [fault] = watch.check(70 * S + 1)
    assert (fault.kind, fault.t_ns) == ("stuck", 70 * S)


def test_a_pad_stuck_before_the_card_stays_stuck_through_it():
    watch = _watch()
    watch.edge(3, True, 0)
    [fault] = watch.check(11 * S)
    watch.resting(True, 12 * S)
    assert watch.is_faulted(3) and watch.active() == (fault,)
    watch.resting(False, 20 * S)
    assert watch.is_faulted(3) and watch.check(40 * S) == []  # said once, still left out


def test_pad_held_at_start_counts_from_the_start():
    watch = _watch()
    watch.start(1, True, 5 * S)
    [fault] = watch.check(16 * S)
    assert fault.kind == "stuck" and fault.tile == "Prison 1"


def _chatter(watch: FaultWatch, pad: int, per_second: int, seconds: float, start: int = 0) -> list[PadFault]:
    step = S // per_second
    changes = []
    for i in range(int(per_second * seconds)):
        changes += watch.edge(pad, i % 2 == 0, start + i * step)
    return changes


def test_more_than_twenty_edges_a_second_for_two_seconds_is_chatter():
    watch = _watch()
    [fault] = _chatter(watch, 2, 25, 2.2)
    assert fault.kind == "chatter" and fault.active and fault.tile == "Tipi 1"
    # raised once each of the last two seconds holds more than 20 edges (at 25 a second:
    # the 21st edge of the first second arrives at 0.8 s, so 1.8 s)
    assert fault.t_ns == 45 * (S // 25)
    assert "more than 20 edges a second for 2 s" in fault.message


def test_twenty_edges_a_second_or_a_short_burst_is_not_chatter():
    watch = _watch()
    assert _chatter(watch, 2, 20, 3) == []
    assert _chatter(watch, 4, 25, 1.7) == []  # too short to be sustained
    assert _chatter(watch, 5, 1000, 0.9) == []  # a burst: one second, not two


def test_chatter_clears_when_the_pad_is_quiet():
    watch = _watch()
    _chatter(watch, 2, 25, 2.2)
    last = int(2.2 * 25 - 1) * (S // 25)
    assert watch.check(last + S) == []  # the last second still full of edges
    [cleared] = watch.check(last + 2 * S)
    assert (cleared.kind, cleared.active) == ("chatter", False)
    assert not watch.is_faulted(2)


def test_check_with_a_clock_behind_the_edges_does_not_clear_chatter():
    watch = _watch()
    _chatter(watch, 2, 25, 2.2, start=100 * S)
    assert watch.check(0) == []
    assert watch.is_faulted(2)


def test_pipeline_withholds_a_faulted_pads_presses_and_resyncs_on_clear():
    pads = load_padmap()
    sink: queue.SimpleQueue = queue.SimpleQueue()
    pipeline = EdgePipeline(pads, sink, source="test", bounce_ms=30)
    for i in range(60):  # 30 edges a second for 2 s
        pipeline.edge(5, i % 2 == 0, i * (S // 30))
    events = []
    while not sink.empty():
        events.append(sink.get())
    faults = [e for e in events if isinstance(e, PadFault)]
    assert [f.active for f in faults] == [True]
    presses_after = [e for e in events if isinstance(e, PadEvent) and e.t_ns > faults[0].t_ns]
    assert presses_after == []
    assert pipeline.counters()["withheld (faulted pad)"] > 0
    pipeline.edge(1, True, 2 * S)  # other pads are still judged
    assert sink.get() == PadEvent(1, True, 2 * S, "test")
    delivered = [e for e in events if isinstance(e, PadEvent)]
    assert delivered[-1].pressed  # the last edge put on the queue before the fault: a press
    pipeline.tick(10 * S)  # quiet: the fault clears
    cleared = sink.get()
    assert isinstance(cleared, PadFault) and not cleared.active
    # the pad was released while left out: that change is said once, with its own time, as a
    # level for the screen (settled), not an edge for the referee: the pad was out of judging
    assert sink.get() == PadEvent(5, False, 59 * (S // 30), "test", settled=True)
    assert sink.empty()
