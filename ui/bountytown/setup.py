"""Setting up Bountytown as the rulebook's Setup does: who plays in seat order, the
characters they picked, the 3x3 town, the items for sale and the three first bounties.

Nothing is judged here: the settings go to ``app.start_session``, and the engine's
refusal (with its rule) is shown on this screen.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.bountytown.state import ACTIVE_BOUNTIES, ITEM_PRICES, MIDDLE_ROW, PLAYERS, parse_bounty
from companion.bountytown.view import ABILITIES, SETUP_DIAGRAM
from companion.engine import RuleError
from ui import theme
from ui.bountytown.forms import BountyForm, CountStepper
from ui.kvload import load_kv
from ui.widgets import BigButton
import ui.picker  # noqa: F401  (PlayerPicker for the kv rules)

STEPS = ("Players", "Characters", "Town", "Store", "Bounties")
MIN_PLAYERS, MAX_PLAYERS = min(PLAYERS), max(PLAYERS)
FIXED = range(3, 6)  # the middle row's indices in the grid


class HeroRow(BoxLayout):
    """A seated player: the character they chose and its hand limit (some characters differ)."""

    player = StringProperty("")
    colour = StringProperty("white")


class BountytownSetup(Screen):
    step = StringProperty(STEPS[0])
    steps = ListProperty(STEPS)
    message = StringProperty("")
    grid = ListProperty(SETUP_DIAGRAM)
    selected = NumericProperty(-1)  # the grid cell tapped first (-1: none)
    bounty_page = NumericProperty(0)

    def on_kv_post(self, _base) -> None:
        self.ids.picker.bind(chosen=lambda *_: self._draw_characters())
        for item in ITEM_PRICES:
            self.ids.stock.add_widget(CountStepper(label=item, value=1, maximum=4))
        self._draw_town()

    def on_pre_enter(self, *_args) -> None:
        self.ids.picker.refresh()
        self._draw_characters()

    def show(self, step: str) -> None:
        self.step = step
        self.ids.pages.current = step

    # -- characters ------------------------------------------------------------------

    def _draw_characters(self) -> None:
        box = self.ids.characters
        kept = {row.player: (row.ids.character.text, row.ids.limit.value) for row in box.children}
        box.clear_widgets()
        for player in self.ids.picker.chosen:
            row = HeroRow(player=player.name, colour=player.colour)
            row.ids.character.text, row.ids.limit.value = kept.get(player.name, ("", 5))
            box.add_widget(row)

    # -- the town --------------------------------------------------------------------

    def tap_cell(self, index: int) -> None:
        """Tap a top or bottom cell to pick it; tap another to swap the two."""
        if index in FIXED:
            self.message = f"The middle row is fixed: {', '.join(MIDDLE_ROW)} (rulebook Setup 1)"
            return
        if self.selected < 0 or self.selected == index:
            self.selected = -1 if self.selected == index else index
        else:
            grid = list(self.grid)
            grid[self.selected], grid[index] = grid[index], grid[self.selected]
            self.grid, self.selected = grid, -1
        self._draw_town()

    def place(self, name: str) -> None:
        """Put a spare or typed location into the picked cell."""
        name = " ".join(name.split())
        if self.selected < 0:
            self.message = "Tap a top or bottom cell of the town first, then the location to put there"
            return
        if not name or name in self.grid:
            self.message = f"{name or 'That'} is already in town" if name else "Type the location's name"
            return
        grid = list(self.grid)
        grid[self.selected] = name
        self.grid, self.selected, self.message = grid, -1, ""
        self.ids.custom.text = ""
        self._draw_town()

    def reset_town(self) -> None:
        self.grid, self.selected = list(SETUP_DIAGRAM), -1
        self._draw_town()

    def _draw_town(self) -> None:
        cells = self.ids.town
        cells.clear_widgets()
        for index, name in enumerate(self.grid):
            mark = " (fixed)" if index in FIXED else (" (picked)" if index == self.selected else "")
            cells.add_widget(BigButton(
                text=name + mark, height=0, size_hint_y=1, bold=index == self.selected,
                tint=theme.MUTED if index in FIXED else (theme.ACCENT if index == self.selected else theme.PANEL),
                on_release=lambda _b, i=index: self.tap_cell(i)))
        spares = self.ids.spares
        spares.clear_widgets()
        for name in ABILITIES:
            if name not in self.grid:
                spares.add_widget(BigButton(text=name, tint=theme.PANEL,
                                            on_release=lambda _b, n=name: self.place(n)))
        for form in self._forms():
            form.grid = list(self.grid)

    # -- bounties and start ----------------------------------------------------------

    def _forms(self) -> list[BountyForm]:
        return [self.ids[f"bounty{i}"] for i in range(ACTIVE_BOUNTIES)] if "bounty0" in self.ids else []

    def show_bounty(self, page: int) -> None:
        self.bounty_page = page
        self.ids.bounty_pages.current = f"b{page}"

    def settings(self) -> dict[str, Any]:
        players = [{"name": row.player, "character": row.ids.character.text.strip(),
                    "hand_limit": int(row.ids.limit.value)} for row in reversed(self.ids.characters.children)]
        store = [s.label for s in reversed(self.ids.stock.children) for _ in range(int(s.value))]
        return {"players": players, "grid": list(self.grid),
                "bounties": [form.entry() for form in self._forms()], "store": store}

    def start(self) -> None:
        settings = self.settings()
        if not MIN_PLAYERS <= len(settings["players"]) <= MAX_PLAYERS:
            self.message = f"Pick {MIN_PLAYERS} to {MAX_PLAYERS} players in seat order"
            self.show("Players")
            return
        try:
            for page, entry in enumerate(settings["bounties"]):
                self._check_bounty(page, entry)
        except RuleError as exc:
            self.message = f"Refused: {exc}"
            return
        self.message = App.get_running_app().refusal_to_start("bountytown", settings)

    def _check_bounty(self, page: int, entry: dict[str, Any]) -> None:
        """Show the first bounty the engine refuses, on its own page, before starting."""
        if not entry["name"]:  # the engine's reason would echo the whole card back
            self.show("Bounties")
            self.show_bounty(page)
            raise RuleError("Bounties", f"bounty {page + 1} has no name yet: type the name printed on the card")
        try:
            parse_bounty(entry, tuple(self.grid))
        except RuleError:
            self.show("Bounties")
            self.show_bounty(page)
            raise


load_kv(__file__)
