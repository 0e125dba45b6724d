"""Loading each module's kv file exactly once, from beside the module, and letting a stopped
app's widgets go."""

from pathlib import Path

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget


def load_kv(module_file: str) -> None:
    """Load ``<module>.kv`` next to ``module_file``; Builder would apply a file loaded twice twice."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)


def release(root: Widget) -> None:
    """Drop the kv rules' bindings of ``root`` and everything under it, so that they can die.

    Kivy keeps each rule's bindings in a module-level table (``kivy.lang.builder._handlers``,
    keyed by widget uid) until the widget is collected, and a binding made through ``ids``
    holds the ``ids`` dict, which holds its widget: such a widget is never collected, nor the
    screens, the app and the database behind it. ``Builder.unbind_widget`` is Kivy's own way
    to drop them. A running Animation (a ScrollView's bar fading, kivy/uix/scrollview.py) is
    held in ``Animation._instances`` with its widget until it ends, so it is cancelled too.
    The screens a ScreenManager is not showing are not among its children. Work a widget has
    scheduled for later is cancelled, and Kivy's TextInput keeps the last text field that moved
    its cursor, whichever screen it was on (both below)."""
    todo, seen = [root], set()
    while todo:
        widget = todo.pop()
        if widget.uid in seen:
            continue
        seen.add(widget.uid)
        Builder.unbind_widget(widget.uid)
        Animation.cancel_all(widget)
        todo.extend(widget.children)
        if isinstance(widget, ScreenManager):
            todo.extend(widget.screens)
    _cancel_scheduled_work(seen)
    _forget_last_text_field(seen)


def _cancel_scheduled_work(released: set[int]) -> None:
    """A widget's own callbacks still waiting on the Clock would run on widgets let go but not
    yet collected, and may tie them down again: a ScrollView fades its bar half a second after
    any scroll by starting an Animation (kivy/uix/scrollview.py ``_bind_inactive_bar_color``),
    which ``Animation._instances`` then holds, with the whole stopped app, for as long as no
    frame runs. The Clock holds its callbacks weakly, so a cancelled one is simply dropped
    (kivy/_clock.pyx: ``get_events``, ``ClockEvent.get_callback``)."""
    for event in Clock.get_events():
        owner = getattr(event.get_callback(), "__self__", None)
        if getattr(owner, "uid", None) in released:
            event.cancel()


def _forget_last_text_field(released: set[int]) -> None:
    """``TextInput._adjust_viewport`` is wrapped by ``kivy.clock.triggered``, whose closure
    keeps the arguments of its last call, the text field itself, until another field's cursor
    moves (kivy/clock.py, kivy/uix/textinput.py): a screen let go would live on through it,
    and with it every widget it holds. When that field is among ``released`` (widget uids),
    the pending call is cancelled and its arguments dropped. Should Kivy wrap it otherwise,
    nothing is done (the screen then lives until another field is used, as before)."""
    wrapped = TextInput._adjust_viewport
    try:
        args = wrapped.__closure__[wrapped.__code__.co_freevars.index("_args")].cell_contents
    except (AttributeError, TypeError, ValueError, IndexError):
        return
    if isinstance(args, list) and args and getattr(args[0], "uid", None) in released:
        wrapped.cancel()
        args.clear()
