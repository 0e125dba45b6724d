"""Names in Chinese, Japanese or Korean drawn in letters, not empty boxes.

Kivy draws a label with one font file, and its Roboto has no CJK glyphs: "王小明" showed as
three empty boxes on every screen (issue 37). A label (or a line of a text field) whose text
holds a CJK character is drawn with a font that has them and Latin letters too, WenQuanYi
Micro Hei (Debian's fonts-wqy-microhei, a 5 MB file: installed by wiring/install.sh on the
Pi and by .ci/run; never fetched while the app runs). Every other label keeps Roboto. With
the font missing, such a label keeps its boxes and the app runs as before.

What it costs (bench/bench_cjk_font.py: resident memory from /proc/self/status, medians of
three headless processes on this machine): nothing until a CJK name is first drawn; then
+0.3 MB with one drawn at 20 px, +0.6 MB once drawn at 16 px too (FreeType opens the file
once per size and reads only the glyphs it draws, beside an app of about 140 MB).
"""

from __future__ import annotations

import re
from pathlib import Path

#: where Debian's fonts-wqy-microhei puts it
FALLBACK = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")

#: Hangul Jamo, CJK radicals to the unified ideographs (kana, bopomofo, CJK symbols among
#: them), Hangul syllables, compatibility ideographs and forms, half- and full-width forms,
#: and the supplementary ideographs
CJK = re.compile("[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f"
                 "\uff00-\uffef\U00020000-\U0003134f]")


def needs_fallback(text: str) -> bool:
    """Whether ``text`` holds a character Kivy's Roboto draws as an empty box (a CJK one)."""
    return CJK.search(text) is not None


def install(path: Path = FALLBACK) -> Path | None:
    """Have every label drawn in Kivy's default font whose text needs it drawn with the font
    at ``path`` instead, and measured with it (``get_extents``: the widths ui/kit/hyphens.py lays
    names out by); the font used, or None (and nothing changed) when it is missing. Called
    once Kivy is configured, before any label is made (ui/shell/launch.py); again, it replaces."""
    from kivy.core.text import DEFAULT_FONT, Label, LabelBase

    resolve = getattr(LabelBase.resolve_font_name, "fallback_of", LabelBase.resolve_font_name)
    extents = getattr(Label.get_extents, "fallback_of", Label.get_extents)
    LabelBase.resolve_font_name, Label.get_extents = resolve, extents
    if not path.is_file():
        return None
    font = str(path)

    def resolve_font_name(label: LabelBase) -> None:
        resolve(label)
        if label.options["font_name"] == DEFAULT_FONT and needs_fallback(label.text or ""):
            label.options["font_name_r"] = font

    def get_extents(label: LabelBase, text: str) -> tuple[int, int]:
        options = label.options
        if options["font_name"] != DEFAULT_FONT or options["font_name_r"] == font or not needs_fallback(text):
            return extents(label, text)
        drawn_with, options["font_name_r"] = options["font_name_r"], font
        try:
            return extents(label, text)
        finally:
            options["font_name_r"] = drawn_with

    resolve_font_name.fallback_of = resolve  # type: ignore[attr-defined]
    get_extents.fallback_of = extents  # type: ignore[attr-defined]
    LabelBase.resolve_font_name, Label.get_extents = resolve_font_name, get_extents
    return path
