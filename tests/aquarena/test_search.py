"""The Aquarena search adapter: positions sampled from the view alone, rollouts to the round's end."""

from __future__ import annotations

from collections import Counter

import pytest

import shoal
from shoal.bots.search import capped
from shoal.core import Rng
from shoal.games.aquarena import GAME, data, search

from .test_views import _hide_differently


def _cards_of(s, seat: int) -> Counter:
    """Every card ``seat`` owns this round, wherever it is: tiles, hand, pile, discards, catches, back in front."""
    out = Counter(
        s.hands[seat] + s.piles[seat] + s.discards[seat] + s.catches[seat].predators + s.catches[seat].returned
    )
    out.update(n for t in s.tiles for o, n, _ in t.cards if o == seat)
    out.update(n for c in s.catches for o, n, _ in c.cards if o == seat)
    return out


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 1), (5, 9)])
def test_a_sampled_position_shows_the_seat_exactly_its_view(players, seed):
    """A full position is sampled consistent with a seat's view: at every ply the sampled position gives the seat to act
    the same table and legal actions, and every seat holds its ten cards exactly once."""
    m = shoal.new_match("aquarena", players, seed=seed)
    rng = Rng(seed)
    checked = 0
    while not m.is_over():
        seat = m.to_act()[0]
        view = m.view(seat)
        s = search.sample(view, Rng(checked))
        assert GAME.view(s, seat) == view["table"]
        assert GAME.legal_actions(s, seat) == view["legal"]
        for other in range(players):
            assert _cards_of(s, other) == Counter(data.NUMBERS), (other, _cards_of(s, other))
        checked += 1
        m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 50


def test_hidden_cards_are_dealt_afresh_not_copied_from_the_truth():
    """The sampler never reads the real hands: over a few samples another seat's hand and face-down cards vary."""
    m = shoal.new_match("aquarena", 3, seed=2)
    rng = Rng(2)
    while sum(m.state.placed) < 7:  # some face-down cards are on the tiles
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    seat = m.to_act()[0]
    other = (seat + 1) % 3
    view = m.view(seat)
    hands = {tuple(search.sample(view, Rng(k)).hands[other]) for k in range(12)}
    assert len(hands) > 3


def test_twins_differing_only_in_hidden_cards_sample_alike_and_every_level_plays_alike():
    """Twin matches that differ only in what the seat may not see make every level choose the same action: other
    seats' face-down cards, hands, piles and discards differ, samples and moves do not."""
    m = shoal.new_match("aquarena", 3, seed=21)
    rng = Rng(21)
    checked = differed = 0
    for ply in range(60):
        seat = m.to_act()[0]
        st = m.state
        if ply % 6 == 5:
            twin = shoal.replay(m.record())
            twin.state = _hide_differently(st, seat)
            differed += twin.state.hands != st.hands or [t.cards for t in twin.state.tiles] != [
                t.cards for t in st.tiles
            ]
            view_a, view_b = m.view(seat), twin.view(seat)
            a, b = search.sample(view_a, Rng(3)), search.sample(view_b, Rng(3))
            assert (
                a.hands == b.hands and a.piles == b.piles and [t.cards for t in a.tiles] == [t.cards for t in b.tiles]
            )
            legal = m.legal_actions(seat)
            assert twin.legal_actions(seat) == legal
            for level in ("easy", "normal", "hard"):
                bot = capped(GAME.bots[level], 6)
                assert bot(view_a, legal, Rng(ply, seat)) == bot(view_b, legal, Rng(ply, seat))
            checked += 1
        m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked == 10 and differed >= 8, "the twins really held different hidden cards"


def test_rollouts_stop_when_the_sampled_round_is_scored():
    """Later rounds are dealt afresh from shuffled cards: a rollout ends with the round it started in."""
    m = shoal.new_match("aquarena", 2, seed=3)
    s = search.sample(m.view(0), Rng(1))
    rng = Rng(4)
    plies = 0
    while not search.round_over(s):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, search.policy(s, seat, GAME.legal_actions(s, seat), rng))
        plies += 1
    assert s.round == 2 and s.phase == "planning" and plies > 16
    assert sum(s.scores) > 0 and 0.0 <= search.evaluate(s, 0) <= 1.0


def test_the_analysis_plays_out_with_hards_settling_policy():
    """Judged with the quick policy, a move of easy (which plays out with that policy) looked no worse than hard's;
    the analysis plays every seat by the settling policy hard's own rollouts use."""
    from shoal.bots.analysis import spec_for
    from shoal.games.aquarena import GAME as AQUARENA
    from shoal.games.aquarena import search as aquarena_search

    spec = spec_for(AQUARENA)
    assert spec.policy is aquarena_search.settling_policy and spec.rollout_stop is None
    assert AQUARENA.bots["hard"].spec.policy is spec.policy
