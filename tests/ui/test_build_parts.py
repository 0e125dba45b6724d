"""Issue 38: a game's screen is built a part a frame, and no part is long: the longest were
Spurs' town page (47-90 ms of kv rules here), its Event card's steppers and Rapid City's
referee, built in one frame. A part's cost is counted in the widgets it makes (never in time:
the machine's speed is no part of a test)."""

from __future__ import annotations

import gc
from itertools import chain
from typing import Iterator

from kivy.uix.screenmanager import ScreenManager
from kivy.uix.widget import Widget

from tests.ui.conftest import pump_until, start_app, stop_app
from ui.rapidcity.panels import PANELS

#: the most widgets one part of a game's screen may make (made whole, the town page was 105)
PART_MOST = 60


def every_widget(root: Widget) -> Iterator[Widget]:
    """``root`` and everything under it, the pages a ScreenManager is not showing too."""
    todo = [root]
    while todo:
        widget = todo.pop()
        yield widget
        todo.extend(widget.children)
        if isinstance(widget, ScreenManager):
            todo.extend(page for page in widget.screens if page.parent is None)


def made_per_part(screen: Widget) -> list[int]:
    """How many widgets each part of ``screen`` makes (its shell first), those it keeps out of
    its tree too (the referee's panels not on show)."""
    counts, before = [], 0
    for _part in chain([None], screen.parts()):
        aside = screen.panels.made() if hasattr(screen, "panels") else []
        now = len({id(w) for root in (screen, *aside) for w in every_widget(root)})
        counts.append(now - before)
        before = now
    return counts


def test_spurs_screen_is_built_in_parts_none_long_the_town_and_the_card_steppers_a_part_each(ui):
    screen = ui.app.shell("spurs")
    counts = made_per_part(screen)
    assert max(counts) <= PART_MOST, counts
    pages = screen.ids.pages
    town, adjust = pages.get_screen("town"), pages.get_screen("adjust")
    assert town.ids.rooms.screen_names == ["store", "sheriff", "doctor", "saloon", "bank"]
    assert len(adjust.ids.deltas.children) == len(town.ids.rooms.get_screen("saloon").ids.deltas.children) == 9


def test_a_page_asked_for_before_its_parts_are_made_is_made_whole(ui):
    screen = ui.app.shell("spurs")
    parts = screen.parts()
    while "town" not in screen.ids.pages.screen_names:
        next(parts)
    town = screen.ids.pages.get_screen("town")  # as a tap showing it would: whole at once
    assert town.ids.rooms.screen_names == ["store", "sheriff", "doctor", "saloon", "bank"]
    assert len(town.ids.rooms.get_screen("saloon").ids.deltas.children) == 9
    assert town.ids.rooms.current == "store"
    for _part in parts:  # the parts left make what is left, and nothing twice
        pass
    assert town.ids.rooms.screen_names == ["store", "sheriff", "doctor", "saloon", "bank"]
    assert len(town.ids.rooms.get_screen("saloon").ids.deltas.children) == 9


def test_the_referee_makes_its_panels_a_part_each_the_one_shown_first(ui):
    screen = ui.app.shell("rapidcity")
    assert [panel.__class__.__name__ for panel in screen.panels.made()] == ["ReadyPanel"]
    counts = made_per_part(screen)
    assert len(counts) == len(PANELS) and max(counts) <= PART_MOST, counts
    assert [type(panel) for panel in screen.panels.made()] == list(PANELS.values())
    assert {panel.width for panel in screen.panels.made()} == {screen.ids.stage.width}


def test_what_the_parts_froze_goes_back_to_the_collector_when_the_app_stops(db):
    """Each part is frozen out of the cyclic collector's sight as it is built (ui/shell/app.py
    ``settled``): a stopped app puts it back, or its screens would never be freed (a test
    worker runs hundreds of apps, each laid out again on every resize while it lives)."""
    ui = start_app(db)
    try:
        ui.app.build_soon("spurs")
        pump_until(ui, lambda: ui.app.whole("spurs") and not ui.app.building)
        assert gc.get_freeze_count() > 0
    finally:
        stop_app(ui)
    assert gc.get_freeze_count() == 0
