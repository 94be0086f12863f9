"""Dividing the catch and deciding the winners: pure functions over plain lists, callable from a teaching page.

RULINGS.md, Aqua Brunch 8 and 10: the strongest hand takes first; equal strength → the one who played the higher food
card first; still equal → the one nearest clockwise to the caller of the Lunch that ended phase 1 (the caller itself
nearest). After 6 rounds: most points wins; tie → most collected cards of one's own colour; still tied → shared win.
"""

from __future__ import annotations


def clockwise_distance(seat: int, caller: int, players: int) -> int:
    """How many steps clockwise (to the left) from ``caller`` to ``seat``; the caller itself is 0."""
    return (seat - caller) % players


def taking_order(strengths: list[int], food: list[int], caller: int) -> list[int]:
    """The seats in the order they take food: ``strengths`` (Aqua included) and ``food`` (played values) per seat.

    >>> taking_order([10, 12, 10], [3, -1, 5], caller=0)
    [1, 2, 0]
    """
    n = len(strengths)
    return sorted(range(n), key=lambda s: (-strengths[s], -food[s], clockwise_distance(s, caller, n)))


def tie_break(ahead: int, behind: int, strengths: list[int], food: list[int], caller: int) -> str:
    """Which rule put ``ahead`` before ``behind``: ``"strength"``, ``"food"`` (higher card played) or ``"seat"``."""
    if strengths[ahead] != strengths[behind]:
        return "strength"
    if food[ahead] != food[behind]:
        return "food"
    return "seat"


def top_choices(pool: list[list]) -> list[list]:
    """The cards a taker may choose among: every ``[colour, value]`` in ``pool`` of the highest value left."""
    if not pool:
        return []
    best = max(value for _, value in pool)
    return [card for card in pool if card[1] == best]


def food_points(collected: list[list]) -> int:
    """Victory points of collected ``[colour, value]`` food cards."""
    return sum(value for _, value in collected)


def own_colour_count(collected: list[list], colour: str) -> int:
    return sum(1 for c, _ in collected if c == colour)


def winners(points: list[int], own_colour: list[int]) -> list[int]:
    """Most points; tie → most own-colour cards collected; still tied → every one of them wins.

    >>> winners([12, 12, 9], [2, 3, 4])
    [1]
    """
    best = max(points)
    tied = [s for s, p in enumerate(points) if p == best]
    most = max(own_colour[s] for s in tied)
    return [s for s in tied if own_colour[s] == most]
