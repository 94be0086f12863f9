"""The engine contract, checked the same way over every registered game and every player count.

Modelled on OpenSpiel's random_sim_test: whatever a game's rules, these properties hold for all of them.
"""

from __future__ import annotations

import json

import pytest

import shoal
from shoal.core import IllegalAction, Rng

CASES = [(gid, n) for gid, g in shoal.GAMES.items() for n in range(g.min_players, g.max_players + 1)]
# The fewest and the most seats of each game, for the bots' whole games: the counts in between are played to the end
# by the random playouts above, and every bot's games at each of them cost a minute of the suite.
END_CASES = [(gid, n) for gid, g in shoal.GAMES.items() for n in sorted({g.min_players, g.max_players})]
MAX_PLIES = 5000


def _views(match):
    return json.dumps([match.view(s) for s in [None, *range(match.players)]], sort_keys=True)


def _playout(match, rng, max_plies=MAX_PLIES):
    """Random legal play to the end; checks the per-step contract on the way."""
    for _ in range(max_plies):
        waiting = match.to_act()
        if not waiting:
            return
        assert waiting == sorted(set(waiting)), "to_act lists distinct seats in order"
        for seat in waiting:
            assert match.legal_actions(seat), f"seat {seat} is to act but has no legal action"
        seat = rng.choice(waiting)
        legal = match.legal_actions(seat)
        assert json.loads(json.dumps(legal)) == legal, "legal actions are JSON-native"
        match.play(seat, rng.choice(legal))
    raise AssertionError(f"no end after {max_plies} plies")


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_playouts_end_with_json_outcome(game_id, players):
    for seed in range(3):
        match = shoal.new_match(game_id, players, seed=seed)
        _playout(match, Rng(seed, 99))
        assert match.is_over() and match.to_act() == []
        outcome = match.outcome()
        assert json.loads(json.dumps(outcome)) == outcome
        assert len(outcome["scores"]) == players == len(outcome["breakdown"])
        assert outcome["winners"] and set(outcome["winners"]) <= set(range(players))
        for seat in range(players):
            assert sum(r["points"] for r in outcome["breakdown"][seat]) == outcome["scores"][seat]


@pytest.mark.parametrize("game_id,players", CASES)
def test_record_replays_to_identical_views(game_id, players):
    match = shoal.new_match(game_id, players, seed=11)
    rng = Rng(5)
    checkpoints = []
    for _ in range(MAX_PLIES):
        if match.is_over():
            break
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
        if len(match.actions) % 7 == 0:
            checkpoints.append((json.loads(json.dumps(match.record())), _views(match)))
    record = json.loads(json.dumps(match.record()))
    assert _views(shoal.replay(record)) == _views(match)
    for rec, views in checkpoints[:5]:
        assert _views(shoal.replay(rec)) == views


@pytest.mark.parametrize("game_id,players", CASES)
def test_same_seed_same_match_different_seed_may_differ(game_id, players):
    a, b = shoal.new_match(game_id, players, seed=3), shoal.new_match(game_id, players, seed=3)
    assert _views(a) == _views(b)


BAD_ACTIONS = [None, 3, "pass", [], {"type": "no-such-action"}, {"type": 1.5}, {"\u00e9": []}]


@pytest.mark.parametrize("game_id,players", CASES)
def test_bad_and_out_of_turn_actions_refused_and_nothing_changes(game_id, players):
    match = shoal.new_match(game_id, players, seed=1)
    twin = shoal.new_match(game_id, players, seed=1)
    rng = Rng(2)
    for _ in range(60):
        if match.is_over():
            break
        before = (_views(match), json.dumps(match.record()))
        waiting = match.to_act()
        idle = [s for s in range(players) if s not in waiting]
        legal = match.legal_actions(waiting[0])
        attempts = [(waiting[0], bad) for bad in BAD_ACTIONS]
        attempts += [(waiting[0], {**legal[0], "extra": 1}), (-1, legal[0]), (players, legal[0]), ("0", legal[0])]
        if idle:
            attempts.append((idle[0], legal[0]))
        for key, value in legal[0].items():
            if key != "type":
                attempts.append((waiting[0], {**legal[0], key: [value, value]}))
        for seat, bad in attempts:
            with pytest.raises(IllegalAction) as err:
                match.play(seat, bad)
            assert str(err.value), "the refusal says what was wrong"
            assert json.dumps(match.record()) == before[1], f"{bad!r} from seat {seat!r} changed the record"
        assert _views(match) == before[0], "a refused action changed what a seat sees"
        seat = rng.choice(waiting)
        action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        twin.play(seat, action)
        assert _views(match) == _views(twin), "refused actions left no trace, not even in the RNG"


@pytest.mark.parametrize("game_id,players", END_CASES)
def test_every_bot_plays_legally_to_the_end(game_id, players):
    game = shoal.GAMES[game_id]
    for bot in game.bots:
        match = shoal.new_match(game_id, players, seed=4)
        for _ in range(MAX_PLIES):
            if match.is_over():
                break
            seat = match.to_act()[0]
            match.play(seat, match.bot_action(seat, bot, budget=3))  # search levels: a tiny budget, same code
        assert match.is_over(), f"bot {bot} finished the match"


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_replay_refuses_a_corrupt_record_whole(game_id):
    game = shoal.GAMES[game_id]
    match = shoal.new_match(game_id, game.min_players, seed=9)
    for _ in range(5):
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[-1])
    good = match.record()
    corrupt = [
        "not a record",
        {**good, "game": "chess"},
        {**good, "rules_version": good["rules_version"] + 1},
        {**good, "players": game.max_players + 1},
        {**good, "seed": "7"},
        {**good, "surprise": 1},
        {**good, "actions": good["actions"] + [[0, {"type": "no-such-action"}]]},
        {**good, "actions": [[0]] + good["actions"]},
        {k: v for k, v in good.items() if k != "actions"},
    ]
    for bad in corrupt:
        with pytest.raises(shoal.BadRecord):
            shoal.replay(bad)
    assert _views(shoal.replay(good)) == _views(match)


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_game_info_is_json_and_options_validated(game_id):
    game = shoal.GAMES[game_id]
    info = game.info()
    assert json.loads(json.dumps(info)) == info
    assert info["title"] and info["min_players"] <= info["max_players"]
    assert "random" in game.bots
    with pytest.raises(shoal.ShoalError):
        shoal.new_match(game_id, game.min_players, options={"no_such_option": 1})
    with pytest.raises(shoal.ShoalError):
        shoal.new_match(game_id, game.max_players + 1)


@pytest.mark.parametrize("game_id,players", [(g, n) for g, n in CASES if not shoal.GAMES[g].private_views])
def test_a_game_without_secrets_shows_every_seat_what_a_spectator_sees(game_id, players):
    """``private_views = False`` lets hot-seat play skip the pass screen: it must be true at every step."""
    game = shoal.GAMES[game_id]
    match = shoal.new_match(game_id, players, seed=12)
    rng = Rng(8)

    def public(view):
        table = {k: v for k, v in view["table"].items() if k not in game.viewer_fields}
        return json.dumps([view["log"], table, view["to_act"]], sort_keys=True)

    while not match.is_over():
        spectator = public(match.view(None))
        assert all(public(match.view(s)) == spectator for s in range(players))
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))


@pytest.mark.parametrize("game_id", list(shoal.GAMES))
def test_a_bot_is_handed_exactly_its_seats_view_and_random_costs_none(game_id, monkeypatch):
    """A bot sees only its view; and a click's Python is mostly views, so a bot that never reads its view
    (``random``) must not cost one."""
    from shoal.core import match as match_module

    handed = []
    real = match_module.LazyView

    def spy(build):
        view = real(build)
        handed.append(view)
        return view

    monkeypatch.setattr(match_module, "LazyView", spy)
    match = shoal.new_match(game_id, shoal.GAMES[game_id].min_players, seed=5)
    seat = match.to_act()[0]
    before = match.view(seat)
    match.bot_action(seat, "random")
    assert len(handed) == 1 and not handed[0].built, "random chose without a view being built"
    # What a bot that reads it gets: the seat's view, equal to Match.view(seat), and a copy it may edit freely.
    given = handed[0]
    assert given == before and dict(given) == before and len(given) == len(before)
    given["table"] = None
    del given["log"]
    assert match.view(seat) == before, "editing the handed view changes nothing in the match"
    reader = [name for name in shoal.GAMES[game_id].bots if name != "random"][0]
    handed.clear()
    match.bot_action(seat, reader, budget=3)
    assert len(handed) == 1
    if len(match.legal_actions(seat)) > 1:
        assert handed[0].built, f"{reader} read its seat's view"
