"""Colours and sizes shared by every screen.

Sizes are in dp/sp, and :func:`fit_window` scales dp and sp with the window, so a layout
made for the 800x480 touchscreen keeps its proportions and grows, text included, on
1024x600 or 1280x720, and follows the window when it is resized while the app runs.

That is why a size reads as a string with its unit (``theme.TEXT`` is ``"20sp"``): a Kivy
numeric property given a unit keeps it and converts it again whenever dp and sp change, so
``font_size: theme.TEXT`` in kv, or ``Label(font_size=theme.TEXT)``, follows the window with
nothing bound (a binding would re-assert a kv rule's size over one passed from Python).
Arithmetic needs numbers: :func:`px` is a size in pixels now, for an expression that is
worked out again anyway (it depends on a texture or a width), and :func:`scaled` a multiple
of a size as a unit string again, for one that is worked out once.

Text sizes, at 800x480:

* ``TEXT_SMALL`` (16 px) is the floor: nothing on any screen is smaller.
* ``TEXT`` (20 px) and up for anything read across the table: scores, names, claim times,
  verdicts, reasons. ``TEXT_SCORE`` (32 px) for the numbers a player looks for first.

Player colours always come with their name in text: nothing is told by colour alone.
"""
from __future__ import annotations

from kivy.metrics import Metrics, dpi2px
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

#: name -> (size at 800x480, unit); read through the module's __getattr__ as a unit string
_SIZES = {
    "TOUCH": (56, "dp"), "TOUCH_MIN": (48, "dp"), "TOUCH_TALL": (64, "dp"),
    "TEXT_SMALL": (16, "sp"), "TEXT": (20, "sp"), "TEXT_BIG": (28, "sp"), "TEXT_SCORE": (32, "sp"),
    "TEXT_HUGE": (44, "sp"),
}
_platform_density: float | None = None


def _size(name: str) -> tuple[float, str]:
    try:
        return _SIZES[name]
    except KeyError:
        raise AttributeError(f"module 'ui.kit.theme' has no attribute {name!r}") from None


def __getattr__(name: str) -> str:
    size, unit = _size(name)
    return f"{size}{unit}"


def scaled(name: str, times: float = 1.0, plus: float = 0.0) -> str:
    """``times`` the size ``name`` plus ``plus`` (in the same unit), as a unit string that
    follows the window like the size itself: ``scaled("TOUCH_MIN", 3, 8)`` is ``"152dp"``."""
    size, unit = _size(name)
    return f"{size * times + plus:g}{unit}"


def px(name: str) -> float:
    """The size ``name`` in pixels at the window's present scale."""
    return dpi2px(*_size(name))


def window_scale(width: float, height: float) -> float:
    """How much larger than 800x480 this window is, by its tighter side (never below 1)."""
    return max(1.0, min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))


def fit_window(width: float, height: float) -> float:
    """Scale dp and sp (Kivy's ``Metrics.density``) to the window; returns the scale.

    Called by the app before it builds any screen, and again when the window is resized:
    every size given as a unit string (the theme's sizes, ``'8dp'`` in kv) follows."""
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
