"""Real input through the X server (XTest, python-xlib): the events SDL reads from the window,
as a mouse or a touchscreen's X driver sends them, not events made inside Kivy."""

from __future__ import annotations

from Xlib import X, XK
from Xlib.display import Display
from Xlib.ext import xtest

#: keys the walk types: letters a name may hold, a space, and the keys that edit or leave a field
KEYS = ("a", "n", "e", "b", "o", "space", "BackSpace", "Return", "Escape")


class XInput:
    """One connection to the display the app's window is on; positions are the root
    window's pixels (top-left origin)."""

    def __init__(self, display: str) -> None:
        self.display = Display(display)

    def press(self, x: int, y: int) -> None:
        """The pointer moved to (x, y) and its first button pressed: a finger coming down."""
        xtest.fake_input(self.display, X.MotionNotify, x=x, y=y)
        xtest.fake_input(self.display, X.ButtonPress, 1)
        self.display.sync()

    def release(self) -> None:
        """The pointer's first button released: the finger lifted."""
        xtest.fake_input(self.display, X.ButtonRelease, 1)
        self.display.sync()

    def key(self, name: str) -> None:
        """A key pressed and released, by its X keysym name ("a", "BackSpace")."""
        code = self.display.keysym_to_keycode(XK.string_to_keysym(name))
        xtest.fake_input(self.display, X.KeyPress, code)
        xtest.fake_input(self.display, X.KeyRelease, code)
        self.display.sync()

    def close(self) -> None:
        self.display.close()
