"""Nothing a match hands out is one of its own objects; a caller changes a match only through ``play``.

Otherwise appending to reef's cached legal list would let play accept an illegal Sea Snail take (and the record then
fail to load), and editing seat 0's reef view would change seat 1's scores.
"""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import IllegalAction, Rng

CASES = [(gid, n) for gid, g in shoal.GAMES.items() for n in sorted({g.min_players, g.max_players})]


def scribble(value):
    """Change every list and dict inside ``value`` in place, the way a careless bot or page might."""
    if isinstance(value, dict):
        for v in value.values():
            scribble(v)
        value.clear()
        value["scribbled"] = [1]
    elif isinstance(value, list):
        for v in value:
            scribble(v)
        value.append({"type": "scribbled"})
        value.insert(0, "scribbled")


def everything_seen(match):
    views = [match.view(s) for s in [None, *range(match.players)]]
    legal = [match.legal_actions(s) for s in range(match.players)]
    return json.dumps([views, legal, match.record(), match.to_act()], sort_keys=True)


@pytest.mark.parametrize("game_id,players", CASES)
def test_what_a_match_hands_out_cannot_change_it(game_id, players):
    match = shoal.new_match(game_id, players, seed=6)
    twin = shoal.new_match(game_id, players, seed=6)
    rng = Rng(6, 1)
    for ply in range(120):
        if match.is_over():
            break
        if ply % 6:  # every sixth ply: all phases are visited, and the test stays quick
            seat = rng.choice(match.to_act())
            action = rng.choice(match.legal_actions(seat))
            match.play(seat, action)
            twin.play(seat, action)
            continue
        handed = [match.view(s) for s in [None, *range(players)]]
        handed += [match.legal_actions(s) for s in range(players)]
        handed += [match.to_act(), match.record()]
        for got in handed:
            scribble(got)
        assert everything_seen(match) == everything_seen(twin), f"ply {ply}: a caller's edit reached the match"
        seat = rng.choice(match.to_act())
        action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        twin.play(seat, action)
    while not match.is_over():
        seat = rng.choice(match.to_act())
        action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        twin.play(seat, action)
    scribble(match.outcome())
    scribble(match.view(0)["outcome"])
    scribble(match.view(0)["options"])
    assert everything_seen(match) == everything_seen(twin)
    assert match.outcome() == twin.outcome()


@pytest.mark.parametrize("game_id,players", CASES)
def test_an_action_added_to_a_handed_out_legal_list_is_still_refused(game_id, players):
    match = shoal.new_match(game_id, players, seed=2)
    seat = match.to_act()[0]
    illegal = {"type": "smuggled"}
    match.legal_actions(seat).append(illegal)
    match.view(seat)["legal"].append(illegal)
    with pytest.raises(IllegalAction):
        match.play(seat, illegal)
    shoal.replay(match.record())


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_a_bot_editing_its_view_and_legal_list_changes_nothing(game_id, monkeypatch):
    """A bot is handed its seat's view and legal actions: scribbling on them must not reach the match."""
    game = shoal.GAMES[game_id]
    match = shoal.new_match(game_id, game.min_players, seed=3)
    twin = shoal.new_match(game_id, game.min_players, seed=3)

    def vandal(view, legal, rng):
        choice = json.loads(json.dumps(legal[0]))
        scribble(view)
        scribble(legal)
        return choice

    monkeypatch.setitem(game.bots, "vandal", vandal)
    for _ in range(6):
        if match.is_over():
            break
        seat = match.to_act()[0]
        action = match.bot_action(seat, "vandal")
        match.play(seat, action)
        twin.play(seat, action)
        assert everything_seen(match) == everything_seen(twin)
