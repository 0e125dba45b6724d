"""What players found in a real 800x480 window with real taps (issue 37), each a test."""

from __future__ import annotations

import pytest
from kivy.base import EventLoop
from kivy.input.providers.mouse import MouseMotionEventProvider

from tests.ui.spurs.driving import begin_game, number

SIX = ("Annabelle", "Bob", "Calamity", "Dee", "Eve", "Fay")


def test_a_number_on_the_left_then_plus_one_then_a_number_on_the_right_opens_its_steps(ui):
    """The steps popover split in two rows on the left and in one on the right: refilling its
    rows put a step button into the row above while it still sat in the row below, and the
    app exited (WidgetException: Cannot add <BigButton>, it already has a parent)."""
    begin_game(ui, names=SIX[:2])
    ui.tap(number(ui, "Annabelle", "fame"))
    ui.tap(ui.find("+1"))
    ui.tap(number(ui, "Bob", "fame"))
    ui.tap(ui.find("+1"))
    fame = [p.fame for p in ui.screen.state.players]
    assert fame == [1, 1]
    ui.tap(number(ui, "Annabelle", "fame"))  # and back to the left: split again
    ui.tap(ui.find("+1"))
    assert [p.fame for p in ui.screen.state.players] == [2, 1]


def test_renown_then_plus_one_then_wounds_opens_the_wounds_steps(ui):
    """The same exit on Bountytown's player page: renown (left, two rows), +1, wounds."""
    from tests.ui.bountytown import walk

    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Players")
    ui.tap(ui.find(startswith=f"> {walk.FIRST}", root=ui.screen.ids.town.ids.board))
    page = ui.screen.ids.player.ids
    ui.tap(page.renown)
    ui.tap(ui.find("+1"))
    ui.tap(page.wounds)
    ui.tap(ui.find("+1"))
    player = ui.screen.state.player(walk.FIRST)
    assert (player.renown, player.wounds) == (1, 1)


@pytest.fixture
def mouse():
    """The desktop's mouse provider, as ``runTouchApp`` starts it from the app's input config
    (the tests' app is prepared without the loop that would)."""
    provider = MouseMotionEventProvider("mouse", "disable_multitouch")
    EventLoop.add_input_provider(provider)
    provider.start()
    yield provider
    provider.stop()
    EventLoop.remove_input_provider(provider)


class SlowTable:
    """Clicks through the mouse provider (what SDL hands Kivy on a desktop or under X11), on
    a clock the test moves: the touches' stamps (kivy/input/motionevent.py) and the guard's
    frames both read it, so a frame can take 300 ms without the test waiting for one."""

    def __init__(self, ui, monkeypatch) -> None:
        import kivy.input.motionevent as motionevent
        from ui.kit.doubletap import GUARD

        self.ui, self.now = ui, ui.clock + 100.0
        monkeypatch.setattr(motionevent, "time", lambda: self.now)
        monkeypatch.setattr(GUARD, "_clock", lambda: self.now)
        self.frames(2)

    def frames(self, count: int, each_s: float = 1 / 60) -> None:
        for _ in range(count):
            self.now += each_s
            self.ui.pump(1)

    def click(self, widget) -> None:
        """Button down and up at the widget's centre, as SDL's poll after a frame hears them."""
        from kivy.core.window import Window

        x, y = widget.to_window(*widget.center)
        top = Window.system_size[1] - y  # SDL's mouse y runs down from the top
        Window.dispatch("on_mouse_down", x, top, "left", [])
        Window.dispatch("on_mouse_up", x, top, "left", [])


def clicked_draw_for_me(ui, monkeypatch) -> tuple[SlowTable, object]:
    """A hunt's form, on the test's clock, its Draw for me clicked once."""
    begin_game(ui, names=SIX[:2])
    ui.tap("Actions")
    ui.tap("Hunt")
    table = SlowTable(ui, monkeypatch)
    draw = ui.find("Draw for me")
    table.click(draw)
    return table, draw


def test_a_double_click_on_draw_for_me_on_a_slow_machine_shows_the_result(ui, mouse, monkeypatch):
    """Issue 37: the first click's draw outlasts the double-tap window (a Pi 4 is ~5.5x
    slower than this machine), so the second click is read 300 ms after the first came down
    though it came 150 ms after: timed when it was read, it ended the turn before the result
    was seen. Timed from the frame before, it is a double tap and reaches nothing."""
    table, draw = clicked_draw_for_me(ui, monkeypatch)
    table.frames(1)  # the draw is made and its result shown in this frame...
    table.now += 0.3  # ...which takes 300 ms; the second click came meanwhile, on End turn
    table.click(draw)
    table.frames(3)
    assert ui.screen.model.page == "result" and ui.screen.state.current == 0
    assert [a["type"] for a in ui.screen.session.actions] == ["hunt"]


def test_a_second_click_after_the_result_was_drawn_is_a_click_of_its_own(ui, mouse, monkeypatch):
    """The same two clicks 300 ms apart on a machine that kept drawing frames between them:
    End turn was on screen for a while, so the second click means it."""
    table, draw = clicked_draw_for_me(ui, monkeypatch)
    table.frames(18)  # 300 ms of frames
    table.click(draw)
    table.frames(3)
    assert ui.screen.state.current == 1


def test_a_double_click_on_a_step_after_a_long_frame_does_not_reach_the_number_it_uncovered(ui, mouse, monkeypatch):
    """Found by the table monkey on a loaded machine (seed 37, step 63): a click on "+2" read
    after a 250 ms frame was timed from the frame before, so a second click 170 ms after it
    read as 280 ms apart, a tap of its own, and reached the number the first click's step
    had uncovered (its steps opened again). The pair is judged at the least time apart they
    can have been: the first at its stamp, the second at its earliest."""
    begin_game(ui, names=SIX[:2])
    ui.tap(number(ui, "Annabelle", "fame"))
    table = SlowTable(ui, monkeypatch)
    plus_two = ui.find("+2")
    table.now += 0.25  # the frame before the click's takes 250 ms (a loaded machine)
    table.click(plus_two)
    table.frames(1)  # heard in this frame: the step saved, its popover closes
    table.now += 0.15  # the second click comes about 170 ms after the first
    table.click(plus_two)
    table.frames(3)
    assert [p.fame for p in ui.screen.state.players] == [2, 0]
    assert ui.screen.model.flow.steps is None  # the number under the finger was not opened


def test_a_double_tap_on_plus_guest_types_nothing_into_the_new_name(kb):
    """The first tap opens a name field and the on-screen keyboard under the finger; the
    second tap of a double tap fell on a key and typed a stray letter into the name."""
    from kivy.core.window import Window
    from kivy.uix.textinput import TextInput

    from tests.ui.conftest import DOUBLE_TAP_S, TAP_APART_S, pump_until
    from ui.kit.keyboard import TableKeyboard

    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow")):
        kb.app.store.add_player(name, colour)
    kb.tap("Spurs")
    guest = kb.find("+ Guest")
    kb.pump(1)  # laid out, as Driver.tap reads a widget's place
    x, y = guest.to_window(*guest.center)
    kb.touch_at(x, y, TAP_APART_S)
    # the name's popup and its keys drawn, as 120 ms of frames draw them at the table
    pump_until(kb, lambda: any(isinstance(w, TableKeyboard) for w in Window.children))
    kb.touch_at(x, y, DOUBLE_TAP_S)
    kb.pump(4)
    fields = [w for root in Window.children for w in root.walk() if isinstance(w, TextInput) and w.focus]
    assert len(fields) == 1 and fields[0].text == ""


@pytest.mark.parametrize("game", ["Spurs", "Bountytown", "Rapid City"])
def test_a_double_click_on_a_new_game_on_a_slow_machine_presses_nothing_on_its_setup(ui, mouse, monkeypatch, game):
    """Issue 37: building a game's setup screen takes 70-440 ms here (0.4-2.4 s on a Pi), so a
    second click 120-200 ms after the first was read after it and taken for a tap of its
    own: it seated a player, or pressed Start, on the screen the first click opened."""
    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"),
                         ("Eve", "purple"), ("Fay", "orange")):
        ui.app.store.add_player(name, colour)
    table = SlowTable(ui, monkeypatch)
    button = ui.find(game)
    table.click(button)
    table.frames(1)  # the setup screen is built from this frame on...
    table.now += 0.4  # ...which takes 400 ms; the second click came 150 ms after the first
    table.click(button)
    table.frames(3)
    ui.settle()  # (a frame for each part of the setup: Home says "Opening ..." meanwhile)
    setup = ui.screen
    assert setup.name.endswith("_setup")
    picker = setup.ids.get("picker")
    assert picker is None or not picker.chosen
    assert not getattr(setup, "message", "")  # no Start pressed (a refused start says why)


def test_a_refusal_is_laid_over_the_page_and_moves_nothing_under_the_finger(ui):
    """Issue 37: a notice under the game bar took room and pushed the page down while it
    showed (Undo with nothing to take back moved the photo finish's chips 60 px, and the next
    tap named another press). It lies over the top of the page now, and a tap on its words
    is read, not passed to what lies beneath."""
    from kivy.uix.behaviors import ButtonBehavior

    from tests.ui.bountytown import walk
    from tests.ui.readability import on_screen
    from ui.kit.doubletap import reached

    walk.add_players(ui)
    walk.start_game(ui)

    def places():
        return {(type(w).__name__, getattr(w, "text", ""), i): tuple(w.to_window(*w.pos))
                for i, w in enumerate(ui.widgets()) if isinstance(w, ButtonBehavior) and on_screen(w)
                and w.parent is not None and "Got it" != getattr(w, "text", "")}

    before = places()
    ui.tap("Heal")  # refused: nothing to heal
    assert ui.screen.message
    words = ui.find(ui.screen.message)
    assert on_screen(words) and places() == before
    x, y = words.to_window(*words.center)
    assert reached(x, y) is None  # the words take the tap; nothing beneath does
    actions = len(ui.screen.session.actions)
    ui.tap(words)  # read, as 'Got it' reads it
    assert ui.screen.message == "" and places() == before and len(ui.screen.session.actions) == actions


def test_history_tapped_while_rapid_city_is_built_behind_it_keeps_the_app(db):
    """Issue 37, item 7: a walk ended the app (exit 0, no word) at Home -> Rapid City, then
    History 110 ms later. The app builds the referee screen a moment after its setup shows
    (``preload``, as the real app runs). Not reproduced here (nor by the table monkey's walks):
    kept as the sequence's guard, both taps heard before the app drew a frame for the first."""
    from tests.ui.conftest import start_app, stop_app

    ui = start_app(db, preload=True)
    try:
        ui.pump()
        for words in ("Rapid City", "History"):  # the second before the app drew anything for the first
            button = ui.find(words)
            touch = ui.new_touch(*button.to_window(*button.center), after_s=1.0)
            touch.touch_down()
            touch.touch_up()
        ui.settle()  # what the first tap started, built behind whatever shows
        assert ui.app.manager.current in ("history", "rapidcity_setup")
        ui.tap("Home")
        ui.tap("Rapid City")
        assert ui.app.manager.current == "rapidcity_setup"
    finally:
        stop_app(ui)
