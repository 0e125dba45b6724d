"""The History list from hand-made games: date, game, players by their current names,
result in words, duration from the log's times, newest first, filters and pages."""

from __future__ import annotations

import time

import pytest

from companion.records import history
from companion.records.history import Filter
from companion.db.store import Store
from tests.spurs.helpers import ANN, BOB, CID


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    """Dates are shown in the table's time zone: UTC here, so the words are known."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "history.db") as opened:
        yield opened


def stamp(store, game, started: str, *event_times: str) -> None:
    """Set when a game started and when each of its events was logged."""
    store._db.execute("UPDATE sessions SET started = ? WHERE id = ?", (started, game.id))
    for seq, at in enumerate(event_times, 1):
        store._db.execute("UPDATE events SET at = ? WHERE session_id = ? AND seq = ?", (at, game.id, seq))


def scorepad(store, players, started, *points):
    game = store.new_session("scorepad", {"players": players})
    for player, n in points:
        game.do({"type": "add", "player": player, "points": n})
    return game


def test_a_finished_game_row_in_words(store):
    store.add_player("Ann", "red")
    game = scorepad(store, ["Ann", "Bob"], "", ("Ann", 5), ("Bob", 3))
    game.do({"type": "finish"})
    stamp(store, game, "2026-12-02T14:03:00.000+00:00", "2026-12-02T14:03:10.000+00:00",
          "2026-12-02T14:40:00.000+00:00", "2026-12-02T15:08:30.000+00:00")
    (row,) = history.games(store)
    assert (row.game, row.date, row.players, row.finished) == ("Score pad", "Wed 02 Dec 2026, 14:03", ("Ann", "Bob"), True)
    assert row.result == "Ann wins with 5 points; Bob 3"
    assert row.duration == "1 h 05 min"


def test_an_unfinished_game_and_one_without_moves(store):
    scorepad(store, ["Ann"], "", ("Ann", 1))
    store.new_session("scorepad", {"players": ["Bob"]})
    rows = history.games(store)
    assert [r.result for r in rows] == ["not finished", "not finished"]
    assert [r.duration for r in rows] == ["no moves yet", "under a minute"]
    assert [r.finished for r in rows] == [False, False]


def test_a_renamed_player_shows_the_new_name_in_players_and_result(store):
    ann = store.add_player("Ann", "red")
    game = scorepad(store, ["Ann", "Bob"], "", ("Ann", 2))
    game.do({"type": "finish"})
    store.update_player(ann.id, name="Annie")
    (row,) = history.games(store)
    assert row.players == ("Annie", "Bob")
    assert row.result == "Annie wins with 2 points; Bob 0"


def test_newest_first_pages_and_count(store):
    games = [scorepad(store, [f"P{i}"], "") for i in range(5)]
    for i, game in enumerate(games):
        stamp(store, game, f"2026-12-0{i + 1}T10:00:00.000+00:00")
    assert history.count(store) == 5
    first = history.games(store, limit=2)
    rest = history.games(store, offset=2, limit=10)
    assert [r.id for r in first + rest] == [g.id for g in reversed(games)]


def test_filters_by_game_and_by_player(store):
    ann, bob = store.add_player("Ann", "red"), store.add_player("Bob", "blue")
    pad = scorepad(store, ["Ann", "Bob"], "")
    spurs = store.new_session("spurs", {"players": [ANN, BOB, CID]})
    guests = scorepad(store, ["Zed", "Yan"], "")
    assert [r.id for r in history.games(store, Filter(kind="spurs"))] == [spurs.id]
    assert [r.id for r in history.games(store, Filter(player_id=bob.id))] == [spurs.id, pad.id]
    assert [r.id for r in history.games(store, Filter(kind="scorepad", player_id=ann.id))] == [pad.id]
    assert history.count(store, Filter(kind="scorepad")) == 2
    assert guests.id in [r.id for r in history.games(store)]
    assert history.kinds(store) == ["spurs", "scorepad"]
    assert [p.name for p in history.players(store)] == ["Ann", "Bob"]  # guests have no record


def test_a_damaged_row_is_said_and_the_others_are_listed(store):
    good = scorepad(store, ["Ann"], "")
    bad = scorepad(store, ["Bob"], "")
    store._db.execute("UPDATE sessions SET settings = 'not json' WHERE id = ?", (bad.id,))
    rows = {r.id: r for r in history.games(store)}
    assert rows[good.id].problem is None
    assert "cannot be read" in rows[bad.id].problem and "settings" in rows[bad.id].problem


@pytest.mark.parametrize("kind, result, said", [
    ("spurs", {"winners": ["Ann"], "scores": {"Ann": 12, "Bob": 9, "Cid": 7}}, "Ann wins with 12 points; Bob 9, Cid 7"),
    ("bountytown", {"winners": ["Bart", "Val"], "renown": {"Bart": 5, "Val": 5, "Terry": 1}},
     "Bart and Val win with 5 renown; Terry 1"),
    ("rapidcity", {"winners": ["Ann"], "bullets": {"Ann": 1, "blue": 6}}, "Ann wins with 1 bullet; blue 6"),
    ("scorepad", None, "not finished"),
])
def test_results_in_words(kind, result, said):
    assert history.result_words(kind, result, {}) == said


@pytest.mark.parametrize("seconds, said", [(None, "no moves yet"), (59, "under a minute"), (60 * 42, "42 min"),
                                           (3600 + 5 * 60, "1 h 05 min"), (86400 * 3 + 7200, "3 days 2 h")])
def test_durations_in_words(seconds, said):
    assert history.duration_words(seconds) == said
