"""The rules help in Settings shows every ruling, the new ones included, readably."""


def test_rules_help_shows_the_new_rulings(ui):
    ui.tap("Settings")
    texts = ui.texts()
    for start in ("[b]R-B7[/b] Wounds in a duel.", "[b]R-B8[/b] A bounty discarded",
                  "[b]R-S13[/b] Escorted Stagecoach.", "[b]R-R12[/b] Simultaneous touches.",
                  "[b]R-R13[/b] False starts"):
        assert sum(t.startswith(start) for t in texts) == 1, start
    spurs = ui.find(startswith="[b]R-S12[/b]")
    assert "[i]available[/i]" in spurs.text and "*" not in spurs.text
    cards = ui.find(startswith="[b]R-B1[/b]")
    assert "written value then suit: 3G." in cards.text


def test_db_path(tmp_path):
    """Issue 37: the database's long path broke mid-word ("compan / ion.db"); it breaks after
    a folder. (A short test name: pytest names the tmp_path folder after it.)"""
    from tests.ui.conftest import start_app, stop_app

    db = tmp_path / "old-west-companion" / "saved-games" / "players-and-tables" / "companion.db"
    ui = start_app(db)
    try:
        ui.pump()
        ui.tap("Settings")
        about = ui.find(startswith="Version")
        about.texture_update()
        lines = ["".join(w.text for w in line.words) for line in about._label._cached_lines]  # noqa: SLF001
        path = str(db)
        start = next(i for i, line in enumerate(lines) if line.startswith("Database:"))
        end = next(i for i, line in enumerate(lines) if line.endswith("companion.db"))
        assert end > start, lines  # the path takes more than one line at 800x480
        assert "".join(lines[start:end + 1]).replace(" ", "") == f"Database:{path}", lines
        assert all(line.endswith("/") for line in lines[start + 1:end]), lines  # "Database:" its own line
    finally:
        stop_app(ui)
