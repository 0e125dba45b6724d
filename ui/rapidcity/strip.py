"""The photo-finish strip: the claims drawn to scale on one line, so the table sees at a
glance who was first and by how much (the list beside it gives the exact figures).

The strip spans the first claim to the last, so a 0.5 ms gap between two claims is as
visible as a 200 ms one would be in a wider race; a dead heat is drawn in red (the rows under
the strip say so in words). Each claim's place and tile is written above or below the line,
moved aside where claims close in time would overprint, with a leader to its mark.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty
from kivy.uix.widget import Widget

from ui.kit import theme

MIN_SPAN_MS = 1.0  # a lone claim, or a dead heat, still gets a visible scale


class FinishStrip(Widget):
    """``marks``: (place label, t_ms, tile name, dead heat) in time order."""

    marks = ListProperty()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # Redrawn from a trigger before the next frame, not inside the layout pass: a
        # canvas rebuilt while the frame is being drawn was left stale on screen.
        self._redraw = Clock.create_trigger(self.redraw, -1)
        self.bind(pos=self._redraw, size=self._redraw, marks=self._redraw)

    def span(self) -> tuple[float, float]:
        times = [t for _, t, _, _ in self.marks]
        low = min(times)
        return low, max(max(times) - low, MIN_SPAN_MS)

    def mark_x(self, t_ms: float) -> float:
        """Where a claim at ``t_ms`` sits on the strip."""
        low, span = self.span()
        left, right = self.x + dp(28), self.right - dp(28)
        return left + (t_ms - low) / span * (right - left)

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        if not self.marks:
            return
        axis = self.center_y
        low, span = self.span()
        textures = []
        for place, _t, tile, _heat in self.marks:
            label = CoreLabel(text=f"{place} {tile}", font_size=theme.px("TEXT_SMALL"), color=theme.PARCHMENT)
            label.refresh()
            textures.append(label.texture)
        xs = [self.mark_x(t) for _, t, _, _ in self.marks]
        with self.canvas:
            Color(*theme.PARCHMENT)
            Line(points=[self.mark_x(low), axis, self.mark_x(low + span), axis], width=dp(1.5))
            for x, (_place, _t, _tile, heat) in zip(xs, self.marks):
                Color(*(theme.DANGER if heat else theme.ACCENT))
                Line(points=[x, axis - dp(12), x, axis + dp(12)], width=dp(3))
            # alternate above and below, each row laid out so that no two labels overprint
            for row, y, tip in ((0, axis + dp(14), axis + dp(12)), (1, axis - dp(14) - dp(18), axis - dp(12))):
                picks = list(range(row, len(self.marks), 2))
                lefts = self._spread([xs[i] for i in picks], [textures[i].width for i in picks])
                for i, left in zip(picks, lefts):
                    texture = textures[i]
                    if abs(left + texture.width / 2 - xs[i]) > dp(2):  # moved aside: a leader to its mark
                        Color(*theme.PARCHMENT)
                        Line(points=[xs[i], tip, left + texture.width / 2, y + texture.height if row else y], width=dp(1))
                    Color(1, 1, 1, 1)
                    Rectangle(texture=texture, pos=(left, y), size=texture.size)

    def _spread(self, centres: list[float], widths: list[float]) -> list[float]:
        """Left edges for labels centred on ``centres`` (in order) that stay on the strip and
        keep a gap between neighbours: pushed right past the one before, then back left from
        the strip's end."""
        gap = dp(8)
        lefts: list[float] = []
        for centre, width in zip(centres, widths):
            left = max(centre - width / 2, self.x)
            lefts.append(left if not lefts else max(left, lefts[-1] + widths[len(lefts) - 1] + gap))
        limit = self.right
        for i in reversed(range(len(lefts))):
            lefts[i] = min(lefts[i], limit - widths[i])
            limit = lefts[i] - gap
        return lefts
