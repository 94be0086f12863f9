"""Compiled replays (shoal.replays): a record with every step's spectator view beside it, for a page to paint without
Python. Each step is what the replay viewer's ``replay_step`` shows the spectator; nobody's hand is in it; a file that
was edited or cut is refused whole."""

from __future__ import annotations

import copy
import json

import pytest

import shoal
from shoal import replays
from shoal.core import ShoalError
from tests.core.test_replay_step import ask, finished

GAMES = [("museum", 2, 3), ("brunch", 3, 4), ("aquarena", 3, 5), ("reef", 2, 6)]


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_every_step_is_the_view_replay_step_shows_the_spectator(game, players, seed):
    record = finished(game, players, seed)
    compiled = replays.compile_replay(record)
    views = replays.views(compiled)
    assert compiled["total"] == len(record["actions"]) == len(views) - 1
    for upto, view in enumerate(views):
        answer = ask(cmd="replay_step", match="compiled", record=record, upto=upto, viewer=None)
        assert view == answer["view"], f"step {upto}"
    assert compiled["record"]["actions"] == record["actions"]
    assert replays.check(json.loads(replays.dumps(compiled))) is not None  # its own file reads back whole


def test_the_bridge_compiles_what_the_module_does_and_keeps_the_seats_and_names():
    record = {**finished("museum", 2, 8), "seats": ["human", "bot"], "names": ["Ana", ""]}
    answer = ask(cmd="replay_compile", record=record)
    assert answer["ok"] and answer["replay"] == json.loads(json.dumps(replays.compile_replay(record)))
    assert answer["replay"]["record"]["names"] == ["Ana", ""] and answer["replay"]["record"]["seats"][1] == "bot"


def test_a_bad_record_is_refused_and_nothing_is_compiled():
    record = finished("museum", 2, 3)
    record["actions"][4] = [0, {"nonsense": True}]
    answer = ask(cmd="replay_compile", record=record)
    assert not answer["ok"] and "action" in answer["error"]


def _card_ids(value) -> set[int]:
    """Every museum card named anywhere in a view (a card is an object with an id and a code)."""
    found, stack = set(), [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "id" in v and "code" in v:
                found.add(v["id"])
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return found


@pytest.mark.parametrize("seed", [3, 11])
def test_no_hand_appears_in_a_compiled_museum_replay(seed):
    """A hidden-hand game's compiled replay holds the spectator's views only: at every step no card either seat holds
    is named, while the seats' own views of the same step do name them (so the check could fail)."""
    record = finished("museum", 2, seed)
    compiled = replays.compile_replay(record)
    match = shoal.replay({**record, "actions": []})
    held = 0
    for k, step in enumerate(compiled["steps"]):
        if k:
            match.play(*record["actions"][k - 1])
        assert step["view"]["seat"] is None
        shown = _card_ids(step["view"])
        for seat in range(2):
            hand = _card_ids(match.view(seat)["table"]["hand"])
            held += len(hand)
            assert not hand & shown, f"step {k}: seat {seat}'s hand is in the spectator's view"
        assert not step["view"]["legal"]
    assert held > 2 * len(compiled["steps"])  # hands were held all along: the check looked for real cards


def _corrupt(compiled: dict, how: str) -> dict:
    bad = copy.deepcopy(compiled)
    if how == "a view edited":
        bad["steps"][3]["view"]["table"]["turn"] = 99
    elif how == "a step cut":
        del bad["steps"][-1]
    elif how == "a seat's view":
        bad["steps"][2]["view"]["seat"] = 0
    elif how == "a log line added":
        bad["steps"][1]["log"]["add"].append("{seat:1} reveals every card.")
    elif how == "the record edited":
        bad["record"]["seed"] += 1
    elif how == "another version":
        bad["version"] = 2
    elif how == "an unknown key":
        bad["hands"] = [[1, 2, 3]]
    elif how == "no steps":
        bad["steps"] = []
    return bad


@pytest.mark.parametrize(
    "how",
    [
        "a view edited",
        "a step cut",
        "a seat's view",
        "a log line added",
        "the record edited",
        "another version",
        "an unknown key",
        "no steps",
    ],
)
def test_a_corrupt_compiled_replay_is_refused_whole(how):
    compiled = replays.compile_replay(finished("museum", 2, 3))
    with pytest.raises(ShoalError, match="compiled replay"):
        replays.check(_corrupt(compiled, how))


def test_a_record_is_not_a_compiled_replay():
    with pytest.raises(ShoalError, match="not a compiled replay"):
        replays.check(finished("museum", 2, 3))
