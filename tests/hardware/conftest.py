"""Fixtures for the hardware tests: no test may leave a pin factory behind for the next."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.padmap import load_padmap


@pytest.fixture
def mock_factory():
    """A fresh MockFactory set as gpiozero's default, and the previous default restored
    afterwards (gpiozero's own test-suite pattern: save, replace, close, restore)."""
    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        factory.close()
        Device.pin_factory = saved


@pytest.fixture
def pads():
    return load_padmap()
