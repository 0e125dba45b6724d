"""Which Kivy input providers the app starts with: one per way a finger can reach it.

Kivy turns each entry of its config's ``[input]`` section into a provider
(kivy/base.py, ``_runTouchApp_prepare``: ``for key, value in Config.items('input')``),
and every provider that sees the touchscreen delivers each tap once more. Three things
add providers behind a kiosk's back (Kivy 2.3 sources, installed copy read):

* a config.ini without ``config_version`` is "upgraded" from version 0, which puts back
  ``mouse = mouse`` and ``%(name)s = probesysfs`` (kivy/config.py);
* the mouse provider turns SDL's mouse events into touches, and SDL on the console makes
  a mouse click out of every touch (kivy/core/window/window_sdl2.py passes SDL's own
  finger events on only on iOS and Android, so the SDL provider it always adds stays
  quiet on Linux);
* ``probesysfs`` with ``match=A|B`` tests the *substring* "A|B" unless ``use_regex=1``
  (kivy/input/providers/probesysfs.py), so it matches nothing, or without a match it
  adds a provider for every multitouch device.

So the app sets the whole ``[input]`` section itself: on the kiosk (``--fullscreen``)
the one line of the kiosk's config.ini when it is sound, else :data:`TOUCHSCREEN`;
on a desktop the mouse alone. Nothing else is added.
"""

from __future__ import annotations

import configparser
import os
from pathlib import Path
from typing import Mapping

#: mtdev reads the official 7" display (FT5406 / edt-ft5x06 / the firmware's
#: raspberrypi-ts) and Touch Display 2 (Goodix) with proper multitouch tracking; Kivy
#: falls back to hidinput by itself when libmtdev is missing. ``select_all=0`` keeps to
#: devices with multitouch axes that are not mice; the regex is matched from the start of
#: the device's name, case-insensitively.
TOUCHSCREEN = ("probesysfs,provider=mtdev,select_all=0,use_regex=1,"
               "match=.*(ft5406|ft5x06|raspberrypi-ts|goodix|touch)")
KIOSK_PROVIDERS: dict[str, str] = {"touchscreen": TOUCHSCREEN}
#: what Kivy's config upgrade from version 0 adds to ``[input]`` (kivy/config.py)
KIVY_DEFAULTS: dict[str, str] = {"mouse": "mouse", "%(name)s": "probesysfs"}
#: a desktop has a mouse and no touchscreen worth a second path; a right click must not
#: leave Kivy's red multitouch dots behind
DESKTOP_PROVIDERS: dict[str, str] = {"mouse": "mouse,disable_multitouch"}


def kivy_config_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where Kivy reads its config.ini: ``$KIVY_HOME`` or ``~/.kivy`` (kivy/__init__.py)."""
    home = environ.get("KIVY_HOME") or os.path.join(os.path.expanduser("~"), ".kivy")
    return Path(home) / "config.ini"


def read_input_section(path: Path) -> dict[str, str] | None:
    """The ``[input]`` lines as written in the file (Kivy's defaults not mixed in), or
    None when there is no such file or section, or it cannot be read."""
    parser = configparser.RawConfigParser()
    try:
        if not parser.read(path, encoding="utf-8"):
            return None
    except (configparser.Error, OSError, UnicodeDecodeError):
        return None
    if not parser.has_section("input"):
        return None
    return dict(parser.items("input"))


def input_problem(providers: Mapping[str, str]) -> str:
    """Why this ``[input]`` section would not give exactly one touch per tap ("" if it would)."""
    if not providers:
        return "no input provider: the touchscreen would do nothing"
    if len(providers) > 1:
        return (f"{len(providers)} input providers ({', '.join(providers)}): each one that sees the "
                "touchscreen delivers every tap again")
    [(key, value)] = providers.items()
    args = value.split(",")
    if args[0] == "probesysfs":
        options = dict(arg.split("=", 1) for arg in args[1:] if "=" in arg)
        if "match" not in options:
            return f"'{key}' has no match=: it adds a provider for every multitouch device"
        if options.get("use_regex") != "1" and any(c in options["match"] for c in "|.*()[]"):
            return (f"'{key}' has match={options['match']} without use_regex=1: Kivy tests it as plain "
                    "text, so it matches no device")
    return ""


def kiosk_input(path: Path | None = None) -> tuple[dict[str, str], str]:
    """(the kiosk's input providers, why the config file's own were not used or "").

    The two lines Kivy itself puts into a config.ini it upgrades (and writes back on the
    first start) are not the maker's choice and are left out before judging."""
    path = path or kivy_config_path()
    written = read_input_section(path)
    if written is not None:
        written = {key: value for key, value in written.items() if KIVY_DEFAULTS.get(key) != value}
    if not written:
        return dict(KIOSK_PROVIDERS), ""
    problem = input_problem(written)
    if problem:
        return dict(KIOSK_PROVIDERS), f"{path}: {problem}; the app uses its own touchscreen line instead"
    return written, ""


def apply_input(config: configparser.RawConfigParser, providers: Mapping[str, str]) -> None:
    """Make ``config``'s ``[input]`` exactly ``providers`` (Kivy's Config, before the
    window opens: the providers are made from it when the app starts)."""
    if not config.has_section("input"):
        config.add_section("input")
    for key in config.options("input"):
        config.remove_option("input", key)
    for key, value in providers.items():
        config.set("input", key, value)
