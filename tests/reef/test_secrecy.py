"""Secrecy: in AQUA only the face-down coral pile is hidden (its order, and which tiles went back to the box unseen).

Two matches that differ only there must look the same to every seat, in the table, the log and the legal actions,
until the next market is revealed.
"""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import Rng
from shoal.games.reef import data


def _seen(m, seat):
    v = m.view(seat)
    return json.dumps(
        {"table": v["table"], "log": v["log"], "recent": v["recent"], "legal": v["legal"], "to_act": v["to_act"]},
        sort_keys=True,
    )


def _twin_with_another_pile(m):
    """The same position with the pile reordered, one pile tile swapped for one returned to the box unseen, and
    another RNG state: all of it hidden from every seat."""
    twin = shoal.replay(m.record())
    s = twin.state
    on_table = set(s.market) | {t for b in s.boards for _, t, _, _ in b.laid_tiles()}
    boxed = [t for t in range(len(data.TILES)) if t not in on_table and t not in s.pile]
    s.pile.reverse()
    if boxed:
        s.pile[0] = boxed[0]
    s.rng = Rng(987654321)
    s.memo = {}
    return twin


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 1)])
def test_pile_order_and_box_are_hidden_from_every_seat(players, seed):
    """Setup 5: the Coral tiles are shuffled "face down" and some returned to the box unseen; only revealed market
    tiles are public. A twin whose pile and box differ gives every seat (and a spectator) the same table, log and
    legal actions while the round lasts."""
    m = shoal.new_match("reef", players, seed=seed)
    rng = Rng(seed)
    for _ in range(3 * players):  # into the middle of the game
        seat = m.to_act()[0]
        m.play(seat, m.bot_action(seat, "greedy"))
    twin = _twin_with_another_pile(m)
    assert twin.state.pile != m.state.pile
    start = m.state.round
    while m.state.round == start:
        for seat in [None, *range(players)]:
            assert _seen(m, seat) == _seen(twin, seat)
        seat = m.to_act()[0]
        action = rng.choice(m.legal_actions(seat))
        m.play(seat, action)  # the round's last turn reveals the next market: from then on the twins may differ
        twin.play(seat, action)


def test_views_and_logs_never_name_a_tile_still_in_the_pile():
    """Whatever is shown names no face-down tile: the log and the table only ever list tiles laid or in the market."""
    m = shoal.new_match("reef", 3, seed=21)
    while not m.is_over():
        seat = m.to_act()[0]
        v = m.view(seat)
        shown = {x["tile"] for x in v["table"]["market"]} | {
            t["tile"] for b in v["table"]["boards"] for t in b["tiles"] if not t["hot_spot"]
        }
        assert not shown & set(m.state.pile)
        assert "pile" not in json.dumps(v["legal"])
        assert v["table"]["pile"] == len(m.state.pile)
        m.play(seat, m.bot_action(seat, "greedy"))
