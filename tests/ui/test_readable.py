"""The shared screens read across a table: nothing under 16 px, nothing spilling or cut, targets
a finger wide, a refusal shown whole at reading size, and fonts that grow with the window."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.db.store import FULL_CHECK
from tests.ui.readability import problems
from ui.kit import theme

LONG = ("Refused: a rifle draw leaves the grey bullets in the bag; 3 grey entered [R-S1], "
        "so take them out of the count and draw again")


def scorepad(ui):
    for name, colour in (("Ann", "red"), ("Bob", "blue")):
        ui.app.store.add_player(name, colour)
    ui.app.start_session("scorepad", {"players": ["Ann", "Bob"]})
    ui.pump()
    return ui.screen


def test_home_players_settings_and_score_pad_keep_the_table_rules(ui):
    assert problems(ui.screen) == []
    for name in ("players", "settings", "scorepad_setup"):
        ui.app.go(name)
        ui.pump()
        assert problems(ui.screen) == [], name
    screen = scorepad(ui)
    screen._refuse(LONG)
    ui.pump()
    assert problems(screen) == []


def test_the_database_line_on_home_is_whole_at_reading_size_under_a_full_list(ui):
    ui.app.store.set_pref(FULL_CHECK, {"at": "2026-12-07T16:45:00+00:00", "result": "page 4 is damaged"})
    for name, colour in (("Ann", "red"), ("Bob", "blue")):
        ui.app.store.add_player(name, colour)
    for _ in range(6):  # more games in progress than the list shows at once
        ui.app.start_session("scorepad", {"players": ["Ann", "Bob"]})
        ui.app.go_home()
    ui.pump(2)
    line = ui.find(startswith="The last full check found a problem")
    assert line.font_size >= theme.px("TEXT_SMALL")
    left, bottom = line.to_window(line.x, line.y)
    assert bottom >= 0 and bottom + line.height <= Window.height and left + line.width <= Window.width
    node = line.parent
    while node is not None and node is not ui.screen:
        assert not isinstance(node, ScrollView), "scrolled away with the list"
        node = node.parent
    assert problems(ui.screen) == []
    ui.screenshot("home-read")


def test_a_long_refusal_is_shown_whole_at_reading_size_until_ok(ui):
    screen = scorepad(ui)
    screen._refuse(LONG)
    ui.pump()
    words = ui.find(LONG)
    assert words.font_size >= 20
    assert not words._label.is_shortened and words.texture_size[1] <= words.height + 1
    assert words.texture_size[1] > words.font_size * 1.5  # it wrapped rather than ran off
    ui.tap(ui.find("+1", root=screen.ids.rows.children[-1]))  # the next action clears it
    assert LONG not in ui.texts()
    screen._refuse(LONG)
    ui.pump()
    ui.tap("Got it")
    assert LONG not in ui.texts() and screen.message == ""


def test_a_refusal_buzzes_and_the_end_is_said_in_words(ui, monkeypatch):
    heard = []
    monkeypatch.setattr("ui.sound.sounds.play", lambda name: heard.append(name) or True)
    screen = scorepad(ui)
    ui.tap(ui.find("+5", root=screen.ids.rows.children[0]))  # Bob, the last row
    assert screen.act({"type": "add", "player": "Nobody", "points": 1}) is False
    assert screen.act({"type": "add", "player": "Nobody", "points": 1}) is False
    assert heard == ["refusal", "refusal"]  # the same refusal twice is heard twice
    ui.tap("Finish game")
    assert heard[-1] == "end"
    assert "Game over: Bob wins." in ui.texts()
    ui.tap("Undo")
    assert "Game over: Bob wins." not in ui.texts()


RENDER = """
import sys
from ui.shell.launch import configure_kivy
configure_kivy(fullscreen=False)
from kivy.config import Config
Config.set("graphics", "width", sys.argv[2]); Config.set("graphics", "height", sys.argv[3])
from kivy.base import EventLoop
from companion.db.store import Store
from ui.shell.app import CompanionApp
app = CompanionApp(Store(sys.argv[1]), backend="sim")
app._run_prepare()
for _ in range(3):
    EventLoop.idle()
button = next(w for w in app.root.walk() if getattr(w, "text", "") == "Score pad")
print(button.font_size, button.height)
"""


def test_fonts_and_targets_grow_with_the_window(tmp_path):
    sizes = {}
    for width, height in ((800, 480), (1024, 600), (1280, 720)):
        out = subprocess.run([sys.executable, "-c", RENDER, str(tmp_path / f"{width}.db"), str(width), str(height)],
                             cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        sizes[(width, height)] = tuple(float(n) for n in out.stdout.split()[-2:])
    assert sizes[(800, 480)][0] == 20  # Home's "Score pad" button
    assert sizes[(1024, 600)][0] == 20 * 1.25 and sizes[(1280, 720)][0] == 20 * 1.5
    assert sizes[(800, 480)][1] < sizes[(1024, 600)][1] < sizes[(1280, 720)][1]


def test_the_scale_follows_the_tighter_side_and_never_shrinks():
    assert theme.window_scale(800, 480) == 1
    assert theme.window_scale(1024, 600) == 1.25
    assert theme.window_scale(1280, 720) == 1.5
    assert theme.window_scale(640, 400) == 1
    assert Window.size == (800, 480) and theme.px("TEXT") == 20 and theme.px("TEXT_SMALL") == 16


def test_the_rules_catch_a_line_dropped_for_want_of_height_but_not_a_path_split_across_lines(ui):
    """A label that lays out fewer lines than its words need loses words without spilling out
    of its box, which only the laid-out lines show; a path has no spaces to wrap at."""
    box = BoxLayout(orientation="vertical", size=(300, 200), size_hint=(None, None))
    capped = Label(text=LONG, font_size=theme.TEXT, text_size=(300, 56), size_hint_y=None,
                   height=theme.TOUCH)
    path = Label(text="Database: /tmp/a-rather-long-folder-name/and-another-one/companion.db", font_size=theme.TEXT,
                 text_size=(300, None), size_hint_y=None, height=theme.scaled("TEXT", 4))
    box.add_widget(capped)
    box.add_widget(path)
    ui.app.root.current_screen.add_widget(box)
    try:
        ui.pump()
        found = problems(box)
    finally:
        ui.app.root.current_screen.remove_widget(box)
    assert len(found) == 1 and "leaves out ['Refused:', 'a', 'rifle'" in found[0], found
