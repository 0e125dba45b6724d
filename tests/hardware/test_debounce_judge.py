"""The lockout and the referee read a chattering pad the same way (R-R4: a chain of bounces
is one press): judging the edges the pipeline passes on gives the call judging every raw
edge gives, so the live screen and a replay of the switch's own edges cannot disagree."""

from __future__ import annotations

import queue

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rapidcity.judge import judge
from companion.rapidcity.roundfile import parse_round
from hardware.events import PadEvent
from hardware.padmap import load_padmap
from hardware.pipeline import EdgePipeline

PLAYERS = ["red", "blue", "green"]
TILES = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"}, {"pad": 3, "location": "saloon"}]
MS = 1_000_000


@st.composite
def chatter(draw):
    """Each pad's raw edges: levels as the switch gave them (a missed edge may repeat one),
    times in whole tenths of a ms from before the reveal to well inside the window."""
    edges = []
    for pad in (1, 2, 3):
        t = draw(st.integers(-2000, 4000))
        for _ in range(draw(st.integers(0, 8))):
            t += draw(st.integers(0, 600))
            edges.append((t, pad, draw(st.booleans())))
    return sorted(edges)


def round_of(edges, card, bounce_ms):
    """The round file of those edges, each press naming the pawn its tile's player puts down."""
    return parse_round({
        "players": PLAYERS, "tiles": TILES, "card": card,
        "settings": {"bounce_ms": bounce_ms, "window_ms": 5000, "tie_ms": 1},
        "events": [{"pad": pad, "edge": "press" if pressed else "release", "t_ms": t / 10,
                    **({"player": PLAYERS[pad - 1]} if pressed else {})} for t, pad, pressed in edges]})


def through_the_pipeline(edges, bounce_ms):
    sink: queue.SimpleQueue = queue.SimpleQueue()
    pipeline = EdgePipeline(load_padmap(), sink, source="test", bounce_ms=bounce_ms)
    for pad in (1, 2, 3):
        pipeline.start(pad, False, -10**12)
    for t, pad, pressed in edges:
        pipeline.edge(pad, pressed, t * MS // 10)
    pipeline.tick(10**12)
    out = []
    while not sink.empty():
        event = sink.get_nowait()
        if isinstance(event, PadEvent) and not event.settled:  # a settled level is the screen's, not the judge's
            out.append((event.t_ns * 10 // MS, event.pad, event.pressed))
    return out


def call(verdict):
    return (verdict.claims, verdict.bullets, verdict.healed, verdict.totals, verdict.dead_heats, verdict.moves,
            verdict.false_starts)


@settings(max_examples=500, deadline=None)
@given(chatter(), st.sampled_from([0, 5, 30]),
       st.sampled_from([{"type": "character", "character": "sheriff"}, {"type": "healing", "location": "tipi"},
                        {"type": "disarmed", "player": "blue"}]))
def test_the_lockout_passes_on_what_the_judge_makes_of_every_raw_edge(edges, bounce_ms, card):
    raw = judge(round_of(edges, card, bounce_ms))
    passed = judge(round_of(through_the_pipeline(edges, bounce_ms), card, bounce_ms))
    assert call(passed) == call(raw)
