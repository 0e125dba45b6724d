"""The USB backup offer on Home, through its button: a stick plugged in is offered, the
backup lands on it and is said in words; a read-only, full or pulled stick gets a clear
message, the app keeps running and the table's database is unchanged."""

from __future__ import annotations

import time

from companion.kiosk import usbdrive
from companion.db.place import sizes_in_words
from companion.intake.errors import StoreError
from companion.db.store import Store
from tests.ui.readability import problems


def plug(ui, tmp_path, options: str = "rw"):
    """A stick (a folder) listed in a mounts file of our own; Home shown again looks for it."""
    stick = tmp_path / "KINGSTON"
    stick.mkdir(exist_ok=True)
    listed = tmp_path / "mounts"
    listed.write_text(f"/dev/sda1 {stick} vfat {options},relatime 0 0\n")
    ui.screen.ids.usb.mounts_file = listed
    ui.app.go("players")
    ui.app.go_home()
    ui.pump()
    return stick, listed


def finished(ui) -> str:
    usb = ui.screen.ids.usb
    deadline = time.monotonic() + 30
    while usb.busy and time.monotonic() < deadline:
        ui.pump(1)
        time.sleep(0.02)
    assert not usb.busy
    ui.pump()
    return usb.said


def a_game(ui) -> list:
    ui.app.store.add_player("Ann", "red")
    ui.app.store.new_session("scorepad", {"players": ["Ann"]}).do({"type": "add", "player": "Ann", "points": 3})
    return [(s.id, s.kind) for s in ui.app.store.sessions()]


def test_no_stick_no_offer_then_a_backup_through_the_button(ui, tmp_path):
    games = a_game(ui)
    ui.screen.ids.usb.mounts_file = tmp_path / "mounts"
    (tmp_path / "mounts").write_text("/dev/mmcblk0p2 / ext4 rw 0 0\n")
    ui.screen.ids.usb.look()
    ui.pump()
    assert not any(t.startswith("USB stick") for t in ui.texts())
    stick, _ = plug(ui, tmp_path)
    ui.tap("USB stick found: Back up to KINGSTON")
    said = finished(ui)
    (copy,) = stick.glob("companion-*.db")
    assert said == f"Backed up 1 game to KINGSTON: {copy.name} ({sizes_in_words(copy.stat().st_size)[0]}). " \
                   "The stick can be removed."
    assert said in ui.texts() and problems(ui.screen, layouts=True) == []
    ui.screenshot("usb-backup")
    with Store(copy) as backup:
        assert [(s.id, s.kind) for s in backup.sessions()] == games
    assert [(s.id, s.kind) for s in ui.app.store.sessions()] == games


def test_a_read_only_stick_is_said_and_not_offered(ui, tmp_path):
    plug(ui, tmp_path, options="ro")
    button = ui.find("USB stick KINGSTON is read-only")
    assert button.disabled


def test_a_full_or_pulled_stick_is_said_in_words_and_nothing_changes(ui, tmp_path, monkeypatch):
    games = a_game(ui)
    stick, listed = plug(ui, tmp_path)

    def full(_db, _dest):
        raise StoreError("could not write the backup (database or disk is full)")

    monkeypatch.setattr(usbdrive, "backup", full)
    ui.tap("USB stick found: Back up to KINGSTON")
    assert finished(ui).startswith("KINGSTON is full (")

    def pulled(_db, _dest):
        listed.write_text("")
        raise StoreError("could not back up (disk I/O error)")

    monkeypatch.setattr(usbdrive, "backup", pulled)
    ui.tap("USB stick found: Back up to KINGSTON")
    assert finished(ui) == "KINGSTON was removed before the backup was finished: plug it in again and retry."
    assert "KINGSTON was removed before the backup was finished: plug it in again and retry." in ui.texts()
    assert not any(t.startswith("USB stick found") for t in ui.texts())  # the offer went with the stick
    assert ui.app.manager.current == "home" and list(stick.iterdir()) == []
    assert [(s.id, s.kind) for s in ui.app.store.sessions()] == games
