"""The Aquarena ``Game``: legal actions, their effects and the outcome, wired to the rules modules."""

from __future__ import annotations

from typing import Any

from shoal.bots import random_bot
from shoal.core import Action, Game, Outcome, Rng

from . import bots, data, effects, planning, resolution, scoring, text, view
from .state import AquarenaState, Tile, deal_round


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


class Aquarena(Game):
    id = "aquarena"
    title = "Aquarena"
    min_players = 2
    max_players = 6
    rules_version = 1
    options = {}
    summary = ("Place your pond predators around shared Water tiles, some face up and some face down, then watch "
               "them resolve from 1 to 10 as they eat flies and each other. Four rounds; most points wins.")
    rules = [
        "Each player has the same ten predator cards numbered 1–10: Fish Hook, Heron, Pike, Frog, Toad, "
        "Dragonfly, Newt, Salamander, Carp and Spider Web.",
        "The pond has one Water tile more than there are players, each starting full of flies. The fly capacities "
        "(2, 2, 3, 3, 3, 4, 4) are a reconstruction, not the printed values.",
        "Planning: clockwise from the heron holder, play a card onto any Water tile, discard a card face down, "
        "draw two. Your first two cards of a round go face up, your last two face down.",
        "Resolution: in turn, starting with the heron holder, players pick an unresolved tile. Its cards are "
        "revealed and act from 1 to 10; equal numbers act clockwise from the player who picked the tile.",
        "A predator eats as much as it can, even your own cards; if it has more prey than it can eat, its owner "
        "chooses. An eaten card does not act, and a card that has acted can no longer be eaten.",
        "Two or more Fish Hooks on a tile tangle, and two or more Herons fly away: none of them acts.",
        "Dragonfly moves a leftover fly to another tile with room; Salamander may eat a fly or a face-up "
        "Dragonfly from any tile; Herons cannot eat Newts; Pike eats insects only when there is no amphibian.",
        "Scoring each round: 1 per fly, 1 per opposing insect, 2 per opposing amphibian, 3 per opposing fish; "
        "your own colour scores nothing.",
        "Between rounds, caught cards go back, emptied tiles refill, everyone reshuffles all ten cards and the "
        "heron token moves left. After four rounds the highest score wins; ties share the win.",
    ]
    bots = {"random": random_bot, "heuristic": bots.heuristic}

    # --- setup ----------------------------------------------------------------------------------------------
    def setup(self, players: int, options: dict[str, Any], rng: Rng) -> AquarenaState:
        state = AquarenaState(players, options, rng)
        ponds = rng.sample(range(len(data.POND_TILES)), players + 1)
        state.tiles = [Tile(p, data.POND_TILES[p]) for p in ponds]
        state.heron = 0
        deal_round(state)
        caps = ", ".join(f"{text.tile(i)} holds {t.capacity}" for i, t in enumerate(state.tiles))
        state.log.add(f"Round 1 begins; the heron token is with {text.seat(0)}: first to play. Water tiles: {caps}.")
        return state

    # --- turns ----------------------------------------------------------------------------------------------
    def to_act(self, state: AquarenaState) -> list[int]:
        seat = view.waiting_for(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: AquarenaState, seat: int) -> list[Action]:
        if view.waiting_for(state) != seat:
            return []
        d = state.decision
        if d == "place":
            return [{"type": "place", "card": n, "tile": i}
                    for n in sorted(state.hands[seat]) for i in range(len(state.tiles))]
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

    def apply(self, state: AquarenaState, seat: int, action: Action) -> None:
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

    # --- the end --------------------------------------------------------------------------------------------
    def is_over(self, state: AquarenaState) -> bool:
        return state.phase == "over"

    def outcome(self, state: AquarenaState) -> dict[str, Any]:
        out = Outcome(state.players)
        for seat in range(state.players):
            earlier = state.scores[seat] - sum(sheet[seat]["total"] for sheet in state.history)
            if earlier:  # a match started from a position carrying points from rounds before it
                out.add(seat, "Points before the starting position", earlier)
            for key, label in scoring.CATEGORIES:
                rows = [next(r for r in sheet[seat]["rows"] if r["key"] == key) for sheet in state.history]
                out.add(seat, label, sum(r["points"] for r in rows), count=sum(r["count"] for r in rows),
                        per_round=[r["points"] for r in rows], refs=catch_refs(state, seat, key))
        return out.to_json(rounds=[[sheet[s]["total"] for sheet in state.history] for s in range(state.players)])

    def seen(self, state: AquarenaState, seat: int) -> tuple[Any, ...]:
        """Changes when ``seat`` draws, another seat's card goes face up on a tile, or a tile opens (undo rule)."""
        shown = sorted((s, n) for tile in state.tiles for s, n, up in tile.cards if up and s != seat)
        return (state.round, state.phase, state.tiles_done, state.current, len(state.piles[seat]),
                tuple(shown) if state.phase == "planning" else ())

    def view(self, state: AquarenaState, seat: int | None) -> dict[str, Any]:
        return view.table(state, seat)

    def from_position(self, text: str, players: int, options: dict[str, Any], rng: Rng) -> AquarenaState:
        """A position in the one-line notation of ``notation`` (tiles, flies, cards, hands, the phase)."""
        from . import notation

        return notation.parse(text, players, rng, options)


GAME_RULES = Aquarena()
