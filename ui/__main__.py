"""`python -m ui [OPTIONS]`: the touchscreen app, as the `companion` command starts it.

The core (``companion``) never imports the ui layer, so `companion` with no verb hands
its process over to this module (companion.cli); the options are the same and are checked
the same way, and a refused one exits 2 with one line, as the command's do.

The odds worker is a spawned process, and spawn runs the parent's main module again in
the child, except a ``__main__`` module run with -m, which it leaves alone
(multiprocessing/spawn.py, ``_fixup_main_from_name``): the worker never starts an app.
"""

import sys

from companion.cli import app_arguments
from companion.intake.errors import InputError
from companion.intake.limits import one_line
from ui.shell.launch import run_app

try:
    arguments = app_arguments(sys.argv[1:])
except InputError as exc:
    print(f"companion: error: {one_line(str(exc))}", file=sys.stderr)
    sys.exit(2)
sys.exit(run_app(arguments))
