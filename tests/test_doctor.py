"""`companion doctor`: it says "Not ready" and exits non-zero when the table cannot play,
names each problem with a fix that can be pasted, and speaks JSON for scripts."""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from companion.intake.errors import InputError
from hardware import probe
from hardware.gpio import GpioBackend
from hardware.padmap import load_padmap
from tests.hardware.board_emulator import BoardEmulator, ManualClock

ROOT = Path(__file__).resolve().parents[1]
USER = pwd.getpwuid(os.geteuid()).pw_name


def companion(*args: str, env: dict[str, str | None] | None = None) -> subprocess.CompletedProcess:
    """`python -m companion ARGS` with ``env`` changed (None removes a variable)."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    full = {key: value for key, value in full.items() if value is not None}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env=full, timeout=120, cwd=ROOT)


NO_SCREEN = {"SDL_VIDEODRIVER": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""}
KIOSK = {"SDL_VIDEODRIVER": "kmsdrm"}
OFFSCREEN = {"SDL_VIDEODRIVER": "offscreen"}


def test_doctor_json_on_this_machine_names_the_display_and_gpio_with_fixes(tmp_path):
    if Path("/proc/device-tree/model").exists() or Path("/dev/dri").exists():
        pytest.skip("this machine has a display or GPIO: the problems below are not there to find")
    result = companion("--db", str(tmp_path / "c.db"), "doctor", "--json", "--backend", "gpio", env=NO_SCREEN)
    assert result.returncode == 1, result.stdout + result.stderr
    checks = json.loads(result.stdout)
    assert all(set(check) == {"name", "ok", "detail", "fix"} for check in checks)
    failed = {check["name"]: check for check in checks if not check["ok"]}
    assert {"Display", "GPIO"} <= set(failed)
    assert "no display device" in failed["Display"]["detail"]
    assert "not a Raspberry Pi" in failed["GPIO"]["detail"]
    for check in failed.values():
        assert check["fix"] and "$USER" not in check["fix"]
    text = companion("--db", str(tmp_path / "c.db"), "doctor", env=NO_SCREEN)
    assert text.returncode == 1 and "Ready to play" not in text.stdout and "Not ready" in text.stdout


def test_doctor_is_green_on_a_developers_machine_with_the_simulated_pads(tmp_path):
    """Off a Pi, --backend auto means the simulated pads, which need no GPIO and no group;
    a window drawn into memory needs no display device (root needs no group at all)."""
    for backend in ("auto", "sim"):
        if backend == "auto" and Path("/proc/device-tree/model").exists():
            continue
        result = companion("--db", str(tmp_path / "c.db"), "doctor", "--backend", backend, env=OFFSCREEN)
        assert result.returncode == 0 and result.stdout.rstrip().endswith("Ready to play."), result.stdout
        assert "ok  GPIO         not used: the pads are simulated" in result.stdout


def test_the_groups_wanted_are_those_of_the_pads_and_the_screen_in_use(tmp_path):
    rfid = tmp_path / "pads.toml"
    rfid.write_text('[[pad]]\nnumber = 1\npin = "GPIO17"\nlocation = "prison"\nrfid = "/dev/ttyAMA2"\n')
    assert probe.groups_needed("gpio", None, KIOSK) == ("gpio", "input", "render", "video", "audio")
    assert probe.groups_needed("gpio", None, {}) == ("gpio", "input", "render", "video", "audio")  # no desktop
    assert probe.groups_needed("sim", None, OFFSCREEN) == ()
    assert probe.groups_needed("sim", None, {"DISPLAY": ":0"}) == ()  # a desktop gives its seat's devices
    assert probe.groups_needed("serial", None, OFFSCREEN) == ("dialout",)
    assert probe.groups_needed("gpio", str(rfid), OFFSCREEN) == ("gpio", "dialout")


def test_root_and_a_user_who_needs_no_group_pass_the_groups_check():
    root = probe.check_user_groups("gpio", None, KIOSK, euid=0)
    assert root.ok and root.status == "ok" and "root opens every device" in root.detail
    nothing = probe.check_user_groups("sim", None, OFFSCREEN, euid=1000)
    assert nothing.status == "ok" and "needs no group" in nothing.detail


def test_groups_fix_names_the_user_and_creates_missing_groups(monkeypatch):
    check = probe.check_groups(("video", "no-such-group-here"))
    assert not check.ok and "no-such-group-here" in check.detail and "does not exist" in check.detail
    assert "sudo groupadd --system no-such-group-here" in check.fix and f" {USER}" in check.fix


def test_lgpio_setup_problems_are_named_with_the_fix(tmp_path, monkeypatch):
    what, fix = probe.lgpio_setup_problem({"LG_WD": str(tmp_path / "gone")})
    assert "does not exist" in what and "LG_WD" in what and "install -d" in fix
    real_access = os.access
    monkeypatch.setattr(probe.os, "access", lambda p, m: False if str(p) == "/" else real_access(p, m))
    what, fix = probe.lgpio_setup_problem({}, cwd="/")
    assert "working directory /" in what and "LG_WD" in fix
    assert probe.lgpio_setup_problem({"LG_WD": str(tmp_path)}) is None


@pytest.mark.parametrize("last_line, said", [
    ("ModuleNotFoundError: No module named 'lgpio'", "not installed"),
    ("ImportError: No module named '_lgpio'", "another Python"),
    ("FileNotFoundError: [Errno 2] No such file or directory: '.lgd-nfy-3'", "notification pipe"),
])
def test_each_way_lgpio_fails_to_import_is_explained(last_line, said):
    what, fix = probe.explain_lgpio_failure(f"Traceback (most recent call last):\n  ...\n{last_line}\n")
    assert said in what and fix


def test_an_lgpio_that_raises_at_import_is_a_check_not_a_traceback(tmp_path, monkeypatch):
    (tmp_path / "lgpio.py").write_text(
        "raise FileNotFoundError(\"[Errno 2] No such file or directory: '.lgd-nfy-3'\")\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    check = probe.check_lgpio()
    assert not check.ok and ".lgd-nfy-3" in check.detail and "LG_WD" in check.fix


def test_gpio_pads_with_a_missing_lg_wd_refuse_with_the_fix(monkeypatch, tmp_path):
    monkeypatch.setenv("LG_WD", str(tmp_path / "gone"))
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    backend = GpioBackend(load_padmap(), tick_s=None)
    with pytest.raises(InputError, match="LG_WD=.* does not exist.*Fix: sudo install -d"):
        backend.start()
    assert not backend.status().ok and "LG_WD" in backend.status().detail
    result = companion("--backend", "gpio", "pads", "--seconds", "0.1",
                       env={"LG_WD": str(tmp_path / "gone"), "GPIOZERO_PIN_FACTORY": None})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "does not exist" in result.stderr


class Stepping(ManualClock):
    """A host clock a second on at each reading: a board that sends nothing is silent after a
    few readings of its health (2.5 s at the firmware's 1 s beat), however slow the machine;
    a beating board is judged on :class:`ManualClock`, still, so it is never late."""

    def __call__(self) -> int:
        return self.advance(1.0)


def test_a_silent_pad_board_fails_the_doctor():
    with BoardEmulator(period_s=0.1) as board:
        assert probe.check_pad_board(board.path, None, wait_s=2, ticks=ManualClock()).ok
        board.silence()
        check = probe.check_pad_board(board.path, None, wait_s=2, ticks=Stepping())
    assert not check.ok and check.detail.startswith("silent") and "firmware" in check.fix


def test_trying_lgpio_leaves_no_fifo_in_the_folder_doctor_runs_from(tmp_path, monkeypatch):
    fake = tmp_path / "lib"
    fake.mkdir()
    (fake / "lgpio.py").write_text(  # like lgpio: a notification FIFO in $LG_WD or here, at import
        "import os\nopen(os.path.join(os.environ.get('LG_WD', '.'), '.lgd-nfy0'), 'w').close()\n"
        "LGPIO_PY_VERSION = 0x00020200\n")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.setenv("PYTHONPATH", str(fake))
    monkeypatch.delenv("LG_WD", raising=False)
    monkeypatch.chdir(here)
    check = probe.check_lgpio()
    assert check.ok and "0x20200" in check.detail
    assert list(here.iterdir()) == []


def test_a_fifo_left_by_another_user_is_named(tmp_path, monkeypatch):
    (tmp_path / ".lgd-nfy0").touch()
    real_geteuid = os.geteuid
    monkeypatch.setattr(probe.os, "geteuid", lambda: real_geteuid() + 1)  # as if someone else made it
    what, fix = probe.lgpio_setup_problem({"LG_WD": str(tmp_path)})
    assert ".lgd-nfy0, left by another user" in what and f"sudo rm {tmp_path / '.lgd-nfy0'}" in fix


def rfid_map(tmp_path: Path, port: str) -> str:
    path = tmp_path / "pads.toml"
    path.write_text(f'[[pad]]\nnumber = 2\npin = "GPIO27"\nlocation = "tipi"\nrfid = "{port}"\n')
    return str(path)


def test_a_configured_rfid_port_that_is_not_there_fails_the_doctor(tmp_path):
    pads = rfid_map(tmp_path, str(tmp_path / "ttyAMA9"))
    [check] = probe.check_rfid_readers(pads)
    assert check.name == "RFID pad 2" and not check.ok and "does not exist" in check.detail
    assert "rfid =" in check.fix and "\n" not in check.fix
    # and the whole doctor says so, whatever the pads (the sim here)
    result = companion("--db", str(tmp_path / "c.db"), "doctor", "--backend", "sim", "--pads", pads, env=OFFSCREEN)
    assert result.returncode == 1 and "Ready to play" not in result.stdout and "FAIL  RFID pad 2" in result.stdout


def test_an_rfid_port_that_opens_passes_and_one_the_services_user_may_not_open_fails(tmp_path):
    master, slave = os.openpty()  # a tty, as a reader's UART is
    try:
        port = os.ttyname(slave)
        os.chmod(port, 0o600)  # its owner's alone
        [mine] = probe.check_rfid_readers(rfid_map(tmp_path, port), user=USER)
        assert mine.ok and "opens at 9600 baud" in mine.detail
        if USER != "nobody" and _nobody():
            [theirs] = probe.check_rfid_readers(rfid_map(tmp_path, port), user="nobody")
            assert not theirs.ok and "nobody may not open it" in theirs.detail and "nobody" in theirs.fix
    finally:
        os.close(master)
        os.close(slave)


def _nobody() -> bool:
    try:
        pwd.getpwnam("nobody")
    except KeyError:
        return False
    return True


def test_no_rfid_reader_no_rfid_check():
    assert probe.check_rfid_readers(None) == []


def test_the_pad_board_check_names_its_firmware_version():
    with BoardEmulator(period_s=0.1) as board:
        check = probe.check_pad_board(board.path, None, wait_s=2, version_s=2, ticks=ManualClock())
    assert check.status == "ok" and "firmware 1.1" in check.detail
    with BoardEmulator(period_s=0.1, version="0.9") as board:
        old = probe.check_pad_board(board.path, None, wait_s=2, version_s=2, ticks=ManualClock())
    assert old.status == "warn" and "firmware 0.9, this app's is 1.1" in old.detail and "main.py" in old.fix


def test_a_silent_pad_board_fails_with_a_one_line_fix():
    with BoardEmulator(period_s=0.1) as board:
        board.silence()
        check = probe.check_pad_board(board.path, None, wait_s=2, version_s=0, ticks=Stepping())
    assert not check.ok and check.detail.startswith("silent") and "\n" not in check.fix


def test_the_hosts_firmware_version_is_the_shipped_firmwares():
    from hardware.serial_board import FIRMWARE_VERSION

    firmware = (ROOT / "wiring" / "firmware" / "main.py").read_text()
    assert f'VERSION = "{FIRMWARE_VERSION}"' in firmware
