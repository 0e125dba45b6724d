"""Snapshots are checked before use (issue 26, item 2): a checkpoint that is not what the
companion wrote, or no longer matches the log under it, is never believed. The game is
replayed from its log and the reason said, the app never sees an exception, and opening
or checking the file changes none of its bytes."""

import json
import sqlite3
import sys
from contextlib import closing

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.db import snapshots
from companion.records.check import database_checks
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store, StoreError
from companion.scorepad.engine import ENGINE
from tests.dbdamage import tamper
from tests.timing import answered_quickly

PLAYERS = {"players": ["Ann", "Bob"]}
#: a game long enough for three checkpoints: events 100, 200 and 300 (the head)
EVENTS = 300


def add(i):
    return {"type": "add", "player": "Ann" if i % 2 else "Bob", "points": i}


def build(db, events=EVENTS):
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        for i in range(1, events + 1):
            game.do(add(i))
    return game.id


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "c.db"
    return path, build(path)


@pytest.fixture
def db(tmp_path, template):
    path = tmp_path / "c.db"
    path.write_bytes(template[0].read_bytes())
    return path


def truth(db, session_id):
    """What the log says, worked out the plain way (every state kept, undo a pop): the
    oracle every opening is held to, whatever the snapshots say."""
    with closing(sqlite3.connect(db)) as raw:
        rows = raw.execute("SELECT kind, action FROM events WHERE session_id = ? ORDER BY seq", (session_id,))
        states, redo = [ENGINE.initial_state(PLAYERS)], []
        actions = []
        for kind, text in rows:
            if kind == "do":
                action = json.loads(text)
                states.append(ENGINE.apply(states[-1], action))
                actions.append(action)
                redo.clear()
            elif kind == "undo":
                redo.append((states.pop(), actions.pop()))
            else:
                state, action = redo.pop()
                states.append(state)
                actions.append(action)
    return states


def forge(db, where, **columns):
    """Change a snapshot row and give it the digest of what it now holds: a row the digest
    alone cannot tell from one the companion wrote."""
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.text_factory = lambda data: data.decode() if data.isascii() else data  # the companion writes ASCII
        row = raw.execute(f"SELECT session_id, seq, depth, top, engine, prefix, state, stacks FROM snapshots "
                          f"WHERE {where}").fetchone()
        if row is None or any(isinstance(v, bytes) for v in row):
            return  # moved or damaged by an earlier change: nothing to forge a digest for
        names = ("session_id", "seq", "depth", "top", "engine", "prefix", "state", "stacks")
        values = dict(zip(names, row), **columns)
        body = tuple(values[n] for n in names[:-1])
        digest = snapshots._digest(body, values["stacks"])
        raw.execute(f"UPDATE snapshots SET {', '.join(f'{n} = ?' for n in columns)}, digest = ? WHERE {where}",
                    (*columns.values(), digest))


def opened(db, session_id):
    with Store(db) as store:
        game = store.open_session(session_id)
        return game.state, game.notice


def test_an_event_changed_under_intact_snapshots_is_found_and_the_log_believed(db, template):
    sid = template[1]
    tamper(db, "UPDATE events SET action = ? WHERE session_id = ? AND seq = 50", json.dumps(add(1050)), sid)
    state, notice = opened(db, sid)
    assert state == truth(db, sid)[-1]  # the snapshot at 300 said 1,000 points less
    assert "checkpoint at event 300 does not match its log" in notice and "replayed from its log" in notice


def test_doctor_says_which_checkpoint_no_longer_matches_and_keeps_it(db, template):
    sid = template[1]
    tamper(db, "UPDATE events SET action = ? WHERE session_id = ? AND seq = 250", json.dumps(add(1250)), sid)
    before = db.read_bytes()
    checks = database_checks(db, record=True)
    found = [c for c in checks if c.name == "Snapshot"]
    assert len(found) == 1 and found[0].status == "warn"
    assert f"game session {sid} (Score pad)" in found[0].found and "event 300 does not match its log" in found[0].found
    assert db.read_bytes() == before  # a file with damage is reported, not "settled"


@pytest.mark.parametrize("damage, says", [
    ("UPDATE snapshots SET state = CAST(state AS BLOB) WHERE seq = 300", "its state column holds binary data"),
    ("UPDATE snapshots SET stacks = CAST(stacks AS BLOB) WHERE seq = 300", "its stacks column holds binary data"),
    ("UPDATE snapshots SET seq = CAST('300' AS BLOB) WHERE seq = 300", "its seq column holds binary data"),
    ("UPDATE snapshots SET depth = 2.5 WHERE seq = 300", "its depth column holds 2.5"),
    ("UPDATE snapshots SET state = substr(state, 2) WHERE seq = 300", "its digest does not match"),
    ("UPDATE snapshots SET digest = CAST(digest AS BLOB) WHERE seq = 300", "its digest column holds binary data"),
])
def test_a_damaged_head_snapshot_is_said_and_the_game_replayed_from_its_log(db, template, damage, says):
    sid = template[1]
    tamper(db, damage)
    before = db.read_bytes()
    with answered_quickly():
        state, notice = opened(db, sid)
    assert state == truth(db, sid)[-1]
    assert says in notice and "is damaged" in notice
    assert db.read_bytes() == before


@pytest.mark.parametrize("text, says", [
    ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
    ('{"l": [' * 100 + "]}" * 100, "nested more than"),
    ('{"c": "companion.bountytown.odds:Stranger", "v": {}}', "not a state class of this game"),
    ('{"c": "companion.spurs.state:SpursState", "v": {}}', "not a state class of this game"),
    ("{not json", "not typed JSON"),
])
def test_a_forged_state_is_never_decoded_into_anything(db, template, text, says, monkeypatch):
    """Forged with a right digest: only the checks on what the state holds can refuse it.
    The issue's forgery named companion.__main__, whose import starts the app; decoding
    must never import whatever a file names."""
    sid = template[1]
    forge(db, "seq = 300", state=text)
    monkeypatch.delitem(sys.modules, "companion.bountytown.odds", raising=False)
    with answered_quickly():
        state, notice = opened(db, sid)
    assert "companion.bountytown.odds" not in sys.modules
    assert state == truth(db, sid)[-1]
    assert says in notice


def test_a_checkpoint_past_the_end_of_the_log_says_events_are_missing(db, template):
    sid = template[1]
    tamper(db, "DELETE FROM events WHERE session_id = ? AND seq > 280", sid)
    state, notice = opened(db, sid)
    assert state == truth(db, sid)[-1]
    assert "past the end of its log (event 280): events are missing" in notice


def test_a_gap_or_bad_json_before_a_snapshot_is_found_at_opening_not_at_the_150th_undo(db, template):
    sid = template[1]
    tamper(db, "DELETE FROM events WHERE session_id = ? AND seq = 120", sid)
    with Store(db) as store:
        with pytest.raises(StoreError, match="at event 121 .*event 120 is missing"):
            store.open_session(sid)
    tamper(db, "INSERT INTO events VALUES (?, 120, 'do', '{bad json', '2026-12-01T00:00:00+00:00')", sid)
    with Store(db) as store:
        with pytest.raises(StoreError, match="at event 120 .*not valid JSON"):
            store.open_session(sid)


def test_a_log_damaged_while_the_game_is_open_is_said_on_undo_not_raised(db, template):
    sid = template[1]
    with Store(db) as store:
        game = store.open_session(sid)
        tamper(db, "UPDATE events SET action = '{bad json' WHERE session_id = ? AND seq = 120", sid)
        with pytest.raises(StoreError, match="cannot be undone: its log no longer replays"):
            for _ in range(150):
                game.undo()


def test_undo_far_back_past_damaged_checkpoints_stays_exact(db, template):
    sid = template[1]
    tamper(db, "UPDATE snapshots SET state = CAST(state AS BLOB) WHERE seq = 200")
    forge(db, "seq = 100", state='{"c": "companion.cli:main", "v": {}}')
    states = truth(db, sid)
    with Store(db) as store:
        game = store.open_session(sid)
        assert game.notice == ""  # the newest checkpoint is sound
        for back in range(1, 251):
            game.undo()
            assert game.state == states[-1 - back]


def test_an_old_checkpoint_whose_events_changed_is_not_started_from(db, template):
    """Below the head, a checkpoint is used only where the log still hashes to its prefix."""
    sid = template[1]
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:  # the head moves to event 300's
        raw.execute("UPDATE events SET action = ? WHERE session_id = ? AND seq = 150", (json.dumps(add(1150)), sid))
    states = truth(db, sid)
    with Store(db) as store:
        game = store.open_session(sid)
        for back in range(1, 100):  # down to 201 actions: the checkpoint at 200 predates the change
            game.undo()
            assert game.state == states[-1 - back]


# -- the property: any damage to snapshots or the log under them ------------------------------

def _flip(db, column, at, mask):
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        seq = raw.execute("SELECT seq FROM snapshots ORDER BY seq").fetchall()  # a seq damaged to text stays text
        row = seq[at % len(seq)][0]
        raw.text_factory = bytes
        value = raw.execute(f"SELECT {column} FROM snapshots WHERE seq = ?", (row,)).fetchone()[0]
        data = bytearray(value.encode() if isinstance(value, str) else value or b"")
        if data:
            data[at % len(data)] ^= mask
        raw.execute(f"UPDATE snapshots SET {column} = CAST(? AS TEXT) WHERE seq = ?", (bytes(data), row))


DAMAGE = st.one_of(
    st.tuples(st.just("flip"), st.sampled_from(["state", "stacks", "prefix", "digest"]), st.integers(0, 10**6),
              st.integers(1, 255)),
    st.tuples(st.just("blob"), st.sampled_from(["state", "stacks", "prefix", "digest", "engine"]),
              st.sampled_from([100, 200, 300])),
    st.tuples(st.just("forge"), st.sampled_from([100, 200, 300]), st.sampled_from([
        "[" * 50_000 + "]" * 50_000, '{"c": "companion.__main__:main", "v": {}}', '{"c": "os:system", "v": {}}',
        '{"f": [[1]]}', "null", '{"c": "companion.scorepad.engine:ScoreState", "v": {"players": []}}'])),
    st.tuples(st.just("gap"), st.integers(1, EVENTS)),
    st.tuples(st.just("change"), st.integers(1, EVENTS), st.integers(1, 99)),
    st.tuples(st.just("swap"), st.integers(1, EVENTS), st.integers(1, EVENTS)),
    st.tuples(st.just("snapseq"), st.sampled_from([100, 200, 300]), st.sampled_from([-1, 0, 301, 10**12, "x"])),
)


def damage(db, sid, what):
    kind, *args = what
    if kind == "flip":
        _flip(db, *args)
    elif kind == "blob":
        tamper(db, f"UPDATE snapshots SET {args[0]} = CAST({args[0]} AS BLOB) WHERE seq = ?", args[1])
    elif kind == "forge":
        forge(db, f"seq = {args[0]}", state=args[1])
    elif kind == "gap":
        tamper(db, "DELETE FROM events WHERE session_id = ? AND seq = ?", sid, args[0])
    elif kind == "change":
        tamper(db, "UPDATE events SET action = ? WHERE session_id = ? AND seq = ? AND kind = 'do'",
               json.dumps({"type": "add", "player": "Ann", "points": args[1]}), sid, args[0])
    elif kind == "swap":  # two events trade places: the log reordered
        a, b = args
        tamper(db, "UPDATE events SET seq = -1 WHERE session_id = ? AND seq = ?", sid, a)
        tamper(db, "UPDATE events SET seq = ? WHERE session_id = ? AND seq = ?", a, sid, b)
        tamper(db, "UPDATE events SET seq = ? WHERE session_id = ? AND seq = -1", b, sid)
    elif kind == "snapseq":
        try:
            tamper(db, "UPDATE snapshots SET seq = ? WHERE seq = ?", args[1], args[0])
        except sqlite3.IntegrityError:
            pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(damages=st.lists(DAMAGE, min_size=1, max_size=3))
def test_any_damage_to_snapshots_is_said_never_raised_and_writes_nothing(tmp_path_factory, template, damages):
    path, sid = template
    db = tmp_path_factory.mktemp("damaged") / "c.db"
    db.write_bytes(path.read_bytes())
    for what in damages:
        damage(db, sid, what)
    before = db.read_bytes()
    try:
        states = truth(db, sid)
    except (ValueError, KeyError, IndexError, TypeError):
        states = None  # the log itself no longer replays: the store must say so
    with answered_quickly():
        with Store(db) as store:
            try:
                game = store.open_session(sid)
            except StoreError as exc:
                game, refused = None, str(exc)
        checks = database_checks(db)
    assert db.read_bytes() == before
    if game is None:
        assert f"game session {sid} (Score pad)" in refused and "row" in refused
        assert any(c.name == "Saved game" and c.found == refused for c in checks)
        return
    gaps = any(w[0] in ("gap", "swap") for w in damages)
    assert states is not None or gaps
    if states is not None:
        assert game.state == states[-1]  # never what a snapshot says over what the log says
    snapshot_checks = [c for c in checks if c.name == "Snapshot"]
    assert bool(game.notice) == bool(snapshot_checks)  # the app and doctor say the same
    if states is not None:
        with Store(db) as store:
            game = store.open_session(sid)
            for back in range(1, min(len(states), 160)):  # far back, past every checkpoint
                game.undo()
                assert game.state == states[-1 - back]


# -- claims bounded by the log (issue 33, item 2) ---------------------------------------------

HUGE = 10 ** 30  # more than an index can hold: len() of such a stack raised OverflowError
VAST = 2 ** 62  # fits an index: expanding such a stack ran the process out of memory


@pytest.mark.parametrize("columns, says", [
    ({"stacks": json.dumps({"undo": [1, HUGE], "redo": []})}, "its undo stack claims more events than"),
    ({"stacks": json.dumps({"undo": [1, VAST], "redo": []}), "depth": VAST, "top": VAST},
     "its depth claims more actions than"),
    ({"stacks": json.dumps({"undo": [1, 300], "redo": [1, HUGE]})}, "its redo stack claims more events than"),
    ({"stacks": json.dumps({"undo": [1, 300], "redo": [5, VAST]})}, "its redo stack claims more events than"),
    ({"stacks": json.dumps({"undo": [1, 299, VAST, 1], "redo": []}), "top": VAST}, "its top claims event"),
    ({"stacks": json.dumps({"undo": [1, 299, 301, 1], "redo": []}), "top": 301}, "its top claims event"),
    ({"stacks": json.dumps({"undo": [1, 300], "redo": [HUGE, 1]})}, "its redo stack claims more events than"),
])
def test_a_doctored_snapshot_claiming_more_than_its_log_is_damage_said_in_words(db, template, columns, says):
    """A snapshot's claims are bounded by its own log (undo depth and stack sizes at most its
    events, every event number in 1..seq): anything else is a damaged row, said in one line by
    the app and by doctor, and the game replays from its log. Checked first on the snapshot
    alone, so a check that let it through fails here rather than exhausting the memory."""
    sid = template[1]
    forge(db, "seq = 300", **columns)
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        saved = snapshots.Snapshots(raw, sid, "scorepad", SCHEMA_VERSION)
        assert saved.latest() is None and says in saved.problem
    before = db.read_bytes()
    with answered_quickly():
        state, notice = opened(db, sid)
        checks = database_checks(db, record=True)
    assert state == truth(db, sid)[-1]
    assert "checkpoint at event 300 is damaged" in notice and says in notice and "\n" not in notice
    found = [c for c in checks if c.name == "Snapshot"]
    assert len(found) == 1 and says in found[0].found and "\n" not in found[0].found
    assert db.read_bytes() == before


@pytest.mark.parametrize("columns, says", [
    ({"stacks": json.dumps({"undo": [1, HUGE], "redo": []})}, "its undo stack claims more events than"),
    ({"stacks": json.dumps({"undo": [1, VAST], "redo": []}), "depth": VAST, "top": VAST},
     "its depth claims more actions than"),
])
def test_an_import_into_a_file_with_a_doctored_snapshot_goes_in_says_so_and_the_game_still_replays(
        db, template, tmp_path, capsys, columns, says):
    """`companion import` into a file whose snapshot claims more than its log neither stops
    with a traceback nor trusts the snapshot: the import goes in, it says in one line which
    game's checkpoint is damaged and how (as the app and doctor do), and the game replays
    from its log."""
    from companion.cli import main

    sid = template[1]
    export = tmp_path / "other.json"
    other = tmp_path / "other.db"
    with Store(other) as store:
        game = store.new_session("scorepad", {"players": ["Cy", "Di"]})
        game.do({"type": "add", "player": "Cy", "points": 3})
    assert main(["--db", str(other), "export", "-o", str(export)]) == 0
    capsys.readouterr()
    forge(db, "seq = 300", **columns)
    assert main(["--db", str(db), "import", str(export)]) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    said = [line for line in err.splitlines() if "checkpoint" in line]
    assert len(said) == 1 and said[0].startswith(f"companion: note: game session {sid} (Score pad)")
    assert "checkpoint at event 300 is damaged" in said[0] and says in said[0]
    state, notice = opened(db, sid)
    assert state == truth(db, sid)[-1] and says in notice


def test_an_event_renumbered_to_a_fraction_under_a_checkpoint_is_no_proof_of_it(db, template):
    # 120 -> 120.5 keeps the count, the first and the last number of events 1..300, and the
    # bytes hashed: only the numbering's sum being a REAL says the log is not 1, 2 ... n
    sid = template[1]
    tamper(db, "UPDATE events SET seq = 120.5 WHERE session_id = ? AND seq = 120", sid)
    with closing(sqlite3.connect(db)) as raw:
        proof = snapshots.Snapshots(raw, sid, "scorepad", SCHEMA_VERSION)
        proof.prove([100, 200, 300])
        assert set(proof._proven) == {100}
