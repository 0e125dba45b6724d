"""Kivy 2.3.1's toggle groups, kept safe from the cyclic collector (issue 37: the table
monkey's Bountytown walk, seed 37, step 53, a player's chip tapped on Players).

``ToggleButtonBehavior._release_group`` walks a copy of its group's weak references and
removes a dead one itself. When a collection in the middle of that walk (set off by what a
button's new state does) frees a chip the screen let go earlier (Players makes its chips anew
on each choice), the reference's own callback has taken it out of the group first, and
``list.remove`` raises ValueError, out of Kivy's loop; had it still been there, the next line
would set ``None.state``. Kivy has since reworked its groups (kivy/kivy#9188, after 2.3).
Here the group's live buttons are held first, so nothing in the group dies while it is
walked; each but the one pressed is set to normal, as Kivy does."""

from __future__ import annotations

from typing import Any

from kivy.uix.behaviors.togglebutton import ToggleButtonBehavior


def _release_group(self: Any, current: Any) -> None:
    if self.group is None:
        return
    held = [widget for widget in ToggleButtonBehavior.get_widgets(self.group) if widget is not None]
    for widget in held:
        if widget is not current:
            widget.state = "normal"


def install() -> None:
    """Every toggle button's group released the safe way (the app does it as it builds)."""
    ToggleButtonBehavior._release_group = _release_group  # type: ignore[method-assign]
