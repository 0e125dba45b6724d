"""Command-line verbs for this game (docs/cli.md).

`companion hand CARDS...` names a hand's rank; `companion odds duel` gives the exact
chances of a hand against a bounty. Both print JSON with `--json` in the shapes
docs/cli.md fixes; without it, a line a person can read at the table. Hands, bases,
draws and known cards are bounded by the rulebook (companion/intake/limits.py).
"""

from __future__ import annotations

import argparse
import json
import math
from fractions import Fraction


def register(commands) -> None:
    """Add this game's verbs to the `companion` parser."""
    from companion.contracts.verbs import add_json_flag

    hand = commands.top.add_parser("hand", help="Bountytown: name a hand's rank, e.g. hand 1H 2H 3H 4H 5H")
    hand.add_argument("cards", nargs="+", help="1 to 5 cards, value 1-5 then suit H D S C G (e.g. 3G)")
    add_json_flag(hand)
    hand.set_defaults(func=_hand)

    duel = commands.odds.add_parser("duel", help="Bountytown: P(win/tie/lose) of a hand against a bounty")
    duel.add_argument("--hand", required=True, help="the player's cards, e.g. 1H,1S,2G")
    duel.add_argument("--bounty-base", default="", help="cards printed on the bounty, e.g. 3C,3D (default: none)")
    duel.add_argument("--bounty-draws", required=True, help="cards the bounty draws (0 to 5)")
    duel.add_argument("--known", default="", help="other cards known to be out of the deck, e.g. 5G,4G")
    add_json_flag(duel)
    duel.set_defaults(func=_odds_duel)


def _hand(args: argparse.Namespace) -> int:
    from companion.bountytown.hands import rank

    from companion.intake.limits import HAND_CARDS

    result = rank(_cards(",".join(args.cards), "cards", HAND_WHY, HAND_CARDS))
    if args.json:
        print(json.dumps({"rank": result.rank, "name": result.name}))
    else:
        print(result.name)  # exactly the name: the contract for `companion hand` (docs/cli.md)
    return 0


def _odds_duel(args: argparse.Namespace) -> int:
    from companion.bountytown.odds import duel_odds
    from companion.intake.limits import BOUNTY_BASE_CARDS, BOUNTY_DRAWS, HAND_CARDS, KNOWN_CARDS, whole_number

    hand = _cards(args.hand, "--hand", HAND_WHY, HAND_CARDS)
    base = _cards(args.bounty_base, "--bounty-base", "a bounty's hand counts its best five cards, R-B3",
                  BOUNTY_BASE_CARDS)
    draws = whole_number(args.bounty_draws, "--bounty-draws", 0, BOUNTY_DRAWS,
                         "the most a bounty draws in the rulebook; a hand counts five cards, R-B3")
    known = _cards(args.known, "--known", "the deck has 75 cards", KNOWN_CARDS)
    odds = duel_odds(hand, base, draws, known)
    if args.json:
        print(json.dumps({"p_win": float(odds.p_win), "p_tie": float(odds.p_tie), "p_lose": float(odds.p_lose)}))
        return 0
    print(f"Your hand: {odds.hand.name}; play {' '.join(odds.play)}")
    print(f"Against a bounty with {','.join(base) or 'no base cards'} drawing {draws}:")
    outcomes = (odds.p_win, odds.p_tie, odds.p_lose)
    for label, share in zip(("win", "tie (win, but take a wound)", "lose"), _shares(outcomes)):
        print(f"  {label}: {share}")
    return 0


HAND_WHY = "a duel plays 1 to 5 cards"


def _cards(text: str, option: str, why: str, most: int) -> tuple[str, ...]:
    """Cards written the CLI way ("1H,1S,2G"), at most ``most`` of them, none empty."""
    from companion.bountytown.cards import parse_cards
    from companion.intake.limits import items

    return parse_cards(items(text, option, most, why))


def _shares(outcomes: tuple[Fraction, ...]) -> list[str]:
    """Each outcome's chance and its count over one denominator common to all: reduced on
    its own, a chance of none read "0.0% (0/1)" beside "47.6% (1217/2556)". An outcome
    sure either way (the bounty draws nothing) is said in a word."""
    common = math.lcm(*(p.denominator for p in outcomes))
    if common == 1:
        return [f"{float(p):.0%} ({'certain' if p else 'impossible'})" for p in outcomes]
    return [f"{float(p):.1%} ({p.numerator * common // p.denominator}/{common})" for p in outcomes]
