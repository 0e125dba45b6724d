"""A speech engine for tests: it keeps what it was asked to say, and answers with a real
(silent, 0.1 s) WAV so whatever plays or measures it works as with espeak-ng."""

from __future__ import annotations

import io
import threading
import wave


class Recording:
    """An engine that keeps what it was asked to say (and on which thread) and answers with
    a real (tiny) WAV."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self.threads: list[threading.Thread] = []

    def synthesize(self, text: str, lang: str) -> bytes:
        self.said.append((text, lang))
        self.threads.append(threading.current_thread())
        out = io.BytesIO()
        with wave.open(out, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(22050)
            wav.writeframes(b"\0\0" * 2205)
        return out.getvalue()
