"""Renders the README's screenshots with the app itself, headless, from a demo database.

Run: python docs/make_screenshots.py  (writes docs/*.png at 800x480)
"""

import os
import sys
import tempfile
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
                  KIVY_USE_DEFAULTCONFIG="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.launch import configure_kivy  # noqa: E402

configure_kivy(fullscreen=False)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402

DOCS = Path(__file__).resolve().parent


def shot(name: str) -> None:
    for _ in range(4):
        EventLoop.idle()
    Path(Window.screenshot(name=str(DOCS / f"{name}-.png"))).replace(DOCS / f"{name}.png")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "demo.db")
        for name, colour in (("Annie", "red"), ("Doc", "blue"), ("Calamity", "green"), ("Wyatt", "yellow")):
            store.add_player(name, colour)
        done = store.new_session("scorepad", {"players": ["Doc", "Wyatt"]})
        done.do({"type": "add", "player": "Wyatt", "points": 12})
        done.do({"type": "finish"})
        store.new_session("scorepad", {"players": ["Annie", "Doc", "Calamity"]})
        app = CompanionApp(store, backend="sim")
        app._run_prepare()
        shot("home")
        app.go("players")
        shot("players")
        app.stop()


if __name__ == "__main__":
    main()
