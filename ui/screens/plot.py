"""Bar and line charts drawn with Kivy's own graphics, for the Statistics screen.

A plotting library would draw the same few bars into an image and bring megabytes of
dependencies (and a font stack) to the Pi; these are a rectangle or a line per value,
redrawn when the data or the size changes. Every value is also written as a number next
to its bar or point, and each series is named in text, so nothing is told by colour alone.
"""

from __future__ import annotations

from typing import Callable, Sequence

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.kit import theme

#: colours of a bar's stacked parts, bottom first (a second series: lost duels)
SERIES = (theme.ACCENT, theme.DANGER)


class _Chart(Widget):
    """What both charts share: a caption line under the plot area, labels as child widgets
    (real Labels, so the readability checks see them), a redraw on any change."""

    caption = StringProperty("")
    #: the chart's own data properties, redrawn on change like its size
    DATA: tuple[str, ...] = ()

    def __init__(self, **kwargs) -> None:
        self._forget()
        super().__init__(**kwargs)
        # a layout moves and sizes a chart several times before a frame: draw once, before it
        # (kivy/clock.py: a trigger with timeout -1 runs "before the next frame")
        self._redraw_soon = Clock.create_trigger(self._redraw, -1)
        self.bind(**dict.fromkeys(("pos", "size", "caption") + self.DATA, self._redraw_soon))
        self._redraw()

    def _redraw(self, *_args) -> None:
        """Draw it all again. (Geometry comes from x, y, width and height: the ``right`` and
        ``top`` aliases can still hold the old size while a size change is dispatched.)"""
        self.canvas.clear()
        self.clear_widgets()
        self._forget()
        if getattr(self, self.DATA[0]) and self.width >= 2:
            line = theme.px("TEXT_SMALL") * 1.4
            self._draw(line, self.y + (line if self.caption else 0))
            if self.caption:
                self._add_label(self.caption, self.x, self.y, self.width, line)

    def _forget(self) -> None:
        """Clear what the last drawing recorded."""

    def _draw(self, line: float, floor: float) -> None:
        """Draw the data above ``floor`` (the caption is under it); ``line`` is the height
        of a line of label text."""
        raise NotImplementedError

    def _add_label(self, text: str, x: float, y: float, width: float, height: float) -> None:
        """Text centred in a box, at the smallest reading size."""
        self.add_widget(Label(text=text, font_size=theme.TEXT_SMALL, color=theme.PARCHMENT, halign="center",
                              valign="middle", size_hint=(None, None), text_size=(width, None), pos=(x, y),
                              size=(width, height)))


class BarChart(_Chart):
    """Vertical bars, one per category: ``bars`` is ``[(category, [value, ...], text), ...]``;
    several values stack (bottom first, colours :data:`SERIES`), ``text`` is written above
    the bar (the numbers themselves). ``bar_heights`` holds each bar's drawn heights."""

    bars = ListProperty([])
    DATA = ("bars",)

    def _forget(self) -> None:
        self.bar_heights: list[list[float]] = []

    def _draw(self, line: float, floor: float) -> None:
        bottom = floor + line * 2  # category labels: up to two lines
        top = (self.y + self.height) - line  # the numbers above the tallest bar
        scale_max = max(sum(values) for _c, values, _t in self.bars) or 1
        slot = self.width / len(self.bars)
        width = min(slot * 0.6, dp(72))
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[self.x, bottom, (self.x + self.width), bottom], width=dp(1))
        for i, (category, values, text) in enumerate(self.bars):
            x = self.x + slot * i + (slot - width) / 2
            y = bottom
            heights = []
            for j, value in enumerate(values):
                height = (top - bottom) * value / scale_max
                with self.canvas:
                    Color(*SERIES[j % len(SERIES)])
                    Rectangle(pos=(x, y), size=(width, height))
                heights.append(height)
                y += height
            self.bar_heights.append(heights)
            self._add_label(text, self.x + slot * i, y, slot, line)
            self._add_label(category, self.x + slot * i, bottom - line * 2, slot, line * 2)


class LineChart(_Chart):
    """A line through ``values`` (one per step along x, named ``x_name``), with the first,
    largest and last values written beside their points. ``points`` holds the drawn line."""

    values = ListProperty([])
    x_name = StringProperty("")
    DATA = ("values", "x_name")

    def _forget(self) -> None:
        self.points: list[float] = []

    def _draw(self, line: float, floor: float) -> None:
        left, right = self.x + dp(56), (self.x + self.width) - dp(56)
        bottom = floor + line
        top = (self.y + self.height) - line
        low, high = min(0.0, min(self.values)), max(self.values)
        span = (high - low) or 1
        step = (right - left) / max(1, len(self.values) - 1)
        self.points = [coordinate for i, v in enumerate(self.values)
                       for coordinate in (left + step * i, bottom + (top - bottom) * (v - low) / span)]
        with self.canvas:
            Color(*theme.MUTED)
            Line(points=[left, bottom, right, bottom], width=dp(1))
            Color(*theme.ACCENT)
            Line(points=self.points, width=dp(2))
        marked = sorted({0, len(self.values) - 1, self.values.index(high)})
        for i in marked:
            x, y = self.points[2 * i], self.points[2 * i + 1]
            self._add_label(_number(self.values[i]), x - dp(48), min(y, top - line / 2), dp(96), line)
        self._add_label(f"{self.x_name} 1", left - dp(48), bottom - line, dp(96), line)
        self._add_label(f"{self.x_name} {len(self.values)}", right - dp(48), bottom - line, dp(96), line)


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def bars_of(counts: dict[str, Sequence[float]], order: Sequence[str], names: dict[str, str] | None = None,
            text: Callable[[Sequence[float]], str] | None = None) -> list[tuple[str, list[float], str]]:
    """Bars (:attr:`BarChart.bars`) for the categories of ``order`` present in ``counts``, then
    any others; named by ``names`` (else capitalised), each with ``text`` of its values
    written above it (else the values themselves)."""
    names = names or {}
    shown = [c for c in order if c in counts] + sorted(c for c in counts if c not in order)
    return [(names.get(c, c.capitalize()), list(counts[c]), text(counts[c]) if text else
             "/".join(_number(v) for v in counts[c])) for c in shown]
