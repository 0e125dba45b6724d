"""Colours and sizes shared by every screen.

Sizes are in dp/sp, and :func:`fit_window` scales them with the window, so a layout made for
the 800x480 touchscreen keeps its proportions and grows, text included, on 1024x600 or
1280x720. The app calls it before it builds a screen and again whenever the window changes
size, at run time too (a desktop window dragged larger, a display that comes up at another
resolution): every ``theme.TEXT`` or ``theme.TOUCH`` in a kv rule follows at once, because
the sizes are Kivy properties and kv re-evaluates a rule when a property it reads changes
(``kivy/lang/builder.py`` ``create_handler`` binds the last name of ``theme.TEXT`` when
``theme`` is an EventDispatcher). Plain ``dp(..)`` widths in kv are read once, when a widget
is made; widgets made after a resize get them in the new scale.

That is why this module replaces itself with a :class:`Theme` instance: every kv file says
``#:import theme ui.theme``, and kv can only bind to the attributes of an EventDispatcher,
not of a module. Python code reads it the same way (``from ui import theme; theme.TEXT``).

Text sizes, at 800x480:

* ``TEXT_SMALL`` (16 px) is the floor: nothing on any screen is smaller.
* ``TEXT`` (20 px) and up for anything read across the table: scores, names, claim times,
  verdicts, reasons. ``TEXT_SCORE`` (32 px) for the numbers a player looks for first.

Player colours always come with their name in text: nothing is told by colour alone.
"""

from __future__ import annotations

import sys

from kivy.event import EventDispatcher
from kivy.metrics import Metrics, dp, sp
from kivy.properties import NumericProperty
from kivy.utils import get_color_from_hex

BACKGROUND = get_color_from_hex("#2b1d14")
PANEL = get_color_from_hex("#3d2a1c")
PARCHMENT = get_color_from_hex("#f3e2c0")
INK = get_color_from_hex("#2b1d14")
ACCENT = get_color_from_hex("#c8702a")
ACCENT_DOWN = get_color_from_hex("#8f4c17")
MUTED = get_color_from_hex("#6b5443")
DANGER = get_color_from_hex("#a83a2c")
OK = get_color_from_hex("#4d7a3a")

#: the screen the layouts are made for; larger windows scale up from it
DESIGN_SIZE = (800, 480)

#: name -> (unit, size at 800x480), in the order a resize sets them. A widget's font_size can
#: be bound by several kv rules (``<Label>``'s default, its class's, the instance's), and each
#: is re-evaluated when the size it reads is set, so the last one set wins: the default of
#: every Label (``TEXT_DEFAULT``) first, then the usual class sizes (``TOUCH``, ``TEXT``:
#: BigButton's), then the sizes instances pick instead of them.
SIZES = {
    "TEXT_DEFAULT": (sp, 20), "TOUCH": (dp, 56), "TEXT": (sp, 20),
    "TOUCH_MIN": (dp, 48), "TOUCH_TALL": (dp, 64),
    "TEXT_BIG": (sp, 28), "TEXT_SCORE": (sp, 32), "TEXT_HUGE": (sp, 44), "TEXT_SMALL": (sp, 16),
}


def window_scale(width: float, height: float) -> float:
    """How much larger than 800x480 this window is, by its tighter side (never below 1)."""
    return max(1.0, min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))


PLAYER_COLOURS = {
    "red": "#d23a2e",
    "blue": "#2f6fd0",
    "green": "#3c9a44",
    "yellow": "#e7c531",
    "black": "#1c1c1c",
    "white": "#f5f5f5",
    "orange": "#ee8a24",
    "purple": "#8046b8",
    "brown": "#8a5a34",
    "pink": "#e57ab0",
}


def player_rgba(colour: str) -> list[float]:
    return get_color_from_hex(PLAYER_COLOURS.get(colour, "#888888"))


def text_on(colour: str) -> list[float]:
    """Dark ink on light chips, light ink on dark ones, so the name is always readable."""
    return INK if colour in ("yellow", "white", "orange", "pink") else [1, 1, 1, 1]


class Theme(EventDispatcher):
    """The module's contents, with the sizes as properties kv rules bind to."""

    TEXT_DEFAULT = NumericProperty(0)  # every Label's, unless its rule says otherwise
    TOUCH = NumericProperty(0)
    TOUCH_MIN = NumericProperty(0)
    TOUCH_TALL = NumericProperty(0)
    TEXT_SMALL = NumericProperty(0)
    TEXT = NumericProperty(0)
    TEXT_BIG = NumericProperty(0)
    TEXT_SCORE = NumericProperty(0)
    TEXT_HUGE = NumericProperty(0)
    #: the window's size over 800x480, as :func:`window_scale` says
    scale = NumericProperty(1.0)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._platform_density = Metrics.density
        self._resize()

    def fit_window(self, width: float, height: float) -> float:
        """Scale dp and sp (Kivy's ``Metrics.density``) and the sizes to the window; returns
        the scale. Called before any screen is built and on every change of window size."""
        self.scale = window_scale(width, height)
        Metrics.density = self._platform_density * self.scale
        self._resize()
        return self.scale

    def _resize(self) -> None:
        for name, (unit, size) in SIZES.items():
            setattr(self, name, unit(size))

    def __getattr__(self, name: str):
        """Everything else the module defines (colours, functions)."""
        try:
            return _MODULE[name]
        except KeyError:
            raise AttributeError(f"module 'ui.theme' has no attribute {name!r}") from None


_MODULE = dict(globals())
sys.modules[__name__] = Theme()
