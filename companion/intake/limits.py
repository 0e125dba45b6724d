"""Every bound the companion puts on what a person types or a file holds, and why.

Nothing a user can type or leave on disk may crash, hang or take longer than a second,
so each input is bounded by what the games themselves allow (a bag holds what the box
holds, a hand what the rulebook lets a player hold) and anything outside is refused with
the limit named. The figures live here, each beside where it comes from, so a reviewer
checks them in one place; docs/limits.md explains each for players. The small helpers
below turn a limit into the one-line refusal the CLI prints. The games' rules import these
bounds, so a bound taken from a rule figure (a bag's reds, the deck, the last bullet) is
written as a number here and tests/test_limits.py holds it equal to the rule: this module
imports no game.
"""

from __future__ import annotations

import math
from typing import Any

from companion.intake.errors import InputError

# --- messages ------------------------------------------------------------------------

#: the most of a person's input an error message repeats: enough to find it, never 10 MB
QUOTE_CHARS = 40
#: a whole error line, as the last guard of the CLI (a path or a quote can be long)
MESSAGE_CHARS = 300

# --- command-line options ------------------------------------------------------------

#: the longest game option (--bag, --gang, --hand, --known ...): 75 known cards written
#: "1H, " are 300 characters, so 500 refuses only what no table could mean
OPTION_CHARS = 500
#: a path option (--db, --pads, --port): Linux's PATH_MAX, and NAME_MAX for each part;
#: longer ones cannot name a file, and the system refuses them with an error of its own
PATH_CHARS = 4096
PATH_PART_BYTES = 255
#: `companion pads --seconds`: a day; to watch longer, leave --seconds out (until Ctrl-C)
MONITOR_SECONDS = 24 * 3600
#: a session or card number: far beyond any database, short enough to never be slow
ID_DIGITS = 9

# --- Spurs (spurs.txt "Bullets and Shooting", R-S1, R-S3, R-S4) ----------------------

#: the bullet tokens in the box besides the red injury bullets (the game's component
#: list: 66 bullets and 18 injury bullets; the rulebook text does not list them)
BOX_BULLETS = 66
#: a bag holds what the box holds, and at most three reds (spurs.bag.RED_LIMIT, R-S3)
BAG_BULLETS = BOX_BULLETS + 3
#: a draw of more than a bag can hold is the same draw as all of it (R-S1)
DRAW_BULLETS = BAG_BULLETS
#: a gang is at most three: the standard rule has the next challenger face the desperado
#: who won "and draw two more", and the rulebook's fight goes up to "a third desperado"
GANG_SIZE = 3

# --- Bountytown (bountytown.txt "Duels", R-B1, R-B3) ---------------------------------

#: a hand plays 1 to 5 cards ("can play as many as five"; R-B3)
HAND_CARDS = 5
#: a bounty's hand is the best five of its base and drawn cards (R-B3): a printed base
#: of more than five could never all count
BOUNTY_BASE_CARDS = 5
#: the bounty draws what its card says; the rulebook's largest is five (the sample turn),
#: and a hand counts at most five cards (R-B3)
BOUNTY_DRAWS = 5
#: cards known to be out of the deck: at most the whole deck, 25 cards three times each
#: (bountytown.cards.DECK_SIZE, R-B1)
KNOWN_CARDS = 75

# --- Rapid City round file (rapid-city.txt, R-R4, R-R6, R-R11) -----------------------

#: a saved card is a few kilobytes; a pad bouncing through a whole window is tens
ROUND_FILE_BYTES = 1_000_000
#: a round file nests three deep (round > events > event); twice that leaves room for
#: keys a later version adds, far below where Python's parser gives up (about 1,000)
ROUND_DEPTH = 6
#: characters in one number: a double needs at most 24 ("-1.2345678901234567e-300"),
#: and Python refuses to read integers past 4,300 digits
NUMBER_CHARS = 32
#: six location tiles in the box (rapid-city.txt "Components")
TILES = 6
#: pad numbers are at most three digits on the serial pad board's lines
PAD_NUMBER = 999
#: the standing before a card: the sixth bullet ends the game (rapidcity.model.LAST_BULLET, R-R11)
BULLETS_BEFORE_CARD = 5
#: an edge or touch an hour from the reveal belongs to no card
T_MS = 3_600_000.0
#: claim window (R-R6): a minute, six times the longest the setup screen offers (10 s)
WINDOW_MS = 60_000.0
#: bounce window (R-R4) and tie threshold (R-R8): a second, 20x the setup's largest
BOUNCE_MS = 1_000.0
TIE_MS = 1_000.0
#: edges in one card: six pads pressed and released every 10 ms through a 10 s window
#: make 12,000; nothing real comes near
EVENTS = 12_000
#: touches in one card: six hands on six pawns, many times over
TOUCHES = 1_000

# --- export files (docs/export.md) ----------------------------------------------------

#: an export `companion import` reads: a year of 3,000 games of 500 actions is about 500 MB
#: of JSON; four times that refuses only what no table could have played
EXPORT_FILE_BYTES = 2 * 1024**3
#: one game's text in an export: a 200,000-event game (far beyond a day's play, the scale
#: the companion is measured at) is about 22 MB; 64 MB leaves room and bounds what one game,
#: or a file that is no export, takes in memory on a Raspberry Pi
EXPORT_GAME_CHARS = 64_000_000
#: one game's events: the same bound counted in events (an event is 60 to 200 characters)
EXPORT_GAME_EVENTS = 500_000
#: one line of a CSV export: its largest cell is a Rapid City card's action, at most a round
#: file's size (ROUND_FILE_BYTES), twice that with CSV's quotes doubled
EXPORT_ROW_CHARS = 2 * ROUND_FILE_BYTES + 1000

def quote(value: Any) -> str:
    """A short, safe rendering of a value a person gave, for an error message: strings
    cut to QUOTE_CHARS with the full length said, huge numbers by their size, lists and
    objects by their kind (never their contents)."""
    if isinstance(value, str):
        if len(value) <= QUOTE_CHARS:
            return repr(value)
        return f"{value[:QUOTE_CHARS]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "..."


def one_line(message: str) -> str:
    """A message as one line of at most MESSAGE_CHARS characters (the CLI's last guard)."""
    flat = " ".join(str(message).split())
    return flat if len(flat) <= MESSAGE_CHARS else flat[: MESSAGE_CHARS - 3] + "..."


def option_text(text: str, option: str) -> str:
    """A game option's text: short and plain ASCII (colours, weapons, digits, cards)."""
    if len(text) > OPTION_CHARS:
        raise InputError(f"{option} is {len(text):,} characters long; at most {OPTION_CHARS} make sense")
    if not text.isascii() or not text.isprintable():
        bad = next(c for c in text if not (c.isascii() and c.isprintable()))
        raise InputError(f"{option} {quote(text)}: {bad!r} is not allowed; use plain ASCII letters and digits")
    return text


def whole_number(text: str, option: str, low: int, high: int, why: str) -> int:
    """A count a person typed: ASCII digits only (``int`` would take "٣" or "1_0"),
    between ``low`` and ``high``; ``why`` names where ``high`` comes from."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise InputError(f"{option} {quote(text)}: expected a whole number written with the digits 0-9")
    if len(digits) > len(str(high)) + 1 or int(digits) > high:
        raise InputError(f"{option} {quote(text)}: at most {high} ({why})")
    if int(digits) < low:
        raise InputError(f"{option} {digits}: at least {low}")
    return int(digits)


def items(text: str, option: str, most: int, why: str, counted_after: str | None = None) -> list[str]:
    """The comma-separated items of an option, refusing an empty one (``a,,b``) and more
    than ``most``; an option left empty is no items. With ``counted_after`` (``=`` in
    ``grey=4``), what follows it must be digits 0-9 (``int`` would take "+4" or "1_0")."""
    option_text(text, option)
    if not text.strip():
        return []
    parts = [part.strip() for part in text.split(",")]
    for number, part in enumerate(parts, 1):
        if not part:
            raise InputError(f"{option} {quote(text)}: item {number} is empty (two commas, or one at an end)")
    if len(parts) > most:
        raise InputError(f"{option}: {len(parts)} items; at most {most} ({why})")
    for part in parts:
        _name, sep, count = part.partition(counted_after or ",")
        if sep and not (count.strip().isascii() and count.strip().isdigit()):
            raise InputError(f"{option} item {quote(part)}: after {counted_after!r} goes a whole number "
                             "written with the digits 0-9")
    return parts
