"""RDM6300 frames: good tags read once per sitting, bad checksums and noise counted."""

from __future__ import annotations

import queue
import time

import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.events import TagRead
from hardware.padmap import parse_padmap
from hardware.rdm6300 import Rdm6300Parser, TagReaders, checksum_ok, frame_for

MS = 1_000_000

# A card: version 0x1A, number 0x00 0x2B 0x4C 0x5D; XOR of the five bytes is 0x20
TAG = "1A002B4C5D"


def test_frame_layout_and_checksum():
    frame = frame_for(TAG)
    assert len(frame) == 14 and frame[0] == 0x02 and frame[-1] == 0x03
    assert frame[1:11] == TAG.encode() and frame[11:13] == b"20" and checksum_ok(frame[1:13])
    assert frame_for("0F00000000")[11:13] == b"0F"  # XOR of 0F,00,00,00,00


def test_tag_read_once_while_it_sits_and_again_after_it_leaves():
    parser = Rdm6300Parser(repeat_ns=500 * MS)
    assert parser.feed(frame_for(TAG), 0) == [TAG]
    assert parser.feed(frame_for(TAG) * 3, 100 * MS) == []  # the reader repeats while it sits
    assert parser.feed(frame_for(TAG), 1_000 * MS) == [TAG]  # lifted and put back
    assert parser.feed(frame_for("0F00000000"), 1_010 * MS) == ["0F00000000"]


def test_bad_checksum_and_noise_skipped_and_counted():
    parser = Rdm6300Parser()
    bad = bytearray(frame_for(TAG))
    bad[11:13] = b"FF"
    noise = b"\x00\x13garbage\x03"
    assert parser.feed(noise + bytes(bad) + b"\x02zz" + frame_for(TAG), 0) == [TAG]
    assert parser.bad_checksum == 1
    assert parser.garbage == len(noise) + 3  # the noise, and a false start (STX, 'z', 'z')
    assert parser.frames == 1


def test_frame_split_across_reads():
    parser = Rdm6300Parser()
    frame = frame_for(TAG)
    assert parser.feed(frame[:5], 0) == []
    assert parser.feed(frame[5:], 1 * MS) == [TAG]


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=60), st.binary(max_size=60))
def test_a_good_frame_is_found_whatever_noise_surrounds_it(before, after):
    parser = Rdm6300Parser()
    tags = parser.feed(before.replace(b"\x02", b"") + frame_for(TAG) + after, 0)
    assert tags[:1] == [TAG]


def test_tag_readers_put_tag_reads_for_their_tile():
    pads = parse_padmap('[[pad]]\nnumber = 2\npin = 17\nlocation = "tipi"\nrfid = "/dev/ttyAMA2"\n'
                        '[[pad]]\nnumber = 3\npin = 27\nlocation = "saloon"')
    ports: dict[str, serial.SerialBase] = {}

    def opener(url):
        ports[url] = serial.serial_for_url("loop://", timeout=0.05)
        return ports[url]

    sink: queue.SimpleQueue = queue.SimpleQueue()
    readers = TagReaders(pads, sink, opener=opener, retry_s=0.05)
    assert readers
    readers.start()
    try:
        deadline = time.monotonic() + 3
        while "/dev/ttyAMA2" not in ports and time.monotonic() < deadline:
            time.sleep(0.01)
        ports["/dev/ttyAMA2"].write(b"\x13" + frame_for(TAG))
        read = sink.get(timeout=3)
        assert isinstance(read, TagRead) and (read.pad, read.tag) == (2, TAG)
        assert list(readers.describe()) == ["RFID pad 2 /dev/ttyAMA2: connected"]
        assert readers.counters()["rfid 2: garbage bytes"] == 1
    finally:
        readers.stop()


def test_no_rfid_ports_means_no_readers(pads):
    assert not TagReaders(pads, queue.SimpleQueue())
