"""No exception ends the app: the screen it came from is rebuilt from the database.

Kivy runs every callback (a button's release, a Clock event, a property's binding) inside its
main loop, and an exception there stops the loop: the kiosk's app exits and the table lands
on a black screen until the service restarts it. Kivy's ExceptionManager (kivy/base.py
``EventLoopBase.mainloop``) asks its handlers first; this one keeps the loop going:

- the traceback goes to the bounded log beside the database (companion/kiosk/errorlog.py), which
  `companion doctor` reports;
- at the next frame the screen that was showing is let go and built anew: a game screen is
  reopened from the store, which holds every acknowledged action (a tap is saved before its
  answer is shown), so nothing the table saw is lost; any other screen gives way to Home;
- one line in the players' words says so, on the screen they land on.

A fault that comes back at once (the rebuilt screen raising again) goes to Home; one that
keeps coming back ends the app after all (``ExceptionManager.RAISE``), so the service can
restart it rather than the table facing a screen that fails every frame. Ctrl+C and
``sys.exit`` (not ``Exception``) still end the app.
"""

from __future__ import annotations

import time
import traceback
from typing import Any, Callable

from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.logger import Logger

from companion.kiosk.errorlog import record

#: seconds within which faults count as one run of them
RUN_S = 5.0
#: faults in one run: the first rebuilds the screen; from the second on, Home; past the last, exit
TO_HOME_AFTER, GIVE_UP_AFTER = 1, 8

SAID_GAME = "Something went wrong on this screen; it was reopened from the saved game. Nothing is lost."
SAID_HOME = "Something went wrong on that screen, so you are back Home. Every saved game is kept."


class Recovery(ExceptionHandler):
    """The app's handler on Kivy's ExceptionManager (added when the app builds, removed when
    it stops). ``rebuild(to_home)`` is the app's: it shows the rebuilt screen and returns the
    screen that will say what happened; ``clock`` is injected for tests."""

    def __init__(self, db_path: Any, rebuild: Callable[[bool], Any],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.db_path = db_path
        self._rebuild = rebuild
        self._clock = clock
        self._run: list[float] = []
        self._to_home = False
        self._pending = Clock.create_trigger(self._recover)

    def handle_exception(self, inst: BaseException) -> int:
        if not isinstance(inst, Exception):  # KeyboardInterrupt, SystemExit: meant to stop
            return ExceptionManager.RAISE
        now = self._clock()
        self._run = [t for t in self._run if now - t < RUN_S] + [now]
        summary = f"{type(inst).__name__}: {inst}"
        Logger.error(f"Recovered: {summary}")
        if self.db_path is not None:
            record(self.db_path, summary, "".join(traceback.format_exception(inst)))
        if len(self._run) > GIVE_UP_AFTER:
            Logger.critical(f"Recovery: {len(self._run)} faults in {RUN_S:.0f} s; the app stops for a restart")
            return ExceptionManager.RAISE
        self._to_home = self._to_home or len(self._run) > TO_HOME_AFTER
        self._pending()  # the frame the fault broke ends first: nothing is rebuilt mid-dispatch
        return ExceptionManager.PASS

    def _recover(self, _dt: float = 0) -> None:
        to_home, self._to_home = self._to_home, False
        screen = self._rebuild(to_home)
        if hasattr(screen, "news"):
            screen.news = SAID_GAME
        elif hasattr(screen, "message"):
            screen.message = SAID_HOME

    def cancel(self) -> None:
        """The app stopped: no rebuild is left waiting on the Clock."""
        self._pending.cancel()
