"""Readable across a table (issue 13): at 800x480 no Bountytown text on the town, the
duel's cards page or the store is under 16 px, and names with their renown are 20 px."""

from kivy.core.window import Window

from ui.bountytown.town import PlayerRow

from .test_play import cell, setup_game, to_cards


def small_texts(root, least: float = 16) -> list[tuple[str, float]]:
    return [(w.text[:30], w.font_size) for w in root.walk(restrict=True)
            if isinstance(getattr(w, "text", None), str) and w.text.strip() and w.font_size < least]


def test_town_duel_and_store_text_is_at_least_16_px_names_20(ui):
    assert Window.size == (800, 480)
    setup_game(ui)
    town = ui.screen.ids.town
    assert small_texts(town) == []
    rows = [w for w in town.walk(restrict=True) if isinstance(w, PlayerRow)]
    assert len(rows) == 3 and all(small_texts(row.children[-1], least=20) == [] for row in rows)
    ui.tap(cell(ui, "Boot Hill"))
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=ui.screen.ids.duel.ids.targets))
    to_cards(ui)
    assert small_texts(ui.screen.ids.duel) == []
    ui.tap("Back")
    ui.tap("Back to town")
    ui.tap("Buy")
    assert small_texts(ui.screen.ids.store) == []
