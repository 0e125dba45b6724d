"""The table's pages (the inner ScreenManagers of the Bountytown screen): laid out ahead,
and turned without keeping the page left for a frame.
"""

from __future__ import annotations

from kivy.uix.screenmanager import ScreenManager


def size_pages(manager: ScreenManager) -> None:
    """The pages of ``manager`` that are not on show at its size, so they lay out now."""
    for page in manager.screens:
        if page is not manager.current_screen:
            page.size = manager.size


def turn_to(manager: ScreenManager, name: str) -> None:
    """Show page ``name`` of ``manager`` and take the page left out at once. A transition,
    even NoTransition, keeps the page left under the new one until the next tick: when the
    same tap also changes the manager's size (a refusal's words or the game's end appearing
    above it), that page was laid out again for nothing, and drawn under the new one. (Kivy
    stops a transition this way itself when a page is shown before the last one finished.)"""
    manager.current = name
    manager.transition.stop()
