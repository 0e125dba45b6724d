"""The base of the pages shown inside the Spurs game screen.

Every page lives under the game screen's one GameBar, so Undo and Redo are a tap away on
every step (a form, a draw, the final scores) and always act on the same session. A page
shows ``view``, the value the screen model gives for it (companion/spurs/shown.py), and
sends every tap to the screen (``game.tap``): it decides nothing itself.
"""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen


class Page(Screen):
    """A step of the Spurs flow. ``game`` is the SpursScreen that holds the session; each
    page class has its ``view`` (a property of its own: Kivy links a property redefined in a
    subclass anew, and the kv rules of the base's would be left bound to nothing)."""

    game = ObjectProperty(None, rebind=True)
