"""What the Lesson Studio and a hand-written lesson on a page ask the engine worker: compile a lesson as the build does,
list every problem at once, list the conditions that fit a game, and write a live match's position in its notation."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import shoal
from shoal import bridge, lessons
from tests.lessons.test_positions_written import present

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "web" / "lessons").glob("*.json"))


def ask(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def _lesson(name: str = "museum-lines") -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{name}.json").read_text())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_lesson_compile_gives_exactly_what_the_build_writes(path):
    """One compiler, two places it runs: the worker's answer is the build's file."""
    source = json.loads(path.read_text())
    out = ask(cmd="lesson_compile", lesson=source, id=path.stem)
    assert out["ok"], out
    assert out["lesson"] == json.loads(json.dumps(lessons.compile_lesson(path.read_text(), path.stem)))


def test_lesson_compile_refuses_with_the_clis_words():
    bad = _lesson()
    bad["steps"][1]["highlight"] = ["row:9"]
    out = ask(cmd="lesson_compile", lesson=bad)
    assert not out["ok"] and out["error"].startswith('lesson step 2, highlight[0]: "row:9" is not drawn')


def test_lesson_check_reports_every_independent_problem_with_its_step_and_field():
    bad = _lesson()
    bad["steps"][0]["highlight"] = ["row:9", "line:0", "hand:0.0", 3]
    bad["steps"][1]["comment"] = 7
    bad["steps"][1]["question"]["accept"] = {
        "condition": "any_of",
        "of": [{"condition": "makes_line_score", "axis": "diagonal"}, {"condition": "best_by_bot", "bot": "x"}],
    }
    out = ask(cmd="lesson_check", lesson=bad)
    assert out["ok"]
    found = {(p["step"], p["field"]) for p in out["problems"]}
    assert found == {
        (1, "highlight[0]"),
        (1, "highlight[1]"),
        (1, "highlight[2]"),
        (1, "highlight[3]"),
        (2, "comment"),
        (2, "question.accept.of[0].axis"),
        (2, "question.accept.of[1].bot"),
    }
    for p in out["problems"]:
        assert p["text"] == f"lesson step {p['step']}, {p['field']}: {p['message']}"
    assert [p["step"] for p in out["problems"]] == sorted(p["step"] for p in out["problems"])
    with pytest.raises(lessons.LessonError) as first:
        lessons.compile_lesson(bad)
    assert str(first.value) in [p["text"] for p in out["problems"]], "the compiler's message is one of them"


def test_lesson_check_is_empty_for_a_lesson_that_compiles_and_goes_on_past_a_bad_field():
    assert ask(cmd="lesson_check", lesson=_lesson())["problems"] == []
    bad = _lesson()
    del bad["title"]
    bad["steps"][1]["question"]["accept"] = {"condition": "makes_line_score", "line": 9}
    fields = [(p["step"], p["field"]) for p in ask(cmd="lesson_check", lesson=bad)["problems"]]
    assert fields == [(None, "title"), (2, "question.accept")], "the question is still played and judged"


def test_lesson_check_stops_at_a_move_that_cannot_be_played_and_names_it():
    bad = _lesson("brunch-passing")
    bad["steps"][1]["move"] = [0, {"type": "lunch!"}]
    bad["steps"][3]["highlight"] = ["nothing:here"]
    problems = ask(cmd="lesson_check", lesson=bad)["problems"]
    assert [(p["step"], p["field"]) for p in problems] == [(2, "move")]


@pytest.mark.parametrize("game", list(shoal.GAMES))
def test_lesson_conditions_lists_the_generic_ones_and_the_games_own_with_their_parameters(game):
    out = ask(cmd="lesson_conditions", game=game)
    assert out["ok"]
    names = [c["name"] for c in out["conditions"]]
    assert names[:3] == ["any_of", "scores_at_least", "best_by_bot"]
    assert set(names[3:]) == set(shoal.GAMES[game].lesson_conditions)
    bot = next(c for c in out["conditions"] if c["name"] == "best_by_bot")["params"][0]
    assert bot["choices"] == list(shoal.GAMES[game].bots) and bot["default"] in bot["choices"]
    for c in out["conditions"]:
        assert c["help"] and all(p["type"] in ("int", "str", "colour", "bot") and p["help"] for p in c["params"])


def test_lesson_conditions_names_the_reef_colours_by_letter_and_name():
    habitat = next(c for c in ask(cmd="lesson_conditions", game="reef")["conditions"] if c["name"] == "forms_habitat")
    colour = habitat["params"][0]
    assert colour["type"] == "colour" and colour["choices"] == list("RYGBPK")
    assert colour["labels"] == ["red", "yellow", "green", "blue", "purple", "pink"]
    assert not ask(cmd="lesson_conditions", game="chess")["ok"]


@pytest.mark.parametrize("game, players", [("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 3)])
def test_position_writes_a_live_match_that_starts_again_with_the_same_views(game, players):
    assert ask(cmd="new", match="studio-pos", game=game, players=players, seed=5, viewer=None)["ok"]
    for _ in range(12):
        written = ask(cmd="position", match="studio-pos")
        if game == "aquarena" and not written["ok"]:  # the middle of a tile's resolution
            assert "a tile is being resolved" in written["error"]
        else:
            assert written["ok"], written
            twin = shoal.new_match(game, players, 9, position=written["position"])
            for viewer in [None, *range(players)]:
                mine = ask(cmd="view", match="studio-pos", viewer=viewer)["view"]
                assert present(twin.view(viewer)) == present(mine)
        seat = ask(cmd="view", match="studio-pos", viewer=None)["to_act"][0]
        assert ask(cmd="bot", match="studio-pos", seat=seat, bot="random", viewer=None)["ok"]
    ask(cmd="close", match="studio-pos")


def test_a_lesson_mapped_from_a_recorded_game_compiles():
    """docs/lessons.md "From a recorded game": start = the record's deal (seed, options, position), each step's
    move = the record's next action."""
    match = shoal.new_match("museum", 2, seed=11)
    for _ in range(3):
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[0])
    record = match.record()
    lesson = {
        "title": "From a game",
        "game": record["game"],
        "players": record["players"],
        "seed": record["seed"],
        "options": record["options"],
        "steps": [{"comment": "The deal."}]
        + [{"comment": f"Move {i + 1}.", "move": a} for i, a in enumerate(record["actions"])],
    }
    compiled = ask(cmd="lesson_compile", lesson=copy.deepcopy(lesson))["lesson"]
    assert compiled["steps"][-1]["view"] == match.view(None)
