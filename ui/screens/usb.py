"""The offer on Home to back the games up to a USB stick, shown while one is plugged in.

Home looks for a stick when it is shown and every few seconds while it stays shown
(``companion.kiosk.usbdrive`` reads ``/proc/self/mounts``: under a millisecond). The copy runs on a worker
thread, so a slow stick never freezes the screen, and its outcome is said in words under the
button: where the backup went, or why there is none (full, read-only, pulled out). The
table's database is only read, whatever the stick does.
"""

from __future__ import annotations

import threading
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.kiosk import usbdrive
from ui.kit.kvload import load_kv
import ui.kit.widgets  # noqa: F401  (BigButton, Caption for the kv rule)

#: seconds between looks for a stick while Home is shown
LOOK_EVERY_S = 2.0


class UsbOffer(BoxLayout):
    """'Back up to KINGSTON' while a stick is mounted, and what the last backup did."""

    drive = ObjectProperty(None, allownone=True)  # the stick offered (a usbdrive.Drive)
    said = StringProperty("")  # the last backup's outcome, in words
    busy = BooleanProperty(False)
    #: where the mounted drives are listed (tests point it at a file of their own)
    mounts_file = ObjectProperty(usbdrive.MOUNTS)

    _event = None

    def start(self) -> None:
        """Home is shown: look now, and again every few seconds."""
        self.look()
        if self._event is None:
            self._event = Clock.schedule_interval(self.look, LOOK_EVERY_S)

    def stop(self) -> None:
        """Home is left: stop looking; the outcome of a backup is not news next time."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
        if not self.busy:
            self.said = ""

    def look(self, _dt: float = 0) -> None:
        found = usbdrive.mounted(Path(self.mounts_file))
        writable = [d for d in found if not d.read_only]
        self.drive = (writable or found or [None])[0]

    def back_up(self) -> None:
        if self.drive is None or self.busy:
            return
        drive, db = self.drive, App.get_running_app().store.path
        self.busy, self.said = True, f"Backing up to {drive.label}..."
        threading.Thread(target=self._copy, args=(db, drive), daemon=True, name="usb-backup").start()

    def _copy(self, db: Path, drive: usbdrive.Drive) -> None:
        try:
            _copy, words = usbdrive.back_up(db, drive, mounts_file=Path(self.mounts_file))
        except Exception as exc:  # noqa: BLE001 - a worker's surprise is said on screen, never a crash
            words = f"The backup to {drive.label} failed: {exc}"
        Clock.schedule_once(lambda _dt: self._done(words))

    def _done(self, words: str) -> None:
        self.busy, self.said = False, words
        self.look()


load_kv(__file__)
