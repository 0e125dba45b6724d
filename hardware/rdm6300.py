"""RDM6300 125 kHz RFID readers, one per tile on its own UART: who is on the tile (R-R5).

A frame is 14 bytes: 0x02, ten ASCII hex digits (a version byte and a 4-byte card
number), two ASCII hex digits holding the XOR of those five bytes, 0x03. The reader
sends it at 9600 baud over and over while a tag sits on the antenna, so a tag is
reported when it arrives, not on every repeat. Bad checksums and stray bytes are
skipped and counted (principle 7); the stream resynchronises on the next 0x02.
"""

from __future__ import annotations

import queue
from typing import Iterable

from hardware.events import TagRead
from hardware.padmap import PadMap
from hardware.serial_link import Opener, PortReader, open_port

STX, ETX = 0x02, 0x03
FRAME = 14
_HEX = frozenset(b"0123456789ABCDEFabcdef")


def checksum_ok(body: bytes) -> bool:
    """``body`` is the 12 hex digits between STX and ETX."""
    data = bytes.fromhex(body[:10].decode("ascii"))
    xor = 0
    for byte in data:
        xor ^= byte
    return xor == int(body[10:12], 16)


class Rdm6300Parser:
    """Bytes in, tag ids (10 upper-case hex digits) out. ``repeat_ns``: a tag seen again
    within this time of its last frame is the same sitting, not a new arrival."""

    def __init__(self, repeat_ns: int = 500_000_000) -> None:
        self._buffer = bytearray()
        self._repeat_ns = repeat_ns
        self._last: tuple[str, int] | None = None
        self.frames = 0
        self.bad_checksum = 0
        self.garbage = 0  # bytes thrown away looking for a frame

    def feed(self, data: bytes, t_ns: int) -> list[str]:
        """Tags that arrived in ``data`` (received at ``t_ns``)."""
        self._buffer += data
        tags = []
        while self._buffer:
            start = self._buffer.find(STX)
            if start < 0:
                self.garbage += len(self._buffer)
                self._buffer.clear()
                break
            self.garbage += start
            del self._buffer[:start]
            if len(self._buffer) < FRAME:
                break
            frame = bytes(self._buffer[:FRAME])
            body = frame[1:13]
            if frame[13] != ETX or not set(body) <= _HEX:
                self.garbage += 1  # not a frame: look for the next STX after this one
                del self._buffer[:1]
                continue
            del self._buffer[:FRAME]
            if not checksum_ok(body):
                self.bad_checksum += 1
                continue
            self.frames += 1
            tag = body[:10].decode("ascii").upper()
            if self._last is None or self._last[0] != tag or t_ns - self._last[1] > self._repeat_ns:
                tags.append(tag)
            self._last = (tag, t_ns)
        return tags


def frame_for(tag: str) -> bytes:
    """The frame a reader sends for ``tag`` (10 hex digits); for tests and the bench."""
    data = bytes.fromhex(tag)
    xor = 0
    for byte in data:
        xor ^= byte
    return bytes([STX]) + tag.upper().encode("ascii") + f"{xor:02X}".encode("ascii") + bytes([ETX])


class TagReaders:
    """One reader thread per tile that has an ``rfid`` port in the pad map; TagReads go on
    ``sink``. Each port comes and goes on its own (a reader's cable can be loose)."""

    def __init__(self, pads: PadMap, sink: queue.SimpleQueue, *, opener: Opener | None = None,
                 retry_s: float = 1.0) -> None:
        self._readers: list[tuple[int, PortReader, Rdm6300Parser]] = []
        for pad in pads:
            if pad.rfid is None:
                continue
            parser = Rdm6300Parser()
            reader = PortReader(pad.rfid, self._feeder(pad.number, parser, sink),
                                opener=opener or (lambda url: open_port(url, 9600)),
                                retry_s=retry_s, name=f"rfid-{pad.number}")
            self._readers.append((pad.number, reader, parser))

    @staticmethod
    def _feeder(pad: int, parser: Rdm6300Parser, sink: queue.SimpleQueue):
        def feed(data: bytes, t_ns: int) -> None:
            for tag in parser.feed(data, t_ns):
                sink.put(TagRead(pad, tag, t_ns))
        return feed

    def __bool__(self) -> bool:
        return bool(self._readers)

    def start(self) -> None:
        for _, reader, _ in self._readers:
            reader.start()

    def stop(self) -> None:
        for _, reader, _ in self._readers:
            reader.stop()

    def describe(self) -> Iterable[str]:
        for pad, reader, _ in self._readers:
            yield f"RFID pad {pad} {reader.describe()}"

    def counters(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for pad, _, parser in self._readers:
            out[f"rfid {pad}: bad checksums"] = parser.bad_checksum
            out[f"rfid {pad}: garbage bytes"] = parser.garbage
        return out
