"""Lessons: the shipped ones compile and ask real questions; malformed ones are refused naming the step and field."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import shoal
from shoal import bridge, lessons
from shoal.core import ShoalError

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "web" / "lessons").glob("*.json"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_lesson_compiles_and_each_question_accepts_one_legal_move_and_refuses_another(path):
    """Every shipped lesson compiles, and every question has at least one accepted legal action and at least one
    refused one."""
    source = _load(path)
    compiled = lessons.compile_lesson(source, path.stem)
    assert compiled["format"] == "shoal-lesson" and compiled["id"] == path.stem
    assert len(compiled["steps"]) == len(source["steps"])
    lesson = lessons.parse(source)
    asked = 0
    for i, step in enumerate(source["steps"]):
        shown = compiled["steps"][i]
        assert shown["view"]["seat"] == shown["viewer"]
        if not step.get("question"):
            assert shown["question"] is None
            continue
        asked += 1
        q = step["question"]
        assert shown["question"] == {
            "seat": q["seat"],
            "prompt": q["prompt"],
            **({"hint": q["hint"]} if "hint" in q else {}),
        }
        assert shown["view"]["legal"], "the reader sees the moves to choose from"
        verdicts = [lessons.answer(lesson, i, a)["right"] for a in shown["view"]["legal"]]
        assert any(verdicts) and not all(verdicts)
    assert asked >= 1, "each lesson has at least one question"


def test_compiled_views_are_exactly_what_the_viewer_sees_at_each_step():
    """TEAM.md: each step's "view" is Match.view(viewer) after the move, so it hides what that seat may not see."""
    source = _load(ROOT / "web" / "lessons" / "brunch-passing.json")
    compiled = lessons.compile_lesson(source)
    lesson = lessons.parse(source)
    for i, step in enumerate(compiled["steps"]):
        match = lesson.match_at(i)
        assert step["view"] == match.view(step["viewer"])
        others = [h for s, h in enumerate(match.state.hands) if s != step["viewer"]]
        assert step["view"]["table"]["hand"] not in others or step["view"]["table"]["hand"] == match.state.hands[0]


def _lesson() -> dict:
    return _load(ROOT / "web" / "lessons" / "brunch-passing.json")


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda L: L["steps"][1].pop("comment"), "step 2, comment: missing"),
        (lambda L: L["steps"][1].update(move=[0, {"type": "lunch!"}]), "step 2, move: "),
        (lambda L: L["steps"][2].update(move=[5, {"type": "keep_passing"}]), "step 3, move: seat must be"),
        (lambda L: L["steps"][0].update(highlight=["not a ref"]), "step 1, highlight[0]"),
        (
            lambda L: L["steps"][3]["question"].update(accept={"condition": "makes_line_score"}),
            "step 4, question.accept.condition: makes_line_score is for museum",
        ),
        (
            lambda L: L["steps"][3]["question"].update(accept={"condition": "guess"}),
            "step 4, question.accept.condition",
        ),
        (
            lambda L: L["steps"][3]["question"].update(accept=[{"type": "pass", "card": "orca8"}]),
            "step 4, question.accept[0]: not a legal move",
        ),
        (lambda L: (L["steps"][3].update(viewer=0), L["steps"][3]["question"].update(seat=1)), "step 4, viewer"),
        (
            lambda L: L["steps"][1].update(question=L["steps"][3]["question"]),
            "step 2, question.seat: seat 0 is not to act",
        ),
        (
            lambda L: L["steps"][3]["question"].update(
                accept=[{"type": "pass", "card": c} for c in ("walrus", "shark575", "baby")]
            ),
            "step 4, question.accept: every legal move is accepted",
        ),
        (lambda L: L["steps"][3]["question"].pop("wrong"), "step 4, question.wrong: missing"),
        (lambda L: L["steps"][0].update(colour="red"), "step 1, fields: unknown field(s) 'colour'"),
        (lambda L: L.update(players=9), "lesson players"),
        (lambda L: L.update(start={"position": "nonsense"}), "lesson start: brunch position"),
    ],
)
def test_a_malformed_lesson_is_refused_naming_the_step_and_the_field(change, message):
    """Malformed lessons are refused with a message naming the step and the field."""
    bad = _lesson()
    change(bad)
    with pytest.raises(ShoalError) as err:
        lessons.validate(bad)
    assert message in str(err.value)


def test_answer_says_right_wrong_or_not_allowed_and_shows_the_view_after_the_move():
    lesson = _lesson()
    right = lessons.answer(lesson, 3, {"type": "pass", "card": "baby"})
    assert right["right"] and right["reply"] == lesson["steps"][3]["question"]["right"]
    assert right["view"]["table"]["my_choice"] == "baby"
    wrong = lessons.answer(lesson, 3, {"type": "pass", "card": "shark575"})
    assert not wrong["right"] and wrong["reply"] == lesson["steps"][3]["question"]["wrong"]
    refused = lessons.answer(lesson, 3, {"type": "pass", "card": "orca8"})
    assert not refused["right"] and "not allowed" in refused["reply"]
    assert refused["view"]["table"]["my_choice"] is None


def test_bridge_lesson_answer_and_lesson_open():
    """TEAM.md: lesson_answer {lesson, step, action} and lesson_open {match, lesson, step, viewer}."""
    lesson = _lesson()
    out = json.loads(
        bridge.handle(
            json.dumps(
                {"cmd": "lesson_answer", "lesson": lesson, "step": 3, "action": {"type": "pass", "card": "walrus"}}
            )
        )
    )
    assert out["ok"] and out["right"] is True and out["view"]["seat"] == 0
    out = json.loads(
        bridge.handle(
            json.dumps({"cmd": "lesson_open", "match": "lesson-test", "lesson": lesson, "step": 3, "viewer": 0})
        )
    )
    assert out["ok"] and out["to_act"] == [0, 1, 2] and out["view"]["table"]["phase"] == "pass"
    out = json.loads(
        bridge.handle(
            json.dumps(
                {
                    "cmd": "play",
                    "match": "lesson-test",
                    "seat": 0,
                    "action": {"type": "pass", "card": "baby"},
                    "viewer": 0,
                }
            )
        )
    )
    assert out["ok"]
    bad = json.loads(
        bridge.handle(
            json.dumps({"cmd": "lesson_open", "match": "lesson-test", "lesson": lesson, "step": 99, "viewer": 0})
        )
    )
    assert not bad["ok"] and "steps 0–3" in bad["error"]
    bridge.handle(json.dumps({"cmd": "close", "match": "lesson-test"}))


def test_a_malformed_lesson_fails_the_build_with_its_message(tmp_path):
    """A malformed lesson fails the build with the message."""
    sys.path.insert(0, str(ROOT / "build_scripts"))
    import build

    folder = tmp_path / "lessons"
    folder.mkdir()
    good = _lesson()
    (folder / "good.json").write_text(json.dumps(good))
    build.compile_lessons(tmp_path / "out", folder)
    index = json.loads((tmp_path / "out" / "lessons" / "index.json").read_text())
    compiled = json.loads((tmp_path / "out" / "lessons" / "good.json").read_text())
    assert index == [
        {
            "id": "good",
            "title": good["title"],
            "game": "brunch",
            "summary": good["summary"],
            "steps": 4,
            "hash": compiled["hash"],
        }
    ]
    bad = copy.deepcopy(good)
    del bad["steps"][2]["comment"]
    (folder / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SystemExit) as err:
        build.compile_lessons(tmp_path / "out2", folder)
    assert "bad.json" in str(err.value) and "step 3, comment: missing" in str(err.value)


def test_generic_conditions_best_by_bot_scores_at_least_and_any_of():
    """Brief: generic "any_of"/"best_by_bot"/"scores_at_least" conditions, evaluated by the engine."""
    source = _load(ROOT / "web" / "lessons" / "museum-lines.json")
    lesson = lessons.parse(source)
    match = lesson.match_at(1)
    legal = match.legal_actions(0)
    bot_move = match.bot_action(0, "greedy")
    picked = [a for a in legal if lessons.accepts(match, 0, a, {"condition": "best_by_bot"})]
    assert picked == [bot_move]
    from shoal.lessons.conditions import after, points

    best = max(points(after(match, 0, a), 0) for a in legal)
    top = [a for a in legal if lessons.accepts(match, 0, a, {"condition": "scores_at_least", "points": best})]
    assert top and all(points(after(match, 0, a), 0) == best for a in top) and len(top) < len(legal)
    either = {"condition": "any_of", "of": [[legal[0]], {"condition": "scores_at_least", "points": best}]}
    assert [a for a in legal if lessons.accepts(match, 0, a, either)] == [a for a in legal if a == legal[0] or a in top]
    assert match.actions == lesson.match_at(1).actions, "checking an answer never changes the lesson's match"


def test_the_lesson_checker_reports_ok_and_names_the_step_of_a_broken_lesson(tmp_path, capsys):
    from shoal.lessons.__main__ import main

    good = tmp_path / "good.json"
    good.write_text(json.dumps(_lesson()))
    broken = _lesson()
    broken["steps"][0]["highlight"] = [3]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    assert main([str(good)]) == 0
    assert main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "good.json: ok (4 steps, 1 question)" in out and "bad.json: lesson step 1, highlight[0]" in out


def test_a_compiled_lesson_is_read_through_its_source():
    compiled = lessons.compile_lesson(_lesson())
    assert lessons.answer(compiled, 3, {"type": "pass", "card": "baby"})["right"] is True


def test_at_least_five_lessons_per_game_each_with_a_question():
    """At least five lessons per game, and each lesson has at least one question."""
    per_game: dict[str, int] = {}
    for path in SHIPPED:
        source = _load(path)
        assert any(step.get("question") for step in source["steps"]), path.name
        per_game[source["game"]] = per_game.get(source["game"], 0) + 1
    assert set(per_game) == set(shoal.GAMES) and min(per_game.values()) >= 5, per_game


def test_a_lessons_hash_changes_with_its_words_not_its_spacing():
    """A reader's remembered place is kept per content hash: the same lesson written with other spacing or key order
    keeps it, an edited comment (or move, or question) starts fresh."""
    good = _lesson()
    same = json.loads(json.dumps(good, indent=3, sort_keys=True))
    assert lessons.compile_lesson(good, "a")["hash"] == lessons.compile_lesson(same, "a")["hash"]
    assert lessons.compile_lesson(json.dumps(good, indent=1), "a")["hash"] == lessons.compile_lesson(good, "a")["hash"]
    edited = copy.deepcopy(good)
    edited["steps"][1]["comment"] += " Look again."
    assert lessons.compile_lesson(edited, "a")["hash"] != lessons.compile_lesson(good, "a")["hash"]
    assert len(lessons.compile_lesson(good, "a")["hash"]) == 16
