"""The companion app: one ScreenManager, screens created the first time they are needed.

Only Home is built at start, so the first frame comes quickly. What the app builds ahead is
bounded by memory (a Pi 3 or a Zero 2 W has 1 GB or 512 MB, shared with the GPU): a game
screen is hundreds of widgets from kv rules, 10-45 MB each (bench/bench_memory.py), so with
``preload`` (the real app) only History and Statistics, a few MB together, are built while
Home is shown, whatever the history; a game's screen is built while its setup screen is
being filled in (its first open then only fills it in), and Resume builds it from the tap.
Either way a screen is built a part a frame (``build_soon``, ``resume_soon``, ui/pace/later.py), so
that no frame builds a whole one (issue 38: one frame of 0.07-0.6 s here, seconds on a Pi): a
setup's shell and rows; a game's shell, its session, the page it stands at, then the game
shown, its other pages made after that frame (ui/pace/pages.py ``LazyPages``).
One game's screens are kept at a time: building another game's releases the last one's,
whose memory the new one reuses, so playing every game in a session costs the biggest
screen's memory, not the sum. Building or filling one never starts the pads behind Rapid
City (the referee only reads their names); that waits until the referee is shown. Once the
start-up screens are built, what lives as long as the app is frozen out of the garbage
collector's sight (``gc.freeze``), and so is each part of a game's screen once it is built
(``settled``), so a full collection walks only what was made since; a game's screens let go
are collected with everything put back in its sight once (``collect_let_go``).

A database the app cannot use (damaged, read-only, a folder in the way, another app
running on it) never stops the app: a kiosk has no terminal, so exiting would be a black
screen and a restart loop. The app stays up on a screen that says what is wrong and what
to do, with a button to try again once it is fixed.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import Any, Callable, Iterator, Mapping

from kivy.app import App
from kivy.base import ExceptionManager
from kivy.clock import Clock
from kivy.logger import Logger
from kivy.core.window import Window
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

from companion.db.check import open_for_app
from companion.contracts.engine import RuleError
from companion.db.store import GameSession, Store, StoreError
from ui.kit import keyboard, theme
from ui.pace.background import WORKER
from ui.kit import togglegroups
from ui.kit.doubletap import GUARD
from ui.kit.kvload import release
from ui.pace.later import OneATick
from ui.shell.recovery import Recovery

#: screen name -> "module:Class"; game kinds use their kind as the screen name and
#: "<kind>_setup" for the screen that starts a new game
SCREENS: dict[str, str] = {
    "home": "ui.screens.home:HomeScreen",
    "dbproblem": "ui.screens.dbproblem:DatabaseProblemScreen",
    "players": "ui.screens.players:PlayersScreen",
    "player": "ui.screens.playerpage:PlayerPage",
    "history": "ui.screens.history:HistoryScreen",
    "history_log": "ui.screens.history:HistoryLogScreen",
    "settings": "ui.screens.settings:SettingsScreen",
    "stats": "ui.screens.stats:StatsScreen",
    "padtest": "ui.screens.padtest:PadTestScreen",
    "scorepad_setup": "ui.screens.scorepad:ScorePadSetup",
    "scorepad": "ui.screens.scorepad:ScorePadScreen",
    "spurs_setup": "ui.spurs.setup:SpursSetup",
    "spurs": "ui.spurs.table:SpursScreen",
    "bountytown_setup": "ui.bountytown.setup:BountytownSetup",
    "bountytown": "ui.bountytown.town:BountytownScreen",
    "rapidcity_setup": "ui.rapidcity.setup:RapidCitySetup",
    "rapidcity": "ui.rapidcity.referee:RefereeScreen",
}

#: screens one tap from Home, built ahead while Home is idle (their widgets, not their data):
#: the ones cheap enough to keep for the app's life
ONE_TAP = ("history", "stats")
#: the games, each with a setup screen "<kind>_setup" and a game screen "<kind>"
GAME_KINDS = tuple(name.removesuffix("_setup") for name in SCREENS if name.endswith("_setup"))
#: the modules of the games' screens, imported (their kv rules loaded) while Home is idle: a
#: new game's setup or a resumed game is then widgets to build, no code to load (issue 38:
#: Bountytown's imports were 160 ms of its setup's 200-440 ms here, Spurs' table's 100 ms
#: of a resume's 510-630); code and rules only, no widgets: about 6 MB of RSS
GAME_MODULES = tuple(dict.fromkeys(SCREENS[name].partition(":")[0] for kind in GAME_KINDS
                                   for name in (f"{kind}_setup", kind)))
#: the modules the pads' backend opens with (gpiozero alone is 45-90 ms here), imported while Home
#: is idle too: Rapid City's setup then only reads the pad map (no pad is opened until then)
PAD_MODULES = ("hardware.backend", "gpiozero", "gpiozero.pins.pi", "hardware.choose")
#: what Kivy opens with the first text field made (its clipboard: ~9 ms here), opened while Home is
#: idle too, not in the frame of the first game page with a field (Spurs' hunt form)
TEXT_MODULES = ("kivy.core.clipboard",)
KEY_ESCAPE = 27
#: seconds after start before screens are built ahead: the first frames are Home's
PRELOAD_AFTER_S = 1.0
#: seconds a resized window must keep its size before everything is scaled to it: dragging a
#: window's corner lays the screens out once, when it stops, not at every pixel
REFIT_AFTER_S = 0.25


class CompanionApp(App):
    title = "Old West Companion"
    backend_name = StringProperty("auto")
    store = ObjectProperty(None, allownone=True)
    #: why the database cannot be used (shown on the "dbproblem" screen); "" when it can
    db_problem = StringProperty("")

    def __init__(self, store: Store | None = None, *, db_path: str | os.PathLike[str] | None = None,
                 backend: str = "auto", pads: str | None = None, port: str | None = None, preload: bool = False,
                 **kwargs: Any) -> None:
        """Either an open ``store`` (tests), or ``db_path`` for the app to open and lock itself."""
        super().__init__(**kwargs)
        self.store = store
        self.db_path = db_path if store is None else store.path
        self.backend_name = backend
        self.pads = pads
        self.port = port
        self._hardware = None
        self._lock = None
        self.preload = preload
        #: screen name -> the parts of it not built yet (a screen's ``parts()``: see :meth:`screen`)
        self._unbuilt: dict[str, Iterator[None]] = {}
        self._ticks = OneATick()

    def build(self) -> ScreenManager:
        theme.fit_window(*Window.size)  # before any screen is built: sizes follow the window
        self._fitted = tuple(Window.size)
        Window.clearcolor = theme.BACKGROUND
        Window.bind(on_keyboard=self._on_keyboard)
        GUARD.install()  # a double tap never reaches a button its first tap brought (ui/kit/doubletap.py)
        togglegroups.install()  # a press never trips on a chip the collector frees meanwhile
        self._recovery = Recovery(self.db_path, self.rebuild)  # no exception ends the app (ui/shell/recovery.py)
        ExceptionManager.add_handler(self._recovery)
        self._refit_soon = Clock.create_trigger(self.refit, REFIT_AFTER_S)
        Window.bind(size=self._window_resized)
        self.manager = ScreenManager(transition=NoTransition())
        if self.store is None:
            self.open_database()
        keyboard.apply(self.store.pref(keyboard.PREF, "auto") if self.store is not None else "auto")
        self.go_home()
        return self.manager

    def _window_resized(self, *_args: Any) -> None:
        self._refit_soon.cancel()  # wait for the resizing to stop
        self._refit_soon()

    @property
    def refit_pending(self) -> bool:
        """Whether a resize is still waiting for the window to keep its size: until it is not,
        the screens are scaled to an earlier size (or a size on the way, if a drag paused)."""
        return bool(self._refit_soon.is_triggered)

    def refit(self, *_args: Any) -> None:
        """Scale every size to the window as it is now: the theme's sizes (unit strings) follow
        by themselves; a screen holding sizes it worked out in pixels (``refit``) redoes them.
        A size the screens are fitted to already is left alone: a window system may report a
        resize more than once, or a drag may end where it began."""
        if tuple(Window.size) == self._fitted:
            return
        self._fitted = tuple(Window.size)
        theme.fit_window(*Window.size)
        for screen in self.manager.screens:
            if hasattr(screen, "refit"):
                screen.refit()

    def on_start(self) -> None:
        if self.preload:
            Clock.schedule_once(self._build_ahead, PRELOAD_AFTER_S)

    def _build_ahead(self, _dt: float = 0) -> None:
        """Build History's and Statistics' screens, then import the games' screens' modules,
        one a frame; then freeze what the app keeps for its life out of the collector's sight."""
        if self.store is None:  # the database's problem is all there is to show
            return
        todo = [name for name in ONE_TAP if not self.manager.has_screen(name)]
        modules = [module for module in GAME_MODULES + PAD_MODULES + TEXT_MODULES if module not in sys.modules]
        if todo:
            self.screen(todo[0])
            Clock.schedule_once(self._build_ahead, 0)
        elif modules:
            importlib.import_module(modules[0])
            Clock.schedule_once(self._build_ahead, 0)
        elif not any(self.manager.has_screen(name) for kind in GAME_KINDS for name in (kind, f"{kind}_setup")):
            gc.collect()  # garbage frozen now would never be freed, nor would a game's screens
            gc.freeze()

    def open_database(self) -> bool:
        """Open and lock the database; on failure keep the reason in ``db_problem`` (and
        in Kivy's log, which the service's journal gets) and return False."""
        try:
            self.store, self._lock = open_for_app(self.db_path)
        except StoreError as exc:
            self.db_problem = str(exc)
            Logger.error(f"Database: {exc}")
            return False
        self.db_problem = ""
        return True

    def screen(self, name: str):
        """The screen called ``name``, created on first use, whole; a game's releases the
        screens of the other games first."""
        screen = self.shell(name)
        for _part in self._unbuilt.pop(name, ()):
            pass
        return screen

    def shell(self, name: str):
        """The screen called ``name`` as its class makes it, created on first use: a screen
        with ``parts()`` (a generator, one part a ``next()``: a game's pages) may still lack
        them, and makes one when it is asked for it (a page shown); :meth:`screen` makes them
        all, :meth:`build_soon` a part a tick."""
        if not self.manager.has_screen(name):
            kind = name.removesuffix("_setup")
            if kind in GAME_KINDS:
                self._release_games(but=kind)
            module, _, cls = SCREENS[name].partition(":")
            made = getattr(importlib.import_module(module), cls)(name=name)
            self.manager.add_widget(made)
            if hasattr(made, "parts"):
                self._unbuilt[name] = made.parts()
        return self.manager.get_screen(name)

    def build_soon(self, name: str, then: Callable[[], Any] | None = None) -> None:
        """Build screen ``name`` a part a tick from the next tick (no frame waits on the whole:
        issue 38); ``then()`` once it is whole, if it is still the app's. A screen made whole
        meanwhile (:meth:`screen`) is not built twice."""
        self._ticks.start(settled(self._building(name, then)))

    def resume_soon(self, session_id: int, kind: str, show: Callable[[], bool], refused: Callable[[str], Any]) -> None:
        """Reopen a game a part a tick from the next tick: its screen's shell, then the session
        (its snapshot proved: 25-40 ms here at 50,000 actions), then, if ``show()`` still says
        so, the game on its screen with the page it stands at; its other pages are made after
        that frame. A game that cannot be opened calls ``refused`` with why."""
        self._ticks.start(settled(self._resuming(session_id, kind, show, refused)))

    def whole(self, name: str) -> bool:
        """Whether screen ``name`` is made, whole."""
        return self.manager.has_screen(name) and name not in self._unbuilt

    @property
    def building(self) -> bool:
        """Whether work is being done a part a tick (a screen built, a game reopened)."""
        return self._ticks.busy

    def _building(self, name: str, then: Callable[[], Any] | None) -> Iterator[None]:
        yield from self._shell_soon(name)
        if not self.manager.has_screen(name):
            return
        screen = self.manager.get_screen(name)
        early = getattr(screen, "SHOWN_BEFORE_PARTS", False)  # its parts are made when asked for, too
        if not early:
            yield from self._parts_soon(name)
        if self.manager.current != name:
            screen.size = self.manager.size  # laid out and its words rendered in a frame of its own
            yield
        if then is not None and self.manager.has_screen(name) and (early or name not in self._unbuilt):
            then()
        yield from self._parts_soon(name)

    def _resuming(self, session_id: int, kind: str, show: Callable[[], bool],
                  refused: Callable[[str], Any]) -> Iterator[None]:
        yield from self._shell_soon(kind)
        try:
            session = self.store.open_session(session_id)
        except StoreError as exc:
            refused(str(exc))
            return
        yield
        screen = self.shell(kind)
        if hasattr(screen, "ready_for"):  # what the game shows first, made ahead of that frame
            yield from screen.ready_for(session)
        if show():
            self._show_opened(session)

    def _shell_soon(self, name: str) -> Iterator[None]:
        """The screen's shell made (:meth:`shell`), the other games' screens let go a tick before."""
        kind = name.removesuffix("_setup")
        if not self.manager.has_screen(name) and kind in GAME_KINDS and self._drop_games(but=kind):
            collect_let_go()  # as _release_games does, in a tick of its own
            yield
        if not self.manager.has_screen(name):
            self.shell(name)
            yield

    def _parts_soon(self, name: str) -> Iterator[None]:
        """The parts of screen ``name`` not built yet, one a tick; given up when the screen is
        made whole meanwhile (:meth:`screen`) or let go."""
        parts = self._unbuilt.get(name)
        if parts is None:
            return
        for _part in parts:
            yield
            if self._unbuilt.get(name) is not parts:
                return
        self._unbuilt.pop(name, None)

    def _release_games(self, but: str) -> None:
        """Let the screens of every game but ``but`` go (not one on show), so their memory is
        reused by the one about to be built. Each stopped its pads and timers when it was
        left; a game left there is reopened from the database, as after a restart. They were
        frozen out of the collector's sight as they were built (:func:`settled`): the
        collection that frees them walks everything (:func:`collect_let_go`)."""
        if self._drop_games(but):
            collect_let_go()  # widgets hold cycles: freed now, their memory is there for the new screen

    def _drop_games(self, but: str) -> int:
        """Take the screens of every game but ``but`` out of the app; how many there were."""
        names = [name for kind in GAME_KINDS if kind != but for name in (kind, f"{kind}_setup")
                 if self.manager.has_screen(name) and self.manager.current != name]
        transition = self.manager.transition
        for name in names:
            screen = self.manager.get_screen(name)
            self.manager.remove_widget(screen)
            self._unbuilt.pop(name, None)
            release(screen)
            # the last change of screen holds the screen it left until the next change (None is
            # refused there): let go now, it is collected now, not frozen with what is kept
            # (:func:`collect_let_go`)
            for side in ("screen_in", "screen_out"):
                if getattr(transition, side) is screen:
                    setattr(transition, side, self.manager.current_screen)
        return len(names)

    def go(self, name: str):
        screen = self.screen(name)
        self.manager.current = name
        return screen

    def go_home(self) -> None:
        self.go("home" if self.store is not None else "dbproblem")

    def new_game(self, kind: str) -> None:
        self.shell(f"{kind}_setup")  # whole, or its parts on the way (``build_soon``)
        self.manager.current = f"{kind}_setup"
        if self.preload:  # built while the table is being set up, after the setup screen is drawn
            Clock.schedule_once(lambda _dt: self.build_soon(kind), PRELOAD_AFTER_S / 4)

    def start_session(self, kind: str, settings: Mapping[str, Any]) -> GameSession:
        """Create the session (the engine checks the settings first) and show it."""
        session = self.store.new_session(kind, settings)
        self.show_session(session)
        return session

    def refusal_to_start(self, kind: str, settings: Mapping[str, Any]) -> str:
        """Start a game from a setup screen: "" when it started, else why not, for the setup
        screen to show (the engine's refusal of the settings, or a database that would not
        save)."""
        try:
            self.start_session(kind, settings)
        except RuleError as exc:
            return f"Refused: {exc}"
        except StoreError as exc:
            return f"Not saved: {exc}"
        return ""

    def resume(self, session_id: int) -> GameSession:
        """Reopen a game on its screen, wherever it is resumed from; a game whose checkpoint
        could not be used (replayed from its log instead) says so there."""
        session = self.store.open_session(session_id)
        self._show_opened(session)
        return session

    def _show_opened(self, session: GameSession) -> None:
        self.show_session(session)
        if session.notice:
            self.shell(session.kind).news = session.notice

    def show_session(self, session: GameSession) -> None:
        """The game on its screen, at the page it stands at; the screen's other parts (its
        other pages) are made a tick each after this frame."""
        screen = self.shell(session.kind)
        screen.session = None  # a fresh assignment always redraws, even for the same game
        screen.session = session
        self.manager.current = session.kind
        self._ticks.start(settled(self._parts_soon(session.kind)))

    def rebuild(self, to_home: bool) -> Screen:
        """The screen on show let go and built anew after a fault (ui/shell/recovery.py): a game's
        reopened from the store, whose log holds every action the table saw; any other screen,
        or a game that cannot be reopened, gives way to Home. The screen now shown is returned."""
        for popup in [w for w in Window.children if isinstance(w, ModalView)]:
            popup.dismiss(animation=False)  # a popup of the screen let go
        broken = self.manager.current_screen
        session = getattr(broken, "session", None)
        if broken is not None:
            self.manager.remove_widget(broken)  # Kivy shows another screen in its place
            release(broken)
        if session is not None and not to_home and self.store is not None:
            try:
                self.resume(session.id)
            except StoreError as exc:
                Logger.error(f"Recovery: the game could not be reopened: {exc}")
            else:
                return self.manager.current_screen
        self.go_home()
        return self.manager.current_screen

    def hardware(self):
        """The pad backend, opened the first time Rapid City needs it."""
        if self._hardware is None:
            from hardware.choose import open_backend

            self._hardware = open_backend(self.backend_name, pads=self.pads, port=self.port)
        return self._hardware

    def _on_keyboard(self, _window, key: int, _scancode, _text, modifiers: list[str]) -> bool:
        """Escape goes back to Home instead of closing the app; Ctrl+Z / Ctrl+Y undo and redo."""
        current = self.manager.current_screen
        if key == KEY_ESCAPE:
            if self.manager.current != "home":
                self.go_home()
            return True
        if "ctrl" in modifiers and hasattr(current, "session") and current.session is not None:
            if key == ord("z"):
                current.undo()
                return True
            if key == ord("y"):
                current.redo()
                return True
        return False

    def on_stop(self) -> None:
        ExceptionManager.remove_handler(self._recovery)
        self._recovery.cancel()
        Window.unbind(on_keyboard=self._on_keyboard)
        Window.unbind(size=self._window_resized)
        self._refit_soon.cancel()
        self._ticks.stop()
        if self.manager.has_screen("stats"):
            self.manager.get_screen("stats").stop()  # its worker may be summing up old games
        WORKER.stop()  # the odds worker process ends with the app (ui/pace/background.py)
        if self._hardware is not None:
            self._hardware.close()
        if self.store is not None:
            self.store.close()
        if self._lock is not None:
            self._lock.release()
        # the widgets go with the app: an app started again in the same process (the tests,
        # the benches, the screenshot script) would otherwise keep every earlier one, each
        # laid out again by Kivy whenever Metrics.density changes (ui/kit/kvload.py); what it
        # froze out of the collector's sight (``settled``, ``_build_ahead``) is put back in it
        release(self.manager, app_stopped=True)
        gc.unfreeze()


def settled(work: Iterator[None]) -> Iterator[None]:
    """``work``, a part a ``next()``, what each part made frozen out of the cyclic collector's
    sight (``gc.freeze``) before the next: a screen built a part a tick grows by ~200,000
    objects (Spurs), and each full collection the growth set off walked all of them so far,
    20-55 ms here, in whichever part it fell (issue 38); now a collection walks only what was
    made since the last part. Frozen without a collection first: building makes next to no
    garbage the collector must find (~500 objects over a Spurs screen built and a game played
    on it here), and one would walk whatever is not frozen yet (a screen made whole at once by
    :meth:`CompanionApp.screen`: 200,000 objects, ~50 ms). What is frozen and later let go (a
    game's screens, a widget replaced) waits for :func:`collect_let_go`, when the app lets a
    game's screens go."""
    for _part in work:
        gc.freeze()
        yield


def collect_let_go() -> None:
    """Free what the app let go (a game's screens): everything frozen is put back in the
    collector's sight for one full collection, then frozen again, as it was (:func:`settled`)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
