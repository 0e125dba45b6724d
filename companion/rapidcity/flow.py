"""The referee screen's flow, without Kivy: which step a card is at, what each tap may do
there, and what Undo takes back (issue 28).

A card goes Ready -> ``waiting`` (the random delay) -> ``window`` (the card shown, the pads
racing) -> ``finish`` (the photo finish, where the table names whose pawn each press put
down) or ``touches`` (a cowboy card: who touched which pawn) -> ``verdict`` -> Confirm.
Between cards the screen is at ``ready`` (or ``end``), and Past calls opens ``history``.

Two kinds of thing change a card, and they are kept apart:

* what the pads and readers said (:class:`companion.rapidcity.view.LiveCard`): facts,
  arriving at any time, never undone;
* what the table entered by tapping (:class:`Entries`): one immutable value, which each
  tap replaces with a new one. Undo puts back exactly the value before the last tap, Redo
  the one after it, and Undo on a card never reaches the cards already played (the
  GameBar's Undo is the game's only between cards).

Every tap is checked against its step (:data:`TAPS`): a tap that belongs to another step
(the second tap of a double tap, a tap made while the screen moved on) changes nothing,
so no tap moves the card on twice. A tap the table may not make says why, in the
players' words. The screen (ui/rapidcity/referee.py) only shows :mod:`.shown`'s values
and sends taps here; nothing is decided in ``ui/`` (docs/architecture.md, principle 6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, Mapping

from companion.rapidcity.engine import RapidCityState, round_template
from companion.rapidcity.judge import Verdict
from companion.rapidcity.model import HANDS, ArmedCard, DisarmedCard
from companion.rapidcity.view import LiveCard, PadEdge, Press, TouchEntry, last_one_left

Stage = Literal["ready", "waiting", "window", "finish", "touches", "verdict", "end", "history"]

#: each tap, and the steps it belongs to; anywhere else it changes nothing
TAPS: dict[str, frozenset[Stage]] = {
    "ready": frozenset({"ready"}),
    "back": frozenset({"waiting", "verdict"}),
    "touches": frozenset({"window"}),
    "pick": frozenset({"finish", "touches"}),
    "by": frozenset({"touches"}),
    "pawn": frozenset({"touches"}),
    "hand": frozenset({"touches"}),
    "remove_last": frozenset({"touches"}),
    "verdict": frozenset({"finish", "touches"}),
    "confirm": frozenset({"verdict"}),
    "past_calls": frozenset({"ready", "end", "history"}),
    "call": frozenset({"history"}),
    "close_history": frozenset({"history"}),
}

NOT_REPORTING = "The pads are not reporting (see above): no card until they are."
STOPPED = "Card stopped: the pads stopped reporting (see above). Tap Ready when they are back."
NOTHING_TO_UNDO = ("Undo takes back what you tap on this card, and there is nothing yet; "
                   "the cards already played can be undone once this one is confirmed.")
NOTHING_TO_UNDO_YET = ("Undo takes back what you tap on this card, and there is nothing yet; "
                       "to take back the last card, tap Back (not ready) first.")


@dataclass(frozen=True)
class Entries:
    """What the table has tapped in on the card in play, as one value.

    ``named``: whose pawn each press put down (R-R5), as (press, colour) pairs in press
    order; ``touches`` in the order told (R-R9, R-R10); ``by``: who touched, while the
    table is asked whose pawn; ``hand``: the hand the next touch is made with (Ultimate)."""

    stage: Stage = "ready"
    named: tuple[tuple[Press, str], ...] = ()
    touches: tuple[TouchEntry, ...] = ()
    by: str | None = None
    hand: str = HANDS[0]

    def naming(self, press: Press, player: str | None) -> Entries:
        """These entries with ``press`` named ``player`` (None: named nobody)."""
        named = {**dict(self.named), press: player}
        return replace(self, named=tuple(sorted((p, who) for p, who in named.items() if who is not None)))


class RefereeFlow:
    """One game's referee screen as plain data: the card in play, what the table entered
    on it, and its Undo and Redo. ``tile_names``: pad -> the name the table reads on the
    tile (from the pad map); ``known_tags``: RFID tag -> colour, learnt on earlier cards."""

    def __init__(self, state: RapidCityState, tile_names: Mapping[int, str] | None = None,
                 known_tags: Mapping[str, str] | None = None) -> None:
        self.state = state
        self.tile_names = {t.pad: (tile_names or {}).get(t.pad, f"{t.location.capitalize()} (pad {t.pad})")
                           for t in state.tiles}
        self.known_tags = dict(known_tags or {})
        self.card: LiveCard | None = None
        self.entries = self._between_cards()
        self.past: int | None = None  # Past calls open: 0 their list, n call n
        self.stopped = ""  # why the last card was stopped, said until the next Ready
        self._position = -1  # the pile's position the card in play was drawn at
        self._undo: list[Entries] = []
        self._redo: list[Entries] = []
        self._preview: tuple[Any, Verdict] | None = None

    # -- what the screen asks ---------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        return "history" if self.past is not None else self.entries.stage

    @property
    def names(self) -> dict[str, str]:
        return dict(zip(self.state.players, self.state.names))

    def may(self, tap: str) -> bool:
        """Whether ``tap`` does anything now: its step, and what the card and entries allow."""
        if self.stage not in TAPS[tap]:
            return False
        if tap == "touches":
            return self.card is not None and not self.card.decided_by_pads
        if tap == "by":
            return self.entries.by is None
        if tap == "pawn":
            return self.entries.by is not None
        if tap == "hand":
            return self.state.settings.ultimate
        if tap == "remove_last":
            return self.entries.by is not None or bool(self.entries.touches)
        if tap == "verdict":
            return not self.verdict_waits_for()
        if tap == "call":
            return bool(self.state.played)
        return True

    def who(self) -> dict[Press, str]:
        """Whose pawn each press put down: the names entered, and on a pad card the one left
        when only one player and one press are (a guess the table sees and can change)."""
        who = dict(self.entries.named)
        return {**who, **self.guess()}

    def guess(self) -> dict[Press, str]:
        """The press filled in as the last one left (R-R5), once the race is over; {} if none."""
        card = self.card
        if card is None or card.closed_ns is None or not card.decided_by_pads:
            return {}
        presses = [(edge.pad, edge.t_ns) for edge in card.presses_to_name()[0]]
        return last_one_left(presses, dict(self.entries.named), card.players)

    def preview(self) -> Verdict:
        """The judge's call on the card as it stands: worked out again only when an edge,
        a name or a touch changed it."""
        card = self.card
        assert card is not None, "no card in play"
        who, touches = self.who(), self.entries.touches
        key = (id(card), card.reveal_ns, len(card.edges), tuple(sorted(who.items())), touches)
        if self._preview is None or self._preview[0] != key:
            self._preview = (key, card.verdict(who, touches))
        return self._preview[1]

    def verdict_waits_for(self) -> str:
        """What the table must tap before the verdict can be shown, in its words; "" when
        nothing. A touch half entered (who touched, not yet whose pawn) is finished or
        removed, never dropped unsaid. On a Disarmed card every moved pawn is named: the
        card tells the table its owner takes the bullet, and a press nobody names would
        give nobody a bullet (R-R5), so the call would say otherwise."""
        entries, card = self.entries, self.card
        if entries.by is not None:
            return (f"Finish the touch first: whose pawn did {self.names[entries.by]} touch? "
                    "Or tap Remove last.")
        if card is not None and isinstance(card.card, DisarmedCard):
            # ruling: R-R10 - a moved pawn's owner takes the bullet unless the table names who moved it
            who = self.who()
            tiles = [self.tile_names[edge.pad] for edge, false_start in self.listed_presses()
                     if not false_start and (edge.pad, edge.t_ns) not in who]
            if tiles:
                return (f"Tap whose pawn was moved on {', '.join(dict.fromkeys(tiles))}: its owner takes "
                        "the bullet unless you enter who moved it (R-R10).")
        return ""

    def can_undo(self, game: bool) -> bool:
        """Undo is the card's while one is in play (it always answers, if only to say why
        not), else the game's (``game``)."""
        return self.card is not None or game

    def can_redo(self, game: bool) -> bool:
        return bool(self._redo) if self.card is not None else game

    def listed_presses(self) -> list[tuple[PadEdge, bool]]:
        """The presses the table names, each with whether it is a false start: the claims
        (or, on a Disarmed card, the moved pawns), then the false starts when they cost a
        bullet (R-R4, R-R13). None on an Armed card: its presses count for nothing (R-R9)."""
        card = self.card
        if card is None or card.closed_ns is None:
            return []
        # ruling: R-R9 - pawns are grabbed, not placed, on an Armed card: its presses claim nothing
        presses = [] if isinstance(card.card, ArmedCard) else card.presses_to_name()[0]
        # ruling: R-R4, R-R13 - with the setting on, a false start costs its maker a bullet
        false_starts = card.false_starts() if self.state.settings.false_start_bullet else []
        return [(edge, False) for edge in presses] + [(edge, True) for edge in false_starts]

    def learned_tags(self) -> dict[str, str]:
        return self.card.learned_tags(self.who()) if self.card is not None else {}

    # -- the table's taps ---------------------------------------------------------------------

    def ready(self, now_ns: int, pawns_on: list[str], reporting: bool = True) -> str:
        """R-R3: every pawn back off the tiles (``pawns_on``: the tiles still pressed), then
        the card, after a random wait the screen keeps. Returns why not, or ""."""
        if not self.may("ready"):
            return ""
        if not reporting:
            return NOT_REPORTING
        if pawns_on:
            return f"Take the pawn off {', '.join(pawns_on)} first (R-R3)."
        self.card = LiveCard(round_template(self.state), self.state.next_card(), started_ns=now_ns)
        self._position = self.state.position
        self.stopped = ""
        self._start(Entries(stage="waiting"))
        return ""

    def back(self) -> str:
        """One step back: the card not yet shown goes back on the pile (nothing is kept of
        it); from the verdict, back to naming the presses or entering the touches."""
        if not self.may("back"):
            return ""
        if self.stage == "waiting":
            self._drop()
        else:
            self._enter(replace(self.entries, stage=self._naming_stage()))
        return ""

    def touches(self, now_ns: int) -> str:
        """A cowboy card's race is over when the table says so: on to the touches."""
        if self.may("touches"):
            self.close(now_ns)
        return ""

    def pick(self, press: Press, player: str) -> str:
        """One tap names whose pawn a press put down; a second tap on the same name takes
        it back; a tap on the name filled in as the last one left keeps it, as named. The
        same player on two presses moved their pawn (R-R6)."""
        if not self.may("pick") or player not in self.state.players:
            return ""
        if press not in {(edge.pad, edge.t_ns) for edge, _ in self.listed_presses()}:
            return ""
        if self.guess().get(press) == player or dict(self.entries.named).get(press) != player:
            self._enter(self.entries.naming(press, player))
        else:
            self._enter(self.entries.naming(press, None))
        return ""

    def by(self, player: str) -> str:
        """The first half of a touch: who touched."""
        if self.may("by") and player in self.state.players:
            self._enter(replace(self.entries, by=player))
        return ""

    def pawn(self, player: str, now_ns: int) -> str:
        """The second half: whose pawn. The touch is kept in the order told, stamped now."""
        if self.may("pawn") and player in self.state.players:
            hand = self.entries.hand if self.state.settings.ultimate else None
            touch = TouchEntry(self.entries.by, player, hand, now_ns)
            self._enter(replace(self.entries, by=None, touches=self.entries.touches + (touch,)))
        return ""

    def hand(self, hand: str) -> str:
        """Ultimate mode (R-R9): the hand the next touch was made with."""
        if self.may("hand") and hand in HANDS:
            self._enter(replace(self.entries, hand=hand))
        return ""

    def remove_last(self) -> str:
        """Take back the half-entered touch, or else the last touch entered."""
        if self.may("remove_last"):
            if self.entries.by is not None:
                self._enter(replace(self.entries, by=None))
            else:
                self._enter(replace(self.entries, touches=self.entries.touches[:-1]))
        return ""

    def verdict(self) -> str:
        """The call as built, with its reasons, before anything is saved; or what the table
        must tap first (:meth:`verdict_waits_for`)."""
        if self.stage not in TAPS["verdict"]:
            return ""
        waits = self.verdict_waits_for()
        if not waits:
            self._enter(replace(self.entries, stage="verdict"))
        return waits

    def confirm(self) -> dict[str, Any] | None:
        """The action that commits the card, or None when Confirm is not on show. The card
        stays in play until the game has it (:meth:`set_state`)."""
        if not self.may("confirm"):
            return None
        return {"type": "play", "round": self.card.round(self.who(), self.entries.touches)}

    def past_calls(self) -> str:
        """Every call played (from a call: back to their list)."""
        if self.may("past_calls"):
            self.past = 0
        return ""

    def call(self, number: int) -> str:
        if self.may("call") and 1 <= number <= len(self.state.played):
            self.past = number
        return ""

    def close_history(self) -> str:
        if self.may("close_history"):
            self.past = None
        return ""

    def undo(self) -> str | None:
        """The last tap on the card in play taken back: the entries before it, exactly. Why
        not when there is none. None when no card is in play: Undo is then the game's."""
        if self.card is None:
            return None
        if not self._undo:
            return NOTHING_TO_UNDO_YET if self.stage == "waiting" else NOTHING_TO_UNDO
        self._redo.append(self.entries)
        self.entries = self._undo.pop()
        return ""

    def redo(self) -> str | None:
        """The tap Undo took back, again; None when no card is in play (the game's Redo)."""
        if self.card is None:
            return None
        if self._redo:
            self._undo.append(self.entries)
            self.entries = self._redo.pop()
        return ""

    # -- what happens by itself -----------------------------------------------------------------

    def reveal(self, now_ns: int) -> bool:
        """The card shown, stamped now; False if no card is waiting for it."""
        if self.stage != "waiting":
            return False
        self.card.reveal_ns = now_ns
        self.entries = replace(self.entries, stage="window")
        return True

    def pad_edge(self, edge: PadEdge) -> bool:
        """An edge from the pads, whenever it arrives: True if it belongs to the card."""
        return self.card is not None and self.card.add_edge(edge)

    def tag(self, pad: int, tag: str, t_ns: int) -> None:
        if self.card is not None:
            self.card.add_tag(pad, tag, t_ns)

    def window_over(self, now_ns: int) -> bool:
        """The race is over at ``now_ns`` (time is up, or every pawn has landed, R-R6) and
        the window not yet ended."""
        card = self.card
        return (self.stage == "window" and card.closed_ns is None
                and card.window_over(now_ns, self.preview()))

    def end_window(self, now_ns: int) -> None:
        """Edges stamped after ``now_ns`` are no part of the call; the race stays on show
        until :meth:`close`."""
        if self.stage == "window" and self.card.closed_ns is None:
            self.card.closed_ns = now_ns

    def close(self, now_ns: int) -> None:
        """The race is over: the photo finish, each press prefilled from the RFID readers
        (R-R5), or, on a cowboy card, the touches."""
        if self.stage != "window":
            return
        self.end_window(now_ns)
        card = self.card
        entries = replace(self.entries, stage=self._naming_stage(), hand=getattr(card.card, "hand", HANDS[0]))
        for press, colour in card.tag_guesses(self.known_tags).items():
            if press not in dict(entries.named):
                entries = entries.naming(press, colour)
        self.entries = entries

    def stop(self) -> bool:
        """The pads stopped reporting: a card they decide goes back on the pile unjudged,
        unless it is past its race. True if it was stopped."""
        if self.card is None or not self.card.decided_by_pads or self.stage not in ("waiting", "window"):
            return False
        self._drop()
        self.stopped = STOPPED
        return True

    def set_state(self, state: RapidCityState) -> None:
        """The game as the store has it now (after Confirm, an undo or a redo): a card in
        play stays only while the pile is where it was drawn, and a past call on show only
        while the game still has it (an undo may take it back: its list is shown instead)."""
        self.state = state
        if self.past and self.past > len(state.played):
            self.past = 0
        if self.card is not None and self._position != state.position:
            self._drop()
        if self.card is None:
            self.entries = self._between_cards()

    # -- inside ---------------------------------------------------------------------------------

    def _naming_stage(self) -> Stage:
        return "finish" if self.card.decided_by_pads else "touches"

    def _between_cards(self) -> Entries:
        return Entries(stage="end" if self.state.game_over else "ready")

    def _start(self, entries: Entries) -> None:
        self.entries = entries
        self._undo.clear()
        self._redo.clear()

    def _enter(self, entries: Entries) -> None:
        """A tap's new entries; the ones before it kept for Undo. A tap that changes
        nothing (the chosen hand tapped again) is no step to undo."""
        if entries != self.entries:
            self._undo.append(self.entries)
            self._redo.clear()
            self.entries = entries

    def _drop(self) -> None:
        self.card = None
        self._preview = None
        self._start(self._between_cards())
