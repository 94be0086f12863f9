"""What a seat sees of a museum position, and the running score it can work out from what it sees.

Secrecy: a face-down card shows its face only to the seat that placed it (the set-up face-down card to nobody); hands
show only to their owner; the deck is a count. Line totals and running scores use only cards the viewer may see, so
they never leak a hidden number.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Change, change

from . import grid, text
from .data import AXES, CARDS, LILY, LILY_RUN_POINTS, LINE_MAX, LINE_MIN, MAX_NUMBER, ROLE_NAMES, TOKEN_REACH
from .grid import Pos
from .scoring import lily_runs, score_line, table_points
from .state import OVER, PLACE, TOKEN, MuseumState


def card_json(card_id: int) -> dict[str, Any]:
    return CARDS[card_id].to_json()


def table(state: MuseumState, seat: int | None) -> dict[str, Any]:
    order = sorted(state.grid, key=lambda p: (p[1], p[0]))
    cards = []
    for pos in order:
        known = state.knows(seat, pos)
        cards.append(
            {
                "x": pos[0],
                "y": pos[1],
                "face": "up" if state.face_up[pos] else "down",
                "card": card_json(state.grid[pos]) if known else None,
                "placer": state.placer[pos],
                "tokens": state.tokens.get(pos, 0),
            }
        )
    lo_x, hi_x, lo_y, hi_y = grid.room(state.grid)
    min_x, max_x, min_y, max_y = grid.bounds(state.grid)
    lines = known_lines(state, seat)
    return {
        "roles": list(ROLE_NAMES),
        "axes": list(AXES),
        "you": None if seat is None else {"seat": seat, "role": ROLE_NAMES[seat], "scores": AXES[seat] + "s"},
        "phase": state.phase,
        "turn": None if state.phase == OVER else state.turn,
        "start_player": state.start_player,
        "prompt": prompt(state, seat),
        "cards": cards,
        "hand": None if seat is None else [card_json(c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "deck": len(state.deck),
        "placements": state.placements,
        "placements_total": state.placements + sum(len(h) for h in state.hands) + len(state.deck),
        "room": {"min_x": lo_x, "max_x": hi_x, "min_y": lo_y, "max_y": hi_y},
        "occupied": {"min_x": min_x, "max_x": max_x, "min_y": min_y, "max_y": max_y},
        "boat": None
        if state.boat is None
        else {
            "x": state.boat[0],
            "y": state.boat[1],
            "mover": state.mover,
            "step": 1 if state.mover == state.turn else 2,
            "reach": TOKEN_REACH,
        },
        "last": state.last,
        "lines": lines,
        "running": [
            sum(line["points"] for line in lines[axis]) + sum(r["points"] for r in lines[axis + "_lily"])
            for axis in AXES
        ],
        "line_range": [LINE_MIN, LINE_MAX],
    }


def known_lines(state: MuseumState, seat: int | None) -> dict[str, Any]:
    """Every row and column as the viewer knows it: known total, hidden cards, and whether it scores.

    ``status`` is ``"scores"`` (all cards known, total 10–20), ``"too low"``/``"too high"`` (certain even with the
    hidden cards at their extremes), or ``"unknown"``. ``points`` counts only lines that surely score, from known cards.
    """
    out: dict[str, Any] = {}
    for axis in AXES:
        along = 1 if axis == "row" else 0
        by_line: dict[int, list[Pos]] = {}
        for pos in sorted(state.grid, key=lambda p: (p[along], p[1 - along])):
            by_line.setdefault(pos[along], []).append(pos)
        rows = []
        for coord, members in by_line.items():
            seen = [
                (p, (CARDS[state.grid[p]].kind, CARDS[state.grid[p]].number)) for p in members if state.knows(seat, p)
            ]
            hidden = len(members) - len(seen)
            known_total = sum(face[1] for _, face in seen)
            low, high = known_total + hidden, known_total + hidden * MAX_NUMBER
            if high < LINE_MIN:
                status = "too low"
            elif low > LINE_MAX:
                status = "too high"
            elif hidden:
                status = "unknown"
            else:
                status = (
                    "scores"
                    if LINE_MIN <= known_total <= LINE_MAX
                    else ("too low" if known_total < LINE_MIN else "too high")
                )
            points = 0
            if status == "scores":
                scored = score_line(seen, state.tokens, axis)
                points = sum(scored["points"].values())
            rows.append(
                {"coord": coord, "known_total": known_total, "hidden": hidden, "status": status, "points": points}
            )
        out[axis] = rows
        with_lily = [
            r["coord"]
            for r in rows
            if any(state.knows(seat, p) and CARDS[state.grid[p]].kind == LILY for p in by_line[r["coord"]])
        ]
        out[axis + "_lily"] = [
            {"coords": run, "points": table_points(LILY_RUN_POINTS, len(run))} for run in lily_runs(with_lily)
        ]
    return out


def prompt(state: MuseumState, seat: int | None) -> str:
    """One sentence telling the viewer what is happening and, if it is their decision, what to do."""
    if state.phase == OVER:
        return "All cards are placed and turned face up: the game is over."
    turn = f"{{seat:{state.turn}}} ({ROLE_NAMES[state.turn].lower()})"
    if state.phase == PLACE:
        if seat != state.turn:
            return f"Waiting for {turn} to place a card."
        choice = any(len(grid.facings(state.face_up, p)) > 1 for p in grid.open_spots(state.grid))
        return (
            "Place a card from your hand next to a card in the museum (at most 5 columns by 5 rows). "
            "Beside face-up cards it goes face down, beside face-down cards face up."
            + (" Beside both, you choose." if choice else "")
        )
    assert state.phase == TOKEN
    mover = f"{{seat:{state.mover}}} ({ROLE_NAMES[state.mover].lower()})"
    if seat != state.mover:
        return f"Waiting for {mover} to decide where a visitor token goes."
    if state.mover == state.turn:
        return (
            f"Your boat is face up with two visitor tokens. Move one of them to any card up to {TOKEN_REACH} "
            "steps away, or leave it on the boat."
        )
    return (
        f"{turn} played a boat face up. Move the other visitor token to any card up to {TOKEN_REACH} steps "
        "from the boat, or leave it there."
    )


# --- what just happened -----------------------------------------------------------------------------------------
def cell_ref(pos: Pos) -> str:
    return f"cell:{pos[0]},{pos[1]}"


def changes(before: MuseumState, after: MuseumState, seat: int, action: Action) -> list[Change]:
    """A move as the others may know it (docs/refs.md, museum): the cell a card was laid on (its painting named only
    when laid face up: a face-down card is the placer's secret, and a seat never reads its own moves here), cards it
    turned up, a visitor token's way; and at the end, the face-down cards turned up by the end of the game."""
    out: list[Change] = []
    hidden = [p for p, up in before.face_up.items() if not up]  # the face-down cards before the move
    surrounded: list[Pos] = []
    kind = action["type"]
    if kind == "place":
        pos, up = (action["x"], action["y"]), action["face"] == "up"
        surrounded = [(p[0], p[1]) for p in after.last["revealed"]]
        if not up:
            hidden.append(pos)
        shown = up or after.face_up[pos]  # a card laid face down is named only once the end turns it up
        line = text.laid(seat, action["card"] if shown else None, up, text.where(before, pos))
        if surrounded:
            line += "; " + text.turned_up([after.grid[p] for p in surrounded])
        out.append(change(seat, line, [cell_ref(pos)] + [cell_ref(p) for p in surrounded]))
    elif kind == "move_token":
        boat, target = before.boat, (action["x"], action["y"])
        shown = (
            text.card_name(before.grid[target])
            if before.face_up[target]
            else f"the face-down card {text.where(before, target, avoid=boat)}"
        )
        out.append(
            change(
                seat, text.moved_token(seat, text.card_name(before.grid[boat]), shown), map(cell_ref, (boat, target))
            )
        )
    else:
        out.append(
            change(seat, text.left_token(seat, text.card_name(before.grid[before.boat])), [cell_ref(before.boat)])
        )
    if after.phase == OVER:
        ending = sorted((p for p in hidden if p not in surrounded), key=lambda p: (p[1], p[0]))
        if ending:
            out.append(change(None, text.all_turned_up(len(ending)), map(cell_ref, ending)))
    return out
