"""A person's name as the companion keeps it, compares it, and tells it from a look-alike.

A name reaches the companion from the touchscreen keyboard, an import file or a database an
older companion wrote, so the same person can arrive spelled in bytes that differ where no
eye can see: "José" as one code point or as "e" and a combining accent, "Ann" with a
zero-width joiner inside, "JOSÉ" for "José". :func:`clean` is the one spelling kept (Unicode
NFC, invisible and control characters removed, spaces single), :func:`key` the one compared
(caseless: Unicode's canonical caseless match, so "JOSÉ", "josé" and "José" are one
player). Two names that differ only in what a reader cannot see are then one name.

Names that differ in bytes a reader *can* see, yet look the same ("Аnn" with a Cyrillic А,
"Ann" in fullwidth letters, "lan" and "Ian") are different names and may be different people,
so they are not folded: :func:`look_alike` finds them, for the Players screen to warn before
a second record is made (the person may still make it on purpose).
"""

from __future__ import annotations

import unicodedata
from typing import Iterable, TypeVar

#: Unicode general categories nobody sees in a name: controls (BEL, ESC of an ANSI colour
#: code, NUL), formats (zero-width joiners and spaces, the bidirectional overrides that
#: reorder what is shown, the byte order mark), lone surrogates (no character at all:
#: they cannot even be written as UTF-8), private use, unassigned, and the line and
#: paragraph separators
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: letters drawn blank, or marks drawn as nothing, in categories that are otherwise seen
#: (Unicode's Default_Ignorable_Code_Point, and the Hangul fillers and Braille blank
#: that pass for a name in chats)
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10))))

#: letters of other scripts drawn like a Latin one (from Unicode's confusables.txt, the
#: letters a keyboard or a pasted name is likely to bring), mapped to it
_LIKE_LATIN = str.maketrans({
    **dict(zip("АВСЕНІЈКМОРЅТХУЬаеіјорсухѕԁһӏԛԝү", "ABCEHlJKMOPSTXYbaeijopcyxsdhlqwy", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ", "ABEZHlKMNOPTYXaikvoptux", strict=True)),
    # a capital I is drawn as a small L in most fonts
    "0": "o", "1": "l", "I": "l", "|": "l",
})


def clean(name: str) -> str:
    """The name as it is kept: NFC, every run of spaces (of any kind) one space, trimmed,
    and nothing a reader cannot see. Never raises; an empty result means no name."""
    visible = "".join(" " if ch.isspace() else ch for ch in str(name)
                      if ch.isspace() or not _invisible(ch))
    return unicodedata.normalize("NFC", " ".join(visible.split()))


def _invisible(ch: str) -> bool:
    return ch in INVISIBLE or unicodedata.category(ch) in INVISIBLE_CATEGORIES


def key(name: str) -> str:
    """What two names are compared by: the same key is the same name (canonical caseless
    match of the cleaned names: NFD, case folded, NFD again)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", clean(name)).casefold())


def skeleton(name: str) -> str:
    """What a name looks like, roughly: compatibility forms (fullwidth, mathematical
    letters) as plain ones, accents dropped, letters of other scripts drawn like Latin ones
    as those, case folded. Two names with one skeleton may be mistaken for each other."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", clean(name)) if not unicodedata.combining(ch))
    return plain.translate(_LIKE_LATIN).casefold().replace("rn", "m").replace("vv", "w")


Named = TypeVar("Named")


def look_alike(name: str, others: Iterable[Named], *, name_of=lambda other: other.name) -> Named | None:
    """The first of ``others`` whose name looks like ``name`` without being it (another
    key, one skeleton), or None."""
    wanted, look = key(name), skeleton(name)
    return next((o for o in others if skeleton(name_of(o)) == look and key(name_of(o)) != wanted), None)


def difference(name: str, other: str) -> str:
    """Where ``name`` differs from its look-alike ``other``, in words: "its letter 1 is
    Cyrillic Capital Letter A" (the first character that differs)."""
    mine, theirs = clean(name), clean(other)
    for place, (a, b) in enumerate(zip(mine, theirs), 1):
        if a != b:
            return f"its letter {place} is {_char_name(a)}, where {theirs}'s is {_char_name(b)}"
    return f"it has {len(mine)} letters, {theirs} {len(theirs)}"


def _char_name(ch: str) -> str:
    return f"{unicodedata.name(ch, f'U+{ord(ch):04X}').title()} ({ch})"
