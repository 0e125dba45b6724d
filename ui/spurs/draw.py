"""The draw step: the exact odds first, then the companion's draw or the physical bag's,
then the bullets drawn, big, with what they did.

The odds come from ``companion.spurs.view.draw_plan`` for the very action that will be
sent, so the chance shown is the chance of what the engine then does. A physical draw
is entered by tapping the colours taken out; the engine judges the entry (right count,
right colours for the weapon) and a refusal shows its reason in the game bar. A duel's
draw has a part per duellist (R-S8): each one's bullets are tapped in turn, from their
own bag, and the last bullet of the last part sends the duel.
"""

from __future__ import annotations

import functools
from typing import Any

from kivy.properties import DictProperty, NumericProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.button import Button

from companion.engine import RuleError, new_seed
from companion.spurs.bag import COLOURS, Bag
from companion.spurs.state import DrawRecord, SpursState
from companion.spurs.view import DrawPlan, check_duel_entry, odds_words, pool_colours
from ui import sounds
from ui.kvload import load_kv
from ui.later import AfterFrame
from ui.reuse import Spares
from ui.spurs.controls import BulletDisc
from ui.spurs.page import Page
import ui.spurs.forms  # noqa: F401  (PageTitle, FormRow, Note for the kv rules)

DIG = ("gold", "stones")
DISCS_AHEAD = 6  # a revolver's or rifle's draw with a Spur's extra, and a dig: a gang makes the rest


def discs(record: DrawRecord) -> list[str]:
    """The colour of every object one draw brought up, in a stable order."""
    kinds = DIG if record.bag == "gold" else COLOURS
    return [kind for kind in kinds for _ in range(getattr(record.drawn, kind))]


def describe(record: DrawRecord) -> str:
    """Who drew, how, and from which bag, in words ("The companion drew for Ann: rifle")."""
    verb = "dug" if record.bag == "gold" else "drew"
    who = f"The companion {verb} for {record.player}" if record.mode == "digital" else \
        f"{record.player} {verb} from the real bag"
    what = "the Gold/Stones bag" if record.bag == "gold" else (
        f"{record.weapon} draw" if record.weapon else "the whole bag (a gang)")
    return f"{who}: {what}"


def counted(bag: Bag) -> str:
    """Bullets in words, "1 grey, 1 white", or "none"."""
    return ", ".join(f"{bag[c]} {c}" for c in COLOURS if bag[c]) or "none"


class ColourTap(Button):
    """One colour of the physical draw: a tap adds one taken out of the bag. The page
    sets ``taken`` and ``in_bag``: a kv expression reaching through ``page`` to its
    dicts was never re-evaluated, so the counts on the buttons stayed at 0."""

    kind = StringProperty("grey")
    page = ObjectProperty(None)
    taken = NumericProperty(0)
    in_bag = NumericProperty(0)  # what this draw can take of the colour
    held = NumericProperty(0)  # what the bag holds of it, takeable or not


class DrawPage(Page):
    phase = OptionProperty("before", options=("before", "enter", "after"))
    plan = ObjectProperty(None, allownone=True)
    chance = StringProperty("")
    headline = StringProperty("")
    lines = StringProperty("")
    pool = DictProperty()  # what the draw can take: colour (and gold, stones) -> count
    bag = DictProperty()  # what the bag holds, takeable or not: colour -> count
    barred = StringProperty("")  # in words, the colours this draw leaves in the bag
    entered = DictProperty()  # taps so far: colour (and gold, stones) -> count
    bullets = NumericProperty(0)
    dig = NumericProperty(0)
    optional = NumericProperty(0)  # extra draws from Spurs, which a physical entry may leave out
    outcome = StringProperty("")
    drew = StringProperty("")
    left = StringProperty("")  # a fight's bullets not yet counted
    part = NumericProperty(0)  # a duel: whose draw is being tapped (an index into plan.parts)
    whose = StringProperty("")  # a duel: that duellist's draw, in words

    def open(self, action: dict[str, Any] | None = None, plan: DrawPlan | None = None,
             phase: str = "before", **_context: Any) -> None:
        if action is not None:
            self.pending, self.plan = action, plan
            self.bullets, self.dig, self.optional = plan.bullets, plan.dig, plan.optional
            self.chance, self.headline, self.lines = odds_words(plan)
            self.part, self._parts_drawn, self.whose = 0, {}, ""
        self.phase = phase

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.weapon: str | None = None  # the pool the entry takes from (the part's, in a duel)
        self._parts_drawn: dict[str, dict[str, int]] = {}  # a duel: the bullets of each part tapped so far
        self._entry_later = AfterFrame(self._entry_ahead)
        self._discs = Spares(BulletDisc, DISCS_AHEAD)

    @functools.cached_property
    def _taps(self) -> list[ColourTap]:
        """The entry's buttons, reached while their phase is not in the tree (a ScreenManager
        holds only the current screen), so they can be filled before the entry is shown.
        Not in ``__init__``: a page made by the game screen's kv rule gets its ids later."""
        return [w for w in self.ids.phases.get_screen("enter").walk(restrict=True) if isinstance(w, ColourTap)]

    def prepare(self, action: dict[str, Any], plan: DrawPlan, state: SpursState) -> None:
        """Filled for a form's action while another page shows (see ``DrawFormPage``)."""
        self.open(action, plan)
        self.update(state)
        self.clear_entry()

    def on_phase(self, _page: DrawPage, phase: str) -> None:
        self.ids.phases.current = phase

    def on_entered(self, *_args: Any) -> None:
        self.show_counts()

    def on_pool(self, *_args: Any) -> None:
        if self.phase == "enter":
            self.show_counts()

    def show_counts(self) -> None:
        """Each colour button's taps so far and what the bag holds of it."""
        for tap in self._taps:
            tap.taken, tap.in_bag = self.entered.get(tap.kind, 0), self.pool.get(tap.kind, 0)
            tap.held = self.bag.get(tap.kind, tap.in_bag)

    def update(self, state: SpursState) -> None:
        if self.phase == "after":
            self.show_result(state)
        elif self.plan is not None:
            self._show_part(state)
            if self.phase == "before":
                self._entry_later()  # filled while the odds are read: its first tap renders nothing

    def _show_part(self, state: SpursState) -> None:
        """The bag the entry takes from: the current player's, or in a duel the bag of the
        duellist whose part it is, with that part's count and weapon."""
        player, self.weapon = state.player, self.plan.weapon
        if self.plan.parts:
            draw = self.plan.parts[self.part]
            player, self.weapon = state.players[draw.player], draw.weapon
            self.bullets, self.optional = draw.asked, draw.optional
            self.whose = f"{player.name}'s bullets ({draw.weapon} draw)"
        self.bag = player.bag.counts()
        self.pool = {**pool_colours(state, self.weapon, player.name), **state.gold_bag.counts()}

    @staticmethod
    def tally(what: str, taken: int, asked: int, optional: int) -> str:
        """How far a physical entry is ("Bullets: 2 of 4 tapped"), saying when a Spur's
        extra draws may be left out, so a usual-size draw is not taken for a short one."""
        fewest = f" ({asked - optional} is fine too: the Spur's extra is optional)" if optional else ""
        return f"{what}: {taken} of {asked} tapped{fewest}"

    def draw_for_me(self) -> bool:
        return self.send({"draw": "digital", "seed": new_seed()})

    def _entry_ahead(self, _dt: float) -> None:
        if self.phase == "before" and self.plan is not None:
            self.clear_entry()

    def clear_entry(self) -> None:
        """The bag entry for the draw ahead, nothing tapped yet, and what it must leave out."""
        left = [c for c in COLOURS if self.bag.get(c) and not self.pool.get(c)]
        self.barred = (f"A {self.weapon} draw leaves {' and '.join(left)} in the bag (R-S1): "
                       f"do not count {'it' if len(left) == 1 else 'them'}."
                       if self.bullets and left else "")  # ruling: R-S1
        self.entered = dict.fromkeys((*COLOURS, *DIG), 0)
        self.show_counts()  # the taps may be at nought already, while the bag has changed

    def enter(self) -> None:
        """The bag entry from its start (a duel: the first duellist's bullets again)."""
        if self.plan.parts:
            self.part, self._parts_drawn = 0, {}
            self._show_part(self.game.state)
        self.clear_entry()
        self.phase = "enter"

    def tap(self, kind: str) -> None:
        """One object out of the bag. The last one a draw asks for sends the entry at once
        (one tap per bullet, nothing more), unless a Spur's extra draw may be left out."""
        if self.entered[kind] >= self.pool.get(kind, 0):
            return  # the bag has no more of it for this draw
        self.entered[kind] += 1
        if not self.optional and self.complete():
            self.done()

    def complete(self) -> bool:
        """Every object the draw asks for is tapped (all there are, if the bag holds fewer)."""
        bullets = sum(self.entered[c] for c in COLOURS)
        dug = sum(self.entered[k] for k in DIG)
        return (bullets >= min(self.bullets, sum(self.pool.get(c, 0) for c in COLOURS))
                and dug >= min(self.dig, sum(self.pool.get(k, 0) for k in DIG)))

    def done(self) -> None:
        """The physical draw as tapped; the engine says if it could not have happened. In a
        duel, one duellist's bullets: checked as the engine will, then the next duellist's."""
        draw: dict[str, Any] = {"draw": "physical"}
        drawn = {c: self.entered[c] for c in COLOURS if self.entered[c]}
        if self.plan.parts:
            state = self.game.state
            part = self.plan.parts[self.part]
            try:
                check_duel_entry(state, part, drawn)
            except RuleError as exc:
                self.game.message = f"Refused: {exc}"
                return
            self._parts_drawn[state.players[part.player].name] = drawn
            if self.part + 1 < len(self.plan.parts):
                self.part += 1
                self._show_part(state)
                self.clear_entry()
                return
            draw["drawn"] = dict(self._parts_drawn)
        elif self.bullets:
            draw["drawn"] = drawn
        if self.dig:
            draw["found"] = {k: self.entered[k] for k in DIG}
        self.send(draw)

    def send(self, draw: dict[str, Any]) -> bool:
        """The pending action with its draw; False (the page as it was) if refused."""
        before = self.phase
        self.phase = "after"  # so the refresh the accepted action triggers shows the result
        if not self.game.act({**self.pending, **draw}):
            self.phase = before
            return False
        sounds.play("draw")
        return True

    def show_result(self, state: SpursState) -> None:
        drawn = [kind for record in state.last_draw for kind in discs(record)]
        for disc, kind in zip(self._discs.rows(self.ids.discs, len(drawn)), drawn):
            disc.colour = kind
        duel = len({r.player for r in state.last_draw}) > 1  # whose discs are whose, in words
        self.drew = "\n".join(describe(r) + (f": {counted(r.drawn)}" if duel else "") for r in state.last_draw)
        self.outcome = state.last_outcome
        fight = state.fight
        self.left = "" if fight is None else (
            f"Desperado {fight.beaten + 1} of {fight.size}: reveal the next card. "
            f"Bullets not yet counted: {counted(fight.unused)}")

    def reveal(self) -> None:
        self.game.act({"type": "reveal", "desperado": self.ids.next_card.card()})


load_kv(__file__)
