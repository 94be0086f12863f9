"""Plays a match with the keyboard only: Tab / Shift+Tab between the parts of the page, arrow keys inside a grid or a
hand (web/keys.js, the roving tabindex), Enter or Space to commit. Nothing here clicks: the page is read to choose a
move (as a sighted player's eyes would), and every change is made by ``page.keyboard.press``.

Shared by the keyboard-only games of every title (tests/e2e/test_keyboard_*.py).
"""

from __future__ import annotations

import random

from tests.e2e.driver import visible, wait_idle

MAX_TABS = 150


def focused_is(page, handle) -> bool:
    return handle.evaluate("(el) => el === document.activeElement")


def focus_in_widget_of(page, handle) -> bool:
    """The focus is inside the same roving widget (grid, hand) as ``handle``."""
    return handle.evaluate(
        "(el) => { const w = el.closest('[data-roving]'); return !!w && w.contains(document.activeElement); }"
    )


def active_summary(page) -> str:
    return page.evaluate("""() => { const a = document.activeElement; if (!a || a === document.body) return 'body';
        const label = a.getAttribute('aria-label') || a.textContent.trim().slice(0, 60);
        return `${a.tagName.toLowerCase()} ${a.getAttribute('role') || ''} ${label}`; }""")


def tab_to(page, handle, max_tabs: int = MAX_TABS) -> None:
    """Press Tab until the focus is on ``handle`` or inside its roving widget."""
    for _ in range(max_tabs):
        if focused_is(page, handle) or focus_in_widget_of(page, handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {handle.evaluate('(el) => el.outerHTML.slice(0, 200)')}")


def _moved(page, key: str) -> bool:
    page.evaluate("() => { window.__keyboardBefore = document.activeElement; }")
    page.keyboard.press(key)
    return page.evaluate("() => window.__keyboardBefore !== document.activeElement")


def arrow_to(page, handle, max_keys: int = 400) -> None:
    """Inside a roving widget: walk it row by row with the arrow keys (Ctrl+Home, then → to each row's end, ↓ and
    Home to the next row) until ``handle`` has the focus."""
    if focused_is(page, handle):
        return
    page.keyboard.press("Control+Home")
    presses = 1
    while presses < max_keys:
        if focused_is(page, handle):
            return
        presses += 1
        if _moved(page, "ArrowRight"):
            continue
        presses += 2
        if not _moved(page, "ArrowDown"):
            break
        page.keyboard.press("Home")
    raise AssertionError(f"the arrow keys never reached {handle.evaluate('(el) => el.outerHTML.slice(0, 200)')}")


def focus(page, handle) -> None:
    """Move the keyboard focus onto ``handle`` with Tab and the arrow keys."""
    tab_to(page, handle)
    if not focused_is(page, handle):
        arrow_to(page, handle)
    assert focused_is(page, handle)


def commit(page, handle, key: str = "Enter") -> None:
    """Focus ``handle`` by keyboard and press Enter (or Space)."""
    focus(page, handle)
    page.keyboard.press(key)


def assert_focus_on_a_decision(page) -> None:
    """Focus goes somewhere sensible after every move (the next decision) and never gets lost on re-render: when the
    person at the device may act, the focus is on something that commits an action or takes a step, never on the page
    body."""
    if not (visible(page, "[data-action]") or visible(page, "[data-step]")):
        return
    where = page.evaluate(
        "() => { const a = document.activeElement; return a && a !== document.body"
        " && !!a.closest('[data-action], [data-step], [role=grid], [data-roving]'); }"
    )
    assert where, f"focus lost after the move: {active_summary(page)}"


def keyboard_move(page, rng: random.Random, prefer=None) -> None:
    """One commit by keyboard: a visible ``[data-action]`` (or, when none is offered, a ``[data-step]``) chosen by
    ``prefer(handles)`` or at random, reached with Tab and the arrows, committed with Enter or Space."""
    handles = visible(page, "[data-action]")
    if handles:
        target = (prefer(handles) if prefer else None) or rng.choice(handles)
    else:
        steps = visible(page, "[data-step]")
        assert steps, f"nothing to do and the match is not over: {page.content()[:2000]}"
        target = rng.choice(steps)
    commit(
        page, target, "Enter" if target.evaluate("(el) => el.tagName") == "SUMMARY" else rng.choice(["Enter", "Space"])
    )


def play_by_keyboard(page, rng: random.Random, max_moves: int = 3000, prefer=None, check_focus: bool = True) -> int:
    """Play until the match is over using the keyboard only (``keyboard_move`` after ``keyboard_move``); after
    every move the focus must be on the next decision. Returns the number of keyboard commits."""
    for moves in range(max_moves):
        status = wait_idle(page)
        assert status != "error", page.errors
        if status == "over":
            return moves
        if check_focus and moves:
            assert_focus_on_a_decision(page)
        keyboard_move(page, rng, prefer)
    raise AssertionError(f"match not over after {max_moves} keyboard moves")
