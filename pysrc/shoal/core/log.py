"""Per-viewer log lines.

A log is part of what a seat sees, so it must obey the same secrecy as the view: a line may be shown only to some
seats, with an optional public wording for everyone else ("Ana drew a card" vs "You drew the 7 Wave").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class LogLine(NamedTuple):
    text: str
    seats: tuple[int, ...] | None = None  # None: everyone sees ``text``
    others: str | None = None  # what seats outside ``seats`` see instead (None: nothing)


class Log:
    __slots__ = ("lines",)
    quiet = False  # True for a search's sampled positions, whose lines nobody reads (see QuietLog)

    def __init__(self, lines: Iterable[LogLine] = ()) -> None:
        self.lines: list[LogLine] = list(lines)

    def clone(self) -> Log:
        return Log(self.lines)

    def add(self, text: str, *, seats: Iterable[int] | None = None, others: str | None = None) -> None:
        """Add a line; with ``seats`` only those seats read ``text`` and the rest read ``others`` (if given)."""
        self.lines.append(LogLine(text, None if seats is None else tuple(seats), others))

    def for_viewer(self, seat: int | None) -> list[str]:
        out = []
        for line in self.lines:
            if line.seats is None or (seat is not None and seat in line.seats):
                out.append(line.text)
            elif line.others is not None:
                out.append(line.others)
        return out


class QuietLog(Log):
    """A log that keeps nothing: a search bot's sampled positions are played thousands of times a move and never
    shown, so their lines are not worth writing (rules may skip composing them when ``state.log.quiet``)."""

    __slots__ = ()
    quiet = True

    def clone(self) -> QuietLog:
        return self

    def add(self, text: str, *, seats: Iterable[int] | None = None, others: str | None = None) -> None:
        return None
