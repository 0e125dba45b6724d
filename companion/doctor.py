"""`companion doctor`: what works on this machine, and what to do about what doesn't.

A maker wiring a Pi runs this first. Each line is one check with what was found and,
when it failed, the fix. Missing GPIO or a missing screen is a warning (the sim backend
and headless mode still work); a database that cannot be opened is a failure.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import platform
import sys
from dataclasses import dataclass

from companion.display import display_problem

OK, WARN, FAIL = "ok", "warn", "FAIL"


@dataclass(frozen=True)
class Check:
    name: str
    status: str
    found: str
    fix: str = ""


def check_python() -> Check:
    version = platform.python_version()
    if sys.version_info < (3, 11):
        return Check("Python", FAIL, version, "install Python 3.11 or newer")
    return Check("Python", OK, version)


def check_kivy() -> Check:
    try:
        version = importlib.metadata.version("kivy")
    except importlib.metadata.PackageNotFoundError:
        return Check("Kivy", FAIL, "not installed", "pip install -e . (from the project folder)")
    if not version.startswith("2.3"):
        return Check("Kivy", WARN, version, "the app is tested with Kivy 2.3.x: pip install 'kivy[base]~=2.3.0'")
    return Check("Kivy", OK, version)


def check_display() -> Check:
    problem = display_problem()
    if problem:
        return Check("Display", WARN, problem.split(";")[0], problem.split(";", 1)[-1].strip())
    return Check("Display", OK, "a display is available")


def hardware_checks(args: argparse.Namespace) -> list[Check]:
    """GPIO and serial checks live with the hardware code; imported only here.

    Without GPIO the app still runs with simulated pads, so those are warnings; a pad map
    that does not load would stop the referee, so that one fails."""
    try:
        from hardware import probe
    except ImportError as exc:
        return [Check("GPIO", FAIL, f"hardware support cannot load ({exc})", "pip install -e . (gpiozero, pyserial)")]
    found = [
        ("GPIO", probe.check_gpio_access(), WARN),
        ("Groups", probe.check_groups(), WARN),
        ("Pin factory", probe.check_pin_factory(), WARN),
        ("Pad map", probe.check_pad_map(args.pads), FAIL),
        ("Serial", probe.check_serial_ports(), WARN),
    ]
    return [Check(name, OK if c.ok else bad, c.what, c.fix) for name, c, bad in found]


def run(args: argparse.Namespace) -> int:
    from companion.dbcheck import database_checks  # it builds on Check, defined above

    checks = [check_python(), check_kivy(), check_display(), *hardware_checks(args), *database_checks(args.db)]
    width = max(len(c.name) for c in checks)
    for check in checks:
        print(f"{check.status:>4}  {check.name:<{width}}  {check.found}")
        if check.fix and check.status != OK:
            print(f"{'':>4}  {'':<{width}}  -> {check.fix}")
    failed = [c.name for c in checks if c.status == FAIL]
    print("\n" + ("Problems: " + ", ".join(failed) if failed else "Ready to play."))
    return 1 if failed else 0
