"""The gpio backend on gpiozero's MockFactory: edge times, lockout, strong handlers."""

from __future__ import annotations

import gc
import threading

import pytest

from companion.intake.errors import InputError
from hardware.gpio import FactoryClock, GpioBackend
from hardware.padmap import parse_padmap

MS = 1_000_000


@pytest.fixture
def backend(mock_factory, pads):
    backend = GpioBackend(pads, pin_factory=mock_factory, tick_s=None)
    backend.start()
    yield backend
    backend.close()


def _t_ns(pin) -> float:
    """The time MockPin stamped on its last edge (monotonic seconds, in ns)."""
    return pin._last_change * 1e9


def test_drive_low_is_a_press_stamped_with_the_edges_time(backend, mock_factory):
    pin = mock_factory.pin("GPIO22")  # pad 3
    pin.drive_low()
    [event] = backend.drain()
    assert (event.pad, event.pressed, event.source) == (3, True, "gpio")
    assert abs(event.t_ns - _t_ns(pin)) < 0.05 * MS  # the edge's ticks, mapped; not a later clock read


def test_bounce_within_thirty_ms_dropped_keeping_the_first_time(backend, mock_factory):
    pin = mock_factory.pin(17)
    pin.drive_low()
    first = _t_ns(pin)
    for _ in range(3):
        pin.drive_high()
        pin.drive_low()
    events = backend.drain()
    assert [e.pressed for e in events] == [True]
    assert abs(events[0].t_ns - first) < 0.05 * MS
    assert backend.status().counters["bounces dropped"] == 6


def test_handlers_survive_garbage_collection(backend, mock_factory):
    # gpiozero keeps only a weak reference to a pin's when_changed handler
    gc.collect()
    mock_factory.pin("GPIO27").drive_low()
    assert [(e.pad, e.pressed) for e in backend.drain()] == [(2, True)]


def test_a_short_tap_still_reports_its_release(backend, mock_factory):
    pin = mock_factory.pin("GPIO25")  # pad 6
    pin.drive_low()
    pin.drive_high()
    release_t = _t_ns(pin)
    assert [e.pressed for e in backend.drain()] == [True]
    backend.tick(round(release_t) + 31 * MS)
    [release] = backend.drain()
    assert release.pad == 6 and not release.pressed and abs(release.t_ns - release_t) < 0.05 * MS


def test_library_debounce_is_off_and_pins_pulled_up(backend, mock_factory):
    pin = mock_factory.pin(17)
    assert pin.bounce is None and pin.pull == "up"
    assert pin.state  # released: pulled high


def test_edges_from_several_threads_all_arrive(backend, mock_factory):
    pins = [mock_factory.pin(name) for name in ("GPIO17", "GPIO27", "GPIO22", "GPIO23")]
    threads = [threading.Thread(target=pin.drive_low) for pin in pins]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(e.pad for e in backend.drain()) == [1, 2, 3, 4]


def test_lgpio_watchdog_level_is_not_an_edge(backend, mock_factory):
    backend._wires[0].on_change(mock_factory.ticks(), 2)  # lgpio TIMEOUT
    assert backend.drain() == []


def test_stop_releases_the_pins_and_start_opens_them_again(backend, mock_factory):
    backend.stop()
    mock_factory.pin(17).drive_low()
    assert backend.drain() == []
    backend.start()
    mock_factory.pin(17).drive_high()
    mock_factory.pin(17).drive_low()
    assert [(e.pad, e.pressed) for e in backend.drain()] == [(1, True)]


def test_a_pin_already_in_use_is_a_clear_error_and_shown_in_status(mock_factory):
    from gpiozero import Button

    held = Button("GPIO17", pin_factory=mock_factory)  # something else has the pin
    try:
        clash = GpioBackend(parse_padmap('[[pad]]\nnumber = 1\npin = 17\nlocation = "tipi"'),
                            pin_factory=mock_factory, tick_s=None)
        with pytest.raises(InputError, match="cannot open the pads' GPIO pins"):
            clash.start()
        assert not clash.status().ok and "GPIO not available" in clash.status().detail
    finally:
        held.close()


class _WrappingFactory:
    """pigpio-style ticks: 32-bit microseconds that wrap; ticks_diff is always positive."""

    def __init__(self, now_us: int) -> None:
        self.now_us = now_us

    def ticks(self) -> int:
        return self.now_us

    @staticmethod
    def ticks_diff(later: int, earlier: int) -> float:
        return ((later - earlier) % (1 << 32)) / 1e6


def test_clock_maps_wrapping_ticks_on_both_sides_of_the_reference():
    factory = _WrappingFactory((1 << 32) - 500)  # 500 us before the wrap
    clock = FactoryClock(factory)
    ref_ns = clock._ref[1]
    assert clock.to_ns(((1 << 32) - 500 + 1500) % (1 << 32)) == ref_ns + 1500 * 1000  # after the wrap
    assert clock.to_ns((1 << 32) - 800) == ref_ns - 300 * 1000  # an edge just before the reference
