"""Command-line verbs for this game (see DESIGN.md, "Command line")."""

from __future__ import annotations


def register(commands) -> None:
    """Add this game's verbs to the `companion` parser."""
