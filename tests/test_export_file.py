"""`companion export -o FILE` and `--plays`: a file is replaced only when asked (a database
never), written whole or not at all, and the plays table is what a spreadsheet user wants."""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import os

import pytest

from companion.intake import files
from companion.cli import main
from companion.db.store import Store
from tests.dbdamage import PLAYERS, add, sample_db
from tests.disk import fault
from tests.test_export import one_line_error


def cli(*argv):
    return main([str(arg) for arg in argv])


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "companion.db"
    sample_db(path)
    return path


def test_an_existing_file_is_replaced_only_with_force(db, tmp_path, capsys):
    out = tmp_path / "games.json"
    out.write_text("my notes")
    assert cli("--db", db, "export", "-o", out) == 2
    assert "exists; choose another name, or add --force" in one_line_error(capsys)
    assert out.read_text() == "my notes"
    assert cli("--db", db, "export", "-o", out, "--force") == 0
    assert out.read_text().startswith('{"format": "old-west-companion-export"')


def test_a_database_is_never_replaced_by_an_export(db, tmp_path, capsys):
    backup = tmp_path / "backup.db"
    assert cli("--db", db, "backup", backup) == 0
    before = backup.read_bytes()
    capsys.readouterr()
    for argv in (["-o", backup], ["-o", backup, "--force"]):
        assert cli("--db", db, "export", *argv) == 2
        assert "backup.db" in one_line_error(capsys)
    assert backup.read_bytes() == before


def test_a_failed_export_leaves_the_old_file_and_no_temporary_one(db, tmp_path, capsys, monkeypatch):
    out = tmp_path / "games.csv"
    out.write_text("the export of last week")
    listing = sorted(p.name for p in tmp_path.iterdir())

    def full(fd):
        raise fault(errno.ENOSPC)

    monkeypatch.setattr(os, "fsync", full)
    assert cli("--db", db, "export", "--format", "csv", "-o", out, "--force") == 2
    line = one_line_error(capsys)
    assert "No space left on device" in line and "disk is full" in line and "left as it was" in line
    assert out.read_text() == "the export of last week" and sorted(p.name for p in tmp_path.iterdir()) == listing


def test_the_file_is_synced_then_renamed_then_its_folder_synced(db, tmp_path, monkeypatch):
    done = []
    real_fsync, real_replace, real_link = os.fsync, os.replace, os.link
    monkeypatch.setattr(os, "fsync", lambda fd: (done.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}"))),
                                                real_fsync(fd)))
    monkeypatch.setattr(os, "link", lambda a, b: (done.append(("link", str(b))), real_link(a, b)))
    out = tmp_path / "games.json"
    assert cli("--db", db, "export", "-o", out) == 0
    names = [(step, os.path.basename(path)) for step, path in done]
    assert names[-3][0] == "fsync" and names[-3][1].endswith(".part")  # the file's bytes, on disk
    assert names[-2] == ("link", "games.json")  # then its name
    assert names[-1] == ("fsync", tmp_path.name)  # then the folder that holds the name
    assert not list(tmp_path.glob(".*part"))


def test_a_new_file_gets_the_usual_permissions(db, tmp_path):
    out = tmp_path / "games.json"
    old = os.umask(0o022)
    try:
        assert cli("--db", db, "export", "-o", out) == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == 0o644


def plays_of(db, *argv):
    """The plays table as rows of cells."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli("--db", db, "export", "--format", "csv", "--plays", *argv) == 0
    return list(csv.reader(io.StringIO(out.getvalue(), newline="")))


def test_plays_has_a_row_per_finished_game_and_player(tmp_path):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        store.add_player("=Ann+1", "red")
        store.add_player("Bob", "blue")
        done = store.new_session("scorepad", {"players": ["=Ann+1", "Bob", "Cid"]})
        done.do(add("Bob", 5))
        done.do(add("=Ann+1", 2))
        done.do(add("Cid", 5))
        done.do({"type": "finish"})
        store.new_session("scorepad", PLAYERS).do(add("Ann", 1))  # not finished: no rows
        store.update_player(2, name="Bobby")
    header, *rows = plays_of(db)
    assert header == ["date", "game", "duration", "player", "score", "place", "won"]
    assert [row[1:] for row in rows] == [
        ["Score pad", "0", "'=Ann+1", "2", "3", "no"],  # a formula escaped: shown as text
        ["Score pad", "0", "Bobby", "5", "1", "yes"],  # their name now
        ["Score pad", "0", "Cid", "5", "1", "yes"]]  # a guest, tied first
    assert all(len(row[0]) == len("2026-12-02 07:05") for row in rows)


def test_plays_of_rapid_city_put_the_fewest_bullets_first(tmp_path):
    from companion.records.plays import rows

    result = {"bullets": {"red": 6, "blue": 1, "green": 3}, "winners": ["blue"]}
    seats = [{"name": colour, "player": None} for colour in ("red", "blue", "green")]
    table = rows("rapidcity", "2026-12-02T07:00:00+00:00", "2026-12-02T07:42:10+00:00", result, seats)
    assert [(row[2], row[3], row[4], row[5], row[6]) for row in table] == [
        (42, "red", 6, 3, "no"), (42, "blue", 1, 1, "yes"), (42, "green", 3, 2, "no")]


@pytest.mark.parametrize("argv, says", [(["--plays"], "--plays is a CSV table"), (["--force"], "give -o FILE")])
def test_plays_without_csv_and_force_without_a_file_are_refused(db, capsys, argv, says):
    assert cli("--db", db, "export", *argv) == 2
    assert says in one_line_error(capsys)


def test_the_plays_table_of_one_game(tmp_path):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        game = store.new_session("scorepad", PLAYERS)
        game.do(add("Ann", 1))
        game.do({"type": "finish"})
    assert len(plays_of(db, "--game", "scorepad")) == 3 and plays_of(db, "--game", "spurs") == [
        ["date", "game", "duration", "player", "score", "place", "won"]]


def test_written_atomically_never_replaces_without_being_asked(tmp_path):
    path = tmp_path / "x"
    with files.written_atomically(path, replace=False) as handle:
        handle.write("one")
    with pytest.raises(FileExistsError):
        with files.written_atomically(path, replace=False) as handle:
            handle.write("two")
    assert path.read_text() == "one" and sorted(p.name for p in tmp_path.iterdir()) == ["x"]
