"""The slowed table's child: ``python -m tests.monkey.answering --db PATH --ask PATH --answer
PATH`` under an X display (tests/monkey/slowed.py starts it). The database is laid as for a
Spurs walk (tests/monkey/table.py: three players, their sheets, a game in progress), with the
on-screen keyboard on, and the app starts exactly as `companion --db PATH --backend sim` starts
it (``ui.shell.launch.run_app``). The test taps through the X server from its own process, which
stops and continues this one in slices; this process only answers what the test asks: each
time the ask file holds a new number, it writes what the app shows (the screen, where its
buttons are, the game's state) to the answer file, and "quit" after the number stops the app.

Answered from the Kivy clock, between frames, so an answer is never half a tap's work."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tests.monkey.table import lay

#: seconds between two looks at the ask file (a slowed app looks ~5.5 times less often)
LOOK_S = 0.03


class Answerer:
    """Counts the clicks the window hears, and answers the test's questions."""

    def __init__(self, ask: Path, answer: Path) -> None:
        self.ask, self.answer = ask, answer
        self.asked = ""
        self.downs = self.ups = 0

    def start(self, _dt: float = 0) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window

        # SDL's own mouse events: every click, whether or not a touch of it reached a widget
        Window.fbind("on_mouse_down", self._count, "downs")
        Window.fbind("on_mouse_up", self._count, "ups")
        Clock.schedule_interval(self._look, LOOK_S)

    def _count(self, name: str, *_args: Any) -> bool:
        setattr(self, name, getattr(self, name) + 1)
        return False

    def _look(self, _dt: float) -> None:
        try:
            asked = self.ask.read_text().strip()
        except FileNotFoundError:
            return
        if not asked or asked == self.asked:
            return
        self.asked = asked
        number, *rest = asked.split()
        written = self.answer.with_suffix(".tmp")
        written.write_text(json.dumps({"n": int(number), **self.shown()}))
        os.replace(written, self.answer)  # whole or not at all: the test reads it meanwhile
        if rest == ["quit"]:
            from kivy.app import App

            App.get_running_app().stop()

    def shown(self) -> dict[str, Any]:
        from kivy.app import App
        from kivy.clock import Clock

        app = App.get_running_app()
        screen = app.manager.current_screen
        model, session = getattr(screen, "model", None), getattr(screen, "session", None)
        picker = getattr(screen, "ids", {}).get("picker")
        return {
            "screen": app.manager.current, "built": list(app.manager.screen_names),
            # the loop's turns (a frame is drawn only when something changed)
            "downs": self.downs, "ups": self.ups, "frames": Clock.frames, "building": app.building,
            "popup": bool(modal_views()), "targets": targets(), "focused": focused(), "notice": notice(screen),
            "chosen": [p.name for p in picker.chosen] if picker is not None else None,
            "page": getattr(model, "page", None),
            "current": getattr(getattr(session, "state", None), "current", None),
            "actions": [a["type"] for a in session.actions] if session is not None else None,
        }


def modal_views() -> list[Any]:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in Window.children if isinstance(w, ModalView)]


def targets() -> dict[str, list[int]]:
    """Each button a tap at its centre reaches, by its words, at its centre in the X screen's
    pixels (top-left origin): the first of a kind where words repeat."""
    from kivy.core.window import Window
    from kivy.uix.behaviors import ButtonBehavior

    from ui.kit.doubletap import reached

    found: dict[str, list[int]] = {}
    for root in modal_views()[:1] or Window.children:
        for widget in root.walk(restrict=True):
            text = getattr(widget, "text", "")
            if not (isinstance(widget, ButtonBehavior) and isinstance(text, str) and text.strip()):
                continue
            x, y = widget.to_window(*widget.center)
            if 0 <= x < Window.width and 0 <= y < Window.height and reached(x, y) is widget:
                found.setdefault(text.strip(), [int(round(Window.left + x)),
                                                int(round(Window.top + Window.height - y))])
    return found


def focused() -> list[str]:
    """The words in each text field that has the focus."""
    from kivy.core.window import Window
    from kivy.uix.textinput import TextInput

    return [w.text for root in Window.children for w in root.walk() if isinstance(w, TextInput) and w.focus]


def notice(screen: Any) -> str:
    """The words of the notice the screen shows (a refusal, or news), "" for none."""
    from ui.kit.widgets import Notice

    return next((w.said for w in screen.walk() if isinstance(w, Notice) and w.said), "")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.monkey.answering", description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="a database path that does not exist yet")
    parser.add_argument("--ask", type=Path, required=True, help="the file the test writes its questions to")
    parser.add_argument("--answer", type=Path, required=True, help="the file the answers are written to")
    args = parser.parse_args(argv)
    lay(args.db, "spurs")
    from companion.db.store import Store

    store = Store(args.db)
    try:
        store.set_pref("keyboard", "on")  # the keys a "+ Guest" brings up under the finger
    finally:
        store.close()

    from companion.cli import app_arguments
    from ui.shell.launch import configure_kivy, run_app

    configure_kivy(fullscreen=False)  # as run_app does first: Kivy's clock and config before Kivy loads
    from kivy.clock import Clock

    answerer = Answerer(args.ask, args.answer)  # held: the clock keeps only a weak reference to it
    Clock.schedule_once(answerer.start, 0)
    return run_app(app_arguments(["--db", str(args.db), "--backend", "sim"]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
