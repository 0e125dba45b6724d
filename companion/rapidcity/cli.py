"""Command-line verbs for Rapid City (docs/cli.md, docs/roundfile.md).

`companion referee replay FILE` re-judges a saved card with the very function the table
used, so a disputed call can be checked anywhere. It must answer in well under 300 ms on
a Pi including start-up, so the judge is imported inside the handler and pulls in only
the standard library's json. `companion referee export SESSION CARD` writes a call the
app stored as such a file, so it can be replayed or shared.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.contracts.verbs import Commands, StoredGame


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
    export.set_defaults(func=partial(_export, commands.stored_game))


def _replay(args: argparse.Namespace) -> int:
    import json

    from companion.rapidcity.judge import judge, verdict_to_json
    from companion.rapidcity.roundfile import load_round

    print(json.dumps(verdict_to_json(judge(load_round(args.file))), indent=2))
    return 0


def _export(stored_game: StoredGame, args: argparse.Namespace) -> int:
    import json

    from companion.intake.limits import ID_DIGITS, whole_number
    from companion.rapidcity.roundfile import parse_round, write_round

    most = 10 ** ID_DIGITS - 1
    session = whole_number(args.session, "SESSION", 1, most, "session numbers are small")
    card = whole_number(args.card, "CARD", 1, most, "card numbers are small")
    data = stored_round(stored_game, args.db, session, card)
    if args.output is None:
        parse_round(data)  # what we print, replay reads
        print(json.dumps(data, indent=2))
    else:
        print(f"wrote {write_round(data, args.output)}")
    return 0


def stored_round(stored_game: StoredGame, db: str | None, session: int, card: int) -> dict[str, Any]:
    """The round file of card ``card`` (1 = first) of the stored Rapid City game
    ``session``, read by ``stored_game`` (the top CLI's: a game's verbs sit below the store)."""
    from companion.intake.errors import InputError

    kind, state = stored_game(db, session)
    played = state.played if kind == "rapidcity" else ()
    if kind != "rapidcity":
        raise InputError(f"session {session} is a {kind} game; only Rapid City calls are round files")
    if not 1 <= card <= len(played):
        raise InputError(f"session {session} has {len(played)} card(s) played; CARD is 1 to {len(played)}"
                         if played else f"session {session} has no card played yet")
    return played[card - 1].round
