"""An export file read as it streams: its head, then one player or one game at a time.

An export may hold a year of games (hundreds of megabytes), and a file given to `import` may
be anything: a sparse gigabyte of zeros, a text file, a cut-short export. So the file is
never read whole: the JSON form is parsed one value at a time (the head's values, then each
player and each game), the CSV form one row at a time, and memory holds one game at most
(:data:`companion.intake.limits.EXPORT_GAME_CHARS`). The first bytes tell whether it is an export
at all, so a file that is not one is refused before the rest is read.

Both forms come out alike (the CSV's rows gathered into the JSON's shapes), so the import
checks them one way. Whether the file is whole is checked at its end: the JSON must close
(a cut anywhere leaves it open) and nothing may follow; the CSV must end with its ``end``
record, whose counts must be those of the rows read. Until then nothing is committed.

Numbers JSON does not have (NaN, Infinity, 1e999) are read as Python reads them, so only the
game holding one is refused (by the import, which writes only what JSON allows); the parser
could not say where a refused value's game ends.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from companion.db.rows import describe
from companion.intake.errors import InputError
from companion.intake.limits import EXPORT_GAME_CHARS, EXPORT_GAME_EVENTS, EXPORT_ROW_CHARS, NUMBER_CHARS
from companion.records.csvcells import uncell

FORMAT = "old-west-companion-export"
#: the CSV layout: one table, one row per record, the ``record`` column says which kind
CSV_COLUMNS = ("record", "session", "seq", "game", "event", "time", "name", "colour",
               "finished", "settings", "result", "action")
#: the first CSV version with escaped cells and a closing ``end`` record
CSV_CLOSED = 2
#: what is read at a time
CHUNK = 1 << 20


_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")


@dataclass
class Head:
    """What the file says about itself (``format``, ``version``, ``exported``...), filled as
    it is read; ``uncounted`` once it is known to be a CSV too old to end with a count."""

    values: dict[str, Any] = field(default_factory=dict)
    #: a CSV of version 1 ends without a count: a cut at a line end cannot be told
    uncounted: bool = False


class ExportFile:
    """Yields ``("player", number, item)`` and ``("session", number, item)`` in file order;
    :attr:`head` fills as the file is read. Raises :class:`InputError` (the whole file is
    refused) when the file is not an export, is damaged, or is cut short."""

    def __init__(self, handle: io.BufferedReader, name: str) -> None:
        self.name = name
        self.head = Head()
        #: the lists the file holds ("players", "sessions"), read or not yet
        self.lists: set[str] = set()
        first = handle.peek(256)[:256]
        self._text = io.TextIOWrapper(handle, encoding="utf-8", errors="strict", newline="")
        start = first.lstrip(b" \t\r\n")
        self.is_csv = start.startswith(",".join(CSV_COLUMNS).encode())
        if start.startswith(b"{"):
            self._records = self._json()
        elif self.is_csv:
            self._records = self._csv()
        else:
            hint = " but a database: `companion restore` puts a backup back" if first.startswith(b"SQLite format 3\0") \
                else ""
            raise InputError(f"{name} is not a companion export (neither its JSON nor its CSV form{hint})")

    def __iter__(self) -> Iterator[tuple[str, int, Any]]:
        try:
            yield from self._records
        except UnicodeDecodeError as exc:
            raise InputError(f"{self.name} is not a companion export (it is not UTF-8 text: {exc.reason})") from None
        except OSError as exc:  # a stick pulled out, a bad sector
            raise InputError(f"cannot read {self.name} ({exc.strerror or exc}); nothing was imported") from None

    def damaged(self, why: str) -> InputError:
        return InputError(f"{self.name} is damaged or not a companion export ({why}); nothing was imported")

    # -- JSON ------------------------------------------------------------------------

    def _json(self) -> Iterator[tuple[str, int, Any]]:
        self._buf, self._pos, self._eof = "", 0, False
        self._take("{")
        if self._peek() == "}":
            self._pos += 1
        else:
            while True:
                key = self._value(1 << 16)
                if not isinstance(key, str):
                    raise self.damaged("its keys are not text")
                self._take(":")
                if key in ("players", "sessions"):
                    yield from self._items(key[:-1])
                else:
                    self.head.values[key] = self._value(1 << 16)
                if self._peek() == "}":
                    self._pos += 1
                    break
                self._take(",")
        if self._peek():
            raise self.damaged("there is more after its end")

    def _items(self, kind: str) -> Iterator[tuple[str, int, Any]]:
        if self._peek() != "[":
            self.head.values[f"{kind}s"] = self._value(1 << 16)  # not a list: the import says so
            return
        self.lists.add(f"{kind}s")
        self._pos += 1
        number = 0
        if self._peek() == "]":
            self._pos += 1
            return
        while True:
            number += 1
            yield kind, number, self._value(EXPORT_GAME_CHARS, f"{kind} {number}")
            if self._peek() == "]":
                self._pos += 1
                return
            self._take(",")

    def _more(self, at_least: int = CHUNK) -> bool:
        chunk = self._text.read(max(CHUNK, at_least))
        if not chunk:
            self._eof = True
            return False
        self._buf = self._buf[self._pos:] + chunk
        self._pos = 0
        return True

    def _whole_line(self, limit: int) -> None:
        """Read on until the buffer holds the rest of the current line (or ``limit``)."""
        searched = self._pos
        while self._buf.find("\n", searched) < 0 and not self._eof and len(self._buf) - self._pos <= limit:
            searched = len(self._buf) - self._pos  # where the new text starts once _more moved the rest to 0
            self._more()

    def _peek(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            spaces = _SPACE.match(self._buf, self._pos)
            assert spaces is not None, "[ \t\n\r]* matches everywhere, if only nothing"
            self._pos = spaces.end()
            if self._pos < len(self._buf) or self._eof or not self._more():
                return self._buf[self._pos:self._pos + 1]

    def _take(self, char: str) -> None:
        found = self._peek()
        if found != char:
            raise self.damaged("it is cut short" if not found else f"{found!r} where {char!r} belongs")
        self._pos += 1

    def _value(self, limit: int, what: str = "a value") -> Any:
        """The next JSON value. An export writes each game on a line of its own, so a value
        the text read so far cuts short is tried again with the rest of its line, and a game
        is parsed twice at most; a value over several lines (a file laid out by another
        program) is read on in chunks twice as long each time, so it is parsed a few times,
        not once a chunk. Text that is no JSON is refused where it starts, not read on."""
        self._peek()
        want, line_read = CHUNK, False
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buf, self._pos)
                if end < len(self._buf) or self._eof:  # a number at the very end may go on
                    self._pos = end
                    return value
            except json.JSONDecodeError as exc:
                near_end = exc.pos >= len(self._buf) - 8 or exc.msg.startswith("Unterminated")
                if self._eof or not near_end:
                    raise self.damaged("it is cut short" if self._eof and near_end else
                                       f"not valid JSON at line {exc.lineno}: {exc.msg}") from None
            except RecursionError:
                raise self.damaged(f"{what} is nested too deeply") from None
            except ValueError:  # Python reads no integer of more than 4,300 digits
                raise self.damaged(f"{what} holds a number of thousands of digits") from None
            if len(self._buf) - self._pos > limit:
                raise self.damaged(f"{what} is more than {limit:,} characters, more than any game takes")
            if not line_read:
                self._whole_line(limit)
                line_read = True
            else:
                want *= 2
                self._more(want)

    # -- CSV -------------------------------------------------------------------------

    def _csv(self) -> Iterator[tuple[str, int, Any]]:
        self.lists.update(("players", "sessions"))  # a CSV holds both, however few its rows
        csv.field_size_limit(max(csv.field_size_limit(), EXPORT_ROW_CHARS))
        rows = csv.reader(self._lines(), strict=True)
        games = _CsvGames(self)
        try:
            if next(rows, None) != list(CSV_COLUMNS):
                raise self.damaged("its first row is not the export's columns")
            for line, values in enumerate(rows, 2):
                row, where = self._csv_row(values, line), f"line {line}"
                if row["record"] == "end" and self._csv_closed():
                    yield from games.flush()
                    self._check_end(row, games.counted, where)
                    if next(rows, None) is not None:
                        raise self.damaged(f"there are rows after its end record ({where})")
                    return
                yield from games.take(row, line, where)
        except csv.Error as exc:
            raise self.damaged(f"not valid CSV: {exc}") from None
        if self._csv_closed():
            raise self.damaged("it is cut short: a whole export ends with its end record")
        yield from games.flush()
        self.head.uncounted = True

    def _csv_closed(self) -> bool:
        """Is it a CSV version that escapes its cells and ends with an ``end`` record?"""
        return self.head.values.get("version", 0) >= CSV_CLOSED

    def _csv_row(self, values: list[str], line: int) -> dict[str, str]:
        """One row's cells by column, unescaped (after the ``export`` row says they are)."""
        if len(values) != len(CSV_COLUMNS):
            raise self.damaged(f"line {line} has {len(values)} cells, not {len(CSV_COLUMNS)}")
        row = dict(zip(CSV_COLUMNS, values))
        if line > 2 and self._csv_closed():
            row = {key: uncell(value) for key, value in row.items()}
        return row

    def _lines(self) -> Iterator[str]:
        """The text's lines, each read as it is needed and none longer than a row can be
        (a gigabyte without a line end is refused, not read)."""
        number = 0
        while line := self._text.readline(EXPORT_ROW_CHARS + 1):
            number += 1
            if len(line) > EXPORT_ROW_CHARS:
                raise self.damaged(f"line {number} is more than {EXPORT_ROW_CHARS:,} characters, longer than any row")
            yield line

    def _check_end(self, row: dict[str, str], counted: dict[str, int], where: str) -> None:
        stated = _cell_json(row["result"], where, self)
        if stated != counted:
            raise self.damaged(f"its end record counts {describe(stated)}, but the file holds {counted}: "
                               "rows are missing")


class _CsvGames:
    """The CSV's rows gathered into the JSON's shapes: a player at its row, a session with
    the seat and event rows after it, yielded when the next record begins; and the rows of
    each kind counted, for the ``end`` record."""

    def __init__(self, file: ExportFile) -> None:
        self._file = file
        self.counted = {"player": 0, "session": 0, "seat": 0, "event": 0}
        self._session: dict[str, Any] | None = None

    def flush(self) -> Iterator[tuple[str, int, Any]]:
        """The session gathered so far, if any."""
        if self._session is not None:
            yield "session", self.counted["session"], self._session
            self._session = None

    def take(self, row: dict[str, str], line: int, where: str) -> Iterator[tuple[str, int, Any]]:
        record = row["record"]
        if record in ("session", "export", "player"):
            yield from self.flush()
        if record == "export" and line == 2:
            self._file.head.values.update(format=row["name"], version=_whole(row["seq"], where, self._file))
        elif record == "player":
            self.counted["player"] += 1
            yield "player", self.counted["player"], {"name": row["name"], "colour": row["colour"],
                                                     "created": row["time"]}
        elif record == "session":
            self.counted["session"] += 1
            self._session = {"game": row["game"], "started": row["time"],
                             "settings": _cell_json(row["settings"], where, self._file), "events": [],
                             "result": _cell_json(row["result"], where, self._file) if row["result"] else None}
        elif record == "seat" and self._session is not None:
            self.counted["seat"] += 1
            self._session.setdefault("seats", []).append(
                {"seat": _whole(row["seq"], where, self._file), "player": row["name"] or None})
        elif record == "event" and self._session is not None:
            self._event(self._session, row, where)
        else:
            raise InputError(f"{self._file.name} {where}: a row of kind {describe(record)} (expected export, "
                             "player, session, or seat or event after a session)")

    def _event(self, session: dict[str, Any], row: dict[str, str], where: str) -> None:
        self.counted["event"] += 1
        event = {"seq": _whole(row["seq"], where, self._file), "event": row["event"], "at": row["time"]}
        if row["action"]:
            event["action"] = _cell_json(row["action"], where, self._file)
        session["events"].append(event)
        if len(session["events"]) > EXPORT_GAME_EVENTS:
            raise self._file.damaged(f"session {self.counted['session']} has more than {EXPORT_GAME_EVENTS:,} "
                                     "events, more than any game")


def _whole(cell: str | None, where: str, file: ExportFile) -> int:
    if cell is None or not (cell.strip().isascii() and cell.strip().isdigit()) or len(cell) > NUMBER_CHARS:
        raise file.damaged(f"{where}: {describe(cell)} is not a whole number")
    return int(cell)


def _cell_json(cell: str | None, where: str, file: ExportFile) -> Any:
    try:
        value, end = _DECODER.raw_decode(cell or "")
        if end == len(cell or ""):
            return value
    except (ValueError, RecursionError):
        pass
    raise file.damaged(f"{where}: {describe(cell)} is not JSON")
