"""History at the table: open it from Home with real taps, filter by game and by player, open
a game's log, move through a long log, resume an unfinished game, replay a Rapid City call."""

from __future__ import annotations

import pytest
from kivy.uix.label import Label

from companion.records import gamelog
from companion.rapidcity.roundfile import round_to_json
from companion.rapidcity.simulate import simulate
from companion.db.store import Store
from tests.spurs.helpers import ANN, BOB, CID
from tests.ui.conftest import start_app, stop_app
from tests.ui.readability import problems

SPURS = {"players": [ANN, BOB, CID], "bank_cash": 100, "target_fame": 10**6}


@pytest.fixture
def table(db):
    """A few games: a finished score pad (Ann and Bob), an unfinished Spurs game (Ann, Bob,
    Cid) and a Rapid City game with one card played; then the app on them."""
    with Store(db) as store:
        store.add_player("Ann", "red")
        store.add_player("Bob", "blue")
        pad = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        pad.do({"type": "add", "player": "Bob", "points": 4})
        pad.do({"type": "finish"})
        spurs = store.new_session("spurs", SPURS)
        for _ in range(130):  # two pages of its log (a page is 100 events)
            spurs.do({"type": "end_turn"})
        rc = store.new_session("rapidcity", {"players": ["red", "blue", "green"], "seed": 11,
                                             "names": {"red": "Ann"}})
        state = rc.state
        sim = simulate(state.next_card(), state.players, state.tiles, 4, settings=state.settings)
        rc.do({"type": "play", "round": round_to_json(sim.delivered())})
        ids = {"scorepad": pad.id, "spurs": spurs.id, "rapidcity": rc.id}
    driver = start_app(db)
    driver.pump()
    yield driver, ids
    stop_app(driver)


def row_texts(driver) -> list[str]:
    """The games the list shows now (its row views' lower lines)."""
    return [w.text for w in driver.widgets(driver.screen.ids.games) if isinstance(w, Label) and ": " in w.text
            and w.bold]


def open_history(driver):
    driver.tap("History")
    assert driver.app.manager.current == "history"
    return driver.screen


def test_history_lists_every_game_newest_first_readable_at_800x480(table):
    driver, _ids = table
    screen = open_history(driver)
    assert screen.summary == "3 games"
    rows = row_texts(driver)
    assert rows[0].startswith("Ann, blue, green: not finished")
    assert rows[1].startswith("Ann, Bob, Cid: not finished")
    assert rows[2] == "Ann, Bob: Bob wins with 4 points; Ann 0"
    assert problems(screen) == []


def test_filter_chips_by_game_and_by_player(table):
    driver, _ids = table
    screen = open_history(driver)
    driver.tap("Score pad")
    assert screen.summary == "1 game" and row_texts(driver) == ["Ann, Bob: Bob wins with 4 points; Ann 0"]
    driver.tap("All games")
    driver.tap("Bob", root=screen.ids.players)
    assert screen.summary == "2 games"
    assert [r.split(":")[0] for r in row_texts(driver)] == ["Ann, Bob, Cid", "Ann, Bob"]
    driver.tap("Rapid City")
    assert screen.summary == "No games match." and row_texts(driver) == []
    driver.tap("Everyone")
    assert screen.summary == "1 game" and row_texts(driver)[0].startswith("Ann, blue, green")


def test_a_game_opens_on_its_log_and_a_long_log_moves_by_pages(table):
    driver, ids = table
    open_history(driver)
    driver.tap(driver.find(startswith="Ann, Bob, Cid: not finished"))
    screen = driver.screen
    assert driver.app.manager.current == "history_log"
    assert screen.where == f"Events 1-{gamelog.PAGE} of 130"
    assert any(t.startswith("1.  ") and "Ann ends the turn; Bob's turn" in t for t in driver.texts())
    assert problems(screen) == []
    driver.tap("Last")
    assert screen.where == f"Events {gamelog.PAGE + 1}-130 of 130"
    assert any(t.startswith("130.  ") for t in driver.texts())
    driver.tap("First")
    assert screen.where.startswith("Events 1-")


def test_resume_from_the_log_opens_the_game_like_home(table):
    driver, ids = table
    open_history(driver)
    driver.tap(driver.find(startswith="Ann, Bob, Cid: not finished"))
    driver.tap("Resume")
    assert driver.app.manager.current == "spurs"
    assert driver.screen.session.id == ids["spurs"]


def test_a_finished_game_has_no_resume(table):
    driver, _ids = table
    open_history(driver)
    driver.tap("Ann, Bob: Bob wins with 4 points; Ann 0")
    assert driver.screen.can_resume is False
    assert any(t.endswith("Bob scores 4 points (4 in all)") for t in driver.texts())
    assert any("The game is finished: Bob wins" in t for t in driver.texts())


def test_a_rapid_city_card_replays_its_call_on_the_referee_screen(table):
    driver, ids = table
    open_history(driver)
    driver.tap(driver.find(startswith="Ann, blue, green: not finished"))
    driver.tap(driver.find(startswith="1.  "))
    assert driver.app.manager.current == "rapidcity"
    referee = driver.screen
    assert referee.session.id == ids["rapidcity"] and referee.stage == "history"
    assert any(t.startswith("[b]Card 1: ") for t in driver.texts())
    driver.tap("All calls")
    assert referee.stage == "history"


def test_the_app_builds_history_while_home_is_idle_and_it_opens_filled_in(db):
    from tests.ui.test_build_ahead import built_ahead

    with Store(db) as store:
        store.new_session("scorepad", {"players": ["Ann", "Bob"]})
    with built_ahead(db) as driver:
        assert driver.app.manager.has_screen("history") and driver.app.manager.current == "home"
        open_history(driver)
        assert driver.screen.summary == "1 game" and row_texts(driver) == ["Ann, Bob: not finished"]


def test_scrolling_to_the_end_of_the_list_reads_the_next_page(db, monkeypatch):
    from companion.records import history

    monkeypatch.setattr(history, "PAGE_SIZE", 4)
    with Store(db) as store:
        for i in range(10):
            store.new_session("scorepad", {"players": [f"P{i}"]})
    driver = start_app(db)
    try:
        driver.pump()
        screen = open_history(driver)
        games = screen.ids.games
        assert screen.summary == "10 games" and len(games.data) == 4
        for _ in range(5):  # a finger dragging the list up, then to its end
            games.scroll_y = 0.5
            driver.pump(1)
            games.scroll_y = 0
            driver.pump(2)
        assert [row["who"] for row in games.data] == [f"P{i}: not finished" for i in reversed(range(10))]
    finally:
        stop_app(driver)
