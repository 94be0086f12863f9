"""docs/lessons.md teaches the hand-written format by example: every whole lesson written there is one the checker
accepts as it stands, and there is one per game using the gamebook fields (a teacher copies them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import shoal
from shoal.lessons import check

DOC = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"


def written_lessons() -> list[dict]:
    """Every ```json block of the page that is a whole lesson (it has steps), in the page's order."""
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)
    found = [json.loads(text) for text in blocks]
    return [obj for obj in found if isinstance(obj, dict) and "steps" in obj]


@pytest.mark.parametrize("lesson", written_lessons(), ids=lambda lesson: lesson["title"])
def test_every_lesson_written_in_the_docs_is_accepted_by_the_checker(lesson):
    assert [str(problem) for problem in check(lesson)] == []


def test_the_docs_show_a_gamebook_question_for_every_game():
    """Each game has a whole example with a hint and an explained mistake; each game whose question lets one seat
    answer has a refute too (Brunch passes all at once: the checker refuses a refute there)."""
    asked = {}
    for lesson in written_lessons():
        for step in lesson["steps"]:
            if step.get("question"):
                asked.setdefault(lesson["game"], set()).update(step["question"])
    assert set(asked) == set(shoal.GAMES)
    for game, fields in asked.items():
        assert {"hint", "explain"} <= fields, game
        assert ("refute" in fields) == (game != "brunch"), game


def test_the_checker_counts_a_one_step_example_in_good_english(tmp_path, capsys):
    from shoal.lessons.__main__ import main

    one = next(lesson for lesson in written_lessons() if len(lesson["steps"]) == 1)
    path = tmp_path / "one-step.json"
    path.write_text(json.dumps(one))
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("ok (1 step, 1 question)")
