"""What every game's story shares: the shape of a sentence maker and the words for lists,
counts and changes. It sits below the games (each ``companion/<game>/story.py`` imports it)
and imports none of them, so the log's wording never ties a game to the records above it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

#: one action in words: ``(before, action, after) -> sentence``
Teller = Callable[[Any, Mapping[str, Any], Any], str]


def listed(items: Iterable[object]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(n: int, word: str, many: str | None = None) -> str:
    """``1 bullet``, ``2 bullets`` (``many`` when the plural is not word + s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def signed(n: int, unit: str = "") -> str:
    """A change as a player reads it: +2 fame, -$5."""
    sign = "+" if n > 0 else "-"
    return f"{sign}${abs(n)}" if unit == "$" else f"{sign}{abs(n)} {unit}".rstrip()
