"""`companion voice --lang en|fr --to DIR`: the sample calls written as WAV files, each
listed with its length and loudness, so a maker hears (and sees) what the table will."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.intake.errors import InputError
from companion.voice import LANGUAGES


def register(commands) -> None:
    """Hang `voice` on the top-level verbs."""
    voice = commands.top.add_parser("voice", help="write one WAV per sample spoken call (a Rapid City round, "
                                                  "a duel, a game's end) to listen to the table's voice")
    voice.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                       help="the language spoken (default: $LANGUAGE if we speak it, else en)")
    voice.add_argument("--to", metavar="DIR", required=True, help="the folder the WAV files go to")
    voice.set_defaults(func=_voice)


def _voice(args: argparse.Namespace) -> int:
    from companion.contracts.verbs import check_path
    from companion.voice import language
    from companion.voice.engine import APT_FIX, Silent, VoiceError, find_engine
    from companion.voice.samples import write

    check_path(args.to, "--to ")
    engine = find_engine()
    if isinstance(engine, Silent):
        raise InputError(f"no speech engine: {APT_FIX}")
    lang = language(getattr(args, "lang", None))
    try:
        made = write(engine, lang, Path(args.to))
    except VoiceError as exc:
        raise InputError(str(exc)) from exc
    except OSError as exc:
        raise InputError(f"--to {args.to}: {exc.strerror or exc}") from exc
    for wav in made:
        print(f"{wav.path}  {wav.seconds:.2f} s  rms {wav.rms:.3f}")
    return 0
