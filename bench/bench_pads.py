"""How long from a pad edge to its PadEvent on the queue (not a test: prints figures).

The edge is a gpiozero MockFactory pin driven low or high; its time is the stamp MockPin
put on the edge (``_last_change``, monotonic seconds). Two figures:

* callback: edge stamp -> event on the queue, measured in the driving thread as soon as
  ``drive_low()`` returns (the cost of our handler, clock mapping, lockout and faults);
* consumer: edge stamp -> a second thread blocked on ``queue.get()`` holds the event
  (adds the thread hand-off the UI's drain pays, minus the Kivy Clock's frame wait).

Run:  PYTHONPATH=. python bench/bench_pads.py [N]
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from gpiozero.pins.mock import MockFactory

from hardware.faults import FaultWatch
from hardware.gpio import GpioBackend
from hardware.padmap import load_padmap
from hardware.pipeline import EdgePipeline
from verdict import run  # noqa: E402


def _percentiles(samples_ns: list[int]) -> str:
    ordered = sorted(samples_ns)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) / 1000:7.1f} us   p99 {p99 / 1000:7.1f} us   (n={len(ordered)})"


def main(n: int = 5000) -> None:
    factory = MockFactory()
    pads = load_padmap()
    backend = GpioBackend(pads, pin_factory=factory, bounce_ms=0, tick_s=None)
    # thousands of edges a second is chatter by design; the bench still pays for the watch
    backend.pipeline = EdgePipeline(pads, backend.events, source="gpio", bounce_ms=0,
                                    faults=FaultWatch(pads.tile, chatter_rate=10**9))
    backend.start()
    pin = factory.pin("GPIO17")
    try:
        callback = []
        for i in range(n):
            (pin.drive_low if i % 2 == 0 else pin.drive_high)()
            event = backend.events.get_nowait()
            callback.append(time.monotonic_ns() - round(pin._last_change * 1e9))
            assert event.pad == 1
        consumer: list[int] = []
        done = threading.Event()

        def consume() -> None:
            for _ in range(n):
                backend.events.get()
                consumer.append(time.monotonic_ns())
            done.set()

        thread = threading.Thread(target=consume, daemon=True)
        thread.start()
        stamps = []
        for i in range(n):
            (pin.drive_low if i % 2 == 0 else pin.drive_high)()
            stamps.append(round(pin._last_change * 1e9))
            time.sleep(0.0002)  # let the consumer wake for each edge, as a UI would
        done.wait(30)
        handoff = [got - edge for got, edge in zip(consumer, stamps)]
    finally:
        backend.close()
        factory.close()
    print(f"edge -> queue (callback thread): {_percentiles(callback)}")
    print(f"edge -> consumer thread:         {_percentiles(handoff)}")


if __name__ == "__main__":
    run(main, int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
