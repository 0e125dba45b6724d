"""The base of the pages inside the Bountytown game screen: each shows the value the screen
model gives for it (``view``, a property of each page's own) and sends every tap to ``game``."""

from __future__ import annotations

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen


class BountyPage(Screen):
    """A page of the table; ``game`` is the screen."""

    game = ObjectProperty(None, allownone=True, rebind=True)
