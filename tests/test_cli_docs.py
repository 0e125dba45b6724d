"""The product documents its own contracts: nothing points at a design file outside the
repository, and every docs/ page the code and README point to exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("companion", "hardware", "ui", "wiring", "bench", "docs", "README.md", "pyproject.toml")


def product_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", *PRODUCT], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split() if not name.endswith((".png", ".svg", ".wav", ".ttf"))]


def test_nothing_points_at_a_design_file_outside_the_repository():
    files = product_files()
    assert len(files) > 50
    pointing = [f"{f.relative_to(ROOT)}" for f in files
                if re.search(r"DESIGN\.md|DESIGN principle|\.\./shared|/work/shared", f.read_text(errors="replace"))]
    assert pointing == []


def test_every_docs_page_pointed_at_exists():
    named = set()
    for f in product_files():
        named |= set(re.findall(r"docs/([a-z_]+\.md)", f.read_text(errors="replace")))
    assert {"cli.md", "roundfile.md", "serial.md", "limits.md", "architecture.md"} <= named
    assert [n for n in sorted(named) if not (ROOT / "docs" / n).is_file()] == []


@pytest.mark.parametrize("argv, page", [(["referee", "replay", "--help"], "docs/roundfile.md")])
def test_help_points_into_the_project(capsys, argv, page):
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert page in out and "DESIGN" not in out


def test_the_documented_limits_are_the_ones_in_force():
    """docs/limits.md states each figure of companion/intake/limits.py."""
    from companion.intake import limits

    text = (ROOT / "docs" / "limits.md").read_text()
    for figure in (limits.BOX_BULLETS, limits.BAG_BULLETS, limits.GANG_SIZE, limits.BOUNTY_BASE_CARDS,
                   limits.BOUNTY_DRAWS, limits.TILES, limits.ROUND_DEPTH, limits.NUMBER_CHARS,
                   limits.PAD_NUMBER, limits.BULLETS_BEFORE_CARD, limits.OPTION_CHARS, limits.QUOTE_CHARS):
        assert f"| {figure}" in text or f" {figure} " in text, figure
    for figure in (limits.EVENTS, limits.TOUCHES, int(limits.WINDOW_MS), int(limits.BOUNCE_MS),
                   limits.MONITOR_SECONDS):
        assert f"{figure:,}" in text, figure


def test_the_documented_pipe_into_head_ends_at_once_with_status_141():
    """docs/cli.md: `companion pads --json | head -1` prints the board's line and ends with
    the status of a closed pipe, though no pad is pressed (the simulated pads never are)."""
    import os
    import sys

    assert "`companion pads --json \\| head -1`" in (ROOT / "docs" / "cli.md").read_text()
    script = (f"{sys.executable} -m companion pads --json --backend sim | head -1; "
              "echo status ${PIPESTATUS[0]}")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    board, status = done.stdout.splitlines()
    assert board.startswith('{"board": "ok"') and status == "status 141"
    assert "Traceback" not in done.stderr
