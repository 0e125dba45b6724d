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
    at ``path`` instead; the font used, or None (and nothing changed) when it is missing.
    Called once Kivy is configured, before any label is made (ui/launch.py)."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    original = getattr(LabelBase.resolve_font_name, "fallback_of", LabelBase.resolve_font_name)
    if not path.is_file():
        LabelBase.resolve_font_name = original
        return None
    font = str(path)

    def resolve_font_name(label: LabelBase) -> None:
        original(label)
        if label.options["font_name"] == DEFAULT_FONT and needs_fallback(label.text or ""):
            label.options["font_name_r"] = font

    resolve_font_name.fallback_of = original  # type: ignore[attr-defined]  # install() again replaces, never stacks
    LabelBase.resolve_font_name = resolve_font_name
    return path
