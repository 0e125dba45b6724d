"""Small controls the Spurs screens share: steppers, option rows, bullet chips and discs,
desperado cards and the 19-hex Mini Board.

Numbers are entered with +/- steppers and choices with rows of toggle buttons, never a
keyboard, because the table has a touchscreen and players want few, large taps. Every
coloured thing also carries its colour's name, so nothing is told by colour alone.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Mesh, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.spurs.bag import WEAPONS
from companion.spurs.herd import HEXES, RADIUS
from ui import theme
from ui.kvload import load_kv
from ui.spurs.palette import swatch
import ui.widgets  # noqa: F401  (BigButton, Chip, Panel for the kv rules)

class Stepper(BoxLayout):
    """A number set with - and + (``signed`` shows +2 / -1 for changes)."""

    label = StringProperty("")
    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(99)
    step = NumericProperty(1)
    signed = BooleanProperty(False)
    colour = StringProperty("")  # a bullet colour: the label sits on its swatch
    button_width = NumericProperty("56dp")

    def change(self, sign: int) -> None:
        self.value = max(self.minimum, min(self.maximum, self.value + sign * self.step))


class OptionButton(ToggleButton):
    """One choice of an :class:`Options` row; the chosen one is framed and bold."""

    value = StringProperty("")


class Options(BoxLayout):
    """A row of choices, exactly one chosen. ``choices`` holds [value, text] pairs."""

    choices = ListProperty()
    value = StringProperty("")

    def on_choices(self, _row: Options, choices: list) -> None:
        self.clear_widgets()
        for value, text in choices:
            button = OptionButton(text=text, value=value, group=f"options-{id(self)}", allow_no_selection=False)
            button.bind(on_release=lambda b: setattr(self, "value", b.value))
            self.add_widget(button)
        if choices and self.value not in [v for v, _ in choices]:
            self.value = choices[0][0]
        self.on_value(self, self.value)

    def on_value(self, _row: Options, value: str) -> None:
        for button in self.children:
            button.state = "down" if button.value == value else "normal"


class BagChip(Label):
    """A bullet colour's count on its colour, with the colour's name under it."""

    colour = StringProperty("grey")
    count = NumericProperty(0)


class BulletDisc(Label):
    """One drawn bullet (or nugget/stone), big, its colour's name written on it."""

    colour = StringProperty("grey")


class DesperadoCard(BoxLayout):
    """A Desperado card as read from the table: weapon, hits, and its reward."""

    weapons = ListProperty([[w, w.title()] for w in WEAPONS])

    __events__ = ("on_edit",)

    def on_edit(self) -> None:
        """The weapon or the hits changed: what a draw's odds depend on."""

    def card(self) -> dict[str, Any]:
        ids = self.ids
        return {"weapon": ids.weapon.value, "hits": int(ids.hits.value),
                "cash": int(ids.cash.value), "fame": int(ids.fame.value)}


class GangCards(BoxLayout):
    """The desperado cards entered before a draw: the first only under the standard
    rule (the rest are revealed one at a time), every one under the house rule."""

    count = NumericProperty(1)
    house = BooleanProperty(False)

    __events__ = ("on_edit",)

    def on_edit(self) -> None:
        """A card's weapon or hits changed, or a card came or went."""

    def on_kv_post(self, _base) -> None:
        self.bind(count=self._fill, house=self._fill)
        self._fill()

    def _fill(self, *_args) -> None:
        wanted = int(self.count) if self.house else min(int(self.count), 1)
        while len(self.children) > wanted:
            self.remove_widget(self.children[0])
        while len(self.children) < wanted:
            self.add_widget(DesperadoCard(on_edit=lambda _card: self.dispatch("on_edit")), index=0)
        self.dispatch("on_edit")

    def cards(self) -> list[dict[str, Any]]:
        return [c.card() for c in reversed(self.children)]


class HexBoard(Widget):
    """The 19-hex Mini Board, drawn with canvas instructions; a tap puts a cattle token
    on a hex or takes it off. ``cells`` holds the [q, r] positions tapped."""

    cells = ListProperty()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cow = CoreLabel(text="COW", font_size=sp(15), bold=True)
        self._cow.refresh()
        self.bind(pos=self.redraw, size=self.redraw, cells=self.redraw)

    @property
    def side(self) -> float:
        """The hexes' side length: the largest that fits (pointy-top, 5 hexes across)."""
        across = 2 * RADIUS + 1
        return min(self.width / (math.sqrt(3) * across), self.height / (1.5 * across + 0.5))

    def centre(self, q: int, r: int) -> tuple[float, float]:
        s = self.side
        return self.center_x + s * math.sqrt(3) * (q + r / 2), self.center_y - s * 1.5 * r

    def hex_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The board hex under a point, or None off the board (cube rounding)."""
        s = self.side
        fq = (math.sqrt(3) / 3 * (x - self.center_x) + (y - self.center_y) / 3) / s
        fr = -(2 / 3) * (y - self.center_y) / s
        fs = -fq - fr
        q, r, s3 = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s3 - fs)
        if dq > dr and dq > ds:
            q = -r - s3
        elif dr > ds:
            r = -q - s3
        return (q, r) if (q, r) in HEXES else None

    def corners(self, q: int, r: int, inset: float = 0) -> list[float]:
        x, y = self.centre(q, r)
        s = self.side - inset
        return [v for i in range(6) for v in (x + s * math.cos(math.radians(60 * i + 30)),
                                               y + s * math.sin(math.radians(60 * i + 30)))]

    def redraw(self, *_args: Any) -> None:
        self.canvas.clear()
        cattle = {tuple(c) for c in self.cells}
        with self.canvas:
            for q, r in HEXES:
                points = self.corners(q, r, inset=dp(2))
                Color(*(swatch("brown") if (q, r) in cattle else theme.PARCHMENT))
                x, y = self.centre(q, r)
                vertices = [x, y, 0, 0] + [v for i in range(6) for v in (points[2 * i], points[2 * i + 1], 0, 0)]
                Mesh(vertices=vertices, indices=[0, 1, 2, 3, 4, 5, 6, 1], mode="triangle_fan")
                Color(*theme.INK)
                Line(points=points, close=True, width=dp(1.5))
                if (q, r) in cattle:
                    Color(1, 1, 1, 1)
                    w, h = self._cow.texture.size
                    Rectangle(texture=self._cow.texture, pos=(x - w / 2, y - h / 2), size=(w, h))

    def on_touch_down(self, touch: Any) -> bool:
        cell = self.hex_at(*touch.pos) if self.collide_point(*touch.pos) else None
        if cell is None:
            return super().on_touch_down(touch)
        tapped = [list(c) for c in self.cells if tuple(c) != cell]
        self.cells = tapped if len(tapped) < len(self.cells) else tapped + [list(cell)]
        return True


load_kv(__file__)
