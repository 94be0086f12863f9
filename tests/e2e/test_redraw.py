"""The match screen is redrawn in place after a move, so a click redraws the board fast: its frame, side panel
and log stay and only what changed is swapped. What it shows must be exactly what a draw from scratch shows."""

from __future__ import annotations

import random

import pytest

from tests.e2e.driver import click, click_through, open_match, open_near_end, record, visible, wait_idle

GAMES = {
    "museum": "game=museum&players=2&seats=human,random&seed=11",
    "brunch": "game=brunch&players=3&seats=human,random,random&seed=11",
    "aquarena": "game=aquarena&players=2&seats=human,random&seed=11",
    "reef": "game=reef&players=2&seats=human,random&seed=11",
}
SETTLED = (
    "new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(document.getElementById('screen').innerHTML))))"
)


def assert_same_as_fresh(page) -> None:
    # Drawn once more in place first: a renderer may mark what is new since its last drawing (Aquarena slides in the
    # steps of a resolution it has not shown yet), which a second drawing of the same view no longer marks.
    # Each is read after the next painted frame: a mouse user's focus comes back then (web/keys.js), and focusing a
    # roving widget's item moves its tabindex.
    page.evaluate("window.shoal.redraw()")
    kept = page.evaluate(SETTLED)
    page.evaluate("window.shoal.redraw(true)")
    assert page.evaluate(SETTLED) == kept, "the redrawn screen differs from a draw from scratch"


def click_once(page, rng: random.Random) -> bool:
    if wait_idle(page) != "playing":
        return False
    handles = visible(page, "[data-action]") or visible(page, "[data-step]")
    click(page, rng.choice(handles))
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_a_redrawn_screen_equals_a_screen_drawn_from_scratch(page, site_dir, game):
    """After moves and at the end, the redrawn DOM equals a from-scratch render of the same view (for each game)."""
    open_match(page, GAMES[game])
    rng = random.Random(5)
    mark = "document.querySelector('#screen .match').shoalMark = 1"
    page.evaluate(mark)
    for _ in range(10):
        if not click_once(page, rng):
            break
        wait_idle(page)
        # The frame was kept (the log appended to, not rebuilt with the page): the incremental path is what is tested.
        assert page.evaluate("document.querySelector('#screen .match').shoalMark") == 1
        assert_same_as_fresh(page)
        page.evaluate(mark)
    # A board drawn from scratch plays on: its handlers are the ones of the view on screen.
    made = len(record(page)["actions"])
    for _ in range(10):  # a click may be a step (pick a card) rather than a move
        if not click_once(page, rng) or len(record(page)["actions"]) > made:
            break
    assert len(record(page)["actions"]) > made, "a click on the board drawn from scratch made no move"
    # The end screen, reached by a redraw in place: the same deal saved one move before its end, played on.
    open_near_end(page, site_dir, GAMES[game])
    click_through(page, rng)
    assert page.evaluate("document.body.dataset.status") == "over"
    assert_same_as_fresh(page)


COUNT_REQUESTS = """(() => {
  const worker = window.shoalBoot.worker;
  const post = worker.postMessage.bind(worker);
  window.sentCommands = [];
  worker.postMessage = (message, ...rest) => {
    window.sentCommands.push(JSON.parse(message.request).cmd);
    return post(message, ...rest);
  };
})()"""


@pytest.mark.parametrize("seats, chained", [("human,random,random", True), ("human,bot,bot", False)])
def test_a_click_against_instant_bots_is_one_worker_request(page, seats, chained):
    """Instant bots' turns chain inside one request, so a click is one round trip and one redraw;
    a searching bot (a level) still gets its own request, after the player's move is on screen."""
    open_match(page, f"game=brunch&players=3&seats={seats}&seed=11")
    page.evaluate(COUNT_REQUESTS)
    rng = random.Random(4)
    clicked = 0
    while clicked < 8 and wait_idle(page) == "playing":
        actions = visible(page, "[data-action]")
        if not actions:
            rng.choice(visible(page, "[data-step]")).click()
            continue
        page.evaluate("window.sentCommands.length = 0")
        rng.choice(actions).click()
        wait_idle(page)
        sent = [c for c in page.evaluate("window.sentCommands") if c != "record"]  # saving the game: after the move
        if chained:
            assert sent == ["play"], sent
        else:
            assert sent[0] == "play" and set(sent[1:]) <= {"bots", "view"}, sent
        clicked += 1
    assert clicked >= 3


# Every node of the reef's board gets a number; after a move, which of them are still on screen.
NUMBER_BOARD = """(() => {
  let i = 0;
  for (const n of document.querySelectorAll('#screen .reef-board *')) n.shoalNumber = ++i;
  const hex = document.querySelector('#screen .reef-board .tile-edges polygon[aria-label*="grown last"]');
  window.lastHex = hex;
  window.boardSvg = document.querySelector('#screen .reef-board');
  return i;
})()"""
KEPT = """(() => {
  const now = [...document.querySelectorAll('#screen .reef-board *')];
  return {
    kept: now.filter((n) => n.shoalNumber).length, all: now.length,
    svgKept: document.querySelector('#screen .reef-board') === window.boardSvg,
    lastHexGone: Boolean(window.lastHex) && !window.lastHex.isConnected,
    lastHexNow: (document.querySelector('#screen .reef-board .tile-edges polygon[aria-label*="grown last"]') || {})
      .shoalNumber || null,
    corals: document.querySelectorAll('#screen .reef-board .corals > .coral').length,
    edges: document.querySelectorAll('#screen .reef-board .tile-edges > polygon').length,
    keptEdges: [...document.querySelectorAll('#screen .reef-board .tile-edges > polygon')]
      .filter((n) => n.shoalNumber).length,
  };
})()"""


def test_a_move_updates_the_reef_board_in_place(page):
    """A keyed in-place update of the board reuses the nodes whose data did not change: after a move the
    reef's SVG and the corals, hexes and animals that did not change are the same nodes; the tile that was 'grown
    last' and is no longer is drawn again, the new tile's three corals are new nodes."""
    open_match(page, GAMES["reef"])
    rng = random.Random(8)
    moves = 0
    while moves < 4 and wait_idle(page) == "playing":
        actions = visible(page, "#screen .reef-board .spots [data-action]")
        if not actions:
            click_once(page, rng)
            continue
        page.evaluate(NUMBER_BOARD)
        before = page.evaluate(
            "[document.querySelectorAll('#screen .reef-board .corals > .coral').length,"
            " document.querySelectorAll('#screen .reef-board .tile-edges > polygon').length]"
        )
        rng.choice(actions).click()
        wait_idle(page)
        got = page.evaluate(KEPT)
        assert got["svgKept"], "the reef's SVG is kept"
        assert got["corals"] >= before[0] + 3, "the new tile's corals are drawn"
        assert got["edges"] == before[1] + 1, "one more hex"
        # Every hex outline stays but the one that stopped being 'grown last'; the new one is drawn.
        assert got["keptEdges"] == before[1] - (1 if moves else 0), got
        if moves:  # the first position's last tile is the Hot Spot (never 'grown last')
            assert got["lastHexGone"] and got["lastHexNow"] is None, (
                "the hex that stopped being the last one is redrawn, the new last one is new"
            )
        moves += 1
        assert_same_as_fresh(page)
    assert moves == 4


def test_an_unchanged_brunch_score_sheet_stays_on_screen(page):
    """Brunch does not redraw unchanged panels: within a round the score sheet and the seats that did not
    change are the nodes already on screen."""
    open_match(page, GAMES["brunch"])
    rng = random.Random(3)
    sheet_kept = 0
    for _ in range(30):
        if wait_idle(page) != "playing":
            break
        page.evaluate(
            "window.sheet = document.querySelector('#screen .score-table');"
            " window.rounds = window.sheet ? window.sheet.querySelectorAll('tbody tr').length : 0"
        )
        click_once(page, rng)
        wait_idle(page)
        same = page.evaluate("window.sheet !== null && document.querySelector('#screen .score-table') === window.sheet")
        grew = page.evaluate(
            "window.sheet !== null"
            " && document.querySelectorAll('#screen .score-table tbody tr').length !== window.rounds"
        )
        assert same or grew or page.evaluate("window.sheet === null"), "a score sheet is redrawn only when a round ends"
        sheet_kept += same
    assert sheet_kept >= 3


def test_brunch_seat_boxes_and_reveal_rows_stay_when_only_their_status_changes(page):
    """Brunch builds only what changed: a seat whose box changes only in its status line or its 'acting'
    mark keeps its box (the line and the class are set on it), a round's end keeps the food cards taken before, and a
    reveal row whose seat, hand and take did not change is the node already on screen; the screen still equals a draw
    from scratch."""
    open_match(page, GAMES["brunch"])
    rng = random.Random(3)
    kept_boxes = kept_rows = status_changed = food_kept = 0
    for _ in range(40):
        if wait_idle(page) != "playing":
            break
        page.evaluate("""window.before = {
          boxes: [...document.querySelectorAll('#screen .seat-box')],
          status: [...document.querySelectorAll('#screen .seat-box .seat-status')].map((n) => n.textContent),
          rows: [...document.querySelectorAll('#screen .reveal tbody tr')],
          food: [...document.querySelectorAll('#screen .seat-box .seat-food > *')] }""")
        click_once(page, rng)
        wait_idle(page)
        got = page.evaluate("""(() => {
          const boxes = [...document.querySelectorAll('#screen .seat-box')];
          const status = boxes.map((n) => n.querySelector('.seat-status').textContent);
          return {
            kept: boxes.filter((n) => window.before.boxes.includes(n)).length,
            changedKept: boxes.filter((n, i) => window.before.boxes.includes(n)
              && window.before.status[window.before.boxes.indexOf(n)] !== status[i]).length,
            rows: [...document.querySelectorAll('#screen .reveal tbody tr')]
              .filter((n) => window.before.rows.includes(n)).length,
            // A round's end adds a food card to each seat: the ones taken before stay the same nodes.
            foodKept: (() => { const now = [...document.querySelectorAll('#screen .seat-box .seat-food > *')];
              return now.length > window.before.food.length && window.before.food.length > 0
                && window.before.food.every((n) => now.includes(n)); })(),
          };
        })()""")
        kept_boxes += got["kept"]
        status_changed += got["changedKept"]
        kept_rows += got["rows"]
        food_kept += got["foodKept"]
        if got["changedKept"] or got["rows"] or got["foodKept"]:
            assert_same_as_fresh(page)
    assert status_changed >= 3, "a box whose status line changed was kept"
    assert kept_boxes >= 20 and kept_rows >= 3
    assert food_kept >= 1, "at a round's end the seats' earlier food cards stay on screen"


def test_the_move_that_ends_a_reef_game_paints_the_scores_first_and_every_seats_reef_on_a_later_frame(page):
    """The last click's frame shows the final position and scores; the end screen's details (every seat's
    reef, the categories, the achievements) come on a later frame, and the page stays busy until they are there."""
    open_match(page, GAMES["reef"])
    page.evaluate("""() => {
      const seen = window.endSeen = { frame: 0, scores: null, details: null, busyAtDetails: null };
      const tick = () => { seen.frame++; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      new MutationObserver(() => {
        if (seen.scores === null && document.querySelector('[data-score-seat]')) seen.scores = seen.frame;
        if (seen.details === null && document.querySelector('.reef-finals')) {
          seen.details = seen.frame;
          seen.busyAtDetails = Boolean(document.body.dataset.busy);
        }
      }).observe(document.body, { childList: true, subtree: true });
    }""")
    click_through(page, random.Random(3))
    seen = page.evaluate("window.endSeen")
    assert seen["scores"] is not None and seen["details"] is not None, seen
    assert seen["details"] > seen["scores"], f"every seat's reef was drawn in the scores' own frame: {seen}"
    assert seen["busyAtDetails"], "the page said it was idle before the end screen's details were on it"
    assert page.query_selector("[data-achievements-seat='0']") and page.query_selector(".reef-categories")
    assert_same_as_fresh(page)
