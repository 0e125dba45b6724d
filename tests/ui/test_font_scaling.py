"""Fonts and targets follow the window while the app runs (issue 13): a window made larger
after the screens are built grows their text and buttons at once, and shrinks them back."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.readability import problems
from ui import theme


def test_a_resized_window_resizes_the_text_already_on_screen(ui):
    home = ui.find("Score pad")
    assert (home.font_size, home.height) == (20, 56)
    try:
        Window.size = (1280, 720)
        ui.pump(3)
        assert theme.scale == 1.5 and theme.TEXT == 30
        assert (home.font_size, home.height) == (30, 84)  # the same button, not a new one
        assert problems(ui.screen) == []
    finally:
        Window.size = (800, 480)
        ui.pump(3)
    assert (home.font_size, home.height, theme.TEXT) == (20, 56, 20)
