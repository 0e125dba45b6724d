"""The real app builds the screens of games Home offers to resume while Home is shown, and a
game's screen while its setup screen is filled in, so a game's first open only fills its
screen in; screens nobody is heading for are not built, and building never opens the pads."""

import gc
from contextlib import contextmanager
from unittest.mock import patch

from companion.db.store import Store
from tests.ui.conftest import start_app, stop_app
from ui import app as app_module

SPURS = {"players": [
    {"name": "Ann", "character": "Doc", "riding": 3, "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2}},
    {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}}]}


@contextmanager
def built_ahead(db):
    """The real app on ``db``, once it has built (and frozen) what it builds while Home shows."""
    with patch.object(app_module, "PRELOAD_AFTER_S", 0):
        ui = start_app(db, preload=True)
        try:
            for _ in range(40):
                ui.pump(1)
                if gc.get_freeze_count():
                    break
            yield ui
        finally:
            gc.unfreeze()
            stop_app(ui)


def test_screens_of_games_to_resume_are_built_ahead_then_frozen_out_of_the_collector(db):
    with Store(db) as store:
        store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        store.new_session("spurs", SPURS)
    with built_ahead(db) as ui:
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


def test_without_preload_only_home_is_built(ui):
    ui.pump(5)
    assert not ui.app.manager.has_screen("scorepad") and gc.get_freeze_count() == 0


BOUNTYTOWN = {
    "players": [{"name": n, "character": ""} for n in ("Ann", "Bob", "Cid")],
    "grid": ["Bank", "Saloon", "Church", "Sheriff's Office", "Doc's", "General Store", "Stable", "Bandit Hideout",
             "Hotel"],
    "bounties": [{"name": f"Bounty {i}", "renown": i, "locations": ["Bank", "Saloon"], "base": ["3H"], "draws": 1}
                 for i in range(1, 4)],
    "store": ["Rifle"]}


def same(widgets, others) -> bool:
    """The very same widget objects, in the same order."""
    widgets, others = list(widgets), list(others)
    return len(widgets) == len(others) and all(a is b for a, b in zip(widgets, others))


def test_a_game_to_resume_is_filled_in_ahead_so_its_first_open_makes_no_rows(db):
    """The newest game of each kind is drawn while Home shows; Resume then keeps every row
    widget and only sets what it shows (the first open's cost was making them)."""
    with Store(db) as store:
        store.new_session("spurs", SPURS)
        store.new_session("bountytown", BOUNTYTOWN)
        store.new_session("rapidcity", {"players": ["red", "blue", "green"], "seed": 7})
    with built_ahead(db) as ui:
        manager = ui.app.manager
        rows = {"spurs": lambda: manager.get_screen("spurs").ids.pages.get_screen("table").ids.sheets_list.children,
                "bountytown": lambda: manager.get_screen("bountytown").ids.town.ids.board.children,
                "rapidcity": lambda: manager.get_screen("rapidcity").ids.bullets.children}
        ahead = {kind: list(made()) for kind, made in rows.items()}
        assert [len(found) for found in ahead.values()] == [2, 3, 3]
        tiles = list(manager.get_screen("rapidcity").tiles.values())
        assert manager.current == "home" and not ui.app.hardware()._started  # the pads wait for the referee
        for kind, title in (("spurs", "Spurs"), ("bountytown", "Bountytown"), ("rapidcity", "Rapid City")):
            ui.app.go_home()
            ui.tap(ui.find(startswith=f"Resume {title}"))
            assert manager.current == kind and same(rows[kind](), ahead[kind])
        assert same(manager.get_screen("rapidcity").tiles.values(), tiles)
        assert [p.shown.name for p in reversed(rows["spurs"]())] == ["Ann", "Bob"]
        assert [r.shown.headline for r in reversed(rows["bountytown"]())][0].startswith("> Ann: renown 0")
