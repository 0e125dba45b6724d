"""Choosing a backend, the doctor's checks, and `companion pads` in a terminal."""

from __future__ import annotations

import argparse
import json
import io
import subprocess
import sys
from pathlib import Path

import pytest

from companion.intake.errors import InputError
from hardware.board import pi_model
from hardware.choose import open_backend, resolve
from hardware.events import PadEvent, PadFault, TagRead
from hardware.monitor import describe, run
from companion.contracts.checks import Check
from hardware.probe import check_gpio_access, check_pad_map, check_serial_ports, hardware_checks
from hardware.serial_board import SerialBackend
from hardware.sim import SimBackend

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pi(tmp_path):
    path = tmp_path / "model"
    path.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\x00")
    return path


def test_auto_is_gpio_on_a_pi_and_sim_elsewhere(pi, tmp_path):
    assert pi_model(pi) == "Raspberry Pi 4 Model B Rev 1.5"
    assert resolve("auto", pi) == "gpio"
    other = tmp_path / "other"
    other.write_bytes(b"Pine64 Rock\x00")
    assert resolve("auto", other) == "sim"
    assert resolve("auto", tmp_path / "missing") == "sim"
    assert resolve("serial", pi) == "serial"


def test_open_backend_kinds(tmp_path):
    assert isinstance(open_backend("sim"), SimBackend)
    assert isinstance(open_backend("auto", model_path=tmp_path / "none"), SimBackend)
    assert isinstance(open_backend("serial", port="/dev/ttyACM7"), SerialBackend)
    with pytest.raises(InputError, match="unknown backend 'usb'"):
        open_backend("usb")


def test_a_bad_pad_map_is_refused_before_anything_opens(tmp_path):
    bad = tmp_path / "pads.toml"
    bad.write_text('[[pad]]\nnumber = 1\npin = 17\nlocation = "bank"\n')
    with pytest.raises(InputError, match="unknown location 'bank'"):
        open_backend("sim", pads=str(bad))


def test_probes_return_ok_what_fix(tmp_path, pi):
    not_pi = check_gpio_access(tmp_path / "none")
    assert isinstance(not_pi, Check) and not not_pi.ok and "--backend sim" in not_pi.fix
    no_chip = check_gpio_access(pi, dev=tmp_path)
    assert not no_chip.ok and "gpiochip" in no_chip.detail
    assert check_pad_map().ok
    broken = tmp_path / "pads.toml"
    broken.write_text("[[pad]]\nnumber = 1\n")
    bad_map = check_pad_map(str(broken))
    assert not bad_map.ok and "missing 'pin'" in bad_map.detail and bad_map.fix
    assert isinstance(check_serial_ports(), Check)
    assert all(isinstance(check, Check) and isinstance(check.ok, bool) for check in hardware_checks())


def test_monitor_prints_pads_then_stops_after_its_seconds():
    out = io.StringIO()
    args = argparse.Namespace(backend="sim", pads=None, port=None, seconds=0.2)
    assert run(args, out) == 0
    text = out.getvalue()
    assert text.startswith("sim: simulated pads 1, 2, 3, 4, 5, 6")
    assert "pad 3  GPIO22  Saloon 1 (saloon)" in text and "for 0.2 s" in text


def test_monitor_lines_for_each_event():
    def tile(pad):
        return {3: "Saloon 1"}[pad]
    press = describe(PadEvent(3, True, 1_431_200_000, "gpio"), tile, 1_000_000_000)
    assert press.split() == ["pad", "3", "Saloon", "1", "press", "431.200", "ms", "gpio"]
    fault = describe(PadFault(3, "Saloon 1", "stuck", True, 2_000_000_000, "Saloon 1: held down"), tile, 0)
    assert fault.startswith("FAULT pad 3 (stuck)") and fault.endswith("Saloon 1: held down")
    assert "tag 0A1B2C3D4E" in describe(TagRead(3, "0A1B2C3D4E", 0), tile, 0)


def test_companion_pads_command_runs_with_the_sim():
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--backend", "sim", "pads", "--seconds", "0.2"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert "simulated pads" in result.stdout and "Prison 1" in result.stdout


@pytest.mark.skipif(pi_model() is not None, reason="on a Pi the GPIO pads open")
def test_gpio_pads_off_a_pi_refuse_in_one_line_without_gpiozeros_warnings(tmp_path):
    """gpiozero warned once per pin factory it fell back from: four lines before ours."""
    result = subprocess.run(
        [sys.executable, "-m", "companion", "pads", "--backend", "gpio", "--seconds", "0.2"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LG_WD": str(tmp_path),
             "COMPANION_SETTINGS": str(tmp_path / "none.toml")})
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("companion: error: cannot open the pads' GPIO")


def test_keys_at_the_terminal_press_the_sim_pads_so_a_reader_of_three_lines_ends_the_monitor(tmp_path):
    """`companion pads --json | head -3` with the sim pads waited forever: nothing could press
    them. Keys 1-6 typed at the terminal do now, and once the reader has its lines and goes
    away the monitor ends (141), with the terminal put back as it was."""
    import os
    import termios

    master, slave = os.openpty()  # the maker's terminal, as standard input
    before = termios.tcgetattr(slave)
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "pads", "--json", "--backend", "sim"], cwd=ROOT,
        stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "COMPANION_SETTINGS": str(tmp_path / "none.toml")})
    try:
        assert json.loads(_line(process.stdout))["board"] == "ok"
        assert "keys 1-6 press the simulated pads" in _line(process.stderr)
        os.write(master, b"3")  # no Enter: one key is a tap
        press, release = (json.loads(_line(process.stdout)) for _ in range(2))
        assert (press["pad"], press["edge"], release["pad"], release["edge"]) == (3, "press", 3, "release")
        process.stdout.close()  # `head -3` has its three lines and goes away
        assert process.wait(timeout=30) == 141  # the timeout bounds a hang; how long it took is not asserted
        assert termios.tcgetattr(slave) == before
    finally:
        process.kill()
        os.close(master)
        os.close(slave)


def _line(stream, seconds: float = 20) -> str:
    """The next line of a child's output, or a failure after ``seconds`` (never a hang)."""
    import select

    assert select.select([stream], [], [], seconds)[0], "no line came"
    return stream.readline()
