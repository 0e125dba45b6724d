"""`companion referee export SESSION CARD`: every stored Rapid City call written out as a
round file, which `companion referee replay` judges to the verdict the table saw, without
the database changing by a byte."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.rapidcity.engine import round_template
from companion.rapidcity.roundfile import parse_round, round_to_json
from companion.rapidcity.simulate import simulate
from companion.db.store import Store


def play_game(db, seed: int, players: list[str], cards: int | None = None, **variants) -> int:
    """A simulated Rapid City game kept in the store, whole or its first ``cards``; its
    session number."""
    with Store(db) as store:
        game = store.new_session("rapidcity", {"players": players, "seed": seed, **variants})
        card_seed = seed
        while not game.state.game_over and len(game.state.played) != cards:
            table = parse_round(round_template(game.state))
            card_seed += 1
            live = simulate(table.card, table.players, table.tiles, card_seed,
                            bullets=table.bullets, settings=table.settings).delivered()
            game.do({"type": "play", "round": round_to_json(live)})
        return game.id


@pytest.fixture
def stored(tmp_path):
    """A database with two finished Rapid City games."""
    db = tmp_path / "c.db"
    first = play_game(db, 5, ["red", "blue", "green", "yellow"], healing=True)
    second = play_game(db, 41, ["red", "blue", "green", "yellow", "black", "white"],
                       two_characters=True, ultimate=True)
    return db, (first, second)


def test_every_stored_call_exports_and_replays_to_its_stored_verdict(tmp_path, capsys, stored):
    db, sessions = stored
    with Store(db) as store:
        calls = {s: store.open_session(s).state.played for s in sessions}
    before = db.read_bytes()
    assert sum(len(c) for c in calls.values()) > 10
    for session, played in calls.items():
        for number, call in enumerate(played, 1):
            out = tmp_path / f"s{session}c{number}.json"
            assert main(["referee", "export", str(session), str(number), "-o", str(out), "--db", str(db)]) == 0
            assert capsys.readouterr().out == f"wrote {out}\n"
            assert main(["referee", "replay", str(out)]) == 0
            assert json.loads(capsys.readouterr().out) == call.verdict, f"session {session} card {number}"
    assert db.read_bytes() == before


def test_export_without_o_prints_the_round_file(capsys, stored):
    db, (session, _) = stored
    assert main(["--db", str(db), "referee", "export", str(session), "1"]) == 0
    with Store(db) as store:
        assert json.loads(capsys.readouterr().out) == store.open_session(session).state.played[0].round


@pytest.mark.parametrize("argv, fragment", [
    (["1", "999"], "card(s) played; CARD is 1 to"),
    (["99", "1"], "no game session 99"),
    (["0", "1"], "SESSION 0: at least 1"),
    (["1", "\u0661"], "CARD '\u0661': expected a whole number"),
    (["1", "9" * 5000], "CARD '9999"),
])
def test_export_refuses_what_is_not_a_stored_call(capsys, stored, argv, fragment):
    db, _ = stored
    before = db.read_bytes()
    assert main(["referee", "export", *argv, "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and fragment in err and len(err) < 320
    assert db.read_bytes() == before


def test_export_never_creates_a_database(tmp_path, capsys):
    missing = tmp_path / "none.db"
    assert main(["referee", "export", "1", "1", "--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()


def test_export_of_another_game_says_so(tmp_path, capsys):
    db = tmp_path / "c.db"
    with Store(db) as store:
        player = {"character": "Kid", "riding": 2, "bag": {"grey": 3}}
        spurs = store.new_session("spurs", {"players": [{"name": "Ann", **player}, {"name": "Bob", **player}],
                                            "target": 10})
    assert main(["referee", "export", str(spurs.id), "1", "--db", str(db)]) == 2
    assert "is a spurs game" in capsys.readouterr().err


def test_export_to_a_folder_is_refused_in_one_line(tmp_path, capsys, stored):
    db, (session, _) = stored
    assert main(["referee", "export", str(session), "1", "-o", str(tmp_path), "--db", str(db)]) == 2
    assert "cannot write the round file" in capsys.readouterr().err
