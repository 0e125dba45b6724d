"""A table monkey (issue 37): the real app, started as `companion` starts it, with the sim pads
and a fresh database, in a real X window (Xvfb), tapped at random through real X input events
(XTest), the path a mouse or a touchscreen takes, with every step checked.

- ``harness``: the test's side. Starts an Xvfb of its own and the child process, then reads
  the child's JSON report, exit status and standard error.
- ``__main__``: the child (``python -m tests.monkey --game G --seed N --taps K ...``). It seeds
  the fresh database, starts the app through ``ui.shell.launch.run_app`` and schedules the walker on
  the app's Kivy Clock.
- ``walker``: the walk itself, inside the app's process, one step at a time.
- ``xinput``: the X events (python-xlib's XTest), nothing else.
- ``table``: what a fresh database holds before the walk (players, remembered sheets, one game
  in progress), so a walk reaches play without typing a whole setup at random.
"""
