"""Entering Duel cards by touch: a grid of every card, and a desk showing the slot being
filled (a hand, a draw, the Gold paid).

A card is one tap on a grid of all 25 cards, each named in words ("3 Diamonds") so nobody
has to tell suits by colour. What the desk holds is the screen model's
(companion/bountytown/desk.py): the desk shows its ``view`` and sends each tap to ``game``
(a card, a tab, a chip, Remove last, Clear); the model checks every card against the one
75-card deck and says why when it refuses one.
"""

from __future__ import annotations

from typing import Any, Iterator

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.togglebutton import ToggleButton
from kivy.utils import escape_markup

from companion.bountytown import shown
from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.pace.pages import in_rows
import ui.kit.rowlist  # noqa: F401  (RowList for the kv rules)
import ui.kit.widgets  # noqa: F401  (BigButton for the kv rules)

#: every card, a row per suit and a column per value: (card, words)
GRID = tuple((f"{value}{suit}", f"{value} {name}") for suit, name in
             (("H", "Hearts"), ("D", "Diamonds"), ("S", "Spades"), ("C", "Clubs"), ("G", "Gold"))
             for value in range(1, 6))


class CardGrid(GridLayout):
    """Every card at once, each key named in words: one tap enters one card. Its keys are made
    a suit's row at each ``next()`` of :meth:`parts` (its page's parts: ui/bountytown/page.py):
    the 25 made at once were ~15 ms of their page's frame here (issue 38)."""

    game = ObjectProperty(None, allownone=True, rebind=True)

    def parts(self) -> Iterator[None]:
        """The keys not made yet, a row at each ``next()``."""
        return in_rows(self, GRID, self._key)

    def _key(self, card_words: tuple[str, str]) -> CardKey:
        key = CardKey(card=card_words[0], text=card_words[1])
        key.bind(on_release=self._entered)
        return key

    def _entered(self, key: CardKey) -> None:
        if self.game:
            self.game.tap("card", key.card)


class CardKey(Button):
    """One key of the CardGrid."""

    card = StringProperty("")


class CardChip(ToggleButton):
    """One card entered (a row of a list: (index, words, played)): in a hand, down is played
    and up is kept (the words say so too); elsewhere a tap takes the card out."""

    shown = ObjectProperty((0, "", False))
    choose = ObjectProperty(None, allownone=True)


class SlotTab(ToggleButton):
    """Selects which slot the grid fills (a row of a list: (slot, words, on)); says whose
    cards at 20 px, whole, a hyphenated name too wide broken after its hyphen."""

    shown = ObjectProperty((0, "", False))
    choose = ObjectProperty(None, allownone=True)


class CardDesk(BoxLayout):
    """The tabs, the active slot's cards and the grid. The grid stands still at the desk's
    foot whatever is entered (issue 37: a grid moving under the finger took wrong cards).
    When the room runs short (a refusal's words, a title of six long names on three lines),
    the slot's heading steps aside, then, a row short still, its cards, so the tabs and the
    grid stay whole and tappable and the cards entered stay in sight as long as a row fits;
    'Got it' brings them back."""

    view = ObjectProperty(shown.DeskView(), rebind=True)
    game = ObjectProperty(None, allownone=True, rebind=True)

    def stock(self, tabs: int, chips: int) -> None:
        """Tabs and card chips made after the frame on its way, so that the tap that first
        opens a duel's cards makes none (3 tabs cost that tap about 5 ms here)."""
        self.ids.tabs.stock(tabs)
        self.ids.chips.stock(chips)

    @staticmethod
    def heading(view: shown.DeskView) -> str:
        """The rank (or the count) at 20 px over the count and what a tap does, small."""
        if not view.first:
            return ""
        return (f"[b]{escape_markup(view.first)}[/b]\n[size={theme.TEXT_SMALL}]{escape_markup(view.second)}"
                "[/size]")

    def on_size(self, *_args: Any) -> None:
        self.fit()

    def on_view(self, *_args: Any) -> None:
        self.fit()

    _slot: Any = None
    _heading: Any = None

    def on_kv_post(self, _base: Any) -> None:
        # held: out of the tree while they step aside (ids are weak)
        self._slot, self._heading = self.ids.slot.__self__, self.ids.heading.__self__
        self.fit()

    def fit(self, *_args: Any) -> None:
        """The slot between the tabs and the grid, whole when there is room, else its cards
        alone, else nothing; what steps aside is out of the tree, so that it takes no touch
        meant for the tabs or the grid (a hidden, disabled widget still takes every touch on it)."""
        slot, heading, stack = self._slot, self._heading, self.ids.get("stack")
        if slot is None or stack is None:
            return
        room = self.height - self.ids.tabs.height - self.ids.grid.height - 2 * stack.spacing
        cards = self.ids.entered.height
        show = bool(self.view.first) and cards <= room + 0.5
        whole = show and cards + slot.spacing + heading.height <= room + 0.5
        if whole and heading.parent is None:
            slot.add_widget(heading, index=1)  # over the cards
        elif not whole and heading.parent is not None:
            slot.remove_widget(heading)
        if show and slot.parent is None:
            stack.add_widget(slot, index=0)  # under the tabs
        elif not show and slot.parent is not None:
            stack.remove_widget(slot)


load_kv(__file__)
