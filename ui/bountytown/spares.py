"""Widgets made before a list needs them, and kept when it shrinks.

``ui.reuse.rows`` keeps the rows a list shows, but a list that shrinks lets its extra rows
go, and the first time a game reaches a list (a duel's first chips, choices and steppers)
every row is made then: a widget from a kv rule costs about a millisecond here, several on
a Pi, so a card tap that made a chip, or a Duel tap that made the targets, missed its frame.
A ``Spares`` makes its widgets with the screen (which the app builds ahead, while Home or
the setup is shown), hands them out to ``rows`` and takes back the ones ``rows`` lets go.
"""

from __future__ import annotations

from typing import Callable, Generic, Iterable, TypeVar

from kivy.uix.widget import Widget

from ui.reuse import rows

W = TypeVar("W", bound=Widget)


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

    def __call__(self) -> W:
        """A kept widget, or a new one when none is left (a ``make`` for ``ui.reuse.rows``)."""
        return self._kept.pop() if self._kept else self._make()

    def keep(self, widgets: Iterable[W]) -> None:
        """Widgets taken out of a list, to be handed out again."""
        self._kept.extend(widgets)

    def rows(self, box: Widget, count: int) -> list[W]:
        """``ui.reuse.rows(box, count, self)``, keeping the rows it takes out of ``box``."""
        self.keep(box.children[:max(0, len(box.children) - count)])  # the ones rows() removes
        return rows(box, count, self)
