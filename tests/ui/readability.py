"""The table rules, checked on whatever a screen shows: text at least 16 px, text that fits the
box it is drawn in (nothing spills, is cut, leaves a line out or has a word broken across
lines), touch targets at least 48 px, and layouts that hold what they are given (no row pushed out of its box, no list
squeezed to nothing).

Any UI test can call :func:`problems` on a screen; an empty list means the screen passes.
"""

from __future__ import annotations

import re
from collections import Counter

from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from ui.kit import theme

SLACK = 1.5  # px of rounding between a texture and its box
MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")
WORD = re.compile(r"\(?[A-Za-z'-]+[.,:;!?)]*")  # a word, not a path or a number a box may break


def token_at(text: str, index: int) -> str:
    """The whitespace-delimited piece of ``text`` holding position ``index``."""
    start = max(text.rfind(c, 0, index) for c in " \n\t") + 1
    ends = [i for i in (text.find(c, index) for c in " \n\t") if i >= 0]
    return text[start:min(ends, default=len(text))]


def broken_word(label: Label) -> bool:
    """A word of letters (a path or a number may break) that Kivy split across two lines
    because it is too wide for its box ("Despera / dos"):
    a wrapped line (``line_wrap``, set on the line that continues) that does not start
    where the text had a space. Reads the laid-out lines of an updated texture."""
    plain = MARKUP.sub("", label.text) if label.markup else label.text
    lines = [("".join(w.text for w in line.words).strip(), line.line_wrap)
             for line in getattr(label._label, "_cached_lines", ())]  # noqa: SLF001
    pos = 0
    for words, wrapped in lines:
        if not words:
            continue
        found = plain.find(words, pos)
        if found < 0:
            return False  # laid out differently from the text (escapes): cannot tell
        if wrapped and found > 0 and not plain[found - 1].isspace() and WORD.fullmatch(token_at(plain, found)):
            return True
        pos = found + len(words)
    return False


def left_out(label: Label) -> list[str]:
    """The words of ``label``'s text that its laid-out lines leave out: a line dropped for want
    of height (``max_lines``, a ``text_size`` a pixel short) or cut by an ellipsis, which no
    box overflow shows. A path too wide for its box is split across lines, not left out.
    Reads the laid-out lines of an updated texture."""
    plain = (MARKUP.sub("", label.text) if label.markup else label.text).split()
    lines = ["".join(w.text for w in line.words) for line in getattr(label._label, "_cached_lines", ())]  # noqa: SLF001
    if "".join(plain) == "".join(lines).replace(" ", ""):
        return []
    return list((Counter(plain) - Counter(" ".join(lines).split())).elements())


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


def problems(root, *, min_text: float | None = None, min_touch: float | None = None,
             layouts: bool = True) -> list[str]:
    """Every breach of the rules under ``root``, one line each. ``layouts`` keeps the layout
    rules (no row pushed out of its box, no list squeezed to nothing) on, as every screen keeps
    them; off only to look at text and targets alone."""
    min_text = theme.px("TEXT_SMALL") if min_text is None else min_text
    min_touch = theme.px("TOUCH_MIN") if min_touch is None else min_touch
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
            if broken_word(widget):
                found.append(f"{name}: a word broken across lines")
            elif gone := left_out(widget):
                found.append(f"{name}: leaves out {gone}")
        parent = widget.parent
        if layouts and isinstance(parent, (BoxLayout, GridLayout)) and (
                widget.x < parent.x - SLACK or widget.right > parent.right + SLACK
                or widget.y < parent.y - SLACK or widget.top > parent.top + SLACK):
            found.append(f"{name}: sticks out of its {type(parent).__name__} (too much to fit)")
        if layouts and isinstance(widget, ScrollView) and widget.children and widget.children[0].height > 1 \
                and widget.height < min_touch - 0.5:
            found.append(f"{name}: list squeezed to {widget.height:.0f} px")
        if isinstance(widget, ButtonBehavior) and not widget.disabled and (
                widget.width < min_touch - 0.5 or widget.height < min_touch - 0.5):
            found.append(f"{name}: target {widget.width:.0f}x{widget.height:.0f} px < {min_touch:.0f}")
    return found


def hidden(widget) -> bool:
    """Not seen: made invisible (opacity 0 on it or above it), or inside a box folded to nothing."""
    node = widget
    while node is not None and node is not Window:
        if getattr(node, "opacity", 1) == 0 or (node is not widget and (node.width <= 1 or node.height <= 1)):
            return True
        node = node.parent
    return False


def taken_taps(root) -> list[str]:
    """Buttons on show whose taps a hidden widget would take: Kivy gives a touch to a disabled
    widget it falls on (``Widget.on_touch_down``), seen or not, so a hidden, disabled widget
    lying over a button eats its taps (issue 28: 'Got it' did nothing under the hidden steps)."""
    widgets = list(root.walk(restrict=True))
    takers = [w for w in widgets if w.disabled and hidden(w) and w.width > 1 and w.height > 1]
    found = []
    for button in widgets:
        if isinstance(button, ButtonBehavior) and not button.disabled and on_screen(button) and not hidden(button):
            x, y = button.to_window(*button.center)
            for taker in takers:
                left, bottom = taker.to_window(taker.x, taker.y)
                if left <= x <= left + taker.width and bottom <= y <= bottom + taker.height:
                    found.append(f"{type(button).__name__} {str(getattr(button, 'text', ''))[:30]!r}: its taps go "
                                 f"to a hidden {type(taker).__name__} {str(getattr(taker, 'text', ''))[:30]!r}")
                    break
    return found
