"""A name in Chinese, Japanese or Korean reads in letters on every screen (issue 37: "王小明"
was three empty boxes everywhere): labels and text fields holding one are drawn with a font
that has them (ui/shell/fonts.py); without that font the app still runs."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel

from tests.ui.conftest import start_app, stop_app
from ui.shell import fonts

NAME = "王小明"


def drawn(text: str) -> bytes:
    label = CoreLabel(text=text, font_size=20)
    label.refresh()
    return label.texture.pixels


def test_a_cjk_name_reads_in_letters_on_home_and_the_players_page(ui):
    assert fonts.FALLBACK.is_file(), "install Debian's fonts-wqy-microhei (wiring/install.sh and .ci/run do)"
    ui.app.store.add_player(NAME, "red")
    ui.app.store.add_player("Bob", "blue")
    ui.app.start_session("scorepad", {"players": [NAME, "Bob"]})
    ui.app.go_home()
    ui.pump()
    button = ui.find(startswith=f"Resume Score pad: {NAME}, Bob")
    assert button._label.options["font_name_r"] == str(fonts.FALLBACK)
    assert drawn("王") != drawn("明"), "two different characters drawn the same: empty boxes"
    ui.tap("Players")
    [row] = [w for w in ui.widgets() if getattr(w, "text", None) == NAME]
    assert row._label.options["font_name_r"] == str(fonts.FALLBACK)
    assert ui.find("Bob")._label.options["font_name_r"] != str(fonts.FALLBACK)  # Latin names keep Roboto


def test_a_cjk_name_is_measured_as_it_is_drawn():
    """The widths names are laid out by (ui/kit/hyphens.py: how many chips fit side by side) are
    those of the letters drawn, not of Roboto's empty boxes."""
    label = CoreLabel(text=NAME, font_size=20)
    label.refresh()
    assert CoreLabel(font_size=20).get_extents(NAME)[0] == label.get_extents(NAME)[0] == label.texture.size[0]


def test_the_app_runs_without_the_font(db, tmp_path):
    assert fonts.install(tmp_path / "no-such-font.ttc") is None
    try:
        ui = start_app(db)
        ui.pump()
        ui.app.store.add_player(NAME, "red")
        ui.tap("Players")
        assert any(NAME in t for t in ui.texts())
        stop_app(ui)
    finally:
        assert fonts.install() == fonts.FALLBACK
