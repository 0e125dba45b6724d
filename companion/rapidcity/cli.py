"""Command-line verbs for Rapid City (docs/cli.md, docs/roundfile.md).

`companion referee replay FILE` re-judges a saved card with the very function the table
used, so a disputed call can be checked anywhere. It must answer in well under 300 ms on
a Pi including start-up, so the judge is imported inside the handler and pulls in only
the standard library's json. `companion referee export SESSION CARD` writes a call the
app stored as such a file, so it can be replayed or shared.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.cli import Commands


def register(commands: Commands) -> None:
    """Add `companion referee replay FILE` and `companion referee export` to the parser."""
    referee = commands.top.add_parser("referee", help="Rapid City referee: replay FILE judges a saved card")
    verbs = referee.add_subparsers(title="referee", metavar="VERB", required=True)
    replay = verbs.add_parser("replay", help="judge one recorded Rapid City card; print the verdict as JSON")
    replay.add_argument("file", metavar="FILE", help="a round file (format: docs/roundfile.md)")
    replay.set_defaults(func=_replay)
    export = verbs.add_parser("export", help="write a call the app stored as a round file, to replay or share")
    export.add_argument("session", metavar="SESSION", help="the game's session number (as `companion doctor` lists)")
    export.add_argument("card", metavar="CARD", help="the card's number in that game, 1 for the first played")
    export.add_argument("-o", "--output", metavar="FILE", help="write it there (default: print it)")
    export.set_defaults(func=_export)


def _replay(args: argparse.Namespace) -> int:
    import json

    from companion.rapidcity.judge import judge, verdict_to_json
    from companion.rapidcity.roundfile import load_round

    print(json.dumps(verdict_to_json(judge(load_round(args.file))), indent=2))
    return 0


def _export(args: argparse.Namespace) -> int:
    import json

    from companion.limits import ID_DIGITS, whole_number
    from companion.rapidcity.roundfile import parse_round, write_round

    most = 10 ** ID_DIGITS - 1
    session = whole_number(args.session, "SESSION", 1, most, "session numbers are small")
    card = whole_number(args.card, "CARD", 1, most, "card numbers are small")
    data = stored_round(args.db, session, card)
    if args.output is None:
        parse_round(data)  # what we print, replay reads
        print(json.dumps(data, indent=2))
    else:
        print(f"wrote {write_round(data, args.output)}")
    return 0


def stored_round(db: str | None, session: int, card: int) -> dict[str, Any]:
    """The round file of card ``card`` (1 = first) of the stored Rapid City game
    ``session``, read without creating or changing the database."""
    from pathlib import Path

    from companion.errors import InputError
    from companion.db.store import Store, StoreError, default_db_path

    path = Path(db) if db is not None else default_db_path()
    if not path.is_file():
        raise InputError(f"no database at {path}; pass --db PATH to the one the app uses")
    try:
        with Store(path) as store:
            game = store.open_session(session)
            kind = game.kind
            played = game.state.played if kind == "rapidcity" else ()
    except StoreError as exc:
        raise InputError(str(exc)) from None
    if kind != "rapidcity":
        raise InputError(f"session {session} is a {kind} game; only Rapid City calls are round files")
    if not 1 <= card <= len(played):
        raise InputError(f"session {session} has {len(played)} card(s) played; CARD is 1 to {len(played)}"
                         if played else f"session {session} has no card played yet")
    return played[card - 1].round
