"""A toggle button's press releases the others of its group even when the cyclic collector
frees one of them in the middle (ui/kit/togglegroups.py; found by the table monkey)."""

from __future__ import annotations

import gc

import pytest
from kivy.uix.togglebutton import ToggleButton

from ui.kit import togglegroups


@pytest.fixture
def collector_held():
    """The collector runs only when a test says, so a button let go lingers until then."""
    gc.disable()
    yield
    gc.enable()


def test_a_collection_while_a_press_releases_its_group_frees_a_chip_and_breaks_nothing(collector_held):
    togglegroups.install()
    group = "chips-freed-mid-press"
    first, pressed = ToggleButton(group=group, state="down"), ToggleButton(group=group)
    gone = ToggleButton(group=group)
    gone.itself = gone  # a cycle, as a widget let go holds: freed only by a collection
    del gone
    collections = []
    # what a chip's new state does may allocate enough to set off a collection: here, always
    first.bind(state=lambda *_: collections.append(gc.collect()))
    pressed._do_press()
    assert collections, "the first chip was not released"
    assert (first.state, pressed.state) == ("normal", "down")
    gc.collect()  # the chip let go is freed once nothing walks its group
    assert ToggleButton.get_widgets(group) == [first, pressed]
