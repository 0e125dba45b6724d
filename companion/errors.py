"""Errors that carry a message meant for a person, not a traceback."""


class InputError(ValueError):
    """Bad input from a person or a file (a malformed bag, an unknown card, a broken
    round file). The CLI prints the message on one line and exits with status 2."""
