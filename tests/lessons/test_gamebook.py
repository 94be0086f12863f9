"""Gamebook questions: a hint, explanations tried in order before the generic wrong reply, a refuting reply played
after a wrong move, the solution on request; each new field checked with "lesson step N, field: why", under the same
bound on bot decisions, and none of them telling the reader what its seat may not see."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import shoal
from shoal import bridge, lessons
from shoal.lessons import LessonError
from shoal.lessons.gamebook import after_answer
from tests.core.test_undo import TWINS

ROOT = Path(__file__).resolve().parents[2]
LILY_IN_TOP_ROW = {"type": "place", "card": 6, "x": -1, "y": 0, "face": "down"}
BOAT_IN_TOP_ROW = {"type": "place", "card": 5, "x": -1, "y": 0, "face": "down"}
WAVE_BELOW = {"type": "place", "card": 5, "x": 0, "y": 1, "face": "down"}


def _lesson(name: str) -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{name}.json").read_text())


def _lines(**question) -> dict:
    """museum-lines with its question's gamebook fields replaced by ``question`` (None removes a field)."""
    lesson = _lesson("museum-lines")
    q = lesson["steps"][1]["question"]
    for key in ("hint", "explain", "refute"):
        q.pop(key, None)
    q.update({k: v for k, v in question.items() if v is not None})
    return lesson


def _refused(lesson: dict, pattern: str) -> None:
    with pytest.raises(LessonError, match=pattern):
        lessons.load(lesson)
    assert any(re.search(pattern, str(e)) for e in lessons.check(lesson)), lessons.check(lesson)


# --- the compiler's checks ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields,pattern",
    [
        ({"hint": 3}, r"lesson step 2, question\.hint: must be str, got int"),
        ({"hint": "  "}, r"lesson step 2, question\.hint: is empty"),
        ({"explain": {"accept": []}}, r"lesson step 2, question\.explain: must be list, got dict"),
        ({"explain": []}, r"lesson step 2, question\.explain: an empty list explains nothing"),
        ({"explain": ["no"]}, r"lesson step 2, question\.explain\[0\]: must be \{\"accept\""),
        ({"explain": [{"accept": [LILY_IN_TOP_ROW]}]}, r"lesson step 2, question\.explain\[0\]\.reply: missing"),
        ({"explain": [{"reply": "x"}]}, r"lesson step 2, question\.explain\[0\]\.accept: missing"),
        (
            {"explain": [{"accept": [LILY_IN_TOP_ROW], "reply": "x", "why": "y"}]},
            r"lesson step 2, question\.explain\[0\]: unknown field\(s\) 'why'",
        ),
        (
            {"explain": [{"accept": {"condition": "strongest_hand"}, "reply": "x"}]},
            r"lesson step 2, question\.explain\[0\]\.accept\.condition: strongest_hand is for brunch, not museum",
        ),
        ({"explain": [{"accept": [LILY_IN_TOP_ROW], "reply": "x"}] * 21}, r"at most 20 explanations a question"),
        ({"refute": "best_by_robot"}, r"lesson step 2, question\.refute: must be \[seat, action\], \"best_by_bot\""),
        ({"refute": {"best_by_bot": "grandmaster"}}, r"question\.refute\.best_by_bot: museum has no bot"),
        ({"refute": [5, {"type": "draw"}]}, r"lesson step 2, question\.refute\[0\]: must be a seat 0–1, got 5"),
        ({"refute": [1]}, r"lesson step 2, question\.refute: a move is \[seat, action\]"),
    ],
)
def test_a_gamebook_field_of_the_wrong_shape_is_refused_naming_the_step_and_the_field(fields, pattern):
    _refused(_lines(**fields), pattern)


def test_an_explanation_that_no_wrong_move_meets_is_refused():
    """A right answer gets the right reply: an explanation that only catches right answers would never be said."""
    _refused(
        _lines(explain=[{"accept": [BOAT_IN_TOP_ROW], "reply": "never said"}]),
        r"lesson step 2, question\.explain\[0\]\.accept: no wrong move here meets it",
    )
    _refused(
        _lines(explain=[{"accept": [LILY_IN_TOP_ROW], "reply": "a"}, {"accept": [LILY_IN_TOP_ROW], "reply": "b"}]),
        r"question\.explain\[1\]\.accept: no wrong move here meets it, or an earlier explanation catches each one",
    )
    _refused(
        _lines(explain=[{"accept": [{"type": "place", "card": 99, "x": 0, "y": 0, "face": "up"}], "reply": "x"}]),
        r"lesson step 2, question\.explain\[0\]\.accept: no wrong move",
    )


def test_a_refute_must_be_an_opponents_legal_reply_after_each_wrong_move_it_answers():
    # seat 1 replies in the museum; a written move must be legal after every wrong move it answers
    _refused(
        _lines(refute=[0, {"type": "draw"}]),
        r"lesson step 2, question\.refute: after the wrong move .* seat 1 replies, not 0",
    )
    match = lessons.parse(_lesson("museum-lines")).match_at(1)
    reply = after_answer(match, 0, LILY_IN_TOP_ROW).legal_actions(1)[0]
    _refused(
        _lines(refute=[1, reply]),
        r"lesson step 2, question\.refute: not a legal reply after the wrong move",
    )
    lessons.load(_lines(explain=[{"accept": [LILY_IN_TOP_ROW], "reply": "x", "refute": [1, reply]}]))
    # In Brunch everyone passes at once: nobody replies alone.
    orcas = _lesson("brunch-orcas")
    orcas["steps"][1]["question"]["refute"] = "best_by_bot"
    _refused(orcas, r"lesson step 2, question\.refute: after the wrong move .* seats 1, 2 are to act at once")


def test_a_refutes_bot_counts_toward_the_questions_bound_on_bot_decisions():
    hard = {"condition": "best_by_bot", "bot": "hard"}
    lessons.parse(_lines(refute={"best_by_bot": "hard"}))
    lesson = _lines(refute={"best_by_bot": "hard"})
    lesson["steps"][1]["question"]["accept"] = {"condition": "any_of", "of": [{"condition": "makes_line_score"}, hard]}
    with pytest.raises(LessonError, match=r"lesson step 2, question\.refute: bot \"hard\" takes the question's bot "):
        lessons.parse(lesson)
    greedy = {"condition": "best_by_bot", "bot": "greedy"}
    explain = [{"accept": greedy, "reply": str(i)} for i in range(4)]
    lessons.parse(_lines(explain=explain))
    with pytest.raises(LessonError, match=r"question\.explain\[3\]\.accept: a question may ask at most 4 bot "):
        lessons.parse(_lines(explain=explain, refute="best_by_bot"))  # the refute's bot is the fifth


def test_the_compiled_question_carries_the_hint_but_never_the_replies():
    compiled = lessons.compile_lesson(_lesson("museum-lines"), "museum-lines")
    q = compiled["steps"][1]["question"]
    assert q == {"seat": 0, "prompt": q["prompt"], "hint": _lesson("museum-lines")["steps"][1]["question"]["hint"]}


# --- verdicts -------------------------------------------------------------------------------------------------------
def test_a_wrong_move_gets_the_first_explanation_that_catches_it_else_the_generic_reply():
    lesson = _lines(
        explain=[
            {"accept": [LILY_IN_TOP_ROW], "reply": "the lily is too small"},
            {"accept": [LILY_IN_TOP_ROW, WAVE_BELOW], "reply": "not the top row"},
        ]
    )
    q = lesson["steps"][1]["question"]
    assert lessons.answer(lesson, 1, LILY_IN_TOP_ROW) | {"view": None} == {
        "right": False,
        "reply": "the lily is too small",
        "explained": 0,
        "view": None,
    }
    assert lessons.answer(lesson, 1, WAVE_BELOW)["reply"] == "not the top row"
    other = {"type": "place", "card": 12, "x": 0, "y": -1, "face": "down"}
    got = lessons.answer(lesson, 1, other)
    assert got["reply"] == q["wrong"] and got["explained"] is None and "refute" not in got
    right = lessons.answer(lesson, 1, BOAT_IN_TOP_ROW)
    assert right["right"] and right["reply"] == q["right"] and "explained" not in right


def test_a_refute_plays_the_bots_reply_from_the_replying_seats_view_and_shows_the_reader_its_own():
    lesson = _lines(refute="best_by_bot")
    got = lessons.answer(lesson, 1, LILY_IN_TOP_ROW)
    played = after_answer(lessons.parse(lesson).match_at(1), 0, LILY_IN_TOP_ROW)
    bot = played.bot_action(1, "greedy")  # the museum's quick bot, best_by_bot's default
    before = len(played.view(0)["log"])
    played.play(1, bot)
    assert got["refute"]["seat"] == 1
    assert got["refute"]["view"] == played.view(0), "the reader's own view after the reply, nothing else"
    assert got["refute"]["said"] == played.view(0)["log"][before:]
    assert got["view"]["seat"] == 0 and got["refute"]["view"]["seat"] == 0


def test_the_solution_is_a_move_the_question_accepts():
    for name in ("museum-lines", "brunch-orcas", "aquarena-salamander", "reef-reefs-and-ecosystems"):
        lesson = _lesson(name)
        step = next(i for i, s in enumerate(lesson["steps"]) if s.get("question"))
        got = lessons.answer(lesson, step, None, solve=True)
        match = lessons.parse(lesson).match_at(step)
        seat = lesson["steps"][step]["question"]["seat"]
        assert got["right"] and lessons.accepts(
            match, seat, got["solution"], lesson["steps"][step]["question"]["accept"]
        )
        assert got["said"], "the solution says what it played"
    out = json.loads(
        bridge.handle(json.dumps({"cmd": "lesson_answer", "lesson": _lesson("museum-lines"), "step": 1, "solve": True}))
    )
    assert out["ok"] and out["solution"] == BOAT_IN_TOP_ROW


def test_the_brunch_answer_that_ends_the_round_stays_on_that_round():
    """The last take divides the catch: the answer shows that round's table, not the next deal's new hand."""
    lesson = _lesson("brunch-catch")
    before = lessons.parse(lesson).match_at(4).view(0)
    got = lessons.answer(lesson, 4, {"type": "take", "colour": "red"})
    table = got["view"]["table"]
    assert table["phase"] == "divided" and table["round"] == before["table"]["round"] == 1
    assert table["hand"] == before["table"]["hand"]
    assert table["reveal"]["takes"][-1]["seat"] == 2, "every take of the round is on show"
    # the played-on match is untouched: it deals the next round as ever
    match = lessons.parse(lesson).match_at(4)
    match.play(0, {"type": "take", "colour": "red"})
    assert match.view(0)["table"]["round"] == 2


def test_the_aquarena_refute_that_ends_the_round_stays_on_that_round():
    got = lessons.answer(_lesson("aquarena-salamander"), 1, {"type": "eat_fly", "tile": 1})
    table = got["refute"]["view"]["table"]
    assert table["phase"] == "scored" and table["round"] == 1


# --- secrecy --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game_id,players,seed", [("museum", 2, 3), ("brunch", 3, 4), ("aquarena", 2, 5), ("reef", 2, 7)]
)
def test_explanations_and_refutes_tell_the_reader_nothing_its_seat_cannot_see(game_id, players, seed):
    """Twins that differ only in what seat 0 cannot see pick the same explanation for every answer; twins that
    differ only in what the replying seat cannot see get the same refuting reply."""
    import random

    own = {
        "museum": {"condition": "makes_line_score"},
        "brunch": {"condition": "strongest_hand"},
        "aquarena": {"condition": "catches_most"},
        "reef": {"condition": "forms_habitat"},
    }[game_id]
    q = {
        "accept": [],
        "wrong": "generic",
        "explain": [
            {"accept": own, "reply": "own"},
            {"accept": {"condition": "scores_at_least", "points": 3}, "reply": "three"},
            {"accept": {"condition": "best_by_bot"}, "reply": "bot"},
        ],
    }
    from shoal.lessons import conditions, gamebook

    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    explained = refuted = 0
    for _ in range(60):
        if match.is_over():
            break
        if 0 in match.to_act():
            twin = TWINS[game_id](match, 0)
            for action in rng.sample(match.legal_actions(0), min(5, len(match.legal_actions(0)))):
                if after_answer(match, 0, action).view(0) != after_answer(twin, 0, action).view(0):
                    continue  # the answer itself shows seat 0 something new: the reader sees it anyway
                mine = gamebook.explanation(q, action, conditions.Asked(match, 0))
                theirs = gamebook.explanation(q, action, conditions.Asked(twin, 0))
                assert mine[:2] == theirs[:2]
                explained += 1
                played = after_answer(match, 0, action)
                who = gamebook.replier(played, 0)
                if isinstance(who, int):
                    other = TWINS[game_id](played, who)
                    a = gamebook.refutation(played.clone(), 0, "best_by_bot")
                    b = gamebook.refutation(other.clone(), 0, "best_by_bot")
                    assert a["seat"] == b["seat"] == who
                    assert played.bot_action(who, conditions.default_bot(played.game.bots)) == other.bot_action(
                        who, conditions.default_bot(played.game.bots)
                    ), "the reply sees only the replying seat's view"
                    refuted += 1
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal_actions(seat)))
    assert explained >= 10, explained
    if game_id != "brunch":
        assert refuted >= 3, refuted
