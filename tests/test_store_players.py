"""One player record across every game: seats linked at the start of a game, filled in for
games stored before seats existed, kept through renames, and moved whole by a merge."""

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.contracts.engine import RuleError
from companion.intake.errors import InputError
from companion.db.roster import Seat, seat_names
from companion.db.schema import SCHEMA_VERSION
from companion.db.store import Store, StoreError
from tests.test_export import SETTINGS

STARTED = "2026-01-01T10:00:00.000+00:00"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "companion.db"


def version_2(db, sessions, players=("Ann", "Bob")):
    """A database as the companion of schema 2 left it (no seats), holding these rows."""
    with Store(db) as store:
        for name in players:
            store.add_player(name, "red")
    raw = sqlite3.connect(db, isolation_level=None)
    raw.executescript("DROP TABLE seats; DROP TABLE summaries; PRAGMA user_version=2;")
    raw.executemany("INSERT INTO sessions (id, kind, settings, started) VALUES (?, ?, ?, ?)",
                    [(sid, kind, text, STARTED) for sid, (kind, text) in enumerate(sessions, 1)])
    raw.close()


def test_a_version_2_database_gains_seats_linked_by_name(db):
    rapid = '{"players":["red","blue","green"],"names":{"blue":"bob"},"seed":1}'
    version_2(db, [("scorepad", '{"players":["Ann","Zed"]}'), ("rapidcity", rapid),
                   ("spurs", '{"players":[{"name":"Cid"},{"name":"ANN"}]}')])
    with Store(db) as store:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        ann, bob = (store.player_named(n).id for n in ("Ann", "Bob"))
        assert store.seats() == {
            1: [Seat(0, "Ann", ann), Seat(1, "Zed", None)],
            2: [Seat(0, "red", None), Seat(1, "Bob", bob), Seat(2, "green", None)],
            3: [Seat(0, "Cid", None), Seat(1, "Ann", ann)]}
        assert store.player_sessions(ann) == [3, 1]


DAMAGED = [("scorepad", "not json"), ("scorepad", "[1, 2]"), ("spurs", '{"players": [{"name": "Ann"}, 7]}'),
           ("chess", '{"players": ["Ann"]}'), ("scorepad", '{"players": "Ann"}'), ("scorepad", "[" * 5000),
           ("rapidcity", '{"players": ["red"], "names": 3}')]


def test_damaged_settings_rows_stay_unlinked_and_untouched(db):
    version_2(db, [("scorepad", '{"players":["Ann","Bob"]}'), *DAMAGED])
    raw = sqlite3.connect(db)
    raw.execute("UPDATE sessions SET settings = x'00ff' WHERE id = 2")  # a blob where text belongs
    raw.commit()
    before = raw.execute("SELECT * FROM sessions ORDER BY id").fetchall()
    raw.close()
    with Store(db) as store:
        assert list(store.seats()) == [1]
        assert [info.problem is None for info in store.sessions(limit=-1)][-2:] == [False, True]
        store.new_session("scorepad", {"players": ["Bob"]})  # the file plays on
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT * FROM sessions WHERE id <= ? ORDER BY id", (len(before),)).fetchall() == before
    raw.close()


def test_a_new_game_links_players_and_seats_guests(db):
    with Store(db) as store:
        ann = store.add_player("Ann", "red")
        bob = store.add_player("Bob", "blue")
        game = store.new_session("scorepad", {"players": ["ann", "Zed", "Bob"]})
        assert store.seats([game.id]) == {game.id: [Seat(0, "Ann", ann.id), Seat(1, "Zed", None),
                                                    Seat(2, "Bob", bob.id)]}
        assert store.player_sessions(bob.id) == [game.id]
        assert [p.name for p in store.players()] == ["Ann", "Bob"]  # a guest is not a player


@pytest.mark.parametrize("kind", list(SETTINGS))
def test_every_game_kind_is_seated(db, kind):
    with Store(db) as store:
        names = seat_names(kind, SETTINGS[kind])
        player = store.add_player(names[-1], "red")
        game = store.new_session(kind, SETTINGS[kind])
        assert store.seats([game.id])[game.id] == [Seat(i, n, player.id if n == names[-1] else None)
                                                   for i, n in enumerate(names)]


def test_one_player_under_two_names_is_refused_a_second_seat(db):
    with Store(db) as store:
        store.add_player("Ann", "red")
        with pytest.raises(RuleError, match="ann is the player Ann, who is already seated"):
            store.new_session("scorepad", {"players": ["Ann", "Bob", "ann"]})
        assert store.seats() == {} and store.sessions() == []


def test_a_refused_game_leaves_no_seats(db):
    with Store(db) as store:
        store.add_player("Ann", "red")
        with pytest.raises(Exception):
            store.new_session("scorepad", {"players": ["Ann", "Ann"]})
        assert store.seats() == {} and store.sessions() == []


@pytest.mark.parametrize("first, second", [
    ("José", "Jose\u0301"), ("José", "JOSÉ"), ("Ann", "A\u200dnn"), ("Ann", "\u202eAnn"), ("Ann", "Ann\x07"),
    ("Ann Lee", "Ann\u00a0 Lee")])
def test_one_name_in_other_bytes_is_the_same_player(db, first, second):
    with Store(db) as store:
        ann = store.add_player(first, "red")
        with pytest.raises(InputError, match="already a player called"):
            store.add_player(second, "blue")
        game = store.new_session("scorepad", {"players": [second, "Bob"]})
        assert store.seats([game.id])[game.id][0] == Seat(0, ann.name, ann.id)
        assert [p.name for p in store.players()] == [first]


@pytest.mark.parametrize("given, kept", [("A\ud800nn", "Ann"), ("\x1b[31mRed", "[31mRed"), ("Jose\u0301", "José"),
                                         ("  Ann\u200b  Lee ", "Ann Lee")])
def test_a_name_is_kept_without_what_nobody_can_see(db, given, kept):
    with Store(db) as store:
        player = store.add_player(given, "red")
        assert player.name == kept and [p.name for p in store.players()] == [kept]
        assert store.update_player(player.id, name=given).name == kept  # its own name, as typed again


@pytest.mark.parametrize("name", ["", "   ", "\u200b\u200d", "\ud800", "\x1b\x07"])
def test_a_name_of_nothing_visible_is_refused(db, name):
    with Store(db) as store:
        with pytest.raises(InputError, match="a player needs a name"):
            store.add_player(name, "red")
        assert store.players() == []


def test_a_look_alike_is_another_player(db):
    with Store(db) as store:
        store.add_player("Ann", "red")
        store.add_player("\u0410nn", "blue")  # the screen warns first (tests/ui/test_players.py)
        assert len(store.players()) == 2


def test_a_renamed_player_keeps_their_games_under_the_new_name(db):
    with Store(db) as store:
        anna = store.add_player("Anna", "red")
        first = store.new_session("scorepad", {"players": ["Anna", "Bob"]}).id
        store.update_player(anna.id, name="Annie")
        second = store.new_session("scorepad", {"players": ["Annie"]}).id
    with Store(db) as store:
        assert store.player_sessions(anna.id) == [second, first]
        assert store.seats([first])[first][0] == Seat(0, "Annie", anna.id)
        assert store.seats([first, second, 99]).keys() == {first, second}


def test_a_merge_moves_every_game_and_removes_the_duplicate(db):
    with Store(db) as store:
        anna, ana = store.add_player("Anna", "red"), store.add_player("Ana", "blue")
        old = store.new_session("scorepad", {"players": ["Anna", "Bob"]}).id
        new = store.new_session("scorepad", {"players": ["Ana"]}).id
        store.merge_players(anna.id, ana.id)
        assert [p.name for p in store.players()] == ["Ana"]
        assert store.player_sessions(ana.id) == [new, old]
        assert store.seats([old])[old][0] == Seat(0, "Ana", ana.id)
        assert store.player_sessions(anna.id) == []


def test_a_merge_is_refused_for_two_people_who_played_together(db):
    with Store(db) as store:
        anna, ana = store.add_player("Anna", "red"), store.add_player("Ana", "blue")
        game = store.new_session("scorepad", {"players": ["Anna", "Ana"]}).id
        with pytest.raises(InputError, match="Anna and Ana played 1 game together"):
            store.merge_players(anna.id, ana.id)
        with pytest.raises(InputError, match="into themselves"):
            store.merge_players(ana.id, ana.id)
        with pytest.raises(InputError, match="no player with id 99"):
            store.merge_players(99, ana.id)
        assert len(store.players()) == 2 and store.seats()[game][0].player_id == anna.id


def test_a_merge_that_cannot_be_saved_changes_nothing(db):
    with Store(db) as store:
        anna, ana = store.add_player("Anna", "red"), store.add_player("Ana", "blue")
        game = store.new_session("scorepad", {"players": ["Anna"]}).id
        store._db.execute("CREATE TRIGGER no_delete BEFORE DELETE ON players BEGIN SELECT RAISE(ABORT, 'held'); END")
        with pytest.raises(StoreError, match="nothing was changed"):
            store.merge_players(anna.id, ana.id)
        assert store.seats()[game][0].player_id == anna.id and len(store.players()) == 2


#: "Ann", "ann" and "A\u200dnn": one player, three spellings; "José" too; a Cyrillic "Аnn" is another
NAMES = ["Ann", "ann", "A\u200dnn", "\u0410nn", "Bob", "José", "JOSE\u0301", "Zed"]
STEPS = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(NAMES)),
    st.tuples(st.just("game"), st.lists(st.sampled_from(NAMES), min_size=1, max_size=4)),
    st.tuples(st.just("rename"), st.integers(0, 5), st.sampled_from(NAMES)),
    st.tuples(st.just("merge"), st.integers(0, 5), st.integers(0, 5)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEPS, max_size=25))
def test_after_any_renames_and_merges_no_game_is_lost_and_every_seat_is_a_player_or_a_guest(tmp_path_factory, steps):
    db = tmp_path_factory.mktemp("merge") / "companion.db"
    with Store(db) as store:
        store._db.execute("PRAGMA synchronous=OFF")  # building only
        seated: dict[int, int] = {}  # game -> its number of seats
        for step in steps:
            ids = [p.id for p in store.players()]
            try:
                if step[0] == "add":
                    store.add_player(step[1], "red")
                elif step[0] == "game":
                    names = list(dict.fromkeys(step[1]))
                    seated[store.new_session("scorepad", {"players": names}).id] = len(names)
                elif step[0] == "rename" and ids:
                    store.update_player(ids[step[1] % len(ids)], name=step[2])
                elif step[0] == "merge" and ids:
                    store.merge_players(ids[step[1] % len(ids)], ids[step[2] % len(ids)])
            except (InputError, RuleError):
                pass
        players = {p.id: p.name for p in store.players()}
        seats = store.seats()
        assert {info.id for info in store.sessions(limit=-1)} == set(seated)
        assert {sid: len(s) for sid, s in seats.items()} == seated  # no game, no seat lost
        for sid, game in seats.items():
            linked = [s.player_id for s in game if s.player_id is not None]
            assert set(linked) <= set(players) and len(linked) == len(set(linked))  # nobody seated twice
            assert all(s.name == players[s.player_id] for s in game if s.player_id is not None)
        # newest first by the recorded start, then by id: the wall clock may step back between
        # two games (a Pi has no real-time clock), so the ids alone do not give the order
        started = {info.id: info.started for info in store.sessions(limit=-1)}
        for pid in players:
            assert store.player_sessions(pid) == sorted(
                (sid for sid, game in seats.items() if any(s.player_id == pid for s in game)),
                key=lambda sid: (started[sid], sid), reverse=True)
