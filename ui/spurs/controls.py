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
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.spurs.bag import WEAPONS
from companion.spurs.herd import HEXES, RADIUS
from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.spurs.palette import swatch
import ui.kit.widgets  # noqa: F401  (BigButton, Chip, Panel for the kv rules)

class Stepper(BoxLayout):
    """A number set with - and + (``signed`` shows +2 / -1 for changes). With a ``field``
    it belongs to a form of the screen model: a tap says ``on_nudge(sign)`` and the value
    shown is the model's; without one (the setup) it keeps its own value."""

    label = StringProperty("")
    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(99)
    step = NumericProperty(1)
    signed = BooleanProperty(False)
    colour = StringProperty("")  # a bullet colour: the label sits on its swatch
    button_width = NumericProperty("56dp")
    field = StringProperty("")

    __events__ = ("on_nudge",)

    def change(self, sign: int) -> None:
        self.dispatch("on_nudge", sign)

    def on_nudge(self, sign: int) -> None:
        if not self.field:
            self.value = max(self.minimum, min(self.maximum, self.value + sign * self.step))


class OptionButton(ToggleButton):
    """One choice of an :class:`Options` row; the chosen one is framed and bold."""

    value = StringProperty("")


class Options(BoxLayout):
    """A row of choices, exactly one chosen. ``choices`` holds [value, text] pairs. With a
    ``field`` it belongs to a form of the screen model: a tap says ``on_choose(value)`` and
    the choice shown is the model's; without one it keeps its own."""

    choices = ListProperty()
    value = StringProperty("")
    field = StringProperty("")

    __events__ = ("on_choose",)

    def on_choices(self, _row: Options, choices: list) -> None:
        self.clear_widgets()
        for value, text in choices:
            button = OptionButton(text=text, value=value, group=f"options-{id(self)}", allow_no_selection=False)
            button.bind(on_release=lambda b: self.dispatch("on_choose", b.value))
            self.add_widget(button)
        if choices and self.value not in [v for v, _ in choices] and not self.field:
            self.value = choices[0][0]
        self.on_value(self, self.value)

    def on_choose(self, value: str) -> None:
        if not self.field:
            self.value = value
        self.on_value(self, self.value)  # the model may have kept the choice it had

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
    """A Desperado card as read from the table: weapon, hits, and its reward. A row of a
    list: ``shown`` is (the fields' prefix, the form holding them), ``choose`` the screen's tap."""

    weapons = ListProperty([[w, w.title()] for w in WEAPONS])
    shown = ObjectProperty(("", None), rebind=True)
    choose = ObjectProperty(None, allownone=True)

    def value(self, form: Any, name: str, default: Any) -> Any:
        return default if form is None else form.get(self.shown[0] + name, default)

    def tap(self, key: str, name: str, value: Any) -> None:
        if self.choose is not None:
            self.choose(key, self.shown[0] + name, value)


class HexBoard(Widget):
    """The 19-hex Mini Board, drawn with canvas instructions; a tap on a hex says
    ``on_cell((q, r))`` (a cattle token put there or taken off). ``cells`` holds the
    positions the model has."""

    TAKES_TOUCHES = True  # a hex's second tap takes the token off again (ui/kit/doubletap.py)

    cells = ListProperty()

    __events__ = ("on_cell",)

    def on_cell(self, cell: tuple[int, int]) -> None:
        pass

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cow: CoreLabel | None = None
        self.bind(pos=self.redraw, size=self.redraw, cells=self.redraw)

    def cow(self) -> Any:
        """The word a cattle hex shows, at the table's floor (16 px at 800x480) and the
        window's present scale: made again only when the scale changed."""
        size = theme.px("TEXT_SMALL")
        if self._cow is None or self._cow.options["font_size"] != size:
            self._cow = CoreLabel(text="COW", font_size=size, bold=True)
            self._cow.refresh()
        return self._cow.texture

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
                    word = self.cow()
                    w, h = word.size
                    Rectangle(texture=word, pos=(x - w / 2, y - h / 2), size=(w, h))

    def on_touch_down(self, touch: Any) -> bool:
        cell = self.hex_at(*touch.pos) if self.collide_point(*touch.pos) else None
        if cell is None:
            return super().on_touch_down(touch)
        self.dispatch("on_cell", cell)
        return True


load_kv(__file__)
