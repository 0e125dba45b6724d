"""The sim backend: scripted true edge times survive late, reordered callbacks."""

from __future__ import annotations

import pytest

from companion.intake.errors import InputError
from companion.rapidcity.judge import judge
from companion.rapidcity.model import CharacterCard, Edge, HealingCard, Round, Tile
from companion.rapidcity.simulate import simulate
from hardware.events import PadEvent, now_ns
from hardware.sim import ScriptedEdge, SimBackend, scripted

MS = 1_000_000
TILES = (Tile(1, "prison"), Tile(2, "tipi"), Tile(3, "saloon"), Tile(4, "saloon"))
PLAYERS = ("red", "blue", "green", "yellow")


@pytest.fixture
def sim(pads):
    backend = SimBackend(pads, tick_s=None)
    backend.start()
    yield backend
    backend.close()


def test_later_callback_with_earlier_edge_wins_by_timestamp(sim):
    # pad 3 was pressed first (100.0 ms) but its callback arrives 50 ms late, after pad 1's
    reveal = sim.play([
        ScriptedEdge(3, True, 100 * MS, 150 * MS),
        ScriptedEdge(3, False, 100 * MS + 300_000, 150 * MS + 100_000),  # bounce
        ScriptedEdge(3, True, 100 * MS + 500_000, 150 * MS + 200_000),
        ScriptedEdge(1, True, 101 * MS, 101 * MS + 200_000),
    ])
    events = [e for e in sim.drain() if isinstance(e, PadEvent)]
    assert [e.pad for e in events] == [1, 3]  # arrival order: pad 1 first...
    first = min(events, key=lambda e: e.t_ns)
    assert first.pad == 3 and first.t_ns - reveal == 100 * MS  # ...but pad 3's edge was first, exactly
    assert next(e for e in events if e.pad == 1).t_ns - reveal == 101 * MS


def test_keys_press_and_release_a_pad(sim):
    sim.press(4)
    sim.release(4, at_ns=sim.drain()[0].t_ns + 40 * MS)
    assert [(e.pad, e.pressed) for e in sim.drain()] == [(4, False)]


def test_unknown_pad_refused(sim):
    with pytest.raises(InputError, match="no pad 9"):
        sim.press(9)


def test_hold_releases_after_the_time(sim):
    sim.hold(2, 0.05)
    [press] = sim.drain()
    sim._timers[-1].join(1)
    [release] = sim.drain()
    assert press.pressed and not release.pressed and release.t_ns - press.t_ns >= 50 * MS


def _as_round(sim_round, events: list[PadEvent], reveal_ns: int) -> Round:
    """What the live path would record: the backend's events, identity attached to the
    presses the script says someone made (RFID or confirmation, R-R5)."""
    who = {(pad, t): p for (t, pad, down), p in zip(sim_round.edges, sim_round.identities) if down and p}
    edges = tuple(Edge(e.pad, "press" if e.pressed else "release", (e.t_ns - reveal_ns) / MS,
                       who.get((e.pad, e.t_ns - reveal_ns))) for e in events)
    clean = sim_round.clean
    return Round(clean.players, clean.tiles, clean.card, clean.bullets, clean.settings, edges, clean.touches)


def test_simulated_rounds_judged_the_same_through_the_mock_pins(sim):
    reordered = 0
    start = now_ns()
    for seed in range(12):
        card = HealingCard("saloon") if seed % 3 == 0 else CharacterCard(("indian", "sheriff", "bandit")[seed % 3])
        table = simulate(card, PLAYERS, TILES, seed)
        # cards ten seconds apart, as at a table (back to back, the bounce trains of a
        # dozen cards in a few seconds would rightly look like a chattering pad)
        reveal = sim.play(scripted(table), reveal_ns=start + seed * 10_000 * MS)
        assert sim.status().faults == ()
        sim.tick(reveal + 9_000 * MS)  # let every lockout end
        events = [e for e in sim.drain() if isinstance(e, PadEvent)]
        assert all(e.t_ns - reveal in {t for t, _, _ in table.edges} for e in events)
        presses = [e for e in events if e.pressed]
        assert len(presses) == sum(1 for edge in table.clean.events if edge.edge == "press")
        assert judge(_as_round(table, events, reveal)) == judge(table.clean), f"seed {seed}"
        reordered += [e.t_ns for e in events] != sorted(e.t_ns for e in events)
    assert reordered, "the script should have delivered some rounds out of order"


@pytest.mark.slow  # realtime play is the sim's real-time mode: it waits out the script on the real clock
def test_realtime_play_delivers_on_the_scripts_clock(sim):
    reveal = sim.play([ScriptedEdge(5, True, 10 * MS, 30 * MS)], realtime=True)
    [event] = sim.drain()
    assert event.t_ns - reveal == 10 * MS
    assert now_ns() - reveal >= 30 * MS


def test_scripts_played_back_to_back_keep_each_pads_time_order(sim):
    first = sim.play([ScriptedEdge(1, True, 0, 0), ScriptedEdge(1, False, 2_000 * MS, 2_000 * MS)])
    second = sim.play([ScriptedEdge(1, True, 0, 0), ScriptedEdge(1, False, 100 * MS, 100 * MS)])
    assert second > first + 2_000 * MS
    sim.tick(second + 1_000 * MS)
    assert [e.pressed for e in sim.drain()] == [True, False, True, False]
    assert sim.status().counters["late edges"] == 0


def test_status_says_the_keys_work_in_the_app_not_in_a_terminal(sim):
    # issue 10: `companion pads` runs in a terminal that reads no keys; only the app binds 1-6
    assert sim.status().detail.endswith("(keys 1-6 press them in the app)")
