"""Errors that carry a message meant for a person, not a traceback."""


class InputError(ValueError):
    """Bad input from a person or a file (a malformed bag, an unknown card, a broken
    round file). The CLI prints the message on one line and exits with status 2."""


class StoreError(Exception):
    """The database, or one of its rows, cannot be used as it is. The message names the
    file (and the row) and what to do; the file was left as it was."""
