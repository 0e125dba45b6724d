"""The referee screen draws a frame only for what the table needs to see at once: every
edge is judged as it comes, but a chattering pad's level, the countdown and the status
line cost at most a frame a second, so a claim never queues behind a stream of redraws
(issue 12: edge to pixels with a chattering pad)."""

from __future__ import annotations

import re
import threading

import pytest
from kivy.core.window import Window
from kivy.graphics import BorderImage, Rectangle, RoundedRectangle
from kivy.uix.button import Button
from kivy.uix.label import Label

from hardware.events import PadFault, now_ns
from tests.ui.conftest import pump_until
from tests.ui.rapidcity.test_referee_details import character_seed, start
from tests.ui.rapidcity.test_referee_game import reveal
from ui.rapidcity import referee
from ui.rapidcity.padlevels import PadLevels
from ui.rapidcity.referee import RefereeScreen

MS = 1_000_000


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))


class Ticks:
    """The screen's clock in a test (RefereeScreen.clock): it reads the time the test has
    come to, which moves only when the test says (``advance``), however slow the machine."""

    def __init__(self, start_ns: int) -> None:
        self.now = start_ns

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: float) -> int:
        self.now += round(ms * MS)
        return self.now


class Switch:
    """A pad's switch driven edge by edge on the test's clock, each edge stamped 2 ms after
    the one before (past the 1 ms lockout)."""

    def __init__(self, hw, pad: int, ticks: Ticks) -> None:
        self.hw, self.pad, self.ticks = hw, pad, ticks

    def press(self) -> None:
        self.hw.press(self.pad, at_ns=self.ticks.advance(2))

    def release(self) -> None:
        self.hw.release(self.pad, at_ns=self.ticks.advance(2))


@pytest.fixture
def flips():
    """The frames drawn (one per Window.on_flip) while a test runs."""
    drawn: list[int] = []

    def count(*_args) -> None:
        drawn.append(now_ns())

    Window.bind(on_flip=count)
    yield drawn
    Window.unbind(on_flip=count)


def on_ticks(screen) -> Ticks:
    """The screen on a clock the test moves."""
    ticks = Ticks(now_ns())
    screen.clock = ticks
    return ticks


def first_claim_on_pad_3(ui, flips, levels: PadLevels | None = None):
    """A referee on the test's clock showing a card whose first claim, by pad 3's switch
    (still pressed), is drawn; the frames counted from here."""
    screen = start(ui, seed=character_seed(), bounce_ms=1, window_ms=60_000)
    ticks = on_ticks(screen)
    if levels is not None:
        screen.pads.levels = levels
    reveal(ui)
    switch = Switch(ui.app.hardware(), 3, ticks)
    switch.press()
    pump_until(ui, lambda: screen.tiles[3].shown.claim.startswith("1st"))
    ui.pump(2)
    flips.clear()
    return screen, switch


def test_a_chattering_pad_is_judged_edge_by_edge_but_redrawn_at_most_once_a_second(ui, flips):
    screen, switch = first_claim_on_pad_3(ui, flips)
    started = screen.clock()
    for _ in range(10):  # a worn switch: a press and a release in every frame, each judged
        switch.release()
        ui.pump(1)
        switch.press()
        ui.pump(1)
    elapsed_s = (screen.clock() - started) / 1e9
    assert len(screen.model.card.edges) == 21  # the judge has every edge
    assert screen.tiles[3].shown.claim.startswith("1st")  # the claim stands
    assert len(flips) <= 1 + elapsed_s  # not a frame per edge (20 edges drawn 20 frames before)
    switch.release()
    screen.clock.advance(1000)  # the rush over: the slow tick draws the level held back
    screen._slow_tick()
    pump_until(ui, lambda: not screen.tiles[3].pressed)  # its tile settles on its last level
    assert "Saloon 1: up" in ui.texts()


def test_a_claim_is_drawn_at_once_with_a_pad_chattering_beside_it(ui, flips):
    screen = start(ui, seed=character_seed(), bounce_ms=1, window_ms=60_000)
    ticks = on_ticks(screen)
    reveal(ui)
    switch = Switch(ui.app.hardware(), 3, ticks)
    for _ in range(3):
        switch.press()
        ui.pump(1)
        switch.release()
        ui.pump(1)
    switch.press()  # held back from its tile: it changed a frame ago
    ui.pump(1)
    flips.clear()
    ui.app.hardware().press(1)
    ui.pump(1)
    assert len(flips) == 1 and screen.tiles[1].shown.claim.startswith("2nd") and screen.tiles[1].pressed
    assert screen.tiles[3].pressed  # the held level went with the frame drawn anyway


def test_the_countdown_is_redrawn_once_a_second(ui, flips):
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    ticks = on_ticks(screen)
    reveal(ui)
    screen._slow.cancel()  # the test gives the once-a-second tick itself, on the screen's clock
    ui.pump(2)
    flips.clear()
    lines = {screen.status}
    for frame in range(1, 16):  # 1.5 s of frames a tenth of a second apart
        ticks.advance(100)
        ui.pump(1)
        if frame % 10 == 0:
            screen._slow_tick()
        lines.add(screen.status)
    assert screen.stage == "window"
    assert len(lines) <= 3 and len(flips) <= 3  # was a new line in tenths of a second, ten frames a second
    assert re.fullmatch(r"0 of 3 tiles claimed - 5\d s left", screen.status)  # whole seconds, however slow the frames


def test_the_window_closes_when_the_screen_s_clock_says_time_is_up(ui):
    """The model decides, at the time the screen's clock reads, however long the frames take."""
    screen = start(ui, seed=character_seed(), window_ms=1500)
    ticks = on_ticks(screen)
    reveal(ui)
    revealed = screen.model.card.reveal_ns
    ticks.advance(1499)
    ui.pump(3)
    assert screen.stage == "window" and screen.model.card.closed_ns is None
    ticks.advance(1)
    pump_until(ui, lambda: screen.stage == "finish")
    assert revealed == ticks() - 1500 * MS and screen.model.card.closed_ns == ticks()
    assert "Nobody claimed a tile" in screen.status


def test_only_the_step_on_screen_renders_the_status_line(ui):
    screen = start(ui, seed=character_seed())
    reveal(ui)
    ui.pump(2)
    showing = [w for panel in screen.panels.values() for w in panel.walk()
               if isinstance(w, Label) and w.text == screen.status]
    assert len(showing) == 1 and showing[0] in list(ui.screen.ids.stage.walk())


def test_a_burst_of_edges_wakes_one_poll(ui):
    screen = start(ui)
    ui.pump(2)
    polls = []
    poll = screen.poll
    screen.poll = lambda dt=0: (polls.append(dt), poll(dt))  # the Clock looks ``poll`` up by name
    hw = ui.app.hardware()
    base = now_ns()
    pawn = threading.Thread(target=lambda: [(hw.press if i % 2 == 0 else hw.release)(3, at_ns=base + i * 50 * MS)
                                            for i in range(40)])
    pawn.start()
    pawn.join()
    ui.pump(1)
    del screen.poll
    assert 1 <= len(polls) <= 2  # the wake and the frame's own poll, not one per edge (40 before)


def test_ready_checks_the_pads_themselves_not_their_tiles(ui):
    screen = start(ui, bounce_ms=1)
    hw = ui.app.hardware()
    hw.press(2)
    ui.pump(1)
    hw.release(2)  # within a second of the press: its tile still shows DOWN a moment
    ui.pump(1)
    ui.tap("Ready")
    assert screen.stage in ("waiting", "window") and screen.message == ""


def test_pad_levels_show_a_quiet_pad_at_once_and_hold_a_busy_one():
    levels = PadLevels(hold_ns=1000)
    assert levels.report(1, True, now_ns=0)  # at rest: shown at once
    assert not levels.report(1, False, now_ns=10)  # 10 ns later: held
    assert not levels.report(1, True, now_ns=20)  # back where the tile is: nothing to show
    assert levels.take_held(30) == {} and levels.shown == {1: True} and levels.actual == {1: True}
    assert not levels.report(1, False, now_ns=40)
    assert levels.actual == {1: False} and levels.shown == {1: True}
    assert levels.take_held(50) == {1: False} and levels.shown == {1: False}
    assert not levels.report(1, True, now_ns=60)  # the hold starts again from the frame that showed it
    assert levels.report(1, True, now_ns=1050) and levels.take_held(1060) == {}


def test_the_last_claim_is_drawn_before_the_photo_finish_is_built(ui):
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    reveal(ui)
    seen = []

    def flipped(*_args) -> None:
        seen.append((screen.tiles[3].shown.claim, screen.stage, len(screen.panels["finish"].ids.rows.children)))

    Window.bind(on_flip=flipped)
    try:
        hw = ui.app.hardware()
        for pad in (1, 2, 3):
            hw.press(pad)
            pump_until(ui, lambda p=pad: screen.tiles[p].shown.claim)
        pump_until(ui, lambda: screen.stage == "finish")
        ui.pump(1)
    finally:
        Window.unbind(on_flip=flipped)
    first = next(i for i, (claim, _, _) in enumerate(seen) if claim)
    assert seen[first][1] == "window"  # the last claim's frame: the race as it ended, nothing more
    assert seen[-1][1] == "finish" and seen[-1][2] >= 3  # the photo finish comes in a frame of its own
    assert screen.model.card.closed_ns is not None and screen.model.card.closed_ns >= screen.model.card.edges[-1].t_ns


def test_while_claims_land_nothing_but_a_claim_draws_a_frame(ui, flips, monkeypatch):
    """A chattering pad and the countdown's tick draw no frame of their own while claims are
    landing: each would be a whole-window frame for the next claim to wait behind. What they
    change goes with the next claim's frame, and with the tick once the rush is over."""
    monkeypatch.setattr(referee, "RUSH_S", 3600.0)  # the rush outlasts the test, however slow the machine
    # no pacing by time: only the claim window holds a level back
    screen, switch = first_claim_on_pad_3(ui, flips, PadLevels(hold_ns=0))
    for _ in range(5):  # a worn switch in the rush: every edge judged, none drawn
        switch.release()
        ui.pump(1)
        switch.press()
        ui.pump(1)
    switch.release()
    hw = ui.app.hardware()
    hw.events.put(PadFault(2, "saloon", "stuck", True, now_ns(), "Saloon: held down"))
    ui.pump(1)
    screen._slow_tick()  # the countdown's tick comes in the rush: it is put off, not drawn
    ui.pump(2)
    assert len(screen.model.card.edges) == 12 and flips == []
    assert screen.pads.levels.actual[3] is False and screen.tiles[3].pressed  # up, still drawn DOWN
    assert screen.pads.faults and not screen.tiles[2].fault  # known, not yet drawn
    assert screen._after_rush.is_triggered  # the tick comes again when the rush is over
    hw.press(1)
    pump_until(ui, lambda: flips)
    assert len(flips) == 1 and screen.tiles[1].shown.claim.startswith("2nd")
    assert not screen.tiles[3].pressed and screen.tiles[2].fault == "stuck"  # they went with the claim's frame
    assert screen.status.startswith("2 of 3 tiles claimed")


def test_once_the_rush_is_over_the_tick_draws_the_countdown_and_held_levels(ui, flips, monkeypatch):
    monkeypatch.setattr(referee, "RUSH_S", 0.0)
    screen = start(ui, seed=character_seed(), bounce_ms=1, window_ms=60_000)
    screen.pads.levels = PadLevels(hold_ns=0)
    reveal(ui)
    hw = ui.app.hardware()
    hw.press(2)
    pump_until(ui, lambda: screen.tiles[2].shown.claim.startswith("1st"))
    ui.pump(2)
    flips.clear()
    hw.release(2)  # a pawn lifted while the card is shown: no frame of its own
    ui.pump(3)
    assert flips == [] and screen.tiles[2].pressed
    screen._slow_tick()
    ui.pump(1)
    assert len(flips) == 1 and not screen.tiles[2].pressed


def test_pad_levels_hold_any_change_when_asked():
    levels = PadLevels(hold_ns=0)
    assert not levels.report(1, True, now_ns=0, hold=True)
    assert levels.actual == {1: True} and levels.shown == {}
    assert levels.take_held(10) == {1: True} and levels.shown == {1: True}
    assert levels.report(1, False, now_ns=20)


def painted(widget) -> list[tuple[float, float]]:
    """The size of every rectangle and texture the widget itself draws (not its children's)."""
    groups = (widget.canvas.before, widget.canvas, widget.canvas.after)
    return [tuple(i.size) for group in groups for i in group.children
            if isinstance(i, (Rectangle, RoundedRectangle, BorderImage)) and i.size[0] * i.size[1] > 0]


def test_an_unclaimed_tile_keeps_its_claims_room_without_drawing_it(ui):
    """Kivy draws a transparent texture or shape (and a widget at opacity 0) like a seen one,
    and software GL rasterises every pixel of it in every frame a claim may wait behind."""
    screen = start(ui, seed=character_seed(), window_ms=60_000)
    reveal(ui)
    ui.pump(2)
    room = [tile.children[0] for tile in screen.tiles.values()]  # each tile's claim line
    before = {pad: (tile.pos, tile.size) for pad, tile in screen.tiles.items()}
    assert all(line.height > 20 and painted(line) == [] for line in room)
    touches = next(w for w in screen.panels["window"].walk() if isinstance(w, Button) and w.disabled)
    assert painted(touches) == []  # a pad card's hidden Touches button
    ui.app.hardware().press(2)
    pump_until(ui, lambda: screen.tiles[2].shown.claim.startswith("1st"))
    ui.pump(2)
    assert {pad: (tile.pos, tile.size) for pad, tile in screen.tiles.items()} == before  # no tile moved
    assert painted(screen.tiles[2].children[0])  # the claim's time is drawn in its room
