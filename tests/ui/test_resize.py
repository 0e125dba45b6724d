"""A window resized while the app runs (desktop play: 800x480 to 1280x720 and back): every
screen already built follows it, text and touch targets 1.5 times larger at 1280x720 and
back to their sizes at 800x480, and the table rules (tests/ui/readability.py) still hold."""

from __future__ import annotations

import time
from typing import Callable

import pytest
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import Metrics
from kivy.uix.label import Label

from tests.ui.bountytown import walk
from tests.ui.conftest import start_app, stop_app
from tests.ui.rapidcity.test_referee_game import SEED, set_up
from tests.ui.readability import on_screen, problems
from tests.ui.spurs.driving import begin_game
from ui.shell import app as app_module
from ui.kit import theme

SMALL, LARGE = (800, 480), (1280, 720)


def back_to_small() -> None:
    """The test process has one window: whatever a test did, the next one finds it at 800x480."""
    Window.size = SMALL
    theme.fit_window(*SMALL)


@pytest.fixture(autouse=True)
def back_to_800x480(monkeypatch):
    monkeypatch.setattr("ui.rapidcity.setup.new_seed", lambda: SEED)
    yield
    back_to_small()


def resize(ui, size: tuple[int, int]) -> None:
    """Resize the window as a person dragging its corner would, and wait for the app to refit.

    The density alone does not say the refit is done: a drag that paused on a size of the same
    scale (1200x720 on the way to 1280x720, both 1.5) was refitted there already, and the refit
    to the final size is still waiting on the Clock."""
    Window.size = size
    scale = theme.window_scale(*size)
    deadline = time.monotonic() + 30  # seconds: a loaded machine's frames are slow, a hang is not
    while Metrics.density != scale or ui.app.refit_pending:
        assert time.monotonic() < deadline, f"still at scale {Metrics.density} for {size}"
        ui.pump(1)
        time.sleep(0.01)
    ui.pump(8)  # the layouts that follow a refit settle over a few frames


# Each opener shows a screen and returns the labels a table reads (names, scores, status)
# and the buttons on it.
Opened = tuple[list[Label], list]


def home(ui) -> Opened:
    return [ui.find("Score pad")], [ui.find("Score pad"), ui.find("Statistics")]


def spurs(ui) -> Opened:
    begin_game(ui, names=("Annabelle", "Bob", "Calamity"))
    names = [ui.find(startswith=f"[b]{name}[/b]") for name in ("Annabelle", "Bob", "Calamity")]
    fame = [stat.children[-1] for stat in ui.widgets() if isinstance(stat, Factory.StatButton) and stat.key == "fame"]
    assert len(fame) == 3
    return names + fame, [ui.find("End turn")]


def bountytown(ui) -> Opened:
    walk.add_players(ui)
    walk.start_game(ui)
    names = {name for name, _ in walk.PLAYERS}
    read = [w for w in ui.widgets() if isinstance(w, Label) and on_screen(w) and w.text in names]
    assert len(read) == 6  # the six players where they stand in town
    return read, [ui.find("End turn"), ui.find("Heal")]


def referee(ui) -> Opened:
    set_up(ui)
    bullets = ui.screen.ids.bullets
    return [ui.find(name, cls=Label, root=bullets) for name in ("Ann", "Bob", "green")], [ui.find("Ready")]


def history(ui) -> Opened:
    for name, colour in (("Ann", "red"), ("Bob", "blue")):
        ui.app.store.add_player(name, colour)
    ui.app.start_session("scorepad", {"players": ["Ann", "Bob"]})
    ui.app.go("history")
    ui.pump()
    row = next(w for w in ui.widgets() if isinstance(w, Factory.GameRowView))
    return [ui.find("Ann, Bob: not finished")], [row, ui.find("All games")]


SCREENS: dict[str, Callable[..., Opened]] = {
    "home": home, "spurs": spurs, "bountytown": bountytown, "referee": referee, "history": history}


@pytest.mark.parametrize("name", SCREENS)
def test_text_and_targets_follow_the_window_there_and_back(ui, name):
    read, targets = SCREENS[name](ui)
    ui.pump()
    fonts = [label.font_size for label in read]
    heights = [target.height for target in targets]
    assert min(fonts) >= 20 and min(heights) >= 48

    resize(ui, LARGE)
    assert Metrics.density == 1.5
    assert [label.font_size for label in read] == pytest.approx([f * 1.5 for f in fonts]), name
    assert all(target.height > h * 1.4 for target, h in zip(targets, heights)), name

    resize(ui, SMALL)
    assert [label.font_size for label in read] == pytest.approx(fonts), name
    assert [target.height for target in targets] == pytest.approx(heights, abs=0.5), name


@pytest.mark.parametrize("name", SCREENS)
def test_a_resized_screen_keeps_the_table_rules(ui, name):
    SCREENS[name](ui)
    ui.pump()
    resize(ui, LARGE)
    assert problems(ui.screen) == [], name
    resize(ui, SMALL)
    assert problems(ui.screen) == [], name


@pytest.mark.parametrize("name", SCREENS)
def test_a_screen_built_at_1280x720_keeps_the_table_rules_at_800x480(db, name):
    """The other way round: sizes first worked out at 1.5 times (paddings, widths) shrink too."""
    Window.size = LARGE
    ui = start_app(db)
    try:
        assert Metrics.density == 1.5
        SCREENS[name](ui)
        ui.pump()
        assert problems(ui.screen) == [], name
        resize(ui, SMALL)
        assert problems(ui.screen) == [], name
    finally:
        stop_app(ui)


def test_a_drag_refits_once_when_it_stops(ui, monkeypatch):
    """A corner dragged a frame at a time refits only once the size has held for
    REFIT_AFTER_S. A frame slowed past that by a loaded machine is a pause in the drag, and a
    refit there is right: each refit is checked against the size it found and how long that
    size had held, so the test asserts the rule, not the machine's speed. Times are Kivy's
    frame ticks (``Clock.get_time``): a trigger's timeout counts from the tick of the frame
    that armed it and fires up to 5 ms early (kivy/_clock.pyx ``ClockEvent.tick``), so a
    frame slowed past REFIT_AFTER_S by layout is a pause too."""
    fits, sizes = [], []  # (tick, size)
    pause = app_module.REFIT_AFTER_S - 0.006
    real = theme.fit_window
    monkeypatch.setattr(theme, "fit_window", lambda w, h: fits.append((Clock.get_time(), (w, h))) or real(w, h))
    for width in range(800, 1281, 40):  # 13 sizes
        sizes.append((Clock.get_time(), (width, width * 3 // 5)))
        Window.size = sizes[-1][1]
        ui.pump(1)
    sizes.append((Clock.get_time(), LARGE))
    resize(ui, LARGE)
    assert fits[-1][1] == LARGE
    for at, size in fits:
        # A size is set between frames and stamped with the tick before it, so a refit on that
        # same tick ran before the size was set: it saw only sizes stamped strictly earlier.
        since, shown = max((s for s in sizes if s[0] < at), key=lambda s: s[0])
        assert shown == size and at - since >= pause, (size, at - since)
    held = [b[0] - a[0] for a, b in zip(sizes, sizes[1:])]
    assert len(fits) <= 1 + sum(gap >= pause for gap in held)  # once per pause, at most


def test_a_drag_that_paused_on_a_size_of_the_same_scale_still_refits_to_where_it_stopped(ui, monkeypatch):
    """1200x720 and 1280x720 are both 1.5 times 800x480: a drag that paused at 1200x720 (or a
    frame a loaded machine slowed there) was scaled to it, and the size the drag ends on is
    still laid out, once it has held for REFIT_AFTER_S."""
    fits = []
    real = theme.fit_window
    monkeypatch.setattr(theme, "fit_window", lambda w, h: fits.append((w, h)) or real(w, h))
    resize(ui, (1200, 720))
    assert fits[-1] == (1200, 720)
    resize(ui, LARGE)
    assert fits[-1] == LARGE and not ui.app.refit_pending


def test_a_resize_reported_again_or_undone_lays_nothing_out_again(ui, monkeypatch):
    """A window system may report a size again, or one on the way after the last (a late
    event): the screens already fitted to the size the window ends at are left alone."""
    fits = []
    real = theme.fit_window
    monkeypatch.setattr(theme, "fit_window", lambda w, h: fits.append((w, h)) or real(w, h))
    resize(ui, LARGE)
    Window.size = (1240, 744)  # a late event from the drag, then the size it ended at again
    ui.pump(1)
    resize(ui, LARGE)
    assert fits == [LARGE]
