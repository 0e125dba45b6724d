"""Checks for `companion doctor`: can this user reach the pads, and if not, what to do.

Each check returns a :class:`Check` (ok, what, fix): ``what`` says what was found in
words a person at the table understands, ``fix`` the command or step that would
make it right (empty when ok).
"""

from __future__ import annotations

import grp
import os
from pathlib import Path
from typing import NamedTuple

from companion.errors import InputError
from hardware.choose import MODEL_PATH, pi_model


class Check(NamedTuple):
    ok: bool
    what: str
    fix: str


def check_gpio_access(model_path: Path = MODEL_PATH, dev: Path = Path("/dev")) -> Check:
    """Is this a Pi, and may this user open its GPIO chip(s)?"""
    model = pi_model(model_path)
    if model is None:
        return Check(False, "not a Raspberry Pi: no GPIO pads here",
                     "run on the Pi, or use --backend sim (keys 1-6) or --backend serial (pad board)")
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        return Check(False, f"{model}: no /dev/gpiochip* device", "update Raspberry Pi OS (the GPIO character device is missing)")
    denied = [chip.name for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
    if denied:
        return Check(False, f"{model}: no permission on {', '.join(denied)}",
                     f"sudo usermod -aG gpio {_user()} and log in again")
    return Check(True, f"{model}: GPIO chips {', '.join(c.name for c in chips)} readable and writable", "")


def check_pin_factory() -> Check:
    """Which gpiozero pin factory would drive the pads (lgpio is the one that gives the
    kernel's edge timestamps on a Pi 4/5), or why none loads."""
    import warnings

    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    wd = os.environ.get("LG_WD", os.getcwd())
    with warnings.catch_warnings(record=True) as fallbacks:
        warnings.simplefilter("always")
        try:
            factory = Device._default_pin_factory()
        except BadPinFactory as exc:
            tried = "; ".join(str(w.message) for w in fallbacks)
            return Check(False, f"no GPIO pin factory loads ({exc} {tried})".strip(),
                         "sudo apt install python3-lgpio (or pip install 'oldwest-companion[pi]'); "
                         "elsewhere use --backend sim")
    name = type(factory).__name__
    factory.close()
    if name != "LGPIOFactory":
        return Check(False, f"pin factory {name} (lgpio did not load)",
                     "sudo apt install python3-lgpio: lgpio gives the kernel's edge timestamps")
    if not os.access(wd, os.W_OK):
        return Check(False, f"pin factory lgpio, but its working directory {wd} is not writable",
                     "set LG_WD to a writable directory (wiring/companion.service does)")
    return Check(True, f"pin factory lgpio (working directory {wd})", "")


def check_serial_ports() -> Check:
    """USB serial ports a pad board could be on, and whether this user may open them.
    No board is fine (only --backend serial needs one)."""
    from serial.tools import list_ports

    ports = [p for p in sorted(list_ports.comports(), key=lambda p: p.device) if p.vid is not None]
    if not ports:
        return Check(True, "no USB serial port (a pad board is only needed for --backend serial)", "")
    denied = [p.device for p in ports if not os.access(p.device, os.R_OK | os.W_OK)]
    names = ", ".join(f"{p.device} ({p.description})" for p in ports)
    if denied:
        return Check(False, f"serial ports {names}; no permission on {', '.join(denied)}",
                     f"sudo usermod -aG dialout {_user()} and log in again")
    return Check(True, f"serial ports: {names}", "")


def check_pad_map(path: str | None = None) -> Check:
    """Does the pad map load (the built-in one when ``path`` is None)?"""
    from hardware.padmap import load_padmap

    try:
        pads = load_padmap(path)
    except InputError as exc:
        return Check(False, str(exc), "fix the pad map (see wiring/README.md for the format)")
    summary = ", ".join(f"{p.number}={p.pin} {p.name}" for p in pads)
    return Check(True, f"pad map {pads.source}: {summary}", "")


def _user() -> str:
    try:
        return os.getlogin()
    except OSError:
        return os.environ.get("USER", "$USER")


def check_groups(wanted: tuple[str, ...] = ("gpio", "input", "render", "video")) -> Check:
    """Is the app's user in the groups DESIGN.md names (GPIO, touchscreen, GPU, display)?
    Groups this system does not have are not asked for."""
    mine = {grp.getgrgid(g).gr_name for g in os.getgroups()}
    existing = {g.gr_name for g in grp.getgrall()}
    missing = [name for name in wanted if name in existing and name not in mine]
    if missing:
        return Check(False, f"user {_user()} is not in group(s) {', '.join(missing)}",
                     f"sudo usermod -aG {','.join(missing)} {_user()} and log in again")
    return Check(True, f"user {_user()} is in the groups the pads and screen need", "")


def hardware_checks(pads: str | None = None) -> list[Check]:
    """Every check above, in the order a person would fix them."""
    return [check_gpio_access(), check_groups(), check_pin_factory(), check_pad_map(pads), check_serial_ports()]
