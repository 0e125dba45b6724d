"""The wiring diagram is drawn from the pad map the app reads, by a script in the repo:
the committed SVG and the README's pin table are what the pad map says."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from hardware.header import pad_wiring
from hardware.padmap import load_padmap

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "wiring" / "make_diagram.py"
SVG = "{http://www.w3.org/2000/svg}"


def draw(out: Path, *pads: str) -> subprocess.CompletedProcess:
    args = ["--pads", pads[0]] if pads else []
    return subprocess.run([sys.executable, str(SCRIPT), *args, "--out", str(out)], capture_output=True, text=True,
                          timeout=60)


def pad_boxes(svg: Path) -> dict[str, list[str]]:
    """Each pad's box: its id -> its lines of text."""
    root = ET.parse(svg).getroot()
    return {g.get("id"): [t.text for t in g.iter(f"{SVG}text")] for g in root.iter(f"{SVG}g")}


def test_the_diagram_names_each_pads_gpio_header_pin_and_ground_pin(tmp_path):
    out = tmp_path / "pads.svg"
    assert draw(out).returncode == 0
    boxes = pad_boxes(out)
    assert boxes["pad1"] == ["Pad 1: Prison 1", "GPIO17 = pin 11", "GND = pin 9"]
    assert boxes["pad6"] == ["Pad 6: Saloon 2", "GPIO25 = pin 22", "GND = pin 25"]
    assert len(boxes) == 6
    assert out.read_text() == (ROOT / "wiring" / "pads.svg").read_text(), \
        "wiring/pads.svg is out of date: run python wiring/make_diagram.py"


def test_a_moved_pad_moves_in_the_diagram(tmp_path):
    pads = tmp_path / "pads.toml"
    pads.write_text('[[pad]]\nnumber = 1\npin = "BOARD29"\nlocation = "tipi"\nname = "Far tipi"\n')
    out = tmp_path / "mine.svg"
    assert draw(out, str(pads)).returncode == 0
    assert pad_boxes(out) == {"pad1": ["Pad 1: Far tipi", "GPIO5 = pin 29", "GND = pin 30"]}


def test_a_bad_pad_map_is_one_line_not_a_traceback(tmp_path):
    pads = tmp_path / "pads.toml"
    pads.write_text('[[pad]]\nnumber = 1\npin = "GND"\nlocation = "tipi"\n')
    result = draw(tmp_path / "x.svg", str(pads))
    assert result.returncode == 2 and "not a GPIO" in result.stderr and "Traceback" not in result.stderr


def test_the_readme_pin_table_is_the_pad_maps():
    readme = (ROOT / "wiring" / "README.md").read_text()
    rows = re.findall(r"^\| (\d) +\| ([^|]+?) +\| (GPIO\d+) +\| (\d+) +\| (\d+) +\|$", readme, re.M)
    expected = [(str(w.pad), w.name, w.gpio, str(w.pin), str(w.ground)) for w in pad_wiring(load_padmap())]
    assert rows == expected
    assert "![" in readme and "(pads.svg)" in readme
