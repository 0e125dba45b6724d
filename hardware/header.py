"""The Pi's 40-pin header (J8) and where each pad's two wires go on it.

The wiring diagram and the pin table in wiring/README.md are made from this and the pad
map the app reads, so what a maker solders is what the app listens to. The layout is
gpiozero's own table for the header (``pi_info``), the same one the pad map resolves pin
names with: every 40-pin Pi (B+, 2, 3, 4, 5, Zero) shares it.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.padmap import HEADER_REVISION, PadMap

PADS_PER_GROUND = 2  # two short leads per ground pin still fit a Dupont housing each


@dataclass(frozen=True)
class HeaderPin:
    number: int  # physical pin, 1..40
    name: str  # "GPIO17", "GND", "3V3", "5V"
    row: int  # 1..20, pin 1 at the top
    col: int  # 1 (odd pins) or 2 (even pins)


@dataclass(frozen=True)
class PadWiring:
    """One pad's two wires: its GPIO's header pin and the ground pin it shares."""

    pad: int
    name: str
    gpio: str
    pin: int
    ground: int


def header() -> dict[int, HeaderPin]:
    """Pins 1..40 of J8."""
    from gpiozero.pins.pi import pi_info

    pins = pi_info(HEADER_REVISION).headers["J8"].pins
    return {n: HeaderPin(n, info.name, info.row, info.col) for n, info in pins.items()}


def pad_wiring(pads: PadMap) -> list[PadWiring]:
    """Each pad's GPIO pin and ground pin. Grounds are handed out nearest first (by row,
    then the same column), at most :data:`PADS_PER_GROUND` pads to a ground pin, in pad
    order, so the same map always gives the same diagram."""
    pins = header()
    by_name = {pin.name: pin for pin in pins.values()}
    grounds = [pin for pin in pins.values() if pin.name == "GND"]
    used: dict[int, int] = {}
    wiring = []
    for pad in pads:
        signal = by_name[pad.pin]
        free = [g for g in grounds if used.get(g.number, 0) < PADS_PER_GROUND]
        ground = min(free, key=lambda g: (abs(g.row - signal.row), g.col != signal.col, g.number))
        used[ground.number] = used.get(ground.number, 0) + 1
        wiring.append(PadWiring(pad.number, pad.name, pad.pin, signal.number, ground.number))
    return wiring
