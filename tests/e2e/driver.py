"""Plays a match in the browser the way a person would: by clicking what the page offers.

Only the test hooks are used: ``body[data-status]``, ``body[data-busy]``, ``[data-action]`` (commits a legal action),
``[data-step]`` (a step toward one), ``[data-score-seat]`` (final scores) and ``window.shoal.record()``.
"""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qsl, urlsplit

import shoal
from tests.records import random_record

IDLE = "() => !document.body.dataset.busy && ['playing', 'over', 'error'].includes(document.body.dataset.status)"


def open_match(page, query: str, timeout: float = 90_000) -> None:
    """Open ``index.html?<query>`` (bots move without delay, search bots on a tiny test budget) and wait until the
    match is on screen."""
    budget = "" if "botBudget=" in query else "&botBudget=4"
    page.goto(f"{page.site_url}index.html?{query}&botDelay=0{budget}")
    page.wait_for_function(IDLE, timeout=timeout)
    assert page.evaluate("document.body.dataset.status") in ("playing", "over"), page.errors


def near_end(game: str, players: int, seats: list[str], seed: int = 1, left: int = 1) -> dict:
    """The record of a game of random moves stopped `left` moves before its end, seated as `seats`."""
    rec = random_record(game, players, seed)
    return {**rec, "actions": rec["actions"][:-left], "seats": seats}


def open_near_end(page, site_dir, query: str, left: int = 1) -> None:
    """Open the deep link `query`'s game (its deal, its seats) as random moves made it up to `left` moves before its
    end (``?record=``, a file in the site folder): a test of an end screen reaches it in a few moves rather than a
    whole game."""
    from tests.e2e.test_viewer import write  # atomic: parallel workers share one built site

    link = dict(parse_qsl(query))
    seats = link["seats"].split(",")
    rec = near_end(link["game"], int(link["players"]), seats, int(link.get("seed", 1)), left)
    name = f"near-end-{link['game']}-{link['players']}-{'-'.join(seats)}-{link.get('seed', 1)}-{left}.json"
    write(site_dir / name, json.dumps(rec))
    if page.url.startswith(page.site_url):  # a new page has kept nothing yet
        page.evaluate("localStorage.clear()")  # else the link asks whether to keep the game in progress
    open_match(page, f"record={name}")


class HeldPython:
    """Holds back the page's request for Python's wasm, so the engine cannot boot, until `release()`.

    The worker asks for the wasm when it starts, which may be after the page has painted what a test checks first:
    `requested()` waits for that request, and one made after `release()` goes straight through (else a late request
    would stay held and the page would wait for Python forever)."""

    def __init__(self, page) -> None:
        self.page = page
        self.held: list = []
        self.holding = True
        page.route("**/pyodide.asm.wasm", self._route)

    def _route(self, route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def requested(self, timeout_ms: float = 60_000) -> None:
        waited = 0.0
        while not self.held:
            assert waited < timeout_ms, "the page never asked for the wasm"
            self.page.wait_for_timeout(50)
            waited += 50

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()
        self.held.clear()


def wait_idle(page, timeout: float = 60_000) -> str:
    page.wait_for_function(IDLE, timeout=timeout)
    return page.evaluate("document.body.dataset.status")


# Whether each element is shown, as Playwright's is_visible() judges it (a box of some size, not visibility:hidden),
# for a whole list in one round trip: a move's handles are asked about together, not one by one.
SHOWN = """(els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
})"""

# Where a person would click `e`: scrolled into view if it is not, the centre of its box, or else of the first part of
# it (an SVG group's shapes) that the pointer would reach there; null when something covers all of it.
AIM = """(e) => {
  const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (!inView(e.getBoundingClientRect())) e.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  const reaches = (x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && e.contains(hit); };
  for (const part of [e, ...e.querySelectorAll("*")]) {
    const r = part.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (reaches(x, y)) return [x, y];
  }
  return null;
}"""


def visible(page, selector: str) -> list:
    """The elements matching `selector` that are shown, in document order."""
    handles = page.query_selector_all(selector)
    return [h for h, shown in zip(handles, page.evaluate(SHOWN, handles)) if shown] if handles else []


def click(page, handle) -> None:
    """A pointer click where a person would aim (see AIM); a handle that something covers gets its click event.

    Playwright's own click waits for each target to stay still for two frames, which cost most of a whole game's
    time; a board that is idle has been drawn, so the hit test at the moment of the click is the check."""
    point = handle.evaluate(AIM)
    if point:
        page.mouse.click(*point)
    else:
        handle.dispatch_event("click")


def click_through(page, rng: random.Random, max_clicks: int = 4000, prefer=None) -> int:
    """Click offered actions (or, when none is offered, steps toward one) until the match is over.

    ``prefer(actions)`` may pick among the visible ``[data-action]`` handles (e.g. to favour a kind of move);
    by default the choice is random. Returns the number of clicks.
    """
    for clicks in range(max_clicks):
        status = wait_idle(page)
        assert status != "error", page.errors
        if status == "over":
            return clicks
        handles = visible(page, "[data-action]")
        if handles:
            target = prefer(handles) if prefer else None
            target = target or rng.choice(handles)
        else:
            steps = visible(page, "[data-step]")
            assert steps, f"nothing to click and the match is not over: {page.content()[:2000]}"
            target = rng.choice(steps)
        click(page, target)
    raise AssertionError(f"match not over after {max_clicks} clicks")


def click_until(page, rng: random.Random, selector: str | None = None, clicks: int = 60) -> None:
    """Click offered actions (or steps) until ``selector`` is on screen, or ``clicks`` times when it is None."""
    for _ in range(clicks):
        wait_idle(page)
        if selector and page.query_selector(selector):
            return
        handles = visible(page, "[data-action]") or visible(page, "[data-step]")
        click(page, rng.choice(handles))
    wait_idle(page)
    assert selector is None or page.query_selector(selector), f"{selector} never came up"


def final_scores(page) -> dict[int, int]:
    return {
        int(h.get_attribute("data-score-seat")): int(h.inner_text())
        for h in page.query_selector_all("[data-score-seat]")
    }


def record(page) -> dict:
    return page.evaluate("window.shoal.record()")


def assert_scores_match_cpython(page) -> dict:
    """The scores the page shows equal those of the same record replayed by CPython."""
    rec = record(page)
    replayed = shoal.replay(json.loads(json.dumps(rec)))
    assert replayed.is_over()
    shown = final_scores(page)
    assert shown == dict(enumerate(replayed.outcome()["scores"])), (shown, replayed.outcome())
    assert_no_csp_violations(page)
    return rec


def assert_levels_named(page, levels: list[str]) -> None:
    """Each bot's seat chip names its level ("Bot 2 · hard"): a person sees whom they play."""
    chips = page.inner_text(".seats-bar")
    for level in levels:
        assert f"· {level}" in chips, (level, chips)


def assert_no_csp_violations(page) -> None:
    """Nothing the page did was blocked by its Content-Security-Policy: no inline script or style
    attribute, no eval, no request or worker outside the site."""
    assert not page.csp_violations, f"Content-Security-Policy violations: {page.csp_violations[:5]}"


def assert_no_outside_requests(page) -> None:
    origin = urlsplit(page.site_url)
    outside = [u for u in page.requests if urlsplit(u).netloc != origin.netloc and not u.startswith(("data:", "blob:"))]
    assert not outside, f"requests left the site's origin: {outside[:5]}"
    assert all(urlsplit(u).path.startswith("/shoal/") for u in page.requests if urlsplit(u).netloc == origin.netloc), (
        "every request stays under the site's sub-path"
    )
    assert_no_csp_violations(page)
