"""Typing in a Bounty card: used at setup (the three first bounties) and at the end of a
turn (the cards revealed into empty slots). The form mirrors the printed card: name,
renown, the 3x3 town picture where two locations are marked, base cards, draws, items."""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.togglebutton import ToggleButton

from companion.bountytown.view import SETUP_DIAGRAM
from ui.kvload import load_kv
from ui.reuse import rows
import ui.bountytown.cards  # noqa: F401  (CardPad, CardSlot for the kv rules)


class CountStepper(BoxLayout):
    """A whole number changed with - and + (no keyboard needed on the touchscreen).
    ``on_step(value)``: a person changed it (not a redraw that set ``value``)."""

    label = StringProperty("")
    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(9)

    __events__ = ("on_step",)

    def step(self, by: int) -> None:
        value = min(self.maximum, max(self.minimum, self.value + by))
        if value != self.value:
            self.value = value
            self.dispatch("on_step", value)

    def on_step(self, value: int) -> None:
        pass


class LocationToggle(ToggleButton):
    """One cell of the bounty card's town picture."""

    location = StringProperty("")


class BountyForm(BoxLayout):
    """``entry()`` is the bounty as the engine's settings and ``end_turn`` take it; the
    engine (``state.parse_bounty``) judges it. ``on_refused(reason)``: a card the pad refused."""

    grid = ListProperty(SETUP_DIAGRAM)
    locations = ListProperty()  # the two marked locations, oldest first

    __events__ = ("on_refused",)

    def on_kv_post(self, _base) -> None:
        self.ids.base.clear()  # says "Base cards (0/5)" from the start
        self._draw_grid()

    def on_grid(self, *_args) -> None:
        self.locations = [name for name in self.locations if name in self.grid]
        if self.ids:
            self._draw_grid()

    def mark(self, toggle: LocationToggle) -> None:
        """Tap a location to mark it; a third mark lets go of the oldest (a card shows two)."""
        chosen = [n for n in self.locations if n != toggle.location]
        if toggle.state == "down":
            chosen = (chosen + [toggle.location])[-2:]
        self.locations = chosen
        self._draw_grid()

    def add_base(self, card: str) -> None:
        if not self.ids.base.add(card):
            self.dispatch("on_refused", f"a bounty shows at most {int(self.ids.base.capacity)} base cards")

    def on_refused(self, reason: str) -> None:
        pass

    def entry(self) -> dict[str, Any]:
        return {"name": self.ids.name.text.strip(), "renown": int(self.ids.renown.value),
                "locations": list(self.locations), "base": list(self.ids.base.cards),
                "draws": int(self.ids.draws.value), "items": int(self.ids.item_count.value)}

    def reset(self) -> None:
        self.ids.name.text = ""
        self.ids.renown.value = 1
        self.ids.draws.value = 0
        self.ids.item_count.value = 0
        self.ids.base.clear()
        self.locations = []
        self._draw_grid()

    def _draw_grid(self) -> None:
        """The town picture, its nine toggles kept from the last redraw (ui.reuse): marking a
        location relabels two of them and makes none."""
        for toggle, name in zip(rows(self.ids.cells, len(self.grid), self._toggle), self.grid):
            toggle.location, toggle.state = name, "down" if name in self.locations else "normal"

    def _toggle(self) -> LocationToggle:
        toggle = LocationToggle()
        toggle.bind(on_release=self.mark)
        return toggle


load_kv(__file__)
