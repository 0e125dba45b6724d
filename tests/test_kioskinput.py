"""The kiosk's effective Kivy input: one provider for the touchscreen, nothing that
sees the same finger again, whatever Kivy's own defaults would add."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.kiosk.kioskinput import (
    DESKTOP_PROVIDERS,
    KIOSK_PROVIDERS,
    TOUCHSCREEN,
    input_problem,
    kiosk_input,
    read_input_section,
)

ROOT = Path(__file__).resolve().parents[1]
KIOSK_CONFIG = ROOT / "wiring" / "kivy-config.ini"

EFFECTIVE = """
import json, sys
from ui.shell.launch import configure_kivy
configure_kivy(fullscreen=sys.argv[1] == "kiosk")
from kivy.config import Config
print(json.dumps(dict(Config.items("input"))))
"""


def effective_input(kivy_home: Path, mode: str) -> dict[str, str]:
    """Kivy's [input] as the app leaves it, in a fresh process reading ``kivy_home``'s
    config.ini as a start on the Pi does (the test environment's KIVY_USE_DEFAULTCONFIG
    would skip the file)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIVY_")}
    env.update(KIVY_HOME=str(kivy_home), KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", EFFECTIVE, mode], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_kiosk_start_with_the_installed_config_has_exactly_the_touchscreen(tmp_path):
    shutil.copy(KIOSK_CONFIG, tmp_path / "config.ini")
    assert effective_input(tmp_path, "kiosk") == {"touchscreen": TOUCHSCREEN}
    # Kivy wrote the file back with its own defaults added; the next start is the same
    assert "mouse" in read_input_section(tmp_path / "config.ini")
    assert kiosk_input(tmp_path / "config.ini") == (KIOSK_PROVIDERS, "")
    assert effective_input(tmp_path, "kiosk") == {"touchscreen": TOUCHSCREEN}


def test_kivys_own_defaults_never_come_back_on_the_kiosk(tmp_path):
    # no config.ini: Kivy writes its defaults (mouse + probesysfs for every device)
    assert effective_input(tmp_path, "kiosk") == KIOSK_PROVIDERS
    written = read_input_section(tmp_path / "config.ini")
    assert written is not None and "mouse" in written  # what Kivy would have used
    assert effective_input(tmp_path, "desktop") == DESKTOP_PROVIDERS


def test_the_wiring_config_is_the_apps_touchscreen_line():
    assert read_input_section(KIOSK_CONFIG) == KIOSK_PROVIDERS
    assert input_problem(KIOSK_PROVIDERS) == ""


@pytest.mark.parametrize("name, matched", [
    ("FT5406 memory based driver", True), ("generic ft5x06 (79)", True), ("raspberrypi-ts", True),
    ("Goodix Capacitive TouchScreen", True), ("vc4-hdmi", False), ("Logitech USB Keyboard", False),
])
def test_the_match_finds_the_pi_touchscreens_as_kivy_tests_it(name, matched):
    options = dict(arg.split("=", 1) for arg in TOUCHSCREEN.split(",")[1:])
    assert options["use_regex"] == "1"
    # kivy/input/providers/probesysfs.py: match(self.match, device.name, IGNORECASE)
    assert bool(re.match(options["match"], name, re.IGNORECASE)) is matched


@pytest.mark.parametrize("section, problem", [
    ("mouse = mouse,disable_multitouch\ntouch = probesysfs,provider=mtdev,match=FT5406\n", "2 input providers"),
    ("touch = probesysfs,provider=mtdev,match=FT5406|Goodix\n", "without use_regex=1"),
    ("touch = probesysfs,provider=mtdev\n", "no match="),
])
def test_a_config_that_would_double_taps_is_refused_and_said(tmp_path, section, problem):
    path = tmp_path / "config.ini"
    path.write_text("[input]\n" + section)
    providers, why = kiosk_input(path)
    assert providers == KIOSK_PROVIDERS and problem in why and str(path) in why


def test_a_sound_edited_config_is_respected(tmp_path):
    path = tmp_path / "config.ini"
    path.write_text("[input]\ntouch = probesysfs,provider=hidinput,match=ADS7846 Touchscreen\n")
    assert kiosk_input(path) == ({"touch": "probesysfs,provider=hidinput,match=ADS7846 Touchscreen"}, "")
