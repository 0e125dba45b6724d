"""Databases written by every earlier release open with every game as that release showed it
(issue 26, item 1): the same standings, the same results, the same statistics, each game
counted once, none called damaged. The files in tests/fixtures were written by the
companions of those releases themselves (tests/fixtures/make_fixtures.py says which
commits); the .json beside each is what that companion showed. Tests work on copies."""

import json
from dataclasses import fields, replace
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from companion.records.check import database_checks
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store
from companion.db.versions import under
from companion.games import GAMES, engine_for
from companion.records.career import seat_outcome
from companion.records.gamelog import GameLog
from companion.records.oldrules import rules_played
from companion.records.stats.cache import summary_of
from tests.fixtures.make_fixtures import FIRST
from tests.fixtures.make_fixtures import FIXTURES as MADE
from tests.fixtures.shown import figures

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASES = list(MADE)
#: the files the first release began: each holds a game of Spurs, Bountytown and Rapid City
#: today's rules would call otherwise
FIRST_RELEASE_S = [name for name, made in MADE.items() if made.played[0] == FIRST]


@pytest.fixture(params=RELEASES)
def release(request, tmp_path):
    name = request.param
    shown = json.loads((FIXTURES / f"{name}.json").read_text())
    return name, Path(shutil.copy(FIXTURES / f"{name}.db", tmp_path / "companion.db")), shown


def test_every_game_opens_as_its_release_showed_it(release):
    name, db, shown = release
    with Store(db) as store:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        for expected in shown["games"]:
            info = store.sessions(ids=[expected["id"]])[0]
            assert info.problem is None and info.kind == expected["kind"]
            game = store.open_session(info.id)
            assert figures(info.kind, game.state) == expected["figures"], (name, info.id)
            assert info.result == expected["result"]  # the row as stored ...
            assert json.loads(json.dumps(game.result())) == expected["result"]  # ... and as replayed: one result
            assert game.finished == expected["finished"]
            assert game.notice == ""
            # the version that release played (not the file's schema: three releases wrote
            # schema 1 under two versions), or, where nothing in the file tells them apart,
            # one that replays the game the same way
            played = expected["rules"]
            assert game.rules == played or replayed(game, played) == same_but_rules(game.state, played), \
                (name, info.id, game.rules)


def next_action(game):
    """A table's next step in an unfinished game: Rapid City's next card as the game's own
    round file (which names the rules it is judged under), a Spurs turn's end, a Bountytown
    renown put right."""
    if game.kind == "rapidcity":
        from companion.rapidcity.engine import round_template

        data = round_template(game.state)
        data["events"] = [{"pad": 1, "edge": "press", "t_ms": 400.0, "player": data["players"][0]}]
        return {"type": "play", "round": data}
    if game.kind == "spurs":
        return {"type": "end_turn"}
    return {"type": "adjust", "player": game.state.players[0].name, "renown": 1}


def test_an_unfinished_game_goes_on_under_the_rules_it_was_played_with(release):
    """An upgrade never changes a game in progress (issue 33, item 1): its next step is
    played, saved and opened again under the version it was played with, never today's,
    even where its own log fits both and its start day is after the later one came out (a
    file made today by the first release: the file's other games say which)."""
    name, db, shown = release
    for expected in shown["games"]:
        if expected["finished"] or expected["kind"] == "scorepad":
            continue
        with Store(db) as store:
            game = store.open_session(expected["id"])
            rules, action = game.rules, next_action(game)
            assert rules == expected["rules"], (name, expected["id"], expected["kind"])
            game.do(action)
            assert game.rules == rules
        if expected["kind"] == "rapidcity":  # the next card is judged by the calls its table knew
            assert action["round"]["settings"]["rules"] == rules, (name, expected["id"])
        with Store(db) as store:  # and the step taken under them does not move the game to others
            again = store.open_session(expected["id"])
            assert again.rules == rules and again.state == game.state, (name, expected["id"])


def replayed(game, rules):
    """The game's actions in effect replayed under version ``rules`` of its rules."""
    state = game.engine.initial_state(under(game.settings, rules))
    for action in game.actions:
        state = game.engine.apply(state, action)
    return state


def same_but_rules(state, rules):
    """The state as if made under version ``rules``: its other fields are what a table sees
    (a Rapid City state keeps its version in its settings)."""
    if "settings" in {f.name for f in fields(state)}:
        return replace(state, settings=replace(state.settings, rules=rules))
    return replace(state, rules=rules) if "rules" in {f.name for f in fields(state)} else state


@pytest.mark.parametrize("name", [name for name in FIRST_RELEASE_S if len(MADE[name].played) == 1])
def test_the_first_release_s_games_are_told_where_today_s_rules_differ(name, tmp_path):
    db = Path(shutil.copy(FIXTURES / f"{name}.db", tmp_path / "companion.db"))
    with Store(db) as store:
        told = {info.id: (info.kind, rules_played(store, info)) for info in store.sessions(limit=-1)}
    differing = {kind for kind, played in told.values() if played.differences}
    assert differing == {"spurs", "bountytown", "rapidcity"}  # the fixture holds the cases
    for kind, played in told.values():
        if played.differences:
            assert played.words().startswith("played under the rules of 2026-11-30; under today's rules ")
    with Store(db) as store:  # kept, so Home reads them without replaying
        assert all(store.kept_rules(info) for info in store.sessions(limit=-1) if told[info.id][1].differences)


def test_statistics_count_each_game_once_with_the_result_its_table_saw(release):
    name, db, shown = release
    Store(db).close()  # migrated as the app would, before its statistics worker reads it
    with closing(sqlite3.connect(db)) as raw:
        for expected in shown["games"]:
            _seq, summary = summary_of(raw, expected["id"])
            assert "problem" not in summary, summary
            seats = [[s["name"], s["won"], s["score"]] for s in summary["seats"]]
            if str(expected["id"]) in shown["statistics"]:  # what that release's Statistics counted
                assert seats == shown["statistics"][str(expected["id"])]["seats"], (name, expected["id"])
            result = expected["result"]
            assert summary["finished"] == expected["finished"]
            for seat_name, won, score in seats:  # the player page reads the stored result: the same figures
                stored_won, figure = seat_outcome(expected["kind"], result, seat_name)
                assert won == stored_won
                if result is not None and score is not None and expected["kind"] != "rapidcity":
                    assert figure == f"{score} {GAMES[expected['kind']].units}"


def test_doctor_calls_every_old_game_sound(release):
    name, db, shown = release
    checks = database_checks(db, record=True)
    assert [c.name for c in checks if c.status != "ok"] == []
    database = checks[0]
    assert database.name == "Database" and f"{len(shown['games'])} sessions" in database.found
    older = [c for c in checks if c.name == "Older rules"]
    # played under the version its release played: older than today's where it moved on since
    moved_on = [g for g in shown["games"] if max(engine_for(g["kind"]).rules_versions) > g["rules"]]
    said = f", {len(moved_on)} played under older rules" if moved_on else ""
    assert f"{len(shown['games'])} sessions{said}" in database.found
    # a line each only where today's rules would call something otherwise
    assert all(c.status == "ok" for c in older) and len(older) <= len(moved_on)
    if name in FIRST_RELEASE_S:  # the cases
        assert {c.found.split("(")[1].split(")")[0] for c in older} == {"Spurs", "Bountytown", "Rapid City"}


def test_every_game_s_log_is_told_to_its_end(release):
    _name, db, shown = release
    with Store(db) as store:
        for expected in shown["games"]:
            log = GameLog(store, expected["id"])
            lines = [log.line(i) for i in range(len(log))]
            assert not [line.text for line in lines if "cannot be replayed" in line.text or "not told" in line.text]


def test_an_export_of_old_games_imports_with_every_game_as_its_release_showed_it(release, tmp_path):
    """An old game exported and imported elsewhere is replayed under the rules it was played
    with, so it is neither refused nor re-scored (issue 26, item 1)."""
    from companion.cli import main

    name, db, shown = release
    for fmt in ("json", "csv"):
        export, copy = tmp_path / f"export.{fmt}", tmp_path / f"copy-{fmt}.db"
        assert main(["--db", str(db), "export", "--format", fmt, "-o", str(export)]) == 0
        assert main(["--db", str(copy), "import", str(export)]) == 0, (name, fmt)
        with Store(copy) as store:
            imported = sorted(store.sessions(limit=-1), key=lambda info: info.id)  # in the file's order
            assert len(imported) == len(shown["games"])
            for expected, info in zip(sorted(shown["games"], key=lambda g: g["id"]), imported):
                assert info.kind == expected["kind"]
                game = store.open_session(info.id)
                assert figures(info.kind, game.state) == expected["figures"], (name, fmt, expected["id"])
                assert info.result == expected["result"]
