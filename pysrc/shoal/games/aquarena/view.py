"""What one seat may see: the pond, its own hand, everyone's catches and scores, and the last resolution.

Hidden from a seat: other seats' hands, every discard but its own, pile order, and the number of a face-down card it
did not place until that card's tile is revealed.
"""

from __future__ import annotations

import json
from typing import Any

from . import data, planning, scoring, text
from .rules import waiting_for
from .state import AquarenaState

CARD_INFO = [
    {"card": n, "name": data.name(n), "family": data.family(n), "text": data.CARDS[n][2]} for n in data.NUMBERS
]

# What a predator eats, for prompts: (one, several).
POOL_WORDS = {
    "fish": ("fish", "fish"),
    "heron": ("amphibian (not a Newt)", "amphibians (not a Newt)"),
    "amphibian": ("amphibian", "amphibians"),
    "insect": ("insect", "insects"),
    "salamander": (
        "insect (a fly or face-up Dragonfly on any Water tile)",
        "insects (flies or face-up Dragonflies on any Water tile)",
    ),
}
TRAPS = (data.FISH_HOOK, data.SPIDER_WEB)  # they "catch" rather than "eat"


def _card(state: AquarenaState, index: int, s: int, number: int, up: bool, viewer: int | None) -> dict[str, Any]:
    revealed = up or index == state.current
    seen = revealed or s == viewer
    return {
        "seat": s,
        "card": number if seen else None,
        "name": data.name(number) if seen else None,
        "face_up": revealed,
        "acting": state.acting == (s, number),
    }


def table(state: AquarenaState, viewer: int | None) -> dict[str, Any]:
    tiles = []
    for i, t in enumerate(state.tiles):
        tiles.append(
            {
                "index": i,
                "name": text.tile(i),
                "letter": text.LETTERS[i],
                "capacity": t.capacity,
                "flies": t.flies,
                "resolved": t.resolved,
                "resolving": i == state.current,
                "cards": [_card(state, i, s, n, up, viewer) for s, n, up in t.cards],
            }
        )
    seats = []
    for s in range(state.players):
        c = state.catches[s]
        seats.append(
            {
                "seat": s,
                "score": state.scores[s],
                "hand": len(state.hands[s]),
                "pile": len(state.piles[s]),
                "discarded": len(state.discards[s]),
                "placed": state.placed[s],
                "catch": {
                    "flies": c.flies,
                    "cards": [{"seat": o, "card": n, "tile": i} for o, n, i in c.cards],
                    "predators": list(c.predators),
                    "returned": list(c.returned),
                    "points": scoring.round_points(s, c.flies, [(o, n) for o, n, _ in c.cards]),
                },
            }
        )
    acting = None
    if state.acting is not None:
        acting = {
            "seat": state.acting[0],
            "card": state.acting[1],
            "tile": state.current,
            "pool": state.pool,
            "left": state.left,
        }
    out: dict[str, Any] = {
        "round": state.round,
        "rounds": data.ROUNDS,
        "phase": state.phase,
        "decision": state.decision,
        "heron": state.heron,
        "turn": state.turn if state.phase == "planning" else None,
        "chooser": state.chooser_seat
        if state.current is not None
        else (state.chooser() if state.phase == "resolution" else None),
        "current": state.current,
        "acting": acting,
        "tiles": tiles,
        "seats": seats,
        "scores": list(state.scores),
        # Caught flies lie in front of their catchers until the round's end puts them back "next to the board".
        "supply": data.TOTAL_FLIES - sum(t.flies for t in state.tiles) - sum(c.flies for c in state.catches),
        "hand": sorted(state.hands[viewer]) if viewer is not None else None,
        "discards": list(state.discards[viewer]) if viewer is not None else None,
        "face_up_next": planning.face_up_next(state, viewer) if viewer is not None else None,
        "last_resolution": json.loads(json.dumps(state.steps)),
        "history": json.loads(json.dumps(state.history)),
        "cards": CARD_INFO,
        "prompt": prompt(state, viewer),
    }
    return out


def prompt(state: AquarenaState, viewer: int | None) -> str:
    """One sentence telling ``viewer`` what to do now, or whom the table is waiting for."""
    seat = waiting_for(state)
    if seat is None and state.phase == "scored":
        return f"Round {state.round} is scored; the next round is dealt when the lesson goes on."
    if seat is None:
        return "The match is over."
    mine = seat == viewer
    who = text.seat(seat)
    d = state.decision
    if d == "place":
        how = "face up" if planning.face_up_next(state, seat) else "face down"
        return (
            f"Round {state.round}: place a card {how} on a Water tile."
            if mine
            else f"Waiting for {who} to place a card ({how})."
        )
    if d == "discard":
        return "Discard one card face down (then you draw)." if mine else f"Waiting for {who} to discard a card."
    if d == "tile":
        return "Choose a Water tile to resolve." if mine else f"Waiting for {who} to choose the next tile to resolve."
    card = text.card(state.acting[1])
    where = text.tile(state.current)
    if d == "eat":
        verb = "catches" if state.acting[1] in TRAPS else "eats"
        prey = POOL_WORDS[state.pool][0 if state.left == 1 else 1]
        return (
            f"Your {card} on {where} still {verb} {state.left} {prey}: choose which."
            if mine
            else f"Waiting for {who} to choose what {text.owned(seat, state.acting[1])} {verb}."
        )
    return (
        f"Your {card} must move a fly from {where} to another Water tile with room: choose which."
        if mine
        else f"Waiting for {who} to choose where {text.owned(seat, state.acting[1])} moves a fly."
    )
