"""wiring/install.sh in CI: a dry run into a scratch root writes the unit, the udev rules,
the Kivy config and the guide it would install, names every apt package the app needs on a
bare Raspberry Pi OS Lite image, and says the groups and user it would make; a second run
changes nothing. wiring/check-start.sh starts what a unit names as the unit would."""

from __future__ import annotations

import configparser
import grp
import os
import pwd
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.kiosk.kioskinput import KIOSK_PROVIDERS, kiosk_input

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "wiring" / "install.sh"
CHECK_START = ROOT / "wiring" / "check-start.sh"
GROUPS = {"gpio", "input", "render", "video", "audio", "dialout"}
UNIT = "etc/systemd/system/companion.service"
#: what the app loads at start that a bare Raspberry Pi OS Lite (or Debian) image lacks: the
#: venv; Kivy's libGL and Mesa's drivers; EGL, GLES, GBM and DRM for SDL on the console;
#: mtdev for the touchscreen (the issue: the app died on libGL.so.1 after an install that
#: installed none of them); the font CJK names are drawn with (ui/shell/fonts.py); espeak-ng, the voice
PACKAGES = {"python3-venv", "libgl1", "libegl1", "libgles2", "libgbm1", "libdrm2", "libgl1-mesa-dri", "libegl-mesa0",
            "libmtdev1", "fonts-wqy-microhei", "espeak-ng"}
STICKS = "/media/companion"


def _has_nobody() -> bool:
    try:
        pwd.getpwnam("nobody"), grp.getgrnam("nogroup")
    except KeyError:
        return False
    return True


def install(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=120,
                          env=None if env is None else {**os.environ, **env})


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
    [documentation] = keys["Documentation"]  # an installed file: the maker's guide
    assert documentation.startswith("file://") and (root / documentation.removeprefix("file:///")).is_file()


def test_the_dry_run_names_every_package_the_app_loads(dry_run):
    _, said = dry_run
    [line] = [line for line in said.splitlines() if line.startswith("apt packages: ")]
    named = set(line.removeprefix("apt packages: ").split())
    assert PACKAGES <= named, PACKAGES - named
    assert named & {"libasound2", "libasound2t64"}  # ALSA, for the sounds: Trixie renamed it


def test_a_usb_stick_is_mounted_where_the_sandboxed_app_may_write_and_offered_there(dry_run, monkeypatch):
    """ProtectSystem=strict makes every file system read-only to the app but those named in
    ReadWritePaths=: the stick's mount point lies under it, owned by the app's user."""
    root, _ = dry_run
    keys = unit_lines(root / UNIT)
    assert [path.lstrip("-") for path in keys["ReadWritePaths"]] == [STICKS]
    assert keys["ProtectSystem"] == ["strict"]
    rules = (root / "etc/udev/rules.d/61-companion-stick.rules").read_text()
    mounts = re.findall(r'ENV\{ID_FS_TYPE\}=="(\w+)".*systemd-mount --no-block --automount=no --collect '
                        r'--options=(\S+) \$devnode (\S+)"', rules)
    assert {fstype for fstype, _, _ in mounts} == {"vfat", "exfat"}
    for fstype, options, point in mounts:
        assert point == f"{STICKS}/USB-stick" and {"uid=companion", "gid=companion", "umask=0077"} <= set(
            options.split(","))
    from companion.kiosk import usbdrive  # the app offers a backup there, writable

    is_dir = Path.is_dir
    monkeypatch.setattr(Path, "is_dir", lambda path: str(path) == f"{STICKS}/USB-stick" or is_dir(path))
    [drive] = usbdrive.drives(f"/dev/sda1 {STICKS}/USB-stick vfat rw,nosuid,nodev,noexec,uid=997,gid=996 0 0\n",
                              writable=lambda _path: True)
    assert drive.label == "USB-stick" and not drive.read_only


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
    assert sum(line.endswith("unchanged") for line in again.stdout.splitlines()) == 4
    assert f"= /var/lib/companion/kivy/config.ini kept" in again.stdout  # Kivy and the maker edit it


def test_the_app_is_not_installed_again_from_the_same_sources(tmp_path):
    """The installer records the fingerprint of the sources it installed the app from: a
    rerun with the same sources reinstalls nothing (pip rewrote ~500 files every time)."""
    root = tmp_path / "root"
    first = install("--dry-run", "--root", str(root)).stdout
    [fingerprint] = re.findall(r"^app sources: ([0-9a-f]{16})$", first, re.M)
    assert re.search(r"^\+ /opt/companion/venv/bin/pip install --quiet --upgrade .*\[pi\]$", first, re.M)
    (root / "opt/companion/venv/bin").mkdir(parents=True)
    (root / "opt/companion/venv/bin/companion").touch(mode=0o755)
    (root / "opt/companion/installed-source").write_text(fingerprint + "\n")  # as a real run leaves it
    again = install("--dry-run", "--root", str(root)).stdout
    assert f"= the app unchanged (source {fingerprint}): not reinstalled" in again
    assert "pip install" not in again and "compileall" not in again


@pytest.mark.parametrize("args, said", [(["--root", "/tmp/x"], "--root is for --dry-run"),
                                        (["--frobnicate"], "unknown argument"),
                                        (["--backend", "pico"], "--backend 'pico': expected gpio, serial or sim"),
                                        (["--backend"], "--backend needs a value"),
                                        (["--port", "/dev/ttyACM0"], "give --backend serial with it"),
                                        (["--backend", "serial", "--port"], "--port needs a value"),
                                        (["--backend", "serial", "--port", '/dev/tty"x'], "expected a device")])
def test_bad_arguments_are_refused_in_one_line_and_change_nothing(args, said, tmp_path):
    root = tmp_path / "root"
    result = install("--dry-run", "--root", str(root), *args) if "--root" not in args else install(*args)
    assert result.returncode == 2 and said in result.stderr and result.stdout == ""
    assert result.stderr.startswith("install.sh: ")
    assert not root.exists() or not any(root.iterdir())


SETTINGS = "etc/companion/companion.toml"


def test_the_kiosks_settings_are_written_once_and_the_units_command_reads_them(tmp_path, monkeypatch):
    """`install.sh --backend serial --port DEVICE` writes the settings file; a rerun keeps it,
    whatever it is given; the unit's command names no backend, so the app takes the file's."""
    from companion.cli import app_arguments
    from hardware.padmap import load_padmap

    root = tmp_path / "root"
    first = install("--dry-run", "--root", str(root), "--backend", "serial", "--port", "/dev/ttyACM0")
    assert first.returncode == 0, first.stderr
    assert f"> /{SETTINGS}" in first.stdout.splitlines()
    written = (root / SETTINGS).read_text()
    assert 'backend = "serial"\nport = "/dev/ttyACM0"\n' in written
    (root / SETTINGS).write_text(written.replace('name = "Saloon 2"', 'name = "Saloon 2"\nrfid = "/dev/ttyUSB0"'))
    edited = (root / SETTINGS).read_text()
    again = install("--dry-run", "--root", str(root), "--backend", "gpio")
    assert again.returncode == 0 and (root / SETTINGS).read_text() == edited  # the maker's, never over
    assert f"= /{SETTINGS} kept" in again.stdout and "not written over it" in again.stdout
    [command] = unit_lines(root / UNIT)["ExecStart"]
    program, *argv = command.split()
    assert program == "/opt/companion/venv/bin/companion" and "--backend" not in argv
    monkeypatch.setenv("COMPANION_SETTINGS", str(root / SETTINGS))
    args = app_arguments(argv)
    assert (args.backend, args.port) == ("serial", "/dev/ttyACM0")
    assert load_padmap(args.pads)[6].rfid == "/dev/ttyUSB0"


def test_without_a_backend_the_settings_say_auto_as_the_unit_did(dry_run):
    root, _ = dry_run
    from companion.kiosk.settings import load_settings

    settings = load_settings(root / SETTINGS)
    assert (settings.backend, settings.port) == ("auto", None) and settings.pads == str(root / SETTINGS)


def udev_matches(line: str, env: dict[str, str]) -> bool:
    """Does a rule line's every ENV{KEY}=="v" / !="v" hold for a device with ``env``?
    (ACTION, SUBSYSTEM and SUBSYSTEMS are taken as matched: a USB partition being added.)"""
    for key, op, value in re.findall(r'ENV\{(\w+)\}(==|!=)"([^"]*)"', line):
        if (env.get(key, "") == value) != (op == "=="):
            return False
    return True


def test_the_stick_rule_leaves_out_the_usb_disk_the_pi_boots_from(tmp_path):
    """A Pi booting from a USB SSD: its FAT boot partition is a USB filesystem like a stick's,
    and was mounted at the stick's place. The disk holding / and /boot/firmware is left out."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "findmnt").write_text('#!/bin/sh\n[ "$5" = / ] && echo /dev/sda2 || echo /dev/sda1\n')
    (bin_dir / "lsblk").write_text('#!/bin/sh\ncase "$4 $5" in "PKNAME /dev/sda"?) echo sda ;; '
                                   '"PTUUID /dev/sda") echo 5e3da3da ;; esac\n')
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    root = tmp_path / "root"
    result = install("--dry-run", "--root", str(root), env={"PATH": f"{bin_dir}:{os.environ['PATH']}"})
    assert result.returncode == 0, result.stderr
    rules = [line for line in (root / "etc/udev/rules.d/61-companion-stick.rules").read_text().splitlines()
             if "systemd-mount" in line]
    assert len(rules) == 2
    boot = {"ID_FS_USAGE": "filesystem", "ID_FS_TYPE": "vfat", "ID_PART_TABLE_UUID": "5e3da3da"}
    stick = {"ID_FS_USAGE": "filesystem", "ID_FS_TYPE": "vfat", "ID_PART_TABLE_UUID": "0badcafe"}
    assert not any(udev_matches(rule, boot) for rule in rules)
    assert [udev_matches(rule, stick) for rule in rules] == [True, False]  # the vfat line mounts it
    assert udev_matches(rules[1], {**stick, "ID_FS_TYPE": "exfat"})


def fake_unit(folder: Path, app_body: str) -> Path:
    """A unit like companion.service whose ExecStart is a small script, run as nobody."""
    folder.chmod(0o777)  # the unit's user writes what it saw here
    app = folder / "app.sh"
    app.write_text("#!/bin/sh\n" + app_body)
    app.chmod(0o755)
    unit = folder / "companion.service"
    unit.write_text(f"[Service]\nUser=nobody\nGroup=nogroup\nExecStart={app} --fullscreen --backend auto\n"
                    f"WorkingDirectory={folder}\nEnvironment=XDG_DATA_HOME={folder}\n"
                    "Environment=SDL_VIDEODRIVER=kmsdrm\n")
    return unit


@pytest.fixture
def world_folder():
    """A folder the unit's user (nobody) may enter: pytest's own are root's alone."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="check-start-"))
    yield folder
    shutil.rmtree(folder)


AS_ROOT = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None or not _has_nobody(),
                             reason="check-start.sh starts the app as the unit's user: root, setpriv and nobody")


@AS_ROOT
def test_check_start_runs_the_units_command_as_its_user_with_its_environment_offscreen(world_folder):
    unit = fake_unit(world_folder, 'id -un > seen; pwd >> seen; env >> seen\n'
                                   'echo "[INFO   ] [Base        ] Start application main loop" >&2\n'
                                   'echo $$ > pid; exec sleep 600\n')
    result = subprocess.run(["bash", str(CHECK_START), "--unit", str(unit), "--seconds", "60"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^main loop reached after \d+ s, RSS \d+ MB \(pid \d+, ", result.stdout, re.M)
    seen = (world_folder / "seen").read_text().splitlines()
    assert seen[:2] == ["nobody", str(world_folder)]
    assert f"XDG_DATA_HOME={world_folder}" in seen and "SDL_VIDEODRIVER=offscreen" in seen  # the screen stood in for
    assert not Path(f"/proc/{(world_folder / 'pid').read_text().strip()}").exists()  # stopped after


@AS_ROOT
def test_check_start_says_when_the_app_dies_before_its_main_loop(world_folder):
    unit = fake_unit(world_folder, 'echo "ImportError: libGL.so.1: cannot open shared object file" >&2; exit 3\n')
    result = subprocess.run(["bash", str(CHECK_START), "--unit", str(unit), "--seconds", "60"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "the app ended with status 3 before its main loop" in result.stderr and "libGL.so.1" in result.stderr


@pytest.mark.parametrize("args, said", [(["--seconds", "soon"], "--seconds needs a whole number"),
                                        (["--frobnicate"], "unknown argument")])
def test_check_start_refuses_bad_arguments(args, said):
    result = subprocess.run(["bash", str(CHECK_START), *args], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and said in result.stderr
