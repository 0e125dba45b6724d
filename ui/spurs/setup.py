"""Spurs setup: who plays in seat order, each one's character sheet, and the game's options.

R-S9: bags and Riding Skill are copied from the character sheets, never invented, so
every row starts empty; a character typed (or picked) again comes back as it was last
entered, because the sheets do not change between games.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import DictProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.spinner import SpinnerOption

from companion.spurs.bag import COLOURS
from companion.spurs.view import missing_from_sheet, recall, remember
from ui.kit.kvload import load_kv
from ui.kit.widgets import AboveKeys
import ui.kit.picker  # noqa: F401  (PlayerPicker)
import ui.spurs.controls  # noqa: F401  (Stepper, Options)

CHARACTERS_PREF = "spurs.characters"


class KnownOption(SpinnerOption):
    """A remembered character in the drop-down list, a finger high."""


class CharacterRow(BoxLayout):
    """One seat: the player, their character's name, Riding Skill and starting bag."""

    player = ObjectProperty(None)  # companion.db.store.Player
    known = DictProperty()  # remembered characters: name -> {"riding", "bag"}

    def on_character(self, text: str) -> None:
        sheet = recall(self.known, text)
        if sheet is not None:
            self.ids.riding.value = sheet["riding"]
            for colour in COLOURS:
                self.ids[colour].value = sheet["bag"][colour]

    def entry(self) -> dict[str, Any]:
        return {"name": self.player.name, "character": " ".join(self.ids.character.text.split()),
                "riding": int(self.ids.riding.value),
                "bag": {c: int(self.ids[c].value) for c in COLOURS}}


class SpursSetup(Screen):
    """The seats, each one's sheet and the game's options (``ui.kit.widgets.AboveKeys`` keeps it
    above the on-screen keyboard while a sheet is typed)."""

    message = StringProperty("")

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        self.ids.characters.clear_widgets()  # a new game: sheets are named afresh (and recalled)
        self.ids.picker.refresh()
        self.seat_rows()

    above_keys: AboveKeys | None = None

    def on_kv_post(self, _base: Any) -> None:
        # the picker folds away while a sheet's field is typed
        self.above_keys = AboveKeys(self.ids.layout, self.ids.scroll, (self.ids.picker.__self__,))

    def seat_rows(self) -> None:
        """One character row per chosen player, in seat order; rows already filled in
        keep what was entered when the seats change."""
        box = self.ids.characters
        rows = {row.player.name: row for row in box.children}
        known = App.get_running_app().store.pref(CHARACTERS_PREF, {})
        box.clear_widgets()
        for player in self.ids.picker.chosen:
            row = rows.get(player.name) or CharacterRow(player=player)
            row.known = known
            box.add_widget(row)

    def settings(self) -> dict[str, Any]:
        ids = self.ids
        target = ids.custom.value if ids.target.value == "custom" else int(ids.target.value)
        return {"players": [row.entry() for row in reversed(ids.characters.children)],
                "target_fame": int(target), "most_points": int(ids.most.value),
                "gang_rule": ids.gang_rule.value, "bank_cash": int(ids.bank.value)}

    def start(self) -> None:
        """Start the game if every sheet was copied and the engine accepts the settings;
        remember the characters only then, so a refused setup teaches nothing wrong."""
        settings = self.settings()
        missing = [m for m in map(missing_from_sheet, settings["players"]) if m]
        if missing:
            self.message = missing[0]
            return
        app = App.get_running_app()
        self.message = app.refusal_to_start("spurs", settings)
        if self.message:
            return
        app.store.set_pref(CHARACTERS_PREF, remember(app.store.pref(CHARACTERS_PREF, {}), settings["players"]))


load_kv(__file__)
