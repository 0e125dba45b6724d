"""The steps of a card, one panel each in the referee's right-hand column, and their rows.

Each panel shows one value of :mod:`companion.rapidcity.shown` (``shown``) and sends its
taps to the screen (``screen``); the panels decide nothing. Their lists are
:class:`ui.kit.rowlist.RowList`\\ s, and every button that moves the card on takes no second tap
of a double tap (:class:`ui.kit.doubletap.MovesOn`).
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from ui.kit import theme
from ui.kit.doubletap import MoveOnButton, MovesOn
from ui.kit.hyphens import widest_piece
from ui.kit.kvload import load_kv
import ui.rapidcity.strip  # noqa: F401  (registers FinishStrip for the kv rules)
from ui.kit.rowlist import RowList
from ui.kit.widgets import Chip


class StagePanel(BoxLayout):
    """A step of the card's flow; ``screen`` is the referee, ``shown`` the step's value.
    Each kv rule that reads a field names ``root.shown`` on its own too (``root.shown.status
    if root.shown else ''``): Kivy watches only the last name of a chain (``status``, which a
    plain value cannot be watched for) unless the chain's start is named alone."""

    screen = ObjectProperty(None)
    shown = ObjectProperty(None, allownone=True)


class ReadyPanel(StagePanel):
    pass


class WaitPanel(StagePanel):
    pass


class WindowPanel(StagePanel):
    pass


class StillScroll(ScrollView):
    """A list of entry targets that scrolls only under a finger: its content keeps its
    place when it grows or shrinks below what is in view (a touch told, a line of status)
    or when the view itself is resized, so no chip moves under a finger between two taps
    (grids stand still, issue 37). Kivy keeps ``scroll_y``, a fraction of the room to
    scroll, which moves the content whenever that room changes; this keeps the distance
    scrolled from the top instead."""

    _from_top = 0.0  # how far the list is scrolled down from its top, in px

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(scroll_y=self._scrolled, height=self._keep)

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._keep)

    def remove_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        widget.unbind(height=self._keep)
        super().remove_widget(widget, *args, **kwargs)

    def _room(self) -> float:
        return max(0.0, self.children[0].height - self.height) if self.children else 0.0

    def _scrolled(self, _scroll: Any, scroll_y: float) -> None:
        self._from_top = (1 - scroll_y) * self._room()

    def _keep(self, *_args: Any) -> None:
        room = self._room()
        self.scroll_y = 1 - min(self._from_top, room) / room if room else 1.0

    def scroll_to_top_of(self, widget: Widget) -> None:
        """``widget``'s top at the top of the view (ScrollView.scroll_to shows the bottom of
        a row taller than the view), or as near as the list goes."""
        room = self._room()
        if room:
            self.scroll_y = max(0.0, min(1.0, 1 - (self.children[0].top - widget.top) / room))


class FinishPanel(StagePanel):
    """The photo finish and a row per press. A card's rows open on the first press to
    name; after that they move only under a finger, never by themselves: a row brought
    into view after each name put the next press's chips where the last ones were, and
    the next tap named the same player twice (issue 37)."""

    _presses: frozenset[Any] = frozenset()  # the presses of the rows on show

    def on_shown(self, _panel: Any, value: Any) -> None:
        presses = frozenset(row.press for row in value.rows if row.press is not None) if value is not None else frozenset()
        if presses and not presses & self._presses:  # another card's rows
            Clock.schedule_once(self._open_rows, 0)
        self._presses = presses

    def _open_rows(self, _dt: float = 0) -> None:
        """The next press to name at the top of the view, or the first row."""
        scroll = self.ids.scroll
        rows = [row for row in self.ids.rows.children if row.shown.press == self.shown.next]
        if rows:
            scroll.scroll_to_top_of(rows[0])
        else:
            scroll.scroll_y = 1.0


class TouchPanel(StagePanel):
    """Who touched which pawn, one half at a time on the same chips."""

    @staticmethod
    @functools.cache
    def prompt_room(prompts: tuple[str, ...], width: float, font_size: float) -> float:
        """The height of the tallest of ``prompts`` wrapped at ``width``, kept for the prompt
        whichever is on show: "Whose pawn did Bartholomew-Fitzwilliams touch?" takes a line
        more than "Who touched?", and the chips under it moved between a touch's two taps."""
        if width <= 1:
            return 0.0
        heights = []
        for prompt in prompts:
            label = CoreLabel(text=prompt, font_size=font_size, bold=True, text_size=(width, None))
            label.refresh()
            heights.append(label.texture.height)
        return max(heights, default=0.0)


class VerdictPanel(StagePanel):
    pass


class EndPanel(StagePanel):
    pass


class HistoryPanel(StagePanel):
    """The past calls: the list of them, or one of them again (``call``, a
    :class:`companion.rapidcity.shown.CallShown`), each kept with its widgets and swapped
    into the one scroll view."""

    call = ObjectProperty(None, allownone=True)
    saved = StringProperty("")  # where the call on show was saved, or why not

    def on_kv_post(self, _base: Any) -> None:
        self.calls = self.ids.scroll.children[0]  # ids.rows is a weak proxy: `in` and `is` would not match it
        self.page = PastCall(panel=self)
        self.ids.scroll.bind(width=self._fit)

    def _fit(self, _scroll: Any, width: float) -> None:
        """Both pages as wide as the scroll view, the one not on show too, so a page's
        words are rendered at their width once, not again when it is swapped in."""
        self.calls.width = self.page.width = width

    def on_call(self, _panel: Any, call: Any) -> None:
        page = self.calls if call is None else self.page
        scroll = self.ids.scroll
        if page not in scroll.children:
            scroll.clear_widgets()
            scroll.add_widget(page)


class PastCall(GridLayout):
    """One past call: back to the list, save it, its title, its photo finish (shown only for
    a call with claims) and its lines."""

    panel = ObjectProperty(None)


class PressRowView(BoxLayout):
    """A press to name (a :class:`companion.rapidcity.shown.PressRow`): its words, and a
    chip per player whose tap names whose pawn it put down (R-R5); or a note alone."""

    shown = ObjectProperty(None, allownone=True)
    choose = ObjectProperty(None, allownone=True)

    def chip_tapped(self, colour: str) -> None:
        if self.choose is not None and self.shown.press is not None:
            self.choose(self.shown.press, colour)


class PickChip(Chip):
    """A player chip (a :class:`companion.rapidcity.shown.ChipShown`) in a narrow cell: a
    long name wraps between words, or after a hyphen, never inside a word. A tap calls
    ``choose`` with the chip's colour."""

    shown = ObjectProperty(None, allownone=True)
    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose(self.colour)


class TouchChip(MovesOn, PickChip):
    """A chip of a touch's two halves: each tap moves on to the other half, whose chips
    are in the same places, so the second tap of a double tap goes nowhere."""


class NoteText(Label):
    """A line of a list in the side panel (reasons, a call's lines), as tall as its text."""

    shown = StringProperty("")


class CallButton(MoveOnButton):
    """A past call in the list (a :class:`companion.rapidcity.shown.CallRow`), at reading
    size: its words wrap and the button grows to hold them."""

    shown = ObjectProperty(None, allownone=True)
    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        super().on_release()
        if self.choose is not None:
            self.choose(self.shown.number)


class HandToggle(ToggleButton):
    """Which hand a touch was made with (Ultimate mode, R-R9)."""

    hand = StringProperty("right")


class ChipList(RowList):
    """Players' chips side by side: up to four on a line, five or six on two lines of three,
    and fewer when the widest word of a name would not fit its chip at reading size."""

    def columns(self, chips: tuple[Any, ...], room: float) -> int:
        cols = len(chips) if len(chips) <= 4 else 3
        widest = widest_piece(tuple(chip.name for chip in chips), theme.px("TEXT"), True) + dp(16)
        while cols > 1 and widest > (room - (cols - 1) * self.spacing[0]) / cols:
            cols -= 1
        return max(1, cols)


PANELS: dict[str, type[Widget]] = {
    "ready": ReadyPanel, "waiting": WaitPanel, "window": WindowPanel, "finish": FinishPanel,
    "touches": TouchPanel, "verdict": VerdictPanel, "end": EndPanel, "history": HistoryPanel}

load_kv(__file__)
