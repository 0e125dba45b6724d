"""A duel, step by step: choose the opponent, enter the cards, see the result, confirm.

1. Target: an active bounty or a player (and, against a player, which of their bounties
   is at stake, and whether they discard a Cowboy Hat; a Rifle for a duel from afar).
2. Cards: the hands and the bounty's draw, entered by tapping. Before the draw the
   player sees their rank, which cards to play (``hands.best_play``: the fewest reaching
   the best rank) and the exact odds against the bounty. Wounds are dead space (R-B7):
   each hand takes only the cards that are not wounds, and plays at most that many; a
   stepper says when a hand holds more or fewer cards than the hand limit. The odds'
   slow part (``odds.bounty_chances``, growing with the bounty's draws) is worked out in
   a worker process (``ui.background``), started once the table is laid out (and again
   when the cards page opens, if it has stopped): a tap never waits for it, the screen
   says "working out the odds..." meanwhile and never shows odds for other cards than
   those entered.
3. Result: ``engine.preview`` says what the duel does - ranks, outcome, wounds with
   location effects, critical wounds, Bank discards, items - and only Confirm sends it.

The seed is chosen when the duel begins and sent with the action, so the item a critical
wound discards at random is the one the preview showed.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from kivy.properties import DictProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.bountytown.engine import bank_discard, preview
from companion.bountytown.hands import best_play, rank
from companion.bountytown.odds import bounty_chances
from companion.bountytown.state import ACTIVE_BOUNTIES, ITEM_PRICES, PLAYERS, GameState
from companion.bountytown.view import HandRoom, card_name, critical_choices, describe, hand_room
from companion.engine import RuleError, new_seed
from ui import theme
from ui.background import LatestAnswers
from ui.kvload import load_kv
from ui.later import AfterFrame
from ui.pages import turn_to
from ui.reuse import Spares
from ui.widgets import BigButton, Caption
import ui.bountytown.cards  # noqa: F401  (CardDesk for the kv rules)
from ui.bountytown.forms import CountStepper

WORKING = "Working out the odds..."

#: errors about the cards, not the target: the target is fine, the hands are still to come
CARD_RULES = frozenset({"Duels", "R-B1"})


def percent(p) -> str:
    return f"{float(p) * 100:.1f}%"


def cards_text(cards) -> str:
    return ", ".join(card_name(c) for c in cards) or "none"


class DuelView(BoxLayout):
    """The draft of one duel; ``action()`` is what Confirm sends."""

    screen = ObjectProperty(None, allownone=True)
    kind = StringProperty("")  # "bounty" or "player"
    target = StringProperty("")
    steal = StringProperty("")  # the defender's bounty at stake ("" for none)
    options = DictProperty()  # rifle, hat: bool
    crucifix = ListProperty()
    bounty_items = ListProperty()
    take = StringProperty("")
    critical = DictProperty()
    in_hand = DictProperty()  # player -> cards in hand, where it is not the full hand the engine assumes (R-B7)
    seed = NumericProperty(0)
    heading = StringProperty("")
    info = StringProperty("")
    result = StringProperty("")
    ready = StringProperty("")  # why Confirm is not possible yet ("" when it is)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.odds = LatestAnswers(bounty_chances, self._odds_ready)
        # made with the screen: every target a duel can offer, the kinds a bounty's item may
        # be (a result's other choices reuse those), and a stepper for each hand
        self._options = Spares(DuelOption, ACTIVE_BOUNTIES + max(PLAYERS) - 1 + len(ITEM_PRICES))
        self._counts = Spares(self._hand_count, 2)
        self._cards_later = AfterFrame(self._cards_ahead)

    # -- the draft -------------------------------------------------------------------

    def begin(self) -> None:
        self.kind = self.target = self.steal = self.take = ""
        self.options = {"rifle": False, "hat": False}
        self.crucifix, self.bounty_items, self.critical, self.in_hand = [], [], {}, {}
        self.seed = new_seed()
        self.ids.desk.slots, self.ids.desk.active = [], 0
        self.page("target")

    def page(self, name: str) -> None:
        turn_to(self.ids.steps, name)
        self.refresh(self.screen.state)

    def action(self) -> dict[str, Any]:
        slots = self.ids.desk.slots
        hands = [slot.hand() for slot in slots if slot.choosable]
        drawn = next((list(slot.cards) for slot in slots if not slot.choosable), [])
        common = {"rifle": self.options.get("rifle", False), "crucifix": list(self.crucifix),
                  "critical_discard": dict(self.critical), "seed": int(self.seed)}
        if self.in_hand:
            common["in_hand"] = dict(self.in_hand)
        if self.kind == "bounty":
            return {"type": "duel_bounty", "bounty": self.target, "hand": hands[0] if hands else [],
                    "drawn": drawn, "bounty_items": list(self.bounty_items), "take": self.take or None, **common}
        return {"type": "duel_player", "defender": self.target, "bounty": self.steal or None,
                "attacker_hand": hands[0] if hands else [], "defender_hand": hands[1] if len(hands) > 1 else [],
                "drawn": drawn, "hat": self.options.get("hat", False), **common}

    def _bounty(self, state: GameState):
        """The bounty this duel is about (active, or the defender's), or None."""
        if self.kind == "bounty":
            return next((b for b in state.active if b.name == self.target), None)
        if self.steal:
            return next((b for b in state.player(self.target).captured if b.name == self.steal), None)
        return None

    def _draws(self, state: GameState) -> int:
        bounty = self._bounty(state)
        return bounty.draws if bounty else 0

    # -- step 1: the target ------------------------------------------------------------

    def choose(self, kind: str, name: str) -> None:
        """A target tapped. A bounty with nothing more to choose (no Rifle to spend) goes
        straight on to the cards: one tap fewer in the duel people fight most."""
        self.kind, self.target, self.steal, self.in_hand = kind, name, "", {}
        self.options = {"rifle": self.options.get("rifle", False), "hat": False}
        if kind == "bounty" and "Rifle" not in self.screen.state.current.items:
            self.to_cards()
        if self.ids.steps.current == "target":  # (not drawn again for a page just left)
            self.refresh(self.screen.state)
            self._cards_later()

    def _cards_ahead(self, _dt: float) -> None:
        """The cards page's hands and draw for the target chosen, set while the choice is
        read: 'Enter the cards' then renders only what the cards page's words change (the
        desk keeps a slot's cards by its title, so nothing entered is lost)."""
        if self.ids.steps.current == "target" and self.kind:
            self._set_slots(self.screen.state)

    def flip(self, option: str) -> None:
        self.options = {**self.options, option: not self.options.get(option, False)}
        self.refresh(self.screen.state)

    def set_steal(self, name: str) -> None:
        self.steal = "" if self.steal == name else name
        self.refresh(self.screen.state)
        self._cards_later()  # the bounty stolen is drawn for

    def to_cards(self) -> None:
        """On to the cards if the engine has nothing against the target; a Cowboy Hat skips them."""
        if not self.kind:
            self.screen.message = "Refused: choose a bounty or a player to duel"
            return
        try:
            preview(self.screen.state, self.action())
        except RuleError as exc:
            if exc.rule not in CARD_RULES:
                self.screen.message = f"Refused: {exc}"
                return
        else:
            self.page("result")
            return
        self.screen.message = ""
        self.odds.prepare()
        turn_to(self.ids.steps, "cards")  # first: the desk's change below redraws this page, not the targets
        self._set_slots(self.screen.state)

    def _players(self, state: GameState) -> list[str]:
        """Who plays a hand in this duel: the current player, then the defender."""
        return [state.current.name] + ([self.target] if self.kind == "player" else [])

    def _set_slots(self, state: GameState) -> None:
        """The desk's slots and a stepper per hand, both kept from the last duel (ui.reuse)."""
        specs = []
        players = self._players(state)
        for stepper, name in zip(self._counts.rows(self.ids.counts, len(players)), players):
            room = self._room(state, name)
            specs.append({"title": f"{name} holds", "capacity": room.cards, "most": room.most, "choosable": True})
            stepper.player, stepper.label = name, f"{name}'s cards in hand"
            stepper.minimum, stepper.maximum, stepper.value = room.fewest, room.largest, room.in_hand
        bounty = self._bounty(state)
        if bounty and bounty.draws:
            specs.append({"title": f"Drawn for {bounty.name}", "capacity": bounty.draws, "base": list(bounty.base)})
        self.ids.desk.set_slots(specs)

    def _hand_count(self) -> HandCount:
        count = HandCount()
        count.bind(on_step=lambda c, value: self.set_in_hand(c.player, int(value)))
        return count

    def _room(self, state: GameState, name: str, entered: bool = True) -> HandRoom:
        """What ``name``'s hand leaves to enter and play: the count entered, or (``entered``
        False) the full hand the engine assumes, less the Bank's discard (R-B9)."""
        player = state.player(name)
        return hand_room(player, self.in_hand.get(name) if entered else None, bank_discard(state, player))

    def set_in_hand(self, name: str, count: int) -> None:
        """The cards in a hand (wounds included) when it is not the full hand (R-B7, R-B9)."""
        full = self._room(self.screen.state, name, entered=False).in_hand
        self.in_hand = {**{n: c for n, c in self.in_hand.items() if n != name}, **({name: count} if count != full else {})}
        self._set_slots(self.screen.state)  # (the desk's change redraws the page)

    # -- step 3: the result's choices ------------------------------------------------

    def flip_crucifix(self, name: str) -> None:
        self.crucifix = [n for n in self.crucifix if n != name] if name in self.crucifix else self.crucifix + [name]
        self.refresh(self.screen.state)

    def add_item(self, item: str) -> None:
        bounty = self._bounty(self.screen.state)
        if bounty and len(self.bounty_items) < bounty.items:
            self.bounty_items = self.bounty_items + [item]
        self.refresh(self.screen.state)

    def clear_items(self) -> None:
        self.bounty_items, self.take = [], ""
        self.refresh(self.screen.state)

    def set_take(self, item: str) -> None:
        self.take = "" if self.take == item else item
        self.refresh(self.screen.state)

    def set_critical(self, name: str, bounty: str) -> None:
        self.critical = {**self.critical, name: bounty}
        self.refresh(self.screen.state)

    def confirm(self) -> None:
        self.screen.act_then_show(self.action(), "town")

    # -- drawing -------------------------------------------------------------------------

    def refresh(self, state: GameState) -> None:
        if state.finished or not self.ids.steps.current:
            return
        step = self.ids.steps.current
        if step == "target":
            self._draw_targets(state)
        elif step == "cards":
            self.info = self._advice(state)
        else:
            self._draw_result(state)

    def _draw_targets(self, state: GameState) -> None:
        me = state.current
        self.heading = f"Duel: whom does {me.name} (at {me.location}) face?"
        targets = []
        for b in state.active:
            chosen = self.kind == "bounty" and self.target == b.name
            targets.append((f"{'(chosen) ' if chosen else ''}{b.name} (renown {b.renown}) at {' / '.join(b.locations)}; "
                            f"base {cards_text(b.base)}; draws {b.draws}; {b.items} item(s)",
                            chosen, partial(self.choose, "bounty", b.name)))
        for p in state.players:
            if p.name == me.name:
                continue
            chosen = self.kind == "player" and self.target == p.name
            targets.append((f"{'(chosen) ' if chosen else ''}{p.name} (renown {p.renown}) at {p.location}; "
                            f"can be stolen: {', '.join(b.name for b in p.captured) or 'none'}",
                            chosen, partial(self.choose, "player", p.name)))
        extras = []
        if "Rifle" in me.items:
            on = self.options.get("rifle", False)
            extras.append((f"{me.name} discards the Rifle (duel from afar): {'yes' if on else 'no'}",
                           on, partial(self.flip, "rifle")))
        if self.kind == "player":
            defender = state.player(self.target)
            for b in defender.captured:
                on = self.steal == b.name
                extras.append((f"At stake: {b.name} ({b.renown}): {'yes' if on else 'no'}",
                               on, partial(self.set_steal, b.name)))
            if "Cowboy Hat" in defender.items:
                on = self.options.get("hat", False)
                extras.append((f"{defender.name} discards the Cowboy Hat: {'yes' if on else 'no'}",
                               on, partial(self.flip, "hat")))
        show_options(self.ids.targets, targets, self._options)
        show_options(self.ids.extras, extras, self._options)

    def _advice(self, state: GameState) -> str:
        """Rank, best play and exact odds, from the cards entered so far (before the draw)."""
        slots = self.ids.desk.slots
        if not slots:
            return ""
        lines = []
        bounty = self._bounty(state)
        if bounty:
            lines.append(f"{bounty.name}: base {cards_text(bounty.base)}; draws {bounty.draws}")
        hands = [s for s in slots if s.choosable]
        for name, slot in zip(self._players(state), hands):
            note = self._room(state, name).note
            if note:
                lines.append(note)
            if slot.played:
                lines.append(f"{name} plays {cards_text(slot.played)}: {rank(slot.played).name}")
                best = best_play(slot.cards, most=int(slot.most))
                if sorted(best) != sorted(slot.played):
                    lines.append(f"  best play for {name}: {cards_text(best)}")
        mine = hands[0]
        if bounty and mine.played:
            lines.append(self._odds_line(bounty, mine, [c for s in hands for c in s.cards]))
        return "\n".join(lines)

    def _odds_line(self, bounty, mine, named: list[str]) -> str:
        """The odds of the cards played against the bounty, if known yet for these cards."""
        chances = self.odds.get((tuple(bounty.base), bounty.draws, tuple(sorted(named))))
        if chances is None:
            return WORKING
        if isinstance(chances, Exception):
            return f"Odds not available: {chances}"
        odds = chances.against(rank(mine.played), tuple(mine.played))
        return (f"Against {bounty.name}'s {bounty.draws} draws: win {percent(odds.p_win)}, "
                f"tie {percent(odds.p_tie)}, lose {percent(odds.p_lose)}")

    def _odds_ready(self, _question, _answer) -> None:
        """An answer came for the newest cards: show it (a fresh look, so never stale)."""
        if self.screen is not None and self.ids.steps.current == "cards":
            self.refresh(self.screen.state)

    def _draw_result(self, state: GameState) -> None:
        action = self.action()
        choices = critical_choices(state, action)
        self.critical = {n: b for n, b in self.critical.items() if b in choices.get(n, ())}
        action = self.action()
        try:
            report = preview(state, action)
        except RuleError as exc:
            self.ready, self.result = f"Not ready: {exc}", ""
        else:
            self.ready, self.result = "", "\n".join(describe(report))
        shown: list[tuple[type, tuple]] = []  # (row class, what its show() is told)
        for name in self._players(state):
            if "Crucifix" in state.player(name).items:
                on = name in self.crucifix
                shown.append((DuelOption, (f"{name} discards a Crucifix (no wounds): {'yes' if on else 'no'}",
                                           on, partial(self.flip_crucifix, name))))
        for name, bounties in choices.items():
            shown.append((DuelNote, (f"{name} is critically wounded: which bounty to discard?",)))
            for b in bounties:
                on = self.critical.get(name) == b
                shown.append((DuelOption, (f"{name} discards {b}{' (chosen)' if on else ''}", on,
                                           partial(self.set_critical, name, b))))
        bounty = self._bounty(state)
        if self.kind == "bounty" and bounty and bounty.items:
            shown.append((DuelNote, (f"{bounty.name}'s {bounty.items} face-down item(s): "
                                     f"{', '.join(self.bounty_items) or 'tap what they are'}",)))
            if len(self.bounty_items) < bounty.items:
                shown.append((ItemKinds, ([(f"It is a {item}", False, partial(self.add_item, item))
                                           for item in ITEM_PRICES], self._options)))
            else:
                for item in dict.fromkeys(self.bounty_items):
                    on = self.take == item
                    shown.append((DuelOption, (f"{state.current.name} takes the {item}: {'yes' if on else 'no'}",
                                               on, partial(self.set_take, item))))
                shown.append((DuelOption, ("Re-enter the items", False, self.clear_items)))
        show_rows(self.ids.choices, shown, self._options)


class HandCount(CountStepper):
    """How many cards ``player`` holds (R-B7); a stepper kept across duels, told its player."""

    player = StringProperty("")


class Choice(BigButton):
    """A button of a list redrawn from the state. What a tap does is a property, so a redrawn
    list keeps its buttons and only relabels them."""

    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose()


class DuelOption(Choice):
    """A choice in a duel (a target, an item, a bounty at stake or lost). It names players
    and bounties, so it reads at 20 px, whole, and grows a line rather than cut one."""

    def show(self, text: str, on: bool, choose: Callable[[], Any]) -> None:
        self.text, self.tint, self.bold, self.choose = text, theme.ACCENT if on else theme.PANEL, on, choose


class DuelNote(Caption):
    """Words between a duel's choices (who is critically wounded, a bounty's items)."""

    def show(self, text: str) -> None:
        self.text = text


class ItemKinds(GridLayout):
    """The kinds of item a bounty's face-down item may be, two to a row."""

    def show(self, options: list[tuple[str, bool, Callable[[], Any]]], spares: Spares[DuelOption]) -> None:
        show_options(self, options, spares)


def show_rows(box: Widget, wanted: list[tuple[type, tuple]], spares: Spares[DuelOption]) -> None:
    """``box`` showing one widget per (class, what its ``show`` is told), in order. A widget
    already in its place is kept when it is of that class (ui.reuse for a list of mixed rows):
    choosing an item or a bounty to lose relabels the result's choices and remakes none; a
    DuelOption comes from (and goes back to) ``spares``."""
    shown = list(reversed(box.children))
    same = 0
    while same < min(len(shown), len(wanted)) and type(shown[same]) is wanted[same][0]:
        same += 1
    for widget in shown[same:]:
        box.remove_widget(widget)
        if isinstance(widget, DuelOption):
            spares.keep([widget])
        elif isinstance(widget, ItemKinds):
            spares.rows(widget, 0)  # its options go back too
    for cls, _ in wanted[same:]:
        box.add_widget(spares() if cls is DuelOption else cls())
    for widget, (_, args) in zip(reversed(box.children), wanted):
        widget.show(*args)


def show_options(box: Widget, options: list[tuple[str, bool, Callable[[], Any]]],
                 spares: Spares[DuelOption]) -> None:
    """``box`` showing one DuelOption per (text, chosen, what a tap does), its buttons kept
    from the last redraw and from ``spares``: choosing a target remakes none."""
    for option, (text, on, choose) in zip(spares.rows(box, len(options)), options):
        option.show(text, on, choose)


load_kv(__file__)
