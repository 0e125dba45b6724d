"""The walk, inside the app's process, on its Kivy Clock: one step at a time, each a real X
event (a tap, a double tap, keys) or a sim pad's edge, then the checks.

The walk is a generator driven one frame at a time (:meth:`Walker._tick`): a step injects its
events and waits, frame by frame, until the window has seen them (a deadline bounds only a
hang), then lets the app open what a tap on Home opened and settle for two frames, and checks:

- no exception reached Kivy's loop (:class:`Recorder`, an ``ExceptionManager`` handler that
  records it and lets the walk go on) or a thread;
- a way Home: Home is on show, or its button is on the screen (under a popup at worst);
- the game on show is what its log replays to: the session the screen holds, the state its
  screen model (or the referee's flow) shows, and the session opened afresh from the database;
- the second tap of a double tap reached nothing the first tap brought under the finger.

Every choice comes from one ``random.Random(seed)`` over widgets listed in the window's own
order, so a seed replays the same walk as far as the app answers the same way.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import threading
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard

from companion.games import TITLES
from tests.monkey.xinput import KEYS, XInput
from ui.kit.doubletap import GUARD, reached

#: seconds the walk waits for the app to see an event it was sent: a loaded machine is slow, a hang is not
WAIT_S = 20.0
#: how a step is chosen: its kind and its weight (a step on a target is the rest)
KINDS = (("double", 0.10), ("hurried", 0.10), ("keys", 0.04), ("background", 0.04), ("pad", 0.15))
#: the share of steps that head for a screen or a button the walk has not reached yet
ROUTE = 0.25
#: seconds between the two taps of a double tap: within Kivy's double_tap_time (0.25 s)
DOUBLE_S = (0.06, 0.2)
#: seconds a sim pad is held down
PAD_HELD_S = (0.02, 0.3)
#: the referee's buttons that take a card on towards its call, where Undo has something to take back
CARD_ON = ("Ready", "Verdict", "Confirm", "Next card")
#: frames a step waits at most for a game tapped on Home to show (a part a frame: ~10-20 of them)
OPENING_FRAMES = 120
#: taps the walk may take to bring the app back Home at its end
HOME_TAPS = 30
ROOT = Path(__file__).resolve().parents[2]
#: the app's own code, whose innermost line in a traceback names an exception's place
APP = tuple(str(ROOT / package) + "/" for package in ("ui", "companion", "hardware"))
FRAME = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+), in (?P<function>\S+)')
#: the buttons that lead Home: Home, or back to a screen with Home (a game's log, a player's page)
WAYS_HOME = ("Home", "History", "Players")
#: failures written out in full (all are counted)
KEPT = 60
#: steps of the walk kept in a failure's record: what led to it
TRAIL = 8
#: steps written out in the report, from the first (all are in its digest)
LOGGED = 2000


def goals(game: str) -> tuple[str, ...]:
    """What every walk of ``game`` reaches: its setup and play, undo and redo, History,
    Statistics, Settings and Home. Not Rapid City's redo: its Undo takes back a tap of the card
    in play, and Redo comes only once a whole card is undone, which takes a card played to its
    Confirm first (Ready, the wait, the pads, the names, Verdict, Confirm): a random walk of a
    thousand steps did not get there."""
    steps = ("undo",) if game == "rapidcity" else ("undo", "redo")
    return (f"{game}_setup", game, *steps, "history", "stats", "settings", "home")


@dataclass
class Failure:
    """One failure, with what it takes to find it again: the seed and the step."""

    kind: str
    game: str
    seed: int
    step: int
    screen: str
    shows: list[str]
    detail: str
    trail: list[str] = field(default_factory=list)

    @property
    def signature(self) -> str:
        """What makes two failures the same bug: the kind and, for an exception, its type and
        the innermost line of the app's own code it came through ("exception: WidgetException
        at ui/kit/quick.py:100 in _fill"); else the detail's first line."""
        if self.kind == "exception":
            lines = self.detail.strip().splitlines()
            ours = [found for found in map(FRAME.search, lines) if found and found["path"].startswith(APP)]
            where = f"{Path(ours[-1]['path']).relative_to(ROOT)}:{ours[-1]['line']} in {ours[-1]['function']}" \
                if ours else "?"
            return f"exception: {lines[-1].split(':')[0].rsplit('.', 1)[-1]} at {where}"
        return f"{self.kind}: {self.detail.splitlines()[0] if self.detail else ''}"


class Recorder(ExceptionHandler):
    """Any exception that reaches Kivy's loop is a failure of the walk; the loop goes on."""

    def __init__(self, walker: Walker) -> None:
        self.walker = walker

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, (KeyboardInterrupt, SystemExit)):
            return ExceptionManager.RAISE
        self.walker.fail("exception", "".join(traceback.format_exception(inst)))
        return ExceptionManager.PASS


@dataclass
class Tapped:
    """What the window saw of one tap: the touch, and what lay under it as it came down."""

    touch: Any
    under: Any
    looks: tuple[Any, ...] | None


def looks(widget: Any) -> tuple[Any, ...] | None:
    """A widget as a person sees it: its kind, words, place and size on the window."""
    if widget is None:
        return None
    return type(widget), getattr(widget, "text", None), tuple(widget.to_window(*widget.pos)), tuple(widget.size)


def words(widget: Any) -> str:
    text = getattr(widget, "text", None)
    return repr(text[:40]) if isinstance(text, str) and text else type(widget).__name__


class Walker:
    """A walk of ``taps`` steps over ``game``'s screens, chosen by ``seed``."""

    def __init__(self, game: str, seed: int, taps: int, report: Path, display: str) -> None:
        self.game, self.seed, self.taps, self.report_path = game, seed, taps, report
        self.rng = random.Random(seed)
        self.x = XInput(display)
        self.title = TITLES[game]
        self.failures: list[Failure] = []
        self.counts: dict[str, int] = {}  # steps of each kind
        self.rounds = 0  # times every goal was reached
        self.slow_doubles = 0  # double taps whose second came too late to be one
        self.visited: set[str] = set()
        self.step = 0
        self.trail: list[str] = []
        self.log: list[str] = []
        self.digest = hashlib.sha256()
        #: touches the window saw begin, and the last one: only it is kept (it holds widgets a
        #: screen let go would otherwise keep)
        self.begun = 0
        self.last: Tapped | None = None
        self.drawn = 0  # frames drawn on the window
        self.mouse_ups = 0  # the window's own count of the pointer's releases, said when a tap is lost
        self._checked: tuple[int, int] | None = None
        self.done = False
        self.started = 0.0
        self.elapsed = 0.0
        self.cpu_at_start = self.cpu = 0.0  # the process's CPU seconds (all its threads) during the walk
        self._walk: Iterator[None] | None = None

    # -- starting and ending ---------------------------------------------------------------

    def start(self, _dt: float = 0) -> None:
        """On the app's first frame: watch the window, take the exceptions, begin."""
        ExceptionManager.add_handler(Recorder(self))
        threading.excepthook = self._thread_failed
        # bound after the app's double-tap guard, so called before it: the touch as it comes
        Window.fbind("on_touch_down", self._down)
        Window.fbind("on_mouse_up", self._mouse_up)
        Window.fbind("on_flip", self._flipped)
        self.started = time.monotonic()
        self.cpu_at_start = time.process_time()
        self._walk = self._steps()
        Clock.schedule_once(self._tick, 0)

    def _thread_failed(self, args: threading.ExceptHookArgs) -> None:
        Clock.schedule_once(lambda _dt: self.fail("exception", "".join(traceback.format_exception(
            args.exc_type, args.exc_value, args.exc_traceback))), 0)

    def _tick(self, _dt: float) -> None:
        try:
            next(self._walk)
        except StopIteration:
            return
        except Exception:  # noqa: BLE001 - the walk's own error: said in the report, the walk ends
            self.fail("monkey", traceback.format_exc())
            self.finish()
            return
        Clock.schedule_once(self._tick, 0)

    def finish(self) -> None:
        """Write the report and stop the app, as the walk's last step."""
        self.done = True
        self.elapsed = time.monotonic() - self.started
        self.cpu = time.process_time() - self.cpu_at_start
        self.write()
        self.x.close()
        App.get_running_app().stop()

    def write(self, exit_status: int | None = None) -> None:
        distinct: dict[str, dict[str, Any]] = {}
        for failure in self.failures:
            distinct.setdefault(failure.signature, {"count": 0, "first": asdict(failure)})["count"] += 1
        report = {"game": self.game, "seed": self.seed, "taps": self.taps, "steps": self.step, "done": self.done,
                  "exit_status": exit_status, "elapsed_s": round(self.elapsed, 3), "cpu_s": round(self.cpu, 3),
                  # a step is a tap, a double tap, a few keys or a pad's press
                  "taps_per_s": round(self.step / self.elapsed, 1) if self.elapsed else 0.0,
                  "frames_drawn": self.drawn, "events": self.counts, "rounds": self.rounds, "slow_doubles": self.slow_doubles,
                  "visited": sorted(self.visited), "digest": self.digest.hexdigest(),
                  "failures": len(self.failures), "distinct": distinct,
                  "kept": [asdict(f) for f in self.failures[:KEPT]], "log": self.log}
        self.report_path.write_text(json.dumps(report, indent=1))

    def fail(self, kind: str, detail: str) -> None:
        app = App.get_running_app()
        screen = app.manager.current if app is not None and getattr(app, "manager", None) else "?"
        self.failures.append(Failure(kind, self.game, self.seed, self.step, screen, self.shows(), detail,
                                     list(self.trail)))

    # -- what the window sees ----------------------------------------------------------------

    def _down(self, _window: Any, touch: Any) -> bool:
        under = reached(touch.x, touch.y)
        self.begun += 1
        self.last = Tapped(touch, under, looks(under))
        return False

    def _flipped(self, *_args: Any) -> bool:
        self.drawn += 1
        return False

    def _mouse_up(self, *_args: Any) -> bool:
        self.mouse_ups += 1
        return False

    @property
    def app(self) -> Any:
        return App.get_running_app()

    @property
    def screen(self) -> Any:
        return self.app.manager.current_screen

    def roots(self) -> list[Any]:
        """What takes the touches: an open popup alone (it takes every touch), else the screen."""
        modal = [w for w in Window.children if isinstance(w, ModalView)]
        return modal[:1] or [self.screen]

    def shows(self) -> list[str]:
        try:
            return [w.text[:60] for root in Window.children for w in root.walk(restrict=True)
                    if isinstance(getattr(w, "text", None), str) and w.text.strip()][:16]
        except Exception:  # noqa: BLE001 - a broken screen is said by the failure itself
            return []

    def targets(self) -> list[Any]:
        """The widgets a finger may tap, in the window's order: enabled buttons and chips, text
        fields and widgets that take their own touches, with their centre on the window.
        Whether a touch there really reaches one is asked of the one chosen (:meth:`reaches`):
        asking it of every button of a screen was a fifth of a walk's time."""
        found = []
        for root in self.roots():
            for widget in root.walk(restrict=True):
                if widget.disabled or widget.width < 2 or widget.height < 2:
                    continue
                if not isinstance(widget, (ButtonBehavior, TextInput, VKeyboard)) \
                        and not getattr(widget, "TAKES_TOUCHES", False):
                    continue
                x, y = widget.to_window(*widget.center)
                if 0 <= x < Window.width and 0 <= y < Window.height:
                    found.append(widget)
        return found

    def reaches(self, widget: Any) -> bool:
        """A tap at the widget's centre reaches it: a button the touch would press (not one
        under another, or scrolled out of its list), any other widget on show there."""
        x, y = widget.to_window(*widget.center)
        if isinstance(widget, ButtonBehavior):
            return reached(x, y) is widget and not self.elsewhere(widget)
        return shown(widget, x, y)

    def choose(self, targets: list[Any]) -> Any:
        """One target a tap reaches, chosen at random; None if none does."""
        targets = list(targets)
        while targets:
            widget = targets.pop(self.rng.randrange(len(targets)))
            if self.reaches(widget):
                return widget
        return None

    def elsewhere(self, widget: Any) -> bool:
        """A button of Home that leads to another game (its setup, a game of it in progress):
        each walk keeps to its own game, the other two have walks of their own."""
        if self.app.manager.current != "home":
            return False
        text = getattr(widget, "text", "")
        return any(text == title or text.startswith(f"Resume {title}")
                   for kind, title in TITLES.items() if kind != self.game)

    # -- the walk ----------------------------------------------------------------------------

    def _steps(self) -> Iterator[None]:
        # the first frame on the window (X sends a window's events once it is mapped and shown)
        yield from self._until(lambda: self.drawn, "the first frame")
        yield from self._frames(2)
        self.visit()
        while self.step < self.taps:
            kind = self.choose_kind()
            self.counts[kind] = self.counts.get(kind, 0) + 1
            yield from getattr(self, f"_{kind}")()
            self.step += 1
            if kind != "hurried":
                # what a tap on Home opened is built a part a frame (ui/shell/app.py): on a loaded
                # machine that is many frames, and a step chosen meanwhile was aimed at the
                # screen being left (a Resume on Home tapped as Settings came up)
                yield from self._while_opening()
                yield from self._frames(2)
                self.visit()
                self.check()
        yield from self._home()
        self.finish()

    def settled(self) -> bool:
        """No game tapped on Home still being opened (its setup or its screen built a part a
        frame until it shows). Not the rest of the app's building (a game's other pages, made a
        part a frame after it shows): nothing a table waits for."""
        return not self.app.manager.get_screen("home").opening

    def _while_opening(self) -> Iterator[None]:
        """Frames while :meth:`settled` does not hold, up to ``OPENING_FRAMES``: a bound, not a
        failure (Home's opening was once seen still set with its game on show, not yet explained)."""
        for _ in range(OPENING_FRAMES):
            if self.settled():
                return
            yield

    def choose_kind(self) -> str:
        draw = self.rng.random()
        for kind, weight in KINDS:
            if kind == "pad" and self.app.manager.current != "rapidcity":
                continue
            if draw < weight:
                return kind
            draw -= weight
        return "route" if self.rng.random() < ROUTE and self.unmet() else "tap"

    def unmet(self) -> list[str]:
        return [goal for goal in goals(self.game) if goal not in self.visited]

    def visit(self) -> None:
        """The screen on show counts as reached; once every goal is, they start again, so a
        long walk goes round them all again and again."""
        self.visited.add(self.app.manager.current)
        if not self.unmet():
            self.visited.clear()
            self.visited.add(self.app.manager.current)
            self.rounds += 1

    def _frames(self, count: int) -> Iterator[None]:
        for _ in range(count):
            yield

    def _until(self, condition: Callable[[], object], what: str) -> Iterator[None]:
        deadline = time.monotonic() + WAIT_S
        while not condition():
            if time.monotonic() > deadline:
                self.fail("stuck", f"the app did not see {what} within {WAIT_S} s (the window heard "
                                   f"{self.mouse_ups} releases of the pointer, {self.begun} touches begin; "
                                   f"on the window: {[type(w).__name__ for w in Window.children]})")
                return
            yield

    def _note(self, what: str) -> None:
        line = f"{self.step} {self.app.manager.current}: {what}"
        self.digest.update(line.encode())
        self.trail = (self.trail + [line])[-TRAIL:]
        if len(self.log) < LOGGED:
            self.log.append(line)

    def _tap_at(self, x: float, y: float) -> Iterator[None]:
        """A finger down at window (x, y) and lifted once the window saw it come down (a
        frame later at the soonest, as a finger's tap on a touchscreen)."""
        left, top = Window.left, Window.top
        root_x = min(max(int(round(left + x)), 0), left + Window.width - 1)
        root_y = min(max(int(round(top + Window.height - y)), 0), top + Window.height - 1)
        begun = self.begun
        self.x.press(root_x, root_y)
        yield from self._until(lambda: self.begun > begun, f"the press at {x:.0f},{y:.0f}")
        self.x.release()
        if self.begun == begun:  # said as stuck: no touch to wait for
            return
        # the touch's end, not the window's on_touch_up: a touch a widget grabbed exclusively
        # (a focused field's) ends without the window hearing it (kivy/base.py post_dispatch_input)
        touch = self.last.touch
        yield from self._until(lambda: touch.time_end != -1, f"the release at {x:.0f},{y:.0f}")

    def _point(self, widget: Any) -> tuple[float, float]:
        """Where a finger taps ``widget``: a button's centre; anywhere on a widget that takes
        its own touches (a key of the on-screen keyboard, a hex of the Spurs map)."""
        if isinstance(widget, (TextInput, ButtonBehavior)):
            return widget.to_window(*widget.center)
        for _ in range(10):
            x, y = widget.to_window(widget.x + self.rng.random() * widget.width,
                                    widget.y + self.rng.random() * widget.height)
            if shown(widget, x, y):
                return x, y
        return widget.to_window(*widget.center)

    def _pick(self) -> tuple[float, float] | None:
        widget = self.choose(self.targets())
        if widget is None:
            return None
        self._note(f"tap {words(widget)}")
        if self.app.manager.current == self.game and getattr(widget, "text", None) in ("Undo", "Redo"):
            self.visited.add(widget.text.lower())
        return self._point(widget)

    def _tap(self) -> Iterator[None]:
        point = self._pick()
        if point is None:
            yield from self._background()
        else:
            yield from self._tap_at(*point)

    #: a tap that does not wait for the app to settle (a screen or a page still changing)
    _hurried = _tap

    def _background(self) -> Iterator[None]:
        x, y = self.rng.random() * Window.width, self.rng.random() * Window.height
        self._note(f"tap the window at {x:.0f},{y:.0f}")
        yield from self._tap_at(x, y)

    def _double(self) -> Iterator[None]:
        """Two taps on one spot, the second 60-200 ms after the first came down; then the
        check that the second reached nothing the first brought under the finger."""
        point = self._pick()
        if point is None:
            return
        apart = self.rng.uniform(*DOUBLE_S)
        self._note(f"double tap {apart * 1000:.0f} ms apart")
        sent = time.monotonic()
        yield from self._tap_at(*point)
        first = self.last
        while time.monotonic() < sent + apart:
            yield
        yield from self._tap_at(*point)
        second = self.last
        yield  # the release's own frame: what the second tap pressed is known
        self.check_double(first, second)

    def _keys(self) -> Iterator[None]:
        """A few keys, each given the frame that reads it: the X server has queued it when
        ``key`` returns (it syncs), and SDL reads every queued event at each frame's poll. (No
        handler of the window's is sure to hear a key: a focused field's keyboard takes it.)"""
        for _ in range(self.rng.randint(1, 4)):
            key = self.rng.choice(KEYS)
            self._note(f"key {key}")
            self.x.key(key)
            yield from self._frames(2)

    def _pad(self) -> Iterator[None]:
        """A sim pad pressed, and released after a while (gpiozero's MockFactory pin)."""
        backend = self.app.hardware()
        pad = self.rng.choice(list(backend.pads.numbers))
        held = self.rng.uniform(*PAD_HELD_S)
        self._note(f"pad {pad} held {held * 1000:.0f} ms")
        pin = backend.pin(pad)
        pin.drive_low()
        Clock.schedule_once(lambda _dt: pin.drive_high(), held)
        yield

    def _route(self) -> Iterator[None]:
        """A tap towards a goal not reached yet: Home first, then the button that leads there."""
        goal = self.rng.choice(self.unmet())
        target = self.towards(goal)
        if target is None:
            yield from self._tap()
            return
        self._note(f"route to {goal}: tap {words(target)}")
        yield from self._tap_at(*target.to_window(*target.center))

    def towards(self, goal: str) -> Any:
        current = self.app.manager.current
        want: Callable[[str], bool]
        if goal in ("undo", "redo"):
            if current != self.game:
                return self.towards(self.game)
            found = self.button(goal.capitalize().__eq__)
            if found is not None:
                self.visited.add(goal)  # tapped below: undo or redo reached
            elif goal == "redo":  # nothing undone to redo yet: the way there is Undo
                return self.button("Undo".__eq__)
            elif self.game == "rapidcity":  # nothing to take back yet: a card played on towards its call
                return self.button(lambda text: text in CARD_ON)
            return found
        if current != "home":
            want = "Home".__eq__
        elif goal == self.game:
            want = lambda text: text.startswith(f"Resume {self.title}")  # noqa: E731
        else:
            want = {"history": "History", "stats": "Statistics", "settings": "Settings", "home": "Home",
                    f"{self.game}_setup": self.title}[goal].__eq__
        return self.button(want)

    def button(self, want: Callable[[str], bool]) -> Any:
        """The button on show whose words are wanted, that a tap reaches."""
        return next((w for w in self.targets() if isinstance(w, ButtonBehavior)
                     and isinstance(getattr(w, "text", None), str) and want(w.text) and self.reaches(w)), None)

    def _home(self) -> Iterator[None]:
        """At the walk's end the way Home is taken, as a table would: a popup closed, then Home."""
        for _ in range(HOME_TAPS):
            if self.app.manager.current == "home":
                return
            home = self.button("Home".__eq__)
            modal = [w for w in Window.children if isinstance(w, ModalView)]
            if home is not None:
                self._note("tap 'Home' to end")
                yield from self._tap_at(*home.to_window(*home.center))
            elif modal and modal[0].auto_dismiss:
                self._note("close the popup to end")
                yield from self._tap_at(1, 1)
            else:
                yield from self._tap()
            yield from self._frames(2)
        self.fail("no way home", f"Home not reached in {HOME_TAPS} taps at the walk's end")

    # -- the checks --------------------------------------------------------------------------

    def check(self) -> None:
        self.check_home()
        self.check_replay()

    def check_home(self) -> None:
        """Home is on show, or its button is on the screen, or the way back to a screen that
        has it (a popup over it closes)."""
        if self.app.manager.current == "home" or any(isinstance(w, VKeyboard) for w in Window.children):
            return  # Home, or the on-screen keyboard over a lifted screen: it closes, the screen comes down
        ways = [w for w in self.screen.walk(restrict=True)
                if isinstance(w, ButtonBehavior) and getattr(w, "text", None) in WAYS_HOME and not w.disabled
                and w.width > 0 and 0 <= w.to_window(*w.center)[1] < Window.height]
        if not ways:
            self.fail("no way home", f"no Home button on {self.app.manager.current!r}")

    def check_replay(self) -> None:
        """The game on show is what its log replays to: the screen's session, what its model
        or flow shows, and the game opened afresh from the database agree."""
        screen = self.screen
        session = getattr(screen, "session", None)
        if session is None:
            return
        shown_state = getattr(getattr(screen, "model", None) or getattr(screen, "flow", None), "state", session.state)
        if shown_state != session.state:
            self.fail("replay", f"{self.app.manager.current}: the screen shows a state the session does not hold")
        if self._checked == (session.id, session.seq):
            return
        self._checked = (session.id, session.seq)
        try:
            fresh = self.app.store.open_session(session.id)
        except Exception:  # noqa: BLE001 - a log that does not open again is the failure
            self.fail("replay", f"game {session.id} does not open again:\n{traceback.format_exc()}")
            return
        if (fresh.seq, fresh.state) != (session.seq, session.state):
            self.fail("replay", f"game {session.id} replays from the database to another state "
                                f"(event {fresh.seq}) than the screen's (event {session.seq})")

    def check_double(self, first: Tapped, second: Tapped) -> None:
        """The second tap of a double tap (Kivy's rule, as the guard reads it) reached the
        button the first pressed, one looking the same in its place, or nothing; a double tap
        the app means (a number's second tap on the "+1" its first opened) is let through."""
        a, b = first.touch, second.touch
        if not (0 < b.time_start - a.time_start < GUARD.time_s
                and math.hypot(b.sx - a.osx, b.sy - a.osy) <= GUARD.distance):
            self.slow_doubles += 1  # the app took the first tap longer than Kivy's double-tap time
            return
        target = second.under
        if target is None or target is first.under or second.looks == first.looks or GUARD in b.ud:
            return
        if GUARD._meant == a.uid:  # the screen said its double tap is meant (ui/kit/doubletap.py meant())
            return
        took = (getattr(target, "last_touch", None) is b if isinstance(target, ButtonBehavior)
                else isinstance(target, ModalView) and target.parent is None)
        if took:
            self.fail("double tap", f"the second tap reached {words(target)}, which the first tap "
                                    f"(on {words(first.under)}) brought under the finger")


def shown(widget: Any, x: float, y: float) -> bool:
    """Whether window point (x, y) is on ``widget`` and inside every widget holding it (a
    scroll view shows only part of its content), with none of them transparent."""
    node = widget
    while node is not None and node is not Window:
        parent = node.parent
        local = parent.to_widget(x, y) if parent not in (None, Window) else (x, y)
        if not node.collide_point(*local) or node.opacity == 0:
            return False
        node = parent
    return True
