"""Players: the profiles people pick when a game starts (name and colour)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.errors import InputError
from companion.store import COLOURS, StoreError
from ui.kvload import load_kv
from ui.widgets import Chip


class PlayersScreen(Screen):
    selected_id = NumericProperty(0)  # 0: nobody selected, the form adds a new player
    colour = StringProperty(COLOURS[0])
    message = StringProperty("")

    def on_kv_post(self, _base) -> None:
        for colour in COLOURS:
            chip = Chip(text=colour, colour=colour, group="colour", allow_no_selection=False)
            chip.bind(on_release=lambda c: setattr(self, "colour", c.colour))
            self.ids.colours.add_widget(chip)

    def on_pre_enter(self, *_args) -> None:
        self.clear_form()

    def on_colour(self, _screen, colour: str) -> None:
        for chip in self.ids.colours.children:
            chip.state = "down" if chip.colour == colour else "normal"

    def refresh(self) -> None:
        box = self.ids.profiles
        box.clear_widgets()
        for player in App.get_running_app().store.players():
            chip = Chip(text=player.name, colour=player.colour, group="profile",
                        state="down" if player.id == self.selected_id else "normal")
            chip.bind(on_release=lambda _c, p=player: self.select(p))
            box.add_widget(chip)

    def select(self, player) -> None:
        self.selected_id = player.id
        self.ids.name.text = player.name
        self.colour = player.colour
        self.message = ""
        self.refresh()

    def clear_form(self) -> None:
        self.selected_id = 0
        self.ids.name.text = ""
        self.message = ""
        self.refresh()

    def save(self) -> None:
        """Add a new player, or save the selected one's new name and colour."""
        store = App.get_running_app().store
        name = self.ids.name.text
        try:
            if self.selected_id:
                player = store.update_player(self.selected_id, name=name, colour=self.colour)
                self.message = f"Saved {player.name}."
            else:
                player = store.add_player(name, self.colour)
                self.message = f"Added {player.name}."
        except (InputError, StoreError) as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:]
            return
        self.selected_id = 0
        self.ids.name.text = ""
        self.refresh()


load_kv(__file__)
