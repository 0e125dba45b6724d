"""The photo-finish strip: the claims drawn to scale on one line, so the table sees at a
glance who was first and by how much (the list beside it gives the exact figures).

The strip spans the first claim to the last, so a 0.5 ms gap between two claims is as
visible as a 200 ms one would be in a wider race; a dead heat is drawn in red and says so.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty
from kivy.uix.widget import Widget

from ui import theme

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
        with self.canvas:
            Color(*theme.PARCHMENT)
            Line(points=[self.mark_x(low), axis, self.mark_x(low + span), axis], width=dp(1.5))
            for i, (place, t_ms, tile, heat) in enumerate(self.marks):
                x = self.mark_x(t_ms)
                colour = theme.DANGER if heat else theme.ACCENT
                Color(*colour)
                Line(points=[x, axis - dp(12), x, axis + dp(12)], width=dp(3))
                words = f"{place} {tile}" + (" (dead heat)" if heat else "")
                # alternate above and below, so neighbours close in time do not overprint
                self._text(words, x, axis + dp(14) if i % 2 == 0 else axis - dp(14) - dp(18))

    def _text(self, words: str, centre_x: float, y: float) -> None:
        label = CoreLabel(text=words, font_size=theme.TEXT_SMALL, color=theme.PARCHMENT)
        label.refresh()
        texture = label.texture
        x = min(max(centre_x - texture.width / 2, self.x), self.right - texture.width)
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, pos=(x, y), size=texture.size)
