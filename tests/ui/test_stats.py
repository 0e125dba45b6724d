"""The Statistics screen: opened from Home with real taps, counting an old database's games
off the UI thread, and showing the numbers worked out by hand in tests/stats_games.py."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from kivy.uix.label import Label

from companion.records.stats import cache
from companion.db.store import Store
from tests import stats_games as games
from tests.ui.conftest import start_app, stop_app
from tests.ui.readability import problems
from ui.screens.plot import BarChart, LineChart
from ui.screens.stats import Tab
from ui.kit.widgets import BigButton, Chip

pytestmark = pytest.mark.ui


def play(store: Store, kind: str, game) -> None:
    settings, actions = game()
    session = store.new_session(kind, settings)
    for action in actions:
        session.do(action)


@pytest.fixture
def table(db):
    with Store(db) as store:
        for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Bart", "green"), ("Valentina", "yellow"),
                             ("Rita", "orange"), ("Gus", "purple")):
            store.add_player(name, colour)  # Terry and blue are guests: in the table's figures only
        play(store, "spurs", games.spurs_long)
        play(store, "spurs", games.spurs_short)
        play(store, "bountytown", games.bountytown)
        play(store, "rapidcity", games.rapidcity)
    driver = start_app(db)
    driver.pump()
    yield driver
    stop_app(driver)


def wait_counted(ui, timeout: float = 30) -> None:
    """Until the worker has counted every game in (the screen says so while it works)."""
    end = time.monotonic() + timeout
    while ui.screen.progress and time.monotonic() < end:
        ui.pump(1)
        time.sleep(0.02)
    assert not ui.screen.progress, ui.screen.progress


def row(ui, name: str) -> list[str]:
    """The table row starting with the button ``name``: its five cells."""
    button = ui.find(name, cls=BigButton)
    cells = list(reversed(button.parent.children))
    start = cells.index(button)
    return [c.text for c in cells[start:start + 5]]


def test_statistics_from_home_shows_each_games_figures(table):
    ui = table
    ui.tap("Statistics")
    assert ui.screen.name == "stats"
    wait_counted(ui)
    assert "Spurs: 2 games played to the end." in ui.texts()
    assert row(ui, "Ann") == ["Ann", "2", "1", "50%", "3.0"]
    assert row(ui, "Bob") == ["Bob", "2", "1", "50%", "2.5"]
    assert problems(ui.screen) == []

    ui.tap(ui.find("Ann", cls=Tab))  # her own figures: fame by source as bars, her luck in words
    assert "Ann at Spurs: 2 plays, 1 win (win rate 50%), average final score 3.0." in ui.texts()
    fame = ui.find(cls=BarChart)
    assert [text for _c, _v, text in fame.bars] == ["0", "1", "2", "0"]  # challenges, town, duels, other
    assert any(t.startswith("Luck: 1 hit in 1 shot, where the exact odds expected 1.5 (luck index 0.67). "
                            "A run this unlucky or more: 1 in 2 in this game") for t in ui.texts())
    assert problems(ui.screen) == []

    ui.tap("Bountytown")
    assert row(ui, "Bart") == ["Bart", "1", "1", "100%", "3.0"]
    assert "Terry" not in ui.texts()  # a guest: no row, no tab
    duels = ui.find(cls=BarChart)
    assert [(c, v) for c, v, _t in duels.bars] == [("Four of a Kind", [1, 0]), ("High Card", [0, 1])]
    assert ui.find(cls=LineChart).values == [0, 1, 1]  # renown: Bart's 3 over three players
    assert problems(ui.screen) == []

    ui.tap("Rapid City")
    ui.tap(ui.find("Rita", cls=Tab))
    assert any(t.startswith("Reaction from reveal to claim: median 215 ms, best 180 ms (2 claims). False starts: 0.")
               for t in ui.texts())
    ui.tap(ui.find("Gus", cls=Tab))
    assert any("median 600 ms" in t and "False starts: 1." in t for t in ui.texts())
    assert problems(ui.screen) == []


def test_old_games_are_counted_behind_the_screen_and_taps_never_wait(table, monkeypatch):
    ui = table
    held = threading.Event()
    make_one = cache.summary_of
    monkeypatch.setattr(cache, "summary_of",
                        lambda db, sid, *evidence: held.wait(30) and make_one(db, sid, *evidence))
    ui.tap("Statistics")
    assert ui.screen.progress == "Counted 0 of 4 games"
    assert ui.find(startswith="Counted 0 of 4").text == "Counted 0 of 4 games"
    ui.tap("Bountytown")  # answered while the worker is held
    assert "Bountytown: 0 games played to the end." in ui.texts()
    held.set()
    wait_counted(ui)
    assert "Bountytown: 1 game played to the end." in ui.texts()
    assert row(ui, "Bart") == ["Bart", "1", "1", "100%", "3.0"]


def test_a_second_visit_reads_the_kept_sum_at_once(table, monkeypatch):
    ui = table
    ui.tap("Statistics")
    wait_counted(ui)  # once every game is counted in, their sum is kept (on a thread)
    end = time.monotonic() + 10
    while ui.app.store._db.execute("SELECT 1 FROM summaries WHERE session_id = -1").fetchone() is None:
        assert time.monotonic() < end, "the sum was not kept"
        time.sleep(0.05)
    decoded = []
    read = cache.read
    monkeypatch.setattr(cache, "read", lambda *a: decoded.append(len((found := read(*a)).fresh)) or found)
    ui.tap("Home")
    ui.tap("Statistics")
    assert ui.screen.progress == "" and decoded == [0]  # nothing left to count, no summary read
    assert row(ui, "Ann") == ["Ann", "2", "1", "50%", "3.0"]


def test_bars_are_as_tall_as_their_values(ui):
    chart = BarChart(bars=[("a", [2], "2"), ("b", [4], "4"), ("c", [1, 3], "1/3")], size=(600, 240), pos=(0, 0))
    heights = chart.bar_heights
    tallest = heights[1][0]
    assert tallest > 100
    assert heights[0] == [pytest.approx(tallest / 2)]
    assert heights[2] == [pytest.approx(tallest / 4), pytest.approx(tallest * 3 / 4)]
    assert sorted(c.text for c in chart.children if isinstance(c, Label)) == ["1/3", "2", "4", "a", "b", "c"]


def test_the_line_goes_through_its_values(ui):
    chart = LineChart(values=[0, 2, 1], x_name="turn", size=(600, 240), pos=(0, 0))
    ys = chart.points[1::2]
    assert ys[1] - ys[0] == pytest.approx(2 * (ys[2] - ys[0]))
    xs = chart.points[0::2]
    assert xs[1] - xs[0] == pytest.approx(xs[2] - xs[1])


def test_new_data_is_drawn_by_the_next_frame(ui):
    chart = BarChart(bars=[("a", [1], "1")], size=(600, 240), pos=(0, 0))
    chart.bars = [("a", [1], "1"), ("b", [3], "3")]
    ui.pump(1)
    assert len(chart.bar_heights) == 2 and chart.bar_heights[0][0] == pytest.approx(chart.bar_heights[1][0] / 3)


def test_a_players_page_shows_their_figures_as_games_are_counted_in(table):
    ui = table
    ui.tap("Players")
    ui.tap(ui.find("Ann", cls=Chip))
    ui.tap("Their games")  # nothing counted yet: the worker starts from here
    assert ui.screen.name == "player"
    stats = ui.app.screen("stats")
    end = time.monotonic() + 30
    while stats.progress and time.monotonic() < end:
        ui.pump(1)
        time.sleep(0.02)
    box = ui.screen.ids.stats_box
    texts = ui.texts(box)
    assert "Spurs" in texts and "Bountytown" not in texts
    assert "2 plays, 1 win (win rate 50%), average final score 3.0." in texts
    assert any(t.startswith("Luck: 1 hit in 1 shot") for t in texts)
    assert "Fame: 0 from challenges, 1 from town, 2 from duels, 0 from other." in texts
    assert problems(ui.screen) == []
    ui.tap("Charts in Statistics")  # the same figures drawn, on Ann's Spurs tab
    assert ui.screen.name == "stats" and ui.find("Ann", cls=Tab).state == "down"
    assert [text for _c, _v, text in ui.find(cls=BarChart).bars] == ["0", "1", "2", "0"]


def test_the_sum_is_kept_and_used_until_a_game_or_a_seat_changes(table, monkeypatch):
    ui = table
    store = ui.app.store
    decoded = []
    read = cache.read
    monkeypatch.setattr(cache, "read", lambda *a: decoded.append(len((found := read(*a)).fresh)) or found)

    def visit():
        if ui.screen.name != "home":
            ui.tap("Home")
        ui.tap("Statistics")
        wait_counted(ui)

    def keep_sum():
        """A visit with every game fresh, which keeps the sum (written on a thread)."""
        store._db.execute("DELETE FROM summaries WHERE session_id = -1")
        visit()
        end = time.monotonic() + 10
        while store._db.execute("SELECT 1 FROM summaries WHERE session_id = -1").fetchone() is None:
            assert time.monotonic() < end, "the sum was not kept"
            time.sleep(0.05)

    visit()  # the four games are counted in on a worker
    keep_sum()
    visit()
    assert decoded[-1] == 0 and row(ui, "Ann") == ["Ann", "2", "1", "50%", "3.0"]  # one row read, none decoded

    store.open_session(2).undo()  # after the end: Ann's short win is undone
    visit()
    assert row(ui, "Ann") == ["Ann", "1", "0", "0%", "3.0"]

    keep_sum()
    store.merge_players(next(p.id for p in store.players() if p.name == "Rita"),
                        next(p.id for p in store.players() if p.name == "Ann"))  # the same person
    visit()
    ui.tap("Rapid City")
    assert "Rita" not in ui.texts()
    ui.tap(ui.find("Ann", cls=Tab))
    assert any(t.startswith("Reaction from reveal to claim: median 215 ms") for t in ui.texts())


def test_the_app_builds_statistics_while_home_is_idle_and_it_opens_with_the_figures(db):
    from tests.ui.test_build_ahead import built_ahead

    with Store(db) as store:
        store.add_player("Ann", "red")
        play(store, "spurs", games.spurs_short)
    with built_ahead(db) as ui:
        assert ui.app.manager.has_screen("stats") and ui.app.manager.current == "home"
        assert not ui.app.screen("stats").counting  # its widgets only: nothing is counted until it opens
        ui.tap("Statistics")
        wait_counted(ui)
        assert row(ui, "Ann") == ["Ann", "1", "1", "100%", "3.0"]


def test_counting_that_cannot_go_on_is_said_and_the_screen_stays(table, monkeypatch):
    ui = table

    def refuse(*_args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(cache, "make", refuse)
    ui.tap("Statistics")
    end = time.monotonic() + 10
    while not ui.screen.message and time.monotonic() < end:
        ui.pump(1)
    assert ui.screen.message == "Counting the games stopped: disk I/O error" and ui.screen.progress == ""
    assert "Counting the games stopped: disk I/O error" in ui.texts()
    ui.tap("Bountytown")  # still answers
    assert "Bountytown: 0 games played to the end." in ui.texts()
    assert problems(ui.screen) == []
