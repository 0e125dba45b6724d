"""CSV cells a spreadsheet opens as text, never as a formula or a terminal command.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and, in some, a tab or
a carriage return) as a formula: a player named ``=HYPERLINK(...)`` or ``+cmd|' /C calc'!A0``
would run when the export is opened (OWASP, "CSV Injection"). Such a cell is written with a
leading apostrophe, which spreadsheets show as text and do not display; a cell that already
starts with an apostrophe gets one more, so reading takes exactly one off and the escaping
is undone without loss (``companion import`` does). A plain number (``-3``) is no formula
and is left as it is, so scores stay numbers.

Control and format characters (ESC of an ANSI colour code, BEL, a right-to-left override that
shows a name reversed) are made visible: each is written as U+FFFD (the replacement
character). They never come from the companion, which keeps names clean
(:mod:`companion.intake.names`); only a damaged or hand-edited database can hold them.
"""

from __future__ import annotations

import re
import unicodedata

#: the characters that make a spreadsheet read a cell as a formula (and their fullwidth
#: forms, which some spreadsheets fold), and the apostrophe that escapes them
TRIGGERS = "=+-@\t\r\n\uff1d\uff0b\uff0d\uff20"
ESCAPE = "'"
#: a cell that is a plain number: no formula, left as it is
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
#: what a terminal or a text view would act on or hide (the Unicode categories of controls
#: and formats; tab and newline are left to the CSV quoting, which keeps them in the cell)
_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text."""
    if any(unicodedata.category(ch) in _UNSEEN and ch not in "\t\r\n" for ch in text):
        text = "".join("\ufffd" if unicodedata.category(ch) in _UNSEEN and ch not in "\t\r\n" else ch
                       for ch in text)
    if text[:1] == ESCAPE or (text[:1] and text[0] in TRIGGERS and not _NUMBER.fullmatch(text)):
        return ESCAPE + text
    return text


def uncell(text: str) -> str:
    """A cell :func:`cell` wrote, as it was (its escaping apostrophe taken off)."""
    return text[1:] if text[:1] == ESCAPE else text
