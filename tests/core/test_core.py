"""The core on its own, through a toy game; and the contract suite run over the toy game too."""

from __future__ import annotations

import json

import pytest

import shoal
from shoal import bridge
from shoal.core import BadRecord, IllegalAction, Match, Rng, replay
from tests.contract import test_contract as contract

from .toy import Toy

GAMES = {"toy": Toy()}


def toy_match(seed=0, players=2):
    return Match(GAMES["toy"], players, seed)


def test_rng_is_deterministic_and_copyable():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    c = a.clone()
    assert a.next64() == c.next64()
    assert Rng(1).next64() != Rng(2).next64()
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert sorted(deck) == list(range(10)) and deck != list(range(10))


def test_rng_known_values_pin_the_algorithm():
    """These numbers must never change: every saved record depends on them (bump rules_version if they must)."""
    r = Rng(0)
    assert [r.below(100) for _ in range(6)] == [35, 0, 79, 44, 47, 90]
    r = Rng(2026, 1, 2)
    assert [r.next64() for _ in range(2)] == [1703853485952159277, 13600155687573728104]


def test_simultaneous_seats_all_listed_and_hidden_from_each_other():
    m = toy_match()
    assert m.to_act() == [0, 1]
    m.play(1, {"type": "pick", "n": 3})
    assert m.to_act() == [0]
    assert m.view(0)["log"] == ["Seat 1 picked"] and m.view(1)["log"] == ["You picked 3"]
    assert m.view(0)["table"]["mine"] is None


@pytest.mark.parametrize(
    "action,needle",
    [
        ({"type": "pick", "n": 4}, "'n' = 4 is not legal"),
        ({"type": "pick", "n": True}, "'n' must be int"),
        ({"type": "pick", "n": 2, "x": 0}, "unknown key(s) 'x'"),
        ({"type": "pick"}, "missing key(s) 'n'"),
        ({"type": "pass"}, 'action type "pass" is not legal'),
        ([1], "must be a JSON object"),
        ({"type": "pick", "n": (1,)}, "JSON data"),
    ],
)
def test_refusals_name_what_was_wrong(action, needle):
    m = toy_match()
    with pytest.raises(IllegalAction, match=None) as err:
        m.play(0, action)
    assert needle in str(err.value)
    assert m.actions == []


def test_out_of_turn_and_after_the_end():
    m = toy_match()
    m.play(0, {"type": "pick", "n": 1})
    with pytest.raises(IllegalAction, match="not to act"):
        m.play(0, {"type": "pick", "n": 1})
    while not m.is_over():
        s = m.to_act()[0]
        m.play(s, m.legal_actions(s)[0])
    with pytest.raises(IllegalAction, match="over"):
        m.play(0, {"type": "pick", "n": 1})


def test_a_failing_apply_leaves_the_match_untouched(monkeypatch):
    m = toy_match()
    before = json.dumps([m.view(0), m.view(1), m.record()])

    def boom(state, seat, action):
        state.picks[seat] = 99
        raise RuntimeError("bug")

    monkeypatch.setattr(m.game, "apply", boom)
    with pytest.raises(RuntimeError):
        m.play(0, {"type": "pick", "n": 1})
    assert json.dumps([m.view(0), m.view(1), m.record()]) == before


def test_replay_and_corrupt_records():
    m = toy_match(seed=5, players=3)
    while not m.is_over():
        s = m.to_act()[-1]
        m.play(s, m.legal_actions(s)[1])
    again = replay(json.loads(json.dumps(m.record())), GAMES)
    assert again.outcome() == m.outcome()
    for bad in [[], {**m.record(), "game": "nope"}, {**m.record(), "actions": [[0, {"type": "pick", "n": 9}]]}]:
        with pytest.raises(BadRecord):
            replay(bad, GAMES)


def test_contract_suite_holds_for_the_toy_game(monkeypatch):
    monkeypatch.setattr(shoal, "GAMES", {**shoal.GAMES, **GAMES})
    for n in (2, 3):
        contract.test_random_playouts_end_with_json_outcome("toy", n)
        contract.test_record_replays_to_identical_views("toy", n)
        contract.test_bad_and_out_of_turn_actions_refused_and_nothing_changes("toy", n)
        contract.test_every_bot_plays_legally_to_the_end("toy", n)
    contract.test_replay_refuses_a_corrupt_record_whole("toy")


def test_bridge_speaks_json_and_reports_errors(monkeypatch):
    monkeypatch.setattr(bridge, "GAMES", {**shoal.GAMES, **GAMES})
    monkeypatch.setattr(shoal, "GAMES", {**shoal.GAMES, **GAMES})
    ans = json.loads(bridge.handle(json.dumps({"cmd": "new", "game": "toy", "players": 2, "seed": 3, "viewer": 0})))
    assert ans["ok"] and ans["to_act"] == [0, 1]
    bad = json.loads(
        bridge.handle(json.dumps({"cmd": "play", "seat": 0, "action": {"type": "pick", "n": 7}, "viewer": 0}))
    )
    assert not bad["ok"] and "'n' = 7" in bad["error"]
    other = json.loads(
        bridge.handle(json.dumps({"cmd": "play", "seat": 0, "action": {"type": "pick", "n": 7}, "viewer": 1}))
    )
    assert not other["ok"] and "legal" not in other["error"], "another seat's legal actions are its secret"
    played = json.loads(bridge.handle(json.dumps({"cmd": "bot", "seat": 1, "bot": "random", "viewer": 1})))
    assert played["ok"] and played["to_act"] == [0]
    both = json.loads(bridge.handle(json.dumps({"cmd": "bots", "seats": [[0, "random"], [1, "random"]], "viewer": 0})))
    assert both["ok"] and "actions" not in both, "the answer does not say what the bots chose"
    assert both["to_act"] == [0, 1], "seat 0 was due; seat 1 only in the next round"
    assert json.loads(bridge.handle("{nope"))["ok"] is False
    assert json.loads(bridge.handle(json.dumps({"cmd": "dance"})))["ok"] is False


def test_option_labels_name_each_choice_or_fall_back_to_the_values():
    from shoal.core import Option

    assert Option("Size", (1, 2), 1).to_json()["labels"] == ["1", "2"]
    assert Option("Size", (1, 2), 1, labels=("small", "large")).to_json()["labels"] == ["small", "large"]
    with pytest.raises(ValueError):
        Option("Size", (1, 2), 1, labels=("small",))
