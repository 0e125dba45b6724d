"""Rows of a redrawn list kept, not rebuilt.

A widget from a kv rule costs about a millisecond to make here (several on a Pi), and a
label's text is rendered again whenever it is made, so a screen that cleared and rebuilt
its rows on every redraw spent most of a first open making them. ``rows`` keeps the rows a
box already has and only adds or removes the difference; the caller then sets each row's
properties, and Kivy redraws only the ones whose values changed.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from kivy.uix.widget import Widget

W = TypeVar("W", bound=Widget)


def rows(box: Widget, count: int, make: Callable[[], W]) -> list[W]:
    """``box``'s children, made up to ``count`` with ``make()``, in the order they are shown."""
    while len(box.children) > count:
        box.remove_widget(box.children[0])  # the last one shown
    while len(box.children) < count:
        box.add_widget(make())
    return list(reversed(box.children))
