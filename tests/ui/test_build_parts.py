"""Issue 38: a game's screen is built a part a frame, and no part is long: the longest were
Spurs' town page (47-90 ms of kv rules here), its Event card's steppers and Rapid City's
referee, built in one frame. A part's cost is counted in the widgets it makes (never in time:
the machine's speed is no part of a test)."""

from __future__ import annotations

from itertools import chain
from typing import Iterator

from kivy.uix.screenmanager import ScreenManager
from kivy.uix.widget import Widget

from ui.rapidcity.panels import PANELS

#: the most widgets one part of a game's screen may make (the town page made whole was 170)
PART_MOST = 60  # made whole, the town page was 105 widgets in one part


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
