"""wiring/install.sh in CI: a dry run into a scratch root writes the unit, the udev rule
and the Kivy config it would install, and says the groups and user it would make."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.kioskinput import KIOSK_PROVIDERS, kiosk_input

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "wiring" / "install.sh"
GROUPS = {"gpio", "input", "render", "video", "audio", "dialout"}
UNIT = "etc/systemd/system/companion.service"


def install(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def dry_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("pi-root")
    result = install("--dry-run", "--root", str(root))
    assert result.returncode == 0, result.stderr
    return root, result.stdout


def unit_lines(path: Path) -> dict[str, list[str]]:
    """Every `Key=value` of a unit file, by key (a key may repeat)."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_unit_is_sandboxed_restarts_and_waits_for_its_devices(dry_run):
    root, _ = dry_run
    unit = root / UNIT
    assert unit.read_text().strip() == (ROOT / "wiring" / "companion.service").read_text().strip()
    keys = unit_lines(unit)
    for key, value in {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes",
                       "DevicePolicy": "closed", "Restart": "always", "User": "companion",
                       "WorkingDirectory": "/var/lib/companion", "StateDirectory": "companion",
                       "RuntimeDirectory": "companion"}.items():
        assert keys[key] == [value], key
    assert "LG_WD=/run/companion" in keys["Environment"]  # RuntimeDirectory: writable by the user
    assert "KIVY_HOME=/var/lib/companion/kivy" in keys["Environment"]
    assert "PYTHONOPTIMIZE=1" in keys["Environment"]  # Kivy's kv tracing compiled away
    assert set(keys["SupplementaryGroups"][0].split()) == GROUPS
    allowed = {value.split()[0] for value in keys["DeviceAllow"]}
    assert allowed == {"char-gpiochip", "char-drm", "char-input", "char-ttyACM", "char-ttyUSB", "char-ttyAMA",
                       "char-alsa"}
    assert int(keys["StartLimitBurst"][0]) > 0 and int(keys["StartLimitIntervalSec"][0]) > 0
    assert not any("udev-settle" in value for value in keys["After"] + keys["Wants"])
    waits = " ".join(keys["After"] + keys["Wants"])
    assert "dev-gpiochip0.device" in waits and "dev-dri-card0.device" in waits
    rule = (root / "etc/udev/rules.d/60-companion.rules").read_text()
    assert 'KERNEL=="gpiochip*", GROUP="gpio"' in rule and rule.count('TAG+="systemd"') == 2


def test_the_bytecode_the_unit_runs_is_compiled_at_install(dry_run):
    """The app cannot write under /opt: without -O bytecode made by the installer, every
    start would compile the whole of Kivy and the app again (seconds on a Pi)."""
    _, said = dry_run
    [line] = [line for line in said.splitlines() if "compileall" in line]
    assert "/opt/companion/venv/bin/python -O " in line and "purelib" in line


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_rates_the_unit_exposure_under_5(dry_run):
    root, _ = dry_run
    result = subprocess.run(["systemd-analyze", "security", "--offline=true", str(root / UNIT)],
                            capture_output=True, text=True, timeout=120)
    level = re.search(r"Overall exposure level for companion\.service: ([0-9.]+)", result.stdout)
    assert level, result.stdout + result.stderr
    assert float(level.group(1)) < 5


def test_the_kivy_config_gives_the_kiosk_one_touchscreen_provider(dry_run):
    root, _ = dry_run
    config = root / "var/lib/companion/kivy/config.ini"
    assert config.read_text().strip() == (ROOT / "wiring" / "kivy-config.ini").read_text().strip()
    assert kiosk_input(config) == (KIOSK_PROVIDERS, "")
    parser = configparser.RawConfigParser()
    parser.read(config)
    assert "mouse" not in dict(parser.items("input"))


def test_the_user_gets_every_group_and_the_venv_sees_apts_lgpio(dry_run):
    _, out = dry_run
    commands = [line[2:] for line in out.splitlines() if line.startswith("+ ")]
    made = {c.split()[-1] for c in commands if c.startswith("groupadd --system ")}
    added = set()
    for command in commands:
        if command.startswith("usermod -aG "):
            assert command.endswith(" companion")
            added |= set(command.split()[2].split(","))
    if any(c.startswith("useradd ") for c in commands):  # a new user: every group, created if missing
        assert added == GROUPS
    assert made <= GROUPS
    assert "/usr/bin/python3 -m venv --system-site-packages /opt/companion/venv" in commands \
        or Path("/opt/companion/venv").exists()
    assert any(c.startswith("/opt/companion/venv/bin/pip install") and c.endswith("[pi]") for c in commands)
    assert "systemctl enable companion.service" in commands
    assert "systemctl set-default multi-user.target" in commands  # boot to the console


def test_a_second_run_changes_no_file(dry_run):
    root, _ = dry_run
    again = install("--dry-run", "--root", str(root))
    assert again.returncode == 0
    assert [line for line in again.stdout.splitlines() if line.startswith(">")] == []
    assert sum(line.endswith("unchanged") for line in again.stdout.splitlines()) == 3


@pytest.mark.parametrize("args, said", [(["--root", "/tmp/x"], "--root is for --dry-run"),
                                        (["--frobnicate"], "unknown argument")])
def test_bad_arguments_are_refused(args, said):
    result = install(*args)
    assert result.returncode == 2 and said in result.stderr
