"""A real small, full or read-only disk for a test, without being root.

A child process gets a mount namespace of its own (and, when the tests do not run as root, a
user namespace in which it is root: ``unshare --user --map-root-user --mount``), mounts a
tmpfs of a few hundred kilobytes on a folder of the test's, and runs the scenario there:
the disk fills up for real, so SQLite meets ENOSPC where it really writes (its -shm, its
-wal, the pages of a copy) and a remount makes it read-only (EROFS). Nothing outside the
child sees the mount, and it goes away with the child. Where the system allows no user
namespaces the test is skipped; the same faults are also injected in-process by the tests
that use :func:`fault`.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNSHARE = ["unshare", "--user", "--map-root-user", "--mount"]


@functools.cache
def available() -> bool:
    try:
        return subprocess.run([*UNSHARE, "true"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def on_disk(folder: Path, code: str, *, size_kb: int = 512, timeout: float = 60) -> Any:
    """Run ``code`` (Python, with this module's helpers imported and ``DISK``, the mounted
    folder, defined) in a child whose ``folder`` is a fresh tmpfs of ``size_kb``; the child
    prints one JSON value with :func:`report` and that is returned."""
    if not available():
        pytest.skip("no user namespaces here: cannot mount a small disk for the test")
    folder.mkdir(parents=True, exist_ok=True)
    child = f"from tests.disk import *\nfrom companion.db.store import Store\nDISK = Path({str(folder)!r})\n{code}"
    shell = f'mount -t tmpfs -o size={size_kb}k tmpfs "$1" && exec "$2" -c "$3"'
    done = subprocess.run([*UNSHARE, "sh", "-c", shell, "sh", str(folder), sys.executable, child],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, f"the child failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return json.loads(lines[-1][len("REPORT "):])


# -- what a scenario uses, in the child ---------------------------------------------------

def report(value: Any) -> None:
    print("REPORT " + json.dumps(value), flush=True)


def fill(folder: Path, leave: int = 0) -> None:
    """Fill the disk holding ``folder``, then free ``leave`` bytes of it again."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError as exc:
        assert exc.errno == errno.ENOSPC, exc
    finally:
        os.close(fd)
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))


def read_only(folder: Path) -> None:
    """Remount the disk holding ``folder`` read-only."""
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def listing(folder: Path, *, opened: bool = False) -> dict[str, str]:
    """Every file below ``folder`` (but the filler) and a digest of its bytes. ``opened``:
    a database there was opened on purpose, so the -shm SQLite makes beside it (an index
    of its -wal, made again by every open), an empty -wal and the app's lock file (kept
    for good, docs/database.md) are no change to it."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != "filler"
            and not (opened and _runtime(p))}


def _runtime(path: Path) -> bool:
    return path.name.endswith(("-shm", ".lock")) or (path.name.endswith("-wal") and not path.stat().st_size)


def cli(*argv: Any) -> dict[str, Any]:
    """``companion ARGV`` in this process: its exit status and what it printed."""
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main([str(arg) for arg in argv])
        except SystemExit as exc:
            status = exc.code
    return {"status": status, "out": out.getvalue(), "err": err.getvalue()}


# -- in-process fault injection ------------------------------------------------------------

def fault(number: int) -> OSError:
    """The OSError the system gives for ``number`` (errno.ENOSPC, errno.EROFS ...)."""
    return OSError(number, os.strerror(number))
