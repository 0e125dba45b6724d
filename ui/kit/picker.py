"""Choosing who plays: tap players in seat order (clockwise from the first player), or
seat a guest by name.

A guest plays one game without a player record: they are seated by the name typed, and
never appear in the players list or the statistics (the store seats any name that is not
a player's as a guest). A name that is a player's is refused as a guest's, so a player is
never split into a record and a guest by accident.
"""

from __future__ import annotations

from typing import NamedTuple

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.db.roster import name_key
from companion.db.store import MAX_NAME, Player
from ui.kit.kvload import load_kv
from ui.kit.widgets import BigButton, Chip


class Guest(NamedTuple):
    """Someone seated for one game by name only (the setups read ``name`` and ``colour``)."""

    name: str
    colour: str = "white"


class GuestEntry(ModalView):
    """Typing a guest's name; Seat hands it to the picker, which says what is wrong with it."""

    message = StringProperty("")

    def __init__(self, picker: PlayerPicker, **kwargs) -> None:
        super().__init__(**kwargs)
        self.picker = picker

    def seat(self) -> None:
        self.message = self.picker.add_guest(self.ids.name.text)
        if not self.message:
            self.dismiss(animation=False)  # gone before the next tap, which is the setup's


class PlayerPicker(BoxLayout):
    """``chosen`` holds the picked players and guests in the order they were tapped."""

    chosen = ListProperty()
    min_players = NumericProperty(1)
    max_players = NumericProperty(8)

    def refresh(self) -> None:
        box = self.ids.profiles
        box.clear_widgets()
        players = App.get_running_app().store.players()
        self.chosen = [p for p in self.chosen if isinstance(p, Guest) or p in players]
        for person in players + [p for p in self.chosen if isinstance(p, Guest)]:
            chip = Chip(text=f"{person.name} (guest)" if isinstance(person, Guest) else person.name,
                        colour=person.colour, state="down" if person in self.chosen else "normal")
            chip.bind(on_release=lambda c, p=person: self.toggle(c, p))
            box.add_widget(chip)
        # last, so the players keep their places (a setup showing one row shows them first)
        box.add_widget(BigButton(text="+ Guest", on_release=lambda _b: self.ask_guest()))

    def ask_guest(self) -> GuestEntry:
        entry = GuestEntry(self)
        entry.open(animation=False)  # at once: the name field is focused (on_open) for the first key
        return entry

    def add_guest(self, typed: str) -> str:
        """Seat a guest; "" when seated, else why not (nothing is changed)."""
        name = " ".join(typed.split())
        player = App.get_running_app().store.player_named(name) if name else None
        if not name:
            return "Type the guest's name."
        if len(name) > MAX_NAME:
            return f"Names are at most {MAX_NAME} characters; that one has {len(name)}."
        if player is not None:
            return f"{player.name} is a player: tap {player.name} instead, so the game is theirs."
        if any(name_key(p.name) == name_key(name) for p in self.chosen):
            return f"{name} is seated already."
        if len(self.chosen) >= self.max_players:
            return f"All {int(self.max_players)} seats are taken."
        self.chosen = self.chosen + [Guest(name)]
        self.refresh()
        return ""

    def toggle(self, chip: Chip, person: Player | Guest) -> None:
        if person in self.chosen:
            self.chosen = [p for p in self.chosen if p != person]
            if isinstance(person, Guest):  # a guest is only there while seated
                self.refresh()
                return
        elif len(self.chosen) < self.max_players:
            self.chosen = self.chosen + [person]
        chip.state = "down" if person in self.chosen else "normal"

    @staticmethod
    def seat_line(chosen: list[Player | Guest]) -> str:
        """The seats in order, guests said to be guests (the kv passes ``chosen`` to bind it)."""
        return ", ".join(f"{p.name} (guest)" if isinstance(p, Guest) else p.name for p in chosen)

    @property
    def ready(self) -> bool:
        return self.min_players <= len(self.chosen) <= self.max_players


load_kv(__file__)
