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
