"""`companion doctor`: what works on this machine, and what to do about what doesn't.

A maker wiring a Pi runs this first. Each check is one line with what was found and,
when it is not right, the fix to paste. A check that FAILs means the table cannot play
as it stands (no screen, pads out of reach, a database that will not open): doctor then
exits with status 1 and says "Not ready". WARN is worth a look but does not stop a game.
``--json`` prints the same checks as a JSON list of ``{"name", "ok", "detail", "fix"}``
(``ok`` is false exactly for the failures) for scripts and install checks.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import platform
import sys

from companion.contracts.checks import FAIL, OK, WARN, Check
from companion.kiosk.display import display_problem, drivers, graphics_problem
from companion.intake.errors import InputError
from companion.kiosk.settings import Settings, describe, load_settings, settings_path, take_settings


def check_python() -> Check:
    version = platform.python_version()
    if sys.version_info < (3, 11):
        return Check("Python", FAIL, version, "install Python 3.11 or newer")
    return Check("Python", OK, f"{version} ({sys.executable})")


def check_kivy() -> Check:
    try:
        version = importlib.metadata.version("kivy")
    except importlib.metadata.PackageNotFoundError:
        return Check("Kivy", FAIL, "not installed", "pip install -e . (from the project folder)")
    if not version.startswith("2.3"):
        return Check("Kivy", WARN, version, "the app is tested with Kivy 2.3.x: pip install 'kivy[base]~=2.3.0'")
    return Check("Kivy", OK, version)


def check_display() -> Check:
    """The device or session the video driver needs, not merely a value of SDL_VIDEODRIVER."""
    problem = display_problem()
    if problem:
        return Check("Display", FAIL, *problem)
    return Check("Display", OK, f"the app can draw with SDL's {drivers()[0]} driver")


def check_graphics() -> Check:
    """The OpenGL libraries Kivy and SDL load at start (a Lite image has none of them)."""
    problem = graphics_problem()
    if problem:
        return Check("OpenGL", FAIL, *problem)
    return Check("OpenGL", OK, f"the OpenGL libraries for {drivers()[0]} load")


def check_touch_input() -> Check:
    """The kiosk's Kivy input: exactly one provider for the touchscreen (a second one
    that sees the same finger makes every tap arrive twice)."""
    from companion.kiosk.kioskinput import kiosk_input

    providers, problem = kiosk_input()
    line = ", ".join(f"{key} = {value}" for key, value in providers.items())
    if problem:
        return Check("Touch input", WARN, problem, "wiring/install.sh writes the kiosk's Kivy config")
    return Check("Touch input", OK, f"kiosk input: {line}")


def check_voice() -> Check:
    """The referee's spoken calls: a WARN at worst, since a silent table still plays."""
    from companion.voice.engine import voice_problem

    found, fix = voice_problem()
    return Check("Voice", WARN if fix else OK, found, fix)


def check_settings(args: argparse.Namespace) -> Check:
    """The kiosk's settings file (companion/kiosk/settings.py), taken into ``args`` where the
    command line gave nothing, so the checks after it look at the pads the app would open.
    A bad file fails here, and the rest is checked as if there were none."""
    try:
        settings = load_settings()
    except InputError as exc:
        take_settings(args, Settings(settings_path()))  # none: the command line's or the defaults
        return Check("Settings", FAIL, str(exc), "correct it (wiring/README.md, \"The kiosk's settings\"), "
                                                 "or delete it for the defaults")
    take_settings(args, settings)
    return Check("Settings", OK, describe(settings))


def hardware_checks(args: argparse.Namespace) -> list[Check]:
    """GPIO, groups, lgpio, pad board, RFID readers: they live with the hardware code,
    imported only here."""
    try:
        from hardware import probe
    except ImportError as exc:
        return [Check("GPIO", FAIL, f"hardware support cannot load ({exc})", "pip install -e . (gpiozero, pyserial)")]
    return probe.hardware_checks(getattr(args, "backend", "auto"), getattr(args, "pads", None),
                                 getattr(args, "port", None))


def run(args: argparse.Namespace) -> int:
    from companion.records.check import database_checks

    checks = [check_python(), check_kivy(), check_display(), check_graphics(), check_touch_input(), check_voice()]
    checks.append(check_settings(args))  # before the hardware checks: it says which pads they look at
    checks += [*hardware_checks(args), *database_checks(args.db, record=True)]
    failed = [c.name for c in checks if not c.ok]
    if getattr(args, "json", False):
        print(json.dumps([c.as_json() for c in checks], indent=1))
        return 1 if failed else 0
    width = max(len(c.name) for c in checks)
    for check in checks:
        print(f"{check.status:>4}  {check.name:<{width}}  {check.found}")
        if check.fix and check.status != OK:
            print(f"{'':>4}  {'':<{width}}  -> {check.fix}")
    print("\n" + (f"Not ready: fix {', '.join(dict.fromkeys(failed))} (each line above says how)."
                  if failed else "Ready to play."))
    return 1 if failed else 0
