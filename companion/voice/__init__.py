"""What the companion says aloud: the sentences (:mod:`~companion.voice.phrases`, pure), the
engine that turns them into sound (:mod:`~companion.voice.engine`) and the sample calls a maker
listens to (:mod:`~companion.voice.samples`). No Kivy here: the app plays what these make."""

from __future__ import annotations

import os

#: the languages the companion speaks (and, later, shows)
LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def language(given: str | None = None) -> str:
    """The language to speak: ``given`` (a setting, ``--lang``) when it is one we speak, else
    the first of $LANGUAGE (``fr_FR:en``) we speak, else English. A table whose locale we do not
    speak still hears every call, in English, rather than nothing."""
    candidates = [given or ""] + os.environ.get("LANGUAGE", "").split(":")
    for candidate in candidates:
        code = candidate.split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE
