"""Small helpers shared by the museum tests: build positions from notation, play actions, read the display."""

from __future__ import annotations

import json

import shoal
from shoal.games.museum.data import BY_CODE


def at(text: str, seed: int = 0):
    """A match playing on from the notated position ``text`` (see shoal.games.museum.notation)."""
    return shoal.new_match("museum", 2, seed, position=text)


def cid(code: str) -> int:
    return BY_CODE[code].id


def place(match, seat: int, code: str, x: int, y: int, face: str) -> None:
    match.play(seat, {"type": "place", "card": cid(code), "x": x, "y": y, "face": face})


def faces_at(match, seat: int, code: str, x: int, y: int) -> list[str]:
    """The facings seat may choose for ``code`` at (x, y), read from the legal actions."""
    return [
        a["face"]
        for a in match.legal_actions(seat)
        if a["type"] == "place" and a["card"] == cid(code) and (a["x"], a["y"]) == (x, y)
    ]


def spots(match, seat: int) -> set[tuple[int, int]]:
    return {(a["x"], a["y"]) for a in match.legal_actions(seat) if a["type"] == "place"}


def card_at(view: dict, x: int, y: int) -> dict:
    return next(c for c in view["table"]["cards"] if (c["x"], c["y"]) == (x, y))


def as_json(value) -> str:
    return json.dumps(value, sort_keys=True)
