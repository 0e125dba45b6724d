"""The app shell, driven through its widgets: Home, Players, a session started and resumed."""

import gc
import time

import pytest
from kivy.animation import Animation
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.db.store import Store
from tests.ui.conftest import start_app, stop_app

ESCAPE = 27


def test_home_offers_games_and_says_there_are_none_yet(ui):
    assert ui.app.manager.current == "home"
    assert "Score pad" in ui.texts()
    assert any(t.startswith("No games yet") for t in ui.texts())
    ui.screenshot("home-empty")


def test_create_and_rename_a_player_through_the_widgets(ui, db):
    ui.tap("Players")
    ui.tap(ui.find(cls=TextInput))
    ui.type("Calamity")
    ui.tap("blue")
    ui.tap("Add player")
    assert "Added Calamity." in ui.texts()
    chip = ui.find("Calamity")
    assert chip.colour == "blue"
    ui.tap(chip)
    name = ui.find(cls=TextInput)
    assert name.text == "Calamity"
    name.text = ""
    ui.tap(name)
    ui.type("Jane")
    ui.tap("green")
    ui.tap("Save changes")
    ui.screenshot("players")
    assert [(p.name, p.colour) for p in ui.app.store.players()] == [("Jane", "green")]


def test_bad_name_is_refused_with_the_reason(ui):
    ui.app.store.add_player("Ann", "red")
    ui.tap("Players")
    ui.tap(ui.find(cls=TextInput))
    ui.type("ann")
    ui.tap("Add player")
    assert "There is already a player called 'ann'" in ui.texts()
    assert len(ui.app.store.players()) == 1


def scores(ui):
    """What the score pad shows: name -> score, top to bottom."""
    return {row.ids.who.text: row.ids.score.text for row in reversed(ui.screen.ids.rows.children)}


def row(ui, name):
    return next(r for r in ui.screen.ids.rows.children if r.ids.who.text == name)


def test_start_play_undo_and_resume_after_restart(db):
    with Store(db) as store:
        store.add_player("Ann", "red")
        store.add_player("Bob", "yellow")
    ui = start_app(db)
    ui.pump()
    ui.tap("Score pad")
    assert ui.find("Start").disabled
    ui.tap("Bob")
    ui.tap("Ann")
    assert "Seats in order: Bob, Ann" in ui.texts()
    ui.tap("Start")
    assert ui.app.manager.current == "scorepad"
    assert list(scores(ui)) == ["Bob", "Ann"]
    ui.tap(ui.find("+5", root=row(ui, "Ann")))
    ui.tap(ui.find("+1", root=row(ui, "Bob")))
    assert scores(ui) == {"Bob": "1", "Ann": "5"}
    ui.screenshot("scorepad")
    ui.tap("Undo")
    assert scores(ui) == {"Bob": "0", "Ann": "5"}
    ui.tap("Redo")
    assert scores(ui) == {"Bob": "1", "Ann": "5"}
    ui.tap("Undo")
    ui.tap("Home")
    assert any(t.startswith("Resume Score pad: Bob, Ann") for t in ui.texts())
    stop_app(ui)

    ui = start_app(db)  # a restart: the game resumes exactly where it was, redo included
    ui.pump()
    ui.tap(ui.find(startswith="Resume Score pad"))
    assert scores(ui) == {"Bob": "0", "Ann": "5"}
    ui.tap("Redo")
    assert scores(ui) == {"Bob": "1", "Ann": "5"}
    ui.tap("Finish game")
    assert "Finished. Winner: Ann" in ui.texts()
    assert ui.find("+5", root=row(ui, "Ann")).disabled
    ui.tap("Home")
    assert any(t.startswith("Score pad: won by Ann") for t in ui.texts())
    stop_app(ui)


def test_escape_goes_home_and_ctrl_z_undoes(ui):
    ui.app.store.add_player("Ann", "red")
    session = ui.app.start_session("scorepad", {"players": ["Ann"]})
    ui.pump()
    ui.tap("+5")
    assert session.state.scores == (5,)
    ui.key(ord("z"), ["ctrl"])
    assert session.state.scores == (0,)
    ui.key(ESCAPE)
    assert ui.app.manager.current == "home"


def test_settings_toggle_sound_and_show_the_rulings(ui):
    ui.tap("Settings")
    assert any(t.startswith("[b]R-S4[/b] Desperado gang.") for t in ui.texts())
    assert any(t.startswith("[b]R-R11[/b]") for t in ui.texts())
    assert any("Database: " + str(ui.app.store.path) in t.replace("\n", "") for t in ui.texts())  # broken after a /
    ui.tap("Sound: on")
    assert ui.app.store.pref("sound", True) is False
    assert "Sound: off" in ui.texts()
    ui.screenshot("settings")


def test_home_names_rapid_city_players_not_their_colours(ui):
    ui.app.store.new_session("rapidcity", {"players": ["red", "blue", "green"], "seed": 1,
                                           "names": {"red": "Fred", "blue": "Juliette"}})
    ui.app.go("players")
    ui.app.go_home()
    assert any(t.startswith("Resume Rapid City: Fred, Juliette, green") for t in ui.texts())


def test_a_write_the_disk_refuses_is_shown_and_the_score_stays(ui, db):
    import sqlite3

    ui.app.store.add_player("Ann", "red")
    ui.app.start_session("scorepad", {"players": ["Ann"]})
    ui.pump()
    ui.tap("+5")
    raw = sqlite3.connect(db)
    raw.execute("CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    raw.commit()
    raw.close()
    ui.tap("+1")
    assert ui.screen.ids.rows.children[0].ids.score.text == "5"
    assert any(t.startswith("Not saved: could not save to") for t in ui.texts())


def test_a_new_game_the_disk_refuses_is_said_on_the_setup_screen(ui, db):
    import sqlite3

    ui.app.store.add_player("Ann", "red")
    raw = sqlite3.connect(db)
    raw.execute("CREATE TRIGGER full BEFORE INSERT ON sessions BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    raw.commit()
    raw.close()
    ui.tap("Score pad")
    ui.tap("Ann")
    ui.tap("Start")
    assert ui.app.manager.current == "scorepad_setup"
    assert any(t.startswith("Not saved: could not save to") for t in ui.texts())


def test_a_game_whose_log_no_longer_replays_is_reported_on_home(ui, db):
    import sqlite3

    ui.app.store.add_player("Ann", "red")
    session = ui.app.store.new_session("scorepad", {"players": ["Ann"]})
    session.do({"type": "add", "player": "Ann", "points": 3})
    raw = sqlite3.connect(db)
    raw.execute("UPDATE events SET action = ?", ('{"type": "add", "player": "Zed", "points": 1}',))
    raw.commit()
    raw.close()
    ui.app.go("players")
    ui.app.go_home()
    ui.tap(ui.find(startswith="Resume Score pad"))
    assert ui.app.manager.current == "home"
    assert any("cannot be replayed at event 1" in t for t in ui.texts())


def test_apps_stopped_one_after_another_do_not_pile_up(tmp_path):
    """A stopped app lets its widgets go (ui/kit/kvload.py ``release``): Bountytown's setup, whose kv
    rules bind through ``ids``, kept each app and its database alive before, and a process
    that starts app after app (the tests, the benches, the screenshot script) grew with every
    one. Only this test's apps are counted: an earlier test's are not this test's concern."""
    from tests.ui.bountytown.walk import PLAYERS, add_players
    from ui.shell.app import CompanionApp

    for run in range(4):
        ui = start_app(tmp_path / f"run{run}.db")
        add_players(ui)
        ui.tap("Bountytown")
        for name, _ in PLAYERS:
            ui.tap(ui.find(name, root=ui.screen.ids.picker))
        ui.tap("5 Bounties")
        stop_app(ui)
    del ui

    def alive() -> list[str]:
        gc.collect()
        return [o.store.path.name for o in gc.get_objects() if type(o) is CompanionApp and o.store.path.parent == tmp_path]

    # work a stopped app handed to a background thread (a summary being made) may still hold
    # it for a moment on a busy machine: wait for the threads, not for a number of seconds
    end = time.monotonic() + 30
    while alive() and time.monotonic() < end:
        time.sleep(0.1)
    assert alive() == []


def _keyboard_up(ui) -> None:
    ui.tap("Players")
    ui.tap(ui.find(cls=TextInput))  # the on-screen keyboard holds the field it types in


def _guest_being_named(ui) -> None:
    ui.tap("Score pad")
    ui.tap("+ Guest")  # the name entry, kept aside by the picker, has the focus


def _list_tapped(ui) -> None:
    ui.app.store.add_player("Ann", "red")
    ui.tap("Players")
    ui.tap("Ann")  # the list's scroll view hands the touch's end on 0.2 s later, through a partial


def _card_on_the_table(ui) -> None:
    ui.tap("Rapid City")
    for colour in ("Red", "Blue", "Green"):
        ui.tap(colour)
    ui.tap("Start")
    assert ui.app.manager.current == "rapidcity"
    # the referee keeps its panels aside, out of its tree: the past calls' list, shown a moment
    # ago, is still fading its scroll bar (kivy/uix/scrollview.py ``_bind_inactive_bar_color``)
    aside = next(w for w in ui.screen.panels["history"].walk() if isinstance(w, ScrollView))
    assert aside.get_root_window() is None
    Animation(_bar_color=aside.bar_inactive_color, d=5).start(aside)


def _screen_changing(ui) -> None:
    ui.app.go("settings")  # no frame yet: the screen manager's transition is running


@pytest.mark.parametrize("doing", [_keyboard_up, _guest_being_named, _list_tapped, _card_on_the_table,
                                   _screen_changing], ids=lambda doing: doing.__name__.strip("_"))
def test_a_stopped_app_is_freed_at_once_whatever_it_was_doing(tmp_path, doing):
    """Kivy's class-wide tables (running animations, the Clock, the focused field, the kept
    keyboard) and the double-tap guard's last tap each held a stopped app, with its database,
    until some later frame or tap: the next test's frames laid it out again at every resize.
    Stopped, with no frame run since, nothing of it is left once collected."""
    from ui.shell.app import CompanionApp

    db = tmp_path / "companion.db"
    ui = start_app(db, keyboard="on" if doing is _keyboard_up else "off")
    ui.pump()
    doing(ui)
    stop_app(ui)
    del ui
    gc.collect()
    assert [o for o in gc.get_objects() if type(o) is CompanionApp and o.db_path == db] == []


def test_a_game_screen_let_go_with_a_panel_still_scrolling_is_freed(ui):
    """The referee's photo finish flicked (its rows scrolling: an Animation, which Kivy holds
    while it runs) and left for the verdict, so the panel is off the screen's tree, then Home
    and another game's setup: the app lets the referee go and nothing holds it (the panels it
    keeps aside are released with it: ui/kit/kvload.py)."""
    import weakref

    from kivy.animation import Animation
    from kivy.uix.scrollview import ScrollView

    from companion.rapidcity.model import CharacterCard
    from tests.ui.rapidcity.test_readable_rapidcity import THREE, start
    from tests.ui.rapidcity.test_referee_game import claim_every_tile

    screen = start(ui, THREE, CharacterCard, window_ms=60_000)
    claim_every_tile(ui)
    rows = next(w for w in screen.panels["finish"].walk(restrict=True) if isinstance(w, ScrollView))
    Animation(scroll_y=0.0, d=600).start(rows)  # a flick's scroll, still running
    ui.tap("Verdict")
    assert rows.get_root_window() is None  # the finish panel is aside now
    referee = weakref.ref(screen)
    del screen, rows
    ui.tap("Home")
    ui.tap("Spurs")  # another game's screens: the referee's are let go
    assert not ui.app.manager.has_screen("rapidcity")
    gc.collect()
    assert referee() is None
