"""The on-screen keyboard: shown when no keyboard is plugged in, big keys, and the field being
typed stays visible above it. Keys are tapped as a finger would, at their place on screen."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.textinput import TextInput

from tests.ui.test_resize import LARGE, SMALL, back_to_small, resize
from ui.shell import app as app_module
from ui.kit import keyboard
from ui.kit.keyboard import TableKeyboard

#: /proc/bus/input/devices on a Pi with the official touchscreen, a power button and a USB keyboard
TOUCHSCREEN = """I: Bus=0000 Vendor=0000 Product=0000 Version=0000
N: Name="raspberrypi-ts"
H: Handlers=mouse0 event0
B: PROP=2
B: EV=b
B: KEY=400 0 0 0 0 0
B: ABS=2608000 3

I: Bus=0019 Vendor=0001 Product=0001 Version=0100
N: Name="pwr_button"
H: Handlers=kbd event1
B: PROP=0
B: EV=3
B: KEY=10000000000000 0
"""
USB_KEYBOARD = """
I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
H: Handlers=sysrq kbd leds event2
B: PROP=0
B: EV=120013
B: KEY=1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe
B: MSC=10
B: LED=7
"""


def test_a_keyboard_is_told_from_a_touchscreen_and_a_power_button():
    assert keyboard.physical_keyboard(TOUCHSCREEN) is False
    assert keyboard.physical_keyboard(TOUCHSCREEN + USB_KEYBOARD) is True
    assert keyboard.physical_keyboard("") is False


def test_the_setting_decides_with_auto_following_the_hardware(tmp_path):
    assert [keyboard.wanted(m, False) for m in keyboard.MODES] == [True, True, False]
    assert [keyboard.wanted(m, True) for m in keyboard.MODES] == [False, True, False]
    assert keyboard.keyboard_present(tmp_path / "missing") is False


def shown(ui) -> TableKeyboard | None:
    found = [w for w in Window.children if isinstance(w, TableKeyboard)]
    return found[0] if found else None


def press_key(ui, label: str) -> None:
    """Tap the key showing ``label`` at its place on the screen."""
    board = shown(ui)
    layout = board.available_layouts[board.layout]
    for line in range(1, layout["rows"] + 1):
        for key, (pos, size) in zip(layout[f"{board.layout_mode}_{line}"], board.layout_geometry[f"LINE_{line}"]):
            if key[0] == label:
                x, y = board.to_window(pos[0] + size[0] / 2, pos[1] + size[1] / 2)
                touch = UnitTestTouch(x, y)
                touch.touch_down()
                ui.pump(1)
                touch.touch_up()
                ui.pump(2)
                return
    raise AssertionError(f"no key {label!r} on the {board.layout_mode} page")


def window_box(widget) -> tuple[float, float]:
    return widget.to_window(widget.x, widget.y)[1], widget.to_window(widget.x, widget.top)[1]


def assert_visible_above(board, field) -> None:
    bottom, top = window_box(field)
    assert bottom >= board.top, f"field bottom {bottom} hidden under the keyboard top {board.top}"
    assert top <= Window.height, f"field top {top} above the window {Window.height}"


def test_players_name_typed_on_big_keys_and_the_field_stays_visible(kb):
    kb.tap("Players")
    field = kb.find(cls=TextInput)
    kb.tap(field)
    kb.pump(3)
    board = shown(kb)
    assert board is not None
    for line in range(1, 5):
        for _pos, (w, h) in board.layout_geometry[f"LINE_{line}"]:
            assert w >= 48 and h >= 48, f"key {w}x{h} px"
    assert board.width == Window.width and board.y == 0
    assert_visible_above(board, field)
    kb.screenshot("keyboard-players")
    for key in "Joe":  # a new empty field starts with a capital, then lower case
        press_key(kb, key)
    press_key(kb, "123")
    press_key(kb, "2")
    press_key(kb, "abc")
    assert field.text == "Joe2"
    press_key(kb, "Done")
    assert shown(kb) is None
    assert kb.app.root.y == 0  # the screen is back in place
    kb.tap("Add player")
    assert [p.name for p in kb.app.store.players()] == ["Joe2"]


def test_a_hidden_keyboard_lays_nothing_out_on_a_resize_and_fits_the_window_when_shown_again(kb, monkeypatch):
    monkeypatch.setattr(app_module, "REFIT_AFTER_S", 0)
    kb.tap("Players")
    field = kb.find(cls=TextInput)
    kb.tap(field)
    board = shown(kb)
    try:
        resize(kb, (LARGE[0], SMALL[1]))  # as wide as it will be, at the scale of 800x480
        press_key(kb, "Done")
        assert shown(kb) is None
        laid_out = []
        monkeypatch.setattr(board, "refresh", lambda force=False, refresh=board.refresh: (laid_out.append(Window.size), refresh(force)))
        resize(kb, LARGE)  # the scale alone changes: its width stays
        assert laid_out == []  # hidden: its keys wait
        kb.tap(field)
        assert shown(kb) is board and board.width == Window.width == LARGE[0]
        for line in range(1, 5):
            for _pos, (w, h) in board.layout_geometry[f"LINE_{line}"]:
                assert min(w, h) >= 48 * 1.5 - 0.5, f"key {w}x{h} px at {LARGE}"
        assert_visible_above(board, field)
    finally:
        Window.release_all_keyboards()
        back_to_small()


def test_the_lowest_field_on_spurs_setup_is_lifted_above_the_keyboard(kb):
    for name, colour in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green")):
        kb.app.store.add_player(name, colour)
    kb.tap("Spurs")
    for name in ("Ann", "Bob", "Cy"):
        kb.tap(name)
    kb.pump(3)
    fields = sorted((w for w in kb.widgets() if isinstance(w, TextInput) and w.get_parent_window()),
                    key=lambda w: window_box(w)[0])
    low = next(f for f in fields if 0 <= window_box(f)[0] < 228)  # where the keyboard will be
    kb.tap(low)
    kb.pump(3)
    board = shown(kb)
    assert board is not None and low.focus
    assert_visible_above(board, low)
    kb.screenshot("keyboard-spurs-setup")
    press_key(kb, "K")
    assert low.text == "K"


def test_settings_cycles_auto_on_off_and_the_window_follows(ui):
    ui.tap("Settings")
    button = ui.find(text="On-screen keys\nnever")  # the harness set it off
    ui.tap(button)
    assert ui.app.store.pref("keyboard") == "auto"
    assert button.text.startswith("On-screen keys\nauto: ")
    assert Window.allow_vkeyboard is keyboard.wanted("auto", keyboard.keyboard_present())
    ui.tap(button)
    assert ui.app.store.pref("keyboard") == "on" and Window.allow_vkeyboard is True
    ui.tap(button)
    assert ui.app.store.pref("keyboard") == "off" and Window.allow_vkeyboard is False
