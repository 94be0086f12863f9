"""What just happened: the changes each move made, as every viewer may know them, and a seat's ``recent`` from them.

A game describes each move once, when it is played (``Game.changes(before, after, seat, action)``): a few
:class:`Change` entries, each saying whose doing it reports, one line of text and the refs (docs/refs.md) of what it
changed on the board. An entry keeps a log line's secrecy: ``seats`` read ``text`` and ``refs``, every other viewer
reads ``others`` and ``others_refs`` instead, or nothing when ``others`` is None. So a card laid face down is named to
its placer alone, and a secret choice has no entry until it is revealed.

The match keeps the entries beside its record (never in it: a replay works them out again) and answers ``recent``
from them in a view: everything other seats and the table did since the viewer's own last decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple


class Change(NamedTuple):
    """One thing a move did, worded for whoever may read it (see the module docstring)."""

    seat: int | None  # whose doing this reports; None: the table itself (a round dealt, cards turned up at the end)
    text: str  # a clause without a final full stop ("{seat:1} took the Sea Snail"): the page joins them with "; "
    refs: tuple[str, ...] = ()
    seats: tuple[int, ...] | None = None  # None: every viewer reads ``text``/``refs``
    others: str | None = None  # what viewers outside ``seats`` read instead (None: nothing)
    others_refs: tuple[str, ...] = ()

    def shown_to(self, viewer: int | None) -> tuple[str, tuple[str, ...]] | None:
        """The text and refs ``viewer`` (None: a spectator) reads, or None when this entry is not for it."""
        if self.seats is None or (viewer is not None and viewer in self.seats):
            return self.text, self.refs
        if self.others is None:
            return None
        return self.others, self.others_refs


def change(
    seat: int | None,
    text: str,
    refs: Iterable[str] = (),
    *,
    seats: Iterable[int] | None = None,
    others: str | None = None,
    others_refs: Iterable[str] = (),
) -> Change:
    """A :class:`Change` from any iterables (games build refs as lists)."""
    return Change(seat, text, tuple(refs), None if seats is None else tuple(seats), others, tuple(others_refs))


def since(actions: Sequence[Sequence[Any]], viewer: int | None) -> int:
    """The index of the first move ``recent`` covers for ``viewer``: its own last move (whose entries about others
    still count: a pass it completed, a reveal it set off), the start for a seat that has not moved yet, and for a
    spectator the last move of all."""
    if viewer is None:
        return max(0, len(actions) - 1)
    for i in range(len(actions) - 1, -1, -1):
        if actions[i][0] == viewer:
            return i
    return 0


def recent(
    changes: Sequence[Sequence[Change]],
    first: int,
    viewer: int | None,
    on_board: Callable[[list[str]], list[str]] | None = None,
) -> dict[str, Any]:
    """``{"refs": [...], "moves": [{"seat", "text", "refs"}, ...]}``: the entries from move ``first`` on that are not
    the viewer's own doing, as the viewer may read them; ``refs`` is every move's refs once, in order. ``on_board``
    keeps the refs the board still draws (``Game.on_board``)."""
    moves: list[dict[str, Any]] = []
    refs: dict[str, None] = {}
    for entries in changes[first:]:
        for entry in entries:
            if viewer is not None and entry.seat == viewer:
                continue
            shown = entry.shown_to(viewer)
            if shown is None:
                continue
            text, named = shown
            kept = list(named) if on_board is None or not named else on_board(list(named))
            moves.append({"seat": entry.seat, "text": text, "refs": kept})
            refs.update(dict.fromkeys(kept))
    return {"refs": list(refs), "moves": moves}


__all__ = ["Change", "change", "recent", "since"]
