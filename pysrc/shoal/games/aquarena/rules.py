"""Aquarena's turn rules: the set-up, whose decision is awaited, the legal actions and what each does, the outcome.

The two phases' moves live beside it: ``planning`` (placing, discarding, drawing) and ``resolution`` (tiles resolved
1 → 10, with ``effects`` saying what each predator may eat); this module is the one door to them.
"""

from __future__ import annotations

from typing import Any

from shoal.core import Action, Outcome, Rng

from . import data, effects, planning, resolution, scoring, text
from .state import AquarenaState, Tile, deal_round


# --- set-up --------------------------------------------------------------------------------------------------
def setup(players: int, options: dict[str, Any], rng: Rng) -> AquarenaState:
    state = AquarenaState(players, options, rng)
    ponds = rng.sample(range(len(data.POND_TILES)), players + 1)
    state.tiles = [Tile(p, data.POND_TILES[p]) for p in ponds]
    state.heron = 0
    deal_round(state)
    caps = ", ".join(f"{text.tile(i)} holds {t.capacity}" for i, t in enumerate(state.tiles))
    state.log.add(f"Round 1 begins; the heron token is with {text.seat(0)}: first to play. Water tiles: {caps}.")
    return state


# --- whose turn, and what they may do ------------------------------------------------------------------------
def waiting_for(state: AquarenaState) -> int | None:
    """The one seat whose decision is awaited (no phase of Aquarena is simultaneous), or None once it is over."""
    if state.decision in ("place", "discard"):
        return state.turn
    if state.decision == "tile":
        return state.chooser()
    if state.decision in ("eat", "move"):
        return state.acting[0]
    return None


def to_act(state: AquarenaState) -> list[int]:
    seat = waiting_for(state)
    return [] if seat is None else [seat]


def legal_actions(state: AquarenaState, seat: int) -> list[Action]:
    if waiting_for(state) != seat:
        return []
    d = state.decision
    if d == "place":
        return [
            {"type": "place", "card": n, "tile": i} for n in sorted(state.hands[seat]) for i in range(len(state.tiles))
        ]
    if d == "discard":
        return [{"type": "discard", "card": n} for n in sorted(state.hands[seat])]
    if d == "tile":
        return [{"type": "resolve", "tile": i} for i in state.unresolved()]
    if d == "eat":
        bites, _ = effects.candidates(state, state.acting, state.current, state.pool)
        return [bite_action(b) for b in bites]
    if d == "move":
        return [{"type": "move_fly", "tile": i} for i in effects.fly_destinations(state, state.current)]
    return []


def bite_action(bite: effects.Bite) -> Action:
    if bite[0] == "fly":
        return {"type": "eat_fly", "tile": bite[1]}
    return {"type": "eat_card", "tile": bite[1], "seat": bite[2], "card": bite[3]}


def action_bite(action: Action) -> effects.Bite:
    if action["type"] == "eat_fly":
        return ("fly", action["tile"])
    return ("card", action["tile"], action["seat"], action["card"])


def catch_refs(state: AquarenaState, seat: int, key: str) -> list[str]:
    """What a score-sheet category of ``seat`` counted, as refs (docs/refs.md): its catch, then every round's flies
    (``flies:<round>.<seat>``) or caught cards of that category (``prey:<round>.<owner>.<number>``)."""
    refs = [f"catch:{seat}"]
    for sheet in state.history:
        mine = sheet[seat]
        r = mine["round"]  # its own number: a match may start from a position in a later round
        if key == "fly":
            refs += [f"flies:{r}.{seat}"] if mine["flies"] else []
            continue
        for c in mine["cards"]:
            kind = "own" if c["seat"] == seat else data.family(c["card"])
            if kind == key:
                refs.append(f"prey:{r}.{c['seat']}.{c['card']}")
    return refs


# --- carrying out an action ----------------------------------------------------------------------------------
def apply(state: AquarenaState, seat: int, action: Action) -> None:
    kind = action["type"]
    if kind == "place":
        planning.place(state, seat, action["card"], action["tile"])
    elif kind == "discard":
        planning.discard(state, seat, action["card"])
    elif kind == "resolve":
        resolution.choose_tile(state, action["tile"])
    elif kind in ("eat_fly", "eat_card"):
        resolution.choose_prey(state, action_bite(action))
    elif kind == "move_fly":
        resolution.choose_fly_move(state, action["tile"])
    else:  # pragma: no cover - Match only passes legal actions
        raise ValueError(kind)


# --- the end -------------------------------------------------------------------------------------------------
def outcome(state: AquarenaState) -> dict[str, Any]:
    out = Outcome(state.players)
    for seat in range(state.players):
        earlier = state.scores[seat] - sum(sheet[seat]["total"] for sheet in state.history)
        if earlier:  # a match started from a position carrying points from rounds before it
            out.add(seat, "Points before the starting position", earlier)
        for key, label in scoring.CATEGORIES:
            rows = [next(r for r in sheet[seat]["rows"] if r["key"] == key) for sheet in state.history]
            out.add(
                seat,
                label,
                sum(r["points"] for r in rows),
                count=sum(r["count"] for r in rows),
                per_round=[r["points"] for r in rows],
                refs=catch_refs(state, seat, key),
            )
    return out.to_json(rounds=[[sheet[s]["total"] for sheet in state.history] for s in range(state.players)])
