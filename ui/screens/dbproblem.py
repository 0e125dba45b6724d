"""The screen shown instead of Home when the game database cannot be used.

A kiosk has no terminal: this screen is where a player (or the maker, later) reads what is
wrong with the database and what to do. Nothing is changed; "Try again" reopens it once the
problem is fixed (the other app closed, the permissions corrected, the file moved aside).
"""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from ui.kit import widgets  # noqa: F401 - registers the Heading and BigButton the kv rule uses
from ui.kit.kvload import load_kv


class DatabaseProblemScreen(Screen):
    def try_again(self) -> None:
        app = App.get_running_app()
        if app.open_database():
            app.go_home()


load_kv(__file__)
