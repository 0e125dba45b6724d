"""One list widget for every screen: rows shown from values, kept and reused, made ahead.

A screen gives a :class:`RowList` its ``values`` (a tuple of immutable values, one per row:
a screen model's rows) and the kv rule of its rows (``row_class``); each row widget gets its
value as ``shown`` and binds its words to it in kv. So a screen pays nothing for speed of
its own (issue 28): what ui/pace/reuse.py, ui/pace/later.py and ui/pace/pages.py do by hand for Spurs and
Bountytown is done here once.

- Rows are kept across updates and only the values that changed are set again: a row whose
  value is equal to the one it shows renders nothing (Kivy dispatches an ObjectProperty
  only on a new value), so a redraw renders only the words that changed.
- The rows a shorter list gives up are kept (``ui.pace.reuse.Spares``) and shown again before any
  row is made: after the first cards a list makes no widget (about 1 ms each here, several
  on a Pi).
- :meth:`stock` makes rows ahead after the frame on its way (``ui.pace.later.AfterFrame``), so the
  tap that first grows a list to that length makes none. A list whose page first shows it
  filled by a tap (the cells of a bounty card revealed, a duel's choices, the final standings:
  6-9 rows were 5-12 ms of that tap here) says in kv how many rows to keep ``ahead``: they are
  made a row a tick as parts of building its screen (:meth:`stock_parts`, called by
  ``ui.pace.pages.LazyPages.parts``).
- A row of a one-column list is made at the list's width, so its words are laid out once,
  not at a new widget's 100 px and again when placed.
- ``choose`` is handed to every row (a row's tap calls it with what the row is about): a
  property, not a closure per row, so rows stay reusable.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from kivy.factory import Factory
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui.kit.kvload import load_kv
from ui.pace.later import AfterFrame
from ui.pace.reuse import Spares


class RowList(GridLayout):
    """Rows of ``row_class`` (a kv rule's class name), one per value of ``values``."""

    values = ObjectProperty(())
    row_class = StringProperty("")
    choose = ObjectProperty(None, allownone=True)
    ahead = NumericProperty(0)  # rows kept at hand, made while the screen is built (``stock_parts``)

    def __init__(self, **kwargs: Any) -> None:
        self._spares: Spares[Widget] = Spares(self._make)
        self._wanted = 0
        self._ahead = AfterFrame(self._stock_now)
        super().__init__(**kwargs)

    def on_values(self, _list: RowList, values: Sequence[Any]) -> None:
        for row, value in zip(self._spares.rows(self, len(values)), values):
            row.shown = value

    def stock_parts(self) -> Iterator[None]:
        """Rows up to ``ahead`` at hand, shown or spare, one made at each ``next()``."""
        return self._spares.ahead_parts(self.ahead - len(self.children))

    def on_choose(self, _list: RowList, choose: Any) -> None:
        for row in self.children:
            row.choose = choose

    def stock(self, count: int) -> None:
        """At least ``count`` rows at hand, shown or spare, made after the frame on its way."""
        self._wanted = max(self._wanted, count)
        self._ahead()

    def _stock_now(self, _dt: float = 0) -> None:
        self._spares.make_ahead(self._wanted - len(self.children))

    def _make(self) -> Widget:
        row = Factory.get(self.row_class)(**({"width": self.width} if self.cols == 1 else {}))
        if self.choose is not None:
            row.choose = self.choose
        return row


load_kv(__file__)
