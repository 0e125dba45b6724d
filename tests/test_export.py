"""`companion export` and `companion import`: the documented file, round trips through both
formats with logs played by the real engines, and every refused file changing nothing."""

import json
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.cli import main
from companion.db.lock import AppLock
from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.games import engine_for
from companion.records.exchange import CSV_COLUMNS, CSV_VERSION, FORMAT, VERSION
from companion.rapidcity.engine import round_template
from companion.db.store import Store
from tests.bountytown.test_engine import SETTINGS as BOUNTYTOWN
from tests.bountytown.test_engine_properties import random_action as bountytown_action
from tests.dbdamage import PLAYERS, add, sample_db, tamper
from tests.spurs.helpers import ANN, BOB, CID

#: the version of the score pad's rules a new game records
NEWEST_SCOREPAD = max(engine_for("scorepad").rules_versions)

SETTINGS = {
    "spurs": {"players": [ANN, BOB, CID], "bank_cash": 100},
    "bountytown": BOUNTYTOWN,
    "rapidcity": {"players": ["red", "blue", "green"], "seed": 7, "healing": True, "two_characters": True},
    "scorepad": PLAYERS,
}


def spurs_action(state, data, counter):
    seed = data.draw(st.integers(0, 2**31))
    return data.draw(st.sampled_from([
        {"type": "hunt", "token": f"P{seed % 5}", "hits": 1 + seed % 3, "red": False, "draw": "digital", "seed": seed},
        {"type": "outlaw", "token": f"O{seed % 5}", "hits": 1 + seed % 3, "red": seed % 2 == 0, "draw": "digital",
         "seed": seed},
        {"type": "doctor", "option": "draw", "draw": "digital", "seed": seed},
        {"type": "saloon", "option": "card", "fame": seed % 3, "bullets": {"red": seed % 2}},
        {"type": "duel", "opponent": "Bob", "winner": "Ann"},
        {"type": "spend_spur"},
        {"type": "end_turn"}, {"type": "end_turn"}]))


def rapidcity_action(state, data, counter):
    """The next card with presses by random players at random times (some calls refused)."""
    rnd = round_template(state)
    players, pads = rnd["players"], [tile["pad"] for tile in rnd["tiles"]]
    rnd["events"] = [{"pad": data.draw(st.sampled_from(pads)), "edge": "press",
                      "t_ms": data.draw(st.floats(-50, 3000, allow_nan=False).map(lambda t: round(t, 1))),
                      "player": data.draw(st.sampled_from(players))} for _ in range(data.draw(st.integers(0, 3)))]
    if rnd["card"]["type"] in ("armed", "disarmed") and data.draw(st.booleans()):
        rnd["touches"] = [{"by": data.draw(st.sampled_from(players)), "pawn": rnd["card"]["player"],
                           "t_ms": 500.0, "hand": "right"}]
    return {"type": "play", "round": rnd}


def scorepad_action(state, data, counter):
    if data.draw(st.integers(0, 15)) == 0:
        return {"type": "finish"}
    return add(data.draw(st.sampled_from(["Ann", "Bob"])), data.draw(st.integers(-5, 9)))


ACTIONS = {"spurs": spurs_action, "bountytown": bountytown_action, "rapidcity": rapidcity_action,
           "scorepad": scorepad_action}


def play(store, kind, data):
    """A game played by the real engine: random actions (the rules refuse some), undos, redos."""
    game = store.new_session(kind, SETTINGS[kind])
    counter = iter(range(10**6))
    for _ in range(data.draw(st.integers(0, 30), label=f"{kind} steps")):
        step = data.draw(st.sampled_from(["do", "do", "do", "do", "undo", "redo"]))
        try:
            if step == "do":
                game.do(ACTIONS[kind](game.state, data, counter))
            elif step == "undo":
                game.undo()
            else:
                game.redo()
        except (RuleError, InputError):
            pass
    return game


def games_of(db):
    """Every game in the file: its kind, settings, start, log, state, result and stacks."""
    with Store(db) as store:
        found = []
        for info in reversed(store.sessions(limit=-1)):
            game = store.open_session(info.id)
            found.append((info.kind, info.settings, info.started, info.finished, info.result,
                          [event[:3] for event in game.events()], game.state, game.can_undo, game.can_redo,
                          [(seat.name, seat.player_id is None) for seat in store.seats([info.id])[info.id]]))
        return found


def cli(*argv):
    return main([str(arg) for arg in argv])


def one_line_error(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: error: "), err
    return lines[0]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_game_played_by_the_real_engines_round_trips_through_both_formats(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("trip")
    original = folder / "original.db"
    with Store(original) as store:
        store._db.execute("PRAGMA synchronous=OFF")  # building only: what is tested is the file's content
        store.add_player("Ann", "red")
        store.add_player("Bob Lee", "blue")
        for kind in data.draw(st.permutations(list(SETTINGS))):
            play(store, kind, data)
        store.update_player(1, name="Annie")  # her games stay hers though their settings say Ann
    expected = games_of(original)
    assert any(("Annie", False) in game[-1] for game in expected)
    for fmt in ("json", "csv"):
        export = folder / f"all.{fmt}"
        assert cli("--db", original, "export", "--format", fmt, "-o", export) == 0
        copy = folder / f"copy-{fmt}.db"
        assert cli("--db", copy, "import", export) == 0
        assert games_of(copy) == expected  # same log, so same state, stacks and result
        with Store(copy) as store:
            assert [(p.name, p.colour) for p in store.players()] == [("Annie", "red"), ("Bob Lee", "blue")]


def test_the_json_file_is_the_documented_layout(tmp_path, capsys):
    db = tmp_path / "companion.db"
    live, done, empty = sample_db(db)
    with Store(db) as store:
        store.add_player("Ann", "green")
    assert cli("--db", db, "export") == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == FORMAT and doc["version"] == VERSION == 1 and doc["game"] is None
    assert doc["players"] == [{"name": "Ann", "colour": "green", "created": doc["players"][0]["created"]}]
    sessions = {s["id"]: s for s in doc["sessions"]}
    assert set(sessions) == {live, done, empty}
    assert [(e["seq"], e["event"], e.get("action")) for e in sessions[live]["events"]] == [
        (1, "do", add("Ann", 3)), (2, "do", add("Bob", 2)), (3, "undo", None), (4, "redo", None),
        (5, "do", add("Ann", 1))]
    assert sessions[done]["result"] == {"scores": {"Ann": 0, "Bob": 4}, "winners": ["Bob"]}
    assert sessions[done]["finished"] and sessions[live]["finished"] is None and sessions[empty]["events"] == []
    assert sessions[live]["game"] == "scorepad" and sessions[live]["settings"] == {**PLAYERS, "rules": NEWEST_SCOREPAD}
    # Ann became a player after these games: she sat at them as a guest, and still did
    assert sessions[live]["seats"] == [{"seat": 0, "name": "Ann", "player": None},
                                       {"seat": 1, "name": "Bob", "player": None}]
    assert "snapshots" not in json.dumps(doc)  # derived data: rebuilt from the log


def test_csv_is_one_table_with_a_record_column(tmp_path, capsys):
    db = tmp_path / "companion.db"
    live, _done, _empty = sample_db(db)
    assert cli("--db", db, "export", "--format", "csv") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ",".join(CSV_COLUMNS)
    assert lines[1].startswith(f"export,,{CSV_VERSION},,,") and FORMAT in lines[1]
    records = [line.split(",")[0] for line in lines[1:]]
    seats = ["seat", "seat"]  # Ann and Bob, guests: the name column (their player's) is empty
    assert records == ["export", "session", *seats, *["event"] * 5, "session", *seats, "event", "event", "session",
                       *seats, "end"]
    assert lines[-1] == 'end,,,,,,,,,,"{""player"": 0, ""session"": 3, ""seat"": 6, ""event"": 7}",'
    assert lines[3] == f"seat,{live},0,,,,,,,,,"
    assert lines[7].startswith(f"event,{live},3,,undo,")


def test_export_of_one_game_kind(tmp_path, capsys):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS).do(add("Ann", 1))
        store.new_session("rapidcity", SETTINGS["rapidcity"])
    assert cli("--db", db, "export", "--game", "rapidcity") == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "rapidcity" and [s["game"] for s in doc["sessions"]] == ["rapidcity"]


def test_importing_twice_adds_nothing_and_a_changed_log_is_refused(tmp_path, capsys):
    db, other = tmp_path / "companion.db", tmp_path / "other.db"
    sample_db(db)
    export = tmp_path / "all.json"
    assert cli("--db", db, "export", "-o", export) == 0
    assert cli("--db", other, "import", export) == 0
    assert cli("--db", other, "import", export) == 0
    assert cli("--db", db, "import", export) == 0  # into the file it came from
    out = capsys.readouterr().out
    assert "imported 3 sessions (7 events)" in out and out.count("3 already there") == 2
    assert len(games_of(other)) == 3 and games_of(other) == games_of(db)
    doc = json.loads(export.read_text())
    doc["sessions"][0]["events"].pop()
    export.write_text(json.dumps(doc))
    before = db.read_bytes()
    assert cli("--db", db, "import", export) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "with a different log" in captured.err
    assert "2 already there" in captured.out and "1 refused" in captured.out
    assert db.read_bytes() == before


def _doc(tmp_path):
    db = tmp_path / "source.db"
    sample_db(db)
    export = tmp_path / "source.json"
    assert main(["--db", str(db), "export", "-o", str(export)]) == 0
    return json.loads(export.read_text())


def damaged_export(tmp_path, damage):
    """An export of three games, changed by ``damage``."""
    doc = _doc(tmp_path)
    damage(doc)
    export = tmp_path / "damaged.json"
    export.write_text(json.dumps(doc))
    return export


def _newer(doc):
    doc["version"] = VERSION + 1


def _foreign(doc):
    doc["format"] = "someone-else"


def _gap(doc):
    doc["sessions"][0]["events"][1]["seq"] = 3


def _refused_action(doc):
    doc["sessions"][1]["events"][0]["action"]["player"] = "Zed"


def _undo_with_action(doc):
    doc["sessions"][0]["events"][2]["action"] = add("Ann", 1)


def _unknown_game(doc):
    doc["sessions"][0]["game"] = "poker"


def _bad_time(doc):
    doc["sessions"][0]["started"] = "yesterday"


def _bad_player(doc):
    doc["players"] = [{"name": "x" * 40, "colour": "red", "created": "2024-01-01T00:00:00+00:00"}]


def test_seats_come_with_their_players_or_are_linked_by_name_from_an_export_without_them(tmp_path):
    doc = _doc(tmp_path)
    doc["players"] = [{"name": "Annie", "colour": "red", "created": "2024-01-01T00:00:00+00:00"},
                      {"name": "Bob", "colour": "blue", "created": "2024-01-01T00:00:00+00:00"}]
    doc["sessions"][0]["seats"][0]["player"] = "annie"  # Ann then, Annie now
    for session in doc["sessions"][1:]:
        del session["seats"]  # as an export made before seats existed
    export = tmp_path / "seats.json"
    export.write_text(json.dumps(doc))
    db = tmp_path / "companion.db"
    assert cli("--db", db, "import", export) == 0
    with Store(db) as store:
        annie, bob = (store.player_named(name).id for name in ("Annie", "Bob"))
        assert [[seat.player_id for seat in seats] for seats in store.seats().values()] == [
            [annie, None], [None, bob], [None, bob]]


def _seat_of_nobody(doc):
    doc["sessions"][0]["seats"][1]["player"] = "Zed"


def _seats_short(doc):
    del doc["sessions"][0]["seats"][1]


def _one_player_twice(doc):
    doc["players"] = [{"name": "Ann", "colour": "red", "created": "2024-01-01T00:00:00+00:00"}]
    doc["sessions"][0]["seats"][0]["player"] = doc["sessions"][0]["seats"][1]["player"] = "Ann"


@pytest.mark.parametrize("damage, says", [
    (_seat_of_nobody, "seat 1's player 'Zed' is not one of the players"), (_seats_short, "not a list of its 2 seats"),
    (_one_player_twice, "name one player twice"), (_gap, "event 2 is missing"), (_refused_action, "does not replay"),
    (_undo_with_action, "carries an action"), (_unknown_game, "poker"), (_bad_time, "not a date")])
def test_a_refused_game_is_named_and_every_other_game_is_imported(tmp_path, capsys, damage, says):
    export = damaged_export(tmp_path, damage)
    db = tmp_path / "companion.db"
    capsys.readouterr()
    assert cli("--db", db, "import", export) == 1
    captured = capsys.readouterr()
    # the command's own lines (another test's stray thread may write to the captured stderr too)
    ours = [line for line in captured.err.splitlines() if line.startswith("companion:")]
    assert len(ours) == 1, captured.err
    [line] = ours
    assert line.startswith("companion: refused: session ") and says in line and "Traceback" not in line
    assert "imported 2 sessions" in captured.out and "1 refused" in captured.out
    with Store(db) as store:
        assert len(store.sessions()) == 2


def test_a_refused_player_is_named_and_the_games_come_all_the_same(tmp_path, capsys):
    export = damaged_export(tmp_path, _bad_player)
    capsys.readouterr()
    assert cli("--db", tmp_path / "companion.db", "import", export) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("companion: refused: player 1 in the file: names are at most 24 characters")
    assert "imported 3 sessions" in captured.out


def _no_sessions(doc):
    del doc["sessions"]


def _players_not_a_list(doc):
    doc["players"] = {"name": "Ann"}


@pytest.mark.parametrize("damage, says", [(_newer, "newer companion"), (_foreign, "not a companion export"),
                                          (_no_sessions, "'sessions' is empty (NULL), not a list"),
                                          (_players_not_a_list, "'players' is {'name': 'Ann'}, not a list")])
def test_a_foreign_or_newer_export_is_refused_whole_and_changes_nothing(tmp_path, capsys, damage, says):
    export = damaged_export(tmp_path, damage)
    db = tmp_path / "companion.db"
    with Store(db) as store:
        store.new_session("scorepad", PLAYERS).do(add("Bob", 1))
    before = db.read_bytes()
    capsys.readouterr()
    assert cli("--db", db, "import", export) == 2
    assert says in one_line_error(capsys)
    assert db.read_bytes() == before


@pytest.mark.parametrize("content, says", [
    (b"", "not a companion export"), (b'{"format": "old-west-companion-export", "version": 1, "sess',
                                      "it is cut short"),
    (b"\xff\xfe\x00garbage", "not a companion export"), (b"[" * 100000 + b"]" * 100000, "not a companion export"),
    (b'{"format": "old-west-companion-export", "version": 1, "players": [' + b"[" * 100000,
     "nested too deeply"),
    (b'{"format": "old-west-companion-export", "version": 1, "players": [], "sessions": [\xff]}', "not UTF-8"),
    (b"hello,world\n1,2\n", "not a companion export"),
    (b"record,session,seq,game,event,time,name,colour,finished,settings,result,action\nbogus,,,,,,,,,,,\n",
     "a row of kind 'bogus'")])
def test_files_that_are_not_exports_are_refused_in_one_line(tmp_path, capsys, content, says):
    source, db = tmp_path / "file", tmp_path / "companion.db"
    source.write_bytes(content)
    assert cli("--db", db, "import", source) == 2
    assert says in one_line_error(capsys)
    assert not db.exists()  # nothing made either


def test_a_database_given_to_import_points_at_restore(tmp_path, capsys):
    db = tmp_path / "companion.db"
    sample_db(db)
    assert cli("--db", tmp_path / "other.db", "import", db) == 2
    assert "companion restore" in one_line_error(capsys)


def refused_while_the_app_runs(db, argv, capsys):
    """``companion --db DB *argv`` with the app holding DB: refused, DB unchanged."""
    before = db.read_bytes()
    lock = AppLock(db)
    capsys.readouterr()
    try:
        assert cli("--db", db, *argv) == 2
        assert "close it first" in one_line_error(capsys)
    finally:
        lock.release()
    assert db.read_bytes() == before


def test_import_is_refused_while_the_app_runs(tmp_path, capsys):
    db = tmp_path / "companion.db"
    sample_db(db)
    export = tmp_path / "all.json"
    assert cli("--db", db, "export", "-o", export) == 0
    target = tmp_path / "target.db"
    with Store(target):
        pass
    refused_while_the_app_runs(target, ["import", export], capsys)


def test_a_damaged_game_is_left_out_of_the_export_and_named(tmp_path, capsys):
    db = tmp_path / "companion.db"
    live, done, _empty = sample_db(db)
    tamper(db, "UPDATE events SET action = '{not json' WHERE session_id = ? AND seq = 2", live)
    assert cli("--db", db, "export") == 0
    captured = capsys.readouterr()
    assert [s["id"] for s in json.loads(captured.out)["sessions"]] == [done, _empty]
    assert f"game session {live} (Score pad) left out: event 2" in captured.err


@pytest.mark.parametrize("argv, says", [
    (["export", "-o", "{db}"], "the database in use"), (["export", "-o", "{db}-wal"], "the database in use"),
    (["export", "-o", "{tmp}/no/such/folder/x.json"], "cannot write"),
    (["import", "{tmp}/missing.json"], "there is no file"), (["import", "{tmp}"], "is a folder"),
])
def test_bad_paths_are_refused_in_one_line(tmp_path, capsys, argv, says):
    db = tmp_path / "companion.db"
    sample_db(db)
    before = db.read_bytes()
    argv = [arg.format(db=db, tmp=tmp_path) for arg in argv]
    assert cli("--db", db, *argv) == 2
    assert says in one_line_error(capsys)
    assert db.read_bytes() == before


def test_exporting_a_missing_database_creates_nothing(tmp_path, capsys):
    db = tmp_path / "none.db"
    assert cli("--db", db, "export") == 2
    assert "no database" in one_line_error(capsys)
    assert not db.exists()


@pytest.mark.parametrize("argv", [["export", "--format", "xml"], ["export", "--game", "poker"], ["import"],
                                  ["backup"], ["restore"], ["import", "a", "b"]])
def test_bad_arguments_exit_2_without_a_traceback(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("companion")



def test_db_after_the_verb_and_paths_no_file_can_have(tmp_path, capsys):
    db = tmp_path / "companion.db"
    sample_db(db)
    export = tmp_path / "all.json"
    assert cli("export", "-o", export, "--db", db) == 0
    assert cli("import", export, "--db", tmp_path / "other.db") == 0
    assert len(games_of(tmp_path / "other.db")) == 3
    capsys.readouterr()
    for argv in (["export", "-o", "a\0b"], ["import", "a\0b"], ["backup", "x" * 300], ["restore", ""]):
        assert cli("--db", db, *argv) == 2
        one_line_error(capsys)


def test_help_lists_the_four_verbs(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(verb in out for verb in ("export", "import", "backup", "restore"))


def test_two_games_set_up_in_one_millisecond_are_two_games_in_an_export(tmp_path, monkeypatch, capsys):
    """Found by CI on a fast run: two score pads of the same players set up in the same
    millisecond shared their identity (game, start, settings), so importing the export
    refused the second as "the same game with a different log"."""
    import companion.db.store as store_module

    instant = datetime(2026, 12, 6, 7, 40, tzinfo=timezone.utc)

    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return instant

    monkeypatch.setattr(store_module, "datetime", Frozen)
    db, other, export = tmp_path / "companion.db", tmp_path / "other.db", tmp_path / "all.json"
    sample_db(db)
    with Store(db) as store:
        assert len({info.started for info in store.sessions()}) == 3
    assert cli("--db", db, "export", "-o", export) == 0
    assert cli("--db", other, "import", export) == 0
    with Store(other) as store:
        assert len(store.sessions()) == 3
