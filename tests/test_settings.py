"""The kiosk's settings file (/etc/companion/companion.toml): the installed unit names no
backend, so the app, `companion doctor` and `companion pads` take the pads from it; the
command line still wins; a bad file is one line naming what is wrong, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import app_arguments
from companion.intake.errors import InputError
from companion.kiosk.settings import Settings, load_settings
from hardware.padmap import load_padmap

ROOT = Path(__file__).resolve().parents[1]
PADS = (ROOT / "hardware" / "pads.toml").read_text()


def companion(settings: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_SETTINGS=str(settings), SDL_VIDEODRIVER="offscreen")
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)


@pytest.fixture
def settings(tmp_path, monkeypatch):
    path = tmp_path / "companion.toml"
    monkeypatch.setenv("COMPANION_SETTINGS", str(path))
    return path


def test_the_app_takes_backend_port_and_pad_map_from_the_settings_file(settings):
    settings.write_text('backend = "serial"\nport = "/dev/ttyACM0"\n\n' + PADS)
    args = app_arguments(["--fullscreen"])  # the unit's command
    assert (args.backend, args.port, args.pads) == ("serial", "/dev/ttyACM0", str(settings))
    assert len(load_padmap(args.pads)) == 6  # the settings file is the kiosk's pad map


def test_the_command_line_wins_over_the_file(settings):
    settings.write_text('backend = "serial"\nport = "/dev/ttyACM0"\n')
    args = app_arguments(["--backend", "sim", "--port", "/dev/ttyUSB3"])
    assert (args.backend, args.port, args.pads) == ("sim", "/dev/ttyUSB3", None)


def test_no_file_is_the_defaults(settings):
    assert load_settings() == Settings(settings)
    args = app_arguments([])
    assert (args.backend, args.port, args.pads) == ("auto", None, None)


@pytest.mark.parametrize("text, said", [
    ('backend = "gpioo"\n', "backend = 'gpioo'; expected one of auto, gpio, serial, sim"),
    ('backend = "serial"\nport = ""\n', "port = ''"),
    ('backend = "serial"\nport = 7\n', "port = 7"),
    ('backend = serial\n', "not valid TOML"),
    ('colour = "red"\n', "unknown key(s) ['colour']"),
])
def test_a_bad_file_is_refused_in_one_line(settings, text, said):
    settings.write_text(text)
    with pytest.raises(InputError, match="^settings .*companion.toml: ") as refused:
        load_settings()
    assert said in str(refused.value) and "\n" not in str(refused.value)
    result = companion(settings, "pads", "--seconds", "0.1")
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and said in result.stderr


def test_doctor_fails_a_bad_file_and_still_checks_the_rest(settings, tmp_path):
    settings.write_text('backend = "gpioo"\n')
    result = companion(settings, "--db", str(tmp_path / "c.db"), "doctor", "--json")
    checks = {check["name"]: check for check in json.loads(result.stdout)}
    assert result.returncode == 1 and not checks["Settings"]["ok"]
    assert "gpioo" in checks["Settings"]["detail"] and "\n" not in checks["Settings"]["fix"]
    assert checks["Database"]["ok"]


def test_doctor_and_pads_read_the_pads_the_file_names(settings, tmp_path):
    settings.write_text('backend = "sim"\n\n[[pad]]\nnumber = 4\npin = "GPIO5"\nlocation = "saloon"\n'
                        'name = "Back saloon"\n')
    doctor = companion(settings, "--db", str(tmp_path / "c.db"), "doctor", "--json")
    checks = {check["name"]: check for check in json.loads(doctor.stdout)}
    assert checks["Settings"]["detail"] == f"settings {settings}: backend sim, its own pad map"
    assert checks["Pad map"]["detail"].endswith("4=GPIO5 Back saloon")
    pads = companion(settings, "pads", "--seconds", "0.1")
    assert pads.returncode == 0 and "pad 4  GPIO5   Back saloon" in pads.stdout


def test_a_huge_value_is_quoted_short(settings):
    settings.write_text(f'backend = "{"x" * 100_000}"\n')
    with pytest.raises(InputError) as refused:
        load_settings()
    assert len(str(refused.value)) < 300 and "100,000 characters" in str(refused.value)
