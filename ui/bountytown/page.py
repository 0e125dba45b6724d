"""The base of the pages inside the Bountytown game screen: each shows the value the screen
model gives for it (``view``, a property of each page's own) and sends every tap to ``game``."""

from __future__ import annotations

from typing import Iterator

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen


class BountyPage(Screen):
    """A page of the table; ``game`` is the screen."""

    game = ObjectProperty(None, allownone=True, rebind=True)

    def parts(self) -> Iterator[None]:
        """What the page makes after it is made, a part at each ``next()`` (the screen's pages
        make them so: ui/pace/pages.py): its card grid's keys, if it has a desk."""
        desk = self.ids.get("desk")
        return desk.ids.grid.parts() if desk is not None else iter(())
