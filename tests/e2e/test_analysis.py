"""Post-game analysis in the replay viewer and hints at the table, in the browser (docs/analysis.md "In the page").

Budgets are tiny (``analysisBudget``, ``botBudget``): the page's analysis must give the very marks CPython's gives
for the same record and budget, which checks the page asks the bridge for the right seats and shows what it answers.
"""

from __future__ import annotations

import json
import random

import pytest

import shoal
from shoal.analysis import Hint, analyse, attempt, walk
from tests.e2e.a11y import serious_violations
from tests.e2e.driver import click_through, open_match, record, wait_idle
from tests.e2e.test_my_games import SETTLED as MY_GAMES_SETTLED
from tests.e2e.test_viewer import settled, write
from tests.records import random_record

BUDGET = 8
VIEW = ".shoal-view"


def analysed(page, timeout: float = 240_000) -> None:
    page.wait_for_selector(f"{VIEW}[data-analysis=done]", timeout=timeout)


def page_marks(page) -> dict[int, str]:
    """The marks beside the moves of the step list, by move."""
    return {
        int(h.get_attribute("data-step-index")): h.query_selector("[data-mark]").get_attribute("data-mark")
        for h in page.query_selector_all(".sv-steps [data-step-index]")
        if h.query_selector("[data-mark]")
    }


def cpython_analysis(rec: dict, seats: list[int], budget: int = BUDGET) -> dict:
    clean = {k: v for k, v in rec.items() if k not in ("seats", "names")}
    return analyse(json.loads(json.dumps(clean)), seats=seats, budget=budget)


def click_action(page, action: dict, board: str = f"{VIEW} .sv-board") -> None:
    """Click the board's control for `action`, taking a step toward it (picking a card) when it is not on show."""
    find = (
        "([sel, a]) => { const canon = (x) => JSON.stringify(x, Object.keys(x).sort());"
        " return [...document.querySelectorAll(sel + ' [data-action]')].find((n) =>"
        " canon(JSON.parse(n.dataset.action)) === canon(a)) ? true : false; }"
    )
    click = (
        "([sel, a]) => { const canon = (x) => JSON.stringify(x, Object.keys(x).sort());"
        " [...document.querySelectorAll(sel + ' [data-action]')].find((n) =>"
        " canon(JSON.parse(n.dataset.action)) === canon(a)).dispatchEvent(new MouseEvent('click', {bubbles: true})); }"
    )
    if page.evaluate(find, [board, action]):
        page.evaluate(click, [board, action])
        return
    for i in range(len(page.query_selector_all(f"{board} [data-step]"))):
        page.query_selector_all(f"{board} [data-step]")[i].click()
        if page.evaluate(find, [board, action]):
            page.evaluate(click, [board, action])
            return
        page.keyboard.press("Escape")
    raise AssertionError(f"no control for {action} on the board")


def try_the_better_move(page, d: dict) -> str:
    """At the marked decision `d`: "Try it yourself", the better move played on the board; the answer's verdict."""
    page.click(f"[data-marked-ply='{d['ply']}']")
    settled(page, step=d["ply"] - 1)
    page.click("[data-nav=try-it]")
    click_action(page, d["best"])
    page.wait_for_selector("[data-answer]")
    return page.get_attribute("[data-answer]", "data-answer")


def finished_museum(page, seed: int = 11, budget: int = BUDGET) -> dict:
    open_match(page, f"game=museum&players=2&seats=human,bot&seed={seed}&analysisBudget={budget}")
    click_through(page, random.Random(2))
    return record(page)


def test_a_finished_game_is_analysed_with_the_marks_cpython_gives_and_the_better_move_drawn(page):
    """End screen → Analyse: a progress bar, then marks beside the moves (the same as CPython's for the record and
    budget), a per-seat summary, and at a marked step the better move drawn on the board from that seat's view."""
    rec = finished_museum(page)
    page.click("[data-nav=analyse-game]")
    analysed(page)
    expect = cpython_analysis(rec, [0])
    marks = {d["ply"]: d["mark"] for d in expect["decisions"] if d["mark"]}
    assert marks, "random moves against a bot earn marks"
    assert page_marks(page) == marks
    words = page.eval_on_selector_all(".sv-steps [data-mark] .sr-only", "ns => ns.map(n => n.textContent.trim())")
    assert sorted(words) == sorted(f"({m})" for m in marks.values()), "each mark has its word, not colour alone"
    row = expect["summary"]["seats"][0]
    for name in ("inaccuracy", "mistake", "blunder"):
        assert page.inner_text(f"[data-summary-seat='0'] [data-count={name}]") == str(row[name])
    assert (
        page.inner_text("[data-summary-seat='0'] [data-count=mean_loss]") == f"{row['mean_loss']:.2f} winning chances"
    )
    assert not page.query_selector("[data-summary-seat='1']"), "museum hides hands: only the player's own seat"
    ply = min(marks)
    page.click(f"[data-marked-ply='{ply}']")
    settled(page, step=ply - 1)
    best = next(d for d in expect["decisions"] if d["ply"] == ply)["best"]
    drawn = page.eval_on_selector_all(f"{VIEW} [data-better]", "ns => ns.map(n => JSON.parse(n.dataset.action))")
    steps_lit = page.query_selector_all(f"{VIEW} .sv-board .hl")
    assert drawn and all(a == best for a in drawn) or steps_lit, "the better move is drawn on the board"
    assert page.query_selector(f"{VIEW} .sv-board .hl")
    assert "better move" in page.inner_text(".sv-caption")
    assert not serious_violations(page, "light"), "the analysis panel, its marks and the drawn move are accessible"
    assert not page.errors


def test_try_it_yourself_accepts_the_better_move_and_judges_another(page):
    """ "Try it yourself" at a marked step: the better move is right, the move played is wrong, and any other move is
    judged by the engine (try_move) as CPython judges it."""
    rec = finished_museum(page)
    page.click("[data-nav=analyse-game]")
    analysed(page)
    expect = cpython_analysis(rec, [0])
    d = next(d for d in expect["decisions"] if d["mark"])
    assert try_the_better_move(page, d) == "right"
    page.click("[data-nav=retry]")
    click_action(page, d["played"])
    page.wait_for_selector("[data-answer]")
    assert page.get_attribute("[data-answer]", "data-answer") == "wrong"
    clean = json.loads(json.dumps({k: v for k, v in rec.items() if k not in ("seats", "names")}))
    decision = next(walk(clean, [(d["ply"], 0)]))
    judged = [m["action"] for m in d["moves"]]
    other = next((a for a in decision.legal if a not in judged and a != d["best"]), None)
    if other is not None:
        page.click("[data-nav=retry]")
        click_action(page, other)
        page.wait_for_selector("[data-answer]", timeout=120_000)
        mark = attempt(clean, d["ply"], other, BUDGET).advance(lambda: False)["mark"]
        assert page.get_attribute("[data-answer]", "data-answer") == ("wrong" if mark else "right")
    assert not page.errors


def test_the_analysis_runs_in_slices_the_replay_steps_meanwhile_and_cancel_stops_it(page):
    """A long analysis: its progress bar moves, stepping through the replay still works, Cancel stops it."""
    finished_museum(page, seed=4, budget=400)
    page.click("[data-nav=replay]")
    settled(page, "replay")
    page.click("[data-nav=analyse]")
    page.wait_for_selector(f"{VIEW}[data-analysis=running]")
    page.wait_for_function(
        "() => { const p = document.querySelector('[data-analysis-progress]');"
        " return p && +p.dataset.analysisProgress > 0; }"
    )
    step = int(page.get_attribute(VIEW, "data-step"))
    page.click("[data-nav=first]")
    settled(page, step=0)
    page.click("[data-nav=next]")
    settled(page, step=1)
    assert step != 1
    state = page.get_attribute(VIEW, "data-analysis")
    if state == "running":  # a tiny budget may already have finished
        page.click("[data-nav=analysis-cancel]")
        assert page.get_attribute(VIEW, "data-analysis") == "cancelled"
        page.wait_for_selector("[data-nav=analyse]")
        assert "cancelled" in page.inner_text(".sv-analysis")
        shown = page_marks(page)  # those of decisions finished before Cancel, if any
        page.wait_for_timeout(600)
        assert page.get_attribute(VIEW, "data-analysis") == "cancelled", "nothing more is taken from the bridge"
        assert page_marks(page) == shown, "no decision arrives after Cancel"
    assert not page.errors


def test_a_hint_is_drawn_not_played_counted_and_kept_with_the_save(page):
    """Hint: the engine's preferred move (as CPython finds it) is drawn on the board, nothing is played; after a
    reload the resumed game keeps the count, and the end screen says how many hints were used."""
    open_match(page, f"game=museum&players=2&seats=human,bot&seed=8&analysisBudget={BUDGET}")
    before = record(page)
    page.click("[data-hint]")
    page.wait_for_selector("[data-hint-shown]")
    assert record(page)["actions"] == before["actions"], "a hint plays nothing"
    expected = Hint(shoal.replay(json.loads(json.dumps(before))), 0, BUDGET).advance(lambda: False)["best"]["action"]
    hinted = page.eval_on_selector_all("[data-hinted]", "ns => ns.map(n => JSON.parse(n.dataset.action))")
    assert hinted and all(a == expected for a in hinted), "the move itself is drawn (its card picked for it)"
    assert page.query_selector(".match .table .hl"), "the hinted move is highlighted on the board"
    assert "winning chances" in page.inner_text("[data-hint-shown]")
    page.reload()
    wait_idle(page)
    assert not page.query_selector("[data-hint-shown]")
    click_through(page, random.Random(3))
    assert page.inner_text("[data-hints-used]") == "Hints used: You 1."
    assert not page.errors


def test_hints_off_in_the_link_and_never_on_the_pass_screen(page):
    open_match(page, "game=museum&players=2&seats=human,bot&seed=8&hints=0")
    assert not page.query_selector("[data-hint]"), "hints=0: no Hint button"
    assert "hints=0" in page.url, "the address keeps the choice"
    page.evaluate("localStorage.clear()")  # the game above is not offered beside the next link's
    page.goto(f"{page.site_url}index.html?botDelay=0&botBudget=4")
    page.wait_for_selector("[data-lobby-hints]")
    page.uncheck("[data-lobby-hints]")
    page.click("[data-step=start]")
    wait_idle(page)
    assert not page.query_selector("[data-hint]") and "hints=0" in page.url, "the lobby's choice, as the link's"
    page.evaluate("localStorage.clear()")
    open_match(page, "game=museum&players=2&seats=human,human&seed=8")
    page.wait_for_selector("dialog.pass[open]")
    assert not page.query_selector("[data-hint]"), "never on the pass screen"
    page.click("[data-step=continue]")
    wait_idle(page)
    assert page.query_selector("[data-hint]"), "the person who took the device may ask"


def near_end(game: str, players: int, seed: int) -> dict:
    """A record of random play up to the last move of seat 0, seat 0 a person and the others bots."""
    rec = random_record(game, players, seed)
    last = max(i for i, (seat, _) in enumerate(rec["actions"]) if seat == 0)
    return {**rec, "actions": rec["actions"][:last], "seats": ["human"] + ["bot"] * (players - 1)}


@pytest.mark.parametrize(
    ("game", "players", "seed", "budget"), [("brunch", 3, 2, 24), ("aquarena", 2, 2, 8), ("reef", 1, 3, 8)]
)
def test_each_game_gives_a_hint_then_is_analysed_with_marks_and_a_try(page, site_dir, game, players, seed, budget):
    """For every game: a hint drawn (not played) at the person's turn; the game, finished on this device, analysed
    in the page with CPython's marks; and "Try it yourself" at a marked move answered right with the better move."""
    name = f"analysis-{game}-{seed}.json"
    write(site_dir / name, json.dumps(near_end(game, players, seed)))
    page.goto(f"{page.site_url}index.html?record={name}&botDelay=0&botBudget=4&analysisBudget={budget}")
    wait_idle(page)
    before = record(page)
    page.click("[data-hint]")
    page.wait_for_selector("[data-hint-shown]")
    assert page.query_selector(".match .table .hl"), f"{game}: the hinted move is highlighted on the board"
    assert record(page)["actions"] == before["actions"], "a hint plays nothing"
    click_through(page, random.Random(seed))
    rec = record(page)
    page.click("[data-nav=analyse-game]")
    analysed(page)
    seats = list(range(players)) if game == "reef" else [0]
    expect = cpython_analysis(rec, seats, budget)
    marks = {d["ply"]: d["mark"] for d in expect["decisions"] if d["mark"]}
    assert page_marks(page) == marks
    assert marks, f"{game}: random moves earn marks"
    unit = "points" if players == 1 else "winning chances"
    assert unit in page.inner_text("[data-summary-seat='0'] [data-count=mean_loss]")
    d = next(d for d in expect["decisions"] if d["mark"])
    assert try_the_better_move(page, d) == "right", page.inner_text("[data-answer]")
    assert not page.errors


def test_my_games_analyses_a_kept_game_and_its_play_on_offers_a_hint(page, site_dir):
    """My games → Analyse on a game finished here: its replay analysed at once for the player's own seat, with
    CPython's marks; "Play on from here" at a marked move opens a live board whose Hint button draws the move."""
    write(site_dir / "analysis-kept-museum.json", json.dumps(near_end("museum", 2, 7)))
    query = "botDelay=0&botBudget=4&analysisBudget=4"
    page.goto(f"{page.site_url}index.html?record=analysis-kept-museum.json&{query}")
    click_through(page, random.Random(7))
    rec = record(page)
    page.goto(f"{page.site_url}index.html?page=games&{query}")
    page.wait_for_function(MY_GAMES_SETTLED)
    page.click(".mg-game[data-game='museum'] [data-mg-tool='analyse']")
    analysed(page)
    marks = {d["ply"]: d["mark"] for d in cpython_analysis(rec, [0], 4)["decisions"] if d["mark"]}
    assert marks and page_marks(page) == marks
    assert [h.get_attribute("data-summary-seat") for h in page.query_selector_all("[data-summary-seat]")] == ["0"]
    page.click(f"[data-marked-ply='{min(marks)}']")
    settled(page, step=min(marks) - 1)
    page.click("[data-nav=analysis-play-on]")
    settled(page, "playing")
    page.click(f"{VIEW} [data-hint]")
    page.wait_for_selector(f"{VIEW} [data-hint-shown]")
    assert page.query_selector(f"{VIEW} .sv-board .hl"), "the hint is drawn on the live board"
    assert not page.errors


def test_hints_0_in_the_link_holds_for_play_on_from_a_replay(page, site_dir):
    """A replay link with hints=0: its "Play on from here" board offers no Hint button either."""
    rec = {k: v for k, v in near_end("reef", 2, 5).items() if k != "seats"}
    write(site_dir / "analysis-hints-off.json", json.dumps(rec))
    page.goto(f"{page.site_url}index.html?replay=1&record=analysis-hints-off.json&hints=0&botDelay=0&botBudget=4")
    settled(page, "replay")
    page.click("[data-nav=play-on]")
    page.click("[data-nav=start-play-on]")
    settled(page, "playing")
    assert page.query_selector(f"{VIEW} [data-action]"), "the person is to act on the live board"
    assert not page.query_selector("[data-hint]")
    assert not page.errors


EMBED_HINTS = """<!doctype html><html><head><meta charset="utf-8"><title>hints on live boards</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<shoal-board id="on" game="museum" players="2" seats="human,bot" seed="8" bot-delay="0" bot-budget="4"></shoal-board>
<shoal-board id="off" game="museum" players="2" seats="human,bot" seed="8" bot-delay="0" hints="false"></shoal-board>
<shoal-board id="pass" game="museum" players="2" seats="human,human" seed="8"></shoal-board>
<script type="module" src="embed.js"></script>"""


def test_a_live_embedded_board_offers_a_hint_unless_switched_off_and_never_on_its_pass_screen(page, site_dir):
    write(site_dir / "embed-hints.html", EMBED_HINTS)
    page.goto(f"{page.site_url}embed-hints.html?analysisBudget={BUDGET}")
    for board in ("#on", "#off", "#pass"):
        settled(page, sel=f"{board} .shoal-view")
    assert not page.query_selector("#off [data-hint]"), 'hints="false": no Hint button'
    assert page.query_selector("#pass dialog.pass[open]") and not page.query_selector("#pass [data-hint]")
    page.click("#pass [data-step=continue]")  # the pass screen is modal: the page waits for it
    settled(page, sel="#pass .shoal-view")
    assert page.query_selector("#pass [data-hint]"), "the person who took the device may ask"
    page.click("#on [data-hint]")
    page.wait_for_selector("#on [data-hint-shown]")
    assert page.query_selector("#on .sv-board .hl"), "the hinted move is highlighted on its own board"
    assert not page.query_selector("#off .hl, #pass .hl"), "and on no other board"
    assert not page.errors


def test_a_shared_replay_is_analysed_for_every_seat_of_aqua_and_for_none_of_a_game_with_hands(page, site_dir):
    """The replay rule: AQUA hides nothing between seats, so a shared replay analyses every seat; a shared Brunch
    replay may show nobody's hand, so it offers no analysis at all."""
    full = near_end("reef", 2, 5)
    rec = {k: v for k, v in full.items() if k != "seats"}
    write(site_dir / "analysis-shared-reef.json", json.dumps(rec))
    page.goto(f"{page.site_url}index.html?replay=1&record=analysis-shared-reef.json&analysisBudget=4")
    settled(page, "replay")
    page.click("[data-nav=analyse]")
    analysed(page)
    assert page.query_selector_all("[data-summary-seat]") and {
        h.get_attribute("data-summary-seat") for h in page.query_selector_all("[data-summary-seat]")
    } == {"0", "1"}
    assert page_marks(page) == {d["ply"]: d["mark"] for d in cpython_analysis(rec, [0, 1], 4)["decisions"] if d["mark"]}
    brunch = near_end("brunch", 3, 5)
    write(site_dir / "analysis-shared-brunch.json", json.dumps({k: v for k, v in brunch.items() if k != "seats"}))
    page.goto(f"{page.site_url}index.html?replay=1&record=analysis-shared-brunch.json&analysisBudget=4")
    settled(page, "replay")
    assert not page.query_selector("[data-nav=analyse]") and not page.query_selector("[data-analysis-panel]")
    assert not page.errors
