"""The maker's guide (wiring/README.md) says what the shipped firmware and installer do: the
pad board's pins are the firmware's, no board is named that has no firmware here, no line is
promised that the firmware never sends, and the stick's mount point is the installer's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "wiring" / "README.md").read_text()
FIRMWARE = (ROOT / "wiring" / "firmware" / "main.py").read_text()
#: the Raspberry Pi Pico's header: GPn -> its pin number (Pico datasheet, pinout)
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10}
PICO_GROUND = {3, 8, 13, 18, 23, 28, 33, 38}


def firmware_pads() -> dict[int, int]:
    """The firmware's ``PADS = {pad: GP pin}``, read from its source (MicroPython: not importable here)."""
    [assign] = [node for node in ast.parse(FIRMWARE).body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PADS"]
    return {key.value: value.value for key, value in zip(assign.value.keys, assign.value.values)}


def test_the_guides_pico_pins_are_the_firmwares():
    rows = re.findall(r"^\| (\d) \| GP(\d+) \| (\d+) \| (\d+) \|$", GUIDE, re.M)
    assert [(int(pad), int(gp)) for pad, gp, _, _ in rows] == sorted(firmware_pads().items())
    for _, gp, pin, ground in rows:
        assert PICO_PIN[int(gp)] == int(pin) and int(ground) in PICO_GROUND


def test_no_line_is_promised_that_the_firmware_never_sends():
    sent = set(re.findall(r'"([A-Z])(?: %|")', FIRMWARE))  # "P"/"R" for an edge, "H %d", "V %s", "O %d"
    assert sent == {"P", "R", "H", "V", "O"}
    assert "is never sent" in FIRMWARE  # its docstring says so of T
    [row] = [line for line in GUIDE.splitlines() if line.startswith("| `T <pad> <tagid>`")]
    assert "never sends it" in row


def test_the_guide_names_only_boards_it_has_firmware_for():
    assert "arduino" not in GUIDE.lower()
    assert "MicroPython's UF2" in GUIDE and "BOOTSEL" in GUIDE and "RPI-RP2" in GUIDE


def test_the_guides_stick_and_start_check_are_the_installers():
    install = (ROOT / "wiring" / "install.sh").read_text()
    [sticks] = re.findall(r"^STICKS=(\S+)$", install, re.M)
    [stick] = re.findall(r"^STICK=\$STICKS/(\S+)$", install, re.M)
    assert f"`{sticks}/{stick}`" in GUIDE and "sudo wiring/check-start.sh" in GUIDE
    assert (ROOT / "wiring" / "check-start.sh").is_file()


def test_the_mpremote_step_uses_a_venv_not_bookworms_system_pip():
    """`pip install mpremote` on Bookworm: "externally-managed-environment"."""
    install = (ROOT / "wiring" / "install.sh").read_text()
    [venv] = re.findall(r"^VENV=\$PREFIX/(\S+)$", install, re.M)
    [prefix] = re.findall(r"^PREFIX=(\S+)$", install, re.M)
    step = GUIDE[GUIDE.index("4. Copy the firmware"):GUIDE.index("5. Unplug")]
    pips = re.findall(r"(\S*pip) install", step)
    assert pips and all(pip.endswith("/bin/pip") for pip in pips), pips
    assert f"sudo {prefix}/{venv}/bin/pip install mpremote" in step
    assert f"sudo {prefix}/{venv}/bin/mpremote connect /dev/ttyACM0 cp wiring/firmware/main.py :main.py" in step


def test_the_guide_states_the_settings_files_place_format_and_every_key(tmp_path):
    from companion.kiosk.settings import KEYS, SETTINGS_PATH, load_settings

    install = (ROOT / "wiring" / "install.sh").read_text()
    assert re.search(rf"^SETTINGS={SETTINGS_PATH}$", install, re.M) and f"`{SETTINGS_PATH}`" in GUIDE
    section = GUIDE[GUIDE.index("### The kiosk's settings"):]
    for key in KEYS:
        assert f"| `{key}` |" in section
    assert "| `[[pad]]` |" in section
    [example] = re.findall(r"```toml\n(.*?)```", section, re.S)[:1]
    (tmp_path / "companion.toml").write_text(example)
    settings = load_settings(tmp_path / "companion.toml")
    assert (settings.backend, settings.port) == ("serial", "/dev/ttyACM0") and settings.pads
    readme = (ROOT / "README.md").read_text()
    assert f"`{SETTINGS_PATH}`" in readme and "DESIGN" not in readme + GUIDE and "shared/" not in readme + GUIDE


def test_the_guide_turns_both_official_displays_and_powers_six_readers():
    rows = {row.split("|")[1].strip(): row for row in GUIDE.splitlines() if row.startswith("| Raspberry Pi Touch")}
    assert "`0`, or `180`" in rows['Raspberry Pi Touch Display (7", 800x480, FT5406)']
    assert "`90` or `270`" in rows['Raspberry Pi Touch Display 2 (7", 720x1280, Goodix)']
    assert '.187" (4.8 mm)' in GUIDE and '.250" (6.3 mm)' in GUIDE  # the microswitches' spade tabs
    power = GUIDE[GUIDE.index("**Powering six readers.**"):GUIDE.index("**Six readers on a Pi 4.**")]
    assert "two 5 V pins (2 and 4)" in power and "distribution strips" in power and "50 mA" in power
