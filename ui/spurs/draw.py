"""The draw step and its result: the exact odds first, then the companion's draw or the
physical bag's, a duel's draws with who won asked after them (R-S8), then the bullets drawn,
big, with what they did.

Every word and count comes from the screen model (companion/spurs/shown.py): the odds are
those of the very action that will be sent, a physical draw is tapped in colour by colour
(the last bullet asked for sends it), and a fight waiting for its next desperado shows the
card to enter here.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.button import Button

from companion.spurs import shown
from ui.kit.kvload import load_kv
from ui.pace.reuse import Spares
from ui.spurs.controls import BulletDisc
from ui.spurs.page import Page
import ui.spurs.forms  # noqa: F401  (PageTitle, FormRow, Note for the kv rules)

DISCS_AHEAD = 6  # a revolver's or rifle's draw with a Spur's extra, a dig, a duel's two: a gang makes the rest


class ColourTap(Button):
    """One colour of the physical draw (a row of a list): a tap adds one taken out of the bag."""

    shown = ObjectProperty(None, allownone=True, rebind=True)
    kind = StringProperty("grey")
    choose = ObjectProperty(None, allownone=True)


class OutcomeButton(Button):
    """Who won a duel, with what they steal (a row of a list)."""

    shown = ObjectProperty(None, allownone=True, rebind=True)
    choose = ObjectProperty(None, allownone=True)


def show_discs(box: Any, spares: Spares[BulletDisc], kinds: tuple[str, ...]) -> None:
    for disc, kind in zip(spares.rows(box, len(kinds)), kinds):
        disc.colour = kind


class DrawPage(Page):
    view = ObjectProperty(shown.BLANK["draw"], rebind=True)

    def on_view(self, _page: DrawPage, view: shown.DrawView) -> None:
        self.ids.phases.current = view.phase


class ResultPage(Page):
    view = ObjectProperty(shown.BLANK["result"], rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._discs = Spares(BulletDisc, DISCS_AHEAD)

    def on_view(self, _page: ResultPage, view: shown.ResultView) -> None:
        show_discs(self.ids.discs, self._discs, view.discs)


load_kv(__file__)
