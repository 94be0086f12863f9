"""What just happened, on the board: after the bots move, the page marks exactly the refs the engine's view names
in ``recent`` (the same record replayed by CPython gives the expected view), says in one line what several seats
did, and lets what was placed settle into place — with no animation at all when motion is off."""

from __future__ import annotations

import json
import random
import re

import pytest

import shoal
from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import click, open_match, record, visible, wait_idle

# Each game at a table where several bots move between the person's decisions (instant bots: one request).
TABLES = {
    "museum": "game=museum&players=2&seats=human,greedy&seed=5",
    "brunch": "game=brunch&players=4&seats=human,heuristic,heuristic,heuristic&seed=5",
    "aquarena": "game=aquarena&players=3&seats=human,heuristic,heuristic&seed=5",
    "reef": "game=reef&players=3&seats=human,greedy,greedy&seed=5",
}
# For the refs `want`: the refs that marked elements draw among them, and the elements marked wrongly (a marked one
# that draws none of them, an unmarked one that draws one).
MARKS = """(want) => {
  const refs = (e) => e.dataset.ref.split(/\\s+/).filter((r) => want.includes(r));
  const nodes = [...document.querySelectorAll(".play [data-ref]")];
  const marked = nodes.filter((e) => e.classList.contains("recent"));
  return {
    drawn: [...new Set(nodes.flatMap(refs))],
    shown: [...new Set(marked.flatMap(refs))],
    wrong: nodes.filter((e) => e.classList.contains("recent") !== (refs(e).length > 0)).map((e) => e.dataset.ref),
  };
}"""
# Every animation the page starts (Web Animations API) is counted, with its keyframes' properties and duration.
COUNT_ANIMATIONS = """
window.__animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const props = [...new Set(frames.flatMap((f) => Object.keys(f)))];
  window.__animations.push({ props, duration: typeof options === "number" ? options : options.duration });
  return animate.call(this, frames, options);
};
"""


def expected_recent(page) -> dict:
    """The view's ``recent`` for the seat on screen, from the page's record replayed in CPython."""
    replayed = shoal.replay(json.loads(json.dumps(record(page))))
    return replayed.view(page.evaluate("window.shoal.viewer()"))["recent"]


def named(text: str) -> str:
    """Engine text as the page names seats at a table of one person (seat 0) and bots."""
    return re.sub(r"\{seat:(\d+)\}", lambda m: "You" if m[1] == "0" else f"Bot {int(m[1]) + 1}", text)


def play_and_check(page, game_id: str, clicks: int = 12) -> tuple[int, int]:
    """Click random moves; at every decision, the marks and the line agree with the engine. Returns how many
    decisions had marks and how many had a summary line (so a test can insist the sample held some)."""
    rng = random.Random(3)
    marked = summaries = reef_tabs = 0
    for _ in range(clicks):
        if wait_idle(page) == "over":
            break
        recent = expected_recent(page)
        marks = page.evaluate(MARKS, recent["refs"])
        assert marks["wrong"] == [], (game_id, recent, marks)
        assert sorted(marks["shown"]) == sorted(marks["drawn"])
        unseen = set(recent["refs"]) - set(marks["drawn"])
        if game_id == "reef" and unseen:  # another seat's reef is behind its tab, which is marked: open it
            seat = other_reef(unseen)
            page.click(f".reef-tab[data-ref='seat:{seat}']")
            wait_idle(page)
            behind = {r for r in unseen if r.split(":")[1].startswith(f"{seat}.")}
            assert set(page.evaluate(MARKS, recent["refs"])["shown"]) >= behind, (recent, behind)
            page.click("[data-step='back-to-reef']")
            wait_idle(page)
            reef_tabs += 1
        else:
            assert not unseen, (game_id, recent, marks)
        marked += bool(recent["refs"])
        seats = {m["seat"] for m in recent["moves"] if m["seat"] is not None}
        line = page.query_selector(".play .recent-line")
        if len(seats) > 1:
            assert line is not None, recent
            assert line.inner_text() == "; ".join(named(m["text"]) for m in recent["moves"]) + "."
            summaries += 1
        else:
            assert line is None, (recent, line and line.inner_text())
        handles = visible(page, "[data-action]") or visible(page, "[data-step]")
        click(page, rng.choice(handles))
    assert not page.errors, page.errors
    assert game_id != "reef" or reef_tabs, "a bot's tile on its own reef, seen through its tab"
    return marked, summaries


def other_reef(refs: set[str]) -> int:
    """The one seat whose reef the refs not on screen lie on (AQUA: only another seat's reef is behind a tab)."""
    seats = {int(r.split(":")[1].split(".")[0]) for r in refs}
    assert all(r.startswith(("hex:", "coral:", "habitat:", "animal:")) for r in refs), refs
    assert 0 not in seats, refs
    return min(seats)


@pytest.mark.parametrize("game_id", list(TABLES))
def test_the_board_marks_exactly_what_the_view_says_just_happened(page, game_id):
    open_match(page, TABLES[game_id])
    marked, summaries = play_and_check(page, game_id)
    assert marked >= 2, "the sample must hold decisions with something marked"
    if game_id != "museum":  # two players: never more than one other seat
        assert summaries >= 1, "the sample must hold a decision after several seats moved"


def test_a_bot_move_settles_into_place_briefly_and_only_with_compositor_properties(page):
    page.context.add_init_script(COUNT_ANIMATIONS)
    open_match(page, TABLES["aquarena"])
    for _ in range(3):
        click(page, (visible(page, "[data-action]") or visible(page, "[data-step]"))[0])
        wait_idle(page)
    started = page.evaluate("window.__animations")
    assert started, "a bot's placement should settle into place"
    for a in started:
        assert a["duration"] <= 200, a
        assert set(a["props"]) <= {"opacity", "translate", "scale", "transform", "offset", "easing"}, a


@pytest.mark.parametrize("how", ["setting", "system"])
def test_with_motion_off_nothing_animates(page, how):
    """Off in Settings (kept on the device) or asked by the system: no animation starts and none runs (no CSS
    transition or animation either)."""
    page.context.add_init_script(COUNT_ANIMATIONS)
    if how == "setting":
        value = json.dumps({"format": "shoal-settings", "version": 1, "theme": "system", "motion": "off"})
        page.context.add_init_script(f"localStorage.setItem('shoal.settings', {json.dumps(value)});")
    else:
        page.emulate_media(reduced_motion="reduce")
    open_match(page, TABLES["aquarena"])
    assert page.evaluate("document.documentElement.dataset.motion") == "reduce"
    marked = 0
    for _ in range(6):
        click(page, (visible(page, "[data-action]") or visible(page, "[data-step]"))[0])
        assert page.evaluate("document.getAnimations().length") == 0
        wait_idle(page)
        assert page.evaluate("document.getAnimations().length") == 0
        marked += page.evaluate("document.querySelectorAll('.play .recent').length") > 0
    assert page.evaluate("window.__animations") == []
    assert marked, "the bots' moves are marked all the same"


def test_the_marks_and_the_summary_line_pass_axe_in_both_themes(page):
    """A board right after several bots moved (rings on cards, tiles and seats, the summary line) in light and dark."""
    open_match(page, TABLES["aquarena"])
    for _ in range(4):
        if page.query_selector(".play .recent-line"):
            break
        click(page, (visible(page, "[data-action]") or visible(page, "[data-step]"))[0])
        wait_idle(page)
    assert page.query_selector(".play .recent-line") and page.query_selector(".play .recent")
    found = in_every_theme(page)
    assert found == [], "\n".join(found)
