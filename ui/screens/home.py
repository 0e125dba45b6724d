"""Home: start a game, resume an unfinished one, see how recent games ended."""

from __future__ import annotations

import ctypes
from datetime import datetime
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.games import TITLES
from companion.db.roster import seat_names
from companion.db.store import SessionInfo, StoreError
from companion.records.history import last_played
from companion.records.oldrules import as_sentence, rules_played
from ui.kit import theme
from ui.shell.app import SCREENS
from ui.kit.kvload import load_kv
from ui.pace.later import AfterFrame
from ui.kit.widgets import BigButton, Caption
import ui.screens.usb  # noqa: F401  (UsbOffer for the kv rule)


#: a Resume button's second line until its game's standing is known
WAITING = "..."


def winners(info: SessionInfo) -> str:
    found = (info.result or {}).get("winners")
    return ", ".join(str(w) for w in found) if isinstance(found, list) and found else "no winner"


def when(stamp: str) -> str:
    moment = datetime.fromisoformat(stamp).astimezone()
    return moment.strftime("%a %d %b %H:%M")


class HomeScreen(Screen):
    message = StringProperty("")
    footer = StringProperty("")  # a problem the last full check found: under both columns

    def on_kv_post(self, _base) -> None:
        #: what a tap asked to open (a game's setup, a game resumed), started after its frame
        #: and under way until shown (or the table leaves Home)
        self._opening: Callable[[], None] | None = None
        self._open_pending = AfterFrame(self._open)
        for kind, title in TITLES.items():
            if f"{kind}_setup" in SCREENS:
                self.ids.new_games.add_widget(BigButton(text=title, on_release=lambda _b, k=kind: self.new_game(k)))
        #: the games listed, and the rules words of those worked out since Home was entered
        self._listed: list[SessionInfo] = []
        self._rules: dict[int, str] = {}
        self._shown: dict[int, str] = {}
        #: where each unfinished game stands, worked out since Home was entered; its button
        self._standing: dict[int, str] = {}
        self._buttons: dict[int, Any] = {}
        self._tell_rules_soon = AfterFrame(self._tell_rules)
        self._give_back_soon = AfterFrame(give_back_memory)

    def on_pre_enter(self, *_args) -> None:
        self.message = ""
        self._opening = None  # what was opening when the table left is not shown now
        self._rules.clear()  # a game played on since may read otherwise
        self._standing.clear()
        self.refresh()
        self.ids.usb.start()  # offers a backup while a USB stick is plugged in

    def on_enter(self, *_args) -> None:
        self._give_back_soon()  # what the screen left freed, once Home is drawn

    def on_leave(self, *_args) -> None:
        self.ids.usb.stop()

    def new_game(self, kind: str) -> None:
        """A new game's setup screen, answered at once (see :meth:`_open_after_frame`): a setup
        screen is built at its first tap, 70-440 ms here before issue 38, up to 2 s on a Pi."""
        app = App.get_running_app()
        setup = f"{kind}_setup"
        if app.whole(setup):
            app.new_game(kind)
        else:
            self._open_after_frame(TITLES.get(kind, kind), lambda: app.build_soon(
                setup, then=lambda: self._still_opening() and app.new_game(kind)))

    def resume(self, session_id: int, kind: str = "") -> None:
        """Reopen a game; a log that no longer replays is said here, not a crash, and a game
        whose checkpoint could not be used says so on its screen. The app builds no game's
        screen ahead at Home (memory: ui/shell/app.py), and opening one takes a while (0.1-0.15 s of
        frames here, most of a second on a Pi): see :meth:`_open_after_frame`."""
        if kind:
            app = App.get_running_app()
            self._open_after_frame(TITLES.get(kind, kind), lambda: app.resume_soon(
                session_id, kind, show=self._still_opening, refused=self._refused))
        else:
            self._resume_now(session_id)

    def _open_after_frame(self, title: str, start: Callable[[], None]) -> None:
        """The tap answered at once with a line that says what is opening (a tap with no frame
        for a second reads as a tap missed, and is tapped again), ``start()`` once that frame is
        on screen: the app then builds and opens the screen a part a frame (ui/shell/app.py). Until it
        is shown, another tap on Home's games opens nothing: the first one tapped opens."""
        if self._opening is not None:
            return
        self.message = f"Opening {title}..."
        self._opening = start
        self._open_pending()

    def _open(self, _dt: float) -> None:
        if self._opening is not None and App.get_running_app().manager.current == self.name:
            self._opening()
        else:  # the table left Home before the tap's frame: their last tap was elsewhere
            self._opening = None

    @property
    def opening(self) -> bool:
        """Whether a game tapped here is still being opened (its screen not shown yet)."""
        return self._opening is not None

    def _still_opening(self) -> bool:
        """Whether what is opening is to be shown now it is ready: not if the table left Home
        meanwhile (their last tap was elsewhere). Either way it is no longer opening."""
        here = self._opening is not None and App.get_running_app().manager.current == self.name
        self._opening = None
        return here

    def _refused(self, why: str) -> None:
        self._opening = None
        self.message = why

    def _resume_now(self, session_id: int) -> None:
        try:
            App.get_running_app().resume(session_id)
        except StoreError as exc:
            self.message = str(exc)

    def _tell_rules(self, _dt: float = 0) -> None:
        """After the list's frame, one game at a time: whether a listed game was played under
        older rules, and what today's would say (kept in the store, so mostly a lookup), and
        where an unfinished one stands (whose turn, who leads: opened from its snapshot), so
        that a table's unfinished games tell apart. Once all are known, the list again with
        the words, if there are any new ones."""
        store = App.get_running_app().store
        waiting = [info for info in self._listed if info.id not in self._rules]
        if waiting:
            info = waiting[0]
            try:
                game = store.open_session(info.id) if info.finished is None else None
                self._rules[info.id] = rules_played(store, info, game=game).words()
                if game is not None:
                    self._standing[info.id] = game.engine.summary(game.state)
                    if info.id in self._buttons:  # in place: a finger on its way finds it where it was
                        self._buttons[info.id].text = self.resume_words(info)
            except StoreError:  # said when it is resumed
                self._rules[info.id] = ""
            Clock.schedule_once(self._tell_rules, 0)
        elif any(self._rules.get(info.id, "") != self._shown.get(info.id, "") for info in self._listed):
            self.refresh()

    def resume_words(self, info: SessionInfo) -> str:
        """A Resume button's words: the game and its players, then (smaller) whose turn and
        who leads (a line held for them until they are known, so the list never moves) and
        when it was last played (issue 37: fifteen games of one table read the same)."""
        names = ", ".join(seat_names(info.kind, info.settings))
        try:
            last = when(last_played(App.get_running_app().store, info.id) or info.started)
        except (StoreError, TypeError, ValueError):  # a damaged log is said when it is resumed
            last = when(info.started)
        return (f"Resume {TITLES.get(info.kind, info.kind)}: {escape_markup(names)}\n[size={theme.TEXT_SMALL}]"
                f"{escape_markup(self._standing.get(info.id, WAITING))}\nlast played {last}[/size]")

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.sessions
        box.clear_widgets()
        try:
            unfinished = app.store.sessions(unfinished=True, limit=8)
            finished = app.store.sessions(unfinished=False, limit=8)
        except StoreError as exc:
            self.message = str(exc)
            return
        self._listed = [info for info in unfinished + finished if not info.problem]
        self._shown = {info.id: self._rules.get(info.id, "") for info in self._listed}
        self._buttons.clear()
        for info in unfinished:
            if info.problem:
                box.add_widget(damaged(info))
                continue
            button = Factory.ResumeButton(text=self.resume_words(info),
                                          on_release=lambda _b, sid=info.id, kind=info.kind: self.resume(sid, kind))
            self._buttons[info.id] = button
            box.add_widget(button)
            if self._shown[info.id]:
                box.add_widget(Caption(text=as_sentence(self._shown[info.id]), color=theme.PARCHMENT,
                                       font_size=theme.TEXT_SMALL))
        if finished:
            box.add_widget(Caption(text="[b]Recent games[/b]", markup=True, color=(0.95, 0.89, 0.75, 1)))
        for info in finished:
            if info.problem:
                box.add_widget(damaged(info))
                continue
            ended = f"{TITLES.get(info.kind, info.kind)}: won by {winners(info)} ({when(info.finished)})"
            told = self._shown[info.id]
            box.add_widget(Caption(text=ended + (f"\n{as_sentence(told)}" if told else ""), color=(0.95, 0.89, 0.75, 1)))
        if not unfinished and not finished:
            box.add_widget(Caption(text="No games yet. Add the players, then pick a game on the left.",
                                   color=(0.95, 0.89, 0.75, 1)))
        self.footer = full_check_note(app.store.last_full_check())
        self._tell_rules_soon()


def give_back_memory(_dt: float = 0) -> None:
    """Hand the memory C's allocator holds free back to the system (glibc's ``malloc_trim``):
    the widgets, textures and states a game's screen made and let go leave free pages among
    those in use, which stay resident otherwise (after one game of each kind, ~10 MB of the
    allocator's heap in one headless process: bench/bench_memory.py's play). Nothing where the C library has no such call."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def full_check_note(check: dict | None) -> str:
    """Home's line about the last full check of the database: only a problem it found, in
    the table's words. A check never run, or all sound, is the maker's business, not news at
    every start (issue 37): Settings says when it ran and how (:func:`ui.screens.settings.check_line`)."""
    if check is None or check.get("result") == "ok":
        return ""
    return f"The last full check found a problem: {check.get('result')} (Settings: how to check again)."


def damaged(info: SessionInfo) -> Caption:
    """A saved game whose row cannot be read: said in words, in place of its Resume button."""
    return Caption(text=f"Damaged, cannot be resumed: {info.problem}", color=(1, 0.75, 0.6, 1),
                   font_size=theme.TEXT_SMALL)


load_kv(__file__)
