"""What the real app builds ahead, and what it lets go: History and Statistics while Home is
shown (cheap, kept), a game's screen while its setup screen is filled in; no game's screen at
start, however many wait; one game's screens at a time; building never opens the pads."""

import gc
import weakref
from contextlib import contextmanager
from unittest.mock import patch

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from companion.db.store import Store
from tests.ui.conftest import pump_until, start_app, stop_app
from ui.shell import app as app_module
from ui.spurs.table import PAGES

SPURS = {"players": [
    {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2}},
    {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}}]}


BOUNTYTOWN = {
    "players": [{"name": n, "character": ""} for n in ("Ann", "Bob", "Cid")],
    "grid": ["Bank", "Saloon", "Church", "Sheriff's Office", "Doc's", "General Store", "Stable", "Bandit Hideout",
             "Hotel"],
    "bounties": [{"name": f"Bounty {i}", "renown": i, "locations": ["Bank", "Saloon"], "base": ["3H"], "draws": 1}
                 for i in range(1, 4)],
    "store": ["Rifle"]}


@contextmanager
def built_ahead(db):
    """The real app on ``db``, once it has built (and frozen) what it builds while Home shows."""
    with patch.object(app_module, "PRELOAD_AFTER_S", 0):
        ui = start_app(db, preload=True)
        try:
            for _ in range(40):
                ui.pump(1)
                if gc.get_freeze_count():
                    break
            yield ui
        finally:
            gc.unfreeze()
            stop_app(ui)


def test_at_home_only_history_and_statistics_are_built_ahead_whatever_waits_then_frozen(db):
    """A game's screen is 10-45 MB (bench/bench_memory.py): at start the app builds none,
    however many games wait to be resumed, so its memory does not grow with the history."""
    with Store(db) as store:
        for kind, settings in (("scorepad", {"players": ["Ann", "Bob"]}), ("spurs", SPURS),
                               ("bountytown", BOUNTYTOWN), ("rapidcity", {"players": ["red", "blue", "green"], "seed": 7})):
            store.new_session(kind, settings)
    with built_ahead(db) as ui:
        manager = ui.app.manager
        assert manager.has_screen("history") and manager.has_screen("stats")
        assert [name for name in app_module.SCREENS if manager.has_screen(name)] == ["home", "history", "stats"]
        assert manager.current == "home" and ui.app._hardware is None
        assert gc.get_freeze_count() > 0


def test_resume_of_a_screen_not_built_says_so_at_once_then_opens_the_game(db):
    with Store(db) as store:
        store.new_session("spurs", SPURS)
    with built_ahead(db) as ui:
        button = ui.find(startswith="Resume Spurs")
        flips = []

        def flipped(*_args) -> None:
            flips.append(ui.app.manager.current)

        Window.bind(on_flip=flipped)  # unbound below: the window outlives the app, and would keep it
        try:
            touch = UnitTestTouch(*button.to_window(*button.center))
            touch.touch_down()
            ui.pump(1)
            touch.touch_up()
            ui.pump(1)  # the tap's own frame: still Home, saying what is coming
        finally:
            Window.unbind(on_flip=flipped)
        assert flips[-1] == "home" and ui.screen.message == "Opening Spurs..."
        pump_until(ui, lambda: ui.app.manager.current == "spurs")
        assert [p.shown.name for p in reversed(ui.screen.ids.pages.get_screen("table").ids.sheets_list.children)] == ["Ann", "Bob"]
        ui.app.go_home()
        assert ui.screen.message == ""
        ui.tap(ui.find(startswith="Resume Spurs"))  # built now: its session opened a frame after the tap's
        assert ui.app.manager.current == "spurs"


def test_a_new_game_s_screen_is_built_while_its_setup_is_filled_in_and_another_game_lets_it_go(db):
    with built_ahead(db) as ui:
        manager = ui.app.manager
        ui.tap("Spurs")
        pump_until(ui, lambda: manager.current == "spurs_setup" and ui.app.whole("spurs"))
        game = weakref.ref(manager.get_screen("spurs"))
        setup = weakref.ref(manager.get_screen("spurs_setup"))
        ui.app.start_session("spurs", SPURS)
        assert manager.current_screen is game()  # the screen built ahead is the one shown
        ui.app.go_home()
        ui.tap("Bountytown")
        ui.pump(3)
        assert manager.current == "bountytown_setup" and manager.has_screen("bountytown")
        assert not manager.has_screen("spurs") and not manager.has_screen("spurs_setup")
        # collected: their memory is the new screens' (once the frames already asked for have
        # run: a callback Kivy still holds for the old screen lets it go when it has run)
        for _ in range(600):
            gc.collect()
            if game() is None and setup() is None:
                break
            ui.pump(1)
        assert game() is None and setup() is None


def test_a_released_screen_whose_text_field_was_typed_in_last_is_collected(ui):
    """Kivy's TextInput keeps the last field whose cursor moved (kivy.clock.triggered keeps
    the last call's arguments): that field must not keep a released screen alive."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.textinput import TextInput

    from ui.kit.kvload import release

    box = BoxLayout()
    field = TextInput()
    box.add_widget(field)
    field.text = "Ann"  # moves the cursor: _adjust_viewport keeps (field, ...) in its closure
    ui.pump(2)  # the field's own redraws, scheduled by the typing, are done: the field is left
    gone = weakref.ref(box)
    release(box)
    del box, field
    gc.collect()
    assert gone() is None


def test_a_released_scroll_view_has_no_work_left_waiting_on_the_clock(ui):
    """A ScrollView fades its bar half a second after it scrolls, with an Animation that would
    hold it (and a stopped app behind it) in ``Animation._instances``: released, it has nothing
    left to run."""
    from kivy.clock import Clock
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    from ui.kit.kvload import release

    view = ScrollView(size=(100, 100))
    view.add_widget(Label(size_hint_y=None, height=400))
    view.scroll_y = 0.5
    ui.pump(1)

    def waiting() -> list:
        return [e for e in Clock.get_events() if getattr(e.get_callback(), "__self__", None) is view]

    assert waiting(), "the scroll left no fade waiting: the test shows nothing"
    release(view)
    assert waiting() == []


def test_without_preload_only_home_is_built(ui):
    ui.pump(5)
    assert not ui.app.manager.has_screen("scorepad") and gc.get_freeze_count() == 0


def test_a_resume_from_home_is_built_over_frames_and_the_first_game_tapped_opens(db):
    """Issue 38: a game's screen is built a part a frame (its shell, the session, the page it
    stands at), Home saying so meanwhile; the game shows whole at its page, never half built,
    and a tap on another game while it opens opens nothing."""
    with Store(db) as store:
        store.new_session("spurs", SPURS)
        store.new_session("bountytown", BOUNTYTOWN)
    with built_ahead(db) as ui:
        manager = ui.app.manager
        spurs, bountytown = ui.find(startswith="Resume Spurs"), ui.find(startswith="Resume Bountytown")
        touch = ui.new_touch(*spurs.to_window(*spurs.center))
        touch.touch_down()
        touch.touch_up()
        at_home = 0
        while manager.current == "home":
            assert ui.screen.message == "Opening Spurs...", ui.screen.message
            if at_home == 2:  # while it opens, another game is tapped
                other = ui.new_touch(*bountytown.to_window(*bountytown.center))
                other.touch_down()
                other.touch_up()
            ui.pump(1)
            at_home += 1
            assert at_home < 50, "Spurs never opened"
        game = manager.current_screen
        assert manager.current == "spurs" and at_home >= 4  # the tap's frame, then a frame for each part
        assert game.session is not None and game.pages.current == "table"
        assert [p.shown.name for p in reversed(game.pages.get_screen("table").ids.sheets_list.children)] == ["Ann", "Bob"]
        ui.settle()
        assert manager.current == "spurs" and not manager.has_screen("bountytown")
        assert sorted(game.pages.screen_names) == sorted(PAGES)  # its other pages, made after it showed
