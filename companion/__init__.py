"""The Old West table companion: rules engines, the event-sourced store and the CLI.

This package is the pure core. It never imports kivy or gpiozero, so the rules, the
store and every command-line verb except the app itself run anywhere Python runs.
"""

__version__ = "0.1.0"
