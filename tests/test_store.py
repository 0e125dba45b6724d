"""The event log: append, replay, undo/redo across restarts, and refusing bad files."""

import sqlite3

import pytest
from hypothesis import given, settings, strategies as st

from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store, StoreError, default_db_path

PLAYERS = {"players": ["Ann", "Bob"]}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.db"


def add(player, points):
    return {"type": "add", "player": player, "points": points}


def test_actions_survive_a_restart(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        game.do(add("Ann", 3))
        game.do(add("Bob", 2))
    with Store(db) as store:
        game = store.open_session(game.id)
        assert game.state.scores == (3, 2)
        assert game.actions == [add("Ann", 3), add("Bob", 2)]


def test_undo_and_redo_are_logged_so_redo_survives_a_restart(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        for points in (1, 2, 4):
            game.do(add("Ann", points))
        game.undo()
        game.undo()
        assert game.state.score("Ann") == 1
    with Store(db) as store:
        game = store.open_session(game.id)
        assert game.state.score("Ann") == 1 and game.can_redo
        game.redo()
        assert game.state.score("Ann") == 3
    with Store(db) as store:
        game = store.open_session(game.id)
        assert game.state.score("Ann") == 3
        game.redo()
        assert game.state.score("Ann") == 7 and not game.can_redo


def test_a_new_action_after_undo_drops_the_redo_stack(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        game.do(add("Ann", 1))
        game.undo()
        game.do(add("Bob", 5))
        assert not game.can_redo
        game = store.open_session(game.id)
        assert game.state.scores == (0, 5) and not game.can_redo


def test_illegal_action_is_refused_and_nothing_is_written(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        with pytest.raises(RuleError, match="'Cy' is not playing"):
            game.do(add("Cy", 1))
        with pytest.raises(RuleError, match="nothing to undo"):
            game.undo()
        assert list(game.events()) == []
        assert store.open_session(game.id).state.scores == (0, 0)


def test_finishing_marks_the_session_and_undo_reopens_it(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        game.do(add("Bob", 2))
        game.do({"type": "finish"})
        assert [s.id for s in store.sessions(unfinished=True)] == []
        assert store.sessions()[0].result == {"scores": {"Ann": 0, "Bob": 2}, "winners": ["Bob"]}
        game.undo()
        assert [s.id for s in store.sessions(unfinished=True)] == [game.id]


def test_bad_settings_create_no_session(db):
    with Store(db) as store:
        with pytest.raises(RuleError):
            store.new_session("scorepad", {"players": []})
        assert store.sessions() == []


def test_profiles_create_rename_recolour(db):
    with Store(db) as store:
        ann = store.add_player("  Ann  ", "red")
        assert ann.name == "Ann"
        with pytest.raises(InputError, match="already a player called 'ann'"):
            store.add_player("ann", "blue")
        with pytest.raises(InputError, match="unknown colour 'mauve'"):
            store.add_player("Cy", "mauve")
        with pytest.raises(InputError, match="needs a name"):
            store.add_player("   ", "blue")
        store.update_player(ann.id, name="Annie", colour="green")
    with Store(db) as store:
        assert [(p.name, p.colour) for p in store.players()] == [("Annie", "green")]


def test_connection_uses_wal_and_full_sync(db):
    with Store(db) as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_newer_schema_is_refused_and_left_untouched(db):
    Store(db).close()
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match=rf"newer companion \(schema {SCHEMA_VERSION + 1}") as err:
        Store(db)
    assert str(db) in str(err.value)
    assert db.read_bytes() == before


def test_damaged_file_is_reported_with_its_path_and_never_overwritten(db):
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS).do(add("Ann", 1))
    data = bytearray(db.read_bytes())
    data[0:16] = b"garbage-garbage!"
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged") as err:
        Store(db)
    assert str(db) in str(err.value)
    assert db.read_bytes() == bytes(data)


def test_someone_elses_database_is_refused(db):
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE recipes (name TEXT)")
    raw.close()
    with pytest.raises(StoreError, match="not a companion database"):
        Store(db)


def test_default_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "companion" / "companion.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path().parts[-4:] == (".local", "share", "companion", "companion.db")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.just("do"), st.integers(1, 9)), st.just(("undo",)), st.just(("redo",))),
                max_size=25))
def test_replay_after_any_mix_of_do_undo_redo_matches_the_live_state(tmp_path_factory, steps):
    db = tmp_path_factory.mktemp("replay") / "c.db"
    with Store(db) as store:
        game = store.new_session("scorepad", {"players": ["Ann"]})
        for step in steps:
            if step[0] == "do":
                game.do(add("Ann", step[1]))
            elif step[0] == "undo" and game.can_undo:
                game.undo()
            elif step[0] == "redo" and game.can_redo:
                game.redo()
        live = (game.state, game.actions, game.can_redo)
        again = store.open_session(game.id)
        assert (again.state, again.actions, again.can_redo) == live
        assert game.state.score("Ann") == sum(a["points"] for a in game.actions)


def test_preferences_persist(db):
    with Store(db) as store:
        assert store.pref("sound", True) is True
        store.set_pref("sound", False)
    with Store(db) as store:
        assert store.pref("sound", True) is False


def test_a_write_sqlite_refuses_is_a_store_error_and_changes_nothing(db):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        game.do(add("Ann", 2))
        raw = sqlite3.connect(db)
        raw.execute("CREATE TRIGGER full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        raw.commit()
        raw.close()
        with pytest.raises(StoreError, match=r"could not save to .*disk full.*nothing was changed"):
            game.do(add("Bob", 5))
        with pytest.raises(StoreError):
            game.undo()
        assert game.state.scores == (2, 0) and game.can_undo and not game.can_redo
        assert store.open_session(game.id).state.scores == (2, 0)


def test_a_database_path_that_cannot_be_opened_says_so(tmp_path):
    folder = tmp_path / "a-folder.db"
    folder.mkdir()  # a directory where the file should be
    with pytest.raises(StoreError, match=r"cannot open the database .*a-folder\.db"):
        Store(folder)


def test_what_the_log_cannot_hold_is_refused_and_nothing_is_written(tmp_path):
    """NaN never equals itself (no replay could check it, an export would drop the game) and a
    lone surrogate cannot be stored as UTF-8: both are refused before anything is written."""
    db = tmp_path / "c.db"
    with Store(db) as store:
        game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        game.do({"type": "add", "player": "Ann", "points": 2})
        before = (game.seq, game.state)
        for action in ({"type": "add", "player": "Ann", "points": float("nan")},
                       {"type": "add", "player": "Ann", "points": 1, "note": float("inf")},
                       {"type": "add", "player": "Ann\udc80", "points": 1}):
            with pytest.raises(RuleError):
                game.do(action)
            assert (game.seq, game.state) == before
        with pytest.raises(RuleError, match="broken character"):
            store.new_session("scorepad", {"players": ["Ann", "B\ud800b"]})
        assert [s.id for s in store.sessions()] == [game.id]
    with Store(db) as store:
        assert store.open_session(game.id).seq == before[0]
