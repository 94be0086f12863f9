"""Scoring a museum layout: pure functions over a plain layout, for the engine, the bots and a teaching page.

The row player scores rows, the column player columns. A line (row or column) whose card total is between 10 and 20
(ends included) scores sets of ≥ 2 equal numbers and of ≥ 2 equal icons (wave, lily pad, boat), and each sea turtle
with a wave beside it along the line; every visitor token adds 1 each time its card scores. Then every maximal run
of ≥ 2 adjacent lines that hold a lily pad scores, whatever the lines' totals.

The one entry point a page needs is :func:`score_layout`; see ``docs/museum-scoring.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .data import (
    AXES,
    BY_CODE,
    CARDS,
    CODE_KINDS,
    ICON_KINDS,
    KIND_CODES,
    KIND_NAMES,
    KINDS,
    LILY,
    LILY_RUN_POINTS,
    LINE_MAX,
    LINE_MIN,
    ROLE_NAMES,
    SET_POINTS,
    TOKEN_BONUS,
    TURTLE,
    TURTLE_POINTS,
    WAVE,
    Card,
)

Pos = tuple[int, int]
Face = tuple[str, Any]  # (kind, number); the bots also use kind "unknown" with an expected number
CATEGORIES = ("numbers", "icons", "turtles", "tokens")
CATEGORY_NAMES = {
    "numbers": "sets of numbers",
    "icons": "sets of icons",
    "turtles": "sea turtles",
    "tokens": "visitor tokens",
    "lily_pads": "lily-pad runs",
}


def table_points(table: Mapping[int, int], size: int) -> int:
    """Points for a set or run of ``size``; sizes past the table's end (only in oversized drawn layouts) get its top."""
    if size < min(table):
        return 0
    return table.get(size, table[max(table)])


# --- reading a plain layout ------------------------------------------------------------------------------------
def to_card(value: Any) -> Card:
    """A card from an id (``3``), a code (``"W4"``, any case), a :class:`Card`, or ``{"kind": ..., "number": ...}``.

    Dicts may name a card that is not in the deck (a teaching page may draw any painting); it gets id ``-1``.
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, bool):
        raise ValueError(f"not a card: {value!r}")
    if isinstance(value, int):
        if 0 <= value < len(CARDS):
            return CARDS[value]
        raise ValueError(f"no card with id {value} (ids are 0–{len(CARDS) - 1})")
    if isinstance(value, str):
        card = BY_CODE.get(value.strip().upper())
        if card is None:
            raise ValueError(f"no card with code {value!r} (codes are like W3, L5, B7, T8)")
        return card
    if isinstance(value, Mapping):
        kind, number = value.get("kind"), value.get("number")
        kind = CODE_KINDS.get(kind, kind) if isinstance(kind, str) else kind
        if kind not in KINDS or type(number) is not int:
            raise ValueError(f"a card dict needs kind in {KINDS} and an integer number, got {dict(value)!r}")
        return BY_CODE.get(f"{KIND_CODES[kind]}{number}") or Card(-1, kind, number)
    raise ValueError(f"not a card: {value!r}")


def read_layout(cards: Any) -> dict[Pos, Card]:
    """``{(x, y): card}`` from either a mapping of positions to cards or a list of rows (``None``/``""``/``"."`` empty).

    Positions in a mapping may be tuples, lists, or ``"x,y"`` strings (JSON objects cannot have tuple keys).
    """
    out: dict[Pos, Card] = {}
    if isinstance(cards, Mapping):
        for key, value in cards.items():
            out[_pos(key)] = to_card(value)
    else:
        for y, row in enumerate(cards):
            for x, value in enumerate(row):
                if value is not None and value not in ("", "."):
                    out[(x, y)] = to_card(value)
    return out


def read_tokens(tokens: Any) -> dict[Pos, int]:
    """``{(x, y): count}`` from a mapping of positions to counts or a list of positions (one entry per token)."""
    out: dict[Pos, int] = {}
    if tokens is None:
        return out
    if isinstance(tokens, Mapping):
        for key, count in tokens.items():
            if type(count) is not int or count < 0:
                raise ValueError(f"token count must be a non-negative integer, got {count!r}")
            if count:
                out[_pos(key)] = out.get(_pos(key), 0) + count
    else:
        for key in tokens:
            out[_pos(key)] = out.get(_pos(key), 0) + 1
    return out


def _pos(key: Any) -> Pos:
    if isinstance(key, str):
        key = key.split(",")
    try:
        x, y = key
        return int(x), int(y)
    except (TypeError, ValueError):
        raise ValueError(f"a position is (x, y), [x, y] or 'x,y', got {key!r}") from None


# --- one line ------------------------------------------------------------------------------------------------
def score_line(
    line: Sequence[tuple[Pos, Face]], tokens: Mapping[Pos, int], axis: str, in_range: bool | None = None
) -> dict[str, Any]:
    """Score one row or column: ``line`` is its cards in order along the line, as ``((x, y), (kind, number))``.

    Gaps matter only for turtles (a wave must be *directly* beside one). Cards of kind ``"unknown"`` count toward the
    total but never make a set or sit beside a turtle (the bots use them for cards they cannot see). ``in_range``
    overrides the 10–20 test, for views that know only part of a line.
    """
    total = sum(face[1] for _, face in line)
    result: dict[str, Any] = {
        "total": total,
        "scores": LINE_MIN <= total <= LINE_MAX if in_range is None else in_range,
        "sets": [],
        "turtles": [],
        "points": dict.fromkeys(CATEGORIES, 0),
    }
    if not result["scores"]:
        return result
    points = result["points"]
    groups: dict[tuple[str, Any], list[Pos]] = {}
    for pos, (kind, number) in line:
        if kind == "unknown":
            continue
        groups.setdefault(("number", number), []).append(pos)
        if kind in ICON_KINDS:
            groups.setdefault(("icon", kind), []).append(pos)
    for (what, value), members in groups.items():
        if len(members) < 2:
            continue
        base = table_points(SET_POINTS, len(members))
        bonus = TOKEN_BONUS * sum(tokens.get(p, 0) for p in members)
        points["numbers" if what == "number" else "icons"] += base
        points["tokens"] += bonus
        result["sets"].append({"kind": what, "value": value, "size": len(members), "points": base, "tokens": bonus})
    faces = dict(line)
    step = (1, 0) if axis == "row" else (0, 1)
    for pos, (kind, _) in line:
        if kind != TURTLE:
            continue
        sides = [(pos[0] - step[0], pos[1] - step[1]), (pos[0] + step[0], pos[1] + step[1])]
        waves = sum(1 for s in sides if s in faces and faces[s][0] == WAVE)
        if not waves:
            continue
        base = TURTLE_POINTS[waves]
        bonus = TOKEN_BONUS * tokens.get(pos, 0)  # the turtle's own token; a token on the wave adds nothing here
        points["turtles"] += base
        points["tokens"] += bonus
        result["turtles"].append({"at": list(pos), "waves": waves, "points": base, "tokens": bonus})
    result["sets"].sort(key=lambda s: (s["kind"] != "number", str(s["value"])))
    return result


def lily_runs(indices_with_lily: Iterable[int]) -> list[list[int]]:
    """Maximal runs of ≥ 2 consecutive line indices, e.g. ``{0, 1, 2, 4}`` -> ``[[0, 1, 2]]``."""
    runs: list[list[int]] = []
    for i in sorted(set(indices_with_lily)):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [run for run in runs if len(run) >= 2]


# --- one player ----------------------------------------------------------------------------------------------
def score_axis(cells: Mapping[Pos, Face], tokens: Mapping[Pos, int], axis: str) -> dict[str, Any]:
    """Everything one player scores: ``axis`` is ``"row"`` (row player) or ``"column"`` (column player).

    ``cells`` maps positions to ``(kind, number)``. Lines are numbered from 1: rows top to bottom, columns left to
    right, counted from the layout's top-left card.
    """
    if axis not in AXES:
        raise ValueError(f"axis must be 'row' or 'column', got {axis!r}")
    if not cells:
        return {
            "axis": axis,
            "lines": [],
            "lily_runs": [],
            "totals": {**dict.fromkeys(CATEGORIES, 0), "lily_pads": 0},
            "score": 0,
        }
    along = 1 if axis == "row" else 0  # the coordinate that names the line
    first = min(p[along] for p in cells)
    lines: dict[int, list[tuple[Pos, Face]]] = {}
    for pos in sorted(cells, key=lambda p: (p[along], p[1 - along])):
        lines.setdefault(pos[along], []).append((pos, cells[pos]))
    word = "Row" if axis == "row" else "Column"
    out_lines = []
    for coord, line in lines.items():
        head = {
            "label": f"{word} {coord - first + 1}",
            "index": coord - first,
            "coord": coord,
            "cards": [_code(face) for _, face in line],
        }
        out_lines.append({**head, **score_line(line, tokens, axis)})
    runs = []
    for run in lily_runs(c for c, line in lines.items() if any(face[0] == LILY for _, face in line)):
        runs.append(
            {
                "lines": [f"{word} {c - first + 1}" for c in run],
                "size": len(run),
                "points": table_points(LILY_RUN_POINTS, len(run)),
            }
        )
    totals = {cat: sum(line["points"][cat] for line in out_lines) for cat in CATEGORIES}
    totals["lily_pads"] = sum(run["points"] for run in runs)
    return {"axis": axis, "lines": out_lines, "lily_runs": runs, "totals": totals, "score": sum(totals.values())}


def _code(face: Face) -> str:
    kind, number = face
    return "?" if kind == "unknown" else f"{KIND_CODES[kind]}{number}"


# --- the whole layout: the teaching page's entry point ---------------------------------------------------------
def score_layout(cards: Any, tokens: Any = None) -> dict[str, Any]:
    """Score a finished layout for both players, with a breakdown per line and per category.

    ``cards``: ``{(x, y): card}`` (keys may also be ``[x, y]`` or ``"x,y"``) or a list of rows, top row first, with
    ``None``/``""``/``"."`` for empty cells. A card is an id (0–17), a code like ``"W3"``/``"L5"``/``"B7"``/``"T8"``,
    or ``{"kind": "wave", "number": 3}``. ``tokens``: visitor tokens, as a list of positions (one entry per token) or
    ``{(x, y): count}``; with a list of rows, a position is ``[column, row]`` counted from 0.

    Returns ``{"scores": [row player, column player], "players": [{"seat", "role", "axis", "lines", "lily_runs",
    "totals", "score"}, ...]}``; every line lists its ``label``, ``cards``, ``total``, whether it ``scores``, its
    ``sets`` and ``turtles`` and its ``points`` by category (numbers, icons, turtles, tokens). Plain JSON data.
    """
    layout = read_layout(cards)
    marks = read_tokens(tokens)
    stray = sorted(p for p in marks if p not in layout)
    if stray:
        raise ValueError(f"visitor tokens on empty cells: {stray}")
    faces = {pos: (card.kind, card.number) for pos, card in layout.items()}
    players = []
    for seat, axis in enumerate(AXES):
        result = score_axis(faces, marks, axis)
        players.append({"seat": seat, "role": ROLE_NAMES[seat], **result})
    return {"scores": [p["score"] for p in players], "players": players}


def breakdown_rows(player: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Score-sheet rows for one player's result from :func:`score_axis`: one per line and category, then lily pads.

    A line that scores nothing still gets one row saying why, so the sheet accounts for every line.
    """
    rows: list[dict[str, Any]] = []
    for line in player["lines"]:
        head = f"{line['label']} (total {line['total']})"
        if not line["scores"]:
            rows.append(
                {
                    "label": f"{head}: outside {LINE_MIN}–{LINE_MAX}, not scored",
                    "points": 0,
                    "line": line["label"],
                    "category": "none",
                }
            )
            continue
        any_points = False
        for cat in CATEGORIES:
            if line["points"][cat]:
                any_points = True
                rows.append(
                    {
                        "label": f"{head}: {CATEGORY_NAMES[cat]}{_details(line, cat)}",
                        "points": line["points"][cat],
                        "line": line["label"],
                        "category": cat,
                    }
                )
        if not any_points:
            rows.append(
                {"label": f"{head}: no sets or turtles", "points": 0, "line": line["label"], "category": "none"}
            )
    if player["lily_runs"]:
        for run in player["lily_runs"]:
            word = run["lines"][0].split()[0]
            span = f"{run['lines'][0].split()[1]}–{run['lines'][-1].split()[1]}"
            rows.append(
                {
                    "label": f"Lily pads: {word}s {span} ({run['size']} adjacent {word.lower()}s)",
                    "points": run["points"],
                    "line": None,
                    "category": "lily_pads",
                }
            )
    else:
        rows.append(
            {
                "label": "Lily pads: no run of 2 or more adjacent lines",
                "points": 0,
                "line": None,
                "category": "lily_pads",
            }
        )
    return rows


def _details(line: Mapping[str, Any], cat: str) -> str:
    if cat == "numbers":
        parts = [f"{s['size']}× {s['value']}" for s in line["sets"] if s["kind"] == "number"]
    elif cat == "icons":
        parts = [f"{s['size']}× {KIND_NAMES[s['value']]}" for s in line["sets"] if s["kind"] == "icon"]
    elif cat == "turtles":
        parts = [f"turtle with {t['waves']} wave{'s' if t['waves'] > 1 else ''}" for t in line["turtles"]]
    else:
        count = sum(s["tokens"] for s in line["sets"]) + sum(t["tokens"] for t in line["turtles"])
        parts = [f"+{count}"]
    return f" ({', '.join(parts)})" if parts else ""


def score_json(request: str) -> str:
    """JSON in, JSON out, for a page that calls Python through Pyodide: ``{"cards": ..., "tokens": ...}`` as
    :func:`score_layout` takes them (a list of rows, or an object keyed ``"x,y"``), answered with its result.
    A layout it cannot read gives ``{"error": "..."}`` instead of raising across the JS boundary."""
    import json

    try:
        asked = json.loads(request)
        return json.dumps(score_layout(asked["cards"], asked.get("tokens")))
    except (ValueError, KeyError, TypeError) as e:
        return json.dumps({"error": f"{type(e).__name__}: {e}"})
