"""Bots for Aqua Brunch. Each sees only its seat's view and its legal actions, like a person at the table.

The heuristic bot measures a hand by how likely it is to beat a random 3-card hand (``share_below``), because what
matters at the reveal is rank, not raw strength: with more players a hand must be stronger to take the best food.
"""

from __future__ import annotations

from typing import Any

from shoal.bots import random_bot
from shoal.bots.beginner import BeginnerBot
from shoal.core import Rng

from .data import AQUA_VALUES, COLOURS, PREDATOR_COUNTS
from .strength import share_below, strength

Action = dict[str, Any]

AQUA_BELOW = 0.4  # say Aqua when the hand is expected to beat fewer than this share of its rivals


def lunch_threshold(round_no: int, players: int, passes: int) -> float:
    """How likely to beat a random hand a bot's hand must be before it calls Lunch.

    More players → a higher bar (more rivals for the best food); the first rounds → a little more patience (every
    food card is still in hand, so a good round is worth waiting for); every pass made → a lower bar, so that a
    round always ends. The base was tuned in self-play (each seat in turn given a higher or lower bar than the rest):
    calling with a merely average hand pays, because the rivals who would answer Aqua pay for it.
    """
    base = 0.40 + 0.04 * (players - 3)
    if round_no <= 2:
        base += 0.04
    return base - 0.08 * passes


def beat_chance(table: dict[str, Any]) -> float:
    return share_below(table["total"])


def expected_rank(table: dict[str, Any], me: int) -> float:
    """Expected share of rivals weaker than this hand: 1.0 means it should take first, 0.0 last.

    A rival holding Aqua cards is counted as a random hand lowered by the average Aqua card (-1.75) per card.
    """
    rivals = [s for s in table["seats"] if s["seat"] != me]
    mean_aqua = sum(AQUA_VALUES) / len(AQUA_VALUES)
    return sum(share_below(table["total"] - round(mean_aqua * r["aqua_cards"])) for r in rivals) / len(rivals)


def unseen_weights(hand: list[str]) -> dict[str, int]:
    """How many copies of each predator kind this seat has not got in hand: a guess at the card it will receive."""
    weights = dict(PREDATOR_COUNTS)
    for card in hand:
        weights[card] -= 1
    return weights


_PASS_VALUE: dict[tuple[tuple[str, ...], str], float] = {}  # (hand, card) -> pass_value: few hands, many asks


def pass_value(hand: list[str], card: str) -> float:
    """Expected strength after passing ``card`` and receiving an unknown card."""
    key = (tuple(hand), card)
    got = _PASS_VALUE.get(key)
    if got is None:
        got = _pass_value(hand, card)
        if len(_PASS_VALUE) < 20_000:
            _PASS_VALUE[key] = got
    return got


def _pass_value(hand: list[str], card: str) -> float:
    rest = list(hand)
    rest.remove(card)
    weights = unseen_weights(hand)
    total = sum(weights.values())
    return sum(w * strength(rest + [kind]) for kind, w in weights.items() if w) / total


def choose_pass(hand: list[str], legal: list[Action]) -> Action:
    """The card whose loss weakens the combination least (expected over the card coming from the right)."""

    def score(action: Action) -> tuple[float, int]:
        rest = list(hand)
        rest.remove(action["card"])
        return (pass_value(hand, action["card"]), strength(rest))

    return max(legal, key=score)


def choose_food(food_left: list[int], rank: float) -> int:
    """A strong hand plays a valuable card (it should come back); a weak one plays its cheapest."""
    values = sorted(food_left)
    return values[round(rank * (len(values) - 1))]


def choose_take(view: dict[str, Any], legal: list[Action]) -> Action:
    """Own colour first (the final tie-break counts it); otherwise deny the leading rival its colour."""
    table, me = view["table"], view["seat"]
    colours = [a["colour"] for a in legal]
    if COLOURS[me] in colours:
        return {"type": "take", "colour": COLOURS[me]}
    rivals = sorted(
        (s for s in table["seats"] if s["seat"] != me and s["colour"] in colours), key=lambda s: -s["points"]
    )
    pick = rivals[0]["colour"] if rivals else colours[0]
    return {"type": "take", "colour": pick}


def heuristic_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    table = view["table"]
    phase = table["phase"]
    players = view["players"]
    kinds = {a["type"] for a in legal}
    if phase == "lunch" and "lunch" in kinds:
        bar = lunch_threshold(table["round"], players, table["passes"])
        return {"type": "lunch"} if beat_chance(table) >= bar else {"type": "keep_passing"}
    if phase == "aqua" and "aqua" in kinds:
        # A hand likely to finish in the lower part of the table gains more from more passes than the Aqua card
        # (-1.75 on average) costs it; a good hand agrees and lunches now.
        return {"type": "aqua"} if expected_rank(table, view["seat"]) < AQUA_BELOW else {"type": "agree"}
    if phase == "pass":
        return choose_pass(table["hand"], legal)
    if phase == "food":
        value = choose_food([a["value"] for a in legal], expected_rank(table, view["seat"]))
        return {"type": "food", "value": value}
    if phase == "take":
        return choose_take(view, legal)
    return random_bot(view, legal, rng)


SHARE_POINTS = 10.0  # beginner: a tenth of the hands beaten weighs as much as one point of strength


def one_ply_values(view: dict[str, Any], legal: list[Action]) -> list[tuple[Action, float]]:
    """Every legal move valued by what the heuristic bot weighs, in about one point of hand strength a unit: Lunch by
    how far the hand's chance to beat a random hand clears the bar, Aqua by how far its expected rank falls short of
    :data:`AQUA_BELOW`, a pass by the strength expected after it, a food card by how many steps it lies from the one
    the hand's rank calls for, a take by own colour first and then the leading rival's."""
    table, me = view["table"], view["seat"]
    phase = table["phase"]
    if phase == "lunch":
        margin = SHARE_POINTS * (beat_chance(table) - lunch_threshold(table["round"], view["players"], table["passes"]))
        return [(a, margin if a["type"] == "lunch" else 0.0) for a in legal]
    if phase == "aqua":
        margin = SHARE_POINTS * (AQUA_BELOW - expected_rank(table, me))
        return [(a, margin if a["type"] == "aqua" else 0.0) for a in legal]
    if phase == "pass":
        return [(a, pass_value(table["hand"], a["card"])) for a in legal]
    if phase == "food":
        values = sorted(a["value"] for a in legal)
        target = expected_rank(table, me) * (len(values) - 1)
        return [(a, -abs(values.index(a["value"]) - target)) for a in legal]
    if phase == "take":
        best = choose_take(view, legal)
        return [(a, 1.0 if a == best else 0.0) for a in legal]
    return [(a, 0.0) for a in legal]


# Beginner: a move within 4.5 units of the heuristic's best, one 2 units below weighing a quarter of the best's
# (Brunch's units are small: at one unit for a quarter, as in the other games, it won as often as the heuristic).
beginner_bot = BeginnerBot(one_ply_values, temperature=2.0, reach=4.5)

BOTS = {"random": random_bot, "heuristic": heuristic_bot, "beginner": beginner_bot}
