"""Rapid City setup: who plays which colour, which pads carry the tiles, which cards.

R-R2: a player *is* a colour; the name is only how the screen calls them, so each of
the six colours has a row and a name that may come from a player profile. The tiles are
the pads of the pad map the hardware was opened with, in its order (the circle's);
whether they make a legal table (one per player, every location type, names of a length
any screen takes) is said in the players' words by :func:`companion.rapidcity.table.refusal`
when Start is tapped, before the engine is asked.
"""

from __future__ import annotations

from typing import Any, Iterator

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from companion.contracts.engine import new_seed
from companion.intake.errors import InputError
from companion.rapidcity.engine import MAX_PLAYERS, MIN_PLAYERS
from companion.rapidcity.model import COLOURS
from companion.rapidcity.table import refusal
from companion.db.store import Player
import ui.kit.doubletap  # noqa: F401  (registers MoveOnButton, the kv rule's Start)
from ui.kit.kvload import load_kv
from ui.kit.widgets import Chip


class CycleSetting(Button):
    """A referee setting of R-R4/R-R6/R-R8 as one finger-sized button: each tap moves to
    the next choice, and the text always says the value in its unit."""

    label = StringProperty("")
    unit = StringProperty("ms")
    scale = NumericProperty(1)  # shown value = value / scale (5000 ms shown as 5 s)
    choices = ListProperty()
    value = NumericProperty(0)

    def on_release(self) -> None:
        at = self.choices.index(self.value) if self.value in self.choices else -1
        self.value = self.choices[(at + 1) % len(self.choices)]


class SeatRow(BoxLayout):
    """One colour of R-R2: seated or not, and the name the screen will call it by."""

    colour = StringProperty("red")
    seated = BooleanProperty(False)

    @property
    def name(self) -> str:
        return " ".join(self.ids.name.text.split())


class PadToggle(ToggleButton):
    """A pad of the pad map, in play or left out (said in words, not only by its frame)."""

    pad = ObjectProperty(None)  # hardware.padmap.Pad


class RapidCitySetup(Screen):
    message = StringProperty("")
    summary = StringProperty("")
    enough = BooleanProperty(False)  # a table the engine could accept (3-6 players)
    pad_choice = ListProperty()  # pad numbers in play, in the pad map's (circle) order

    def on_kv_post(self, _base: Any) -> None:
        self.rows: dict[str, SeatRow] = {}
        self._pads_chosen_by_hand = False

    def parts(self) -> Iterator[None]:
        """A row for each colour, one a tick (~5 ms of kv rules each here; the app builds the
        screen so, or all at once: ui/shell/app.py)."""
        for colour in COLOURS:
            row = self.rows[colour] = SeatRow(colour=colour)
            row.bind(seated=self._seats_changed)
            row.ids.name.bind(text=lambda *_a: self._describe())
            self.ids.seats.add_widget(row)
            yield

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        self._profiles()
        self._pads()
        self._describe()

    def _profiles(self) -> None:
        box = self.ids.profiles
        box.clear_widgets()
        for player in App.get_running_app().store.players():
            chip = Chip(text=player.name, colour=player.colour, size_hint_x=None)
            chip.texture_update()
            chip.width = max(dp(130), chip.texture_size[0] + dp(16))  # the whole name, at any scale
            chip.state = "down" if self._row_named(player.name) else "normal"
            chip.bind(on_release=lambda c, p=player: self.use_profile(c, p))
            box.add_widget(chip)
        self.ids.no_profiles.opacity = 0 if box.children else 1

    def _pads(self) -> None:
        box = self.ids.pads
        box.clear_widgets()
        try:
            pads = list(App.get_running_app().hardware().pads)
        except InputError as exc:
            self.message = f"Pads: {exc}"
            pads = []
        known = [pad.number for pad in pads]
        self.pad_choice = [n for n in self.pad_choice if n in known]
        for pad in pads:
            toggle = PadToggle(pad=pad, state="down" if pad.number in self.pad_choice else "normal")
            toggle.bind(on_release=self.toggle_pad)
            box.add_widget(toggle)
        self._default_pads()

    def use_profile(self, chip: Chip, player: Player) -> None:
        """A profile seats its name on its own colour when that colour is free, else on
        the first free colour; tapped again, it stands up."""
        row = self._row_named(player.name)
        if row is not None:
            row.ids.name.text = ""
            row.seated = False
        else:
            free = [r for r in self.rows.values() if not r.seated]
            row = self.rows.get(player.colour) if self.rows.get(player.colour) in free else (free or [None])[0]
            if row is not None:
                row.ids.name.text = player.name
                row.seated = True
        chip.state = "down" if self._row_named(player.name) else "normal"

    def _row_named(self, name: str) -> SeatRow | None:
        return next((r for r in self.rows.values() if r.seated and r.name.casefold() == name.casefold()), None)

    def toggle_pad(self, toggle: PadToggle) -> None:
        self._pads_chosen_by_hand = True
        chosen = {t.pad.number for t in self.ids.pads.children if t.state == "down"}
        self.pad_choice = [t.pad.number for t in reversed(self.ids.pads.children) if t.pad.number in chosen]
        self._describe()

    def _seats_changed(self, *_args: Any) -> None:
        self._default_pads()
        self._describe()

    def _default_pads(self) -> None:
        """Until pads are picked by hand, the first pads of the map, one per player."""
        if self._pads_chosen_by_hand:
            return
        toggles = list(reversed(self.ids.pads.children))
        wanted = max(3, len(self.players()))
        for i, toggle in enumerate(toggles):
            toggle.state = "down" if i < wanted else "normal"
        self.pad_choice = [t.pad.number for t in toggles[:wanted]]

    def players(self) -> list[str]:
        return [colour for colour, row in self.rows.items() if row.seated]

    def _describe(self) -> None:
        """Whether the table can start, and the line under the form: how many players and
        pads, on one line at 800x480. Not their names, which the fields above show: six long
        ones took four lines, and the last ones were below the form's bottom (issue 37)."""
        count = len(self.players())
        self.enough = MIN_PLAYERS <= count <= MAX_PLAYERS
        self.summary = (f"{count} player{'' if count == 1 else 's'} and {len(self.pad_choice)} pads"
                        + (": tap Start." if self.enough else "."))

    def settings(self) -> dict[str, Any]:
        pads = {t.pad.number: t.pad for t in self.ids.pads.children}
        players = self.players()
        return {
            "players": players,
            "seed": new_seed(),
            "names": {c: self.rows[c].name for c in players if self.rows[c].name and self.rows[c].name != c},
            "tiles": [{"pad": n, "location": pads[n].location} for n in self.pad_choice],
            "healing": self.ids.healing.state == "down",
            "two_characters": self.ids.two_characters.state == "down",
            "ultimate": self.ids.ultimate.state == "down",
            # ruling: R-R4, R-R6, R-R8 - the referee's settings, chosen at setup
            "false_start_bullet": self.ids.false_start.state == "down",
            "window_ms": self.ids.window_ms.value,
            "bounce_ms": self.ids.bounce_ms.value,
            "tie_ms": self.ids.tie_ms.value,
        }

    def start(self) -> None:
        pads = {t.pad.number: t.pad for t in self.ids.pads.children}
        self.message = refusal(((c, self.rows[c].name) for c in self.players()),
                               (pads[n].location for n in self.pad_choice)) \
            or App.get_running_app().refusal_to_start("rapidcity", self.settings())


load_kv(__file__)
