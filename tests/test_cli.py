"""The `companion` command: help, versions, bad arguments, doctor, and no-display start."""

import os
import subprocess
import sys
import textwrap

import pytest

from companion import __version__
from companion.cli import main
from companion.db.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, env=None):
    """The real console entry point in a child process (`python -m companion`)."""
    full_env = dict(os.environ, PYTHONPATH=ROOT, **(env or {}))
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env=full_env, timeout=60)


def test_help_lists_every_verb(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for verb in ("doctor", "pads", "odds", "hand", "referee", "--backend", "--db", "--fullscreen"):
        assert verb in out


def test_version(capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"companion {__version__}"


@pytest.mark.parametrize("argv", [["--frobnicate"], ["odds"], ["odds", "fly"], ["--backend", "bluetooth"], ["nonsense"]])
def test_unknown_arguments_get_usage_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage: companion" in capsys.readouterr().err


def test_python_dash_m_and_exit_code():
    result = run("--frobnicate")
    assert result.returncode == 2
    assert "unrecognized arguments: --frobnicate" in result.stderr


def test_doctor_reports_each_check(tmp_path):
    db = tmp_path / "c.db"
    result = run("--db", str(db), "doctor", "--backend", "gpio", env={"SDL_VIDEODRIVER": ""})
    out = result.stdout
    for name in ("Python", "Kivy", "Display", "GPIO", "Pin factory", "Pad map", "Serial", "Database"):
        assert name in out, out
    assert "not created yet" in out and not db.exists()  # doctor looks, it does not create
    assert (result.returncode == 0) == ("Ready to play." in out), out  # tests/test_doctor.py: when it is not
    Store(db).close()
    assert "integrity ok" in run("--db", str(db), "doctor").stdout


def test_doctor_fails_on_a_damaged_database_and_says_what_to_do(tmp_path):
    bad = tmp_path / "c.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    result = run("--db", str(bad), "doctor")
    assert result.returncode == 1
    assert "damaged" in result.stdout and str(bad) in result.stdout
    assert "-> " in result.stdout


def test_no_display_is_said_plainly_not_a_traceback(tmp_path):
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}
    if os.path.exists("/dev/dri"):
        pytest.skip("this machine has a DRM display device")
    result = run("--db", str(tmp_path / "c.db"), env=env)
    assert result.returncode == 1
    assert "no desktop" in result.stderr and "no display device" in result.stderr
    assert "SDL_VIDEODRIVER=offscreen" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_damaged_database_keeps_the_app_up_and_untouched(tmp_path):
    """A kiosk has no terminal: exiting would be a black screen and a restart loop, so the
    app stays up and says what is wrong on screen (tests/ui/test_database_problems.py)."""
    bad = tmp_path / "c.db"
    bad.write_bytes(b"x" * 4096)
    app = subprocess.Popen([sys.executable, "-m", "companion", "--db", str(bad)], stderr=subprocess.PIPE, text=True,
                           env=dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="offscreen"))
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            app.wait(timeout=6)
    finally:
        app.terminate()
        _, err = app.communicate(timeout=30)
    assert "Traceback" not in err
    assert bad.read_bytes() == b"x" * 4096



def test_python_m_ui_starts_only_the_app():
    """`companion` hands its process to `python -m ui` for the app; a verb given there is
    refused in one line (exit 2), never run as if it were app options."""
    result = subprocess.run([sys.executable, "-m", "ui", "doctor"], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=ROOT), timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip() == "companion: error: python -m ui only starts the app; run the verbs with `companion`"

BLOCKER = textwrap.dedent("""
    import importlib.abc, pkgutil, sys

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"kivy", "gpiozero"}:
                raise ImportError(f"{name} is blocked in this test")

    sys.meta_path.insert(0, Block())
    import companion
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        if not info.name.endswith("__main__"):  # that one starts the app
            __import__(info.name)
    from companion.cli import build_parser
    build_parser()
    print("loaded", len(sys.modules))
""")


def test_companion_loads_with_kivy_and_gpiozero_blocked():
    result = subprocess.run([sys.executable, "-c", BLOCKER], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=ROOT), timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("loaded")


@pytest.mark.parametrize("argv", [["pads", "--backend", "sim", "--seconds", "0.2"],
                                  ["--backend", "sim", "pads", "--seconds", "0.2"]])
def test_pads_monitor_takes_hardware_options_before_or_after_the_verb(argv):
    result = run(*argv)
    assert result.returncode == 0, result.stderr
    assert "sim" in result.stdout
