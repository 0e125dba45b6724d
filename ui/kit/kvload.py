"""Loading each module's kv file exactly once, from beside the module, and letting a stopped
app's widgets go."""

from functools import partial
from pathlib import Path
from typing import Any, Callable

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget


def load_kv(module_file: str) -> None:
    """Load ``<module>.kv`` next to ``module_file``; Builder would apply a file loaded twice twice."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)


def release(root: Widget, *, app_stopped: bool = False) -> None:
    """Drop the kv rules' bindings of ``root`` and everything under it, so that they can die.

    Kivy keeps each rule's bindings in a module-level table (``kivy.lang.builder._handlers``,
    keyed by widget uid) until the widget is collected, and a binding made through ``ids``
    holds the ``ids`` dict, which holds its widget: such a widget is never collected, nor the
    screens, the app and the database behind it. ``Builder.unbind_widget`` is Kivy's own way
    to drop them. The screens a ScreenManager is not showing are not among its children.

    Kivy's module-level tables hold widgets too, and with them whatever they belong to: running
    animations, work waiting on the Clock, the focused field, the last field that moved its
    cursor (below). What the widgets let go hold there is dropped, what a screen keeps aside
    off its tree (its ``kept_aside()``) included: a panel left scrolling held its game's whole
    screen through Kivy's running animations after the app let it go. With ``app_stopped`` (the
    app's own ``on_stop``) every widget off the window is let go as well: the panels and pages
    a screen keeps aside, out of its tree (Rapid City's panels, a drop-down), are the app's
    all the same, and each held the stopped app into the next one's frames (tests, benches)."""
    todo, released = [root], set()
    while todo:
        widget = todo.pop()
        if widget.uid in released:
            continue
        released.add(widget.uid)
        Builder.unbind_widget(widget.uid)
        todo.extend(widget.children)
        todo.extend(getattr(widget, "kept_aside", tuple)())  # a screen's widgets off its tree (Rapid City's panels)
        if isinstance(widget, ScreenManager):
            todo.extend(widget.screens)
            if widget.transition.is_active:  # its Animation runs on the transition, not a widget
                widget.transition.stop()

    def gone(thing: Any) -> bool:
        try:
            return isinstance(thing, Widget) and (
                thing.uid in released or (app_stopped and thing.get_root_window() is None))
        except ReferenceError:  # a widget's weak proxy, its widget already gone
            return False

    _cancel_animations(gone)
    _cancel_scheduled_work(gone)
    _unfocus(gone)
    _forget_last_text_field(gone)


def _cancel_animations(gone: Callable[[Any], bool]) -> None:
    """A running Animation (a ScrollView's bar fading, kivy/uix/scrollview.py) is held in
    ``Animation._instances`` with its widgets (``Animation._widgets``, kivy/animation.py)
    until it ends."""
    for animation in list(Animation._instances):
        for widget in [entry["widget"] for entry in animation._widgets.values()]:
            if gone(widget):
                animation.cancel(widget)


def _cancel_scheduled_work(gone: Callable[[Any], bool]) -> None:
    """A widget's own callbacks still waiting on the Clock would run on widgets let go but not
    yet collected, and may tie them down again: a ScrollView fades its bar half a second after
    any scroll by starting an Animation (kivy/uix/scrollview.py ``_bind_inactive_bar_color``).
    The Clock holds a method weakly, so a cancelled one is simply dropped (kivy/_clock.pyx:
    ``get_events``, ``ClockEvent.get_callback``), but it holds any other callable strongly
    (kivy/weakmethod.py): a ScrollView tapped replays the touch's end 0.2 s later through a
    ``partial`` of its method (kivy/uix/scrollview.py ``on_touch_up``)."""
    for event in Clock.get_events():
        if any(gone(held) for held in _held_by(event.get_callback())):
            event.cancel()


def _held_by(callback: Any) -> list[Any]:
    """What a callback the Clock holds keeps alive: a method's object, a ``partial``'s function
    and arguments, a closure's cells (Kivy schedules lambdas over ``self``: TextInput's
    ``_trigger_refresh_text``, ScrollView's ``scroll_to``)."""
    held: list[Any] = []
    todo = [callback]
    while todo:
        item = todo.pop()
        if isinstance(item, partial):
            todo.append(item.func)
            held.extend(item.args)
        else:
            held.append(getattr(item, "__self__", None))
            for cell in getattr(item, "__closure__", None) or ():
                try:
                    held.append(cell.cell_contents)
                except ValueError:  # a cell not yet filled
                    pass
    return held


def _field_gone(gone: Callable[[Any], bool], field: Any) -> bool:
    """A field let go, or one on no window at all (a screen's field kept aside, out of its
    tree, as a guest's name entry): neither is being typed in."""
    try:
        return gone(field) or (isinstance(field, Widget) and field.get_root_window() is None)
    except ReferenceError:  # a widget's weak proxy, its widget already gone
        return False


def _unfocus(gone: Callable[[Any], bool]) -> None:
    """A field with the focus stays in ``FocusBehavior._keyboards``, a class-wide table
    (kivy/uix/behaviors/focus.py), until it loses it. A field let go has its kv ``on_focus``
    unbound already; one kept off the window by a screen still shown puts back what its focus
    lifted above the keyboard (``ui.kit.widgets.AboveKeys``), as any field losing the focus does."""
    for field in list(FocusBehavior._keyboards.values()):
        if field is not None and _field_gone(gone, field):
            field.focus = False


def _forget_last_text_field(gone: Callable[[Any], bool]) -> None:
    """``TextInput._adjust_viewport`` is wrapped by ``kivy.clock.triggered``, whose closure
    keeps the arguments of its last call, the text field itself, until another field's cursor
    moves (kivy/clock.py, kivy/uix/textinput.py). When that field is gone, the pending call is
    cancelled and its arguments dropped. Should Kivy wrap it otherwise, nothing is done (the
    screen then lives until another field is used, as before)."""
    wrapped = TextInput._adjust_viewport
    try:
        args = wrapped.__closure__[wrapped.__code__.co_freevars.index("_args")].cell_contents
    except (AttributeError, TypeError, ValueError, IndexError):
        return
    if isinstance(args, list) and args and _field_gone(gone, args[0]):
        wrapped.cancel()
        args.clear()
