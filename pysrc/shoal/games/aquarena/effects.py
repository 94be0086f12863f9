"""What each predator may eat: its capacity, its prey pool and the candidates in that pool right now.

Pure questions about a position; nothing here changes it (``resolution`` does the eating). A *bite* is one prey item:
``("fly", tile)`` for one fly token, or ``("card", tile, seat, number)`` for an unresolved card.
"""

from __future__ import annotations

from . import data
from .state import AquarenaState, Card

Bite = tuple  # ("fly", tile) | ("card", tile, seat, number)


def plan(state: AquarenaState, card: Card, tile: int) -> tuple[str, int]:
    """The prey pool and capacity of ``card`` as it starts to act on ``tile``.

    Fixed when the card starts, so a Pike that found an amphibian keeps to amphibians (rulebook: "If there are no
    amphibians, the pike eats up to 2 insects").
    """
    number = card[1]
    if number == data.FISH_HOOK:
        return "fish", 1
    if number == data.HERON:
        return "heron", 2
    if number == data.PIKE:
        if _cards_of(state, card, tile, lambda n: data.family(n) == data.AMPHIBIAN):
            return "amphibian", 1
        return "insect", 2
    if number == data.SALAMANDER:
        return "salamander", 1
    if number == data.TOAD:
        return "insect", 2
    if number == data.CARP:
        return "insect", 3
    return "insect", 1  # Frog, Dragonfly, Newt, Spider Web


def _cards_of(state: AquarenaState, eater: Card, tile: int, test) -> list[Bite]:
    """Unresolved cards on ``tile`` (never the eater itself) whose number passes ``test``.

    Cards that already resolved have left the tile, so everything still on it is unresolved prey.
    """
    return [("card", tile, s, n) for s, n, _ in state.tiles[tile].cards if (s, n) != eater and test(n)]


def candidates(state: AquarenaState, card: Card, tile: int, pool: str) -> tuple[list[Bite], int]:
    """The distinct bites ``card`` could take next, and how many prey items there are in all.

    Flies on one tile are interchangeable, so they make one distinct bite however many there are.
    """
    bites: list[Bite] = []
    total = 0
    if pool == "fish":
        bites = _cards_of(state, card, tile, lambda n: data.family(n) == data.FISH)
    elif pool == "amphibian":
        bites = _cards_of(state, card, tile, lambda n: data.family(n) == data.AMPHIBIAN)
    elif pool == "heron":
        bites = _cards_of(state, card, tile, lambda n: data.family(n) == data.AMPHIBIAN and n != data.NEWT)
    elif pool == "insect":
        bites = _cards_of(state, card, tile, lambda n: n == data.DRAGONFLY)
        flies = state.tiles[tile].flies
        if flies:
            bites.append(("fly", tile))
            total += flies - 1
    elif pool == "salamander":
        # Any Water tile: a fly, or a Dragonfly that is face up (or revealed on the tile being resolved).
        for i, t in enumerate(state.tiles):
            for s, n, up in t.cards:
                if n == data.DRAGONFLY and (s, n) != card and (up or i == tile):
                    bites.append(("card", i, s, n))
        for i, t in enumerate(state.tiles):
            if t.flies:
                bites.append(("fly", i))
                total += t.flies - 1
    else:  # pragma: no cover - pools are fixed above
        raise ValueError(pool)
    return bites, total + len(bites)


def fly_destinations(state: AquarenaState, tile: int) -> list[int]:
    """Where a Dragonfly on ``tile`` may move a fly: any other Water tile still below its capacity."""
    return [i for i, t in enumerate(state.tiles) if i != tile and t.flies < t.capacity]


def bite_points(eater_seat: int, bite: Bite) -> int:
    """What one bite scores for the eater: a fly 1; an opposing card by its family; its own colour 0."""
    if bite[0] == "fly":
        return data.POINTS["fly"]
    if bite[2] == eater_seat:
        return 0
    return data.POINTS[data.family(bite[3])]
