"""What `companion doctor` reports: one check, its status and its fix.

A leaf module on purpose: the doctor, the database checks and the hardware probe all make
checks, and none of them needs the others to do it (no import cycle between the core and
the hardware code).
"""

from __future__ import annotations

from dataclasses import dataclass

OK, WARN, FAIL = "ok", "warn", "FAIL"


@dataclass(frozen=True)
class Check:
    """One thing doctor looked at: ``status`` is OK, WARN or FAIL; ``found`` says what
    is there; ``fix`` says what to do when it is not OK."""

    name: str
    status: str
    found: str
    fix: str = ""

    @property
    def ok(self) -> bool:
        """False when this stops the table from playing."""
        return self.status != FAIL

    @property
    def detail(self) -> str:
        return self.found

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "ok": self.ok, "detail": self.found, "fix": self.fix if self.status != OK else ""}
