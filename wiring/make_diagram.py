"""Draw the pads' wiring diagram (SVG) from the pad map the app reads.

    python wiring/make_diagram.py                    the built-in map -> wiring/pads.svg
    python wiring/make_diagram.py --pads my.toml --out my-pads.svg

Each pad is a box naming its tile, its GPIO and header pin and the ground pin it shares,
with a solid line to the GPIO pin and a dashed one to the ground pin on a drawing of the
40-pin header (pin 1 top left, seen from above, the board's USB ports at the bottom).
Every wire is named in words beside it, not by its colour alone. The tests run this and
check the committed wiring/pads.svg is what it draws.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from hardware.header import PadWiring, header, pad_wiring  # noqa: E402
from hardware.padmap import load_padmap  # noqa: E402

WIDTH, TOP, ROW = 980, 70, 24
PIN_X = {1: 470, 2: 510}
BOX_W, BOX_H, BOX_GAP = 250, 62, 8
WIRE = ("#c0392b", "#2e6fd0", "#27884a", "#b8860b", "#8046b8", "#d35400")
PIN_FILL = {"GND": "#222222", "3V3": "#e67e22", "5V": "#c0392b"}


def pin_y(row: int) -> int:
    return TOP + (row - 1) * ROW


def draw(wiring: list[PadWiring], source: str) -> str:
    pins = header()
    height = pin_y(20) + 70
    used = {w.pin for w in wiring} | {w.ground for w in wiring}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="13">',
           f'<rect width="{WIDTH}" height="{height}" fill="#fdf6e3"/>',
           f'<text x="{WIDTH // 2}" y="26" text-anchor="middle" font-size="18" font-weight="bold">'
           f'Rapid City pads on the Raspberry Pi 40-pin header (J8)</text>',
           f'<text x="{WIDTH // 2}" y="46" text-anchor="middle">pad map: {escape(source)} - pin 1 top left, '
           'seen from above; each button between its GPIO and a ground pin, no resistors</text>',
           f'<rect x="{PIN_X[1] - 22}" y="{pin_y(1) - 16}" width="{PIN_X[2] - PIN_X[1] + 44}" '
           f'height="{pin_y(20) - pin_y(1) + 32}" rx="6" fill="#1d5e3a"/>']
    boxes: list[str] = []
    wires: list[str] = []
    for side in (1, 2):
        y = TOP - 10
        for lane, w in enumerate(w for w in wiring if pins[w.pin].col == side):
            y = max(y, pin_y(pins[w.pin].row) - BOX_H // 2)
            box, lines = _pad_box(w, side, y, pins, lane)
            boxes += box
            wires += lines
            y += BOX_H + BOX_GAP
    out += wires  # under the pins and their names, which keep a halo to stay readable
    for pin in pins.values():
        x, y = PIN_X[pin.col], pin_y(pin.row)
        fill = PIN_FILL.get(pin.name, "#d4af37")
        ring = ' stroke="#000" stroke-width="3"' if pin.number in used else ""
        out.append(f'<circle cx="{x}" cy="{y}" r="8" fill="{fill}"{ring}/>')
        label_x, anchor = (x - 30, "end") if pin.col == 1 else (x + 30, "start")
        weight = ' font-weight="bold"' if pin.number in used else ""
        label = f'x="{label_x}" y="{y + 4}" text-anchor="{anchor}"{weight}'
        out.append(f'<text {label} fill="none" stroke="#fdf6e3" stroke-width="5">{pin.name} ({pin.number})</text>')
        out.append(f'<text {label}>{pin.name} ({pin.number})</text>')
    out += boxes
    out.append(f'<text x="{WIDTH // 2}" y="{height - 20}" text-anchor="middle">solid line: the pad\'s GPIO; '
               'dashed line: its ground; the app uses the internal pull-up (pressed = low)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _pad_box(w: PadWiring, side: int, y: int, pins, lane: int) -> tuple[list[str], list[str]]:
    """The pad's box, and its two wires (drawn under the header's labels), turning in
    their own ``lane`` so no two wires share a vertical run."""
    colour = WIRE[(w.pad - 1) % len(WIRE)]
    x = 20 if side == 1 else WIDTH - 20 - BOX_W
    edge = x + BOX_W if side == 1 else x
    reach = (20 + 16 * lane) * (1 if side == 1 else -1)
    box = [
        f'<g id="pad{w.pad}">',
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#fff" stroke="{colour}" '
        'stroke-width="2"/>',
        f'<text x="{x + 10}" y="{y + 18}" font-weight="bold">Pad {w.pad}: {escape(w.name)}</text>',
        f'<text x="{x + 10}" y="{y + 36}">{w.gpio} = pin {w.pin}</text>',
        f'<text x="{x + 10}" y="{y + 54}">GND = pin {w.ground}</text>',
        "</g>",
    ]
    wires = []
    for at, pin, style in ((32, pins[w.pin], 'stroke-width="2.5"'),
                           (50, pins[w.ground], 'stroke-width="1.5" stroke-dasharray="6 4"')):
        wires.append(f'<polyline points="{edge},{y + at} {edge + reach},{y + at} {edge + reach},{pin_y(pin.row)} '
                     f'{PIN_X[pin.col]},{pin_y(pin.row)}" fill="none" stroke="{colour}" {style}/>')
    return box, wires


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the pads' wiring diagram (SVG) from a pad map.")
    parser.add_argument("--pads", metavar="PADS_TOML", help="pad map (default: the app's built-in one)")
    parser.add_argument("--out", default=str(Path(__file__).with_name("pads.svg")), help="where to write the SVG")
    args = parser.parse_args(argv)
    from companion.intake.errors import InputError

    try:
        pads = load_padmap(args.pads)
    except InputError as exc:
        print(f"make_diagram: {exc}", file=sys.stderr)
        return 2
    Path(args.out).write_text(draw(pad_wiring(pads), pads.source), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
