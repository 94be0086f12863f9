"""Modification 6, "everyone chooses only one colour Reef they can score": the choice is each player's own action at
the end of the game (RULINGS "AQUA achievements"; docs/rulings.md), recorded like any move, the colour worth most
offered first; bots choose what serves their objectives (Scenario L's cap) and their total."""

from __future__ import annotations

import pytest

import shoal
from shoal.core import Rng
from shoal.games.reef import GAME
from shoal.games.reef.board import from_json
from shoal.games.reef.bots import greedy_bot
from shoal.games.reef.scoring import score_position
from shoal.games.reef.state import OVER, REEF_COLOUR

from .build import achievements, field, merge, pad, scenario_line

# Two Reefs: a pink one touching three jellyfish (9 points), a red one touching one crab (1 point).
TWO_COLOURS = merge(field("jellyfish", "jellyfish", "jellyfish"), field("crab", colour="R", off=80))


def _reef_row(sheet):
    return next(r for r in sheet["rows"] if r["category"] == "reefs")


def test_modification_6_the_player_chooses_the_one_reef_colour_it_scores():
    """ "Everyone chooses only one colour Reef they can score": a board's chosen colour scores, whichever it is;
    with no choice made the colour worth most counts (the default the game offers first)."""
    position = {"variant": "core", "modification": "6", "boards": [TWO_COLOURS]}
    assert _reef_row(score_position(position)[0])["points"] == 9
    red = {**position, "boards": [{**TWO_COLOURS, "reef_colour": "R"}]}
    assert _reef_row(score_position(red)[0])["points"] == 1
    with pytest.raises(shoal.ShoalError, match="reef_colour 'X' is not one of R, Y, G, B, P, K"):
        score_position({**position, "boards": [{**TWO_COLOURS, "reef_colour": "X"}]})


def _match_at_the_choice(players: int = 2, options=None):
    """A match of random moves played to Modification 6's end-of-game choice (the first seed that gets there)."""
    for seed in range(40):
        m = shoal.new_match("reef", players, seed=seed, options={"modification": "6", **(options or {})})
        while not m.is_over() and m.state.phase != REEF_COLOUR:
            seat = m.to_act()[0]
            m.play(seat, m.bot_action(seat, "random"))
        if m.state.phase == REEF_COLOUR:
            return m
    raise AssertionError("no random game reached the Reef colour choice")


def test_modification_6_the_choice_is_an_action_in_the_final_rounds_turn_order():
    """The choice is a move: each player with Reefs of two or more colours chooses in the final round's turn order,
    the colour worth most offered first; it is in the record and the replay reproduces it."""
    m = _match_at_the_choice()
    s = m.state
    choosers = [seat for seat in s.last_order if len({r.colour for r in _facts(m, seat).reefs}) > 1]
    assert s.queue == choosers and m.to_act() == [choosers[0]]
    seat = choosers[0]
    legal = m.legal_actions(seat)
    assert {a["type"] for a in legal} == {"reef_colour"}
    shown = m.view(seat)["table"]["boards"][seat]
    assert [a["colour"] for a in legal] == [c["colour"] for c in shown["reef_colours"]]
    points = [c["points"] for c in shown["reef_colours"]]
    assert points == sorted(points, reverse=True), "the colour worth most first: the default"
    assert shown["reef_colour"] == legal[0]["colour"] and not shown["reef_colour_chosen"]
    assert "choose the one colour of Reef you score" in m.view(seat)["table"]["prompt"]

    last = legal[-1]["colour"]
    m.play(seat, legal[-1])
    after = m.view(None)["table"]["boards"][seat]
    assert after["reef_colour"] == last and after["reef_colour_chosen"]
    assert all(r["scored"] == (r["colour"] == last) for r in after["reefs"])
    assert "chose to score the" in m.view(None)["log"][-1]
    while not m.is_over():
        s2 = m.to_act()[0]
        m.play(s2, m.legal_actions(s2)[0])
    assert m.state.phase == OVER
    record = m.record()
    assert [seat, {"type": "reef_colour", "colour": last}] in record["actions"]
    again = shoal.replay(record)
    assert again.outcome() == m.outcome() and again.state.reef_colours == m.state.reef_colours
    assert m.outcome()["scores"][seat] == m.view(None)["table"]["boards"][seat]["total"]


def _facts(m, seat):
    from shoal.games.reef.rules import board_facts

    return board_facts(m.state)[seat]


def test_modification_6_a_colour_not_offered_is_refused_and_nothing_changes():
    m = _match_at_the_choice()
    seat = m.to_act()[0]
    offered = {a["colour"] for a in m.legal_actions(seat)}
    missing = next(c for c in "RYGBPK" if c not in offered)
    before = m.record()
    with pytest.raises(shoal.IllegalAction):
        m.play(seat, {"type": "reef_colour", "colour": missing})
    assert m.record() == before and m.state.reef_colours[seat] is None


def test_modification_6_without_it_the_game_ends_with_no_choice():
    """Only Modification 6 asks for a colour; other matches end after the last round as before."""
    m = shoal.new_match("reef", 1, seed=2)
    while not m.is_over():
        m.play(0, m.bot_action(0, "random"))
    assert all(a["type"] != "reef_colour" for _, a in m.record()["actions"])


def _choice_view(board, scenario="none"):
    """Seat 0 of a solo match under Modification 6 at the end-of-game choice, its reef replaced by ``board``."""
    m = shoal.new_match("reef", 1, seed=0, options={"modification": "6", "scenario": scenario})
    s = m.state
    s.boards[0] = from_json(board)
    s.line = [tuple(e) for e in scenario_line(scenario)] if scenario != "none" else s.line
    s.phase, s.queue, s.last_order, s.memo = REEF_COLOUR, [0], [0], {}
    return m.view(0), m.legal_actions(0)


def test_modification_6_bots_choose_the_colour_that_keeps_scenario_l():
    """The engine's pick must not cost a player Scenario L: L needs 85+ points and at most 20 from Reefs. With
    a pink Reef worth 27 and a red one worth 3, a bot keeps red under Scenario L and pink without a Scenario."""
    big = merge(field(*["jellyfish"] * 9), field("crab", "crab", "crab", colour="R", off=80))
    b = merge(
        big,
        {
            "hot_spot": None,
            "tiles": [],
            "habitats": [],
            "large": [{"animal": a, "points": p, "cells": []} for a, p, _ in pad(96)],
        },
    )
    line = scenario_line("L")
    pink = achievements({**b, "reef_colour": "K"}, scenario="L", modification="6", ecosystems=line)[0]
    red = achievements({**b, "reef_colour": "R"}, scenario="L", modification="6", ecosystems=line)[0]
    assert pink["score"] > red["score"] >= 85
    assert not pink["scenario"]["completed"] and red["scenario"]["completed"], (pink["scenario"], red["scenario"])

    view, legal = _choice_view(b, "L")
    assert legal[0] == {"type": "reef_colour", "colour": "K"}, "the colour worth most is offered first"
    assert greedy_bot(view, legal, Rng(1)) == {"type": "reef_colour", "colour": "R"}
    view, legal = _choice_view(b)
    assert greedy_bot(view, legal, Rng(1)) == {"type": "reef_colour", "colour": "K"}


def test_modification_6_every_bot_finishes_a_game():
    """Every registered bot makes the end-of-game choice (search bots included), so no match stalls there."""
    for name in GAME.bots:
        m = _match_at_the_choice(players=2)
        while not m.is_over():
            seat = m.to_act()[0]
            action = m.bot_action(seat, name)
            assert action in m.legal_actions(seat)
            m.play(seat, action)
