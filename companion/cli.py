"""The `companion` command: start the app, or run one of the verbs in DESIGN.md.

Each game adds its own verbs through ``register(commands)`` in its ``cli`` module, so
the rules of a game and the words that reach them live side by side. Those modules
import their heavy parts inside the handlers: `companion odds ...` must not pay for
loading Kivy or another game's tables.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from typing import Sequence

from companion import __version__
from companion.engine import RuleError
from companion.errors import InputError

BACKENDS = ("auto", "gpio", "serial", "sim")
GAME_CLI_MODULES = ("companion.spurs.cli", "companion.bountytown.cli", "companion.rapidcity.cli")


@dataclass(frozen=True)
class Commands:
    """Where a game hangs its verbs: ``top`` for `companion VERB`, ``odds`` for
    `companion odds VERB`. Each verb sets ``func(args) -> int`` as its default."""

    top: argparse._SubParsersAction
    odds: argparse._SubParsersAction


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """Every `odds` and `hand` verb takes `--json` (DESIGN.md contract)."""
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def add_hardware_options(parser: argparse.ArgumentParser, *, suppress: bool = False) -> None:
    """--backend/--pads/--port, before the verb or (for `pads`) after it; after it they are
    SUPPRESSed when absent so the values given before the verb still count."""
    default = argparse.SUPPRESS if suppress else None
    parser.add_argument("--backend", choices=BACKENDS, default=argparse.SUPPRESS if suppress else "auto",
                        help="where Rapid City pad presses come from (auto: gpio on a Pi, else sim)")
    parser.add_argument("--pads", metavar="PADS_TOML", default=default,
                        help="pad map for the gpio backend (default: the built-in map)")
    parser.add_argument("--port", metavar="DEVICE", default=default,
                        help="serial port of the pad board (default: first USB serial port)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Old West table companion: Spurs, Bountytown and Rapid City. "
        "With no verb, starts the touchscreen app.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    add_hardware_options(parser)
    parser.add_argument("--db", metavar="PATH", help="game database (default: $XDG_DATA_HOME/companion/companion.db)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi's touchscreen)")
    parser.set_defaults(func=_run_app)

    top = parser.add_subparsers(title="verbs", metavar="VERB")
    doctor = top.add_parser("doctor", help="check display, GPIO, serial ports and database; say what to fix")
    doctor.add_argument("--json", action="store_true",
                        help="print the checks as a JSON list of {name, ok, detail, fix}")
    doctor.set_defaults(func=_run_doctor)
    pads = top.add_parser("pads", help="live pad monitor in the terminal (which pad, edge, time)")
    add_hardware_options(pads, suppress=True)
    pads.add_argument("--seconds", type=float, default=None, help="stop after this long (default: until Ctrl-C)")
    pads.add_argument("--json", action="store_true",
                      help='one JSON object per line: {"pad", "edge", "t_ms"} and {"board", "detail"}')
    pads.set_defaults(func=_run_pads)
    odds = top.add_parser("odds", help="exact odds: odds shoot | odds gang | odds duel")
    odds_verbs = odds.add_subparsers(title="odds", metavar="KIND", required=True)

    commands = Commands(top=top, odds=odds_verbs)
    for module in GAME_CLI_MODULES:
        importlib.import_module(module).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (InputError, RuleError) as exc:
        print(f"companion: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run_app(args: argparse.Namespace) -> int:
    from companion.launch import run_app

    return run_app(args)


def _run_doctor(args: argparse.Namespace) -> int:
    from companion.doctor import run

    return run(args)


def _run_pads(args: argparse.Namespace) -> int:
    # hardware is imported here, not at the top: companion never depends on gpiozero
    from hardware.monitor import run

    return run(args)
