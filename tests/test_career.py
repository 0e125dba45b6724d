"""A player's games for their page: won or lost and the score from each game's stored result,
under the name the seat was played under; a game whose row cannot be read is left out."""

import sqlite3

import pytest

from companion.records.career import Tally, games_of, seat_outcome, tally
from companion.db.store import Store


@pytest.mark.parametrize("kind, result, name, expected", [
    ("spurs", {"winners": ["Ann"], "scores": {"Ann": 31, "Bob": 20}}, "Ann", (True, "31 points")),
    ("bountytown", {"winners": ["Bart"], "renown": {"Bart": 9, "Terry": 4}}, "Terry", (False, "4 renown")),
    ("rapidcity", {"winners": ["Fred"], "bullets": {"Fred": 1, "green": 3}}, "green", (False, "3 bullets")),
    ("scorepad", {"winners": ["Ann", "Bob"], "scores": {"Ann": 5, "Bob": 5}}, "Bob", (True, "5 points")),
    ("scorepad", None, "Ann", (False, "")),
    ("scorepad", {"winners": "Ann", "scores": {"Ann": True}}, "Ann", (False, "")),  # not what we write
])
def test_a_seat_reads_its_outcome_from_the_result(kind, result, name, expected):
    assert seat_outcome(kind, result, name) == expected


def test_games_newest_first_under_the_name_played_and_a_damaged_one_left_out(tmp_path):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        ann = store.add_player("Ann", "red")
        first = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        first.do({"type": "add", "player": "Ann", "points": 2})
        first.do({"type": "finish"})
        store.update_player(ann.id, name="Annie")
        second = store.new_session("scorepad", {"players": ["Bob", "Annie"]})
        damaged = store.new_session("scorepad", {"players": ["Annie"]})
    raw = sqlite3.connect(db)
    raw.execute("UPDATE sessions SET settings = 'oops' WHERE id = ?", (damaged.id,))
    raw.commit()
    raw.close()
    with Store(db) as store:
        games = games_of(store, ann.id)
    assert [(g.session_id, g.finished, g.won, g.figure) for g in games] == [
        (second.id, False, False, ""), (first.id, True, True, "2 points")]
    assert tally(games) == {"scorepad": Tally(played=1, won=1, unfinished=1)}
