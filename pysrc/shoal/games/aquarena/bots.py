"""Aquarena bots. They see only their view and legal actions, and look ahead with the game's own pure functions on
the cards that view shows (face-down cards of other seats are simply left out).

``heuristic``: places a card where resolving that tile would gain it the most points over the others, discards the
card with the poorest prospects, picks the tile that pays best to resolve, and eats the most valuable prey.
"""

from __future__ import annotations

from typing import Any

from shoal.bots import random_bot
from shoal.bots.beginner import BeginnerBot
from shoal.core import Action, Rng, View

from . import data, effects, resolution
from .state import AquarenaState, Tile

INSECT_EATERS = {data.PIKE, data.FROG, data.TOAD, data.DRAGONFLY, data.NEWT, data.CARP, data.SPIDER_WEB}
# How much of a face-up (face-down) card's prey value we expect to lose to predators placed after it.
EXPOSURE = {True: 0.35, False: 0.1}


def from_view(table: dict[str, Any], players: int) -> AquarenaState:
    """The position a seat can see, as a state: hidden cards left out. For the look-ahead only."""
    state = AquarenaState(players, {}, Rng(0))
    state.round, state.heron = table["round"], table["heron"]
    for t in table["tiles"]:
        tile = Tile(-1, t["capacity"], t["flies"])
        tile.resolved = t["resolved"]
        tile.cards = [(c["seat"], c["card"], c["face_up"]) for c in t["cards"] if c["card"] is not None]
        state.tiles.append(tile)
    state.phase, state.decision = "resolution", None
    return state


def _bite_key(seat: int, bite: effects.Bite) -> tuple[int, int]:
    """Most points first; then an opposing card (it will not act) before a fly; own cards last."""
    own = bite[0] == "card" and bite[2] == seat
    return (effects.bite_points(seat, bite), 0 if own else (2 if bite[0] == "card" else 1))


def _greedy(state: AquarenaState, options: list[Any]) -> Any:
    """The look-ahead's choice for whoever decides: best prey for the eater; a fly goes to the first tile."""
    if options and isinstance(options[0], tuple):
        seat = state.acting[0]
        return max(options, key=lambda b: _bite_key(seat, b))
    return options[0]


def _net(state: AquarenaState, seat: int) -> float:
    """This seat's points so far minus the average of the others' (what a tile's resolution is worth to it)."""
    points = [
        sum(effects.bite_points(s, ("card", 0, o, n)) for o, n, _ in c.cards) + c.flies
        for s, c in enumerate(state.catches)
    ]
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - (sum(others) / len(others) if others else 0)


def _settle(base: AquarenaState, tile: int, chooser: int, seat: int) -> float:
    state = base.clone()
    state.tiles_done = (chooser - state.heron) % state.players
    resolution.settle_tile(state, tile, _greedy)
    return _net(state, seat)


def _placement_value(base: AquarenaState, seat: int, number: int, tile: int, up: bool, baseline: float) -> float:
    trial = base.clone()
    trial.tiles[tile].cards.append((seat, number, up))
    gain = _settle(trial, tile, base.heron, seat) - baseline
    family = data.family(number)
    if family is not None:
        gain -= EXPOSURE[up] * data.POINTS[family]
    return gain


def _place_values(view: View) -> dict[tuple[int, int], float]:
    """Every placement of a card in hand, (number, tile) -> its value, in hand order then tile order."""
    table, seat = view["table"], view["seat"]
    base = from_view(table, view["players"])
    up = bool(table["face_up_next"])
    baselines = [_settle(base, i, base.heron, seat) for i in range(len(base.tiles))]
    return {
        (number, i): _placement_value(base, seat, number, i, up, baselines[i])
        for number in table["hand"]
        for i in range(len(base.tiles))
    }


def _best_places(view: View) -> dict[int, tuple[float, int]]:
    """For each card in hand: its best (value, tile), the first tile among equals."""
    best: dict[int, tuple[float, int]] = {}
    for (number, i), value in _place_values(view).items():
        if number not in best or value > best[number][0]:
            best[number] = (value, i)
    return best


def heuristic(view: View, legal: list[Action], rng: Rng) -> Action:
    kind = legal[0]["type"]
    table, seat = view["table"], view["seat"]
    if kind == "place":
        best = _best_places(view)
        number = max(best, key=lambda n: (best[n][0], n))
        action = {"type": "place", "card": number, "tile": best[number][1]}
        return action if action in legal else rng.choice(legal)
    if kind == "discard":
        best = _best_places(view)
        number = min(best, key=lambda n: (best[n][0], n))
        return {"type": "discard", "card": number}
    if kind == "resolve":
        base = from_view(table, view["players"])
        return max(legal, key=lambda a: _settle(base, a["tile"], seat, seat))
    if kind in ("eat_fly", "eat_card"):

        def key(a: Action) -> tuple[int, int]:
            bite = ("fly", a["tile"]) if a["type"] == "eat_fly" else ("card", a["tile"], a["seat"], a["card"])
            return _bite_key(seat, bite)

        return max(legal, key=key)
    if kind == "move_fly":
        return max(legal, key=lambda a: _fly_welcome(table, seat, a["tile"]))
    return rng.choice(legal)


def _fly_welcome(table: dict[str, Any], seat: int, index: int) -> int:
    """How good it is for ``seat`` that a fly lands on tile ``index``: its own unresolved insect-eaters there,
    minus the others' (0 for a tile already resolved)."""
    tile = table["tiles"][index]
    if tile["resolved"]:
        return 0
    mine = sum(1 for c in tile["cards"] if c["seat"] == seat and c["card"] in INSECT_EATERS)
    theirs = sum(1 for c in tile["cards"] if c["seat"] != seat and (c["card"] in INSECT_EATERS or c["card"] is None))
    return mine - theirs


OWN_BITE = -10.0  # beginner: eating one's own card is never a small mistake


def one_ply_values(view: View, legal: list[Action]) -> list[tuple[Action, float]]:
    """Every legal move valued in points by what the heuristic bot weighs: a placement by the points resolving its
    tile would gain, a discard by how poor the card's best placement is, a tile by what resolving it pays, a bite by
    the prey's points (one's own card far below), a fly's move by how welcome it is where it lands."""
    kind = legal[0]["type"]
    table, seat = view["table"], view["seat"]
    if kind == "place":
        values = _place_values(view)
        return [(a, values[(a["card"], a["tile"])]) for a in legal]
    if kind == "discard":
        best = _best_places(view)
        return [(a, -best[a["card"]][0]) for a in legal]
    if kind == "resolve":
        base = from_view(table, view["players"])
        return [(a, _settle(base, a["tile"], seat, seat)) for a in legal]
    if kind in ("eat_fly", "eat_card"):
        out = []
        for a in legal:
            bite = ("fly", a["tile"]) if a["type"] == "eat_fly" else ("card", a["tile"], a["seat"], a["card"])
            own = bite[0] == "card" and bite[2] == seat
            out.append((a, OWN_BITE if own else float(effects.bite_points(seat, bite))))
        return out
    if kind == "move_fly":
        return [(a, float(_fly_welcome(table, seat, a["tile"]))) for a in legal]
    return [(a, 0.0) for a in legal]


# Beginner: a move within 3 points of the heuristic's best, one a point below weighing a quarter of the best's.
beginner = BeginnerBot(one_ply_values, temperature=1.0, reach=3.0)

BOTS = {"random": random_bot, "heuristic": heuristic, "beginner": beginner}
