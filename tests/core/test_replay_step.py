"""Bridge ``replay_step``: the replay viewer's door — any prefix of a record, seen from a seat the page names."""

from __future__ import annotations

import json

import shoal
from shoal import bridge
from tests.records import random_record


def ask(**req):
    return json.loads(bridge.handle(json.dumps(req)))


finished = random_record  # a whole game of random moves


def test_every_prefix_shows_the_position_after_that_many_moves():
    """A replay steps back and forward through every move: forward, backward and jumps all agree."""
    record = finished("brunch", 3, 4)
    total = len(record["actions"])
    order = list(range(0, total + 1, 7)) + [total, 3, total - 1, 0, 40, 39]
    for upto in order:
        answer = ask(cmd="replay_step", record=record, upto=upto, viewer=None)
        expected = shoal.replay({**record, "actions": record["actions"][:upto]})
        assert answer["ok"] and answer["total"] == total and answer["upto"] == upto
        assert answer["view"] == json.loads(json.dumps(expected.view(None)))
        assert answer["move"] == (record["actions"][upto - 1] if upto else None)
        assert answer["over"] == (upto == total)


def test_a_seat_view_in_a_replay_hides_the_other_hands():
    """Secrecy: a replay from seat 0 is exactly Match.view(0), never more."""
    record = finished("museum", 2, 9)
    answer = ask(cmd="replay_step", record=record, upto=4, viewer=0)
    assert answer["view"] == json.loads(json.dumps(shoal.replay({**record, "actions": record["actions"][:4]}).view(0)))


def test_a_bad_record_or_step_is_refused_with_a_reason():
    record = finished("museum", 2, 1)
    bad = ask(cmd="replay_step", record={**record, "actions": [[0, {"type": "nonsense"}]]}, upto=1)
    assert not bad["ok"] and "illegal" in bad["error"]
    for upto in (-1, len(record["actions"]) + 1, "3", None):
        out = (
            ask(cmd="replay_step", record=record, upto=upto, viewer=None)
            if upto is not None
            else ask(cmd="replay_step", record=record, upto=1.5)
        )
        assert not out["ok"] and "upto" in out["error"]


def test_two_replay_boards_stepped_in_turn_keep_their_own_replay(monkeypatch):
    """Two replay boards on one page (two match names) stepped in turn: each step plays on from that board's own kept
    replay, so each record is replayed once, not once per step; closing a board forgets its replay."""
    replays = []
    real = bridge.replay
    monkeypatch.setattr(bridge, "replay", lambda record: (replays.append(len(record["actions"])), real(record))[1])
    monkeypatch.setattr(bridge, "_replays", {})
    one, two = finished("museum", 2, 3), finished("brunch", 3, 5)
    for upto in range(1, 12):
        for name, record in (("board-1", one), ("board-2", two)):
            answer = ask(cmd="replay_step", match=name, record=record, upto=upto, viewer=None)
            assert answer["ok"] and answer["upto"] == upto and answer["view"]["game"] == record["game"]
    assert replays == [len(one["actions"]), 0, len(two["actions"]), 0]  # each record, and its start, once
    assert ask(cmd="close", match="board-1")["ok"]
    assert ask(cmd="replay_step", match="board-1", record=one, upto=2, viewer=None)["ok"]
    assert len(replays) == 6  # a closed board's replay is built again


def test_the_kept_replays_are_bounded_the_least_recently_stepped_going_first(monkeypatch):
    monkeypatch.setattr(bridge, "_replays", {})
    record = finished("museum", 2, 8)
    for i in range(bridge.MAX_REPLAYS + 1):
        assert ask(cmd="replay_step", match=f"board-{i}", record=record, upto=1, viewer=None)["ok"]
    assert len(bridge._replays) == bridge.MAX_REPLAYS and "board-0" not in bridge._replays
    assert list(bridge._replays)[-1] == f"board-{bridge.MAX_REPLAYS}"
