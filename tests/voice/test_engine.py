"""The voice engine, measured from real espeak-ng output: each sample call is a WAV of
speech length and loudness (the wave module, and sox when present), accented names reach
the engine intact, fixed phrases are synthesised once, and no engine means silence."""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import time
import wave
from pathlib import Path

import pytest

from companion.cli import main
from companion.voice import LANGUAGES, samples
from companion.voice.engine import Cached, Espeak, Silent, VoiceError, resampled, voice_problem
from tests.voice.recording import Recording

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed "
                                  "(.ci/run installs it)")


def sox_stat(path: Path) -> dict[str, float]:
    """sox's own measure of a WAV (`sox FILE -n stat`), a second opinion on ours."""
    told = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    return {key.strip(): float(value) for key, value in
            (line.split(":", 1) for line in told.splitlines() if ":" in line) if value.strip()[:1] in "-0123456789"}


@needs_espeak
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_sample_call_is_a_spoken_wav(lang, tmp_path, capsys):
    assert main(["voice", "--lang", lang, "--to", str(tmp_path)]) == 0
    wavs = sorted(tmp_path.glob("*.wav"))
    assert [w.name for w in wavs] == sorted(f"{stem}-{lang}.wav" for stem in samples.calls(lang))
    printed = capsys.readouterr().out
    for wav in wavs:
        measured = samples.measure(wav)
        words = len(" ".join(samples.calls(lang)[wav.name.removesuffix(f"-{lang}.wav")]).split())
        # speech: roughly 0.15 to 0.8 s a word (espeak-ng at 160 words a minute), never silence
        assert 0.15 * words < measured.seconds < 0.8 * words + 1, (wav.name, measured)
        assert measured.rms > 0.02, (wav.name, measured)
        assert f"{wav}  {measured.seconds:.2f} s" in printed
        if shutil.which("sox"):
            stat = sox_stat(wav)
            assert stat["Length (seconds)"] == pytest.approx(measured.seconds, abs=0.01)
            assert stat["RMS     amplitude"] == pytest.approx(measured.rms, rel=0.01)


@needs_espeak
@pytest.mark.parametrize("lang, name", [("fr", "José"), ("fr", "Zoë"), ("en", "Zoë"), ("en", "Chloé")])
def test_an_accented_name_reaches_espeak_intact(lang, name, tmp_path):
    """The name is said as the UTF-8 text it is: not as its bytes read one by one as Latin-1
    ("ZoÃ«", what a wrong encoding on the way would make), and, in French, not as the name
    without its accent."""
    engine = Espeak()
    said = engine.synthesize(name, lang)
    assert said != engine.synthesize(name.encode("utf-8").decode("latin-1"), lang)
    if lang == "fr":
        assert said != engine.synthesize(name.replace("é", "e").replace("ë", "e"), lang)
    path = tmp_path / "name.wav"
    path.write_bytes(said)
    measured = samples.measure(path)
    assert 0.2 < measured.seconds < 2.5 and measured.rms > 0.02


@needs_espeak
def test_a_name_that_looks_like_an_option_is_said_not_obeyed(tmp_path):
    path = tmp_path / "dash.wav"
    path.write_bytes(Espeak().synthesize("--version -w /tmp/x", "en"))
    assert samples.measure(path).seconds > 1  # the words were spoken, espeak-ng printed no version


def test_a_fixed_phrase_is_synthesised_once_and_the_cache_is_bounded():
    recording = Recording()
    cached = Cached(recording, size=2)
    assert cached.synthesize("Shérif !", "fr") == cached.synthesize("Shérif !", "fr")
    cached.synthesize("Sheriff!", "en")
    cached.synthesize("Bandit!", "en")  # the oldest, "Shérif !", is dropped
    cached.synthesize("Shérif !", "fr")
    assert recording.said == [("Shérif !", "fr"), ("Sheriff!", "en"), ("Bandit!", "en"), ("Shérif !", "fr")]


def test_no_engine_says_nothing_and_doctor_says_how_to_fix_it(monkeypatch):
    with pytest.raises(VoiceError):
        Silent().synthesize("Sheriff!", "en")
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    found, fix = voice_problem()
    assert "not installed" in found and "apt install espeak-ng" in fix


@needs_espeak
def test_the_voice_check_finds_both_voices():
    found, fix = voice_problem()
    assert fix == "" and "en, fr" in found


@pytest.mark.slow  # a time on the real clock: run alone on a quiet machine (-m slow), never in the default run
@needs_espeak
def test_a_phrase_is_synthesised_well_within_a_card(tmp_path):
    """The call follows the bell by the time the table looks up: well under a second."""
    engine = Espeak()
    start = time.perf_counter()
    engine.synthesize(*samples.calls("fr")["rapidcity-card"], "fr")
    assert time.perf_counter() - start < 1.0


def test_doctor_warns_of_a_missing_voice_and_the_table_is_still_ready(monkeypatch):
    from companion.contracts.checks import WARN
    from companion.doctor import check_voice

    monkeypatch.setattr(shutil, "which", lambda _name: None)
    check = check_voice()
    assert (check.name, check.status, check.ok) == ("Voice", WARN, True)
    assert check.as_json()["fix"].startswith("sudo apt install espeak-ng")


def test_a_call_is_widened_to_the_mixers_format_sample_for_sample(tmp_path):
    """espeak-ng's 22050 Hz mono, as the app's mixer plays it (44100 Hz stereo): the same
    length, each sample four times (twice in time, once per channel)."""
    source = io.BytesIO()
    with wave.open(source, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(struct.pack("<3h", 1, -2, 300))
    path = tmp_path / "wide.wav"
    path.write_bytes(resampled(source.getvalue(), 44100, 2))
    with wave.open(str(path)) as wide:
        assert (wide.getframerate(), wide.getnchannels(), wide.getnframes()) == (44100, 2, 6)
        assert struct.unpack("<12h", wide.readframes(6)) == (1,) * 4 + (-2,) * 4 + (300,) * 4


@pytest.mark.parametrize("argv", [["--lang", "fr", "voice"], ["voice", "--lang", "fr"], ["voice"]])
def test_the_language_is_taken_before_or_after_the_verb_or_from_language(argv, tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr_FR:en" if argv == ["voice"] else "en")
    monkeypatch.setattr("companion.voice.engine.find_engine", Recording)
    assert main([*argv, "--to", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{stem}-fr.wav" for stem in samples.calls("fr"))


def test_no_engine_refuses_the_voice_verb_with_the_fix(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("companion.voice.engine.find_engine", Silent)
    assert main(["voice", "--to", str(tmp_path)]) == 2
    assert "apt install espeak-ng" in capsys.readouterr().err


def test_a_call_with_nothing_to_say_is_no_wav():
    """Found by the table monkey: an action that says nothing asked for a WAV of no sentence,
    and the wave module refused to write one with no format ("# channels not specified")."""
    from companion.voice.engine import VoiceError, utterance
    from tests.voice.recording import Recording

    with pytest.raises(VoiceError, match="nothing to say"):
        utterance(Recording(), [], "en")
