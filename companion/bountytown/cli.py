"""Command-line verbs for this game (see DESIGN.md, "Command line").

`companion hand CARDS...` names a hand's rank; `companion odds duel` gives the exact
chances of a hand against a bounty. Both print JSON with `--json` in the shapes
DESIGN.md fixes; without it, a line a person can read at the table.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction


def register(commands) -> None:
    """Add this game's verbs to the `companion` parser."""
    from companion.cli import add_json_flag

    hand = commands.top.add_parser("hand", help="Bountytown: name a hand's rank, e.g. hand 1H 2H 3H 4H 5H")
    hand.add_argument("cards", nargs="+", help="1 to 5 cards, value 1-5 then suit H D S C G (e.g. 3G)")
    add_json_flag(hand)
    hand.set_defaults(func=_hand)

    duel = commands.odds.add_parser("duel", help="Bountytown: P(win/tie/lose) of a hand against a bounty")
    duel.add_argument("--hand", required=True, help="the player's cards, e.g. 1H,1S,2G")
    duel.add_argument("--bounty-base", default="", help="cards printed on the bounty, e.g. 3C,3D (default: none)")
    duel.add_argument("--bounty-draws", required=True, type=int, help="cards the bounty draws")
    duel.add_argument("--known", default="", help="other cards known to be out of the deck, e.g. 5G,4G")
    add_json_flag(duel)
    duel.set_defaults(func=_odds_duel)


def _hand(args: argparse.Namespace) -> int:
    from companion.bountytown.cards import parse_card_list
    from companion.bountytown.hands import rank
    from companion.errors import InputError

    cards = parse_card_list(",".join(args.cards))
    if len(cards) > 5:
        raise InputError(f"a hand is 1 to 5 cards, got {len(cards)}")
    result = rank(cards)
    if args.json:
        print(json.dumps({"rank": result.rank, "name": result.name}))
    else:
        print(result.name)  # exactly the name: DESIGN.md's contract for `companion hand`
    return 0


def _odds_duel(args: argparse.Namespace) -> int:
    from companion.bountytown.cards import parse_card_list
    from companion.bountytown.odds import duel_odds

    odds = duel_odds(parse_card_list(args.hand), parse_card_list(args.bounty_base), args.bounty_draws,
                     parse_card_list(args.known))
    if args.json:
        print(json.dumps({"p_win": float(odds.p_win), "p_tie": float(odds.p_tie), "p_lose": float(odds.p_lose)}))
        return 0
    print(f"Your hand: {odds.hand.name}; play {' '.join(odds.play)}")
    print(f"Against a bounty with {args.bounty_base or 'no base cards'} drawing {args.bounty_draws}:")
    for label, p in (("win", odds.p_win), ("tie (win, but take a wound)", odds.p_tie), ("lose", odds.p_lose)):
        print(f"  {label}: {_percent(p)}")
    return 0


def _percent(p: Fraction) -> str:
    return f"{float(p):.1%} ({p.numerator}/{p.denominator})"
