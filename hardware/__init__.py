"""Everything that touches a pin or a port, turned into timestamped events on one queue.

Importing this package is cheap on purpose: gpiozero and pyserial are imported by the
modules that need them, so `companion pads --backend sim` never loads lgpio and a test
can import :mod:`hardware.events` with gpiozero blocked.
"""
