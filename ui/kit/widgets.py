"""Widgets every screen shares: big buttons, player chips, the game bar with Undo/Redo and
the notice that says what happened."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton

from ui.kit import theme
from ui.kit.kvload import load_kv


class BigButton(Button):
    """A flat button at least a finger high."""

    tint = ListProperty(theme.ACCENT)


class Chip(ToggleButton):
    """A player's colour with their name on it; the name is always there, so colour is never
    the only clue. ``selected`` shows as a thick frame and a bold name."""

    colour = StringProperty("red")


class NameChip(Chip):
    """A chip with a player's name (``name``), whole: on two lines where it is wider than the
    chip, a hyphenated name broken after its hyphen, never mid-word (issue 28)."""

    name = StringProperty("")


class Panel(BoxLayout):
    """A parchment card on the dark table background."""


class Caption(Label):
    """Text that wraps inside its width and grows to fit, for lists and help."""


class Heading(Label):
    """Section headings."""


class Notice(BoxLayout):
    """A line of words that says what just happened: why an action was refused (``tone``
    "refusal") or news such as the game's end. It shows the words whole, wrapped, at reading
    size, and stays until 'Got it' is tapped or the next action.

    It lies over the top of the page, hung under the widget ``under`` (a game's bar, a setup's
    title row or its steps), as wide as it: its parent is the page's screen, and ``under`` sits
    in the screen's plain layouts, so both are placed in the screen's coordinates. A notice that
    took room pushed the whole page down under the finger while it showed, and back when the
    next tap cleared it (issue 37: a refusal moved every target of a page 56-60 px). It is the
    screen's last child, so it is drawn over the page and hears a touch first."""

    said = StringProperty("")  # not `text`: finding a widget by its words finds the Label alone
    tone = OptionProperty("refusal", options=("refusal", "news"))
    under = ObjectProperty(None, allownone=True)  # set once, when the notice is made
    #: any tap on the screen outside the words reads them too, and goes on to what it falls on:
    #: a setup's words answer its last tap, and a setup has no accepted action (as a game
    #: has) that would clear them, so what they cover is hidden no longer than the next tap
    next_tap_reads = BooleanProperty(False)
    #: a tap on the words reads them, as 'Got it' does, and never reaches what lies under them;
    #: ui/kit/doubletap.py knows it takes the tap
    BLOCKS_TOUCHES = True

    __events__ = ("on_dismiss",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fbind("height", self._place)

    def on_under(self, _notice: Notice, under: Any) -> None:
        if under is not None:
            under.fbind("pos", self._place)
            under.fbind("width", self._place)
            self._place()

    def _place(self, *_args: Any) -> None:
        if self.under is not None:
            self.x, self.width, self.top = self.under.x, self.under.width, self.under.y

    def on_touch_down(self, touch: Any) -> bool:
        if not self.said:
            return False
        if not self.collide_point(*touch.pos):
            if self.next_tap_reads:
                self.dispatch("on_dismiss")
            return False
        if not super().on_touch_down(touch):  # not 'Got it': the words, read on the finger's lift
            touch.grab(self)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.dispatch("on_dismiss")
            return True
        return super().on_touch_up(touch)

    def on_dismiss(self) -> None:
        """'Got it' was tapped; whoever owns the words clears them."""


class GameBar(BoxLayout):
    """Home, the game's title, Undo and Redo, and under them the :class:`Notice` with why an
    action was refused, or the news. Every game screen puts one at its top (`screen: root`
    in its kv rule).

    The notice is laid over the top of the page, not in the bar (issue 37: Undo with nothing
    to take back moved the photo finish's chips 60 px, so the next name went to another
    press): the bar adds it to the screen once the screen's own rule has added its page."""

    screen = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    message = StringProperty("")
    news = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)

    _MIRRORED = ("title", "message", "news", "can_undo", "can_redo")

    @staticmethod
    def title_size(width: float, title: str, big: str, small: str) -> str:
        """Theme size ``big`` when the title fits on one line, else ``small``, wrapped:
        Bountytown's title carries every player's renown, and six names do not fit one line
        at 28 px. (Returned as the theme's unit string, so it follows a resized window.)"""
        wide = CoreLabel(font_size=theme.px(big), bold=True).get_extents(title)[0]
        return getattr(theme, big if wide <= width else small)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.notice = Notice(under=self)
        self.notice.fbind("on_dismiss", self._dismissed)
        for name in ("message", "news"):
            self.fbind(name, self._tell)

    def _tell(self, *_args: Any) -> None:
        self.notice.tone = "refusal" if self.message else "news"
        self.notice.said = self.message or self.news

    def _dismissed(self, *_args: Any) -> None:
        if self.screen is not None:
            self.screen.dismiss()

    def on_screen(self, _bar: GameBar, screen) -> None:
        # Explicit binds: a kv expression through `root.screen.can_undo` lost its binding
        # when `screen` was set by the parent rule, leaving Undo greyed out.
        if screen is not None:
            screen.bind(**{name: self.setter(name) for name in self._MIRRORED})
            for name in self._MIRRORED:
                setattr(self, name, getattr(screen, name))
            # once the screen's own rule has added its page: the notice goes over it
            Clock.schedule_once(lambda _dt: self._lay_over(screen), 0)

    def _lay_over(self, screen: Any) -> None:
        if self.notice.parent is None and self.screen is screen:
            screen.add_widget(self.notice)


class AboveKeys:
    """While a field is typed on the docked on-screen keyboard, the screen keeps above the
    keyboard: ``layout`` (a BoxLayout filling the screen) takes the keyboard's height as
    bottom padding, the widgets ``folded`` leave it (a picker not needed while typing), and
    ``scroll`` (the list holding the field) scrolls to the field. The keyboard's own lift
    (ui/kit/keyboard.py) then has nothing left to lift, so no button is pushed half out of the
    window (issue 28: "+ Guest" was 39 px tall with the keyboard open). The screen holds one
    as ``above_keys``; its fields call :meth:`follow` from ``on_focus``."""

    def __init__(self, layout: Any, scroll: Any, folded: tuple[Any, ...] = ()) -> None:
        self.layout, self.scroll = layout, scroll
        self.folded = [(w, w.parent) for w in folded]  # (strong refs: the ids of a kv rule are weak)
        self.padding = list(layout.padding)
        self._places: dict[Any, int] = {}

    @staticmethod
    def follow(field: Any, focused: bool) -> None:
        """``field`` took or left the focus: the nearest screen above it with ``above_keys``
        keeps above the keyboard. Found through the widget tree, not the running app, since a
        field also loses its focus while the app stops."""
        node = field.parent
        while node is not None and not isinstance(getattr(node, "above_keys", None), AboveKeys):
            node = node.parent
        if node is not None:
            node.above_keys.typing(field, focused)

    def typing(self, field: Any, focused: bool) -> None:
        """``field`` took or left the focus."""
        if focused and Window.allow_vkeyboard and Window.docked_vkeyboard:
            Clock.schedule_once(lambda _dt: self._above(field), 0)  # once the keyboard is docked
        elif not focused:
            self.layout.padding = self.padding
            for widget, parent in self.folded:
                if widget.parent is None:
                    parent.add_widget(widget, index=self._places.get(widget, 0))

    def _above(self, field: Any) -> None:
        board = next((w for w in Window.children if hasattr(w, "lift_target")), None)
        if board is None or not field.focus:
            return
        self._places = {}
        for widget, parent in self.folded:
            if widget.parent is not None:
                self._places[widget] = parent.children.index(widget)
                parent.remove_widget(widget)
        self.layout.padding = [*self.padding[:3], board.top]
        Clock.schedule_once(lambda _dt: self._to_field(field, board), 0)  # once laid out again

    def _to_field(self, field: Any, board: Any) -> None:
        self.scroll.scroll_to(field, padding=0, animate=False)
        Clock.schedule_once(lambda _dt: board.lift_target(), 0)  # no lift left: the screen drops back


load_kv(__file__)
