"""Gamebook questions on the page, one shipped lesson per game: the hint (and that it was used), a wrong move's own
explanation, the opponent's reply that refutes it and then the position back, "Show solution" after two wrong tries,
the right answer staying on the board with a way on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal import lessons
from tests.e2e.a11y import in_every_theme
from tests.e2e.test_lessons_page import data_action, play_museum_answer

ROOT = Path(__file__).resolve().parents[2]
VIEW = ".shoal-view"

# lesson: (step, first wrong move, second wrong move, right move, clicks before the right move)
CASES = {
    "museum-lines": (
        1,
        {"type": "place", "card": 6, "x": -1, "y": 0, "face": "down"},
        {"type": "place", "card": 5, "x": 0, "y": 1, "face": "down"},
        {"type": "place", "card": 5, "x": -1, "y": 0, "face": "down"},
        [],
    ),
    "brunch-orcas": (
        1,
        {"type": "pass", "card": "orca8"},
        {"type": "pass", "card": "baby"},
        {"type": "pass", "card": "shark717"},
        [],
    ),
    "aquarena-salamander": (
        1,
        {"type": "eat_fly", "tile": 1},
        {"type": "eat_fly", "tile": 0},
        {"type": "eat_card", "tile": 1, "seat": 1, "card": 6},
        [],
    ),
    "reef-reefs-and-ecosystems": (
        1,
        {"type": "snail"},
        {"type": "place", "tile": 0, "q": 1, "r": 1, "rot": 0},
        {"type": "place", "tile": 0, "q": -1, "r": 2, "rot": 2},
        ["rot-2"],
    ),
}


def source(lesson_id: str) -> dict:
    return json.loads((ROOT / "web" / "lessons" / f"{lesson_id}.json").read_text())


def open_question(page, lesson_id: str, step: int) -> None:
    """Open the lesson at step index ``step`` (the link counts steps from 1, as the board's counter does)."""
    page.goto(page.site_url + f"index.html?lesson=lessons/{lesson_id}.json&step={step + 1}&botDelay=0")
    page.wait_for_selector(f"{VIEW}[data-painted][data-gamebook=ask]")
    page.wait_for_function("() => document.querySelector('.sv-board [data-action], .sv-board [data-step]')")


def play(page, lesson_id: str, action: dict, clicks: list[str] = ()) -> None:
    """Make the move on the board as a reader does (a museum card first, then its square)."""
    if lesson_id.startswith("museum"):
        play_museum_answer(page, action)
        return
    for name in clicks:
        page.click(f".sv-board [data-step='{name}']")
    page.locator(f".sv-board [data-action='{data_action(action)}']").first.click()


def watch_phases(page) -> None:
    """Record every phase the question goes through (data-gamebook), however quickly it passes."""
    page.evaluate(
        """() => { const v = document.querySelector('.shoal-view'); window.phases = [];
        new MutationObserver(() => { const p = v.dataset.gamebook;
          if (window.phases[window.phases.length - 1] !== p) window.phases.push(p); })
          .observe(v, {attributes: true, attributeFilter: ['data-gamebook']}); }"""
    )


def board_text(page) -> str:
    return page.inner_text(".sv-board")


def back_to_the_question(page, tries: int) -> None:
    page.wait_for_selector(f"{VIEW}[data-gamebook=ask][data-tries='{tries}'] [data-answer=wrong]")


@pytest.mark.parametrize("lesson_id", sorted(CASES))
def test_a_gamebook_question_hint_explained_mistakes_refute_solution_and_right_answer(page, lesson_id):
    step, wrong, wrong2, right, clicks = CASES[lesson_id]
    src = source(lesson_id)
    q = src["steps"][step]["question"]
    open_question(page, lesson_id, step)
    question_board = board_text(page)

    # The hint, on request, and marked as used.
    assert not page.query_selector("[data-hint]") and not page.query_selector(f"{VIEW}[data-hint-used]")
    page.click("[data-nav=hint]")
    assert page.inner_text("[data-hint]") == "Hint: " + q["hint"]
    assert page.query_selector(f"{VIEW}[data-hint-used]")
    assert "Hint used" in page.inner_text(".sv-question")

    # A wrong move: its own explanation; with a refute, the opponent's reply is played; then the position is back.
    expected = lessons.answer(src, step, wrong)
    assert expected["explained"] == 0 and expected["reply"] == q["explain"][0]["reply"]
    watch_phases(page)
    play(page, lesson_id, wrong)
    back_to_the_question(page, 1)
    phases = page.evaluate("window.phases")
    if "refute" in q:
        assert phases == ["checking", "wrong", "refute", "ask"], phases
        refute = page.inner_text("[data-refute]")
        assert refute.startswith("What follows: Player 2 ") and len(refute) > 25, refute
    else:
        assert phases == ["checking", "wrong", "ask"], phases
        assert not page.query_selector("[data-refute]")
    assert page.inner_text(".sv-reply") == q["explain"][0]["reply"]
    assert page.get_attribute("[data-answer]", "data-explained") == "0"
    assert board_text(page) == question_board, "the question's position is back"
    assert not page.query_selector("[data-nav=solution]"), "the solution waits for a second wrong try"

    # A second wrong try (another explanation, or the generic reply): now the solution is offered.
    play(page, lesson_id, wrong2)
    back_to_the_question(page, 2)
    assert page.inner_text(".sv-reply") == lessons.answer(src, step, wrong2)["reply"]
    page.click("[data-nav=solution]")
    page.wait_for_selector(f"{VIEW}[data-gamebook=solved] [data-answer=solved]")
    solved = lessons.answer(src, step, None, solve=True)
    assert solved["right"] and page.inner_text(".sv-reply") == q["right"]
    assert page.inner_text("[data-solution]").startswith("Solution shown: ")
    assert board_text(page) != question_board, "the solution's move is played on the board"
    asks = sum(1 for s in src["steps"] if s.get("question"))
    assert page.inner_text(".sv-progress-line").startswith(f"0 of {asks} question"), "a solution shown is not solved"

    # Try it again, and find it: the right answer stays on the board, and the reader steps on when ready.
    page.click("[data-nav=retry]")
    page.wait_for_selector(f"{VIEW}[data-gamebook=ask]")
    assert not page.query_selector("[data-answer]")
    play(page, lesson_id, right, clicks)
    page.wait_for_selector(f"{VIEW}[data-gamebook=right] [data-answer=right]")
    assert page.inner_text(".sv-reply") == q["right"]
    assert page.get_attribute(VIEW, "data-step") == str(step), "the board stays on the question's step"
    assert f"1 of {asks} question" in page.inner_text(".sv-progress-line"), "the right answer is remembered"
    if step < len(src["steps"]) - 1:
        page.click("[data-nav=continue]")
        page.wait_for_selector(f"{VIEW}[data-step='{step + 1}']")
    else:
        assert not page.query_selector("[data-nav=continue]")
        # Its one question solved on its last step: the lesson is finished, and its game's Learn page ticks it.
        page.goto(page.site_url + f"learn.html?game={src['game']}")
        page.wait_for_selector(f".learn-list a[data-lesson='{lesson_id}'] .learn-tick[data-finished='1']")
    assert not page.errors, page.errors


def test_after_the_brunch_answer_the_board_stays_on_the_round_until_the_reader_steps_on(page):
    """Taking the last perch ends the round: the board shows the catch divided, with the same hand, not a new deal."""
    step = 4
    open_question(page, "brunch-catch", step)
    hand = page.evaluate(
        "[...document.querySelectorAll('.sv-board .my-area [data-ref]')].map(n => n.dataset.ref)"
        ".filter(r => /^(hand|card):/.test(r))"
    )
    page.click("[data-nav=hint]")
    play(page, "brunch-catch", {"type": "take", "colour": "red"})
    page.wait_for_selector(f"{VIEW}[data-gamebook=right] [data-answer=right]")
    assert "Catch divided" in board_text(page)
    assert "Round 1" in board_text(page) and "Round 2" not in board_text(page)
    after = page.evaluate(
        "[...document.querySelectorAll('.sv-board .my-area [data-ref]')].map(n => n.dataset.ref)"
        ".filter(r => /^(hand|card):/.test(r))"
    )
    assert hand and after == hand, (hand, after)
    assert page.get_attribute(VIEW, "data-step") == str(step)
    assert not page.errors, page.errors


def test_a_copy_of_a_gamebook_lesson_opens_in_the_studio_with_its_fields_kept(page):
    page.goto(page.site_url + "studio.html?lesson=museum-lines&botDelay=0")
    page.wait_for_function("() => window.studio && window.studio.lesson && window.studio.lesson()")
    page.wait_for_selector("[data-studio=title]")
    q = page.evaluate("window.studio.lesson()")["steps"][1]["question"]
    written = source("museum-lines")["steps"][1]["question"]
    fields = ("hint", "explain", "refute")
    assert {k: q.get(k) for k in fields} == {k: written[k] for k in fields}
    assert not page.errors, page.errors


MARKS = """() => {
  const style = (n) => getComputedStyle(n);
  const lit = [...document.querySelectorAll('.sv-board .hl')].map((n) => n instanceof SVGElement
    ? {svg: true, dashed: style(n).strokeDasharray !== 'none', colour: style(n).stroke}
    : {svg: false, dashed: style(n).outlineStyle === 'dashed', colour: style(n).outlineColor});
  const acting = [...document.querySelectorAll('.shoal-view .to-act, .shoal-view .acting, .shoal-view .now')]
    .map((n) => ({lit: n.classList.contains('hl'), dashed: style(n).outlineStyle === 'dashed',
      shadow: style(n).boxShadow}));
  return {lit, acting};
}"""


@pytest.mark.parametrize(
    "lesson_id,step",
    [("museum-lines", 0), ("brunch-catch", 0), ("aquarena-salamander", 1), ("reef-reefs-and-ecosystems", 0)],
)
def test_a_highlight_never_looks_like_the_to_act_mark(page, lesson_id, step):
    """A highlight is a dashed magenta line; whose turn it is stays a soft glow (Brunch's seat:0 looked like it)."""
    page.goto(page.site_url + f"index.html?lesson=lessons/{lesson_id}.json&step={step + 1}&botDelay=0")
    page.wait_for_selector(f"{VIEW}[data-painted] .sv-board .hl")
    marks = page.evaluate(MARKS)
    assert marks["lit"] and all(m["dashed"] for m in marks["lit"]), marks["lit"]
    assert all(m["colour"] in ("rgb(194, 37, 92)", "rgb(247, 131, 172)") for m in marks["lit"]), marks["lit"]
    assert marks["acting"], "the to-act mark is on show too"
    for m in marks["acting"]:  # a seat both to act and highlighted shows both marks, one of each kind
        assert m["dashed"] == m["lit"] and "194, 37, 92" not in m["shadow"], m


def test_a_question_with_its_hint_explanation_and_reply_has_no_serious_accessibility_violation(page):
    step, wrong, *_ = CASES["museum-lines"]
    open_question(page, "museum-lines", step)
    page.click("[data-nav=hint]")
    play(page, "museum-lines", wrong)
    back_to_the_question(page, 1)
    assert page.query_selector("[data-refute]") and page.query_selector("[data-hint]")
    assert not in_every_theme(page)
