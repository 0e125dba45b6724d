"""Sounds are synthesised by code into valid WAV files and respect the sound setting."""

import wave

import pytest

from ui.sound import sounds


@pytest.mark.parametrize("name", sorted(sounds.VOICES))
def test_each_sound_is_a_valid_wav_of_its_length(name, tmp_path):
    path = sounds.synthesise(name, tmp_path / f"{name}.wav")
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, sounds.RATE)
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert seconds == pytest.approx(sounds.VOICES[name][1], abs=0.01)
    assert max(frames) > 0  # not silence


def test_sound_off_plays_nothing(ui):
    ui.app.store.set_pref("sound", False)
    assert sounds.play("reveal") is False
