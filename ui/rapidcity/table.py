"""The table round the referee's card: the location tiles on their pads, in their circle,
and every player's bullets. Each tile shows a :class:`companion.rapidcity.shown.TileShown`
(its claim and who is on it) and, from the pads themselves, its live level and fault."""

from __future__ import annotations

import functools
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion.rapidcity.shown import TileShown
from ui.kit.kvload import load_kv


class TileView(BoxLayout):
    """A location tile on its pad: its name, its pad's live level and fault, and its claim.

    ``shown`` (a :class:`companion.rapidcity.shown.TileShown`) is spread over one property
    per field, and kv binds those: a claim landing re-evaluates only the claim's rules, not
    the whole tile's, in the frame every claim waits for (the edge-to-screen path)."""

    shown = ObjectProperty(TileShown(0, ""))
    name = StringProperty("")
    claim = StringProperty("")
    claimant = StringProperty("")
    who = StringProperty("")  # who is on it, or what to ask until the table says
    racing = BooleanProperty(False)  # a card is in play: room for a claim is kept
    pressed = BooleanProperty(False)
    fault = StringProperty("")  # "stuck" / "chatter" while the pad is left out

    def on_shown(self, _tile: TileView, value: TileShown) -> None:
        self.name, self.claim, self.claimant, self.racing = value.name, value.claim, value.claimant, value.racing
        self.who = value.claimant_name or value.unnamed

    @staticmethod
    @functools.cache
    def claim_room(font_size: float) -> float:
        """The height of a claim's two lines (its place and time, then who is on it) at
        ``font_size`` px, kept empty on each tile from Ready so that no tile moves when its
        claim lands. Empty, not two blank lines of text: a transparent texture costs
        software GL as much as a seen one."""
        label = CoreLabel(text="\n", font_size=font_size, bold=True)
        label.refresh()
        return label.texture.height


class TableView(FloatLayout):
    """The tiles in the settings' order, clockwise, with the card in the middle: in two rows,
    the first left to right along the top and the rest back along the bottom (under the
    gaps when it is short), so the card's name has the band between the rows, the table's
    whole width, to itself. Six finger-sized tiles with a claim and a long name under it do
    not fit round a circle at 800x480 without overlapping, and three or four on a circle
    covered the card's name in the middle with a long name (issue 37)."""

    centre = StringProperty("")
    wide = BooleanProperty(False)  # five or six tiles: three to a row, and the table wider

    def show_tiles(self, tiles: list[TileView]) -> None:
        self.wide = len(tiles) > 4
        for tile in self.tile_views():
            self.remove_widget(tile)
        for tile in tiles:
            tile.bind(height=self._trigger_layout)  # a name wrapping onto a second line moves it
            self.add_widget(tile)

    def tile_views(self) -> list[TileView]:
        return [w for w in reversed(self.children) if isinstance(w, TileView)]

    def do_layout(self, *args: Any) -> None:
        """Lay the tiles out whenever the view moves, resizes or gets tiles."""
        super().do_layout(*args)
        tiles = self.tile_views()
        if not tiles:
            return
        w = max(tile.width for tile in tiles)
        h = max(tile.height for tile in tiles)
        rx, ry = (self.width - w) / 2, (self.height - h) / 2
        for tile, (x, y) in zip(tiles, ring(len(tiles))):
            tile.center = (self.center_x + rx * x, self.center_y + ry * y)


def ring(count: int) -> list[tuple[float, float]]:
    """Places on a ring of two rows across a 2 x 2 box (three to six of them), clockwise: the
    top row left to right, then the bottom row right to left, under the gaps when it is short."""
    top = (count + 1) // 2
    across = [-1 + 2 * i / (top - 1) for i in range(top)]
    under = across if count - top == top else [(a + b) / 2 for a, b in zip(across, across[1:])]
    return [(x, 1.0) for x in across] + [(x, -1.0) for x in reversed(under)]


class BulletBadge(BoxLayout):
    """A player's name on their colour with their bullets, always in view
    (a :class:`companion.rapidcity.shown.Badge`)."""

    shown = ObjectProperty(None, allownone=True)


load_kv(__file__)
