"""Damaged rows: each is reported naming its game and row, every other game still plays,
and the file is never rewritten (byte for byte)."""

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, reject, settings, strategies as st

from companion.records.check import database_checks
from companion.db.store import Store, StoreError
from tests.dbdamage import add, ours_without_tables, sample_db, tamper
from tests.timing import answered_quickly


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.db"


def problems(db):
    """Every message the store gives when listing and opening each game, and the doctor's."""
    found = []
    with Store(db) as store:
        for info in store.sessions(limit=-1):
            if info.problem:
                found.append(info.problem)
                continue
            try:
                store.open_session(info.id)
            except StoreError as exc:
                found.append(str(exc))
    return found


@pytest.mark.parametrize("column, value, says", [
    ("settings", "{not json", "its settings column is not valid JSON"),
    ("settings", "[1, 2]", "its settings column holds a JSON list, not an object"),
    ("settings", 42, "its settings column holds a JSON int, not an object"),
    ("settings", b"\x00\x01", "its settings column holds binary data (2 bytes), not JSON text"),
    ("result", "{", "its result column is not valid JSON"),
    ("kind", "poker", "its kind 'poker' is not a game this companion knows"),
    ("started", "yesterday", "its start time is 'yesterday'"),
])
def test_a_damaged_sessions_row_is_listed_with_its_problem_and_the_others_still_play(db, column, value, says):
    live, done, empty = sample_db(db)
    tamper(db, f"UPDATE sessions SET {column} = ? WHERE id = ?", value, empty)
    before = db.read_bytes()
    with Store(db) as store:
        listed = {info.id: info for info in store.sessions()}
        assert set(listed) == {live, done, empty}
        assert says in listed[empty].problem
        assert f"game session {empty} " in listed[empty].problem and f"(sessions row {empty})" in listed[empty].problem
        assert "left untouched" in listed[empty].problem
        with pytest.raises(StoreError, match=f"sessions row {empty}"):
            store.open_session(empty)
        game = store.open_session(live)
        assert game.state.scores == (4, 2)
        assert listed[done].result == {"scores": {"Ann": 0, "Bob": 4}, "winners": ["Bob"]}
    assert db.read_bytes() == before


@pytest.mark.parametrize("kind, action, says", [
    ("do", None, "its action column holds empty (NULL), not JSON text"),
    ("do", "[1]", "its action column holds a JSON list, not an object"),
    ("do", '{"type": "teleport"}', "unknown action type 'teleport'"),
    ("do", '{"points": 2}', "its action has no type"),
    ("do", '{"type": "add", "player": "Ann", "points": "lots"}', "points must be a whole number"),
    ("jump", None, "its kind 'jump' is none of do, undo, redo"),
    ("undo", '{"type": "add"}', "it is an undo but carries an action"),
])
def test_a_damaged_event_stops_only_its_game_and_names_the_row(db, kind, action, says):
    live, done, empty = sample_db(db)
    tamper(db, "UPDATE events SET kind = ?, action = ? WHERE session_id = ? AND seq = 2", kind, action, live)
    before = db.read_bytes()
    with Store(db) as store:
        with pytest.raises(StoreError) as err:
            store.open_session(live)
        message = str(err.value)
        assert says in message
        assert f"game session {live} (Score pad) in {db} cannot be replayed at event 2" in message
        assert f"events row session_id={live}, seq=2" in message
        assert store.open_session(empty).state.scores == (0, 0)
    assert db.read_bytes() == before
    assert problems(db) == [message]  # only that game
    with Store(db) as store:
        store.open_session(empty).do(add("Ann", 1))  # the other games still play, and save


@pytest.mark.parametrize("sql, says", [
    ("DELETE FROM events WHERE session_id = 1 AND seq = 2", "at event 3 (events row session_id=1, seq=3): "
                                                            "the log jumps to it: event 2 is missing"),
    ("UPDATE events SET seq = -7 WHERE session_id = 1 AND seq = 1", "its number (seq) -7 is out of order (expected 1)"),
    ("UPDATE events SET seq = 'x' WHERE session_id = 1 AND seq = 3",
     "at event 4 (events row session_id=1, seq=4): the log jumps to it: event 3 is missing"),  # 'x' sorts last
    ("UPDATE events SET seq = x'00' WHERE session_id = 1 AND seq = 5", "its number (seq) is binary data (1 bytes)"),
])
def test_a_missing_event_or_one_out_of_order_is_named(db, sql, says):
    assert sample_db(db)[0] == 1
    tamper(db, sql)
    assert [p for p in problems(db) if says in p]


def test_an_undo_with_nothing_to_undo_is_damage_not_an_index_error(db):
    live, _done, _empty = sample_db(db)
    tamper(db, "UPDATE events SET kind = 'undo', action = NULL WHERE session_id = ? AND seq = 1", live)
    assert any("it undoes an action but there is none left to undo" in p for p in problems(db))


def test_unreadable_preference_gives_the_default_and_is_reported(db):
    with Store(db) as store:
        store.set_pref("sound", False)
    tamper(db, "UPDATE prefs SET value = '{oops' WHERE key = 'sound'")
    with Store(db) as store:
        assert store.pref("sound", True) is True
    assert any(c.name == "Preference" and "'sound'" in c.found for c in database_checks(db))


def test_doctor_names_each_damaged_game_and_what_to_do(db):
    live, _done, empty = sample_db(db)
    tamper(db, "UPDATE sessions SET settings = '{' WHERE id = ?", empty)
    tamper(db, "UPDATE events SET action = NULL WHERE session_id = ? AND seq = 1", live)
    before = db.read_bytes()
    checks = database_checks(db)
    games = [c for c in checks if c.name == "Saved game"]
    assert [c.status for c in games] == ["warn", "warn"]  # the other games still play
    assert any(f"sessions row {empty}" in c.found for c in games)
    assert any(f"events row session_id={live}, seq=1" in c.found for c in games)
    assert all("docs/database.md" in c.fix for c in games)
    assert db.read_bytes() == before


def test_companion_doctor_names_damaged_rows_without_a_traceback(db):
    import os
    import subprocess
    import sys

    live, _done, empty = sample_db(db)
    tamper(db, "UPDATE sessions SET settings = '[' WHERE id = ?", empty)
    tamper(db, "UPDATE events SET kind = 'zap' WHERE session_id = ? AND seq = 4", live)
    before = db.read_bytes()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "doctor"], capture_output=True,
                            text=True, timeout=60, env=dict(os.environ, PYTHONPATH=root))
    assert "Traceback" not in result.stderr + result.stdout
    assert "warn  Saved game" in result.stdout and f"(sessions row {empty})" in result.stdout
    assert f"(events row session_id={live}, seq=4): its kind 'zap' is none of do, undo, redo" in result.stdout
    assert db.read_bytes() == before


@pytest.mark.parametrize("drop", ["events", "sessions", "prefs"])
def test_our_file_with_a_missing_table_is_refused_and_its_header_not_rewritten(db, drop):
    Store(db).close()
    tamper(db, f"DROP TABLE {drop}")
    before = db.read_bytes()
    with pytest.raises(StoreError, match=f"damaged: the table '{drop}' is missing.*left untouched"):
        Store(db)
    assert db.read_bytes() == before


def test_our_mark_without_tables_in_rollback_mode_stays_in_rollback_mode(db):
    ours_without_tables(db)
    before = db.read_bytes()
    assert before[18:20] == b"\x01\x01"  # legacy (rollback journal) read/write versions
    with pytest.raises(StoreError, match="the table 'players' is missing"):
        Store(db)
    assert db.read_bytes() == before


def test_text_that_is_not_utf8_hides_no_other_game(db):
    live, done, empty = sample_db(db)
    tamper(db, "UPDATE sessions SET settings = CAST(x'7b22706c6179657273223a5bff5d7d' AS TEXT) WHERE id = ?", empty)
    tamper(db, "UPDATE events SET action = CAST(x'ff' AS TEXT) WHERE session_id = ? AND seq = 1", live)
    found = problems(db)
    assert len(found) == 2
    assert any(f"(sessions row {empty})" in p for p in found)
    assert any(f"events row session_id={live}, seq=1" in p and "not valid JSON" in p for p in found)
    with Store(db) as store:
        assert store.open_session(done).finished


def test_a_player_whose_name_is_binary_is_still_listed_as_text(db):
    with Store(db) as store:
        store.add_player("Ann", "red")
        store.add_player("Bob", "blue")
    tamper(db, "UPDATE players SET name = x'00ff' WHERE name = 'Bob'")
    with Store(db) as store:
        assert [p.name for p in store.players()] == ["Ann", "binary data (2 bytes)"]


def test_a_truncated_file_is_reported_and_left_as_it_is(db):
    sample_db(db)
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreError, match="damaged"):
        Store(db)
    assert db.read_bytes() == data[: len(data) // 2]


# -- the property: any damage to any row -------------------------------------------------

def decodes_to_object(value):
    try:
        return isinstance(json.loads(value), dict)
    except (TypeError, ValueError, RecursionError):
        return False


def looks_numeric(text):
    """SQLite stores such text in an INTEGER column as the number (type affinity)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


INT64 = st.integers(-2**63, 2**63 - 1)  # what SQLite can hold


class NotUtf8(bytes):
    """Bytes stored as TEXT (CAST), as a flipped bit leaves them: not valid UTF-8."""


NOT_UTF8 = st.binary(min_size=1, max_size=12).filter(
    lambda b: not is_utf8(b) and not decodes_to_object(b.decode("utf-8", "replace"))).map(NotUtf8)


def is_utf8(data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
NOT_AN_OBJECT = st.one_of(
    st.none(), INT64, st.floats(), st.binary(max_size=16), st.text(max_size=16), NOT_UTF8,
    st.sampled_from(["{", "[1,", "nul", "{'a': 1}", '{"type": "add"', "", "1e999999", "[]", '"x"', "null",
                     "[" * 3000 + "]" * 3000, '{"a": ' * 3000 + "1" + "}" * 3000]),
    st.lists(st.integers(), max_size=3).map(str),
).filter(lambda v: not decodes_to_object(v))
UNKNOWN_ACTION = st.dictionaries(st.sampled_from(["type", "player", "points", "seed"]),
                                 st.one_of(st.none(), st.integers(), st.text(max_size=8), st.lists(st.integers())),
                                 ).filter(lambda a: a.get("type") not in ("add", "finish")).map(
    json.dumps)
NOT_A_KIND = st.one_of(st.none(), INT64, st.text(max_size=10), NOT_UTF8).filter(
    lambda k: k not in ("do", "undo", "redo", "scorepad", "spurs", "bountytown", "rapidcity"))

# (table, column, values that are never valid there)
DAMAGE = st.one_of(
    st.tuples(st.just("sessions"), st.just("settings"), st.one_of(NOT_AN_OBJECT, st.just('{"players": []}'))),
    # (SQLite stores a NaN as NULL, which is no result: right for a game not finished)
    st.tuples(st.just("sessions"), st.just("result"), NOT_AN_OBJECT.filter(lambda v: v is not None and v == v)),
    st.tuples(st.just("sessions"), st.just("kind"), NOT_A_KIND),
    st.tuples(st.just("sessions"), st.sampled_from(["started", "finished"]),
              st.one_of(INT64, st.binary(max_size=8), st.text(max_size=8).filter(lambda t: not t[:1].isdigit()))),
    st.tuples(st.just("events"), st.just("action"), st.one_of(NOT_AN_OBJECT, UNKNOWN_ACTION)),
    st.tuples(st.just("events"), st.just("kind"), NOT_A_KIND),
    st.tuples(st.just("events"), st.just("seq"), st.one_of(
        st.integers(-5, 0), st.integers(10, 2**63 - 1), st.floats().filter(lambda f: not (f.is_integer() and 1 <= f <= 5)),
        st.text(max_size=4).filter(lambda t: not looks_numeric(t)), st.binary(max_size=4))),
    st.tuples(st.just("events"), st.just("delete"), st.none()),
)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "c.db"
    return path, sample_db(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(damage=st.lists(DAMAGE, min_size=1, max_size=3), pick=st.randoms(use_true_random=False))
def test_any_damaged_row_is_reported_naming_it_fast_and_nothing_is_written(tmp_path_factory, template, damage, pick):
    path, (live, done, _empty) = template
    db = tmp_path_factory.mktemp("damaged") / "c.db"
    db.write_bytes(path.read_bytes())
    damaged = set()
    for table, column, value in damage:
        if table == "sessions":
            sid = pick.choice((live, done)) if column != "finished" else done
            sql, params = f"UPDATE sessions SET {column} = ? WHERE id = ?", (value, sid)
        else:
            sid = pick.choice((live, done))
            last = {live: 5, done: 2}[sid]
            seq = pick.randint(1, last - 1 if column == "delete" else last)  # a lost last event leaves no trace
            if column == "action" and value is None:  # no action is right for an undo or a redo (seq 3, 4 of live)
                seq = pick.choice((1, 2, 5) if sid == live else (1, 2))
            sql, params = (("DELETE FROM events WHERE session_id = ? AND seq = ?", (sid, seq)) if column == "delete"
                           else (f"UPDATE events SET {column} = ? WHERE session_id = ? AND seq = ?", (value, sid, seq)))
        if isinstance(value, NotUtf8):
            sql = sql.replace("= ?", "= CAST(? AS TEXT)", 1)
            params = (bytes(value), *params[1:])
        try:
            tamper(db, sql, *params)
        except sqlite3.IntegrityError:
            reject()  # NOT NULL or a clash of seqs: SQLite itself keeps this damage out
        damaged.add(sid)
    before = db.read_bytes()

    with answered_quickly():
        found = problems(db)  # raises nothing but StoreError, which it collects
        checks = database_checks(db)

    assert db.read_bytes() == before
    for sid in damaged:
        # every damaged game is named with its row ...
        mine = [p for p in found if p.startswith(f"game session {sid} ")]
        assert mine and all(str(db) in p and "row" in p and "left untouched" in p for p in mine), found
    # ... and only those; the doctor reports the same
    assert all(any(p.startswith(f"game session {sid} ") for sid in damaged) for p in found)
    assert {c.found for c in checks if c.name == "Saved game"} == set(found)


# -- the property: any damage to the file's bytes -----------------------------------------

def use_everything(db):
    """What the app and the CLI do with a database: open, list, resume each game, read the
    profiles and preferences; only StoreError may come out."""
    try:
        with Store(db) as store:
            store.players()
            store.pref("sound", True)
            for info in store.sessions(limit=-1):
                if not info.problem:
                    try:
                        store.open_session(info.id)
                    except StoreError:
                        pass
    except StoreError as exc:
        return str(exc)
    return ""


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.one_of(st.none(), st.integers(0, 40000)),  # the sample file is 32 KB
       flips=st.lists(st.tuples(st.integers(0, 40000), st.integers(1, 255)), max_size=6))
def test_any_damage_to_the_bytes_gives_a_store_error_at_most_and_writes_nothing(tmp_path_factory, template,
                                                                                  cut, flips):
    path, _ids = template
    data = bytearray(path.read_bytes())
    for offset, mask in flips:
        if offset < len(data):
            data[offset] ^= mask
    db = tmp_path_factory.mktemp("bytes") / "c.db"
    db.write_bytes(bytes(data[:cut]))
    before = db.read_bytes()
    with answered_quickly():
        message = use_everything(db)
        database_checks(db)
    assert db.read_bytes() == before or before == b""  # an empty file is a new database
    assert message == "" or str(db) in message
