"""Rows of a redrawn list kept, not rebuilt.

A widget from a kv rule costs about a millisecond to make here (several on a Pi), and a
label's text is rendered again whenever it is made, so a screen that cleared and rebuilt
its rows on every redraw spent most of a first open making them. ``rows`` keeps the rows a
box already has and only adds or removes the difference; the caller then sets each row's
properties, and Kivy redraws only the ones whose values changed.

``rows`` lets a shrinking list's extra rows go, and the first time a game reaches a list
(a duel's first chips, a verdict's reasons) every row is made then. A ``Spares`` makes its
widgets ahead (with the screen, which the app builds while Home or the setup is shown),
hands them out to ``rows`` and takes back the ones ``rows`` lets go, so a tap that grows a
list makes none.
"""

from __future__ import annotations

from typing import Callable, Generic, Iterable, Iterator, TypeVar

from kivy.uix.widget import Widget

W = TypeVar("W", bound=Widget)


def rows(box: Widget, count: int, make: Callable[[], W]) -> list[W]:
    """``box``'s children, made up to ``count`` with ``make()``, in the order they are shown."""
    while len(box.children) > count:
        box.remove_widget(box.children[0])  # the last one shown
    while len(box.children) < count:
        box.add_widget(make())
    return list(reversed(box.children))


class Spares(Generic[W]):
    """Widgets from ``make()``: ``ahead`` of them made now, more only when these run out."""

    def __init__(self, make: Callable[[], W], ahead: int = 0) -> None:
        self._make = make
        self._kept: list[W] = []
        self.make_ahead(ahead)

    def make_ahead(self, count: int) -> None:
        """At least ``count`` widgets kept, made now."""
        while len(self._kept) < count:
            self._kept.append(self._make())

    def ahead_parts(self, count: int) -> Iterator[None]:
        """At least ``count`` widgets kept, one made at each ``next()`` (a part a tick: ui/pace/later.py)."""
        while len(self._kept) < count:
            self._kept.append(self._make())
            yield

    def __call__(self) -> W:
        """A kept widget, or a new one when none is left (a ``make`` for ``ui.pace.reuse.rows``)."""
        return self._kept.pop() if self._kept else self._make()

    def keep(self, widgets: Iterable[W]) -> None:
        """Widgets taken out of a list, to be handed out again."""
        self._kept.extend(widgets)

    def rows(self, box: Widget, count: int) -> list[W]:
        """``ui.pace.reuse.rows(box, count, self)``, keeping the rows it takes out of ``box``."""
        self.keep(box.children[:max(0, len(box.children) - count)])  # the ones rows() removes
        return rows(box, count, self)
