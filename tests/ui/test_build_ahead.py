"""The real app builds the screens of games Home offers to resume while Home is shown, and a
game's screen while its setup screen is filled in, so a game's first open only fills its
screen in; screens nobody is heading for are not built, and building never opens the pads."""

import gc
from unittest.mock import patch

from companion.store import Store
from tests.ui.conftest import start_app, stop_app
from ui import app as app_module

SPURS = {"players": [
    {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2}},
    {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}}]}


def test_screens_of_games_to_resume_are_built_ahead_then_frozen_out_of_the_collector(db):
    with Store(db) as store:
        store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        store.new_session("spurs", SPURS)
    with patch.object(app_module, "PRELOAD_AFTER_S", 0):
        ui = start_app(db, preload=True)
        try:
            for _ in range(40):
                ui.pump(1)
                if gc.get_freeze_count():
                    break
            manager = ui.app.manager
            assert manager.has_screen("scorepad") and manager.has_screen("spurs")
            assert not manager.has_screen("bountytown") and not manager.has_screen("rapidcity")
            assert manager.current == "home" and ui.app._hardware is None
            assert gc.get_freeze_count() > 0
            ui.tap(ui.find(startswith="Resume Score pad"))
            assert manager.current == "scorepad"
            ui.app.go_home()
            ui.tap("Bountytown")  # a new game: its screen is built while the setup is filled in
            ui.pump(3)
            assert manager.current == "bountytown_setup" and manager.has_screen("bountytown")
        finally:
            gc.unfreeze()
            stop_app(ui)


def test_without_preload_only_home_is_built(ui):
    ui.pump(5)
    assert not ui.app.manager.has_screen("scorepad") and gc.get_freeze_count() == 0
