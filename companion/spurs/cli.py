"""Command-line verbs for this game (docs/cli.md).

`companion odds shoot` and `companion odds gang`: exact odds for a bag the player
describes, printed as a probability and the exact fraction, or `{"p_success": x}`.
Every number is bounded by what the box and the rulebook allow (companion/intake/limits.py),
so no answer takes more than a blink and nonsense is refused with the limit named.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.spurs.bag import Bag


def register(commands) -> None:
    """Add this game's verbs to the `companion` parser."""
    from companion.contracts.verbs import add_json_flag

    bag_help = "bullets by colour, e.g. grey=4,brown=2,white=1,black=2,red=1 (a colour left out is 0)"
    shoot = commands.odds.add_parser(
        "shoot", help="Spurs: P(at least NEED hits) for an outlaw, hunt or single desperado")
    shoot.add_argument("--bag", required=True, help=bag_help)
    shoot.add_argument("--weapon", required=True, help="revolver (grey/white hit) or rifle (brown/white hit)")
    shoot.add_argument("--draw", required=True, help="bullets drawn (3, plus spurs and equipment)")
    shoot.add_argument("--need", required=True, help="hits needed")
    add_json_flag(shoot)
    shoot.set_defaults(func=_odds_shoot)

    gang = commands.odds.add_parser(
        "gang", help="Spurs: P(beating a desperado gang) with one draw from the whole bag (R-S4)")
    gang.add_argument("--bag", required=True, help=bag_help)
    gang.add_argument("--draw", required=True, help="bullets drawn for the whole fight")
    gang.add_argument("--gang", required=True, help="weapon:hits in reveal order, e.g. revolver:1,rifle:2")
    add_json_flag(gang)
    gang.set_defaults(func=_odds_gang)


def _odds_shoot(args: argparse.Namespace) -> int:
    from companion.intake.limits import DRAW_BULLETS, option_text, whole_number
    from companion.spurs.bag import weapon_named
    from companion.spurs.odds import shoot_probability

    bag, draw = _bag(args.bag), _draw(args.draw)
    weapon = weapon_named(option_text(args.weapon, "--weapon"))
    need = whole_number(args.need, "--need", 0, DRAW_BULLETS, "no more hits than bullets drawn")
    p = shoot_probability(bag, weapon, draw, need)
    return _print(p, args.json, f"P(at least {need} {weapon} hits drawing {draw})")


def _odds_gang(args: argparse.Namespace) -> int:
    from companion.intake.errors import InputError
    from companion.intake.limits import DRAW_BULLETS, GANG_SIZE, items, quote
    from companion.spurs.desperado import parse_gang
    from companion.spurs.odds import gang_probability

    bag, draw = _bag(args.bag), _draw(args.draw)
    gang = parse_gang(",".join(items(args.gang, "--gang", GANG_SIZE,
                                     "a gang is at most three desperados: the one who won and two more", ":")))
    for weapon, hits in gang:
        if hits > DRAW_BULLETS:
            raise InputError(f"--gang: a {weapon} desperado needing {quote(hits)} hits; at most {DRAW_BULLETS} "
                             "(no more hits than bullets drawn)")
    p = gang_probability(bag, draw, gang)
    return _print(p, args.json, f"P(beating {','.join(f'{w}:{h}' for w, h in gang)} drawing {draw})")


def _bag(text: str) -> Bag:
    """The --bag, refused when the box could not fill it: at most the box's bullets
    besides red, and at most three reds (R-S3)."""
    from companion.intake.errors import InputError
    from companion.intake.limits import BOX_BULLETS, items, quote
    from companion.spurs.bag import COLOURS, RED_LIMIT, parse_bag

    bag = parse_bag(",".join(items(text, "--bag", len(COLOURS), "one count per colour", "=")))
    if bag.red > RED_LIMIT:  # ruling: R-S3
        raise InputError(f"--bag: {quote(bag.red)} red bullets; a bag holds at most {RED_LIMIT} (R-S3)")
    others = bag.total - bag.red
    if others > BOX_BULLETS:
        raise InputError(f"--bag: {quote(others)} bullets besides red; the box holds {BOX_BULLETS}")
    return bag


def _draw(text: str) -> int:
    from companion.intake.limits import BAG_BULLETS, DRAW_BULLETS, whole_number

    return whole_number(text, "--draw", 0, DRAW_BULLETS, f"a bag holds at most {BAG_BULLETS} bullets")


def _print(p: Fraction, as_json: bool, label: str) -> int:
    if as_json:
        print(json.dumps({"p_success": float(p)}))
    else:
        print(f"{label} = {float(p):.4f} ({p.numerator}/{p.denominator}, {float(p):.1%})")
    return 0
