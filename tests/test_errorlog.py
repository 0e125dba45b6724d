"""The log of faults the app recovered from: bounded, beside the database, told by doctor."""

from __future__ import annotations

from companion.contracts.checks import WARN
from companion.records.check import database_checks
from companion.kiosk.errorlog import MAX_BYTES, error_log_path, read_log, record


def test_a_log_that_cannot_be_written_changes_nothing_else(tmp_path):
    db = tmp_path / "missing" / "companion.db"
    record(db, "Faulty: x", "Traceback ...")
    assert read_log(db) is None and not db.parent.exists()


def test_the_log_stays_bounded_and_its_newest_entry_is_read(tmp_path):
    db = tmp_path / "companion.db"
    for n in range(400):
        record(db, f"Faulty: {n}", "Traceback\n" + "x" * 500)
    files = sorted(tmp_path.glob("companion.db.errors.log*"))
    assert [f.name for f in files] == ["companion.db.errors.log", "companion.db.errors.log.1"]
    assert sum(f.stat().st_size for f in files) <= 2 * MAX_BYTES + 1024
    assert read_log(db).last == "Faulty: 399"


def test_doctor_says_how_many_faults_the_app_recovered_from_and_where_they_are(tmp_path):
    db = tmp_path / "companion.db"
    assert not [c for c in database_checks(db) if c.name == "App faults"]
    record(db, "IndexError: list index out of range", "Traceback (most recent call last):\n  ...")
    record(db, "KeyError: 'x'\nsecond line", "Traceback (most recent call last):\n  ...")
    [check] = [c for c in database_checks(db) if c.name == "App faults"]
    assert check.status == WARN and check.ok  # the table can play: the app recovered
    assert "recovered from 2 fault(s)" in check.found and check.found.endswith("KeyError: 'x'")
    assert str(error_log_path(db)) in check.fix
