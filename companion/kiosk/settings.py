"""The kiosk's settings file: which pads the installed table reads, in a file no install overwrites.

The service's command line is the installer's (it is put back at every run of
wiring/install.sh), so what a maker chooses for the table - the GPIO pads or the Pico pad
board, the board's serial port, the pad map and each tile's RFID reader - lives in one TOML
file beside it, ``/etc/companion/companion.toml``, written once by the installer and then
the maker's::

    backend = "serial"          # gpio | serial | sim | auto
    port = "/dev/ttyACM0"       # the pad board's serial port (serial backend)

    [[pad]]                     # the pad map, as in pads.toml: one table a pad,
    number = 1                  # each with its tile's RFID reader port (rfid = ...)
    ...

Every key may be left out (``backend`` auto; ``port`` the first USB serial port; no
``[[pad]]`` table: the built-in pad map). The app, `companion doctor` and `companion pads`
read it; ``--backend``, ``--port`` and ``--pads`` on the command line win over it.
``COMPANION_SETTINGS`` names another file (the tests' own); a file that is not there is
no settings at all. Pure standard library (tomllib): the core reads it, and the pad map
in it is checked by the hardware code that reads pad maps (hardware/padmap.py).
"""

from __future__ import annotations

import argparse
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.intake.errors import InputError
from companion.intake.limits import quote

SETTINGS_PATH = Path("/etc/companion/companion.toml")
SETTINGS_ENV = "COMPANION_SETTINGS"
#: what --backend may say, and so the file's ``backend``
BACKENDS = ("auto", "gpio", "serial", "sim")
#: the top-level keys a settings file may hold besides its ``[[pad]]`` tables (a pad map
#: file may hold them too: the settings file is the kiosk's pad map)
KEYS = ("backend", "port")


@dataclass(frozen=True)
class Settings:
    """What the file says; None where it says nothing. ``pads`` is the file itself when it
    holds the pad map (``[[pad]]`` tables), for whatever reads pad maps by path."""

    path: Path
    backend: str | None = None
    port: str | None = None
    pads: str | None = None
    found: bool = False


def settings_path() -> Path:
    """Where the settings are read from: ``$COMPANION_SETTINGS``, else the kiosk's file."""
    return Path(os.environ.get(SETTINGS_ENV) or SETTINGS_PATH)


def load_settings(path: Path | None = None) -> Settings:
    """The settings at ``path`` (default :func:`settings_path`); a file that is not there
    is no settings. Anything wrong with it is one InputError naming the file and the key."""
    path = settings_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"settings {path}: cannot read it ({exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"settings {path}: not valid TOML ({exc})") from None
    unknown = sorted(set(data) - {*KEYS, "pad"})
    if unknown:
        raise InputError(f"settings {path}: unknown key(s) {unknown}; allowed: {', '.join(KEYS)} and [[pad]] tables")
    backend = data.get("backend")
    if backend is not None and backend not in BACKENDS:
        raise InputError(f"settings {path}: backend = {quote(backend)}; expected one of {', '.join(BACKENDS)}")
    port = data.get("port")
    if port is not None and (not isinstance(port, str) or not port.strip() or "\0" in port):
        raise InputError(f"settings {path}: port = {quote(port)}; expected a serial device such as \"/dev/ttyACM0\"")
    return Settings(path, backend, port.strip() if port else None, str(path) if "pad" in data else None, True)


def take_settings(args: argparse.Namespace, settings: Settings | None = None) -> None:
    """Fill the hardware options the command line left out (None) from ``settings`` (the
    file's, read here unless given): the installed unit's command names none, so the maker's
    file decides, and an option typed for one run still wins. Backend auto when neither
    says. A bad file is an InputError (one line), before anything is opened."""
    settings = load_settings() if settings is None else settings
    for name in ("backend", "pads", "port"):
        if getattr(args, name, None) is None:
            setattr(args, name, getattr(settings, name))
    args.backend = args.backend or "auto"


def describe(settings: Settings) -> str:
    """One line for doctor: where the settings come from and what they choose."""
    if not settings.found:
        return f"no settings file ({settings.path}): backend auto, the built-in pad map"
    port = settings.port or ("the first USB serial port" if settings.backend == "serial" else None)
    said = [f"backend {settings.backend or 'auto'}", *([f"port {port}"] if port else []),
            "its own pad map" if settings.pads else "the built-in pad map"]
    return f"settings {settings.path}: {', '.join(said)}"
