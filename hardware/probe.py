"""Checks for `companion doctor`: can this user reach the pads, and if not, what to do.

Each check returns a doctor :class:`~companion.contracts.checks.Check`: its name, whether it
stops the table (FAIL) or only deserves a look (WARN), what was found in words a person
at the table understands, and the command or step that would make it right. Fixes name
the real user (never a literal ``$USER``): the command must work when pasted.
"""

from __future__ import annotations

import contextlib
import ctypes
import grp
import os
import pwd
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator, Mapping

from companion.contracts.checks import FAIL, OK, WARN, Check
from companion.kiosk.display import draws_on_console
from companion.intake.errors import InputError
from hardware.board import MODEL_PATH, pi_model, resolve
from hardware.events import Ticks, now_ns
from hardware.serial_board import VERSION_EVERY_S

#: what each group opens, for the app's user: the kiosk needs them all (wiring/install.sh)
GROUPS = {"gpio": "the GPIO pads", "input": "the touchscreen", "render": "the GPU", "video": "the display",
          "audio": "the sound card", "dialout": "the pad board and RFID readers"}
#: the groups the app needs when it draws on the console itself (a desktop gives their
#: devices to whoever is logged in at the screen)
CONSOLE_GROUPS = ("input", "render", "video", "audio")
INSTALL_HINT = "wiring/install.sh sets this up"
#: the user the installed service runs as (wiring/companion.service, User=)
SERVICE_USER = "companion"


def user_name() -> str:
    """The user this process runs as (``sudo -u companion`` included), by name."""
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:  # a uid with no passwd entry (a container): say the number
        return str(os.geteuid())


def check_gpio_access(model_path: Path = MODEL_PATH, dev: Path = Path("/dev")) -> Check:
    """Is this a Pi, and may this user open its GPIO chip(s)?"""
    model = pi_model(model_path)
    if model is None:
        return Check("GPIO", FAIL, "not a Raspberry Pi: no GPIO pads here (no /proc/device-tree/model naming a Pi)",
                     "run on the Pi, or start with --backend sim (keys 1-6) or --backend serial (pad board)")
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        return Check("GPIO", FAIL, f"{model}: no /dev/gpiochip* device",
                     "update Raspberry Pi OS (sudo apt full-upgrade): the GPIO character device is missing")
    denied = [chip.name for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
    if denied:
        return Check("GPIO", FAIL, f"{model}: user {user_name()} has no permission on {', '.join(denied)}",
                     f"sudo usermod -aG gpio {user_name()}, then log in again ({INSTALL_HINT})")
    return Check("GPIO", OK, f"{model}: GPIO chips {', '.join(c.name for c in chips)} readable and writable")


def groups_needed(backend: str, pads: str | None = None, environ: Mapping[str, str] = os.environ) -> tuple[str, ...]:
    """The groups this user needs for the pads ``backend`` (made concrete: gpio, serial or
    sim) reads and the screen the app draws on: ``gpio`` for GPIO pads, ``dialout`` for a
    pad board or an RFID reader, and the console's groups when the app draws there itself."""
    needed = ["gpio"] if backend == "gpio" else []
    if draws_on_console(environ):
        needed += CONSOLE_GROUPS
    if backend == "serial" or _reads_rfid(pads):
        needed.append("dialout")
    return tuple(needed)


def _reads_rfid(pads: str | None) -> bool:
    from hardware.padmap import load_padmap

    try:
        return any(pad.rfid for pad in load_padmap(pads))
    except InputError:  # said by the pad map's own check
        return False


def check_user_groups(backend: str, pads: str | None = None, environ: Mapping[str, str] = os.environ,
                      euid: int | None = None) -> Check:
    """The groups this user needs here (:func:`groups_needed`), and none for root, who opens
    every device without one."""
    if (os.geteuid() if euid is None else euid) == 0:
        return Check("Groups", OK, "user root opens every device without a group (the kiosk's user, companion, "
                                   "gets its groups from wiring/install.sh)")
    wanted = groups_needed(backend, pads, environ)
    if not wanted:
        return Check("Groups", OK, f"user {user_name()} needs no group here: {backend} pads, and a window "
                                   "the desktop or memory gives")
    return check_groups(wanted)


def check_groups(wanted: tuple[str, ...]) -> Check:
    """Is the app's user in every group of ``wanted``? A group this system lacks is named
    too: install.sh creates it (udev rules on Raspberry Pi OS give /dev/gpiochip* to ``gpio``)."""
    user = user_name()
    mine = {grp.getgrgid(g).gr_name for g in {os.getegid(), *os.getgroups()} if _has_gid(g)}
    existing = {g.gr_name for g in grp.getgrall()}
    missing = [name for name in wanted if name not in mine]
    if not missing:
        return Check("Groups", OK, f"user {user} is in {', '.join(wanted)} ({'; '.join(GROUPS[g] for g in wanted)})")
    absent = [name for name in missing if name not in existing]
    fix = " && ".join([*(f"sudo groupadd --system {name}" for name in absent),
                       f"sudo usermod -aG {','.join(missing)} {user}"]) + ", then log in again"
    detail = f"user {user} is not in group(s) {', '.join(missing)}"
    if absent:
        detail += f" ({', '.join(absent)} {'does' if len(absent) == 1 else 'do'} not exist here)"
    return Check("Groups", FAIL, detail, f"{fix} ({INSTALL_HINT})")


def _has_gid(gid: int) -> bool:
    try:
        grp.getgrgid(gid)
    except KeyError:
        return False
    return True


def lgpio_setup_problem(environ: os._Environ | dict = os.environ, cwd: str | None = None) -> tuple[str, str] | None:
    """(what, fix) when lgpio cannot start here, judged without importing it.

    ``import lgpio`` opens a notification FIFO named ``.lgd-nfy<N>`` in ``$LG_WD`` (its C
    library chdirs there; lgpio 0.2 sources) or else in the working directory, at import
    time: where that cannot be written, the import itself raises FileNotFoundError."""
    wd = environ.get("LG_WD")
    user = user_name()
    if wd:
        if not os.path.isdir(wd):
            return (f"LG_WD={wd} does not exist: lgpio cannot make its notification pipe there",
                    f"sudo install -d -o {user} {wd}, or point LG_WD at a writable directory "
                    "(the service unit uses RuntimeDirectory=companion and LG_WD=/run/companion)")
        if not os.access(wd, os.W_OK | os.X_OK):
            return (f"LG_WD={wd} is not writable by {user}: lgpio cannot make its notification pipe there",
                    f"sudo chown {user} {wd}, or point LG_WD at a writable directory")
        return _foreign_fifo(wd, f"LG_WD={wd}")
    cwd = cwd or os.getcwd()
    if not os.access(cwd, os.W_OK | os.X_OK):
        return (f"lgpio makes its notification pipe in the working directory {cwd}, which {user} cannot write",
                f"run from a folder {user} can write (cd ~), or set LG_WD to one: "
                f"LG_WD=/tmp/lgpio-{user} after mkdir -p it")
    return _foreign_fifo(cwd, f"the working directory {cwd}")


def _foreign_fifo(folder: str, where: str) -> tuple[str, str] | None:
    """lgpio reuses ``.lgd-nfy0``, ``1``...; one left by another user (root trying lgpio in
    /tmp) cannot be replaced in a sticky folder, and the import fails with
    "No such file or directory: '.lgd-nfy-3'"."""
    me = os.geteuid()
    for path in sorted(Path(folder).glob(".lgd-nfy*")):
        try:
            owner = path.lstat().st_uid
        except OSError:
            continue
        if owner != me:
            return (f"{where} holds {path.name}, left by another user (uid {owner}): lgpio cannot make "
                    f"its notification pipe there",
                    f"sudo rm {path}, or point LG_WD at a folder only {user_name()} writes")
    return None


@contextlib.contextmanager
def scratch_lg_wd() -> Iterator[dict[str, str]]:
    """An environment whose ``LG_WD`` is a fresh folder, removed afterwards: importing
    lgpio leaves a ``.lgd-nfy<N>`` FIFO behind in it, which a check must not leave in the
    folder doctor was run from. An ``LG_WD`` already set is kept (it was checked)."""
    if os.environ.get("LG_WD"):
        yield dict(os.environ)
        return
    with tempfile.TemporaryDirectory(prefix="companion-lgpio-") as folder:
        yield {**os.environ, "LG_WD": folder}


def check_lgpio(python: str = sys.executable) -> Check:
    """Does ``import lgpio`` work for this Python, here? Tried in a child process so a
    failure (or lgpio's import-time FIFO) cannot disturb this one; the failure is turned
    into what went wrong and the fix."""
    problem = lgpio_setup_problem()
    if problem:
        return Check("lgpio", FAIL, *problem)
    try:
        with scratch_lg_wd() as env:  # doctor looks: it leaves no FIFO in the user's folder
            result = subprocess.run([python, "-c", "import lgpio; print(hex(lgpio.LGPIO_PY_VERSION))"],
                                    capture_output=True, text=True, timeout=30, env=env)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check("lgpio", FAIL, f"could not try importing lgpio ({exc})", "run companion doctor again")
    if result.returncode == 0:
        return Check("lgpio", OK, f"lgpio {result.stdout.strip()} imports for Python {_py(python)}")
    return Check("lgpio", FAIL, *explain_lgpio_failure(result.stderr, python))


def explain_lgpio_failure(stderr: str, python: str = sys.executable) -> tuple[str, str]:
    """(what, fix) for the last line of a failed ``import lgpio``."""
    last = stderr.strip().splitlines()[-1] if stderr.strip() else "no message"
    version = _py(python)
    if "No module named 'lgpio'" in last:
        return (f"lgpio is not installed for Python {version} ({python})",
                "sudo apt install python3-lgpio and make the venv with --system-site-packages, "
                "or pip install lgpio where apt has no package (wiring/install.sh does either)")
    if "_lgpio" in last or "undefined symbol" in last or "cpython" in last:
        return (f"lgpio is installed but built for another Python than {version} ({last})",
                "make the venv from the system's python3 (python3 -m venv --system-site-packages), "
                "or pip install lgpio for this Python")
    if ".lgd-nfy" in last or "Permission denied" in last:
        return (f"lgpio cannot make its notification pipe ({last})",
                "set LG_WD to a directory only this user writes (a .lgd-nfy file another user left "
                "there blocks it; the service unit uses /run/companion)")
    return f"import lgpio fails: {last}", "reinstall lgpio (sudo apt install --reinstall python3-lgpio)"


def _py(python: str) -> str:
    if python == sys.executable:
        return ".".join(map(str, sys.version_info[:2]))
    return os.path.basename(python)


def check_pin_factory() -> Check:
    """Which gpiozero pin factory would drive the pads (lgpio is the one that gives the
    kernel's edge timestamps on a Pi 4/5), or why none loads. Only asked once lgpio
    imports: gpiozero lets an lgpio OSError through as a traceback."""
    import warnings

    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    with warnings.catch_warnings(record=True) as fallbacks, scratch_lg_wd() as env:
        warnings.simplefilter("always")
        saved = os.environ.get("LG_WD")
        os.environ["LG_WD"] = env["LG_WD"]  # lgpio's C library reads it when imported here
        try:
            factory = Device._default_pin_factory()
        except BadPinFactory as exc:
            tried = "; ".join(str(w.message) for w in fallbacks)
            return Check("Pin factory", FAIL, f"no GPIO pin factory loads ({exc} {tried})".strip(),
                         "on a Raspberry Pi: sudo apt install python3-lgpio (or pip install lgpio); "
                         "elsewhere there are no GPIO pads: use --backend sim or --backend serial")
        except Exception as exc:  # a factory's import raising something else (OSError from lgpio)
            return Check("Pin factory", FAIL, f"gpiozero cannot load a pin factory ({type(exc).__name__}: {exc})",
                         "fix the lgpio check above first")
        finally:
            if saved is None:
                os.environ.pop("LG_WD", None)
            else:
                os.environ["LG_WD"] = saved
    name = type(factory).__name__
    factory.close()
    if name != "LGPIOFactory":
        return Check("Pin factory", FAIL, f"pin factory {name} (lgpio did not load)",
                     "sudo apt install python3-lgpio: lgpio gives the kernel's edge timestamps")
    return Check("Pin factory", OK, "pin factory lgpio")


def check_serial_ports() -> Check:
    """USB serial ports a pad board could be on, and whether this user may open them.
    No board is fine (only --backend serial needs one)."""
    from serial.tools import list_ports

    ports = [p for p in sorted(list_ports.comports(), key=lambda p: p.device) if p.vid is not None]
    if not ports:
        return Check("Serial", OK, "no USB serial port (a pad board is only needed for --backend serial)")
    denied = [p.device for p in ports if not os.access(p.device, os.R_OK | os.W_OK)]
    names = ", ".join(f"{p.device} ({p.description})" for p in ports)
    if denied:
        return Check("Serial", WARN, f"serial ports {names}; {user_name()} has no permission on {', '.join(denied)}",
                     f"sudo usermod -aG dialout {user_name()}, then log in again")
    return Check("Serial", OK, f"serial ports: {names}")


def check_pad_board(port: str | None, pads: str | None, wait_s: float = 3.5,
                    version_s: float = VERSION_EVERY_S + 1, ticks: Ticks = now_ns) -> Check:
    """Open the pad board and listen for its heartbeats (``--backend serial``): a board
    that is plugged in but silent is as dead as one that is not there. Then for its
    version line (sent every 10 s, so waited for up to ``version_s``): a board that
    beats but runs other firmware than this app's may send lines it does not read.
    ``ticks`` is the clock the heartbeats are judged on (a test's moves when it says)."""
    from hardware.padmap import load_padmap
    from hardware.serial_board import FIRMWARE_VERSION, SerialBackend

    backend = SerialBackend(load_padmap(pads), port=port, retry_s=0.2, ticks=ticks)
    backend.start()
    try:
        status = _wait(backend.status, lambda s: s.health not in ("waiting", "unplugged"), wait_s)
        firmware = _wait(lambda: backend.parser.firmware, bool, version_s) if status.ok else ""
    finally:
        backend.close()
    if not status.ok:
        fixes = {"unplugged": "plug the pad board in (USB), or set its port (--port DEVICE, or port = in the "
                              "settings file)",
                 "silent": "the firmware is not running: copy wiring/firmware/main.py to the board as main.py "
                           "and replug it"}
        return Check("Pad board", FAIL, f"{status.health}: {status.detail}",
                     fixes.get(status.health, "replug the pad board"))
    heard = f"{status.counters['heartbeats']} heartbeats heard"
    reflash = "copy wiring/firmware/main.py to the board as main.py and replug it (wiring/README.md, Flashing it)"
    if not firmware:
        return Check("Pad board", WARN, f"{status.detail}; {heard}, but no version line in {version_s:g} s "
                                        f"(this app's firmware {FIRMWARE_VERSION} sends one every "
                                        f"{VERSION_EVERY_S:g} s)", reflash)
    if firmware != FIRMWARE_VERSION:
        return Check("Pad board", WARN, f"{status.detail}; {heard}; firmware {firmware}, this app's is "
                                        f"{FIRMWARE_VERSION}", reflash)
    return Check("Pad board", OK, f"{status.detail}; {heard}")


def _wait(read, done, seconds: float):
    """``read()`` again every 50 ms until ``done`` of it or ``seconds`` pass; the last value."""
    deadline = time.monotonic() + seconds
    value = read()
    while not done(value) and time.monotonic() < deadline:
        time.sleep(0.05)
        value = read()
    return value


def check_rfid_readers(pads: str | None, user: str = SERVICE_USER) -> list[Check]:
    """One check per tile whose pad map names an RFID reader (``rfid = PORT``): the port
    exists, the service's ``user`` may open it (this user when that one does not exist
    here: a developer's machine), and it opens at the RDM6300's 9600 baud. A reader sends
    only while a tag is on it, so silence is no fault. Nothing without RFID."""
    from hardware.padmap import load_padmap

    try:
        padmap = load_padmap(pads)
    except InputError:  # said by the pad map's own check
        return []
    try:
        pwd.getpwnam(user)
    except KeyError:
        user = user_name()
    return [_check_reader(pad.number, pad.rfid, padmap.source, user) for pad in padmap if pad.rfid]


def _check_reader(number: int, port: str, source: str, user: str) -> Check:
    from hardware.serial_link import open_port

    name = f"RFID pad {number}"
    if "://" not in port:  # a pyserial URL (loop://, rfc2217://) is no device file
        if not os.path.exists(port):
            return Check(name, FAIL, f"{port} does not exist",
                         f"plug the reader in, or correct pad {number}'s rfid = in {source} "
                         "(ls /dev/ttyAMA* /dev/ttyUSB* lists the serial ports)")
        denied = port_denied(port, user)
        if denied:
            return Check(name, FAIL, f"{port}: {denied[0]}", denied[1])
        if not os.access(port, os.R_OK | os.W_OK):
            return Check(name, OK, f"{port}: {user} may open it (not opened here: {user_name()} may not)")
    try:
        open_port(port, 9600).close()
    except Exception as exc:  # SerialException, OSError (EBUSY, EIO), ValueError
        return Check(name, FAIL, f"{port} does not open ({exc})",
                     "turn the serial console off on that UART (sudo raspi-config: Interface Options, Serial "
                     "Port, login shell no, hardware yes), or check the dtoverlay= line that makes it")
    return Check(name, OK, f"{port} opens at 9600 baud, readable by {user}")


def port_denied(port: str, user: str) -> tuple[str, str] | None:
    """(what, fix) when ``user`` may not open ``port`` for reading and writing (pyserial
    opens a port both ways), judged from the device's owner, group and mode (os.access
    for a uid with no passwd entry: this process's own, in a container)."""
    try:
        account = pwd.getpwnam(user)
    except KeyError:
        if os.access(port, os.R_OK | os.W_OK):
            return None
        account = None
    info = os.stat(port)
    if account is not None:
        if account.pw_uid == 0:
            return None
        groups = set(os.getgrouplist(user, account.pw_gid))
        if info.st_uid == account.pw_uid:
            bits = stat.S_IRUSR | stat.S_IWUSR
        elif info.st_gid in groups:
            bits = stat.S_IRGRP | stat.S_IWGRP
        else:
            bits = stat.S_IROTH | stat.S_IWOTH
        if info.st_mode & bits == bits:
            return None
    group = _group_name(info.st_gid)
    if info.st_mode & (stat.S_IRGRP | stat.S_IWGRP) == stat.S_IRGRP | stat.S_IWGRP:
        return (f"{user} may not open it (it is group {group}'s)",
                f"sudo usermod -aG {group} {user}, then restart the app (sudo systemctl restart companion)")
    return (f"{user} may not open it (mode {stat.filemode(info.st_mode)}, group {group})",
            f"sudo chgrp dialout {port} && sudo chmod g+rw {port}, with dialout among {user}'s groups")


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def check_libmtdev() -> Check:
    """Kivy's mtdev input provider needs libmtdev; without it Kivy falls back to hidinput,
    which mis-tracks two fingers on the official touchscreen."""
    try:
        ctypes.CDLL("libmtdev.so.1")  # what kivy/lib/mtdev.py loads
    except OSError:
        return Check("libmtdev", FAIL, "libmtdev.so.1 is missing: the touchscreen's input provider cannot load",
                     "sudo apt install libmtdev1")
    return Check("libmtdev", OK, "libmtdev.so.1 loads")


def check_pad_map(path: str | None = None) -> Check:
    """Does the pad map load (the built-in one when ``path`` is None)?"""
    from hardware.padmap import load_padmap

    try:
        pads = load_padmap(path)
    except InputError as exc:
        return Check("Pad map", FAIL, str(exc), "fix the pad map (see wiring/README.md for the format)")
    summary = ", ".join(f"{p.number}={p.pin} {p.name}" for p in pads)
    return Check("Pad map", OK, f"pad map {pads.source}: {summary}")


def hardware_checks(backend: str = "auto", pads: str | None = None, port: str | None = None,
                    model_path: Path = MODEL_PATH) -> list[Check]:
    """The checks for the pads ``--backend`` names (``auto`` made concrete as the app does),
    in the order a person would fix them: GPIO pads need the chip, the groups, lgpio and a pin
    factory; a pad board needs its heartbeat; the sim needs nothing but the pad map. Then
    each RFID reader the pad map names, whatever the pads."""
    kind = resolve(backend, model_path)
    checks = [check_user_groups(kind, pads), check_libmtdev(), check_pad_map(pads)]
    if kind == "gpio":
        checks[:0] = [check_gpio_access(model_path)]
        lgpio = check_lgpio()
        checks += [lgpio, check_pin_factory() if lgpio.ok else
                   Check("Pin factory", FAIL, "not tried: lgpio does not import", "fix lgpio first")]
        checks.append(check_serial_ports())
    elif kind == "serial":
        checks.append(check_pad_board(port, pads))
    else:
        why = " (--backend auto, and this is not a Raspberry Pi)" if backend == "auto" else ""
        checks[:0] = [Check("GPIO", OK, f"not used: the pads are simulated{why}, keys 1-6 press them in the app")]
    return checks + check_rfid_readers(pads)
