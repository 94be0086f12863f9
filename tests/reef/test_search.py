"""The AQUA search adapter (issue 10): positions sampled from the view alone, the Sea Snail rule, the fast policy."""

from __future__ import annotations

import pytest

import shoal
from shoal.bots.search import capped
from shoal.core import Rng
from shoal.games.reef import GAME, data, search
from shoal.games.reef.state import PLACE

from .test_secrecy import _twin_with_another_pile


def _choose(m: shoal.Match, seat: int, level: str, budget: int):
    """What search level ``level``, capped at ``budget`` iterations, plays for ``seat`` (seeing only its view)."""
    return capped(GAME.bots[level], budget)(m.view(seat), m.legal_actions(seat), Rng(m.seed, len(m.actions), seat))


def _midgame(players: int, seed: int, plies: int, options=None) -> shoal.Match:
    m = shoal.new_match("reef", players, seed=seed, options=options or {})
    rng = Rng(seed, 42)
    for _ in range(plies):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.play(seat, rng.choice(m.legal_actions(seat)))
    return m


@pytest.mark.parametrize("players,seed,options", [(1, 1, {}), (2, 5, {}), (3, 2, {"modification": "6"}),
                                                  (4, 3, {"variant": "advanced"}), (1, 7, {"modification": "1"})])
def test_a_sampled_position_shows_the_seat_exactly_its_view(players, seed, options):
    """Issue 10: "a way to sample a full position consistent with a seat's view" — at every ply of a game the
    sampled position gives the seat to act the same table and the same legal actions as the real one."""
    m = shoal.new_match("reef", players, seed=seed, options=options)
    rng = Rng(seed)
    checked = 0
    while not m.is_over():
        seat = m.to_act()[0]
        view = m.view(seat)
        s = search.sample(view, Rng(checked))
        assert GAME.view(s, seat) == view["table"]
        assert GAME.legal_actions(s, seat) == view["legal"]
        checked += 1
        m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked >= 17 * players


def test_sampled_piles_hold_only_unseen_tiles_and_not_just_the_real_pile():
    """Issue 10: "hidden tiles must be drawn from all tiles the seat has not seen (the 70 minus markets and laid
    tiles), not by reshuffling the real pile — that would leak which tiles were removed at setup"."""
    m = _midgame(2, seed=11, plies=12)
    view = m.view(m.to_act()[0])
    seen = search.seen_tiles(view)
    real = set(m.state.pile)
    boxed = set(range(len(data.TILES))) - real - seen
    assert boxed, "some tiles went back to the box unseen"
    drawn_from_box = 0
    for k in range(30):
        pile = search.sample(view, Rng(k)).pile
        assert len(pile) == len(m.state.pile) and len(set(pile)) == len(pile)
        assert not set(pile) & seen
        drawn_from_box += bool(set(pile) & boxed)
    assert drawn_from_box == 30


def test_solo_samples_never_bring_back_a_discarded_market_tile():
    """Solo: the market's leftovers are discarded face up each round — seen (the log names every market), so never
    in a sampled pile."""
    m = _midgame(1, seed=4, plies=10)
    s = m.state
    laid = {t for _, t, _, _ in s.boards[0].laid_tiles()}
    discarded = set(range(len(data.TILES))) - set(s.pile) - set(s.market) - laid
    view = m.view(0)
    seen = search.seen_tiles(view)
    shown_once = discarded & seen
    assert len(shown_once) >= 2 * (s.round - 1), "two leftovers discarded each round, all seen"
    for k in range(10):
        assert not set(search.sample(view, Rng(k)).pile) & shown_once


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8)])
def test_twins_differing_only_in_the_pile_sample_alike_and_every_level_plays_alike(players, seed):
    """Issue 10: "twin matches that differ only in what the seat may not see make every level choose the same
    action" — the pile's order and the boxed tiles differ, the samples and the moves do not."""
    m = _midgame(players, seed=seed, plies=3 * players)
    twin = _twin_with_another_pile(m)
    assert twin.state.pile != m.state.pile
    seat = m.to_act()[0]
    a = search.sample(m.view(seat), Rng(5))
    b = search.sample(twin.view(seat), Rng(5))
    assert a.pile == b.pile and a.market == b.market and GAME.view(a, seat) == GAME.view(b, seat)
    for level in ("easy", "normal", "hard"):
        assert _choose(m, seat, level, 6) == _choose(twin, seat, level, 6)


def _final_round_with_snail(players: int, seed: int) -> shoal.Match:
    m = shoal.new_match("reef", players, seed=seed)
    rng = Rng(seed, 1)
    while not (m.state.round == m.state.rules.rounds and m.state.snail_in_market and m.state.phase == PLACE):
        seat = m.to_act()[0]
        legal = [a for a in m.legal_actions(seat) if a["type"] != "snail"]
        m.play(seat, search.policy(m.state, seat, legal, rng))
    return m


def test_no_sea_snail_in_the_final_round_unless_it_is_the_only_move():
    """Issue 10: "no Sea Snail in the last round unless it is the only move" — it brings nothing there (no next round
    to open) and only moves its taker later in the turn order that breaks ties."""
    m = _final_round_with_snail(2, seed=2)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    assert {"type": "snail"} in legal and len(legal) > 1
    assert {"type": "snail"} not in search.candidates(m.state, seat, legal)
    for k in range(20):
        assert search.policy(m.state, seat, legal, Rng(k))["type"] == "place"
    for level in ("easy", "normal", "hard"):
        assert _choose(m, seat, level, 8)["type"] == "place"
    assert search.candidates(m.state, seat, [{"type": "snail"}]) == [{"type": "snail"}]


def test_before_the_final_round_the_snail_stays_a_candidate():
    m = _midgame(2, seed=6, plies=0)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    assert {"type": "snail"} in search.candidates(m.state, seat, legal)


def test_the_policy_reads_each_hexagon_as_the_reference_does():
    """The policy's corner table (one read of the six neighbours) agrees with the plain per-corner reading."""
    checked = 0
    for seed in range(4):
        m = shoal.new_match("reef", 2, seed=seed)
        rng = Rng(seed)
        while not m.is_over():
            seat, s = m.to_act()[0], m.state
            if s.phase == PLACE:
                ctx = search._Ctx(s, seat)
                for cell in s.boards[seat].frontier:
                    corners, _, needs = search._cell_corners(ctx, cell)
                    assert [(c, n) if n >= 0 else search._DEAD for c, n, _ in corners] == \
                        [ctx.corner(cell, d) for d in range(6)]
                    assert sorted(needs) == sorted(s.boards[seat].needs(cell))
                    checked += 1
            m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 500
