"""What one seat may see: the pond, its own hand, everyone's catches and scores, and the last resolution.

Hidden from a seat: other seats' hands, every discard but its own, pile order, and the number of a face-down card it
did not place until that card's tile is revealed.
"""

from __future__ import annotations

import json
from typing import Any

from shoal.core import Action, Change, change

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


# --- what just happened -----------------------------------------------------------------------------------------
def changes(before: AquarenaState, after: AquarenaState, seat: int, action: Action) -> list[Change]:
    """A move as the others may know it: a placement (the card named only face up; a face-down card's number is its
    placer's until its tile opens), a discard (never its number), a choice in the resolution; then what the table did
    by itself: the resolution beginning, every catch made (public), the tiles resolved, a round scored."""
    kind = action["type"]
    out: list[Change] = []
    if kind == "place":
        up = planning.face_up_next(before, seat)
        number, index = action["card"], action["tile"]
        refs = [f"tile:{index}"] + ([f"card:{seat}.{number}"] if up else [])
        out.append(change(seat, text.placed(seat, number if up else None, index), refs))
    elif kind == "discard":
        out.append(change(seat, text.discarded(seat), [f"seat:{seat}"]))
        if after.phase != "planning":
            out.append(change(None, text.resolution_begins()))
    elif kind == "resolve":
        out.append(change(seat, text.chose_tile(seat, action["tile"]), [f"tile:{action['tile']}"]))
    elif kind == "move_fly":
        out.append(change(seat, text.moved_fly(seat, before.acting[1], action["tile"]), [f"tile:{action['tile']}"]))
    else:  # eat_fly, eat_card: the prey chosen shows in the catch below
        out.append(change(seat, text.chose_prey(seat, before.acting[1]), [f"tile:{before.current}"]))
    if before.phase == "resolution":
        out += _catches(before, after)
    return out


def _catches(before: AquarenaState, after: AquarenaState) -> list[Change]:
    """Every seat's catch this move added (flies and cards, all public), the tiles it resolved, the round's scores."""
    r = before.round
    ended = after.round > r or after.phase == "over"
    sheet = after.history[-1] if ended else None
    out: list[Change] = []
    for s in range(before.players):
        was = before.catches[s]
        if sheet is None:
            now = after.catches[s]
            flies, prey = now.flies, [(o, n) for o, n, _ in now.cards]
        else:
            flies, prey = sheet[s]["flies"], [(c["seat"], c["card"]) for c in sheet[s]["cards"]]
        new = prey[len(was.cards) :]
        more = flies - was.flies
        if new or more:
            refs = [f"catch:{s}"] + [f"prey:{r}.{o}.{n}" for o, n in new] + ([f"flies:{r}.{s}"] if more else [])
            out.append(change(None, text.caught(s, more, new), refs))
    done = [i for i, t in enumerate(before.tiles) if not t.resolved and (ended or after.tiles[i].resolved)]
    if done:
        out.append(change(None, _tiles_done(done), [f"tile:{i}" for i in done]))
    if sheet is not None:
        out.append(
            change(
                None,
                text.round_scored(r, [row["total"] for row in sheet]),
                [f"catch:{s}" for s in range(before.players)],
            )
        )
    return out


def _tiles_done(indices: list[int]) -> str:
    names = [text.tile(i) for i in indices]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed[0].upper()}{listed[1:]} {'is' if len(names) == 1 else 'are'} resolved"


def on_board(state: AquarenaState, viewer: int | None, refs: list[str]) -> list[str]:
    """A card's ref only while the board draws that card: on a tile with its number shown, or in the viewer's hand
    (a card that resolved or was eaten has left its tile; its catch is named instead)."""
    if not any(r.startswith("card:") for r in refs):
        return refs
    shown = {
        f"card:{s}.{n}"
        for i, t in enumerate(state.tiles)
        for s, n, up in t.cards
        if up or i == state.current or s == viewer
    }
    if viewer is not None and state.phase != "over":
        shown |= {f"card:{viewer}.{n}" for n in state.hands[viewer]}
    return [r for r in refs if not r.startswith("card:") or r in shown]
