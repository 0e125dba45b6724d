"""Command-line verbs for this game (see DESIGN.md, "Command line").

`companion odds shoot` and `companion odds gang`: exact odds for a bag the player
describes, printed as a probability and the exact fraction, or `{"p_success": x}`.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction


def register(commands) -> None:
    """Add this game's verbs to the `companion` parser."""
    from companion.cli import add_json_flag

    bag_help = "bullets by colour, e.g. grey=4,brown=2,white=1,black=2,red=1 (a colour left out is 0)"
    shoot = commands.odds.add_parser(
        "shoot", help="Spurs: P(at least NEED hits) for an outlaw, hunt or single desperado")
    shoot.add_argument("--bag", required=True, help=bag_help)
    shoot.add_argument("--weapon", required=True, help="revolver (grey/white hit) or rifle (brown/white hit)")
    shoot.add_argument("--draw", required=True, type=int, help="bullets drawn (3, plus spurs and equipment)")
    shoot.add_argument("--need", required=True, type=int, help="hits needed")
    add_json_flag(shoot)
    shoot.set_defaults(func=_odds_shoot)

    gang = commands.odds.add_parser(
        "gang", help="Spurs: P(beating a desperado gang) with one draw from the whole bag (R-S4)")
    gang.add_argument("--bag", required=True, help=bag_help)
    gang.add_argument("--draw", required=True, type=int, help="bullets drawn for the whole fight")
    gang.add_argument("--gang", required=True, help="weapon:hits in reveal order, e.g. revolver:1,rifle:2")
    add_json_flag(gang)
    gang.set_defaults(func=_odds_gang)


def _odds_shoot(args: argparse.Namespace) -> int:
    from companion.spurs.bag import parse_bag
    from companion.spurs.odds import shoot_probability

    p = shoot_probability(parse_bag(args.bag), args.weapon, args.draw, args.need)
    return _print(p, args.json, f"P(at least {args.need} {args.weapon} hits drawing {args.draw})")


def _odds_gang(args: argparse.Namespace) -> int:
    from companion.spurs.bag import parse_bag
    from companion.spurs.desperado import parse_gang
    from companion.spurs.odds import gang_probability

    p = gang_probability(parse_bag(args.bag), args.draw, parse_gang(args.gang))
    return _print(p, args.json, f"P(beating {args.gang} drawing {args.draw})")


def _print(p: Fraction, as_json: bool, label: str) -> int:
    if as_json:
        print(json.dumps({"p_success": float(p)}))
    else:
        print(f"{label} = {float(p):.4f} ({p.numerator}/{p.denominator}, {float(p):.1%})")
    return 0
