"""Typing in a Bounty card: at setup (the three first bounties) and at the end of a turn (the
cards revealed into empty slots). The form mirrors the printed card: name, renown, the 3x3
town picture where two locations are marked, base cards (a value, then a suit), draws and
items. Its values are the screen model's (companion/bountytown/cardform.py); each tap goes to
``send`` (the screen's, or the setup's for the form it is)."""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.togglebutton import ToggleButton

from companion.bountytown.cardform import Card
from ui.kit.kvload import load_kv
import ui.bountytown.cards  # noqa: F401  (PadButton, SuitButton for the kv rules)
import ui.kit.rowlist  # noqa: F401  (RowList for the kv rules)


class CountStepper(BoxLayout):
    """A whole number changed with - and + (no keyboard needed on the touchscreen).
    ``on_nudge(sign)``: a person tapped - or +; the value shown is the model's."""

    label = StringProperty("")
    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(9)

    __events__ = ("on_nudge",)

    def on_nudge(self, sign: int) -> None:
        pass


class LocationToggle(ToggleButton):
    """One cell of the bounty card's town picture (a row of a list: (location, marked))."""

    shown = ObjectProperty(("", False))
    choose = ObjectProperty(None, allownone=True)


class BountyForm(BoxLayout):
    """A bounty card's fields, as ``card`` holds them; ``send(key, *args)`` for each tap."""

    card = ObjectProperty(Card(), rebind=True)
    grid = ListProperty()
    send = ObjectProperty(None, allownone=True)

    def tap(self, key: str, *args: Any) -> None:
        if self.send is not None:
            self.send(key, *args)

    def typed(self, text: str) -> None:
        if text != self.card.name:
            self.tap("name", text)


load_kv(__file__)
