"""Museum bots. They see only their view and their legal actions, and score positions with the pure scoring code."""

from __future__ import annotations

from typing import Any

from shoal.bots import random_bot
from shoal.bots.beginner import BeginnerBot
from shoal.core import Action, Rng, View

from .data import AXES, CARDS, TOKENS_PER_BOAT
from .grid import Pos
from .scoring import Face, score_axis


def seen_layout(view: View) -> tuple[dict[Pos, Face], dict[Pos, int]]:
    """The display as the bot knows it: hidden cards become ``("unknown", mean of the numbers it has not seen)``.

    The mean is over cards that are neither visible on the table nor in the bot's hand: the expected number of a card
    it cannot see, so a line's expected total is still judged against 10–20.
    """
    t = view["table"]
    seen = {c["card"]["id"] for c in t["cards"] if c["card"]} | {c["id"] for c in t["hand"] or []}
    unseen = [card.number for card in CARDS if card.id not in seen]
    mean = sum(unseen) / len(unseen) if unseen else 0
    cells: dict[Pos, Face] = {}
    tokens: dict[Pos, int] = {}
    for c in t["cards"]:
        pos = (c["x"], c["y"])
        cells[pos] = (c["card"]["kind"], c["card"]["number"]) if c["card"] else ("unknown", mean)
        if c["tokens"]:
            tokens[pos] = c["tokens"]
    return cells, tokens


def margin(cells: dict[Pos, Face], tokens: dict[Pos, int], seat: int) -> float:
    """Own expected score minus the opponent's."""
    mine = score_axis(cells, tokens, AXES[seat])["score"]
    theirs = score_axis(cells, tokens, AXES[1 - seat])["score"]
    return mine - theirs


def one_ply_values(view: View, legal: list[Action]) -> list[tuple[Action, float]]:
    """Every legal move with the own-minus-opponent score it leaves on the cards the seat can see (what ``greedy``
    maximises; points). A boat played face up is valued with both tokens still aboard; the token moves are then
    judged one by one by the same measure. Between equal placements face down is worth a hair more: it hides the
    card from the opponent."""
    seat = view["seat"]
    cells, tokens = seen_layout(view)
    cache: dict[tuple[Any, ...], float] = {}
    out = []
    for action in legal:
        value = _value(action, cells, tokens, seat, cache, view)
        if action["type"] == "place" and action["face"] == "down":
            value += 0.01  # keep information from the opponent when nothing else differs
        out.append((action, value))
    return out


def greedy_bot(view: View, legal: list[Action], rng: Rng) -> Action:
    """Play the move that leaves the best own-minus-opponent score on the cards it can see (:func:`one_ply_values`);
    ties broken at random."""
    best: list[Action] = []
    best_value = float("-inf")
    for action, value in one_ply_values(view, legal):
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def _value(
    action: Action,
    cells: dict[Pos, Face],
    tokens: dict[Pos, int],
    seat: int,
    cache: dict[tuple[Any, ...], float],
    view: View,
) -> float:
    kind = action["type"]
    if kind == "place":
        card = CARDS[action["card"]]
        pos = (action["x"], action["y"])
        boat_up = card.kind == "boat" and action["face"] == "up"
        key = (card.id, pos, boat_up)
        if key not in cache:
            trial = dict(cells)
            trial[pos] = (card.kind, card.number)
            marks = dict(tokens)
            if boat_up:
                marks[pos] = marks.get(pos, 0) + TOKENS_PER_BOAT
            cache[key] = margin(trial, marks, seat)
        return cache[key]
    boat = view["table"]["boat"]
    marks = dict(tokens)
    if kind == "move_token":
        start: Pos = (boat["x"], boat["y"])
        marks[start] -= 1
        target = (action["x"], action["y"])
        marks[target] = marks.get(target, 0) + 1
    return margin(cells, marks, seat)


# Beginner: a move within 3 points of greedy's best, one 1 point below weighing a quarter of the best's.
beginner_bot = BeginnerBot(one_ply_values, temperature=1.0, reach=3.0)

BOTS = {"random": random_bot, "greedy": greedy_bot, "beginner": beginner_bot}
