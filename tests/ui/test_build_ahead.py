"""The real app builds the games' screens while Home is shown, so a game's first open only
fills its screen in; building them never opens the pads behind Rapid City."""

import gc
from unittest.mock import patch

from companion.games import ENGINES
from tests.ui.conftest import start_app, stop_app
from ui import app as app_module


def test_game_screens_are_built_ahead_then_frozen_out_of_the_collector(db):
    with patch.object(app_module, "PRELOAD_AFTER_S", 0):
        ui = start_app(db, preload=True)
    try:
        for _ in range(40):
            ui.pump(1)
            if gc.get_freeze_count():
                break
        built = [name for kind in ENGINES for name in (f"{kind}_setup", kind)]
        assert all(ui.app.manager.has_screen(name) for name in built)
        assert ui.app.manager.current == "home" and ui.app._hardware is None
        assert gc.get_freeze_count() > 0
        ui.app.store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        ui.app.go("players")
        ui.app.go_home()
        ui.tap(ui.find(startswith="Resume Score pad"))
        assert ui.app.manager.current == "scorepad"
    finally:
        gc.unfreeze()
        stop_app(ui)


def test_without_preload_only_home_is_built(ui):
    ui.pump(5)
    assert not ui.app.manager.has_screen("spurs") and gc.get_freeze_count() == 0
