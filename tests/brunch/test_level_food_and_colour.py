"""What the Brunch levels decide without the round's search: hard's food card, searched to the end of the game, and
every level's colour, taken by rule for the final tie-break."""

from __future__ import annotations

import dataclasses

from shoal.bots.analysis import analyst, decision_rng
from shoal.core import Rng
from shoal.games.brunch import GAME, search
from shoal.games.brunch.data import COLOURS

from .test_analysis import _played_by_the_policy


def _food_window(seed: int, round_no: int):
    match = _played_by_the_policy(seed, lambda m: m.state.round == round_no and m.state.phase == "food")
    seat = match.to_act()[0]
    return match, seat, match.view(seat), match.legal_actions(seat)


def test_hard_searches_every_food_card_it_holds_to_the_end_of_the_game():
    """A kept food card is worth something only in later rounds, so hard's food playouts run to the game's end."""
    match, seat, view, legal = _food_window(2, 2)
    ends: list[str] = []

    def evaluate(state, me):
        ends.append(state.phase)
        return search.evaluate(state, me)

    hard = search.HardBot(GAME, 4, 60)
    hard.food.spec = dataclasses.replace(hard.food.spec, evaluate=evaluate)
    hard(view, legal, Rng(1))
    values = {a["value"] for a in legal}
    assert len(values) == 6 and len(ends) >= len(values) and set(ends) == {"over"}


def test_where_the_highest_food_card_is_a_mistake_hard_plays_the_card_the_analysis_finds():
    """Three seats on their highest card in round 2: playing one's own highest too ties the pool, and the analysis
    marks it; hard's own food search finds the card the analysis prefers."""
    match, seat, view, legal = _food_window(2, 2)
    highest = {"type": "food", "value": max(a["value"] for a in legal)}
    pick = GAME.bots["hard"](view, legal, Rng(2, 2))
    judge = analyst(GAME, seat, 3, 800)
    assert judge.judge(view, legal, decision_rng(0, view), highest).mark in ("mistake", "blunder")
    judged = judge.judge(view, legal, decision_rng(0, view), pick)
    assert pick != highest and judged.mark is None


def test_every_level_takes_its_own_colour_when_it_is_on_offer():
    """Every colour of the top value brings the same points, so the search cannot choose; the own-colour count breaks
    a tie on points at the end, so each level takes its own colour by rule."""
    match = _played_by_the_policy(0, lambda m: m.state.phase == "take" and len(m.legal_actions(m.to_act()[0])) > 1)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    assert {"type": "take", "colour": COLOURS[seat]} in legal
    for level in ("easy", "normal", "hard"):
        assert GAME.bots[level](view, legal, Rng(0)) == {"type": "take", "colour": COLOURS[seat]}, level


def test_hard_capped_caps_its_food_search_too():
    """The page's small budgets (e2e tests, a slow device) must bound the food search as well as the round's."""
    small = GAME.bots["hard"].capped(14)
    assert small.iterations == 14 and small.food.iterations == 14
