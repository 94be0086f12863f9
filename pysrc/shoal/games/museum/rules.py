"""The museum game's rules: set-up, the turn's steps, and the end. Scoring lives in ``scoring``, seeing in ``view``."""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Outcome, Rng

from . import grid
from .data import (
    BOAT,
    CARDS,
    COLUMN_PLAYER,
    HAND_SIZE,
    ROW_PLAYER,
    TOKENS_PER_BOAT,
)
from .grid import Pos
from .refs import lily_refs, line_refs, lines_of
from .scoring import breakdown_rows, score_axis
from .state import OVER, PLACE, TOKEN, MuseumState
from .text import card_name, role, where, who

START: Pos = (0, 0)  # the first card's position; the display grows from it in every direction


def other(seat: int) -> int:
    return 1 - seat


# --- set-up --------------------------------------------------------------------------------------------------
def setup(players: int, options: dict[str, Any], rng: Rng) -> MuseumState:
    """Shuffle, turn the start card, lay the face-down card below (odd) or right (even), deal three each."""
    state = MuseumState(players, options, rng)
    state.deck = list(range(len(CARDS)))
    rng.shuffle(state.deck)
    first = state.deck.pop()
    odd = CARDS[first].number % 2 == 1
    _lay(state, START, first, True, None)
    hidden_at = (START[0], START[1] + 1) if odd else (START[0] + 1, START[1])
    _lay(state, hidden_at, state.deck.pop(), False, None)
    state.start_player = ROW_PLAYER if odd else COLUMN_PLAYER
    state.turn = state.start_player
    for _ in range(HAND_SIZE):
        for seat in range(players):
            state.hands[seat].append(state.deck.pop())
    state.log.add(
        f"The start card is {card_name(first)}: {'odd' if odd else 'even'}, so a face-down card goes "
        f"{'below' if odd else 'to the right of'} it and the {role(state.start_player).lower()} "
        f"({who(state.start_player)}) starts."
    )
    return state


def _lay(state: MuseumState, pos: Pos, card: int, up: bool, seat: int | None) -> None:
    state.grid[pos] = card
    state.face_up[pos] = up
    state.placer[pos] = seat


# --- what may be done ----------------------------------------------------------------------------------------
def to_act(state: MuseumState) -> list[int]:
    if state.phase == PLACE:
        return [state.turn]
    if state.phase == TOKEN:
        return [state.mover]
    return []


def legal_actions(state: MuseumState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase == TOKEN:
        moves: list[Action] = [{"type": "leave_token"}]
        moves += [{"type": "move_token", "x": x, "y": y} for x, y in grid.token_targets(state.grid, state.boat)]
        return moves
    spots = [(pos, grid.facings(state.face_up, pos)) for pos in grid.open_spots(state.grid)]
    return [
        {"type": "place", "card": card, "x": x, "y": y, "face": face}
        for card in state.hands[seat]
        for (x, y), faces in spots
        for face in faces
    ]


# --- doing it ------------------------------------------------------------------------------------------------
def apply(state: MuseumState, seat: int, action: Action) -> None:
    kind = action["type"]
    if kind == "place":
        _place(state, seat, action["card"], (action["x"], action["y"]), action["face"] == "up")
    elif kind == "move_token":
        _move_token(state, seat, (action["x"], action["y"]))
    elif kind == "leave_token":
        _leave_token(state, seat)
    else:  # pragma: no cover - Match only passes legal actions
        raise ValueError(f"unknown action type {kind!r}")


def _place(state: MuseumState, seat: int, card: int, pos: Pos, up: bool) -> None:
    quiet = state.log.quiet  # a search's sampled position: nobody reads its lines, so none is composed
    spot = "" if quiet else where(state, pos)
    state.hands[seat].remove(card)
    _lay(state, pos, card, up, seat)
    state.placements += 1
    if quiet:
        pass
    elif up:
        state.log.add(f"{who(seat)} placed {card_name(card)} face up, {spot}.")
    else:
        state.log.add(
            f"{who(seat)} placed {card_name(card)} face down, {spot}.",
            seats=[seat],
            others=f"{who(seat)} placed a card face down, {spot}.",
        )
    revealed = grid.surrounded(state.face_up)
    for p in revealed:
        state.face_up[p] = True
    if revealed and not quiet:
        names = ", ".join(card_name(state.grid[p]) for p in revealed)
        state.log.add(f"Surrounded by face-up cards, {names} turned face up.")
    state.last = {
        "seat": seat,
        "x": pos[0],
        "y": pos[1],
        "face": "up" if up else "down",
        "revealed": [list(p) for p in revealed],
    }
    if up and CARDS[card].kind == BOAT:
        state.tokens[pos] = state.tokens.get(pos, 0) + TOKENS_PER_BOAT
        state.phase, state.boat, state.mover, state.moves_left = TOKEN, pos, seat, TOKENS_PER_BOAT
        state.log.add(f"Two visitor tokens boarded {card_name(card)}.")
        return
    _end_turn(state)


def _move_token(state: MuseumState, seat: int, target: Pos) -> None:
    boat = state.boat
    state.tokens[boat] -= 1
    if not state.tokens[boat]:
        del state.tokens[boat]
    state.tokens[target] = state.tokens.get(target, 0) + 1
    if not state.log.quiet:
        shown = (
            card_name(state.grid[target])
            if state.face_up[target]
            else f"the face-down card {where(state, target, avoid=boat)}"
        )
        state.log.add(f"{who(seat)} moved a visitor token from {card_name(state.grid[boat])} to {shown}.")
    _token_done(state)


def _leave_token(state: MuseumState, seat: int) -> None:
    state.log.add(f"{who(seat)} left a visitor token on {card_name(state.grid[state.boat])}.")
    _token_done(state)


def _token_done(state: MuseumState) -> None:
    """The placer decides first, then the opponent; after the last decision the turn ends."""
    state.moves_left -= 1
    if state.moves_left:
        state.mover = other(state.mover)
        return
    state.boat, state.mover = None, None
    _end_turn(state)


def _end_turn(state: MuseumState) -> None:
    """Draw back up (while the deck lasts), then pass the turn; when both hands are empty, reveal all and end."""
    seat = state.turn
    if state.deck and len(state.hands[seat]) < HAND_SIZE:
        card = state.deck.pop()
        state.hands[seat].append(card)
        state.log.add(f"{who(seat)} drew {card_name(card)}.", seats=[seat], others=f"{who(seat)} drew a card.")
    if not any(state.hands):
        hidden = sorted((p for p, up in state.face_up.items() if not up), key=lambda p: (p[1], p[0]))
        for p in hidden:
            state.face_up[p] = True
        if hidden:
            state.log.add(
                "All cards were placed; the face-down cards turned face up: "
                + ", ".join(card_name(state.grid[p]) for p in hidden)
                + "."
            )
        state.phase = OVER
        return
    state.turn = other(seat) if state.hands[other(seat)] else seat
    state.phase = PLACE


# --- the end -------------------------------------------------------------------------------------------------
def final_scores(state: MuseumState) -> list[dict[str, Any]]:
    """Each player's full scoring of the display (all cards face up by then)."""
    faces = {pos: (CARDS[c].kind, CARDS[c].number) for pos, c in state.grid.items()}
    return [score_axis(faces, state.tokens, axis) for axis in ("row", "column")]


def outcome(state: MuseumState) -> dict[str, Any]:
    """Each seat's score sheet; every row carries ``refs`` naming its line and the cards that earned it."""
    faces = {pos: (CARDS[c].kind, CARDS[c].number) for pos, c in state.grid.items()}
    result = Outcome(state.players)
    for seat, scored in enumerate(final_scores(state)):
        axis = scored["axis"]
        lines = lines_of(faces, axis)
        by_label = {line["label"]: line for line in scored["lines"]}
        runs = iter(scored["lily_runs"])
        for row in breakdown_rows(scored):
            if row["line"] is not None:
                refs = line_refs(faces, state.tokens, axis, by_label[row["line"]], row["category"], lines)
            elif scored["lily_runs"]:
                refs = lily_refs(faces, axis, [by_label[label]["coord"] for label in next(runs)["lines"]], lines)
            else:
                refs = []
            result.add(seat, row.pop("label"), row.pop("points"), **row, refs=refs)
    return result.to_json()
