"""Pad board firmware for a Raspberry Pi Pico (MicroPython): the serial pad protocol.

Flash MicroPython's UF2 onto the Pico (hold BOOTSEL while plugging it in, copy the .uf2 to
the RPI-RP2 drive), then copy this file to it as main.py (Thonny, or `mpremote cp main.py
:main.py`); wiring/README.md, "Serial pad board", has the steps and the pin table. Each
pad's arcade button goes between its GP pin (pad 1 on GP2 ... pad 6 on GP7) and GND; the
internal pull-up is used.

Lines sent over USB serial, one per event (hardware/serial_board.py reads them):

    P <pad> <us>      press  (pin went low)  at board time <us>
    R <pad> <us>      release (pin went high)
    H <us>            heartbeat, once a second
    V <version>       this firmware's version, with every 10th heartbeat (the host
                      flushes what was sent before it opened the port, so once at
                      start would be lost)
    O <count>         edges lost because the ring below was full, sent when it grows
                      (with the version too); the host shows both on its status line

The protocol's ``T <pad> <tagid>`` (a tag read on a pad's tile) is never sent: this board
reads no RFID; the readers are wired to the Pi (wiring/README.md, "RFID readers").

<us> is a 32-bit microsecond counter (wraps every 71.6 minutes). MicroPython's
ticks_us() wraps at 2**30 instead, so the board keeps its own 32-bit count from it.

The time is taken in the hard interrupt, the moment the edge happens, and stored in a
preallocated ring (a hard IRQ may not allocate); the main loop formats and sends. Every
edge is sent, bounce included: the host applies the leading-edge lockout (ruling R-R4),
so the first edge's time is kept whatever this board's loop is doing.
"""

import sys
import time
from array import array

from machine import Pin

VERSION = "1.1"
PADS = {1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7}  # pad number -> GP pin (GP2..GP7)
RING = 256
WRAP = 1 << 32

stamps = array("i", [0] * RING)  # ticks_us() at the edge
pads = bytearray(RING)
levels = bytearray(RING)
head = 0  # written by the IRQ
tail = 0  # read by the loop
lost = 0


def make_handler(number):
    def on_edge(pin):
        global head, lost
        t = time.ticks_us()
        nxt = (head + 1) % RING
        if nxt == tail:
            lost += 1  # ring full: the host will see a missing edge, not a wrong time
            return
        stamps[head] = t
        pads[head] = number
        levels[head] = pin.value()
        head = nxt
    return on_edge


pins = []
for number, gp in PADS.items():
    pin = Pin(gp, Pin.IN, Pin.PULL_UP)
    pin.irq(make_handler(number), Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
    pins.append(pin)  # keep a reference: the handler lives as long as the pin

# A 32-bit microsecond clock extended from ticks_us(): base_ticks was read at base_us.
base_ticks = time.ticks_us()
base_us = 0


def board_us(ticks):
    """Board microseconds (mod 2**32) of a ticks_us() value no older than ~9 minutes."""
    return (base_us + time.ticks_diff(ticks, base_ticks)) % WRAP


def advance():
    """Move the base forward so ticks_diff never spans half of ticks_us()'s period."""
    global base_ticks, base_us
    now = time.ticks_us()
    base_us += time.ticks_diff(now, base_ticks)
    base_ticks = now


out = sys.stdout
next_beat = time.ticks_ms()
beats = 0
told_lost = 0
while True:
    while tail != head:
        kind = "P" if levels[tail] == 0 else "R"
        out.write("%s %d %d\n" % (kind, pads[tail], board_us(stamps[tail])))
        tail = (tail + 1) % RING
    if lost != told_lost:
        told_lost = lost
        out.write("O %d\n" % (told_lost % WRAP))
    if time.ticks_diff(time.ticks_ms(), next_beat) >= 0:
        advance()
        out.write("H %d\n" % board_us(time.ticks_us()))
        if beats % 10 == 0:
            out.write("V %s\nO %d\n" % (VERSION, told_lost % WRAP))
        beats += 1
        next_beat = time.ticks_add(next_beat, 1000)
    time.sleep_ms(1)
