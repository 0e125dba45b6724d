"""Leading-edge lockout (R-R4): the first edge's time is kept, the bounce after it ignored."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import LeadingEdgeLockout

MS = 1_000_000


def test_bounce_train_gives_one_press_at_the_first_edge():
    # the round file's example: press 431.2, release 431.9, press 432.4 is one press
    lockout = LeadingEdgeLockout(30 * MS)
    assert lockout.edge(3, True, 431_200_000) == [(True, 431_200_000)]
    assert lockout.edge(3, False, 431_900_000) == []
    assert lockout.edge(3, True, 432_400_000) == []
    assert lockout.dropped == 2
    assert lockout.settle(500 * MS) == []  # it settled pressed: nothing more to say


def test_release_after_the_window_passes_with_its_own_time():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 0)
    assert lockout.edge(1, False, 200 * MS) == [(False, 200 * MS)]


def test_tap_shorter_than_the_window_keeps_its_release():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 0)
    assert lockout.edge(1, False, 20 * MS) == []
    assert lockout.settle(29 * MS) == []  # still inside the window
    assert lockout.settle(30 * MS) == [(1, False, 20 * MS)]


def test_pads_are_locked_out_independently():
    lockout = LeadingEdgeLockout(30 * MS)
    assert lockout.edge(1, True, 0) == [(True, 0)]
    assert lockout.edge(2, True, 1 * MS) == [(True, 1 * MS)]


def test_edge_older_than_the_last_reported_is_counted_not_placed():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 100 * MS)
    assert lockout.edge(1, False, 50 * MS) == []
    assert lockout.late == 1


def test_zero_window_passes_every_change():
    lockout = LeadingEdgeLockout(0)
    out = [lockout.edge(1, level, t) for level, t in [(True, 0), (False, 1), (True, 2)]]
    assert out == [[(True, 0)], [(False, 1)], [(True, 2)]]


@st.composite
def edge_trains(draw):
    gaps = draw(st.lists(st.integers(min_value=0, max_value=80 * MS), min_size=1, max_size=40))
    levels = draw(st.lists(st.booleans(), min_size=len(gaps), max_size=len(gaps)))
    times, t = [], 0
    for gap in gaps:
        t += gap
        times.append(t)
    return list(zip(levels, times))


@settings(max_examples=200, deadline=None)
@given(edge_trains(), st.integers(min_value=1, max_value=50))
def test_lockout_properties(train, bounce_ms):
    bounce = bounce_ms * MS
    lockout = LeadingEdgeLockout(bounce)
    out = []
    for level, t in train:
        out.extend(lockout.edge(1, level, t))
    out.extend((level, t) for _, level, t in lockout.settle(train[-1][1] + bounce))
    raw_times = {t for _, t in train}
    previous = False  # pads start released
    for i, (level, t) in enumerate(out):
        assert level != previous, "levels alternate"
        assert t in raw_times, "every reported time is a real edge's time"
        assert i == 0 or t >= out[i - 1][1], "reported in time order"
        if i >= 2:
            assert t - out[i - 2][1] >= bounce, "one press (or release) per window"
        previous = level
    assert previous == train[-1][0], "once settled, the reported level is the pad's level"
    first_change = next((t for level, t in train if level), None)
    if first_change is not None:
        assert out[0] == (True, first_change), "the first press keeps the first edge's time"



def presses_seen(bounce_ms):
    """A press, a 10 ms bounce-off and a press again 40 ms after the first, through a
    pipeline set to the game's bounce window: how many presses come out."""
    import queue as stdqueue

    from hardware.padmap import load_padmap
    from hardware.pipeline import EdgePipeline

    sink = stdqueue.SimpleQueue()
    pipeline = EdgePipeline(load_padmap(), sink, source="test", bounce_ms=30)
    pipeline.set_bounce_ms(bounce_ms)
    pipeline.start(1, False, 0)
    for pressed, t_ms in ((True, 1000), (False, 1010), (True, 1040)):
        pipeline.edge(1, pressed, t_ms * 1_000_000)
    pipeline.tick(2_000_000_000)
    events = []
    while not sink.empty():
        events.append(sink.get_nowait())
    return pipeline.bounce_ms, [e.t_ns // 1_000_000 for e in events if getattr(e, "pressed", False)]


def test_the_pipeline_takes_the_games_bounce_window():
    assert presses_seen(30) == (30, [1000, 1040])  # 40 ms later is a new press
    assert presses_seen(50) == (50, [1000])  # inside a 50 ms window: the same press
