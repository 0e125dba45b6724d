"""Line breaks after hyphens, for names too long for their box.

A name may be one hyphenated word of 24 letters ("Bartholomew-Fitzwilliams", about 230 px at
20 px), wider than a duel's tab or a stepper's label. Kivy wraps only at spaces, so such a word
would be cut wherever the box ends ("Bartholomew-Fitz / williams"); a reader finds it whole when
it is broken where it is joined, after its hyphen, and only when it does not fit.
"""

from __future__ import annotations

import functools
import re

from kivy.core.text import Label as CoreLabel

PIECE = re.compile(r"[^-]*-+|[^-]+")  # "Bartholomew-", "Fitzwilliams"


def at_hyphens(text: str, room: float, font_size: float, bold: bool = False) -> str:
    """``text`` with a line break after a hyphen in each word wider than ``room`` px at this
    font, as few breaks as keep each piece inside ``room``; text that fits, or has no hyphen,
    comes back unchanged. A piece still wider than ``room`` is left to Kivy."""
    return at_joins(text, room, font_size, bold, "-")


def at_joins(text: str, room: float, font_size: float, bold: bool = False, joins: str = "-") -> str:
    """:func:`at_hyphens` for any of the characters ``joins`` ("/" for a path: broken after
    a folder, never inside a folder's name)."""
    if room <= 0 or not any(j in text for j in joins):
        return text
    width = CoreLabel(font_size=font_size, bold=bold).get_extents
    join = re.escape(joins)
    pieces = re.compile(rf"[^{join}]*[{join}]+|[^{join}]+")

    def broken(word: str) -> str:
        if not any(j in word for j in joins) or width(word)[0] <= room:
            return word
        lines = [""]
        for piece in pieces.findall(word):
            if lines[-1] and width(lines[-1] + piece)[0] > room:
                lines.append("")
            lines[-1] += piece
        return "\n".join(lines)

    return "\n".join(" ".join(broken(word) for word in line.split(" ")) for line in text.split("\n"))


@functools.lru_cache(maxsize=64)
def widest_piece(texts: tuple[str, ...], font_size: float, bold: bool = False) -> float:
    """The width in px of the widest piece of ``texts`` that no line may split: a word, or
    the part of a hyphenated word up to and with its hyphen (:func:`at_hyphens` breaks
    there). A box at least this wide shows each of them without breaking a word."""
    width = CoreLabel(font_size=font_size, bold=bold).get_extents
    return max((width(piece)[0] for text in texts for word in text.split() for piece in PIECE.findall(word)),
               default=0)
