"""The strength of a hand of predators: pure functions a teaching page can call on any hand it builds.

The rule (RULINGS.md, Aqua Brunch 2): adult orcas keep their value; every shark is 0 if the hand holds an adult orca;
a baby orca is 2, or the lowest adult orca's value if there is one; sharks take their left/middle/right value by the
number of sharks in hand; walruses are 2/4/6 each by the number of walruses; an octopus copies the lowest strength
among the hand's cards that are neither sharks nor octopuses, and is 0 if there are none. Aqua cards held are added.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from math import comb

from .data import BABY_ALONE, ORCA_VALUE, PREDATOR_COUNTS, SHARK_VALUES, WALRUS_VALUES


def _check(cards: list[str]) -> None:
    for card in cards:
        if card not in PREDATOR_COUNTS:
            raise ValueError(f"unknown predator card {card!r} (cards: {', '.join(PREDATOR_COUNTS)})")


def card_strengths(cards: list[str]) -> list[int]:
    """Each card's strength in this hand, in the order given (the hand's total is their sum).

    Works for hands of any size, so a player can see what the two cards it keeps are worth before a pass.
    """
    cards = list(cards)
    _check(cards)
    orcas = [ORCA_VALUE[c] for c in cards if c in ORCA_VALUE]
    sharks = sum(1 for c in cards if c in SHARK_VALUES)
    walruses = sum(1 for c in cards if c == "walrus")
    out: list[int | None] = []
    for c in cards:
        if c in ORCA_VALUE:
            out.append(ORCA_VALUE[c])
        elif c in SHARK_VALUES:
            out.append(0 if orcas else SHARK_VALUES[c][min(sharks, 3) - 1])
        elif c == "baby":
            out.append(min(orcas) if orcas else BABY_ALONE)
        elif c == "walrus":
            out.append(WALRUS_VALUES[min(walruses, 3) - 1])
        else:
            out.append(None)  # octopus: decided below, once the others are known
    # An octopus copies the weakest card that is neither a shark nor an octopus.
    copied = [v for c, v in zip(cards, out) if c not in SHARK_VALUES and c != "octopus"]
    octopus = min(copied) if copied else 0
    return [octopus if v is None else v for v in out]


_HAND_STRENGTH: dict[tuple[str, ...], int] = {}  # hand (in its order) -> strength: the search asks millions of times


def strength(cards: list[str], aqua: Iterable[int] = ()) -> int:
    """The strength of a hand given as predator card ids, plus the values of the Aqua cards its owner holds.

    >>> strength(["walrus", "shark717", "octopus"])
    11
    >>> strength(["walrus", "shark575", "baby"], aqua=[-2, 0])
    7
    """
    key = tuple(cards)
    try:
        total = _HAND_STRENGTH.get(key)
    except TypeError:  # an unhashable "card": card_strengths names the problem
        total = None
    if total is None:
        total = sum(card_strengths(cards))
        if len(_HAND_STRENGTH) < 20_000:
            _HAND_STRENGTH[key] = total
    return total + sum(aqua)


@cache
def _hand_ways() -> tuple[tuple[tuple[int, int], ...], int]:
    """How many of the 3-card hands dealt from the full 55-card deck have each strength, and how many hands exist."""
    kinds = list(PREDATOR_COUNTS)
    ways_by_strength: dict[int, int] = {}
    n = len(kinds)
    for i in range(n):
        for j in range(i, n):
            for k in range(j, n):
                counts: dict[str, int] = {}
                for idx in (i, j, k):
                    counts[kinds[idx]] = counts.get(kinds[idx], 0) + 1
                ways = 1
                for kind, m in counts.items():
                    ways *= comb(PREDATOR_COUNTS[kind], m)
                s = strength([kinds[i], kinds[j], kinds[k]])
                ways_by_strength[s] = ways_by_strength.get(s, 0) + ways
    return tuple(sorted(ways_by_strength.items())), comb(sum(PREDATOR_COUNTS.values()), 3)


def hand_distribution() -> list[tuple[int, float]]:
    """``[(strength, probability), ...]`` for a random 3-card hand, ascending by strength."""
    table, hands = _hand_ways()
    return [(s, w / hands) for s, w in table]


@lru_cache(maxsize=4096)
def share_below(value: int) -> float:
    """Probability that a random 3-card hand is weaker than ``value`` (ties count half): how good a hand is."""
    table, hands = _hand_ways()
    twice = sum(2 * w if s < value else w for s, w in table if s <= value)
    return twice / (2 * hands)
