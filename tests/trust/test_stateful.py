"""One hypothesis state machine per game interleaves legal moves, bot moves,
malformed and out-of-turn actions and bridge requests, and checks after every step that

- a refusal changed nothing (the record and every seat's view),
- ``replay(record())`` reproduces every view,
- every view is JSON and survives a round trip,
- a twin position (what a seat may not see, dealt differently) gives that seat the same view and the same bridge
  answer;
- an undo that is allowed restores exactly the position of the record without the moves taken back, takes back the
  person's own move and (only where no view is private) the bot answers after it, and a refused one changes nothing;
- a lesson asked about the live position (an answer, a play-on) shows the seat what playing that move shows it and
  leaves the match alone, and a spoiled lesson is refused.

The suite runs a few short machines per game; ``SHOAL_HYPOTHESIS_PROFILE=long`` runs many long ones.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import shoal
from shoal import bridge
from shoal.core import ShoalError
from shoal.core import actions as _actions
from tests.core.test_undo import TWINS

LONG = os.environ.get("SHOAL_HYPOTHESIS_PROFILE") == "long"
MACHINE = settings(max_examples=200 if LONG else 4, stateful_step_count=80 if LONG else 15, deadline=None)
NAME = "stateful"


def _deep(n):
    out: list = []
    for _ in range(n):
        out = [out]
    return out


JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(min_value=2**53),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.lists(st.integers(0, 5), max_size=3),
    st.just({"type": []}),
    st.integers(50, 1200).map(lambda n: _deep(n)),
)


def _is_legal(action, legal):
    try:
        return _actions.find(action, legal)
    except RecursionError:  # junk nested deeper than any legal action: not one of them
        return False


def everything(match):
    return json.dumps(
        {"record": match.record(), "views": [match.view(s) for s in [None, *range(match.players)]]}, sort_keys=True
    )


class Trust(RuleBasedStateMachine):
    game_id = ""

    def __init__(self):
        super().__init__()
        self.match = None

    @initialize(data=st.data())
    def start(self, data):
        game = shoal.GAMES[self.game_id]
        players = data.draw(st.integers(game.min_players, game.max_players), label="players")
        seed = data.draw(st.integers(0, 2**53 - 1), label="seed")
        self.match = shoal.new_match(self.game_id, players, seed=seed)
        bridge._matches[NAME] = self.match

    def refused_and_unchanged(self, attempt):
        before = everything(self.match)
        with pytest.raises(ShoalError) as err:
            attempt()
        assert 0 < len(str(err.value)) <= 300
        assert everything(self.match) == before, "a refusal changed the match"

    # --- moves ---------------------------------------------------------------------------------------------------
    @precondition(lambda self: self.match is not None and not self.match.is_over())
    @rule(data=st.data())
    def legal_move(self, data):
        seat = data.draw(st.sampled_from(self.match.to_act()), label="seat")
        self.match.play(seat, data.draw(st.sampled_from(self.match.legal_actions(seat)), label="action"))

    @precondition(lambda self: self.match is not None and not self.match.is_over())
    @rule(data=st.data())
    def bot_move(self, data):
        seat = data.draw(st.sampled_from(self.match.to_act()), label="seat")
        self.match.play(seat, self.match.bot_action(seat, "random"))

    @precondition(lambda self: self.match is not None and not self.match.is_over())
    @rule(data=st.data(), junk=JUNK_VALUES)
    def malformed_action(self, data, junk):
        seat = data.draw(st.sampled_from(self.match.to_act()), label="seat")
        legal = self.match.legal_actions(seat)[0]
        key = data.draw(st.sampled_from([*legal, "extra"]), label="key")
        spoiled = {**legal, key: junk}
        if not _is_legal(spoiled, self.match.legal_actions(seat)):
            self.refused_and_unchanged(lambda: self.match.play(seat, spoiled))
        if junk not in self.match.to_act() or type(junk) is not int:
            self.refused_and_unchanged(lambda: self.match.play(junk, legal))

    @precondition(
        lambda self: (
            self.match is not None and not self.match.is_over() and len(self.match.to_act()) < self.match.players
        )
    )
    @rule(data=st.data())
    def out_of_turn(self, data):
        due = self.match.to_act()
        idle = data.draw(st.sampled_from([s for s in range(self.match.players) if s not in due]), label="idle")
        action = self.match.legal_actions(due[0])[0]
        self.refused_and_unchanged(lambda: self.match.play(idle, action))

    # --- the bridge ----------------------------------------------------------------------------------------------
    @precondition(lambda self: self.match is not None)
    @rule(data=st.data(), junk=JUNK_VALUES)
    def bridge_request(self, data, junk):
        match = self.match
        seat = data.draw(st.integers(-1, match.players), label="seat")
        legal = match.legal_actions(seat) if 0 <= seat < match.players else []
        request = data.draw(
            st.sampled_from(
                [
                    {"cmd": "view", "viewer": seat},
                    {"cmd": "play", "seat": seat, "action": legal[0] if legal else {"type": "pass"}, "viewer": seat},
                    {"cmd": "bot", "seat": seat, "bot": "random", "viewer": 0},
                    {"cmd": "bots", "seats": [[s, "random"] for s in match.to_act()], "viewer": None},
                    {"cmd": "record"},
                ]
            ),
            label="request",
        )
        if data.draw(st.booleans(), label="spoil"):
            key = data.draw(st.sampled_from(sorted(request)), label="key")
            request = {**request, key: junk}
        before = everything(match)
        bridge._matches[NAME] = match
        try:
            text = json.dumps({**request, "match": NAME})
        except (ValueError, RecursionError):
            return  # junk even Python's JSON writer refuses: no page could send it
        answer = json.loads(bridge.handle(text))
        assert bridge._matches[NAME] is match
        if not answer["ok"]:
            assert everything(match) == before, f"a refused {request['cmd']} changed the match"
        elif request["cmd"] != "record":
            viewer = request.get("viewer")
            assert json.dumps(answer["view"]) == json.dumps(match.view(viewer))
            assert set(answer) == {"ok", "to_act", "over", "view"}

    # --- undo ----------------------------------------------------------------------------------------------------
    @precondition(lambda self: self.match is not None and self.match.actions)
    @rule(data=st.data())
    def undo_request(self, data):
        match = self.match
        humans = data.draw(
            st.lists(st.integers(0, match.players - 1), unique=True, max_size=match.players), label="humans"
        )
        seat = data.draw(st.sampled_from([*humans, match.actions[-1][0]]) if humans else st.just(0), label="seat")
        before, actions = everything(match), [list(a) for a in match.actions]
        bridge._matches[NAME] = match
        answer = json.loads(
            bridge.handle(json.dumps({"cmd": "undo", "match": NAME, "seat": seat, "humans": humans, "viewer": seat}))
        )
        if not answer["ok"]:
            assert everything(match) == before and "cannot take back" in answer["error"]
            return
        keep = len(match.actions)
        taken = actions[keep:]
        assert match.actions == actions[:keep] and taken and taken[0][0] == seat
        assert all(mover not in humans for mover, _ in taken[1:]), "then only bot moves"
        if match.game.private_views:
            assert len(taken) == 1, "a bot's answer, chosen on its secrets, is never taken back"
        earlier = shoal.replay({**match.record(), "actions": actions[:keep]})
        assert everything(earlier) == everything(match), "undo restores exactly"
        assert json.dumps(answer["view"]) == json.dumps(match.view(seat))

    # --- lessons -------------------------------------------------------------------------------------------------
    def _lesson(self, data, seat):
        legal = self.match.legal_actions(seat)
        accept = data.draw(
            st.sampled_from(
                [
                    [legal[0]],
                    {"condition": "best_by_bot"},
                    {"condition": "scores_at_least", "points": 2},
                    {"condition": "any_of", "of": [[legal[-1]], {"condition": "scores_at_least", "points": 0}]},
                ]
            ),
            label="accept",
        )
        return {
            "title": "Live",
            "game": self.game_id,
            "players": self.match.players,
            "start": {"record": self.match.record()},
            "steps": [
                {
                    "comment": "Now.",
                    "question": {"seat": seat, "prompt": "?", "accept": accept, "right": "Yes.", "wrong": "No."},
                }
            ],
        }

    @precondition(lambda self: self.match is not None and not self.match.is_over())
    @rule(data=st.data(), junk=JUNK_VALUES)
    def lesson_request(self, data, junk):
        match = self.match
        seat = data.draw(st.sampled_from(match.to_act()), label="seat")
        lesson = self._lesson(data, seat)
        action = data.draw(st.sampled_from(match.legal_actions(seat)), label="answer")
        spoil = data.draw(st.sampled_from([None, "lesson", "step", "action", "text"]), label="spoil")
        request = {
            "cmd": data.draw(st.sampled_from(["lesson_answer", "lesson_open"]), label="cmd"),
            "match": "lesson-live",
            "lesson": lesson,
            "step": 0,
            "action": action,
            "viewer": seat,
        }
        if spoil == "text":
            request["lesson"] = json.dumps(lesson)
        elif spoil:
            request[spoil] = junk
        before = everything(match)
        try:
            text = json.dumps(request)
        except (ValueError, RecursionError):
            return
        answer = json.loads(bridge.handle(text))
        assert everything(match) == before, "a lesson about the position leaves the match alone"
        if spoil not in (None, "text"):
            if not answer["ok"]:
                assert 0 < len(answer["error"]) <= 300
            return
        assert answer["ok"], answer
        shown = shoal.replay(match.record())
        if request["cmd"] == "lesson_answer":
            shown.play(seat, action)
            assert isinstance(answer["right"], bool)
            if isinstance(lesson["steps"][0]["question"]["accept"], list):
                assert answer["right"] == (action == lesson["steps"][0]["question"]["accept"][0])
        assert json.dumps(answer["view"]) == json.dumps(shown.view(seat)), "the seat's own view, nothing more"
        bridge.handle(json.dumps({"cmd": "close", "match": "lesson-live"}))

    # --- after every step ----------------------------------------------------------------------------------------
    @invariant()
    def views_are_json_and_replay(self):
        if self.match is None:
            return
        again = shoal.replay(json.loads(json.dumps(self.match.record())))
        for seat in [None, *range(self.match.players)]:
            view = self.match.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert json.dumps(again.view(seat)) == json.dumps(view), "replay(record()) reproduces every view"

    @invariant()
    def twins_look_alike(self):
        if self.match is None:
            return
        twin = TWINS[self.game_id](self.match, 0)
        assert json.dumps(twin.view(0)) == json.dumps(self.match.view(0))
        answers = []
        for m in (self.match, twin):
            bridge._matches[NAME] = m
            answers.append(bridge.handle(json.dumps({"cmd": "view", "viewer": 0, "match": NAME})))
        bridge._matches[NAME] = self.match
        assert answers[0] == answers[1]

    def teardown(self):
        bridge._matches.pop(NAME, None)


def _machine(game_id):
    machine = type(f"Trust_{game_id}", (Trust,), {"game_id": game_id})
    machine.TestCase.settings = MACHINE
    return machine.TestCase


TestMuseum = _machine("museum")
TestBrunch = _machine("brunch")
TestAquarena = _machine("aquarena")
TestReef = _machine("reef")
