"""Duel cards entered by touch, as values: a desk of slots (a hand, a bounty's draw, the Gold
paid at the store) and which slot the card grid fills.

A card is one tap on the grid of all 25 cards. Every card of a desk is checked against the
one 75-card deck as it is entered (R-B1), a slot takes no more than its room (a hand less
its wounds, R-B7), and a hand marks as played the fewest cards reaching its best rank
(``hands.best_play``), which a tap on a card turns to kept and back. A slot filled moves the
desk on to the next slot still waiting; nothing here moves a page: that is the screen's.
Every refusal is a sentence for the table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from companion.bountytown.cards import check_copies, parse_card, sort_key
from companion.bountytown.hands import MOST_PLAYED, best_play, bounty_rank, rank
from companion.bountytown.view import card_name
from companion.intake.errors import InputError

#: tabs in the desk's row at most: three across a final duel's desk at 800x480 read
#: "Ezekiel Fitzwilliam-Hay" at 20 px on two lines; a fourth would split "Bartholomew"
TABS = 3


@dataclass(frozen=True)
class Slot:
    """The cards of one hand or one draw. ``played``: a hand's cards sent (``choosable``);
    ``capacity``: how many may be entered; ``most``: how many a hand may play (R-B7);
    ``base``: a bounty's printed base cards, which its rank counts too (R-B3)."""

    title: str
    cards: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    choosable: bool = False
    capacity: int = 5
    most: int = MOST_PLAYED
    ranked: bool = True
    base: tuple[str, ...] = ()

    def hand(self) -> list[str]:
        """What this slot sends: the played cards of a hand, or every card of a draw."""
        return list(self.played) if self.choosable else list(self.cards)

    def full(self) -> bool:
        return len(self.cards) >= self.capacity

    def rank_name(self) -> str:
        """The rank of what the slot sends; none before its first card (a bounty's base
        alone is no draw: issue 37, "Rainbow" showed over a draw with nothing drawn)."""
        cards = self.hand()
        if not self.ranked or not cards:
            return ""
        return (bounty_rank(self.base, cards) if self.base else rank(cards)).name


@dataclass(frozen=True)
class Desk:
    """Slots and the one the grid fills (``active``); ``again``: a card just refused for being
    in the active slot already, which the next tap on it enters (see ``added``)."""

    slots: tuple[Slot, ...] = ()
    active: int = 0
    again: str = ""

    @property
    def slot(self) -> Slot | None:
        return self.slots[self.active] if self.slots else None

    def cards(self) -> list[str]:
        return [c for s in self.slots for c in s.cards]

    def with_slot(self, slot: Slot, index: int | None = None) -> Desk:
        i = self.active if index is None else index
        return replace(self, slots=self.slots[:i] + (slot,) + self.slots[i + 1:], again="")


@dataclass(frozen=True)
class Twice:
    """A card tapped that the active slot holds already: refused (``why``), with the desk
    (``desk``) that enters it on the next tap of the same card."""

    why: str
    desk: Desk


def advised(slot: Slot) -> Slot:
    """New cards: the smallest set reaching the best rank marked played (a hand)."""
    played = tuple(best_play(slot.cards, most=slot.most)) if slot.choosable and slot.cards else ()
    return replace(slot, played=played)


def laid(desk: Desk, specs: list[Mapping[str, Any]]) -> Desk:
    """One slot per spec; a slot whose title was already there keeps its cards (cut to its
    room), so laying the desk again never loses an entry."""
    old = {s.title: s.cards for s in desk.slots}
    slots = tuple(advised(replace(slot, cards=old.get(slot.title, ())[: slot.capacity]))
                  for slot in (Slot(**spec) for spec in specs))
    return Desk(slots, min(desk.active, max(0, len(slots) - 1)))


def added(desk: Desk, card: str, twice: bool = False) -> Desk | Twice | str:
    """One card into the active slot, or why not; a slot filled moves on to the next waiting.

    A card the slot holds already is refused once (``Twice``) and taken on the next tap of
    it: the deck holds three of each (R-B1), so a hand may hold two, but a double tap, or a
    finger landing twice, must not enter one unseen (issue 37). ``twice``: the copy is meant
    (typed in)."""
    slot = desk.slot
    if slot is None:
        return "There is no hand to enter a card in."
    try:
        check_copies(desk.cards() + [card])
    except InputError as exc:
        return f"{exc} (R-B1)"
    if card in slot.cards and not twice and desk.again != card and not slot.full():
        return Twice(_twice(slot, card_name(card)), replace(desk, again=card))
    if slot.full():
        room = f"{slot.capacity} card{'s' * (slot.capacity != 1)}"
        if slot.choosable:
            return (f"{slot.title.removesuffix(' holds')} holds {room} at most (a full hand less its wounds, R-B7); "
                    "remove one first")
        return f"{slot.title}: {room} at most; remove one first"
    slot = advised(replace(slot, cards=slot.cards + (card,)))
    desk = desk.with_slot(slot)
    return on_to_waiting(desk) if slot.full() else desk


def _twice(slot: Slot, name: str) -> str:
    """Why a card the slot holds is not taken yet, and how to enter a second copy."""
    again = f"tap {name} again if there is a second one (the deck has three of each card)"
    if slot.choosable:
        owner = slot.title.removesuffix(" holds")
        return f"{name} is already in {owner}'s hand: {again}"
    return f"{name} is already entered for {slot.title}: {again}"


def on_to_waiting(desk: Desk) -> Desk:
    """A slot just filled: the next one still to fill (no tab to tap), if any."""
    order = list(range(desk.active + 1, len(desk.slots))) + list(range(desk.active))
    waiting = [i for i in order if not desk.slots[i].full() and not (desk.slots[i].choosable and desk.slots[i].cards)]
    return replace(desk, active=waiting[0]) if waiting else desk


def complete(desk: Desk) -> bool:
    """Every draw entered whole and every hand holding a card."""
    return bool(desk.slots) and all(s.cards if s.choosable else s.full() for s in desk.slots)


def typed(desk: Desk, text: str) -> Desk | str:
    """Cards typed ("3G 1h, 5S"), each entered as if tapped (a copy typed is meant); none
    when one is not a card."""
    words = text.replace(",", " ").split()
    try:
        cards = [parse_card(part) for part in words]
    except InputError:
        wrong = next(w for w in words if not _card(w))
        return f"{wrong} is not a card: a card is a value 1 to 5 and a suit letter (H, D, S, C or G), as 3G"
    for card in cards:
        done = added(desk, card, twice=True)
        if isinstance(done, str):
            return done
        assert isinstance(done, Desk), "twice=True enters a copy, never a Twice"
        desk = done
    return desk


def _card(text: str) -> bool:
    try:
        parse_card(text)
    except InputError:
        return False
    return True


def removed_last(desk: Desk) -> Desk:
    slot = desk.slot
    return desk if slot is None or not slot.cards else desk.with_slot(advised(replace(slot, cards=slot.cards[:-1])))


def cleared(desk: Desk) -> Desk:
    return desk if desk.slot is None else desk.with_slot(advised(replace(desk.slot, cards=())))


def chip(desk: Desk, index: int) -> Desk | str:
    """A card of the active slot tapped: in a hand, played becomes kept and back (no more
    than the hand may play); elsewhere the card comes out."""
    slot = desk.slot
    if slot is None or not 0 <= index < len(slot.cards):
        return desk
    card = slot.cards[index]
    if not slot.choosable:
        return desk.with_slot(replace(slot, cards=slot.cards[:index] + slot.cards[index + 1:]))
    played = list(slot.played)
    if chips(slot)[index][2]:
        played.remove(card)
    elif len(played) >= slot.most:
        return (f"{slot.title.removesuffix(' holds')} can play at most {slot.most} "
                f"card{'s' * (slot.most != 1)} (wounds are dead space, R-B7)")
    else:
        played.append(card)
    return desk.with_slot(replace(slot, played=tuple(sorted(played, key=sort_key))))


def chips(slot: Slot) -> tuple[tuple[int, str, bool], ...]:
    """Each card of a slot: (its index, its words, played): played ones first as marked."""
    left = list(slot.played)
    shown = []
    for index, card in enumerate(slot.cards):
        down = slot.choosable and card in left
        if down:
            left.remove(card)
        words = card_name(card) if not slot.choosable else f"{card_name(card)}\n{'played' if down else 'kept'}"
        shown.append((index, words, down))
    return tuple(shown)


def tabbed(desk: Desk) -> range:
    """The slots with a tab: none for a lone slot, all of them up to TABS, else the active
    slot and its neighbours in seat order, so the next slot to fill is one tap away."""
    if len(desk.slots) < 2:
        return range(0)
    first = min(max(desk.active - 1, 0), max(len(desk.slots) - TABS, 0))
    return range(first, min(first + TABS, len(desk.slots)))


def tabs(desk: Desk) -> tuple[tuple[int, str, bool], ...]:
    """(slot, words, on) for each tab; an arrow marks a tab with more slots beyond it."""
    shown = tabbed(desk)
    out = []
    for index in shown:
        before = "< " if index == shown[0] and index > 0 else ""
        after = " >" if index == shown[-1] and index < len(desk.slots) - 1 else ""
        out.append((index, f"{before}{desk.slots[index].title}{after}", index == desk.active))
    return tuple(out)


def heading(slot: Slot, titled: bool) -> tuple[str, str]:
    """The rank first (unranked, the count), and the count with what a tap does; ``titled``:
    the first names the slot too (no tab names it)."""
    entered = len(slot.cards)
    count = (f"{entered} card{'s' * (entered != 1)}" if slot.choosable else f"{entered} of {slot.capacity} cards")
    how = "tap: played / kept" if slot.choosable else "tap to remove"
    named = slot.rank_name()
    first, second = (named, f"{count}; {how}") if named else (count, how)
    return (f"{slot.title}: {first}" if titled else first), second
