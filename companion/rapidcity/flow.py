"""The referee screen's model, without Kivy: which step a card is at, what each tap may do
there, what Undo takes back, and when the race is over (issues 28 and 34).

A card goes Ready -> ``waiting`` (the random delay) -> ``window`` (the card shown, the pads
racing) -> ``finish`` (the photo finish, where the table names whose pawn each press put
down) or ``touches`` (a cowboy card: who touched which pawn) -> ``verdict`` -> Confirm.
Between cards the screen is at ``ready`` (or ``end``), and Past calls opens ``history``.

:class:`RefereeModel` is a :class:`companion.contracts.screen.ScreenModel` like the other games'
models: an immutable value, each tap a :class:`~companion.contracts.screen.Step` (the model after it,
and what the store saves: Confirm's card, or the game's Undo and Redo). Two kinds of thing
change a card, and they are kept apart:

* what the pads and readers said (:class:`companion.rapidcity.view.LiveCard`): facts,
  arriving at any time, never undone, each taken by a method that returns the model with
  it (:meth:`RefereeModel.edge`, :meth:`~RefereeModel.tag`, :meth:`~RefereeModel.revealed`,
  :meth:`~RefereeModel.at`, :meth:`~RefereeModel.pads_stopped`);
* what the table entered by tapping (:class:`Entries`): one immutable value, which each
  tap replaces with a new one. Undo puts back exactly the value before the last tap, Redo
  the one after it, and Undo on a card never reaches the cards already played (the
  GameBar's Undo is the game's only between cards).

Each tap is a value of its own type (:data:`Tap`; the taps each step takes are its type,
:data:`ReadyTap` to :data:`HistoryTap`), checked against its step (:data:`TAPS`): a tap that
belongs to another step (the second tap of a double tap, a tap made while the screen moved
on) changes nothing, so no tap moves the card on twice. A tap the table may not make says
why, in the players' words. Time is the screen's clock, given with each fact and each tap
that is stamped: the model decides when the window closes (:meth:`RefereeModel.at`) and
builds the photo finish (:meth:`RefereeModel.close`). The screen (ui/rapidcity/referee.py)
only shows :mod:`.shown`'s values and sends taps and facts here; nothing is decided in
``ui/`` (docs/architecture.md, principle 6).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from companion.rapidcity.engine import ENGINE, RapidCityState, round_template
from companion.rapidcity.judge import Verdict, remember
from companion.rapidcity.model import HANDS, ArmedCard, DisarmedCard
from companion.rapidcity.roundfile import parse_round
from companion.rapidcity import taps
from companion.rapidcity.taps import KEYS, TAPS, Stage, Tap
from companion.rapidcity.view import LiveCard, PadEdge, Press, TouchEntry, last_one_left
from companion.contracts.screen import ScreenModel, Step, opened

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


@dataclass(frozen=True)
class Flow:
    """Where the referee screen is: the card in play (None between cards) with the pile's
    position it was drawn at, what the table entered on it and the entries its Undo and
    Redo bring back, the past call open (``history``: 0 their list, n call n, None closed),
    and why the last card was stopped (said until the next Ready)."""

    entries: Entries = Entries()
    card: LiveCard | None = None
    position: int = -1
    undone: tuple[Entries, ...] = ()
    redone: tuple[Entries, ...] = ()
    history: int | None = None
    stopped: str = ""


@dataclass(frozen=True)
class RefereeModel(ScreenModel[Flow]):
    """One game's referee screen as a value. ``tile_names``: pad -> the name the table reads
    on the tile (from the pad map); ``known_tags``: RFID tag -> colour, learnt on earlier
    cards (Confirm adds the ones the table just confirmed)."""

    tile_names: Mapping[int, str] = field(default_factory=dict)
    known_tags: Mapping[str, str] = field(default_factory=dict)

    # -- the ScreenModel contract -------------------------------------------------------------

    def first_flow(self, state: RapidCityState) -> Flow:
        return Flow(entries=_between_cards(state))

    def settled(self, flow: Flow, state: RapidCityState) -> Flow:
        """A card in play stays only while the pile is where it was drawn (an undo, a redo
        or another screen may move it), and a past call on show only while the game still
        has it (an undo may take it back: its list is shown instead)."""
        history = 0 if flow.history and flow.history > len(state.played) else flow.history
        if flow.card is not None and flow.position != state.position:
            flow = Flow(stopped=flow.stopped)
        if flow.card is None:
            flow = replace(flow, entries=_between_cards(state), undone=(), redone=())
        return replace(flow, history=history)

    def carried(self, flow: Flow) -> Flow:
        """The past calls stay open across a save (the game's undo or redo, a card this
        model never saw undone), as far as the game still has them (:meth:`settled`)."""
        return replace(flow, history=self.flow.history)

    def stage(self) -> Stage:
        return "history" if self.flow.history is not None else self.flow.entries.stage

    @property
    def page(self) -> Stage:
        """The step on show, as ModelScreen names what its pages are filled ahead for."""
        return self.stage()

    def offered(self) -> set[str]:
        return {key for key, kind in KEYS.items() if self.may(kind)}

    def enabled(self) -> frozenset[str]:
        """Undo is the card's while one is in play (it always answers, if only to say why
        not), else the game's; Redo likewise."""
        keys = self.offered()
        if self.flow.card is not None:
            keys |= {"undo"} | ({"redo"} if self.flow.redone else set())
        else:
            keys |= ({"undo"} if self.can_undo else set()) | ({"redo"} if self.can_redo else set())
        return frozenset(keys | ({"got_it"} if self.message or self.news else set()))

    def tap(self, key: str, *args: Any) -> Step[RefereeModel]:
        """A button's tap as the screen sends it: undo, redo, Got it, or a key of
        :data:`KEYS` with its tap's fields."""
        common: dict[str, Callable[[RefereeModel], Step[RefereeModel]]] = {
            "undo": RefereeModel.undo, "redo": RefereeModel.redo, "got_it": RefereeModel.got_it}
        if key in common:
            return common[key](self) if key in self.enabled() else Step(self)
        return self.take(KEYS[key](*args))

    # -- what the screen asks ---------------------------------------------------------------

    @property
    def card(self) -> LiveCard | None:
        return self.flow.card

    @property
    def entries(self) -> Entries:
        return self.flow.entries

    @property
    def history(self) -> int | None:
        return self.flow.history

    @property
    def stopped(self) -> str:
        return self.flow.stopped

    @property
    def live(self) -> LiveCard:
        """The card in play, for the steps that only come with one (waiting to verdict): a
        step there without a card is a bug, said as one rather than as a None's attribute."""
        if self.flow.card is None:
            raise RuntimeError(f"no card in play at the {self.stage()} step")
        return self.flow.card

    @property
    def names(self) -> dict[str, str]:
        return dict(zip(self.state.players, self.state.names))

    @property
    def racing(self) -> bool:
        """The card is shown and its race on: a claim is drawn at once, the rest can wait."""
        return self.stage() == "window"

    @property
    def naming(self) -> bool:
        """The race is over and the table names the presses or enters the touches: the
        verdict may be shown next."""
        return self.stage() in ("finish", "touches")

    @property
    def race_ended(self) -> bool:
        """The window is closed and the photo finish (or the touches) not yet built: the
        screen draws the race as it ended, then asks for :meth:`close`."""
        return self.racing and self.live.closed_ns is not None

    def may(self, kind: type[Tap]) -> bool:
        """Whether a tap of ``kind`` does anything now: its step, and what the card and entries allow."""
        if self.stage() not in TAPS[kind]:
            return False
        entries = self.flow.entries
        checks: dict[type[Tap], Callable[[], bool]] = {
            taps.ToTouches: lambda: self.card is not None and not self.card.decided_by_pads,
            taps.By: lambda: entries.by is None,
            taps.Pawn: lambda: entries.by is not None,
            taps.Hand: lambda: self.state.settings.ultimate,
            taps.RemoveLast: lambda: entries.by is not None or bool(entries.touches),
            taps.ToVerdict: lambda: not self.verdict_waits_for(),
            taps.Call: lambda: bool(self.state.played),
        }
        check = checks.get(kind)
        return check() if check is not None else True

    def who(self) -> dict[Press, str]:
        """Whose pawn each press put down: the names entered, and on a pad card the one left
        when only one player and one press are (a guess the table sees and can change)."""
        return {**dict(self.flow.entries.named), **self.guess()}

    def guess(self) -> dict[Press, str]:
        """The press filled in as the last one left (R-R5), once the race is over; {} if none."""
        card = self.card
        if card is None or card.closed_ns is None or not card.decided_by_pads:
            return {}
        presses = [(edge.pad, edge.t_ns) for edge in card.presses_to_name()[0]]
        return last_one_left(presses, dict(self.flow.entries.named), card.players)

    def preview(self) -> Verdict:
        """The judge's call on the card as it stands: judged once per change of its edges,
        names or touches (the card keeps its verdicts)."""
        return self.live.verdict(self.who(), self.flow.entries.touches)

    def verdict_waits_for(self) -> str:
        """What the table must tap before the verdict can be shown, in its words; "" when
        nothing. A touch half entered (who touched, not yet whose pawn) is finished or
        removed, never dropped unsaid. On a Disarmed card every moved pawn is named: the
        card tells the table its owner takes the bullet, and a press nobody names would
        give nobody a bullet (R-R5), so the call would say otherwise."""
        entries, card = self.flow.entries, self.card
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

    def take(self, tap: Tap) -> Step[RefereeModel]:
        """What ``tap`` does at the step on show: nothing if it belongs to another step (or
        the card and entries do not allow it); Verdict says what must be tapped first."""
        if self.stage() not in TAPS[type(tap)]:
            return Step(self)
        waits = self.verdict_waits_for() if isinstance(tap, taps.ToVerdict) else ""
        if waits or not self.may(type(tap)):
            return self.refuse(waits) if waits else Step(self)
        match tap:
            case taps.Ready():
                return self._ready(tap)
            case taps.ToTouches():
                return self.go(self._closed(tap.t_ns))
            case taps.Pick():
                return self._pick(tap)
            case taps.Pawn():
                return self._pawn(tap)
            case taps.Confirm():
                return self._confirm()
            case taps.PastCalls() | taps.Call() | taps.CloseHistory():
                return self._past_calls(tap)
        return self._entered(tap)

    def _entered(self, tap: Tap) -> Step[RefereeModel]:
        """A tap that changes only what the table entered on the card (Undo takes it back)."""
        entries = self.flow.entries
        match tap:
            case taps.Back():
                return self.go(Flow()) if self.stage() == "waiting" else \
                    self._enter(replace(entries, stage=self._naming_stage()))
            case taps.By():
                return self._enter(replace(entries, by=tap.player)) if tap.player in self.state.players else Step(self)
            case taps.Hand():
                return self._enter(replace(entries, hand=tap.hand)) if tap.hand in HANDS else Step(self)
            case taps.RemoveLast():
                return self._enter(replace(entries, by=None) if entries.by is not None
                                   else replace(entries, touches=entries.touches[:-1]))
            case taps.ToVerdict():
                return self._enter(replace(entries, stage="verdict"))
        raise TypeError(f"not a referee tap: {tap!r}")

    def _past_calls(self, tap: Tap) -> Step[RefereeModel]:
        """Past calls opened, one of them shown, or closed."""
        match tap:
            case taps.Call():
                return self.go(replace(self.flow, history=tap.number)) \
                    if 1 <= tap.number <= len(self.state.played) else Step(self)
            case taps.CloseHistory():
                return self.go(replace(self.flow, history=None))
        return self.go(replace(self.flow, history=0))

    def undo(self) -> Step[RefereeModel]:
        """The last tap on the card in play taken back: the entries before it, exactly; why
        not when there is none. With no card in play, Undo is the game's (the page on show
        stays, as far as the game left it)."""
        flow = self.flow
        if flow.card is None:
            return super().undo()
        if not flow.undone:
            return self.refuse(NOTHING_TO_UNDO_YET if self.stage() == "waiting" else NOTHING_TO_UNDO)
        return self.go(replace(flow, entries=flow.undone[-1], undone=flow.undone[:-1],
                               redone=flow.redone + (flow.entries,)))

    def redo(self) -> Step[RefereeModel]:
        """The tap Undo took back, again; with no card in play, the game's Redo."""
        flow = self.flow
        if flow.card is None:
            return super().redo()
        if not flow.redone:
            return Step(self)
        return self.go(replace(flow, entries=flow.redone[-1], redone=flow.redone[:-1],
                               undone=flow.undone + (flow.entries,)))

    # -- what happens by itself -------------------------------------------------------------------

    def revealed(self, now_ns: int) -> RefereeModel:
        """The card shown, stamped ``now_ns``; the model as it was if no card is waiting for it."""
        if self.stage() != "waiting":
            return self
        flow = self.flow
        # a notice left from the wait (Undo with nothing to take back yet) is about a step now past
        return replace(self, flow=replace(flow, card=self.live.revealed(now_ns), entries=replace(flow.entries, stage="window")),
                       message="")

    def edge(self, edge: PadEdge) -> RefereeModel:
        """An edge from the pads, whenever it arrives: the model as it was if it belongs to
        no card in play (compare with ``is``)."""
        card = self.card.with_edge(edge) if self.card is not None else None
        return self if card is None else self._with(replace(self.flow, card=card))

    def tag(self, pad: int, tag: str, t_ns: int) -> RefereeModel:
        if self.card is None:
            return self
        return self._with(replace(self.flow, card=self.card.with_tag(pad, tag, t_ns)))

    def at(self, now_ns: int) -> RefereeModel:
        """The model at ``now_ns``: the window closed if the race is over (time is up, or
        every pawn has landed, R-R6); edges stamped later are no part of the call. The
        race stays on show until :meth:`close` (:attr:`race_ended`)."""
        if self.stage() != "window":
            return self
        card = self.live
        if card.closed_ns is not None or not card.window_over(now_ns, self.preview()):
            return self
        return self._with(replace(self.flow, card=card.closed(now_ns)))

    def close(self, now_ns: int) -> RefereeModel:
        """The race is over: the photo finish, each press prefilled from the RFID readers
        (R-R5), or, on a cowboy card, the touches."""
        return self._with(self._closed(now_ns)) if self.stage() == "window" else self

    def pads_stopped(self) -> RefereeModel:
        """The pads stopped reporting: a card they decide goes back on the pile unjudged,
        unless it is past its race. The model as it was if no card was stopped."""
        card = self.card
        if card is None or not card.decided_by_pads or self.stage() not in ("waiting", "window"):
            return self
        return self._with(self.settled(Flow(stopped=STOPPED), self.state))

    # -- inside ---------------------------------------------------------------------------------

    def _with(self, flow: Flow) -> RefereeModel:
        """A fact taken: the flow changes, and nothing the table was told is unsaid."""
        return replace(self, flow=flow)

    def _naming_stage(self) -> Stage:
        return "finish" if self.live.decided_by_pads else "touches"

    def _closed(self, now_ns: int) -> Flow:
        """The flow once the race is over at ``now_ns`` (the window closed then, unless it
        already was): on to naming the presses or the touches."""
        card = self.live
        if card.closed_ns is None:
            card = card.closed(now_ns)
        entries = replace(self.flow.entries, stage=self._naming_stage(), hand=getattr(card.card, "hand", HANDS[0]))
        for press, colour in card.tag_guesses(self.known_tags).items():
            if press not in dict(entries.named):
                entries = entries.naming(press, colour)
        return replace(self.flow, card=card, entries=entries)

    def _ready(self, tap: taps.Ready) -> Step[RefereeModel]:
        if not tap.reporting:
            return self.refuse(NOT_REPORTING)
        if tap.pawns_on:
            return self.refuse(f"Take the pawn off {', '.join(tap.pawns_on)} first (R-R3).")
        card = self.state.next_card()
        if card is None:  # the pile is spent only once the game is over, when Ready is not on show
            raise RuntimeError("Ready with the pile spent")
        live = LiveCard(round_template(self.state), card, started_ns=tap.t_ns)
        return self.go(Flow(entries=Entries(stage="waiting"), card=live, position=self.state.position))

    def _pick(self, tap: taps.Pick) -> Step[RefereeModel]:
        """One tap names whose pawn a press put down; a second tap on the same name takes
        it back; a tap on the name filled in as the last one left keeps it, as named. The
        same player on two presses moved their pawn (R-R6)."""
        press, player = tap.press, tap.player
        if player not in self.state.players or press not in {(e.pad, e.t_ns) for e, _ in self.listed_presses()}:
            return Step(self)
        entries = self.flow.entries
        if self.guess().get(press) == player or dict(entries.named).get(press) != player:
            return self._enter(entries.naming(press, player))
        return self._enter(entries.naming(press, None))

    def _pawn(self, tap: taps.Pawn) -> Step[RefereeModel]:
        """The touch is kept in the order told, stamped when it was told."""
        entries = self.flow.entries
        if entries.by is None or tap.player not in self.state.players:
            return Step(self)
        hand = entries.hand if self.state.settings.ultimate else None
        touch = TouchEntry(entries.by, tap.player, hand, tap.t_ns)
        return self._enter(replace(entries, by=None, touches=entries.touches + (touch,)))

    def _enter(self, entries: Entries) -> Step[RefereeModel]:
        """A tap's new entries; the ones before it kept for Undo. A tap that changes
        nothing (the chosen hand tapped again) is no step to undo."""
        flow = self.flow
        if entries == flow.entries:
            return self.go(flow)
        return self.go(replace(flow, entries=entries, undone=flow.undone + (flow.entries,), redone=()))

    def _confirm(self) -> Step[RefereeModel]:
        """The card saved with its call; Undo of it comes back to the card's Ready. The call
        the table checked is the one saved: the judge does not run again on its round."""
        card, who, touches = self.live, self.who(), self.flow.entries.touches
        action = {"type": "play", "round": card.round(who, touches)}
        remember(parse_round(action["round"]), card.verdict(who, touches))
        step = self.commit(action, Flow(), restore=self.first_flow(self.state))
        if step.save is None:
            return step
        return replace(step, model=replace(step.model, known_tags={**self.known_tags, **self.learned_tags()}))


def _between_cards(state: RapidCityState) -> Entries:
    return Entries(stage="end" if state.game_over else "ready")


def referee_model(state: RapidCityState, tile_names: Mapping[int, str] | None = None,
                  known_tags: Mapping[str, str] | None = None, can_undo: bool = False,
                  can_redo: bool = False, seq: int | None = None) -> RefereeModel:
    """The model of a game opened at ``state``, on its next card (or its end)."""
    names = {t.pad: (tile_names or {}).get(t.pad, f"{t.location.capitalize()} (pad {t.pad})") for t in state.tiles}
    return opened(RefereeModel, ENGINE, state, can_undo, can_redo, tile_names=names,
                  known_tags=dict(known_tags or {}), seq=seq)
