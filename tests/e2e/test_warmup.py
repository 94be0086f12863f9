"""The worker's warm-up: once the first board is painted, the worker plays
scratch clicks of the same game (shoal.warmup) so that V8 has compiled the click's paths before the player's first
click. It must never hold back a request: any request ends it, so no step runs after one has arrived."""

from __future__ import annotations

import random
import time

from tests.e2e.driver import assert_scores_match_cpython, click_through, open_match, wait_idle


def warmup_state(page) -> dict:
    return page.workers[0].evaluate("globalThis.shoalWarmup()")


def test_the_warm_up_starts_after_the_first_board_and_no_step_runs_once_a_request_arrived(page):
    """Warm the paths a click takes without delaying the answer to a request that arrives meanwhile."""
    # Four seats: each scratch click also plays three bots, so the warm-up lasts well beyond the test's first look at
    # it even on a loaded machine (with two seats it was sometimes over, all ~20 steps, before the request came).
    open_match(page, "game=reef&players=4&seats=human,random,random,random&seed=11")
    page.wait_for_function("() => window.shoal.bootMarks().some((m) => m[0] === 'board-painted')", timeout=10_000)
    deadline = time.monotonic() + 20
    while not warmup_state(page)["steps"]:
        assert time.monotonic() < deadline, "the warm-up never started after the first board was painted"
        page.wait_for_timeout(5)
    # A four-player reef game is 20-odd scratch clicks of four moves each: far more than the few steps done by now.
    page.evaluate("window.shoal.record()")  # a request, answered
    ended = warmup_state(page)
    assert ended["endedBy"] == "request", ended
    page.wait_for_timeout(300)
    assert warmup_state(page)["steps"] == ended["steps"], "a warm-up step ran after a request had arrived"
    # The scratch match left no trace: the game plays to its end and scores as CPython replays it.
    click_through(page, random.Random(3))
    assert wait_idle(page) == "over"
    assert_scores_match_cpython(page)
    assert not page.errors
