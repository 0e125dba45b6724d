"""The pad map: which pin each arcade-button pad is wired to, and which tile sits on it.

It is a file (``pads.toml``) rather than code because the person who solders the pads
is not the person who writes Python: they edit one table, and a wrong entry is refused
with a message naming the line's pad, before any pin is touched.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterator

from companion.intake.errors import InputError
from companion.kiosk.settings import KEYS as SETTINGS_KEYS

LOCATIONS = ("prison", "tipi", "saloon")
MAX_PADS = 6
_PAD_KEYS = {"number", "pin", "location", "name", "rfid"}

# Every Pi with a 40-pin header (B+, 2, 3, 4, 5, Zero) has the same J8 layout, so one
# board's table resolves "GPIO17", "BCM17", "BOARD11", "J8:11", "WPI0" and 17 alike,
# without opening a pin factory. Pi 4B revision code; see gpiozero.pins.pi.pi_info.
HEADER_REVISION = "d03114"


@dataclass(frozen=True)
class Pad:
    """One pad. ``pin`` is the canonical gpiozero name ("GPIO17") whatever form the file
    used, so two spellings of one pin are caught as duplicates."""

    number: int
    pin: str
    location: str
    name: str
    rfid: str | None = None


@dataclass(frozen=True)
class PadMap:
    """The pads in pad-number order. ``source`` says where the map came from, for
    messages ("pads.toml (built in)" or a path)."""

    pads: tuple[Pad, ...]
    source: str

    def __iter__(self) -> Iterator[Pad]:
        return iter(self.pads)

    def __len__(self) -> int:
        return len(self.pads)

    def __contains__(self, number: object) -> bool:
        return any(pad.number == number for pad in self.pads)

    def __getitem__(self, number: int) -> Pad:
        for pad in self.pads:
            if pad.number == number:
                return pad
        raise KeyError(number)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(pad.number for pad in self.pads)

    def tile(self, number: int) -> str:
        """How the screen names the tile on a pad; a pad not in the map still gets a name
        (a serial board may report one), so messages never fail."""
        return self[number].name if number in self else f"pad {number}"


def load_padmap(path: str | Path | None = None) -> PadMap:
    """The pad map from ``path``, or the built-in ``pads.toml`` when ``path`` is None."""
    if path is None:
        text = resources.files("hardware").joinpath("pads.toml").read_text(encoding="utf-8")
        return parse_padmap(text, "pads.toml (built in)")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"pad map {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"pad map {path}: cannot read it ({exc})") from None
    return parse_padmap(text, str(path))


def parse_padmap(text: str, source: str = "pads.toml") -> PadMap:
    """Validate a pad map's TOML text; every problem is an InputError naming the pad."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"pad map {source}: not valid TOML ({exc})") from None
    # the kiosk's settings file is a pad map with the settings' keys on top (companion/kiosk/settings.py)
    extra = set(data) - {"pad", *SETTINGS_KEYS}
    if extra:
        raise InputError(f"pad map {source}: unknown top-level key(s) {sorted(extra)}; expected [[pad]] tables")
    entries = data.get("pad")
    if not isinstance(entries, list) or not entries:
        raise InputError(f"pad map {source}: no [[pad]] tables")
    if len(entries) > MAX_PADS:
        raise InputError(f"pad map {source}: {len(entries)} pads; at most {MAX_PADS} are supported")
    pads: list[Pad] = []
    for index, entry in enumerate(entries, start=1):
        pads.append(_parse_pad(entry, f"pad map {source}, [[pad]] #{index}"))
    _refuse_duplicates(pads, source)
    return PadMap(tuple(sorted(pads, key=lambda pad: pad.number)), source)


def _parse_pad(entry: object, where: str) -> Pad:
    if not isinstance(entry, dict):
        raise InputError(f"{where}: expected a table")
    unknown = set(entry) - _PAD_KEYS
    if unknown:
        raise InputError(f"{where}: unknown key(s) {sorted(unknown)}; allowed: {sorted(_PAD_KEYS)}")
    for key in ("number", "pin", "location"):
        if key not in entry:
            raise InputError(f"{where}: missing '{key}'")
    number = entry["number"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise InputError(f"{where}: 'number' must be a whole number from 1, not {number!r}")
    where = f"{where} (pad {number})"
    location = entry["location"]
    if not isinstance(location, str) or location.strip().lower() not in LOCATIONS:
        raise InputError(f"{where}: unknown location {location!r}; expected one of {', '.join(LOCATIONS)}")
    location = location.strip().lower()
    name = entry.get("name", f"{location.title()} (pad {number})")
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{where}: 'name' must be non-empty text")
    rfid = entry.get("rfid")
    if rfid is not None and (not isinstance(rfid, str) or not rfid.strip()):
        raise InputError(f"{where}: 'rfid' must be a serial port name such as \"/dev/ttyAMA2\"")
    return Pad(number, canonical_pin(entry["pin"], where), location, name.strip(), rfid)


def canonical_pin(spec: object, where: str = "pin") -> str:
    """gpiozero's own name for a pin given in any of its forms; refuses power, ground and
    unknown pins with a message, because a Button on them would fail far from the cause."""
    from gpiozero.pins.pi import pi_info

    if isinstance(spec, bool) or not isinstance(spec, (int, str)):
        raise InputError(f"{where}: 'pin' must be a pin name such as \"GPIO17\" or \"BOARD11\", not {spec!r}")
    name = spec.strip().upper() if isinstance(spec, str) else spec
    found = list(pi_info(HEADER_REVISION).find_pin(name))
    if not found:
        raise InputError(f"{where}: unknown pin {spec!r}; use a name such as \"GPIO17\", \"BOARD11\" or 17")
    info = found[0][1]
    if "gpio" not in info.interfaces:
        raise InputError(f"{where}: pin {spec!r} is {info.name}, not a GPIO; a pad needs a GPIO pin")
    return info.name


def _refuse_duplicates(pads: list[Pad], source: str) -> None:
    seen_numbers: set[int] = set()
    seen_pins: dict[str, int] = {}
    seen_rfid: dict[str, int] = {}
    for pad in pads:
        if pad.number in seen_numbers:
            raise InputError(f"pad map {source}: duplicate pad {pad.number}")
        seen_numbers.add(pad.number)
        if pad.pin in seen_pins:
            raise InputError(f"pad map {source}: duplicate pin {pad.pin} on pads {seen_pins[pad.pin]} and {pad.number}")
        seen_pins[pad.pin] = pad.number
        if pad.rfid is not None:
            if pad.rfid in seen_rfid:
                raise InputError(f"pad map {source}: RFID port {pad.rfid} on pads {seen_rfid[pad.rfid]} and {pad.number}")
            seen_rfid[pad.rfid] = pad.number
