"""Leading-edge lockout (R-R4): the first edge's time is kept, the bounce after it ignored."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import LeadingEdgeLockout

MS = 1_000_000


def test_bounce_train_gives_one_press_at_the_first_edge():
    # the round file's example: press 431.2, release 431.9, press 432.4 is one press
    lockout = LeadingEdgeLockout(30 * MS)
    assert lockout.edge(3, True, 431_200_000) == [(True, 431_200_000, False)]
    assert lockout.edge(3, False, 431_900_000) == []
    assert lockout.edge(3, True, 432_400_000) == []
    assert lockout.dropped == 2
    assert lockout.settle(500 * MS) == []  # it settled pressed: nothing more to say


def test_a_chain_of_bounces_is_one_press_however_long_R_R4():
    """R-R4: each edge within the window of the previous one extends the press. A chattering
    false start (-10, +10, +30 ms, window 30) is one press at -10, never a press at +30."""
    lockout = LeadingEdgeLockout(30 * MS)
    assert lockout.edge(1, True, 990 * MS) == [(True, 990 * MS, False)]
    assert lockout.edge(1, False, 1010 * MS) == []
    assert lockout.edge(1, True, 1030 * MS) == []  # 40 ms after the first edge, 20 after the last
    assert lockout.edge(1, True, 1061 * MS) == [(True, 1061 * MS, False)]  # 31 ms of quiet: a new press


def test_release_after_the_window_passes_with_its_own_time():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 0)
    assert lockout.edge(1, False, 200 * MS) == [(False, 200 * MS, False)]


def test_tap_shorter_than_the_window_keeps_its_release_as_a_settled_level():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 0)
    assert lockout.edge(1, False, 20 * MS) == []
    assert lockout.settle(49 * MS) == []  # still inside the chain's window (20 + 30)
    assert lockout.settle(50 * MS) == [(1, (False, 20 * MS, True))]


def test_pads_are_locked_out_independently():
    lockout = LeadingEdgeLockout(30 * MS)
    assert lockout.edge(1, True, 0) == [(True, 0, False)]
    assert lockout.edge(2, True, 1 * MS) == [(True, 1 * MS, False)]


def test_edge_older_than_the_last_reported_is_counted_not_placed():
    lockout = LeadingEdgeLockout(30 * MS)
    lockout.edge(1, True, 100 * MS)
    assert lockout.edge(1, False, 50 * MS) == []
    assert lockout.late == 1


def test_zero_window_passes_every_edge():
    lockout = LeadingEdgeLockout(0)
    out = [lockout.edge(1, level, t) for level, t in [(True, 0), (False, 1), (True, 2), (True, 3)]]
    assert out == [[(True, 0, False)], [(False, 1, False)], [(True, 2, False)], [(True, 3, False)]]


@st.composite
def edge_trains(draw):
    gaps = draw(st.lists(st.integers(min_value=0, max_value=80 * MS), min_size=1, max_size=40))
    levels = draw(st.lists(st.booleans(), min_size=len(gaps), max_size=len(gaps)))
    times, t = [], 0
    for gap in gaps:
        t += gap
        times.append(t)
    return list(zip(levels, times))


def passed_through(lockout, train, pad=1):
    out = []
    for level, t in train:
        out.extend(lockout.edge(pad, level, t))
    out.extend(passed for _, passed in lockout.settle(train[-1][1] + lockout.bounce_ns))
    return out


@settings(max_examples=300, deadline=None)
@given(edge_trains(), st.integers(min_value=1, max_value=50))
def test_lockout_properties(train, bounce_ms):
    bounce = bounce_ms * MS
    out = passed_through(LeadingEdgeLockout(bounce), train)
    raw = dict((t, level) for level, t in train)
    # the chains R-R4 reads in the raw edges: each edge within the window of the one before;
    # at one instant the referee reads a press before a release, so a chain begun by a
    # release is begun by a press too when one comes at that same instant
    firsts: list[tuple[bool, int]] = []
    for i, edge in enumerate(train):
        if i == 0 or edge[1] - train[i - 1][1] >= bounce:
            firsts.append(edge)
        elif edge[0] and firsts[-1] == (False, edge[1]):
            firsts.append(edge)
    assert [(p.pressed, p.t_ns) for p in out if not p.settled] == firsts, "each chain's first edge, at its time"
    for i, passed in enumerate(out):
        assert raw.get(passed.t_ns) is not None, "every reported time is a real edge's time"
        assert i == 0 or passed.t_ns >= out[i - 1].t_ns, "reported in time order"
    assert out[-1].pressed == train[-1][0], "once settled, the reported level is the pad's level"


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
