"""One full game of each title played with the keyboard only (no mouse clicks, no data-action clicking — key presses
only), to the end screen, with scores matching CPython's replay: Aquarena and AQUA; and grids and boards use a roving
tabindex with arrow keys rather than hundreds of tab stops."""

from __future__ import annotations

import json
import random

from tests.e2e.driver import assert_scores_match_cpython, open_match, record, visible, wait_idle
from tests.e2e.keyboard import active_summary, assert_focus_on_a_decision, commit, focused_is, play_by_keyboard, tab_to
from tests.e2e.test_reef import open_at_large_choice

# Every place the Tab key stops inside the table (a roving widget counts once: its one stop has tabindex 0).
TAB_STOPS = """() => [...document.querySelectorAll(
    '.table a[href], .table button, .table summary, .table input, .table select, .table [tabindex]')]
  .filter((n) => n.tabIndex >= 0 && !n.disabled && n.getClientRects().length && !n.closest('[inert], [hidden]'))
  .length"""


def test_aquarena_is_played_to_the_end_with_the_keyboard_only(page):
    """Tab to the hand, arrows to a card, Enter or Space picks it; the focus goes to the first pond it may go to,
    arrows to the chosen pond, Enter places it; resolving, eating and moving a fly the same way on the pond."""
    open_match(page, "game=aquarena&players=2&seats=human,random&seed=5")
    moves = play_by_keyboard(page, random.Random(5))
    assert wait_idle(page) == "over"
    rec = assert_scores_match_cpython(page)
    mine = [a for s, a in rec["actions"] if s == 0]
    assert {a["type"] for a in mine} >= {"place", "discard", "resolve"}, "the person's moves were all made by keyboard"
    assert moves >= len(mine), "each of them took at least one keyboard commit"
    assert not page.errors


def test_aqua_is_played_to_the_end_with_the_keyboard_only(page):
    """AQUA by keyboard: the market (arrows + Enter choose a tile), the turn strip (or R / Shift+R), the reef's legal
    spots as a grid (arrows move over the board, Enter grows the tile), the Sea Snail, Large Animal shape, side, turn
    and mirror, and its placements on the reef — to the end screen, scores equal to CPython's replay."""
    open_match(page, "game=reef&players=2&seats=human,random&seed=3")
    rng = random.Random(3)
    steps_taken: set[str] = set()
    moves = 0
    # Most turns commit an offered action; now and then a step first (another market tile, a turn, a shape, a side)
    # or the R shortcut, so that every kind of AQUA step is taken by keyboard too.
    for _ in range(600):
        status = wait_idle(page)
        assert status != "error", page.errors
        if status == "over":
            break
        if moves:
            assert_focus_on_a_decision(page)
        actions = visible(page, "[data-action]")
        steps = [h for h in visible(page, "[data-step]") if h.get_attribute("data-step") not in ("back-to-reef",)]
        if steps and (not actions or rng.random() < 0.3):
            target = rng.choice(steps)
            steps_taken.add(target.get_attribute("data-step").split("-")[0])
        else:
            if actions and rng.random() < 0.15 and page.query_selector(".rot-strip"):
                page.keyboard.press(rng.choice(["r", "Shift+R"]))  # the shortcut turns the tile (or the animal)
                steps_taken.add("R")
                continue
            assert actions, "nothing to do and the match is not over"
            target = rng.choice(actions)
            moves += 1
        commit(page, target, rng.choice(["Enter", "Space"]))
    assert wait_idle(page) == "over"
    rec = assert_scores_match_cpython(page)
    kinds = {a["type"] for s, a in rec["actions"] if s == 0}
    assert "place" in kinds, kinds
    assert {"tile", "rot", "R"} & steps_taken, steps_taken
    assert not page.errors


def test_the_aqua_turn_has_few_tab_stops_and_the_arrows_move_over_the_reef(page):
    """A few tab stops, not hundreds: the market, the turn strip, the reef's spots and the tabs are
    one stop each; on the reef, → goes to a spot further right in the same row of hexes, ↓ to one further down."""
    open_match(page, "game=reef&players=2&seats=human,random&seed=7")
    rows = "() => [...document.querySelectorAll('.spots [role=row]')].filter((r) => r.children.length).length"
    for _ in range(6):  # turn the tile (R) until its spots lie in two rows of hexes or more
        if page.evaluate(rows) >= 2:
            break
        page.keyboard.press("r")
        wait_idle(page)
    assert page.evaluate(rows) >= 2
    spots = visible(page, ".spots [data-action]")
    stops = page.evaluate(TAB_STOPS)
    roving = page.evaluate("() => document.querySelectorAll('.table .roving').length")
    assert stops <= 14, f"{stops} Tab stops on the table"
    assert roving >= len(spots) + 3 + 8, "market tiles, turn buttons and spots are reached with the arrows instead"
    tab_to(page, spots[0])
    assert page.evaluate("() => document.activeElement.closest('.spots') !== null"), active_summary(page)
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell"
    assert "Grow the" in page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    centre = (
        "() => { const b = document.activeElement.querySelector('.spot-hex').getBBox();"
        " return [b.x + b.width / 2, b.y + b.height / 2]; }"
    )
    page.keyboard.press("Control+Home")
    seen = [page.evaluate(centre)]
    for _ in range(len(spots) + 2):  # → along each row, then ↓ and Home to the next row's start
        page.keyboard.press("ArrowRight")
        at = page.evaluate(centre)
        if at == seen[-1]:
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Home")
            at = page.evaluate(centre)
            if at == seen[-1]:
                break
            assert at[1] > seen[-1][1], "↓ goes to a lower row of hexes"
        else:
            assert at[0] > seen[-1][0] and abs(at[1] - seen[-1][1]) <= 0.9, "→ stays in the row of hexes and goes right"
        seen.append(at)
    assert len(seen) == len(spots), "the arrows reach every legal spot"


def test_aquarena_escape_puts_the_picked_card_back_and_the_focus_on_it(page):
    """Escape cancels a step: after Enter picks a card the focus is on the first pond it may go to;
    Escape puts the card back (no pond is a target any more) and the focus returns to the card."""
    open_match(page, "game=aquarena&players=2&seats=human,random&seed=5")
    card = visible(page, ".aq-hand [data-step]")[0]
    commit(page, card, "Enter")
    wait_idle(page)
    assert page.evaluate("() => document.activeElement.matches('.aq-tile[data-action]')"), active_summary(page)
    assert visible(page, ".aq-tile[data-action]")
    page.keyboard.press("Escape")
    wait_idle(page)
    assert not visible(page, ".aq-tile[data-action]")
    assert page.evaluate("() => document.activeElement.matches('.aq-hand [data-step]')"), active_summary(page)
    assert page.evaluate(TAB_STOPS) <= 12
    assert focused_is(page, page.query_selector(f".aq-hand [data-step='{card.get_attribute('data-step')}']"))


def test_an_aqua_large_animal_is_attracted_with_the_keyboard_only(page, tmp_path):
    """A random game seldom reaches a Large Animal, so this one is loaded at that choice (a saved game) and then
    played by keyboard: Enter on another shape, Space on a side, R / M to turn and mirror it, Tab to the reef's marks,
    the arrows to one of them, Enter attracts it — the very action the mark carries."""
    rec = open_at_large_choice(page, tmp_path)
    commit(page, visible(page, "[data-step^='shape-']")[0], "Enter")
    wait_idle(page)
    commit(page, visible(page, "[data-step^='side-']")[0], "Space")
    wait_idle(page)
    for turn in range(12):  # turn (and after six turns mirror) the animal until it has placements
        if visible(page, ".large-mark[data-action]"):
            break
        page.keyboard.press("m" if turn == 6 else "r")
        wait_idle(page)
    marks = visible(page, ".large-mark[data-action]")
    assert marks, "some turn of the shape rests on the reef"
    target = marks[-1]
    action = json.loads(target.get_attribute("data-action"))
    commit(page, target, "Enter")
    wait_idle(page)
    assert record(page)["actions"][len(rec["actions"])] == [0, action]
    assert not page.errors
