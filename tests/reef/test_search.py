"""The AQUA search adapter: positions sampled from the view alone, the Sea Snail rule, the fast policy."""

from __future__ import annotations

import dataclasses

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


@pytest.mark.parametrize(
    "players,seed,options",
    [
        (1, 1, {}),
        (2, 5, {}),
        (3, 2, {"modification": "6"}),
        (4, 3, {"variant": "advanced"}),
        (1, 7, {"modification": "1"}),
    ],
)
def test_a_sampled_position_shows_the_seat_exactly_its_view(players, seed, options):
    """A full position is sampled consistent with a seat's view: at every ply of a game the sampled position gives the
    seat to act the same table and the same legal actions as the real one."""
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
    """Hidden tiles are drawn from all tiles the seat has not seen (the 70 minus markets and laid tiles), not by
    reshuffling the real pile: that would leak which tiles were removed at setup."""
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


@pytest.mark.parametrize("players,seed", [(1, 4), (2, 3), (3, 8)])
def test_twins_differing_only_in_the_pile_sample_alike_and_every_level_plays_alike(players, seed):
    """Twin matches that differ only in what the seat may not see make every level choose the same action: the pile's
    order and the boxed tiles differ, the samples and the moves do not."""
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
    """No Sea Snail in the last round unless it is the only move: it brings nothing there (no next round
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
                    assert [(c, n) if n >= 0 else search._DEAD for c, n, _ in corners] == [
                        ctx.corner(cell, d) for d in range(6)
                    ]
                    assert sorted(needs) == sorted(s.boards[seat].needs(cell))
                    checked += 1
            m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 500


def test_the_rollout_step_chooses_what_the_policy_chooses_from_the_legal_list():
    """Rollouts skip building hundreds of placement actions (speed is strength): ``step`` must make the
    same choice, with the same draws, as the policy reading the engine's legal list (the only move when one is)."""
    fast = 0
    for seed in range(3):
        for players, options in ((1, {}), (2, {"variant": "advanced"}), (3, {"modification": "6"})):
            s = shoal.new_match("reef", players, seed=seed, options=options).state.clone()
            rng = Rng(seed)
            while not GAME.is_over(s):
                seat = GAME.to_act(s)[0]
                fast += search.fast_policy(s, seat, Rng(7)) is not None
                legal = GAME.legal_actions(s, seat)
                a, b = Rng(seed, len(legal)), Rng(seed, len(legal))
                expected = search.policy(s, seat, legal, a) if len(legal) > 1 else legal[0]
                assert search.step(s, seat, b) == expected
                assert a.next64() == b.next64()
                GAME.apply(s, seat, rng.choice(legal))
    assert fast > 200


def _large_spots_plainly(board, shape, must_cover, allowed):
    """Every anchor of every orientation tried, with no shortcut (the reference for ``Board.large_spots``)."""
    from shoal.games.reef.board import shape_orientations

    free = {v for v in board.habitats if v not in board.covered}
    found = {}
    for offsets, pairs in shape_orientations(shape):
        for target in must_cover:
            for ou, ov in offsets:
                cells = [(target[0] - ou + x, target[1] - ov + y) for x, y in offsets]
                key = tuple(sorted(cells))
                if (
                    target in free
                    and all(c in free for c in cells)
                    and key not in found
                    and allowed([board.habitats[c] for c in key])
                ):
                    found[key] = {"cells": list(key), "orientations": list(pairs)}
    return [found[k] for k in sorted(found)]


def test_large_animal_spots_equal_the_plain_enumeration():
    """ "Large Animals must be placed on top of at least one Small Animal that you placed this turn": the shortcut
    (a new Small Animal with no free neighbour carries no shape) finds exactly what trying every anchor finds."""
    checked = found = 0
    for seed in range(6):
        m = shoal.new_match("reef", 2, seed=seed)
        rng = Rng(seed, 5)
        while not m.is_over():
            s, seat = m.state, m.to_act()[0]
            board = s.boards[seat]
            for shape in data.LARGE_SHAPES:
                for target in board.habitats:
                    got = board.large_spots(shape, [target], lambda sp: True)
                    assert got == _large_spots_plainly(board, shape, [target], lambda sp: True)
                    checked += 1
                    found += bool(got)
            m.play(seat, search.policy(s, seat, m.legal_actions(seat), rng))
    assert checked > 1000 and found > 50


def test_the_root_always_weighs_the_old_greedy_move_but_never_a_final_round_snail():
    """The search must never do worse than the move greedy would pick — the root
    searches greedy's move whatever the pruning, except a Sea Snail in the final round."""
    from shoal.games.reef.bots import greedy_bot

    m = _midgame(2, seed=9, plies=8)
    seat = m.to_act()[0]
    view, legal = m.view(seat), m.legal_actions(seat)
    rng = Rng(1)
    assert search.old_bot_choice(view, legal, Rng(1)) == [greedy_bot(view, legal, Rng(rng.next64()))]
    m = _final_round_with_snail(2, seed=2)
    seat = m.to_act()[0]
    for k in range(10):
        assert {"type": "snail"} not in search.old_bot_choice(m.view(seat), m.legal_actions(seat), Rng(k))


def test_each_frontier_cells_edges_are_kept_as_tiles_are_laid():
    """Grow Coral reads, for every frontier cell, the colours across its edges: the table kept as tiles are laid
    (and copied with the board) equals reading the neighbouring tiles afresh, on every board of every ply."""
    checked = 0
    for seed in range(4):
        m = shoal.new_match("reef", 2, seed=seed, options={"variant": "advanced"} if seed % 2 else {})
        rng = Rng(seed, 3)
        while not m.is_over():
            for board in m.state.boards + [b.clone() for b in m.state.boards]:
                for cell in board.frontier:
                    assert board.needs(cell) == board.needs_plainly(cell)
                    checked += 1
            seat = m.to_act()[0]
            m.play(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 5000


def _ctx_with_line(line: list[tuple[int, str]]) -> search._Ctx:
    m = shoal.new_match("reef", 1, seed=3, options={"variant": "advanced"})
    s = m.state.clone()
    s.line = list(line)
    return search._Ctx(s, 0)


def test_the_policy_values_a_habitat_by_the_species_its_ecosystems_want_next_to_it():
    """Ecosystems 7–12: "each animal of the printed species scores per native next to it" — so a new Crab Habitat
    is worth Ecosystem 7's points per native neighbour, and a new native one per Crab neighbour, nothing per other."""
    crab, native = data.COLOUR_OF_SPECIES["crab"], "turtle"
    ctx = _ctx_with_line([(7, native)])
    assert ctx.next_to[crab] == {native: 3}
    assert ctx.next_to[data.COLOUR_OF_SPECIES[native]] == {"crab": 3}
    assert ctx.next_to[data.COLOUR_OF_SPECIES["seahorse"]] == {}


def test_the_policy_counts_ecosystem_one_for_the_native_and_for_its_neighbours():
    """Ecosystem 1: "each native scores per Small Animal next to it" — a native Habitat gains per neighbour of any
    species (the flat neighbour bonus), any other Habitat gains per native it touches."""
    ctx = _ctx_with_line([(1, "starfish")])
    starfish, crab = data.COLOUR_OF_SPECIES["starfish"], data.COLOUR_OF_SPECIES["crab"]
    assert ctx.adj[starfish] == search.ADJ + 1 and ctx.next_to[starfish] == {}
    assert ctx.adj[crab] == search.ADJ and ctx.next_to[crab] == {"starfish": 1}


def test_the_policy_reads_ecosystem_fifteen_from_the_natives_beside_it_in_the_line():
    """Ecosystem 15: each native scores per animal next to it native to the Ecosystem left or right of this one."""
    ctx = _ctx_with_line([(16, "crab"), (15, "turtle"), (17, "seahorse")])
    turtle = data.COLOUR_OF_SPECIES["turtle"]
    assert ctx.next_to[turtle] == {"crab": 2, "seahorse": 2}
    assert ctx.next_to[data.COLOUR_OF_SPECIES["crab"]] == {"turtle": 2}
    assert ctx.next_to[data.COLOUR_OF_SPECIES["jellyfish"]] == {}


def test_hard_with_rivals_searches_exactly_as_the_plain_tree_search():
    """The paired solo search is for one player only: with rivals, hard chooses exactly as the ISMCTS level it was
    (its 2-player strength rows stay valid)."""
    from shoal.bots.search import SearchBot

    hard = GAME.bots["hard"]
    plain = SearchBot(
        search.SEARCH,
        GAME,
        hard.iterations,
        None,
        exploration=hard.exploration,
        root_candidates=hard.root_candidates,
        node_candidates=hard.node_candidates,
    )
    for seed in (3, 8):
        m = _midgame(2, seed=seed, plies=6)
        seat = m.to_act()[0]
        for k in range(2):
            view, legal = m.view(seat), m.legal_actions(seat)
            assert capped(hard, 12)(view, legal, Rng(seed, k)) == capped(plain, 12)(view, legal, Rng(seed, k))


def test_solo_hard_pairs_its_candidates_on_the_same_piles_within_its_playouts(monkeypatch):
    """AQUA solo: alone, hard plays every surviving candidate out on one sampled pile at a time
    (the pile's luck cancels out of their differences), halving the candidates round by round, within its playouts."""
    m = _midgame(1, seed=5, plies=4)
    view, legal = m.view(0), m.legal_actions(0)
    events: list[str] = []
    real_score, real_sample = search.solo_score, search.sample
    hard = GAME.bots["hard"]
    bot = capped(hard, 60)
    kept = len(bot.alone.order(view, legal, Rng(2)))
    monkeypatch.setattr(search, "solo_score", lambda s, seat: (events.append("score"), real_score(s, seat))[1])

    def counted(v, rng):  # the positions the paired search plays its candidates out on
        events.append("sample")
        return real_sample(v, rng)

    monkeypatch.setattr(bot.alone, "spec", dataclasses.replace(bot.alone.spec, sample=counted))
    assert bot(view, legal, Rng(2)) in legal
    groups = [g.count("score") for g in " ".join(events).split("sample")[1:]]
    assert kept > 2 and groups[0] == kept and groups[-1] == 2
    assert groups == sorted(groups, reverse=True) and len(set(groups)) >= 3  # halved round by round
    assert sum(groups) == bot.last_iterations <= 60
    assert bot.alone.iterations == 60 and capped(hard, 10**6).alone.iterations == hard.alone.iterations


def test_alone_easy_and_normal_search_exactly_as_the_levels_they_were():
    """Alone, easy and normal keep their searches (10 iterations over the policy's 3 best; 50 over its 5 best), so
    their solo strength rows stand; a cap caps that search too."""
    from shoal.bots.search import SearchBot

    knobs = {"rollout_depth": None, "exploration": 0.4}
    was = {
        "easy": SearchBot(search.SEARCH, GAME, iterations=10, root_candidates=3, node_candidates=1, **knobs),
        "normal": SearchBot(search.SEARCH, GAME, iterations=50, root_candidates=5, node_candidates=2, **knobs),
    }
    for seed in (2, 9):
        m = _midgame(1, seed=seed, plies=8)
        view, legal = m.view(0), m.legal_actions(0)
        for name, plain in was.items():
            level = GAME.bots[name]
            assert level(view, legal, Rng(seed, 1)) == plain(view, legal, Rng(seed, 1))
            assert level.last_iterations == plain.last_iterations
            assert capped(level, 4)(view, legal, Rng(seed, 2)) == capped(plain, 4)(view, legal, Rng(seed, 2))


def test_with_rivals_each_level_is_one_step_down_normal_the_old_easy_easy_the_policys_best():
    """At 2–4 players normal searches as easy did (10 iterations over the policy's 3 best) and easy plays the
    policy's best move (one iteration), so each level is clearly below the next (docs/strength.md)."""
    from shoal.bots.search import SearchBot

    knobs = {"rollout_depth": None, "exploration": 0.4}
    now = {
        "normal": SearchBot(search.SEARCH, GAME, iterations=10, root_candidates=3, node_candidates=1, **knobs),
        "easy": SearchBot(search.SEARCH, GAME, iterations=1, root_candidates=1, node_candidates=1, **knobs),
    }
    for players, seed in ((2, 4), (3, 6)):
        m = _midgame(players, seed=seed, plies=7)
        seat = m.to_act()[0]
        view, legal = m.view(seat), m.legal_actions(seat)
        for name, plain in now.items():
            assert GAME.bots[name](view, legal, Rng(seed, 3)) == plain(view, legal, Rng(seed, 3))
            assert GAME.bots[name].last_iterations == plain.last_iterations
