"""The double-tap guard (ui/kit/doubletap.py) on widgets made for the test, over any screen: the
second tap of a double tap reaches the button the first pressed, or nothing; never a button
the first tap brought under the finger, whoever wrote that button.

The property test plays generated tap sequences on four slots whose buttons a tap may swap
(a page turned, a list rebuilt, a banner gone) and checks every touch Kivy delivered."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kivy.core.window import Window
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput

from tests.ui.conftest import DOUBLE_TAP_S, TAP_APART_S
from ui.kit.doubletap import GUARD, MoveOnButton, reached

SLOT = 120  # px: four slots side by side, each wider than a double tap's reach


class Board:
    """Four buttons on top of the app; ``swaps[i]`` says whether a tap on slot i puts a new
    button there (the screen moved on under the finger)."""

    def __init__(self) -> None:
        self.layer = FloatLayout(size=Window.size)
        self.slots: list[Button] = []
        self.swaps = [False] * 4
        self.made = 0
        self.pressed: list[tuple[int, Button]] = []  # (touch uid, button) as Kivy delivered them
        for i in range(4):
            self.slots.append(self._button(i))
        Window.add_widget(self.layer)

    def _button(self, i: int, cls: type = Button) -> Button:
        self.made += 1  # a new button has new words: one rebuilt with the same is the same button
        button = cls(text=f"slot {i}, button {self.made}", size_hint=(None, None), size=(SLOT - 10, 80), pos=(i * SLOT, 40))
        button.bind(on_release=lambda b, i=i: self._released(i, b))
        self.layer.add_widget(button)
        return button

    def _released(self, i: int, button: Button) -> None:
        self.pressed.append((button.last_touch.uid, button))
        if self.swaps[i]:
            self.layer.remove_widget(button)
            self.slots[i] = self._button(i)

    def __enter__(self) -> Board:
        return self

    def __exit__(self, *_exc) -> None:
        Window.remove_widget(self.layer)


@pytest.fixture
def board(ui):
    with Board() as made:
        ui.pump(1)
        yield made


def centre(i: int) -> tuple[float, float]:
    return i * SLOT + (SLOT - 10) / 2, 80


def test_a_button_the_first_tap_brought_takes_no_second_tap(ui, board):
    board.swaps[0] = True
    first = board.slots[0]
    ui.touch_at(*centre(0), TAP_APART_S)
    ui.touch_at(*centre(0), DOUBLE_TAP_S)
    assert [button for _uid, button in board.pressed] == [first]
    ui.touch_at(*centre(0), TAP_APART_S)  # later, a tap: the new button takes it
    assert len(board.pressed) == 2 and board.pressed[-1][1] is not first


def test_the_same_button_takes_both_taps_of_a_double_tap(ui, board):
    ui.touch_at(*centre(1), TAP_APART_S)
    ui.touch_at(*centre(1), DOUBLE_TAP_S)
    assert [button for _uid, button in board.pressed] == [board.slots[1]] * 2


def test_a_button_that_moves_on_takes_one_tap_of_a_double_tap(ui, board):
    board.layer.remove_widget(board.slots[2])
    board.slots[2] = board._button(2, MoveOnButton)
    ui.touch_at(*centre(2), TAP_APART_S)
    ui.touch_at(*centre(2), DOUBLE_TAP_S)
    assert len(board.pressed) == 1


def test_a_double_tap_said_to_be_meant_reaches_what_the_first_opened(ui, board):
    board.swaps[3] = True
    board.slots[3].bind(on_release=lambda _b: GUARD.meant())
    ui.touch_at(*centre(3), TAP_APART_S)
    ui.touch_at(*centre(3), DOUBLE_TAP_S)
    assert len(board.pressed) == 2 and board.pressed[0][1] is not board.pressed[1][1]


def test_a_popup_opened_by_the_first_tap_is_not_closed_by_the_second(ui, board):
    popup = ModalView(size_hint=(0.3, 0.3), pos_hint={"right": 1, "top": 1})
    board.slots[0].bind(on_release=lambda _b: popup.open(animation=False))
    ui.touch_at(*centre(0), TAP_APART_S)
    assert popup._is_open
    ui.touch_at(*centre(0), DOUBLE_TAP_S)  # on the backdrop, which closes it if it may
    assert popup._is_open and len(board.pressed) == 1
    popup.dismiss(animation=False)


def test_a_text_field_and_the_keyboard_take_a_second_tap_as_they_take_any(ui, board):
    field = TextInput(size_hint=(None, None), size=(300, 60), pos=(0, 300))
    board.layer.add_widget(field)
    ui.pump(1)
    x, y = field.center
    assert reached(x, y) is None  # the field takes it itself: nothing a second tap could change
    board.swaps[0] = True  # even after a tap that brought a new button elsewhere
    ui.touch_at(*centre(0), TAP_APART_S)
    ui.touch_at(x, y, TAP_APART_S)
    ui.touch_at(x, y, DOUBLE_TAP_S)
    assert field.focus


def test_a_mouse_wheel_scrolls_at_any_speed_and_is_no_tap(ui, board):
    ui.touch_at(*centre(0), TAP_APART_S)
    tapped = GUARD.last
    for _ in range(3):  # wheel clicks 50 ms apart over the button just tapped
        wheel = ui.new_touch(*centre(0), DOUBLE_TAP_S)
        wheel.profile.append("button")
        wheel.button = "scrolldown"
        assert GUARD._down(Window, wheel) is False
    assert GUARD.last == tapped


def test_what_a_touch_reaches_skips_disabled_buttons_and_scrolled_out_rows(ui, board):
    board.slots[1].disabled = True
    assert reached(*centre(1)) is None
    assert reached(*centre(0)) is board.slots[0]
    assert reached(centre(3)[0] + SLOT, 80) is not board.slots[3]


GAPS = st.sampled_from([DOUBLE_TAP_S, 0.1, 0.2, 0.3, TAP_APART_S])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(swaps=st.lists(st.booleans(), min_size=4, max_size=4),
       taps=st.lists(st.tuples(st.integers(0, 3), GAPS), min_size=1, max_size=12))
def test_no_tap_sequence_lets_a_double_tap_reach_a_button_the_first_tap_did_not_press(ui, swaps, taps):
    with Board() as b:
        ui.pump(1)
        ui.clock += TAP_APART_S  # the example's first tap makes no double tap with the last example's
        b.swaps = swaps
        delivered = []  # (slot, time, the touch, whether a button took it)
        for slot, gap in taps:
            before = len(b.pressed)
            touch = ui.touch_at(*centre(slot), gap)
            delivered.append((slot, touch.time_start, touch, len(b.pressed) > before))
        last = None  # the last touch the guard let through to the widgets (a button took it)
        for slot, at, touch, took in delivered:
            if last is None or last[0] != slot or at - last[1] >= GUARD.time_s:
                assert took, f"slot {slot}: a tap that makes no double tap was swallowed"
            elif took:
                taker = next(button for uid, button in b.pressed if uid == touch.uid)
                first = next(button for uid, button in b.pressed if uid == last[2].uid)
                assert taker is first, f"slot {slot}: the second tap reached a button the first did not press"
            if took:
                last = (slot, at, touch)
