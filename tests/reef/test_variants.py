"""Core, Family, Advanced and Solo: the option ``variant`` and one player."""

from __future__ import annotations

from collections import Counter

import pytest

import shoal
from shoal.games.reef import data
from shoal.games.reef.rules import solo_rating


def _finish(m, bot="greedy"):
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, bot))
    return m.outcome()


def test_core_uses_ecosystems_1_to_6_in_order():
    """Setup 2: "Place the 6 core game Ecosystems (star 1-6) in a line"; core is the default variant."""
    m = shoal.new_match("reef", 2, seed=1)
    assert m.options["variant"] == "core"
    assert [n for n, _ in m.state.line] == [1, 2, 3, 4, 5, 6]
    rows = _finish(m)["breakdown"][0]
    assert [r["category"] for r in rows] == ["large", "small", "reefs"] + ["ecosystem"] * 6


def test_family_scores_only_animals():
    """Family: "do not score for Reefs or Ecosystems ... place all the Ecosystems back in the box.\""""
    m = shoal.new_match("reef", 3, seed=2, options={"variant": "family"})
    assert m.state.line == []
    assert m.view(0)["table"]["ecosystems"] == []
    out = _finish(m)
    for seat, rows in enumerate(out["breakdown"]):
        assert [r["label"] for r in rows] == ["Large Animals", "Small Animals"]
        board = m.state.boards[seat]
        assert out["scores"][seat] == sum(p for _, p, _ in board.large) + sum(
            data.SMALL_POINTS[s] for s in board.habitats.values()
        )


def test_advanced_draws_six_of_the_24_ecosystem_tiles():
    """Advanced: "shuffle all 24 Ecosystems face down, select six at random and place them in a line.\""""
    seen = Counter()
    for seed in range(60):
        line = shoal.new_match("reef", 2, seed=seed, options={"variant": "advanced"}).state.line
        numbers = [n for n, _ in line]
        assert len(numbers) == 6
        for n, k in Counter(numbers).items():
            assert k <= data.ECOSYSTEMS[n].copies
        assert sorted(sp for _, sp in line) == sorted(data.SPECIES)
        seen.update(numbers)
    assert set(seen) == set(range(1, 19))


def test_advanced_game_scores_its_six_ecosystems():
    m = shoal.new_match("reef", 2, seed=7, options={"variant": "advanced"})
    out = _finish(m)
    eco_rows = [r for r in out["breakdown"][0] if r["category"] == "ecosystem"]
    assert [(r["number"], r["native"]) for r in eco_rows] == [tuple(x) for x in m.state.line]


def test_solo_market_of_three_the_rest_discarded():
    """Solo: "When preparing the market, reveal three Coral tiles. Take and place one ... Discard the two remaining
    Coral tiles from the market.\""""
    m = shoal.new_match("reef", 1, seed=3)
    assert len(m.state.market) == 3
    pile = len(m.state.pile)
    m.play(0, next(a for a in m.legal_actions(0) if a["type"] == "place"))
    if m.state.phase == "large":
        m.play(0, {"type": "skip_large"})
    assert m.state.round == 2 and len(m.state.market) == 3 and len(m.state.pile) == pile - 3
    assert any("discarded" in line for line in m.view(0)["log"])


@pytest.mark.parametrize(
    "score,words",
    [
        (59, "Below 60"),
        (60, "A great start!"),
        (75, "Well done!"),
        (80, "Outstanding!"),
        (99, "Expert!"),
        (130, "That is satisfying!"),
    ],
)
def test_solo_rating_chart(score, words):
    """Solo: "60+ : A great start! 70+ : Well done! 80+ : Outstanding! 90+ : Expert! 100+ : That is satisfying!\""""
    assert words in solo_rating(score)


def test_solo_chart_in_the_info_rates_every_score_as_the_outcome_does():
    """The page reads the chart from the game's info: each row's lower bound earns that row's words, the row above
    starts where it ends, and every score falls in exactly the row ``solo_rating`` names."""
    chart = shoal.GAMES["reef"].info()["solo_ratings"]
    assert [r["from"] for r in chart] == [100, 90, 80, 70, 60, 0]
    for score in range(0, 140):
        row = next(r for r in chart if score >= r["from"])
        assert row["rating"] == solo_rating(score)


@pytest.mark.parametrize("variant", ["core", "family", "advanced"])
def test_solo_game_shows_its_rating(variant):
    m = shoal.new_match("reef", 1, seed=5, options={"variant": variant})
    out = _finish(m)
    assert out["rating"] == solo_rating(out["scores"][0]) and out["winners"] == [0]


def test_multiplayer_outcome_has_no_rating():
    out = _finish(shoal.new_match("reef", 2, seed=5), bot="random")
    assert "rating" not in out


def test_unknown_variant_refused():
    with pytest.raises(shoal.ShoalError):
        shoal.new_match("reef", 2, options={"variant": "expert"})
