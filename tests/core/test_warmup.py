"""shoal.warmup: the scratch clicks a worker plays after the first board (so that the first real clicks redraw the board
as fast as later ones) never touch the match the page opened, draw no shared randomness, and leave nothing behind."""

from __future__ import annotations

import json
import random

import pytest

import shoal
from shoal import bridge, warmup


def ask(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def new_request(gid: str, players: int, **extra) -> str:
    return json.dumps({"cmd": "new", "game": gid, "players": players, "seed": 5, "viewer": 0, "humans": [0], **extra})


def play_out(name: str, clicks: int) -> list:
    """A few clicks of the page's kind (seat 0 against chained random bots); the answers, for comparison."""
    answers = []
    rng = random.Random(9)
    for _ in range(clicks):
        answer = ask(cmd="view", match=name, viewer=0, humans=[0])
        if answer["over"] or 0 not in answer["to_act"]:
            break
        others = [[s, "random"] for s in range(answer["view"]["players"]) if s != 0]
        answers.append(
            ask(
                cmd="play",
                match=name,
                seat=0,
                action=rng.choice(answer["view"]["legal"]),
                viewer=0,
                humans=[0],
                bots=others,
            )
        )
    return answers


@pytest.mark.parametrize("gid", sorted(shoal.GAMES))
def test_a_warm_up_leaves_the_opened_match_and_its_bots_choices_as_they_were(gid):
    """The warm-up runs beside the player's match; the same clicks give the same answers with or without it."""
    players = max(2, shoal.GAMES[gid].min_players)
    request = new_request(gid, players, match="with")
    ask(**json.loads(request))
    ask(**{**json.loads(request), "match": "without"})
    done = sum(1 for _ in warmup.steps(request))
    assert done >= 3  # it did play: the scratch match, then clicks
    assert warmup.MATCH not in bridge._matches  # closed at the end
    assert play_out("with", 6) == play_out("without", 6)
    assert (
        ask(cmd="record", match="with")["record"]["actions"] == ask(cmd="record", match="without")["record"]["actions"]
    )
    for name in ("with", "without"):
        ask(cmd="close", match=name)


@pytest.mark.parametrize("gid", sorted(shoal.GAMES))
def test_a_whole_warm_up_plays_the_scratch_game_through_the_bridge_without_a_refusal(gid):
    """Every step is a bridge request the page itself could send; a refusal would raise (and stop the warm-up)."""
    players = shoal.GAMES[gid].min_players
    for _ in warmup.steps(new_request(gid, players), clicks=400):
        assert warmup.MATCH in bridge._matches
    assert warmup.MATCH not in bridge._matches


def test_a_warm_up_ended_early_closes_its_scratch_match():
    """The worker ends the warm-up at the first request: closing the steps must close the scratch match at once."""
    steps = warmup.steps(new_request("reef", 2))
    next(steps)
    next(steps)
    assert warmup.MATCH in bridge._matches
    steps.close()
    assert warmup.MATCH not in bridge._matches


def test_a_reopened_saved_game_warms_its_own_title():
    """A `load` request (a saved game) names its game inside the record."""
    match = shoal.new_match("aquarena", 3, seed=2)
    load = json.dumps({"cmd": "load", "record": match.record(), "viewer": 0})
    seen = []
    real = bridge.handle

    def spy(text):
        seen.append(json.loads(text))
        return real(text)

    bridge.handle = spy
    try:
        for _ in warmup.steps(load, clicks=1):
            pass
    finally:
        bridge.handle = real
    assert seen[0]["cmd"] == "new" and seen[0]["game"] == "aquarena" and seen[0]["players"] == 3


@pytest.mark.parametrize("opened", ["{}", '{"cmd": "new", "game": "nope", "players": 2}', '{"cmd": "games"}'])
def test_a_request_that_opened_no_known_game_warms_nothing(opened):
    assert list(warmup.steps(opened)) == []
    assert warmup.MATCH not in bridge._matches


@pytest.mark.parametrize("gid", sorted(shoal.GAMES))
def test_a_bridge_answer_says_exactly_what_the_copied_view_says(gid):
    """The bridge serialises the view without copying it first (Match.shared_view); the text is the same."""
    players = max(2, shoal.GAMES[gid].min_players)
    match = shoal.new_match(gid, players, seed=4)
    ask(cmd="new", match="same", game=gid, players=players, seed=4, viewer=0)
    rng = random.Random(2)
    for _ in range(12):
        if match.is_over():
            break
        seat = match.to_act()[0]
        action = rng.choice(match.legal_actions(seat))
        match.play(seat, action)
        answer = ask(cmd="play", match="same", seat=seat, action=action, viewer=seat)
        assert answer["view"] == json.loads(json.dumps(match.view(seat)))
        shared = match.shared_view(seat)
        assert json.dumps(shared) == json.dumps(match.view(seat))
    ask(cmd="close", match="same")
