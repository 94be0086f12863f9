"""A lesson's verdict tells the reader nothing its seat cannot see, and costs no more than one bot decision.

Conditions judge from the question seat's view (before the answer, and the view the answer leads to, which the reader
is shown anyway): twins that differ only in what the seat cannot see give every answer the same verdict.
"""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

import pytest

import shoal
from shoal import bridge, lessons
from shoal.core import Rng
from shoal.lessons import LessonError
from tests.core.test_undo import TWINS

ROOT = Path(__file__).resolve().parents[2]


def _lesson(name: str) -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{name}.json").read_text())


# --- secrecy: twins ---------------------------------------------------------------------------------------------------
def _museum_positions(seat: int):
    """Museum positions where ``seat`` places a card and the display holds a face-down card it did not place."""
    for seed in range(40):
        match = shoal.new_match("museum", 2, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            s = match.state
            if match.to_act() == [seat] and s.phase == "place" and any(not s.knows(seat, p) for p in s.grid):
                yield match
            mover = match.to_act()[0]
            match.play(mover, rng.choice(match.legal_actions(mover)))


def _museum_face_down_twin(match, seat: int):
    """The same position with the other seat's face-down cards (and the set-up one) swapped with cards ``seat`` cannot
    see either — the other hand, else the deck below its next card — so the answer draws the same card in both."""
    twin = shoal.replay(match.record())
    s = twin.state
    other = 1 - seat
    hidden = [p for p in s.grid if not s.knows(seat, p)]
    pool = [("hand", i) for i in range(len(s.hands[other]))] + [("deck", i) for i in range(len(s.deck) - 1)]
    for pos, (kind, i) in zip(hidden, pool):
        held = s.hands[other] if kind == "hand" else s.deck
        s.grid[pos], held[i] = held[i], s.grid[pos]
    s.rng = Rng(424242)
    return twin


def _verdicts(match, seat, accepts_):
    legal = match.legal_actions(seat)
    return [[lessons.accepts(match, seat, a, accept) for accept in accepts_] for a in legal]


def test_makes_line_score_judges_from_what_the_seat_can_see():
    """The leak: with an opponent's face-down W1 the same answer was wrong, with W5 right, while seat 0's views were
    identical. A line with a card the seat cannot name is not sure to score, whatever that card is."""
    checked = differed = 0
    for match in _museum_positions(0):
        twin = _museum_face_down_twin(match, 0)
        assert twin.view(0) == match.view(0), "the twin differs only in what seat 0 cannot see"
        if twin.state.grid == match.state.grid:
            continue
        differed += 1
        accepts_ = [
            {"condition": "makes_line_score"},
            {"condition": "makes_line_score", "points": 4},
            *(
                {"condition": "makes_line_score", "line": k, "axis": axis}
                for k in range(-2, 3)
                for axis in ("row", "column")
            ),
        ]
        for action in match.legal_actions(0):
            if _after_view(match, 0, action) != _after_view(twin, 0, action):
                continue  # the answer turned a hidden card face up: the reader sees it anyway
            for accept in accepts_:
                assert lessons.accepts(match, 0, action, accept) == lessons.accepts(twin, 0, action, accept), (
                    match.record(),
                    action,
                    accept,
                )
            checked += 1
        if checked > 300:
            break
    assert differed >= 5 and checked >= 100, (differed, checked)


def _after_view(match, seat, action):
    from shoal.lessons.conditions import after

    return json.dumps(after(match, seat, action).view(seat), sort_keys=True)


@pytest.mark.parametrize(
    "game_id,players,seed", [("museum", 2, 3), ("brunch", 3, 4), ("aquarena", 2, 5), ("aquarena", 3, 6), ("reef", 2, 7)]
)
def test_every_condition_gives_twins_the_same_verdict(game_id, players, seed):
    """scores_at_least (museum counted as the seat knows its lines), best_by_bot and each game's own condition:
    wherever seat 0 answers, the twin world (another deal of what it cannot see) gives every answer the same
    verdict, unless the answer itself shows seat 0 something new (its view after differs)."""
    own = {
        "museum": [{"condition": "makes_line_score"}],
        "brunch": [{"condition": "strongest_hand"}],
        "aquarena": [{"condition": "catches_most"}],
        "reef": [{"condition": "forms_habitat"}],
    }[game_id]
    accepts_ = [
        *({"condition": "scores_at_least", "points": p} for p in (1, 3, 6, 10)),
        {"condition": "best_by_bot"},
        *own,
    ]
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(60):
        if match.is_over():
            break
        if 0 in match.to_act():
            twin = TWINS[game_id](match, 0)
            assert json.dumps(twin.view(0), sort_keys=True) == json.dumps(match.view(0), sort_keys=True)
            for action in rng.sample(match.legal_actions(0), min(6, len(match.legal_actions(0)))):
                if _after_view(match, 0, action) != _after_view(twin, 0, action):
                    continue  # the answer shows seat 0 something new: the reader is shown it anyway
                for accept in accepts_:
                    assert lessons.accepts(match, 0, action, accept) == lessons.accepts(twin, 0, action, accept)
                checked += 1
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    assert checked >= 10, checked


# --- what an answer may cost ------------------------------------------------------------------------------------------
def _with_accept(accept) -> dict:
    lesson = _lesson("museum-lines")
    lesson["steps"][1]["question"]["accept"] = accept
    for key in ("explain", "refute"):  # the accept alone (a refute's bot counts too: test_gamebook)
        lesson["steps"][1]["question"].pop(key)
    return lesson


def test_a_question_asking_too_many_bot_conditions_is_refused_naming_the_step():
    """The cost bomb: ``any_of`` of 100 ``best_by_bot hard`` took 21.8 s a check. At most four bot conditions a
    question, refused when the lesson is read, before any bot thinks."""
    greedy = {"condition": "best_by_bot", "bot": "greedy"}
    lessons.parse(_with_accept({"condition": "any_of", "of": [greedy] * 4}))
    with pytest.raises(
        LessonError,
        match=r"lesson step 2, question\.accept\.of\[4\]: a question may ask at most 4 "
        r"bot conditions",
    ):
        lessons.parse(_with_accept({"condition": "any_of", "of": [greedy] * 5}))
    nested = {"condition": "any_of", "of": [greedy, {"condition": "any_of", "of": [greedy] * 4}]}
    with pytest.raises(LessonError, match=r"step 2, question\.accept\.of\[1\]\.of\[3\]"):
        lessons.parse(_with_accept(nested))


def test_a_question_whose_bots_search_more_than_one_hard_decision_is_refused():
    hard = {"condition": "best_by_bot", "bot": "hard"}
    lessons.parse(_with_accept(hard))
    lessons.parse(
        _with_accept(
            {
                "condition": "any_of",
                "of": [{"condition": "best_by_bot", "bot": "normal"}, {"condition": "best_by_bot", "bot": "easy"}],
            }
        )
    )
    with pytest.raises(
        LessonError,
        match=r"lesson step 2, question\.accept\.of\[1\]: bot \"hard\" takes the "
        r"question's bot searches to 60 iterations, more than one hard decision",
    ):
        lessons.parse(_with_accept({"condition": "any_of", "of": [hard, hard]}))
    with pytest.raises(LessonError, match=r"step 2, question\.accept\.bot: museum has no bot \"grandmaster\""):
        lessons.parse(_with_accept({"condition": "best_by_bot", "bot": "grandmaster"}))


def test_the_issues_lesson_bomb_is_refused_at_once_through_the_bridge():
    bomb = _with_accept({"condition": "any_of", "of": [{"condition": "best_by_bot", "bot": "hard"}] * 100})
    match = lessons.parse(_lesson("museum-lines")).match_at(1)
    start = time.process_time()
    out = json.loads(
        bridge.handle(
            json.dumps({"cmd": "lesson_answer", "lesson": bomb, "step": 1, "action": match.legal_actions(0)[0]})
        )
    )
    assert not out["ok"] and out["error"].startswith('lesson step 2, question.accept.of[1]: bot "hard"')
    assert time.process_time() - start < 5, "refused before any bot searched (the bomb took 21.8 s)"


@pytest.fixture
def bot_calls(monkeypatch) -> list[str]:
    """The bots asked for a move while the test runs, in order."""
    calls: list[str] = []
    real = shoal.Match.bot_action

    def counted(self, seat, bot="random", budget=None):
        calls.append(bot)
        return real(self, seat, bot, budget)

    monkeypatch.setattr(shoal.Match, "bot_action", counted)
    return calls


def test_a_questions_bot_decides_once_for_every_answer_judged(bot_calls):
    """Checking a lesson judges every legal answer; the bot's choice is the same for all, so it is asked once."""
    lesson = _with_accept(
        {
            "condition": "any_of",
            "of": [
                {"condition": "best_by_bot", "bot": "greedy"},
                {"condition": "best_by_bot", "bot": "greedy"},
                {"condition": "best_by_bot", "bot": "easy"},
            ],
        }
    )
    lessons.load(lesson)
    # Checking needs no search here: each bot condition makes at most one move right, and 15 of 18 stay wrong.
    assert bot_calls == []
    legal = lessons.parse(lesson).match_at(1).legal_actions(0)
    lessons.answer(lesson, 1, legal[0])
    assert len(legal) > 10 and sorted(bot_calls) == ["easy", "greedy"]


def test_checking_asks_a_bot_only_when_its_move_decides_whether_the_question_asks_anything(bot_calls):
    """With every move but one accepted by a list, a bot condition beside it decides whether every move is right:
    then, and only then, the check runs the search."""
    source = _with_accept({"condition": "best_by_bot", "bot": "greedy"})
    match = lessons.parse(source).match_at(1)
    legal = match.legal_actions(0)
    chosen = match.bot_action(0, "greedy")
    bot_calls.clear()
    others = [a for a in legal if a != chosen]
    everything = _with_accept({"condition": "any_of", "of": [others, {"condition": "best_by_bot", "bot": "greedy"}]})
    with pytest.raises(LessonError, match="every legal move is accepted"):
        lessons.load(everything)
    assert bot_calls == ["greedy"]
    bot_calls.clear()
    lessons.load(_with_accept({"condition": "any_of", "of": [others[1:], {"condition": "best_by_bot"}]}))
    assert bot_calls == [], "two moves stay open, one bot can take only one of them: no search"


# --- the checker on the command line ----------------------------------------------------------------------------------
def test_the_lesson_checker_says_what_is_wrong_with_a_file_it_cannot_read(tmp_path, capsys):
    """No traceback for a file nested 200,000 deep, a directory or a missing file: one line each, exit status 1."""
    from shoal.lessons.__main__ import main

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    nested = tmp_path / "nested.json"
    nested.write_text('{"a":' * 50 + "1" + "}" * 50)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    huge = tmp_path / "huge.json"
    huge.write_text('"' + "x" * 1_000_001 + '"')
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    paths = [deep, nested, folder, tmp_path / "missing.json", huge, binary]
    assert main([str(p) for p in paths]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{deep}: lesson nested more than 40 deep",
        f"{nested}: lesson nested more than 40 deep",
        f"{folder}: is a directory, not a lesson file",
        f"{tmp_path / 'missing.json'}: no such file",
        f"{huge}: lesson too large (over 1000000 characters)",
        out[5],
    ]
    assert out[5].startswith(f"{binary}: cannot be read: ")


def test_a_lesson_is_held_to_the_same_limits_as_text_and_as_data():
    """A lesson string is measured before it is parsed (5,000 deep: a RecursionError on CPython, a fatal stack
    overflow that killed Pyodide's worker); a lesson handed in as Python data is walked without recursing."""
    deep_text = "[" * 5000 + "]" * 5000
    deep_data: list = []
    for _ in range(5000):
        deep_data = [deep_data]
    source = _lesson("museum-lines")
    deep_accept = copy.deepcopy(source)
    accept: dict = {"condition": "makes_line_score"}
    for _ in range(60):
        accept = {"condition": "any_of", "of": [accept]}
    deep_accept["steps"][1]["question"]["accept"] = accept
    for bad in (deep_text, deep_data, {"steps": deep_data}, deep_accept, json.dumps(deep_accept)):
        with pytest.raises(LessonError, match="lesson nested more than 40 deep"):
            lessons.parse(bad)
    for text in (deep_text, json.dumps(deep_accept)):  # through the worker's door, as a string inside the request
        out = json.loads(bridge.handle(json.dumps({"cmd": "lesson_answer", "lesson": text, "step": 1, "action": {}})))
        assert out == {"ok": False, "error": "lesson nested more than 40 deep"}
    as_data = json.dumps({"cmd": "lesson_answer", "lesson": deep_accept, "step": 1, "action": {}})
    assert json.loads(bridge.handle(as_data)) == {"ok": False, "error": "request nested more than 40 deep"}
    assert lessons.parse(json.dumps(source)).title == source["title"]
