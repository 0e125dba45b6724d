"""Starting the touchscreen app from the `companion` command.

Kivy reads its configuration when it is first imported, so the window size, input and
argument handling are settled here before anything imports kivy.
"""

from __future__ import annotations

import argparse
import os
import sys

from companion.kiosk.display import display_problem, graphics_problem
from companion.kiosk.kioskinput import DESKTOP_PROVIDERS, apply_input, kiosk_input
from companion.db.store import default_db_path

WIDTH, HEIGHT = 800, 480


def configure_kivy(*, fullscreen: bool) -> None:
    """Window size and input set before Kivy creates its window."""
    os.environ["KIVY_NO_ARGS"] = "1"  # our argparse owns the command line, not Kivy's
    # The free clock ticks like the default one, except that an event scheduled with
    # Clock.schedule_once_free (the referee's pad queue does) interrupts the frame
    # wait, so a claim is drawn in the next frame rather than up to a frame later.
    os.environ.setdefault("KIVY_CLOCK", "free_all")
    from ui.shell import kivylog

    os.environ.setdefault("KIVY_CLIPBOARD", kivylog.CLIPBOARD)
    from kivy.config import Config

    kivylog.install()  # before Kivy imports its input providers and clipboard

    Config.set("graphics", "width", str(WIDTH))
    Config.set("graphics", "height", str(HEIGHT))
    Config.set("graphics", "minimum_width", str(WIDTH))
    Config.set("graphics", "minimum_height", str(HEIGHT))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("kivy", "exit_on_escape", "0")
    # exactly one path for a touch: the kiosk's touchscreen, or a desktop's mouse
    providers, problem = kiosk_input() if fullscreen else (DESKTOP_PROVIDERS, "")
    if problem:
        from kivy.logger import Logger

        Logger.warning(f"Input: {problem}")
    apply_input(Config, providers)
    # the on-screen keyboard follows the Keyboard setting once the app runs (ui/kit/keyboard.py)
    Config.set("kivy", "keyboard_mode", "system")
    from ui.shell import fonts

    if fonts.install() is None:  # names in CJK stay empty boxes; everything else as ever
        from kivy.logger import Logger

        Logger.warning(f"Fonts: no {fonts.FALLBACK} (Debian's fonts-wqy-microhei): CJK names show as boxes")


def run_app(args: argparse.Namespace) -> int:
    problem = display_problem() or graphics_problem()
    if problem:
        return cannot_start("; ".join(problem))
    if args.lang:  # what the app says and, with gettext, shows: gettext reads $LANGUAGE first
        os.environ["LANGUAGE"] = args.lang
    configure_kivy(fullscreen=args.fullscreen)
    from kivy.core.window import Window

    if Window is None:  # Kivy logged why (ui/shell/kivylog.py keeps it to one line)
        return cannot_start(f"no window could be made with SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', '')}"
                            " (Kivy's log line above says why)")
    from ui.shell.app import CompanionApp

    # the app opens (and locks) the database itself, so one it cannot use is shown on screen
    CompanionApp(db_path=args.db or default_db_path(), backend=args.backend, pads=args.pads, port=args.port,
                 preload=True).run()
    return 0


def cannot_start(why: str) -> int:
    """Exit status 1 and one line (docs/cli.md), never a traceback: a kiosk's journal shows it
    as it is. Written to the process's own standard error: once imported, Kivy sends ``sys.stderr``
    through its logger (kivy/logger.py), which may print nothing."""
    print(f"companion: cannot start the app: {why}. Everything else works without a screen: try "
          "`companion --help` or `companion doctor`.", file=sys.__stderr__, flush=True)
    return 1
