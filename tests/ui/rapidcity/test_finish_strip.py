"""The photo-finish strip draws each claim to scale between the first and the last; the
game test checks it on screen at its full width."""

import pytest
from kivy.clock import Clock

from ui.rapidcity.strip import FinishStrip


def test_claims_sit_on_the_strip_in_proportion_to_their_times():
    strip = FinishStrip(pos=(0, 0), size=(456, 72))
    strip.marks = [("1st", 100.0, "Prison 1", False), ("2nd", 110.0, "Tipi 1", True),
                   ("3rd", 110.5, "Saloon 1", True), ("4th", 300.0, "Tipi 2", False)]
    xs = [strip.mark_x(t) for _, t, _, _ in strip.marks]
    assert xs == sorted(xs) and xs[0] == pytest.approx(28) and xs[-1] == pytest.approx(456 - 28)
    assert (xs[1] - xs[0]) / (xs[3] - xs[0]) == pytest.approx(10 / 200)
    Clock.tick()  # the strip redraws before the next frame
    assert len(strip.canvas.children) > 4 * 3  # a line and a label per claim, and the axis


def test_a_single_claim_is_drawn_without_dividing_by_zero():
    strip = FinishStrip(pos=(0, 0), size=(300, 72))
    strip.marks = [("1st", 431.2, "Saloon 1", False)]
    assert strip.mark_x(431.2) == pytest.approx(28)
