"""Loading each module's kv file exactly once, from beside the module, and letting a stopped
app's widgets go."""

from pathlib import Path

from kivy.animation import Animation
from kivy.lang import Builder
from kivy.uix.screenmanager import ScreenManager
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
    The screens a ScreenManager is not showing are not among its children."""
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
