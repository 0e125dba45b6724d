"""A double tap never reaches a different button (issue 28, found at 800x480 with real taps).

A tap that changes what lies under the finger (another screen, page or step, a banner gone,
a list rebuilt, a popup) puts another button where the second tap of a double tap comes
down: Rapid City's Ready is followed by "Back (not ready)" in the same place, so the second
tap of a double tap on Ready called the card off. The rule, for every widget of the app
whoever wrote it: the second tap of a double tap (Kivy's own rule, kivy/input/postproc/
doubletap.py: down within ``double_tap_time`` of the first tap's down, within
``double_tap_distance`` of where it came down, both from the Kivy config) reaches the button
the first tap pressed, or nothing. A button the first tap did not press (its ``last_touch``,
kivy/uix/behaviors/button.py, is another touch, and it is not one rebuilt in its place: the
same kind, words and place, as the score pad's "+1" after each tap), a popup's backdrop, or
the bare space the first tap brought (a popup's panel: a tap there would take the focus
from the field the popup is for) takes no second tap.
A widget that takes its touches itself (a text field, the on-screen keyboard, a class with
``TAKES_TOUCHES = True``: the Spurs map, the steps popover) takes the second tap when it took
the first: a second tap on the same key types the letter twice, but keys the first tap
brought up under the finger ("+ Guest" opens a name field and its keys) type nothing.

Two kinds of tap want more or less than that:

- a button that moves on and stays where it is (End turn, Undo: a second tap would end the
  next player's turn) takes no second tap of its own: its class takes :class:`MovesOn`
  first (``class Go(MovesOn, BigButton)``), kv uses :class:`MoveOnButton`, and a screen
  model's tap that saved or moved its stage says so with :meth:`DoubleTapGuard.moved_on`;
- a tap whose double tap is meant (a number's second tap lands on the "+1" its first
  opened) says so with :meth:`DoubleTapGuard.meant`.

A tap is timed by when the finger came down, never by when the app got round to reading it:
on a busy machine (a Pi 4 runs this code about 5.5 times slower than a desktop) the first
tap's work can outlast the double-tap window, and a second tap read after that work would
look like a tap of its own and reach the button the first brought. Where a touch is made
decides how near its own stamp (``time_start``, kivy/input/motionevent.py) is to the finger:

- the kiosk's touchscreen (Kivy's mtdev and hidinput providers) makes its touches in a
  reader thread the moment the kernel hands the event over, whatever the UI thread is doing:
  their ``time_start`` is the finger's time, give or take the interpreter's thread switch;
- a mouse (desktop play, and X11 under test) makes its touches when the UI thread polls SDL
  after a frame (kivy/input/providers/mouse.py, core/window/window_sdl2.py: SDL's events
  carry no time Kivy passes on), so ``time_start`` is the end of whatever frame ran when the
  button went down. Such a touch is timed at the earliest it can have happened: the start of
  the frame before the one that hears it (the last time the poll came back without it).
  On an idle machine that is up to a frame early; after a long frame it is the truth the
  stamp missed: a second tap made while the first's work ran is timed within it. The first
  tap of a pair is kept at the latest it can have come down (its stamp), so the two are
  judged at the least time apart they can have been: timing both early would stretch the
  gap by the first's frame, and on a loaded machine a 190 ms double tap on a Spurs "+2"
  read as 250 ms apart let its second tap reach the number the first uncovered (the table
  monkey, seed 37).

A test's touches (``UnitTestTouch``) carry the times the test sets, so the guard does the
same in a test as on any machine. Working out what a touch would reach walks the widgets
under it (a few dozen of a game screen's ~200): for a touch that makes a double tap, and at
the end of a tap a list's scroll view held.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable

from kivy.clock import Clock
from kivy.config import Config
from kivy.core.window import Window
from kivy.input.providers.mouse import MouseMotionEvent
from kivy.uix.behaviors import ButtonBehavior, FocusBehavior
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard

from ui.kit.widgets import BigButton


def reached(x: float, y: float) -> Any:
    """The button (or popup backdrop) a touch coming down at window (x, y) would reach, or
    None. Kivy's touch dispatch (kivy/uix/widget.py ``on_touch_down``): the children, topmost
    first, before the widget itself; a disabled widget the touch is on takes it and does
    nothing; kivy/uix/modalview.py: an open modal view takes every touch, a tap on its
    backdrop closes it when ``auto_dismiss``."""
    found = _under(x, y)
    return None if found is _INERT or _takes_touches(found) else found


def _under(x: float, y: float) -> Any:
    """What a touch coming down at window (x, y) would reach: a button, a popup's backdrop,
    a widget that takes its own touches, ``_INERT`` or None."""
    for child in Window.children:
        found = _reach(child, x, y)
        if found is not None:
            return found
    return None


#: what a touch reaches when nothing can change by a tap there: a disabled widget, a popup's
#: backdrop that cannot close it
_INERT = object()
_TAKERS = (TextInput, VKeyboard)


def _takes_touches(widget: Any) -> bool:
    """A text field, the on-screen keys, or a class that says ``TAKES_TOUCHES``: it answers
    each touch itself (a key types, a field places its cursor, the map picks a hex)."""
    return isinstance(widget, _TAKERS) or getattr(widget, "TAKES_TOUCHES", False) is True


def _reach(widget: Any, x: float, y: float) -> Any:
    parent = widget.parent
    inside = widget.collide_point(*(parent.to_widget(x, y) if parent not in (None, Window) else (x, y)))
    if widget.disabled and inside:
        return _INERT
    if not inside and not isinstance(widget, ModalView):
        # Kivy offers a touch to children outside their parent too, but the app's layouts
        # keep them inside (the UI tests check every tap's answer against Kivy's dispatch),
        # so a touch is looked for in ~50 widgets of a screen's ~200
        return None
    for child in widget.children:
        found = _reach(child, x, y)
        if found is not None:
            return found
    if isinstance(widget, ModalView):
        return widget if widget.auto_dismiss and not inside else _INERT
    if getattr(widget, "BLOCKS_TOUCHES", False):  # a notice's words: read, never passed on
        return _INERT
    if _takes_touches(widget):  # inside, from here on
        return widget
    return widget if isinstance(widget, ButtonBehavior) else None


def _looks(button: Any) -> tuple[Any, ...]:
    """A button as a person sees it: its kind, its words and where it is on the window."""
    return type(button), getattr(button, "text", None), tuple(button.to_window(*button.pos)), tuple(button.size)


@dataclass(frozen=True)
class Tap:
    """What the guard keeps of a touch: its number (a touch's ``uid``, never reused in a
    process, kivy/input/motionevent.py), when and where it came down. Not the touch itself,
    whose ``ud`` holds the widgets it met: a screen let go (another game started, the app
    stopped) would live on through the last tap until the next one."""

    uid: int
    time_start: float
    osx: float
    osy: float

    @classmethod
    def of(cls, touch: Any) -> Tap:
        return cls(touch.uid, touch.time_start, touch.osx, touch.osy)


#: touches made when the UI thread polls for them, after a frame: timed by the frames (above)
READ_AFTER_FRAMES = (MouseMotionEvent,)


class DoubleTapGuard:
    """Swallows the second tap of a double tap that would reach a button the first did not
    press, or a button that moved the screen on."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        #: the clock of the touches' own stamps (kivy/input/motionevent.py uses ``time.time``)
        self._clock = clock
        #: when the frame before this one began, and this one: before any, no bound
        self._frames = (math.inf, math.inf)
        self.time_s = Config.getint("postproc", "double_tap_time") / 1000
        self.distance = Config.getint("postproc", "double_tap_distance") / 1000  # of the window, as Kivy's
        #: the last touch that came down and reached the widgets: the tap a button's release
        #: is answering (one touch, one uid, from its down to its up)
        self.last: Tap | None = None
        self._moved_on: int | None = None  # the tap (uid) that pressed a button which moved the screen on
        self._meant: int | None = None  # the tap (uid) whose double tap is meant
        self._pressed: tuple[Any, ...] | None = None  # how the button the last tap pressed looked
        self._took: int | None = None  # the widget taking its own touches the last tap reached (uid)
        self._installed = False

    def moved_on(self, touch: Any = None) -> None:
        """``touch`` (by default the last one) pressed a button that moved the screen on and
        stays: its second tap is swallowed too. A move answering no recent tap arms nothing a
        finger can meet, since the second must come down close after the first."""
        self._moved_on = touch.uid if touch is not None else _uid(self.last)

    def meant(self) -> None:
        """The last tap's double tap is meant: its second tap reaches what the first opened."""
        self._meant = _uid(self.last)

    def swallows(self, touch: Any) -> bool:
        """Whether ``touch`` is the second tap of a double tap that must reach nothing."""
        first = self.last
        if first is None or not self._doubles(first, touch):
            return False
        if first.uid == self._moved_on:
            return True
        if first.uid == self._meant:
            return False
        target = _under(touch.x, touch.y)
        if _takes_touches(target):  # the keys the first tap opened type nothing; the keys it typed on type again
            return target.uid != self._took
        # the button the first pressed (or one rebuilt in its place) takes it; nothing else does,
        # not even the space beside a popup's field, which would take the field's focus
        return not (isinstance(target, ButtonBehavior) and (
            _uid(target.last_touch) == first.uid or _looks(target) == self._pressed))

    def came_down(self, touch: Any) -> float:
        """When the finger came down, as nearly as the touch's provider can say (above)."""
        if isinstance(touch, READ_AFTER_FRAMES):
            return min(touch.time_start, self._frames[0])
        return touch.time_start

    def _doubles(self, first: Tap, touch: Any) -> bool:
        # the least the two can have been apart: the second at its earliest, the first at its
        # latest (heard in one poll, or the second's earliest before the first's stamp: 0 apart)
        return (touch.uid != first.uid and touch.time_start >= first.time_start
                and self.came_down(touch) - first.time_start < self.time_s
                and math.hypot(touch.sx - first.osx, touch.sy - first.osy) <= self.distance)

    def _frame(self, _dt: float) -> None:
        self._frames = (self._frames[1], self._clock())

    def install(self) -> None:
        """Watch the window's touches (bound once: the app does it when it builds), with no
        tap before: the last tap of an app stopped earlier in the process (the tests, the
        benches) is no first tap of a double tap in the next one."""
        self.last, self._moved_on, self._meant, self._pressed, self._took = None, None, None, None, None
        if not self._installed:
            Window.fbind("on_touch_down", self._down)
            Window.fbind("on_touch_move", self._rest)
            Window.fbind("on_touch_up", self._up)
            Clock.schedule_interval(self._frame, 0)  # every frame, early in it (its Clock events)
            self._installed = True

    def _down(self, _window: Any, touch: Any) -> bool:
        if "button" in touch.profile and touch.button.startswith("scroll"):
            return False  # a mouse wheel's clicks (desktop play) scroll as fast as they come
        if self.swallows(touch):
            touch.ud[self] = True
            FocusBehavior.ignored_touch.append(touch)  # a text field being typed in keeps its focus
            return True  # no widget gets it (a bound handler returning True stops the dispatch)
        self.last = Tap.of(touch)
        return False

    def _rest(self, _window: Any, touch: Any) -> bool:
        return self in touch.ud

    def _up(self, window: Any, touch: Any) -> bool:
        if touch.uid == _uid(self.last):
            # the window hears a touch's end before the widgets that grabbed it at its start
            # (kivy/base.py ``EventLoop.post_dispatch_input``): the button it pressed, as it was
            # (a text field and the keys grab the touch too)
            grabbed = [ref() for ref in touch.grab_list]
            pressed = next((w for w in grabbed if isinstance(w, ButtonBehavior) or _takes_touches(w)), None)
            if pressed is None:  # a list's scroll view holds the touch until its end, then hands it on
                pressed = _under(touch.x, touch.y)
            self._pressed = _looks(pressed) if isinstance(pressed, ButtonBehavior) else None
            self._took = pressed.uid if _takes_touches(pressed) else None
        return self._rest(window, touch)


def _uid(touch: Any) -> int | None:
    return None if touch is None else touch.uid


GUARD = DoubleTapGuard()


class MovesOn:
    """A button whose tap moves the screen on and that stays where it was: the second tap of
    a double tap on it goes nowhere (:class:`DoubleTapGuard`). Put it first among the bases."""

    def on_release(self) -> None:
        GUARD.moved_on(getattr(self, "last_touch", None))
        super().on_release()  # type: ignore[misc]


class MoveOnButton(MovesOn, BigButton):
    """A :class:`BigButton` that moves the screen on."""
