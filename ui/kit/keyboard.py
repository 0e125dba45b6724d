"""The on-screen keyboard: there whenever no physical keyboard is, with keys a finger wide,
and the field being typed always visible above it.

The Keyboard setting (Settings) is ``auto`` (on-screen keyboard when the machine has no
physical keyboard), ``on`` or ``off``. A physical keyboard keeps working either way.

Why not Kivy's own ``Window.softinput_mode``: in ``kivy/core/window/__init__.py``, ``pan``
always lifts the whole screen by the keyboard's height, hiding a field near the top, and
``below_target`` compares ``target.y`` (the field's *parent* coordinates, wrong inside a
ScrollView) with the keyboard's height (window coordinates). So the mode stays ``''`` and
:class:`TableKeyboard` lifts the top-level widget holding the field by exactly what it takes,
computed in window coordinates; touches follow because the widgets really move.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.config import Config
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.vkeyboard import VKeyboard

from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.kit.widgets import BigButton

PREF = "keyboard"
MODES = ("auto", "on", "off")
LAYOUT = str(Path(__file__).with_name("keyboard.json"))
DEVICES = Path("/proc/bus/input/devices")
#: the field's bottom edge stays this far above the keyboard
GAP = 8
#: (top, right, bottom, left) around the keys, as fractions of the keyboard (VKeyboard.margin_hint)
MARGIN_HINT = (0.02, 0.004, 0.02, 0.004)
#: dp between a key and its neighbours' on each side
KEY_MARGIN = 3


def physical_keyboard(devices: str) -> bool:
    """True if ``/proc/bus/input/devices`` text lists a real keyboard: one with every key
    from Esc to S (key codes 1-31), the test udev uses for ID_INPUT_KEYBOARD. A touchscreen,
    a power button or a GPIO key has a few keys, never those."""
    for block in devices.split("\n\n"):
        for line in block.splitlines():
            if line.startswith("B: KEY="):
                words = line.split("=", 1)[1].split()
                if words and int(words[-1], 16) & 0xFFFFFFFE == 0xFFFFFFFE:
                    return True
    return False


def keyboard_present(devices: Path = DEVICES) -> bool:
    try:
        return physical_keyboard(devices.read_text(encoding="ascii", errors="replace"))
    except OSError:
        return False


def wanted(mode: str, present: bool) -> bool:
    """Whether the on-screen keyboard shows, for a setting and whether a keyboard is plugged in."""
    return mode == "on" or (mode == "auto" and not present)


def apply(mode: str) -> bool:
    """Switch the on-screen keyboard on or off for the running window; True if on.

    ``Window.configure_keyboards`` reads ``keyboard_mode`` only when the window is made, so
    the same attributes are set here; ``keyboard_mode`` itself is kept in step because
    Kivy's keyboard code reads it again later."""
    on = wanted(mode if mode in MODES else "auto", keyboard_present())
    Window.release_all_keyboards()
    Config.set("kivy", "keyboard_mode", "systemanddock" if on else "system")
    Window.use_syskeyboard = True
    Window.allow_vkeyboard = on
    Window.single_vkeyboard = True
    Window.docked_vkeyboard = on
    Window.set_vkeyboard_class(TableKeyboard)
    return on


class TableKeyboard(VKeyboard):
    """Kivy's keyboard docked along the bottom with a layout of big keys, a one-shot shift
    (a capital, then lower case again; a new empty field starts with one), a tap-to-toggle
    page of digits, and the field being typed lifted into view."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("layout", LAYOUT)
        super().__init__(**kwargs)
        self.margin_hint = list(MARGIN_HINT)
        self.key_margin = [dp(KEY_MARGIN)] * 4
        self._lifted = None  # (top-level widget, its y before the lift)
        self.fbind("size", Clock.create_trigger(self._lay_out_keys))

    def setup_mode_dock(self, *_args) -> None:
        self.do_translation = self.do_rotation = self.do_scale = False
        self.rotation = 0
        self.scale = 1
        self.font_size = theme.TEXT_BIG
        win = self.get_parent_window()
        win.bind(on_resize=self._update_dock_mode)
        self.have_capslock = not getattr(self.target, "text", "")
        self._update_dock_mode(win)

    def _update_dock_mode(self, win, *_args) -> None:
        """Size the keyboard to the window. Kivy keeps it for the window's life and leaves this
        bound to every resize once it was shown (kivy/uix/vkeyboard.py ``setup_mode_dock``):
        a hidden one waits to be shown again, when ``setup_mode_dock`` sizes it."""
        if self.parent is None:
            return
        rows = 4
        # each row a full touch target high once the margins around keys are taken off; in dp,
        # so the keyboard follows the window when it is resized
        keys = 1 - self.margin_hint[0] - self.margin_hint[2]
        self.size = win.width, theme.scaled("TOUCH_MIN", rows / keys, rows * (2 * KEY_MARGIN + 2) / keys)
        self.pos = 0, 0
        Clock.schedule_once(self.lift_target)

    def _lay_out_keys(self, *_args) -> None:
        """Kivy's keyboard lays its keys out once, for the size it is shown at: again for a
        resized window, their margins in its dp too, and the field lifted above it again."""
        if self.layout not in self.available_layouts:
            return  # not loaded yet: it lays them out when it is
        if self.parent is None:
            return  # hidden: ``setup_mode_dock`` sets its size again when it is shown, and that lays them out
        self.key_margin = [dp(KEY_MARGIN)] * 4
        self.refresh(True)
        self.lift_target()

    def on_parent(self, _keyboard, parent) -> None:
        """Put the lifted screen back when the keyboard goes, and forget the field: Kivy keeps
        one keyboard for the window's life and clears its own ``Keyboard.target`` and
        ``callback`` on release but not the widget's (kivy/core/window/__init__.py
        ``release_keyboard``; the callback is a method of the field), so the last field typed,
        its screens and its app would stay alive with it."""
        if parent is None:
            self._drop()
            self.target = self.callback = None

    def process_key_on(self, touch) -> None:
        key = self.get_key_at_pos(*self.to_local(*touch.pos))
        if key and key[0][2] == "special":  # a tap flips the page: nobody can hold a key and tap another
            if self._start_repeat_key_ev is not None:
                self._start_repeat_key_ev.cancel()
                self._start_repeat_key_ev = None
            self.have_special = not self.have_special
            return
        super().process_key_on(touch)

    def on_textinput(self, text: str) -> None:
        if self.have_capslock and text.strip():
            self.have_capslock = False
            self.active_keys.pop(-1, None)
            self.refresh_active_keys_layer()

    def lift_target(self, *_args) -> None:
        """Lift the screen so the field's bottom sits just above the keyboard, and no further
        than keeps the field's top on screen."""
        target, win = self.target, self.get_parent_window()
        if target is None or win is None or target.get_parent_window() is None:
            return
        holder = target
        while holder.parent is not None and holder.parent is not win:
            holder = holder.parent
        if holder.parent is not win:
            return
        already = holder.y - self._lifted[1] if self._lifted and self._lifted[0] is holder else 0
        if not self._lifted:
            self._lifted = (holder, holder.y)
        left, bottom = target.to_window(target.x, target.y)
        top = target.to_window(target.x, target.top)[1]
        bottom, top = bottom - already, top - already
        lift = max(0, min(self.top + dp(GAP) - bottom, win.height - top))
        holder.y = self._lifted[1] + lift

    def _drop(self) -> None:
        if self._lifted:
            holder, y = self._lifted
            holder.y = y
            self._lifted = None


class KeyboardSetting(BigButton):
    """The Settings button that cycles the Keyboard setting auto -> on -> off."""

    mode = StringProperty("auto")
    found = StringProperty("")

    def on_kv_post(self, _base) -> None:
        self.mode = App.get_running_app().store.pref(PREF, "auto")
        self.found = "keyboard found" if keyboard_present() else "no keyboard"

    def cycle(self) -> None:
        mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)] if self.mode in MODES else "auto"
        App.get_running_app().store.set_pref(PREF, mode)
        self.mode = mode
        apply(mode)


load_kv(__file__)
