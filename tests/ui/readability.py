"""The table rules, checked on whatever a screen shows: text at least 16 px, text that fits the
box it is drawn in (nothing spills or is cut), touch targets at least 48 px.

Any UI test can call :func:`problems` on a screen; an empty list means the screen passes.
"""

from __future__ import annotations

from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from ui import theme

SLACK = 1.5  # px of rounding between a texture and its box


def on_screen(widget) -> bool:
    """Drawn and visible: in the window, not hidden by opacity, not collapsed to nothing."""
    node = widget
    while node is not None and node is not Window:
        if getattr(node, "opacity", 1) == 0:
            return False
        node = node.parent
    if widget.width <= 1 or widget.height <= 1 or widget.get_parent_window() is None:
        return False
    left, bottom = widget.to_window(widget.x, widget.y)
    return left < Window.width and bottom < Window.height and left + widget.width > 0 and bottom + widget.height > 0


def problems(root, *, min_text: float | None = None, min_touch: float | None = None) -> list[str]:
    """Every breach of the rules under ``root``, one line each."""
    min_text = theme.TEXT_SMALL if min_text is None else min_text
    min_touch = theme.TOUCH_MIN if min_touch is None else min_touch
    found = []
    for widget in root.walk(restrict=True):
        if not on_screen(widget):
            continue
        text = getattr(widget, "text", "")
        name = f"{type(widget).__name__} {str(text)[:40]!r}"
        if isinstance(widget, (Label, TextInput)) and text and widget.font_size < min_text - 0.01:
            found.append(f"{name}: font {widget.font_size:.1f} px < {min_text:.0f}")
        if isinstance(widget, Label) and text:
            widget.texture_update()
            # with text_size set the texture is the box; the laid-out text is _internal_size
            inner = getattr(widget._label, "_internal_size", (0, 0))  # noqa: SLF001
            tw, th = max(widget.texture_size[0], inner[0]), max(widget.texture_size[1], inner[1])
            if tw > widget.width + SLACK or th > widget.height + SLACK:
                found.append(f"{name}: text {tw:.0f}x{th:.0f} spills out of {widget.width:.0f}x{widget.height:.0f}")
            if widget._label.is_shortened:  # noqa: SLF001
                found.append(f"{name}: shortened")
        if isinstance(widget, ButtonBehavior) and not widget.disabled and (
                widget.width < min_touch - 0.5 or widget.height < min_touch - 0.5):
            found.append(f"{name}: target {widget.width:.0f}x{widget.height:.0f} px < {min_touch:.0f}")
    return found
