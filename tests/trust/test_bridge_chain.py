"""A click against bots that answer at once is one request: ``play`` with ``bots`` (and ``bots`` with
``chain``) plays those bots round after round until a person is due, exactly as the page's loop did one round trip at
a time, and a refusal of any part plays nothing."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal import bridge

TABLES = [("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 2)]


@pytest.fixture(autouse=True)
def _fresh_bridge(monkeypatch):
    monkeypatch.setattr(bridge, "_matches", {})


def ask(**req):
    return json.loads(bridge.handle(json.dumps(req)))


def one_round_at_a_time(match_name: str, bots: list[list]) -> None:
    """What web/app.js did before: one ``bots`` request of the due bots a round, while any is due."""
    while True:
        match = bridge._matches[match_name]
        due = [[s, b] for s, b in bots if s in match.to_act()]
        if match.is_over() or not due:
            return
        assert ask(cmd="bots", match=match_name, seats=due, viewer=0)["ok"]


@pytest.mark.parametrize("game, players", TABLES)
def test_a_chained_click_plays_what_one_request_a_round_played(game, players):
    """'let instant bots' turns chain inside one request, so a click is one round trip and one redraw' — with the same
    moves, record and view as the rounds asked one by one."""
    bots = [[s, "random"] for s in range(1, players)]
    for name in ("chained", "rounds"):
        ask(cmd="new", match=name, game=game, players=players, seed=5, viewer=0)
        one_round_at_a_time(name, bots)
    clicks = 0
    while not bridge._matches["rounds"].is_over() and clicks < 60:
        legal = ask(cmd="view", match="rounds", viewer=0)["view"]["legal"]
        action = legal[clicks * 7 % len(legal)]
        chained = ask(cmd="play", match="chained", seat=0, action=action, viewer=0, humans=[0], bots=bots)
        assert ask(cmd="play", match="rounds", seat=0, action=action, viewer=0)["ok"]
        one_round_at_a_time("rounds", bots)
        stepwise = ask(cmd="view", match="rounds", viewer=0, humans=[0])
        assert chained["ok"] and {k: v for k, v in chained.items() if k != "moved"} == stepwise
        assert all(s in range(1, players) for s in chained["moved"])
        assert ask(cmd="record", match="chained") == ask(cmd="record", match="rounds")
        clicks += 1
    assert clicks > 0


def test_bots_with_chain_play_until_a_person_is_due_and_say_who_moved():
    ask(cmd="new", game="brunch", players=4, seed=3, viewer=0)
    answer = ask(cmd="bots", seats=[[s, "random"] for s in (1, 2, 3)], chain=True, viewer=0)
    match = bridge._matches["main"]
    assert answer["ok"] and not match.is_over() and match.to_act() == [0]
    assert answer["moved"] == [seat for seat, _ in ask(cmd="record")["record"]["actions"]] != []
    assert answer["to_act"] == [0] and answer["view"] == match.view(0)


def test_a_table_of_bots_alone_answers_after_at_most_max_chain_moves():
    ask(cmd="new", game="brunch", players=4, seed=1, viewer=None)
    answer = ask(cmd="bots", seats=[[s, "random"] for s in range(4)], chain=True, viewer=None)
    assert answer["ok"] and len(answer["moved"]) <= bridge.MAX_CHAIN
    assert answer["over"] or len(answer["moved"]) == bridge.MAX_CHAIN


@pytest.mark.parametrize("bots", [[[1, "no-such-bot"]], [[1, "random"], [9, "random"]], [], "all"])
def test_a_refused_chained_click_plays_nothing_not_even_the_click(bots):
    ask(cmd="new", game="brunch", players=4, seed=3, viewer=0)
    before = ask(cmd="record")["record"]
    legal = ask(cmd="view", viewer=0)["view"]["legal"]
    assert ask(cmd="play", seat=0, action=legal[0], viewer=0, bots=bots)["ok"] is False
    assert ask(cmd="record")["record"] == before


def test_a_bot_that_fails_in_the_chain_takes_the_click_back_too(monkeypatch):
    def illegal(view, legal, rng):
        return {"type": "no-such-move"}

    monkeypatch.setitem(shoal.GAMES["museum"].bots, "illegal", illegal)
    ask(cmd="new", game="museum", players=2, seed=3, viewer=0)
    before = ask(cmd="record")["record"]
    view = ask(cmd="view", viewer=0)
    answer = ask(cmd="play", seat=0, action=view["view"]["legal"][0], viewer=0, bots=[[1, "illegal"]])
    assert answer["ok"] is False
    assert ask(cmd="record")["record"] == before and ask(cmd="view", viewer=0) == view
