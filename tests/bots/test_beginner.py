"""The ``beginner`` level (``shoal.bots.beginner``): legal, plausible moves with frequent small mistakes, below
``easy`` for every game (docs/strength.md measures that).

"Plausible" is concrete per game: a beginner never plays a move its game's one-ply values put more than the level's
``reach`` below the best, and so never the obviously losing moves those values sink (an Aquarena predator eating
its owner's own card, a Brunch perch played by a hand that will take last, an AQUA Large Animal worth points
skipped)."""

from __future__ import annotations

import importlib
import statistics

import pytest

import shoal
from shoal.bots.beginner import BeginnerBot
from shoal.core import Rng

GAMES = [("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 2)]
DRAWS = 24  # generators tried on each position


def values_of(game_id):
    return importlib.import_module(f"shoal.games.{game_id}.bots").one_ply_values


def decisions(game_id, players, seeds=(1, 2, 3), every=1):
    """(view, legal) of real decisions with a choice, from matches the game's heuristic bot and random moves play."""
    heuristic = list(shoal.GAMES[game_id].bots)[1]
    for seed in seeds:
        match = shoal.new_match(game_id, players, seed=seed)
        rng = Rng(seed, 5)
        ply = 0
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            if len(legal) > 1 and ply % every == 0:
                yield match.view(seat), legal
            match.play(seat, match.bot_action(seat, heuristic) if rng.below(2) else rng.choice(legal))
            ply += 1


@pytest.mark.parametrize("game_id", [g for g, _ in GAMES])
def test_every_game_lists_beginner_just_before_easy(game_id):
    bots = list(shoal.GAMES[game_id].bots)
    assert bots.index("beginner") == bots.index("easy") - 1
    assert isinstance(shoal.GAMES[game_id].bots["beginner"], BeginnerBot)
    assert "beginner" in shoal.GAMES[game_id].info()["bots"], "the lobby's games.json lists it"


@pytest.mark.parametrize("game_id,players", GAMES)
def test_beginner_plays_legally_and_the_same_move_for_the_same_view_and_generator(game_id, players):
    bot = shoal.GAMES[game_id].bots["beginner"]
    for i, (view, legal) in enumerate(decisions(game_id, players, seeds=(4,))):
        first = bot(view, legal, Rng(9, i))
        assert first in legal
        assert bot(view, legal, Rng(9, i)) == first


SMALL = 0.25  # a gap below this is a near-tie (a tie-break), no mistake


@pytest.mark.parametrize("game_id,players", GAMES)
def test_beginner_makes_frequent_small_mistakes(game_id, players):
    """Frequent small mistakes: on a fixed set of real positions, most moves are the one-ply best or a near-tie, a
    good share fall short of it, and on average by well under a point."""
    bot = shoal.GAMES[game_id].bots["beginner"]
    gaps = []
    for i, (view, legal) in enumerate(decisions(game_id, players, seeds=(5, 6, 7))):
        scored = values_of(game_id)(view, legal)
        top = max(v for _, v in scored)
        choice = bot(view, legal, Rng(11, i))
        gaps.append(top - next(v for a, v in scored if a == choice))
    assert len(gaps) >= 40
    mistakes = sum(g > SMALL for g in gaps) / len(gaps)
    assert 0.10 <= mistakes <= 0.5, mistakes
    assert statistics.fmean(gaps) <= 1.0, statistics.fmean(gaps)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_beginner_never_plays_a_move_far_below_the_best(game_id, players):
    """Plausible: whatever the draw, the move is within ``reach`` of the best by the game's own values; the sample
    holds decisions with such moves on offer (else the test would prove nothing)."""
    bot = shoal.GAMES[game_id].bots["beginner"]
    values = values_of(game_id)
    offered = 0
    for i, (view, legal) in enumerate(decisions(game_id, players, seeds=(6, 7), every=2)):
        scored = values(view, legal)
        top = max(v for _, v in scored)
        far = [a for a, v in scored if top - v > bot.reach]
        offered += bool(far)
        for k in range(DRAWS):
            assert bot(view, legal, Rng(i, k)) not in far
    assert offered >= 5, offered


def _find(game_id, players, wanted, seeds=range(1, 30)):
    """Real decisions matching ``wanted(view, legal)``."""
    for view, legal in decisions(game_id, players, seeds=seeds):
        if wanted(view, legal):
            yield view, legal


def _first(iterable, n):
    out = []
    for item in iterable:
        out.append(item)
        if len(out) == n:
            break
    return out


def test_aquarena_beginner_never_feeds_its_own_card_when_other_prey_is_there():
    def own_and_other(view, legal):
        bites = [a for a in legal if a["type"] == "eat_card"]
        return any(a["seat"] == view["seat"] for a in bites) and any(
            a["type"] == "eat_fly" or a["seat"] != view["seat"] for a in legal
        )

    found = _first(_find("aquarena", 3, own_and_other), 5)
    assert found, "no decision offered an own card beside other prey"
    bot = shoal.GAMES["aquarena"].bots["beginner"]
    for view, legal in found:
        for k in range(DRAWS):
            choice = bot(view, legal, Rng(k))
            assert choice["type"] == "eat_fly" or choice["seat"] != view["seat"], choice


def test_brunch_beginner_never_plays_its_perch_with_a_hand_that_takes_last():
    from shoal.games.brunch.bots import expected_rank

    def weakest_with_perch(view, legal):
        return (
            view["table"]["phase"] == "food"
            and any(a["value"] == 7 for a in legal)
            and len(legal) >= 6
            and expected_rank(view["table"], view["seat"]) < 0.1
        )

    found = _first(_find("brunch", 4, weakest_with_perch), 4)
    assert found, "no weak hand held its perch at the food choice"
    bot = shoal.GAMES["brunch"].bots["beginner"]
    for view, legal in found:
        assert all(bot(view, legal, Rng(k))["value"] != 7 for k in range(DRAWS))


def test_reef_beginner_never_skips_a_large_animal_worth_more_than_its_reach():
    bot = shoal.GAMES["reef"].bots["beginner"]
    values = values_of("reef")

    def worth_it(view, legal):
        kinds = {a["type"] for a in legal}
        return "large" in kinds and max(v for _, v in values(view, legal)) > bot.reach

    found = _first(_find("reef", 2, worth_it), 3)
    assert found, "no Large Animal worth more than the reach was on offer"
    for view, legal in found:
        assert all(bot(view, legal, Rng(k))["type"] == "large" for k in range(DRAWS))


def test_the_weights_are_integers_from_exact_arithmetic():
    """The same move on CPython and in Pyodide: no ``exp``, only +, / and * (IEEE-exact), rounded to integers."""
    bot = BeginnerBot(lambda view, legal: [(a, float(a["v"])) for a in legal], temperature=2.0, reach=4.0)
    scored = [({"v": v}, float(v)) for v in (10, 9, 8, 6, 5)]
    weights = [w for _, w in bot.weights(scored)]
    assert weights == [1_000_000, 444_444, 250_000, 111_111]  # 1, 1/1.5², 1/2², 1/3²; the 5 is beyond reach
    with pytest.raises(ValueError):
        BeginnerBot(bot.values, temperature=0.0, reach=1.0)
