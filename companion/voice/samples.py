"""`companion voice --lang en|fr --to DIR`: one WAV per sample call, so a maker can listen to
the table's voice before a game (and the tests can measure it).

The samples are real calls: the Rapid City round is judged by the referee's own judge, and
the table's names carry accents ("José", "Zoë"), the case that must reach the engine intact.
"""

from __future__ import annotations

import math
import struct
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.roundfile import parse_round
from companion.voice import phrases
from companion.voice.engine import Engine, utterance

#: colour -> the name the table gave it
NAMES = {"red": "José", "blue": "Zoë", "green": "Ann", "yellow": "Bob"}
#: a Sheriff card: a false start, a first claim, then a dead heat (docs/roundfile.md's form)
ROUND: dict[str, Any] = {
    "players": ["red", "blue", "green", "yellow"],
    "tiles": [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "saloon"}],
    "bullets": {"red": 2, "blue": 0, "green": 4, "yellow": 1},
    "card": {"type": "character", "character": "sheriff"},
    "events": [{"pad": 1, "edge": "press", "t_ms": -120.0, "player": "yellow"},
               {"pad": 1, "edge": "release", "t_ms": -60.0},
               {"pad": 3, "edge": "press", "t_ms": 431.2, "player": "blue"},
               {"pad": 2, "edge": "press", "t_ms": 512.0, "player": "red"},
               {"pad": 4, "edge": "press", "t_ms": 512.4, "player": "green"}],
}


def calls(lang: str) -> dict[str, list[str]]:
    """file stem -> the sentences said: a Rapid City round (its card, then its call), a
    Bountytown duel, a Spurs draw and a game's end."""
    verdict = verdict_to_json(judge(parse_round(ROUND)))
    return {
        "rapidcity-card": [phrases.card(ROUND["card"], NAMES, lang)],
        "rapidcity-call": phrases.call(ROUND, verdict, NAMES, lang),
        "bountytown-duel": [phrases.duel("attacker_wins", {"attacker": "José", "defender": "Zoë"},
                                         "Butch Cassidy", lang)],
        "spurs-draw": [phrases.hits("Zoë", 2, lang)],
        "game-end": [phrases.game_over(["Zoë", "José"], lang)],
    }


@dataclass(frozen=True)
class Measured:
    """A WAV's length and loudness (RMS of its samples, 0..1 of full scale)."""

    path: Path
    seconds: float
    rms: float


def measure(path: Path) -> Measured:
    """Read a 16-bit PCM WAV and measure it with the stdlib alone (no audioop: gone in 3.13)."""
    with wave.open(str(path)) as wav:
        if wav.getsampwidth() != 2:
            raise ValueError(f"{path}: {8 * wav.getsampwidth()}-bit samples, expected 16-bit")
        frames = wav.getnframes()
        data = wav.readframes(frames)
        rate = wav.getframerate()
    samples = struct.unpack(f"<{len(data) // 2}h", data)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768 if samples else 0.0
    return Measured(path, frames / rate, rms)


def write(engine: Engine, lang: str, folder: Path) -> list[Measured]:
    """Each sample call synthesised into ``folder`` as STEM-LANG.wav, measured."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for stem, sentences in calls(lang).items():
        path = folder / f"{stem}-{lang}.wav"
        path.write_bytes(utterance(engine, sentences, lang))
        made.append(measure(path))
    return made
