"""Nothing a search is handed can make it run for ever: a playout past ``MAX_PLIES`` or a seat to act with no legal
move ends the decision with ``SearchStuck``, a clear error the bridge answers (without it, one AQUA position would hang
every level, even at budget 1, with "Bot 3 (normal) is thinking…" on screen for good). And the cap cuts no real game."""

from __future__ import annotations

import json
import random

import pytest

import shoal
from shoal import bridge
from shoal.bots.flat import FlatBot
from shoal.bots.search import MAX_PLIES, GameSearch, SearchBot, SearchStuck
from shoal.core import Game, Outcome, Rng, State


class _Walk(State):
    def clone(self):
        twin = _Walk.__new__(_Walk)
        self._clone_base(twin)
        twin.steps = self.steps
        return twin


class Endless(Game):
    """Two moves, both going on: the game never ends."""

    id, title, min_players, max_players = "endless", "Endless", 1, 1
    private_views = False

    def setup(self, players, options, rng):
        s = _Walk(players, options, rng)
        s.steps = 0
        return s

    def to_act(self, s):
        return [0]

    def legal_actions(self, s, seat):
        return [{"type": "left"}, {"type": "right"}]

    def apply(self, s, seat, action):
        s.steps += 1

    def is_over(self, s):
        return False

    def outcome(self, s):
        return Outcome(1).to_json()

    def view(self, s, seat):
        return {"steps": s.steps}


class Stuck(Endless):
    """After the first move the seat is still to act but has no legal move: the state of the old AQUA hang."""

    id, title = "stuck", "Stuck"

    def legal_actions(self, s, seat):
        return [] if s.steps else [{"type": "left"}, {"type": "right"}]


def _spec(game: Game) -> GameSearch:
    return GameSearch(
        sample=lambda view, rng: game.setup(1, {}, rng),
        evaluate=lambda s, seat: 0.5,
        policy=lambda s, seat, legal, rng: legal[0],
    )


def _decide(bot) -> None:
    view = {"seat": 0, "players": 1, "options": {}, "table": {"steps": 0}}
    bot(view, [{"type": "left"}, {"type": "right"}], Rng(1))


@pytest.mark.parametrize(
    "make",
    [
        lambda game: SearchBot(_spec(game), game, iterations=3, rollout_depth=None),
        lambda game: FlatBot(_spec(game), game, iterations=4),
    ],
    ids=["ismcts", "flat"],
)
def test_a_playout_that_never_ends_stops_at_the_ply_cap_with_an_error(make):
    with pytest.raises(SearchStuck, match=f"reached {MAX_PLIES} plies without the game ending"):
        _decide(make(Endless()))


@pytest.mark.parametrize(
    "make",
    [
        lambda game: SearchBot(_spec(game), game, iterations=3, rollout_depth=None),
        lambda game: SearchBot(_spec(game), game, iterations=3, rollout_depth=5),
        lambda game: FlatBot(_spec(game), game, iterations=4),
    ],
    ids=["ismcts", "ismcts-shallow", "flat"],
)
def test_a_seat_to_act_with_no_legal_move_stops_the_search_with_an_error(make):
    with pytest.raises(SearchStuck, match="seat 0 is to act with no legal move"):
        _decide(make(Stuck()))


def test_a_stuck_search_is_an_answer_through_the_bridge_and_changes_nothing(monkeypatch):
    """The worker answers and goes on answering: a search that cannot go on is a short error, the match unchanged."""
    step = json.loads(
        bridge.handle(
            json.dumps({"cmd": "new", "match": "stuck", "game": "reef", "players": 2, "seed": 3, "viewer": 0})
        )
    )
    seat = step["to_act"][0]
    level = shoal.GAMES["reef"].bots["normal"]

    def jam(state, rng):
        raise SearchStuck("reef: the search met a position where seat 1 is to act with no legal move")

    monkeypatch.setattr(level, "_rollout", jam)
    before = json.loads(bridge.handle(json.dumps({"cmd": "record", "match": "stuck"})))["record"]
    out = json.loads(
        bridge.handle(
            json.dumps({"cmd": "bot", "match": "stuck", "seat": seat, "bot": "normal", "viewer": 0, "budget": 2})
        )
    )
    assert out == {"ok": False, "error": "reef: the search met a position where seat 1 is to act with no legal move"}
    assert json.loads(bridge.handle(json.dumps({"cmd": "record", "match": "stuck"})))["record"] == before
    monkeypatch.undo()
    assert json.loads(
        bridge.handle(
            json.dumps({"cmd": "bot", "match": "stuck", "seat": seat, "bot": "normal", "viewer": 0, "budget": 2})
        )
    )["ok"]
    bridge.handle(json.dumps({"cmd": "close", "match": "stuck"}))


def _plies_to_the_end(game_id: str, players: int, seed: int, choose) -> int:
    game = shoal.GAMES[game_id]
    state = game.setup(players, shoal.new_match(game_id, players, seed=seed).options, Rng(seed))
    rng = Rng(seed, 5)
    plies = 0
    while not game.is_over(state):
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, choose(state, seat, legal, rng))
            plies += 1
    return plies


@pytest.mark.parametrize("game_id", sorted(shoal.GAMES))
def test_the_ply_cap_is_far_above_any_real_games_length(game_id):
    """The cap changes no real decision: whole games at the most seats, played by the game's own rollout policy and by
    random moves, stay under a fifth of it (measured longest: Brunch at 7 seats, a few hundred plies)."""
    import importlib

    policy = importlib.import_module(f"shoal.games.{game_id}.search").SEARCH.policy
    game = shoal.GAMES[game_id]
    picker = random.Random(game_id)
    longest = 0
    for seed in (1, 2):
        longest = max(
            longest,
            _plies_to_the_end(game_id, game.max_players, seed, policy),
            _plies_to_the_end(game_id, game.max_players, seed, lambda s, seat, legal, rng: picker.choice(legal)),
        )
    assert 0 < longest * 5 < MAX_PLIES, longest
