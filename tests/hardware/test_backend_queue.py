"""The backend's queue wakes its consumer on every put, from the putting thread."""

import threading

from hardware.backend import EventQueue
from hardware.events import PadEvent


def test_put_wakes_the_consumer_and_keeps_the_event():
    queue = EventQueue()
    woken = []
    queue.wake = lambda: woken.append(threading.current_thread().name)
    putter = threading.Thread(target=queue.put, args=(PadEvent(1, True, 5, "sim"),), name="edge")
    putter.start()
    putter.join()
    assert woken == ["edge"]
    assert queue.get_nowait() == PadEvent(1, True, 5, "sim")


def test_no_wake_set_is_just_a_queue():
    queue = EventQueue()
    queue.put(PadEvent(2, False, 7, "sim"))
    assert queue.get_nowait().pad == 2 and queue.empty()
