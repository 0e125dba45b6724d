"""The colours of bullets, nuggets and stones, each with an ink that stays readable on it.

A separate module so kv files can import it while the widget modules are still loading.
"""

from __future__ import annotations

from typing import Any

from kivy.utils import get_color_from_hex

from ui.kit import theme

SWATCH = {
    "grey": ("#9b9b9b", theme.INK),
    "brown": ("#8b5a2b", (1, 1, 1, 1)),
    "white": ("#f7f7f2", theme.INK),
    "black": ("#1b1b1b", (1, 1, 1, 1)),
    "red": ("#c0392b", (1, 1, 1, 1)),
    "gold": ("#e2b33c", theme.INK),
    "stones": ("#7d7468", (1, 1, 1, 1)),
}


def swatch(name: str) -> list[float]:
    """The fill for a bullet colour, a nugget or a stone."""
    return get_color_from_hex(SWATCH[name][0])


def ink(name: str) -> Any:
    """The text colour that reads on :func:`swatch`'s fill (its name is always written)."""
    return SWATCH[name][1]
