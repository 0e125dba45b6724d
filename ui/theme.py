"""Colours and sizes shared by every screen.

Sizes are in dp/sp so the 800x480 touchscreen gets targets of at least 48 px and a larger
screen scales up. Player colours always come with their name in text: nothing is told by
colour alone.
"""

from kivy.metrics import dp, sp
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

TOUCH = dp(56)
TOUCH_MIN = dp(48)
TOUCH_TALL = dp(64)
TEXT = sp(20)
TEXT_SMALL = sp(16)
TEXT_BIG = sp(28)
TEXT_HUGE = sp(44)

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
