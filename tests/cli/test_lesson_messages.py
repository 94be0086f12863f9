"""What a lesson's author reads when something is wrong: the checker's usage, lesson ids, condition parameters, a bad
tile, and a build that fails — each says what is wrong in one line, in the words it should, and changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shoal import lessons
from shoal.core import ShoalError

ROOT = Path(__file__).resolve().parents[2]


def _checker(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    return subprocess.run(
        [sys.executable, "-m", "shoal.lessons", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


def _lesson(name: str) -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{name}.json").read_text())


def test_the_checker_prints_its_usage_for_help_and_for_no_file():
    out = _checker("--help")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "usage: python3 -m shoal.lessons" in out.stdout and "LESSON.json" in out.stdout
    assert "lower-case" in out.stdout, "it says what a lesson's file name must be"
    empty = _checker()
    assert empty.returncode == 2 and "Traceback" not in empty.stderr and "usage:" in empty.stderr


def test_a_lesson_file_name_that_is_not_a_lesson_id_is_refused(tmp_path):
    """docs/lessons.md: the file name is the id, lower-case letters, digits and '-'."""
    bad = tmp_path / "Bad_Name.json"
    bad.write_text(json.dumps(_lesson("museum-lines")))
    out = _checker(str(bad))
    assert out.returncode == 1
    assert "lesson id: the file name 'Bad_Name' must be lower-case letters, digits and '-' only" in out.stdout
    assert "'bad-name'" in out.stdout, "it suggests a name that would do"
    good = tmp_path / "good-name-2.json"
    good.write_text(bad.read_text())
    assert _checker(str(good)).returncode == 0


def test_the_checker_lists_every_problem_with_all(tmp_path):
    lesson = _lesson("museum-lines")
    lesson["steps"][0]["highlight"] = ["row:9", "cell:0,0", "line:0"]
    del lesson["steps"][1]["comment"]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(lesson))
    first = _checker(str(path)).stdout.splitlines()
    every = _checker("--all", str(path)).stdout.splitlines()
    assert len(first) == 1 and len(every) == 3
    assert every[0].endswith(
        'lesson step 1, highlight[0]: "row:9" is not drawn on this step\'s board '
        "(seat 0's view); its row refs are row:0"
    )
    assert "lesson step 1, highlight[2]: this step's board (seat 0's view) draws no line: ref" in every[1]
    assert every[2].endswith("lesson step 2, comment: missing")


def _reef_question(colour) -> dict:
    lesson = _lesson("reef-first-habitat")
    q = next(s["question"] for s in lesson["steps"] if s.get("question"))
    q["accept"] = {"condition": "forms_habitat", "colour": colour}
    return lesson


def test_a_colour_is_read_by_name_or_by_letter():
    """ "colour": "purple" used to be refused as "no legal move is accepted" (it wanted "P")."""
    import shoal

    colour = shoal.GAMES["reef"].lesson_conditions["forms_habitat"].params["colour"]
    assert colour.read("purple") == ("P", None) and colour.read("P") == ("P", None)
    letter = lessons.compile_lesson(_reef_question("K"))  # this lesson's position can close a pink hexagon only
    assert lessons.compile_lesson(_reef_question("pink"))["steps"] == letter["steps"]
    assert lessons.compile_lesson(_reef_question("Pink"))["steps"] == letter["steps"]
    judged = [
        (lessons.answer(_reef_question("pink"), 1, a)["right"], lessons.answer(_reef_question("K"), 1, a)["right"])
        for a in letter["steps"][1]["view"]["legal"]
    ]
    assert all(by_name == by_letter for by_name, by_letter in judged) and any(r for r, _ in judged)


def test_a_colour_that_is_not_one_names_the_colours_by_name_and_letter():
    with pytest.raises(lessons.LessonError) as err:
        lessons.compile_lesson(_reef_question("violet"))
    assert str(err.value).endswith(
        'question.accept.colour: "violet" is not one of the colours red (R), yellow (Y), green (G), blue (B), '
        "purple (P), pink (K)"
    )


def test_a_museum_axis_names_the_axes():
    lesson = _lesson("museum-lines")
    lesson["steps"][1]["question"]["accept"] = {"condition": "makes_line_score", "axis": "diagonal"}
    with pytest.raises(lessons.LessonError, match=r'accept\.axis: "diagonal" is not one of the values row, column'):
        lessons.compile_lesson(lesson)


@pytest.mark.parametrize(
    "tile, says",
    [
        (
            "0,1:RRQ@0",
            "bad tile '0,1:RRQ@0': 'Q' is not a coral colour (R red, Y yellow, G green, B blue, P purple, K pink)",
        ),
        ("0,1:RR@0", "bad tile '0,1:RR@0': a tile has 3 corals, 'RR' has 2"),
        ("0,1:RRY@9", "bad tile '0,1:RRY@9': the rotation after @ is 0–5, got '9'"),
        ("0,1:RRY", "bad tile '0,1:RRY': a tile is q,r:COLOURS@rotation"),
        ("a,1:RRY@0", "bad tile 'a,1:RRY@0': 'a,1' is not a cell q,r"),
    ],
)
def test_a_bad_reef_tile_says_what_is_wrong_in_it(tile, says):
    import shoal

    with pytest.raises(ShoalError) as err:
        shoal.new_match("reef", 1, 0, position=f"P H0 {tile} ; M RRY GGB PPK ; S -")
    assert says in str(err.value)


def test_a_bad_market_tile_names_the_wrong_letter():
    import shoal

    with pytest.raises(ShoalError, match="no coral tile 'RRQ': 'Q' is not a coral colour"):
        shoal.new_match("reef", 1, 0, position="P H0 ; M RRQ ; S -")


# --- the build --------------------------------------------------------------------------------------------------------
sys.path.insert(0, str(ROOT / "build_scripts"))


def test_a_build_without_node_says_so_in_one_line_and_leaves_the_site_as_it_was(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("the site that was")
    env = {**os.environ, "PATH": str(tmp_path / "no-tools-here")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "build.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("[build] failed: node was not found: Node.js"), lines
    assert f"{out} is as it was" in lines[0]
    assert (out / "index.html").read_text() == "the site that was"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"], "nothing half-built is left beside it"


def test_a_build_that_fails_half_way_leaves_the_previous_site_and_no_half_written_one(tmp_path, monkeypatch):
    import build

    out = tmp_path / "dist"
    out.mkdir()
    (out / "index.html").write_text("the site that was")

    def half(into: Path) -> None:
        (into / "lessons").mkdir(parents=True)
        (into / "lessons" / "raw.json").write_text("{}")
        raise build.BuildFailed("lesson bad.json: lesson step 3, comment: missing")

    monkeypatch.setattr(build, "build_into", half)
    with pytest.raises(build.BuildFailed, match="step 3, comment: missing"):
        build.build(out)
    assert [p.name for p in out.iterdir()] == ["index.html"] and (out / "index.html").read_text() == "the site that was"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]

    def whole(into: Path) -> str:
        into.mkdir(parents=True)
        (into / "index.html").write_text("the new site")
        return "a site"

    monkeypatch.setattr(build, "build_into", whole)
    build.build(out)
    assert (out / "index.html").read_text() == "the new site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]
