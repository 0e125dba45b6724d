"""Names: one person whatever the Unicode form, case or invisible characters; look-alikes
told apart and found; nothing a reader cannot see kept."""

import unicodedata

from hypothesis import given, strategies as st

from companion.intake.names import clean, difference, key, look_alike, skeleton


def test_one_name_whatever_its_unicode_form_case_or_invisible_characters():
    same = ["José", "Jose\u0301", "JOSÉ", "jOsé", "Jo\u200dsé", "\u202eJosé\u2069", " José\t", "Jos\u00adé"]
    assert {key(name) for name in same} == {key("José")}
    assert clean("Jose\u0301") == "José" and clean("  Ann \u00a0 Lee\n") == "Ann Lee"


def test_what_a_terminal_or_a_screen_would_act_on_is_removed():
    assert clean("\x1b[31mRed\x07") == "[31mRed"  # ESC and BEL gone; what is left is seen as it is
    assert clean("\u202eevil\u202c") == "evil"  # a right-to-left override would show it reversed
    assert clean("A\ud800nn") == "Ann"  # a lone surrogate is no character: it cannot be written as UTF-8
    assert clean("\u3164") == clean("\u200b\u200c\ufeff") == ""  # a Hangul filler, zero-width spaces


def test_look_alikes_are_other_names_but_are_found():
    for name in ["\u0410nn", "Ａｎｎ", "\U0001d400nn", "Ánn"]:  # Cyrillic А, fullwidth, mathematical bold, accent
        assert key(name) != key("Ann") and skeleton(name) == skeleton("Ann"), name
    assert skeleton("Ian") == skeleton("lan") and skeleton("Arnie") == skeleton("Amie")
    players = ["Bob", "Ann", "ann"]
    assert look_alike("\u0410nn", players, name_of=str) == "Ann"
    assert look_alike("ANN", players, name_of=str) is None  # the same name, not a look-alike
    assert look_alike("Cid", players, name_of=str) is None
    assert difference("\u0410nn", "Ann") == ("its letter 1 is Cyrillic Capital Letter A (\u0410), where Ann's is "
                                             "Latin Capital Letter A (A)")


@given(st.text(max_size=60))
def test_any_text_cleans_to_visible_utf8_text_once_and_for_all(text):
    kept = clean(text)
    kept.encode("utf-8")  # never a lone surrogate
    assert clean(kept) == kept and key(kept) == key(text)
    assert kept == kept.strip() and "  " not in kept and unicodedata.is_normalized("NFC", kept)
    assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in kept)
