"""Players' words, told from programmers' words: what a screen may say to a table.

A refusal or an instruction names the game's things (tokens, bullets, bounties, the rule it
cites in brackets at its end); it never shows an action's field names, Python's values or
reprs ("needs 'name' as a non-empty text, got ''"), nor a bag as ``grey=1,red=1``.
"""

from __future__ import annotations

import re
from typing import Iterable

MARKUP = re.compile(r"\[/?(b|i|size|color)(=[^\]]*)?\]")
CITED = re.compile(r"\s*\[(R-[SBR]\d+|[A-Z][A-Za-z' -]+)\]\s*$")  # "[R-S3]", "[Event Card]" at the end
PROGRAMMER = {
    "braces or brackets": re.compile(r"[{}\[\]]"),
    "a repr's 'got'": re.compile(r"\bgot\b"),
    "a Python value": re.compile(r"\b(None|True|False|null|true|false)\b"),
    "a field's name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a quoted name": re.compile(r"(?<![A-Za-z])'[^' ]+'"),
    "a key=value": re.compile(r"\w=\w"),
    "programmers' nouns": re.compile(r"\b(non-empty|JSON|dict|list of|string|integer|action needs)\b"),
}


def programmer_words(text: str) -> list[str]:
    """What in ``text`` a player should not have to read (empty: players' words)."""
    plain = MARKUP.sub("", text)
    lines = [CITED.sub("", line) for line in plain.split("\n")]
    return [what for line in lines for what, pattern in PROGRAMMER.items() if pattern.search(line)]


def assert_players_words(texts: Iterable[str]) -> None:
    """Every one of ``texts`` in the players' words."""
    for text in texts:
        assert not programmer_words(text), (text, programmer_words(text))
