"""Widgets every screen shares: big buttons, player chips, the game bar with Undo/Redo and
the notice that says what happened."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui import theme
from ui.kvload import load_kv


class BigButton(Button):
    """A flat button at least a finger high."""

    tint = ListProperty(theme.ACCENT)


class Chip(ToggleButton):
    """A player's colour with their name on it; the name is always there, so colour is never
    the only clue. ``selected`` shows as a thick frame and a bold name."""

    colour = StringProperty("red")


class Panel(BoxLayout):
    """A parchment card on the dark table background."""


class Caption(Label):
    """Text that wraps inside its width and grows to fit, for lists and help."""


class Heading(Label):
    """Section headings."""


class Notice(BoxLayout):
    """A line of words under the game bar that says what just happened: why an action was
    refused (``tone`` "refusal") or news such as the game's end. It shows the words whole,
    wrapped, at reading size, and stays until 'Got it' is tapped or the next action; it takes no
    room when there is nothing to say."""

    said = StringProperty("")  # not `text`: finding a widget by its words finds the Label alone
    tone = OptionProperty("refusal", options=("refusal", "news"))

    __events__ = ("on_dismiss",)

    def on_dismiss(self) -> None:
        """'Got it' was tapped; whoever owns the words clears them."""


class GameBar(BoxLayout):
    """Home, the game's title, Undo and Redo, and under them the :class:`Notice` with why an
    action was refused, or the news. Every game screen puts one at its top (`screen: root`
    in its kv rule)."""

    screen = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    message = StringProperty("")
    news = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)

    _MIRRORED = ("title", "message", "news", "can_undo", "can_redo")

    @staticmethod
    def title_size(width: float, title: str, big: str, small: str) -> str:
        """Theme size ``big`` when the title fits on one line, else ``small``, wrapped:
        Bountytown's title carries every player's renown, and six names do not fit one line
        at 28 px. (Returned as the theme's unit string, so it follows a resized window.)"""
        wide = CoreLabel(font_size=theme.px(big), bold=True).get_extents(title)[0]
        return getattr(theme, big if wide <= width else small)

    def on_screen(self, _bar: GameBar, screen) -> None:
        # Explicit binds: a kv expression through `root.screen.can_undo` lost its binding
        # when `screen` was set by the parent rule, leaving Undo greyed out.
        if screen is not None:
            screen.bind(**{name: self.setter(name) for name in self._MIRRORED})
            for name in self._MIRRORED:
                setattr(self, name, getattr(screen, name))


load_kv(__file__)
