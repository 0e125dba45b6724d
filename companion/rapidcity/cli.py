"""Command-line verbs for Rapid City (see DESIGN.md, "Command line").

`companion referee replay FILE` re-judges a saved card with the very function the table
used, so a disputed call can be checked anywhere. It must answer in well under 300 ms on
a Pi including start-up, so the judge is imported inside the handler and pulls in only
the standard library's json.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.cli import Commands


def register(commands: Commands) -> None:
    """Add `companion referee replay FILE` to the `companion` parser."""
    referee = commands.top.add_parser("referee", help="Rapid City referee: replay FILE judges a saved card")
    verbs = referee.add_subparsers(title="referee", metavar="VERB", required=True)
    replay = verbs.add_parser("replay", help="judge one recorded Rapid City card; print the verdict as JSON")
    replay.add_argument("file", metavar="FILE", help="a round file (DESIGN.md, 'Rapid City round file')")
    replay.set_defaults(func=_replay)


def _replay(args: argparse.Namespace) -> int:
    import json

    from companion.rapidcity.judge import judge, verdict_to_json
    from companion.rapidcity.roundfile import load_round

    print(json.dumps(verdict_to_json(judge(load_round(args.file))), indent=2))
    return 0
