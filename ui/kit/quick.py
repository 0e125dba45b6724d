"""A number changed from the table in two taps: its steps in a popover, "+1" under the finger.

Tapping a number (a Spurs sheet's fame, a Bountytown player's renown) opens a small popover
of signed steps over the screen, placed so that its "+1" lies right under the finger: a
second tap on the same spot adds one. Each step is an action of the game's own (saved,
undoable, refused with the reason like any other). The popover is modal: a tap outside it
only closes it.

Where a single row cannot put "+1" under the finger (a number near the left edge: the
steps below +1 would have to lie off the screen), the steps split in two rows, the steps up
from "+1" under the finger and the steps down in a row beneath them, "-1" under "+1".

The screen's model says when the popover is open and with which steps; the popover asks
the screen (``tap``) for a step or to close, and shows what the model then says.
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.kit.widgets import BigButton

#: a step button's width and the gap between buttons, for placing "+1" under the finger
STEP_WIDTH, GAP, PAD = 72, 6, 8


def rows_for(steps: tuple[int, ...], split: bool) -> list[list[int]]:
    """The steps' rows: one (smallest first), or split: the steps up from +1, then the steps
    down from -1 beneath them."""
    if not split:
        return [list(steps)]
    return [[s for s in steps if s > 0], sorted((s for s in steps if s < 0), reverse=True)]


class QuickChange(FloatLayout):
    """The popover over a whole game screen: a dimmed screen and one bubble of steps.

    One is kept by each screen and reopened (making its buttons costs about 9 ms here, a Pi's
    whole frame; reopening under 1 ms). ``open_over`` gives it the number tapped (``anchor``),
    the steps as (words, value), and ``tap``, called with ("quick", value) or ("close_steps",)."""

    heading = StringProperty("")
    TAKES_TOUCHES = True  # every touch on the screen: a step, or beside the bubble to close (ui/kit/doubletap.py)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tap: Callable[..., Any] | None = None
        self._anchor: Widget | None = None
        self._steps: tuple[tuple[str, int], ...] = ()
        self._split = False
        self._buttons: dict[tuple[str, int], BigButton] = {}
        # a resized window: the screen, the heading's text and the number tapped all move
        refit = Clock.create_trigger(self.fit)
        self.fbind("size", refit)
        self.ids.heading.fbind("texture_size", refit)

    def open_over(self, screen: Widget, anchor: Widget, heading: str, steps: tuple[tuple[str, int], ...],
                  tap: Callable[..., Any]) -> None:
        """Over ``screen`` (a RelativeLayout such as a Screen), its "+1" on ``anchor``'s centre."""
        self.heading, self._tap, self._anchor = heading, tap, anchor
        if steps != self._steps:
            self._steps, self._split = steps, False
            self._fill()
        self.size = screen.size
        if self.parent is None:
            screen.add_widget(self)
        self.fit()

    def ahead(self, steps: tuple[tuple[str, int], ...]) -> None:
        """Make the buttons of ``steps`` before any is shown, so that the first tap of a
        number does not make them (about 5 ms here, most of a Pi's frame)."""
        for words, value in steps:
            self._button(words, value)

    def _button(self, words: str, value: int) -> BigButton:
        """A step's button, kept for the next time those steps show."""
        key = (words, value)
        if key not in self._buttons:
            self._buttons[key] = BigButton(text=words, bold=value == 1, size_hint_x=None, width=f"{STEP_WIDTH}dp",
                                           tint=theme.ACCENT if value == 1 else theme.MUTED,
                                           on_release=lambda _b: self.choose(value))
        return self._buttons[key]

    def _fill(self) -> None:
        """The step buttons in their rows (one, or two when split)."""
        words = {value: text for text, value in self._steps}
        lines = rows_for(tuple(words), self._split)
        boxes = (self.ids.steps, self.ids.down)
        # both rows emptied before either is filled: a step moving from the row beneath to
        # the row above (split on the left, one row on the right) still sits in the row
        # beneath while the row above is filled, and Kivy refuses a widget with a parent
        for box in boxes:
            box.clear_widgets()
        for box, line in zip(boxes, lines + [[]]):
            for value in line:
                box.add_widget(self._button(words[value], value))
        self.ids.down.height = theme.TOUCH if self._split else 0  # (a unit: it follows a resized window)
        self.ids.down.opacity = 1 if self._split else 0

    def _row_width(self, count: int) -> float:
        return count * dp(STEP_WIDTH + GAP) - dp(GAP)

    def fit(self, *_args: Any) -> None:
        """As wide as the heading or the steps, "+1" over the number tapped: on one row where
        it can be, else on the row of steps up from it, the steps down beneath."""
        if self._anchor is None or self.parent is None:
            return
        anchor = self._anchor
        x, y = self.parent.to_widget(*anchor.to_window(*anchor.center))
        split = self._left_of(x, split=False) < dp(4)
        if split != self._split:
            self._split = split
            self._fill()
        heading, row = self.ids.heading, self.ids.steps
        heading.texture_update()
        widest = max(self._row_width(len(line)) for line in rows_for(tuple(v for _, v in self._steps), split))
        inner = max(widest, heading.texture_size[0])
        row.padding = [0, 0] if split else [(inner - widest) / 2, 0]
        self.ids.down.padding = [0, 0]
        self.ids.bubble.width = inner + 2 * dp(PAD)
        # the heading, the row of "+1" and the row beneath (0 high unless split), spaced and padded
        self.ids.bubble.height = dp(2 * PAD + 34 + 2 * 4) + theme.px("TOUCH") + self.ids.down.height
        self.place(x, y, y - anchor.height / 2, y + anchor.height / 2)

    def _left_of(self, x: float, split: bool) -> float:
        """Where the bubble's left edge goes for "+1" to be centred on ``x``."""
        values = [v for _, v in self._steps]
        before = 0 if split else values.index(1)
        padding = self.ids.steps.padding[0] if not split else 0
        return x - dp(PAD) - padding - before * dp(STEP_WIDTH + GAP) - dp(STEP_WIDTH) / 2

    def place(self, x: float, y: float, below: float, above: float) -> None:
        """Put the bubble so its "+1" is centred on (x, y), in this widget's coordinates. Near
        the right side that cannot be: then the bubble goes under (or over) the number tapped,
        ``below`` to ``above``, so a quick second tap there changes nothing instead of taking
        another step."""
        bubble = self.ids.bubble
        left = self._left_of(x, self._split)
        bubble.x = min(max(left, dp(4)), self.width - bubble.width - dp(4))
        # the row holding "+1" is the bubble's second from the top, over the row of steps down
        plus_from_bottom = dp(PAD) + self.ids.down.height + dp(4) + theme.px("TOUCH") / 2
        bubble.y = min(max(y - plus_from_bottom, dp(4)), self.height - bubble.height - dp(4))
        if abs(bubble.x - left) > dp(STEP_WIDTH) / 2 or abs(bubble.y + plus_from_bottom - y) > theme.px("TOUCH") / 2:
            fits_under = below - bubble.height - dp(4) >= dp(4)
            bubble.y = below - bubble.height - dp(4) if fits_under else above + dp(4)

    def choose(self, step: int) -> None:
        if self._tap is not None:
            self._tap("quick", step)

    def close(self) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.ids.bubble.collide_point(*touch.pos):
            if self._tap is not None:
                self._tap("close_steps")  # a tap beside the popover only closes it
            return True
        super().on_touch_down(touch)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        super().on_touch_up(touch)
        return True


load_kv(__file__)
