"""Choosing who plays: tap profiles in seat order (clockwise from the first player)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.store import Player
from ui.kvload import load_kv
from ui.widgets import Chip


class PlayerPicker(BoxLayout):
    """``chosen`` holds the picked profiles in the order they were tapped."""

    chosen = ListProperty()
    min_players = NumericProperty(1)
    max_players = NumericProperty(8)

    def refresh(self) -> None:
        box = self.ids.profiles
        box.clear_widgets()
        players = App.get_running_app().store.players()
        self.chosen = [p for p in self.chosen if p in players]
        for player in players:
            chip = Chip(text=player.name, colour=player.colour,
                        state="down" if player in self.chosen else "normal")
            chip.bind(on_release=lambda c, p=player: self.toggle(c, p))
            box.add_widget(chip)

    def toggle(self, chip: Chip, player: Player) -> None:
        if player in self.chosen:
            self.chosen = [p for p in self.chosen if p != player]
        elif len(self.chosen) < self.max_players:
            self.chosen = self.chosen + [player]
        chip.state = "down" if player in self.chosen else "normal"

    @property
    def ready(self) -> bool:
        return self.min_players <= len(self.chosen) <= self.max_players


load_kv(__file__)
