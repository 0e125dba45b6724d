"""A player's fame, money, spurs or posters changed from the table in two taps.

Tapping a number on a player's sheet opens a small popover of signed steps over the
table with its "+1" right under the finger, so a second tap on the same spot adds one.
Each step is sent to the engine as an ``adjust`` action (an Event card's effect, allowed
any time for any player): saved, undoable, and refused with the engine's reason like any
other action. The popover is modal: a tap outside it only closes it.
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.kvload import load_kv
from ui.widgets import BigButton

#: the number on the sheet -> the steps offered, smallest first; "+1" is always one of them
STEPS = {"fame": (-1, 1, 2, 3), "money": (-10, -5, -1, 1, 5, 10), "spurs": (-1, 1), "posters": (-1, 1)}
#: the first step's button width and the gap between buttons, for placing "+1" under the finger
STEP_WIDTH, GAP, PAD = 72, 6, 8


def step_text(key: str, step: int) -> str:
    """A step as the button says it: "+1", "-1", "+$5"."""
    sign = "+" if step > 0 else "-"
    return f"{sign}{'$' if key == 'money' else ''}{abs(step)}"


class QuickChange(FloatLayout):
    """The popover over the whole game screen: a dimmed table and one bubble of steps.

    One is made for each kind of number and kept by its screen: making its buttons costs
    about 9 ms here (a Pi's whole frame), reopening it under 1 ms. ``open_over`` gives it the
    number tapped; ``send`` is called with the step chosen, and the popover closes itself
    first, so a refusal's words are not hidden under it."""

    heading = StringProperty("")

    def __init__(self, key: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.key = key
        self._send: Callable[[int], Any] | None = None
        self._anchor: Widget | None = None
        row = self.ids.steps
        for step in STEPS[key]:
            row.add_widget(BigButton(text=step_text(key, step), bold=step == 1, size_hint_x=None,
                                     width=f"{STEP_WIDTH}dp", tint=theme.ACCENT if step == 1 else theme.MUTED,
                                     on_release=lambda _b, s=step: self.choose(s)))
        # a resized window: the screen, the heading's text and the number tapped all move
        refit = Clock.create_trigger(self.fit)
        self.fbind("size", refit)
        self.ids.heading.fbind("texture_size", refit)

    def open_over(self, screen: Widget, anchor: Widget, heading: str, send: Callable[[int], Any]) -> None:
        """Over ``screen`` (a RelativeLayout such as a Screen), its "+1" on ``anchor``'s centre."""
        self.heading, self._send, self._anchor = heading, send, anchor
        self.size = screen.size
        if self.parent is None:
            screen.add_widget(self)
        self.fit()

    def fit(self, *_args: Any) -> None:
        """As wide as the heading or the steps, the steps centred under the heading, its
        "+1" over the number tapped."""
        heading, row = self.ids.heading, self.ids.steps
        heading.texture_update()
        steps = len(STEPS[self.key]) * dp(STEP_WIDTH + GAP) - dp(GAP)
        inner = max(steps, heading.texture_size[0])
        row.padding = [(inner - steps) / 2, 0]
        self.ids.bubble.width = inner + 2 * dp(PAD)
        if self._anchor is not None and self.parent is not None:
            anchor = self._anchor
            x, y = self.parent.to_widget(*anchor.to_window(*anchor.center))
            self.place(x, y, y - anchor.height / 2, y + anchor.height / 2)

    def place(self, x: float, y: float, below: float, above: float) -> None:
        """Put the bubble so its "+1" is centred on (x, y), in this widget's coordinates.
        Near a side of the screen that cannot be: then the bubble goes under (or over) the
        number tapped, ``below`` to ``above``, so a quick second tap there changes nothing
        instead of taking another step."""
        bubble = self.ids.bubble
        plus = STEPS[self.key].index(1)
        left = x - dp(PAD) - self.ids.steps.padding[0] - plus * dp(STEP_WIDTH + GAP) - dp(STEP_WIDTH) / 2
        bubble.x = min(max(left, dp(4)), self.width - bubble.width - dp(4))
        bubble.y = min(max(y - dp(PAD) - theme.px("TOUCH") / 2, dp(4)), self.height - bubble.height - dp(4))
        if abs(bubble.x - left) > dp(STEP_WIDTH) / 2:
            fits_under = below - bubble.height - dp(4) >= dp(4)
            bubble.y = below - bubble.height - dp(4) if fits_under else above + dp(4)

    def choose(self, step: int) -> None:
        send = self._send
        self.close()
        if send is not None:
            send(step)

    def close(self) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.ids.bubble.collide_point(*touch.pos):
            self.close()  # a tap beside the popover only closes it
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
