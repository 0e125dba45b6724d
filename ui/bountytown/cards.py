"""Entering Duel cards by touch: a grid of every card, and slots that hold cards.

In a duel (and the store, and the final duel) a card is one tap on a grid of all 25
cards, each named in words ("3 Diamonds") so nobody has to tell suits by colour. The
narrow bounty form taps the value (1-5) and then the suit. People who prefer typing can
write "3G 1H" instead; every card goes through ``companion.bountytown.cards.parse_card``,
so a bad card is refused with the engine's reason.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.togglebutton import ToggleButton
from kivy.utils import escape_markup

from companion.bountytown.cards import SUITS, VALUES, check_copies, parse_card, sort_key
from companion.bountytown.hands import MOST_PLAYED, best_play, bounty_rank, rank
from companion.bountytown.view import SUIT_NAMES, card_name
from companion.errors import InputError
from ui import theme
from ui.kvload import load_kv
from ui.reuse import Spares
import ui.widgets  # noqa: F401  (BigButton for the kv rules)


class CardTyping(BoxLayout):
    """A typing field for people who prefer it: "3G 1h, 5S". Emits ``on_card(card)`` for
    each card and ``on_refused(reason)`` for text that is not a card (then none is entered)."""

    __events__ = ("on_card", "on_refused")

    def type_cards(self, text: str) -> None:
        try:
            cards = [parse_card(part) for part in text.replace(",", " ").split()]
        except InputError as exc:
            self.dispatch("on_refused", str(exc))
            return
        self.ids.typed.text = ""
        for card in cards:
            self.dispatch("on_card", card)

    def on_card(self, card: str) -> None:
        pass

    def on_refused(self, reason: str) -> None:
        pass


class CardPad(BoxLayout):
    """Value buttons and suit buttons, for a narrow form: a card is its value then its
    suit. Emits ``on_card(card)`` and ``on_refused(reason)``."""

    value = NumericProperty(0)  # the value tapped last; it stays, since pairs share a value
    suit_names = ListProperty([SUIT_NAMES[s] for s in SUITS])

    __events__ = ("on_card", "on_refused")

    def pick_value(self, value: int) -> None:
        self.value = value

    def pick_suit(self, name: str) -> None:
        if not self.value:
            self.dispatch("on_refused", "tap a value (1-5) first, then the suit")
            return
        suit = next(s for s, n in SUIT_NAMES.items() if n == name)
        self.dispatch("on_card", f"{self.value}{suit}")

    def on_card(self, card: str) -> None:
        pass

    def on_refused(self, reason: str) -> None:
        pass


class CardGrid(GridLayout):
    """Every card at once, a row per suit and a column per value, each key named in
    words ("3 Diamonds"): one tap enters one card. Emits ``on_card(card)``."""

    __events__ = ("on_card",)

    def on_kv_post(self, _base) -> None:
        for suit in SUITS:
            for value in VALUES:
                key = CardKey(card=f"{value}{suit}", text=f"{value} {SUIT_NAMES[suit]}")
                key.bind(on_release=lambda k: self.dispatch("on_card", k.card))
                self.add_widget(key)

    def on_card(self, card: str) -> None:
        pass


class CardKey(Button):
    """One key of the CardGrid."""

    card = StringProperty("")


class CardChip(ToggleButton):
    """One entered card. In a slot that plays a hand, down means played and up means kept
    (the words say so too); elsewhere a tap removes the card."""

    card = StringProperty("")
    choosable = BooleanProperty(False)

    @staticmethod
    def label(card: str, choosable: bool, played: bool) -> str:
        """The card in words, and in a hand whether it is played or kept ("" for a chip made
        before it is told its card)."""
        if not card:
            return ""
        if not choosable:
            return card_name(card)
        return f"{card_name(card)}\n{'played' if played else 'kept'}"


class CardSlot(BoxLayout):
    """The cards of one hand or one draw. ``cards`` in entry order; ``played`` the subset
    sent as the hand (set to the advised play whenever the cards change, changeable by
    tapping a chip) when ``choosable``; ``capacity`` caps how many may be entered and
    ``most`` how many may be played (fewer for a wounded player, R-B7)."""

    title = StringProperty("")
    cards = ListProperty()
    played = ListProperty()
    choosable = BooleanProperty(False)
    capacity = NumericProperty(5)
    most = NumericProperty(MOST_PLAYED)
    ranked = BooleanProperty(True)  # name the rank (not for gold or printed base cards)
    base = ListProperty()  # a bounty's printed base cards: its rank counts them too (R-B3)
    summary = StringProperty("")  # the title, the count and the rank, for a form's own hint
    #: the words beside Remove last and Clear (markup): the rank at 20 px, read across the table,
    #: over the count and what a tap on a chip does
    heading = StringProperty("")
    titled = BooleanProperty(False)  # the heading names the slot too (no tab names it)
    hint = StringProperty("")  # a form's own words for the heading ("" for the usual heading)

    __events__ = ("on_change", "on_refused")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chips = Spares(self._chip)  # a desk's slots make theirs ahead (CardDesk.ahead)

    def add(self, card: str) -> bool:
        if len(self.cards) >= self.capacity:
            return False
        self.cards = self.cards + [card]
        self._advise()
        return True

    def remove_last(self) -> None:
        if self.cards:
            self.cards = self.cards[:-1]
            self._advise()

    def clear(self) -> None:
        self.cards = []
        self._advise()

    def set_cards(self, cards: list[str]) -> None:
        self.cards = list(cards)
        self._advise()

    def toggle(self, chip: CardChip) -> None:
        """A choosable chip flips between played and kept; any other chip is removed."""
        index = list(reversed(self.ids.chips.children)).index(chip)
        if self.choosable:
            played = list(self.played)
            if chip.state == "down" and len(played) >= self.most:
                chip.state = "normal"
                self.dispatch("on_refused", f"{self.title.removesuffix(' holds')} can play at most "
                                            f"{int(self.most)} card{'s' * (self.most != 1)} (wounds are dead space, R-B7)")
                return
            if chip.state == "down":
                played.append(self.cards[index])
            else:
                played.remove(self.cards[index])
            self.played = sorted(played, key=sort_key)
        else:
            self.cards = self.cards[:index] + self.cards[index + 1:]
        self._changed()

    def hand(self) -> list[str]:
        """What this slot sends: the played cards of a hand, or every card of a draw."""
        return list(self.played) if self.choosable else list(self.cards)

    def _advise(self) -> None:
        """New cards: mark the smallest set reaching the best rank as played (hands.best_play)."""
        self.played = list(best_play(self.cards, most=int(self.most))) if self.choosable and self.cards else []
        self._changed()

    def _changed(self) -> None:
        self._draw_chips()
        count = f"{len(self.cards)}/{int(self.capacity)}" if not self.choosable else str(len(self.cards))
        cards = self.hand()
        named = ""
        if self.ranked and (cards or self.base):
            named = (bounty_rank(self.base, cards) if self.base else rank(cards)).name
        self.summary = f"{self.title} ({count})" + (f"\n{named}" if named else "")
        self.heading = self._heading(named)
        self.dispatch("on_change")

    def _heading(self, named: str) -> str:
        """The rank on the first line (unranked, the count), large; the count and what a tap
        does on the second, small. The tabs say only whose cards these are, so a long name
        has their width to itself."""
        entered = len(self.cards)
        count = (f"{entered} card{'s' * (entered != 1)}" if self.choosable
                 else f"{entered} of {int(self.capacity)} cards")
        how = "tap: played / kept" if self.choosable else "tap to remove"
        first, second = (named, f"{count}; {how}") if named else (count, how)
        if self.titled:
            first = f"{self.title}: {first}"
        return f"[b]{escape_markup(first)}[/b]\n[size={theme.TEXT_SMALL}]{escape_markup(second)}[/size]"

    def on_change(self) -> None:
        pass

    def on_refused(self, reason: str) -> None:
        pass

    def _draw_chips(self) -> None:
        """One chip per card. Chips already on screen are kept (ui.reuse) and only told their
        card and state, so a tap renders the one new chip's text instead of rebuilding every
        chip, and the chip it shows was made ahead (a card tap must fit in a frame on the Pi)."""
        left = list(self.played)
        for chip, card in zip(self.chips.rows(self.ids.chips, len(self.cards)), self.cards):
            down = self.choosable and card in left
            if down:
                left.remove(card)
            chip.card, chip.choosable, chip.state = card, self.choosable, "down" if down else "normal"

    def _chip(self) -> CardChip:
        chip = CardChip()
        chip.bind(on_release=self.toggle)
        return chip


class SlotTab(ToggleButton):
    """Selects which slot the grid fills; says whose cards (or which draw) at 20 px, whole,
    wrapping between words (a hyphenated name too wide for it after its hyphen: ``words`` is
    what it says, ``text`` how it is laid out). An arrow marks a tab with more slots beyond it."""

    words = StringProperty("")
    index = NumericProperty(0)  # the slot it selects


#: what a slot is when its spec does not say (a reused slot forgets its last spec and cards)
SLOT_DEFAULTS = {"capacity": 5, "most": MOST_PLAYED, "choosable": False, "ranked": True, "base": [],
                 "cards": [], "played": []}

#: tabs in the desk's row at most: three across a final duel's desk at 800x480 read
#: "Ezekiel Fitzwilliam-Hay" at 20 px on two lines; a fourth would split "Bartholomew"
TABS = 3


class CardDesk(BoxLayout):
    """Several slots (hands, a bounty's draw) and one grid: tap a slot's tab, then enter
    its cards. Every card of the duel is checked against the one 75-card deck (R-B1)
    as it is entered, so a fourth copy is refused at once with the reason."""

    active = NumericProperty(0)
    slots = ListProperty()
    #: slots made with the desk, each with a full hand's chips: a duel's desk has its three
    #: (two hands and a draw) before its first duel, so no tap of it makes any
    ahead = NumericProperty(0)
    _slot = None  # the active slot, shown in the holder when there is room
    _filling = False  # set_slots is filling the slots in

    __events__ = ("on_refused", "on_change", "on_complete")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._made: list[CardSlot] = []  # every slot this desk has made, reused by set_slots
        self._tabs = Spares(self._tab)

    def set_slots(self, specs: list[dict]) -> None:
        """One CardSlot per spec (its properties: title, capacity, choosable, base); a slot
        with the same title as before keeps its cards, so redrawing never loses an entry.
        A lone slot has no tab, so its heading names it. The slots are the ones this desk
        made before, told their spec (a slot is a dozen widgets from kv rules: making a
        duel's three took most of a tap on 'Enter the cards')."""
        old = {slot.title: list(slot.cards) for slot in self.slots}
        while len(self._made) < len(specs):
            self._made.append(self._new_slot())
        slots = self._made[:len(specs)]
        for slot, spec in zip(slots, specs):
            for name, value in {**SLOT_DEFAULTS, "titled": len(specs) == 1, **spec}.items():
                setattr(slot, name, value)
        self.slots = slots
        self._filling = True  # one on_change for the whole desk, not one per slot
        try:
            for slot in slots:
                slot.set_cards(old.get(slot.title, [])[: int(slot.capacity)])
        finally:
            self._filling = False
        self.active = min(self.active, max(0, len(self.slots) - 1))
        self._draw()
        self.dispatch("on_change")

    def on_ahead(self, _desk, count: int) -> None:
        """Make the slots (their chips and tabs) now, with the screen, which the app builds ahead."""
        while len(self._made) < count:
            slot = self._new_slot()
            slot.chips.make_ahead(MOST_PLAYED)
            self._made.append(slot)
        self._tabs.make_ahead(min(count, TABS) if count > 1 else 0)  # a lone slot has no tab

    def _new_slot(self) -> CardSlot:
        slot = CardSlot()
        slot.bind(on_change=self._slot_changed, on_refused=lambda _slot, reason: self.dispatch("on_refused", reason))
        return slot

    def _slot_changed(self, _slot: CardSlot) -> None:
        if not self._filling:
            self.dispatch("on_change")

    def select(self, index: int) -> None:
        self.active = index
        self._draw()

    def add(self, card: str) -> None:
        slot = self.slots[self.active]
        everything = [c for s in self.slots for c in s.cards] + [card]
        try:
            check_copies(everything)
        except InputError as exc:
            self.dispatch("on_refused", f"{exc} (R-B1)")
            return
        if not slot.add(card):
            room = int(slot.capacity)
            why = " at most (a full hand less its wounds, R-B7)" if slot.choosable else ""
            self.dispatch("on_refused", f"{slot.title} {room} card{'s' * (room != 1)}{why}; remove one first")
        elif len(slot.cards) >= slot.capacity:
            self._next_slot()

    def _next_slot(self) -> None:
        """A slot just filled: on to the next one still to fill (no tab to tap); when every
        draw is complete and every hand holds a card, the cards are all in: ``on_complete``."""
        order = self.slots[self.active + 1:] + self.slots[:self.active]
        waiting = [s for s in order if len(s.cards) < s.capacity and not (s.choosable and s.cards)]
        if waiting:
            self.select(self.slots.index(waiting[0]))
        elif all(s.cards for s in self.slots) and not self.slots[self.active].choosable:
            self.dispatch("on_complete")

    def _tabbed(self) -> range:
        """The slots with a tab: none for a lone slot (which leaves the grid and the slot room
        under a refusal's words), all of them up to TABS, else the active slot and its
        neighbours in seat order, so the next slot to fill is always one tap away."""
        if len(self.slots) < 2:
            return range(0)
        first = min(max(self.active - 1, 0), max(len(self.slots) - TABS, 0))
        return range(first, min(first + TABS, len(self.slots)))

    def _draw(self) -> None:
        """The tabs and the active slot, the tabs kept from the last redraw (ui.reuse): moving
        to the next slot relabels them and makes none."""
        tabs, shown = self.ids.tabs, self._tabbed()
        tabs.cols = max(1, len(shown))
        for tab, index in zip(self._tabs.rows(tabs, len(shown)), shown):
            before = "< " if index == shown[0] and index > 0 else ""
            after = " >" if index == shown[-1] and index < len(self.slots) - 1 else ""
            tab.index, tab.words = index, f"{before}{self.slots[index].title}{after}"
            tab.state = "down" if index == self.active else "normal"
        slot = self.slots[self.active] if self.slots else None
        if slot is not self._slot:
            if self._slot is not None:
                self._slot.unbind(height=self._fit)
                if self._slot.parent is not None:
                    self._slot.parent.remove_widget(self._slot)
            self._slot = slot
            if slot is not None:
                slot.bind(height=self._fit)
        self._fit()

    def _tab(self) -> SlotTab:
        tab = SlotTab()
        tab.bind(on_release=lambda t: self.select(int(t.index)))
        return tab

    def on_size(self, *_args) -> None:
        self._fit()

    def _fit(self, *_args) -> None:
        """The active slot's cards between the tabs and the grid when there is room. When a
        refusal's words take the room (at 800x480 the desk is then a row short), the slot steps
        aside, so the tabs and the grid stay whole and tappable; 'Got it' brings it back."""
        holder, slot = self.ids.holder, self._slot
        room = self.height - self.ids.tabs.height - self.ids.grid.height - 2 * self.ids.stack.spacing
        show = slot is not None and slot.height <= room + 0.5
        if show and slot.parent is None:
            holder.add_widget(slot)
        elif not show and slot is not None and slot.parent is not None:  # (ids are proxies: no `is holder`)
            holder.remove_widget(slot)  # out of the tree, so it takes no touch meant for the grid
        holder.height = slot.height if show else 0

    def on_refused(self, reason: str) -> None:
        pass

    def on_change(self) -> None:
        pass

    def on_complete(self) -> None:
        pass


load_kv(__file__)
