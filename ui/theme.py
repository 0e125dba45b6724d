"""Colours and sizes shared by every screen.

Sizes are in dp/sp, and :func:`fit_window` scales dp and sp with the window, so a layout
made for the 800x480 touchscreen keeps its proportions and grows, text included, on
1024x600 or 1280x720. Sizes are read when a widget is built (``theme.TEXT`` in kv), after
the app has fitted the window.

Text sizes, at 800x480:

* ``TEXT_SMALL`` (16 px) is the floor: nothing on any screen is smaller.
* ``TEXT`` (20 px) and up for anything read across the table: scores, names, claim times,
  verdicts, reasons. ``TEXT_SCORE`` (32 px) for the numbers a player looks for first.

Player colours always come with their name in text: nothing is told by colour alone.
"""

from __future__ import annotations

from kivy.metrics import Metrics, dp, sp
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

#: name -> (unit, size at 800x480); read through the module's __getattr__ so a size is
#: always in the current scale
_SIZES = {
    "TOUCH": (dp, 56), "TOUCH_MIN": (dp, 48), "TOUCH_TALL": (dp, 64),
    "TEXT_SMALL": (sp, 16), "TEXT": (sp, 20), "TEXT_BIG": (sp, 28), "TEXT_SCORE": (sp, 32),
    "TEXT_HUGE": (sp, 44),
}
_platform_density: float | None = None


def __getattr__(name: str) -> float:
    try:
        unit, size = _SIZES[name]
    except KeyError:
        raise AttributeError(f"module 'ui.theme' has no attribute {name!r}") from None
    return unit(size)


def window_scale(width: float, height: float) -> float:
    """How much larger than 800x480 this window is, by its tighter side (never below 1)."""
    return max(1.0, min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))


def fit_window(width: float, height: float) -> float:
    """Scale dp and sp (Kivy's ``Metrics.density``) to the window; returns the scale.

    Called by the app before it builds any screen: a widget built afterwards reads its sizes
    in the new scale, so nothing is left half-scaled."""
    global _platform_density
    if _platform_density is None:
        _platform_density = Metrics.density
    scale = window_scale(width, height)
    Metrics.density = _platform_density * scale
    return scale

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
