"""Finding USB sticks in the mounts list, and a backup onto one said in words."""

from __future__ import annotations

import errno
from datetime import datetime
from pathlib import Path

from hypothesis import given, strategies as st

from companion.kiosk import usbdrive
from companion.db.place import sizes_in_words
from companion.intake.errors import StoreError
from companion.db.store import Store


def mounts(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_sticks_are_automounted_ones_and_fat_drives_never_the_system(tmp_path):
    media = tmp_path / "media"
    for name in ("KINGSTON", "MY STICK", "boot"):
        (media / name).mkdir(parents=True)
    found = usbdrive.drives(mounts(
        "/dev/mmcblk0p2 / ext4 rw,noatime 0 0",
        "/dev/mmcblk0p1 /boot/firmware vfat rw,relatime 0 0",
        "proc /proc proc rw 0 0",
        f"/dev/sda1 {media}/KINGSTON vfat rw,nosuid,nodev 0 0",
        f"/dev/sdb1 {media}/MY\\040STICK exfat ro,nosuid 0 0",
        "/dev/sdc1 /media/pi/GONE vfat rw 0 0",  # listed but not there: no drive
        "/dev/nvme0n1p1 /home ext4 rw 0 0",
        "garbage",
    ))
    assert [(d.label, d.read_only) for d in found] == [("KINGSTON", False), ("MY STICK", True)]
    assert found[0].path == media / "KINGSTON" and found[0].device == "/dev/sda1"


def test_other_disks_are_not_sticks_and_a_stick_we_cannot_write_is_read_only(tmp_path, monkeypatch):
    (tmp_path / "media" / "pi" / "BACKUP").mkdir(parents=True)
    text = mounts(f"/dev/sdd1 {tmp_path}/media/pi/BACKUP ext4 rw 0 0")
    assert usbdrive.drives(text) == []  # ext4 away from /media: not a stick
    monkeypatch.setattr(usbdrive, "AUTOMOUNT_ROOTS", (f"{tmp_path}/media/",))
    assert [d.label for d in usbdrive.drives(text)] == ["BACKUP"]  # what an automounter mounted is one
    assert usbdrive.drives(mounts("/dev/sdd1 /tmp ext4 rw 0 0")) == []
    found = usbdrive.drives(mounts(f"/dev/sda1 {tmp_path}/media/pi/BACKUP vfat rw 0 0"), writable=lambda _p: False)
    assert [(d.label, d.read_only) for d in found] == [("BACKUP", True)]
    assert usbdrive.mounted(tmp_path / "no-such-file") == []


def test_a_backup_lands_on_the_stick_with_the_date_in_its_name(tmp_path):
    db = tmp_path / "companion.db"
    with Store(db) as store:
        store.add_player("Ann", "red")
        store.new_session("scorepad", {"players": ["Ann"]}).do({"type": "add", "player": "Ann", "points": 3})
    stick = tmp_path / "KINGSTON"
    stick.mkdir()
    drive = usbdrive.Drive("KINGSTON", stick, "/dev/sda1", False)
    now = datetime(2026, 12, 2, 7, 5, 9)
    copy, words = usbdrive.back_up(db, drive, now=now)
    assert copy.path == stick / "companion-20261202-0705.db" and copy.sessions == 1
    assert words.startswith("Backed up 1 game to KINGSTON: companion-20261202-0705.db (")
    again, _ = usbdrive.back_up(db, drive, now=now)  # the same minute keeps the first
    assert again.path.name == "companion-20261202-0705-09.db" and copy.path.exists()
    with Store(again.path) as store:
        assert len(store.sessions()) == 1


def plugged(tmp_path):
    """A database, and a stick KINGSTON listed in a mounts file of the test's: (db, stick,
    its drive, the mounts file)."""
    db = tmp_path / "companion.db"
    Store(db).close()
    stick = tmp_path / "KINGSTON"
    stick.mkdir()
    listed = tmp_path / "mounts"
    listed.write_text(mounts(f"/dev/sda1 {stick} vfat rw 0 0"))
    return db, stick, usbdrive.mounted(listed)[0], listed


def test_what_a_stick_can_do_is_said_in_words_and_never_raised(tmp_path, monkeypatch):
    db, stick, drive, listed = plugged(tmp_path)
    assert usbdrive.back_up(db, usbdrive.Drive("RO", stick, "/dev/sda1", True))[1].startswith("RO is read-only")

    def full(_db, _dest):
        try:
            raise OSError(errno.ENOSPC, "No space left on device")
        except OSError:
            raise StoreError("could not write the backup (No space left on device)") from None

    monkeypatch.setattr(usbdrive, "backup", full)
    copy, words = usbdrive.back_up(db, drive, mounts_file=listed)
    assert copy is None and words.startswith("KINGSTON is full (")

    def pulled(_db, _dest):
        listed.write_text("")
        raise StoreError("could not back up (disk I/O error)")

    monkeypatch.setattr(usbdrive, "backup", pulled)
    assert usbdrive.back_up(db, drive, mounts_file=listed) == \
        (None, "KINGSTON was removed before the backup was finished: plug it in again and retry.")


def test_a_mount_point_that_leads_elsewhere_is_no_stick(tmp_path, monkeypatch):
    media = tmp_path / "media" / "pi"
    (media / "KINGSTON").mkdir(parents=True)
    (tmp_path / "home").mkdir()
    (media / "LINK").symlink_to(tmp_path / "home")
    monkeypatch.setattr(usbdrive, "AUTOMOUNT_ROOTS", (f"{tmp_path}/media/",))
    found = usbdrive.drives(mounts(
        f"/dev/sda1 {media}/\\056\\056/\\056\\056/\\056\\056/home vfat rw 0 0",  # "..", were it unescaped
        f"/dev/sda2 {media}/KINGSTON/../../../home vfat rw 0 0",
        f"/dev/sda3 {media}/LINK vfat rw 0 0",
        f"/dev/sda4 {media}/./KINGSTON vfat rw 0 0",
        f"/dev/sda5 {media}/KINGSTON vfat rw 0 0",
    ))
    assert [(d.label, d.device) for d in found] == [("KINGSTON", "/dev/sda5")]


def test_a_full_stick_is_told_with_figures_that_differ(tmp_path, monkeypatch):
    db, _stick, drive, listed = plugged(tmp_path)
    monkeypatch.setattr(usbdrive, "free_bytes", lambda _path: 104_857)
    monkeypatch.setattr(usbdrive, "backup_size", lambda _db: 106_496)

    def full(_db, _dest):
        raise StoreError("could not write the backup (No space left on device)")

    monkeypatch.setattr(usbdrive, "backup", full)
    _copy, words = usbdrive.back_up(db, drive, mounts_file=listed)
    assert words.startswith("KINGSTON is full (105 kB free, the backup needs 106 kB)")
    monkeypatch.setattr(usbdrive, "free_bytes", lambda _path: 812)
    _copy, words = usbdrive.back_up(db, drive, mounts_file=listed)
    assert words.startswith("KINGSTON is full (812 bytes free, the backup needs 106 kB)")


@given(st.integers(0, 10**13), st.integers(0, 10**13))
def test_two_sizes_that_differ_never_read_the_same(a, b):
    said = sizes_in_words(a, b)
    assert (said[0] == said[1]) == (a == b)
    for size, words in zip((a, b), said):
        assert words.endswith("bytes" if size < 10_000 and size != 1 else "byte" if size == 1 else "B")
