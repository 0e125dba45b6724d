"""Snapshots: a game reopens from its newest checkpoint plus the events after it, undo and
redo stay exact past any checkpoint, and a checkpoint is used only while it provably
summarises the log (the log stays the truth)."""

import gc
import sqlite3
from contextlib import contextmanager
from dataclasses import replace
from unittest.mock import patch

import pytest
from hypothesis import given, settings, strategies as st

from companion.db import snapshots
from companion.db import statecodec
from companion.db import timeline
from companion.records.check import database_checks
from companion.scorepad.engine import ENGINE
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store
from tests.oldgames import SCHEMA_1

PLAYERS = {"players": ["Ann", "Bob"]}


def add(player, points):
    return {"type": "add", "player": player, "points": points}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.db"


@contextmanager
def small(every=3, cached=2):
    """Checkpoints every few events and almost none in memory, so a short game crosses many."""
    with patch.object(snapshots, "EVERY", every), patch.object(timeline, "CACHED", cached):
        yield


@contextmanager
def counting_applies():
    calls = []
    original = ENGINE.apply
    with patch.object(ENGINE, "apply", lambda state, action: calls.append(1) or original(state, action)):
        yield calls


def play(game, n, start=1):
    for i in range(start, start + n):
        game.do(add("Ann" if i % 2 else "Bob", i))


steps = st.lists(st.one_of(st.tuples(st.just("do"), st.integers(1, 9)), st.just(("undo",)), st.just(("redo",)),
                           st.just(("reopen",))), max_size=60)


@settings(max_examples=80, deadline=None)
@given(steps)
def test_any_mix_of_do_undo_redo_and_reopening_matches_keeping_every_state(tmp_path_factory, moves):
    """The old model (every state kept, undo a pop) is the oracle, at every step."""
    db = tmp_path_factory.mktemp("snap") / "c.db"
    states, redo = [ENGINE.initial_state(PLAYERS)], []
    with small(), Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        for move in moves:
            if move[0] == "do":
                action = add("Ann", move[1])
                game.do(action)
                states.append(ENGINE.apply(states[-1], action))
                redo.clear()
            elif move[0] == "undo" and len(states) > 1:
                game.undo()
                redo.append(states.pop())
            elif move[0] == "redo" and redo:
                game.redo()
                states.append(redo.pop())
            elif move[0] == "reopen":
                game = store.open_session(game.id)
            assert game.state == states[-1]
            assert (game.can_undo, game.can_redo) == (len(states) > 1, bool(redo))
        while game.can_undo:  # all the way back, past every checkpoint
            game.undo()
            states.pop()
            assert game.state == states[-1]


def test_reopening_replays_only_the_events_after_the_newest_snapshot(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 250)
    with Store(db) as store, counting_applies() as applies:
        game = store.open_session(game.id)
        assert game.state.scores == (sum(range(1, 251, 2)), sum(range(2, 251, 2)))
        assert len(applies) <= snapshots.EVERY


def test_undo_far_back_starts_from_a_stored_checkpoint_not_the_first_event(db):
    with small(every=10, cached=2), Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 100)
        game = store.open_session(game.id)
        with counting_applies() as applies:
            for _ in range(60):
                game.undo()
        assert game.state.scores == (sum(range(1, 41, 2)), sum(range(2, 41, 2)))
        assert len(applies) <= 60 * 10  # each undo replays at most one checkpoint's worth; from the
        # first event, these undos would replay 40 + 41 + ... + 99 = 4,170 actions


def test_memory_does_not_grow_with_every_action(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 300)
        gc.collect()
        before = len(gc.get_objects())
        play(game, 1500, start=301)
        gc.collect()
        assert len(gc.get_objects()) - before < 400  # every state kept would be 1,500 states or more


def test_a_snapshot_that_disagrees_with_the_log_is_discarded_by_the_full_check(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 120)
        truth = game.state
        forge(store, game, replace(truth, scores=(999, 0)))
        assert store.open_session(game.id).state.scores == (999, 0)  # well-formed, so used until checked
        assert store.last_full_check() is None
    assert "1 snapshot(s) that disagreed with the log discarded" in database_checks(db, record=True)[0].found
    with Store(db) as store:
        assert store.last_full_check()["snapshots"] == {"verified": 1, "discarded": 1}
        assert store.open_session(game.id).state == truth
        assert store._db.execute("SELECT count(*) FROM snapshots WHERE state LIKE '%999%'").fetchone()[0] == 0


def forge(store, game, state):
    """A well-formed snapshot (right digest, right prefix) holding the wrong state."""
    line = game._timeline
    snap = snapshots.Snapshot(line.seq, len(line.undo), line.undo[-1], line.prefix, state, line.undo, line.redo)
    game._snapshots.save([snap])


@pytest.mark.parametrize("damage", [
    "UPDATE snapshots SET state = replace(state, '[', '[1') WHERE stacks IS NOT NULL",
    "UPDATE snapshots SET stacks = '{\"undo\": [1, 3], \"redo\": []}' WHERE stacks IS NOT NULL",
    "UPDATE snapshots SET engine = 'rules of an older companion'",
    "DELETE FROM events WHERE seq > 150",
])
def test_a_snapshot_that_cannot_be_proved_current_is_not_used(db, damage):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 250)
    raw = sqlite3.connect(db)
    with raw:
        raw.execute(damage)
    events = raw.execute("SELECT count(*) FROM events").fetchone()[0]
    raw.close()
    with Store(db) as store, counting_applies() as applies:
        game = store.open_session(game.id)
        n = min(events, 250)
        assert game.state.scores == (sum(range(1, n + 1, 2)), sum(range(2, n + 1, 2)))
        assert len(applies) >= n - snapshots.EVERY  # replayed from a checkpoint it could prove, or the start


def test_a_state_that_cannot_be_encoded_only_costs_a_longer_replay(db):
    with patch.object(statecodec.Codec, "encode", side_effect=statecodec.CodecError("no")), Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        play(game, 150)
        assert store._db.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
    with Store(db) as store:
        assert store.open_session(game.id).state.scores == (sum(range(1, 151, 2)), sum(range(2, 151, 2)))




def test_a_version_1_database_gains_snapshots_and_keeps_its_games(db):
    raw = sqlite3.connect(db)
    raw.executescript(SCHEMA_1)
    with raw:
        raw.execute("INSERT INTO sessions VALUES (1, 'scorepad', '{\"players\":[\"Ann\",\"Bob\"]}', '2026-01-01T10:00:00.000+00:00', NULL, NULL)")
        raw.executemany("INSERT INTO events VALUES (1, ?, ?, ?, '2026-01-01T10:00:00.000+00:00')",
                        [(i, "do", f'{{"player":"Ann","points":{i},"type":"add"}}') for i in range(1, 151)]
                        + [(151, "undo", None)])
    raw.close()
    with Store(db) as store:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert [seat.name for seat in store.seats()[1]] == ["Ann", "Bob"]  # and, via version 2, seats
        game = store.open_session(1)
        assert game.state.scores == (sum(range(1, 150)), 0) and game.can_redo
        assert store._db.execute("SELECT count(*) FROM snapshots").fetchone()[0] >= 1  # written by that replay
    with Store(db) as store:
        game = store.open_session(1)
        game.redo()
        assert game.state.scores == (sum(range(1, 151)), 0)
