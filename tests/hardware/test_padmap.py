"""The pad map: every form of pin name accepted, every wiring mistake refused by name."""

from __future__ import annotations

import pytest

from companion.intake.errors import InputError
from hardware.padmap import canonical_pin, load_padmap, parse_padmap


def _map(*entries: str) -> str:
    return "\n".join(f"[[pad]]\n{entry}\n" for entry in entries)


def test_built_in_map_has_six_pads_with_every_location():
    pads = load_padmap()
    assert pads.numbers == (1, 2, 3, 4, 5, 6)
    assert {pad.location for pad in pads} == {"prison", "tipi", "saloon"}
    assert pads[3].pin == "GPIO22" and pads.tile(3) == "Saloon 1"


@pytest.mark.parametrize("spec", ["GPIO17", "BCM17", "BOARD11", "J8:11", "17", 17, "gpio17"])
def test_every_gpiozero_form_names_the_same_pin(spec):
    assert canonical_pin(spec) == "GPIO17"


def test_two_spellings_of_one_pin_are_a_duplicate():
    text = _map('number = 1\npin = "GPIO17"\nlocation = "tipi"', 'number = 2\npin = "BOARD11"\nlocation = "saloon"')
    with pytest.raises(InputError, match="duplicate pin GPIO17 on pads 1 and 2"):
        parse_padmap(text)


def test_duplicate_pad_number_refused():
    text = _map('number = 1\npin = 17\nlocation = "tipi"', 'number = 1\npin = 27\nlocation = "saloon"')
    with pytest.raises(InputError, match="duplicate pad 1"):
        parse_padmap(text)


def test_unknown_location_refused_naming_the_choices():
    with pytest.raises(InputError, match=r"pad 1\).*unknown location 'bank'.*prison, tipi, saloon"):
        parse_padmap(_map('number = 1\npin = 17\nlocation = "bank"'))


@pytest.mark.parametrize("pin, message", [("BOARD1", "is 3V3, not a GPIO"), ("GPIO99", "unknown pin"),
                                          ("true", "must be a pin name")])
def test_bad_pins_refused(pin, message):
    value = pin if pin == "true" else f'"{pin}"'
    with pytest.raises(InputError, match=message):
        parse_padmap(_map(f'number = 1\npin = {value}\nlocation = "tipi"'))


def test_more_than_six_pads_refused():
    pins = [17, 27, 22, 23, 24, 25, 5]
    text = _map(*(f'number = {i}\npin = {p}\nlocation = "tipi"' for i, p in enumerate(pins, 1)))
    with pytest.raises(InputError, match="7 pads; at most 6"):
        parse_padmap(text)


@pytest.mark.parametrize("text, message", [
    ("[[pad]]\nnumber = 1\n", "missing 'pin'"),
    ('[[pad]]\nnumber = 0\npin = 17\nlocation = "tipi"', "'number' must be a whole number"),
    ('[[pad]]\nnumber = 1\npin = 17\nlocation = "tipi"\ncolour = "red"', "unknown key"),
    ("pad = 3", "expected a table|no \\[\\[pad\\]\\]"),
    ("[[pad]\n", "not valid TOML"),
    ("", "no \\[\\[pad\\]\\] tables"),
])
def test_malformed_maps_refused(text, message):
    with pytest.raises(InputError, match=message):
        parse_padmap(text)


def test_missing_file_named(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_padmap(tmp_path / "nope.toml")


def test_file_map_loaded_and_sorted_by_pad(tmp_path):
    path = tmp_path / "pads.toml"
    path.write_text(_map('number = 2\npin = "BOARD13"\nlocation = "Saloon"\nname = "Big saloon"',
                         'number = 1\npin = 17\nlocation = "tipi"\nrfid = "/dev/ttyAMA2"'))
    pads = load_padmap(path)
    assert pads.numbers == (1, 2)
    assert pads[2].location == "saloon" and pads[2].name == "Big saloon" and pads[2].pin == "GPIO27"
    assert pads[1].name == "Tipi (pad 1)" and pads[1].rfid == "/dev/ttyAMA2"
    assert pads.source == str(path)
