"""The page's side of screen-reader and keyboard play: the polite live region that reads whose turn it is,
the "Keys" panel, and the pass-the-device and load-game screens as modal dialogs that trap and return the focus."""

from __future__ import annotations

import random

from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import click_until, open_match, record, wait_idle
from tests.e2e.keyboard import active_summary, keyboard_move

LIVE = "#announcer"


def test_after_a_bot_moves_the_live_region_names_whose_turn_it_is(page):
    """'A test that a screen-reader user hears the turn prompt: after a bot moves, the live region's text names
    whose turn it is.' The bot (seat 1) opens this museum deal; the region then reads its move and "Your turn"."""
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")
    rec = record(page)
    assert rec["actions"] and rec["actions"][0][0] == 1, "the bot moved first in this deal"
    region = page.locator(LIVE)
    assert region.get_attribute("aria-live") == "polite"
    text = region.inner_text()
    assert "Bot 2 placed a card" in text, text  # the bot's move, from the log
    assert "Your turn: Place a card" in text, text
    # The region outlives the redraw: the same node after a move and the bot's answer.
    page.evaluate("() => { window.__region = document.querySelector('#announcer'); }")
    rng, done = random.Random(1), len(rec["actions"])
    for _ in range(8):  # pick a card, place it (and a token move, if any), until the bot has answered
        keyboard_move(page, rng)
        wait_idle(page)
        new = record(page)["actions"][done:]
        if new and new[-1][0] == 1:
            break
    assert new and new[0][0] == 0 and new[-1][0] == 1, "the human and then the bot moved"
    page.wait_for_function("() => document.querySelector('#announcer').textContent.includes('Your turn')")
    assert page.evaluate(
        "() => window.__region === document.querySelector('#announcer') && window.__region.isConnected"
    )
    assert "Bot 2" in region.inner_text()


def test_the_live_region_says_which_bot_is_thinking(page):
    """While a bot searches, the region names it (botDelay keeps the bot's turn on screen long enough to read)."""
    page.goto(f"{page.site_url}index.html?game=museum&players=2&seats=bot,human&seed=4&botDelay=1500&botBudget=4")
    page.wait_for_function(
        "() => document.querySelector('#announcer').textContent.includes('is thinking')", timeout=90_000
    )
    assert "Bot 1" in page.inner_text(LIVE)


def test_the_keys_panel_opens_with_question_mark_and_gives_the_focus_back(page):
    """'Shortcuts listed in a "Keys" help panel' — reachable by keyboard, listing Ctrl/Cmd+Z undo."""
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")
    before = active_summary(page)
    page.keyboard.press("?")
    dialog = page.locator("dialog.keys-help[open]")
    assert dialog.count() == 1
    assert page.evaluate("() => document.querySelector('dialog.keys-help').contains(document.activeElement)")
    text = dialog.inner_text()
    assert "Ctrl+Z" in text and "Escape" in text and "Arrow keys" in text
    found = in_every_theme(page)
    assert found == [], "\n".join(["Keys panel:", *found])
    page.keyboard.press("Escape")
    assert page.locator("dialog.keys-help[open]").count() == 0
    assert active_summary(page) == before, "the focus went back where it was"
    # The button opens it too, from the keyboard (Tab to it, Enter).
    for _ in range(60):
        if page.evaluate("() => document.activeElement.dataset.keys === '1'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.locator("dialog.keys-help[open]").count() == 1


def test_the_pass_screen_is_a_modal_dialog_that_keeps_the_focus(page):
    """'Dialogs (pass the device, load game) are modal dialogs that trap and return focus.'"""
    open_match(page, "game=brunch&players=3&seats=human,human,human&seed=4")
    click_until(page, random.Random(4), '[data-step="continue"]')
    assert page.evaluate(
        "() => document.querySelector('dialog.pass').open && document.querySelector('dialog.pass').matches(':modal')"
    )
    inside = "() => document.querySelector('dialog.pass').contains(document.activeElement)"
    assert page.evaluate(inside), active_summary(page)
    for _ in range(5):  # Tab cycles inside the dialog; the page behind is inert
        page.keyboard.press("Tab")
        assert page.evaluate(inside) or page.evaluate("() => document.activeElement === document.body"), active_summary(
            page
        )
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.querySelector('dialog.pass').open"), "Escape does not skip the hand-over"
    page.evaluate("() => document.querySelector('dialog.pass [data-step=continue]').focus()")
    page.keyboard.press("Enter")
    assert wait_idle(page) == "playing"
    assert page.evaluate("() => !!document.activeElement.closest('[data-action], [data-step], [data-roving]')"), (
        active_summary(page)
    )


def test_load_game_is_a_modal_dialog_that_returns_the_focus(page):
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")
    opener = page.locator("[data-focus-key='load-game']")
    opener.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.querySelector('dialog.load-dialog').matches(':modal')")
    assert page.evaluate("() => document.querySelector('dialog.load-dialog').contains(document.activeElement)")
    found = in_every_theme(page)
    assert found == [], "\n".join(["load dialog:", *found])
    page.keyboard.press("Escape")
    assert not page.evaluate("() => document.querySelector('dialog.load-dialog').open")
    assert page.evaluate("() => document.activeElement.dataset.focusKey === 'load-game'")


def test_museum_keys_pick_a_card_then_escape_puts_it_back(page):
    """'Enter/Space commit the focused action (or take the step), Escape cancels a pending step', with a visible
    focus ring: the first card is focused at the start (the next decision); → moves to the next card; Enter picks it
    and the focus goes to the first square it may go to; Escape puts it back and the focus returns to that card."""
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")
    played = len(record(page)["actions"])
    label = "() => document.activeElement.getAttribute('aria-label') || ''"
    assert page.evaluate(label).endswith("press Enter to pick it"), active_summary(page)
    page.keyboard.press("ArrowRight")
    second = page.evaluate(label)
    assert second != "" and page.evaluate("() => document.activeElement.dataset.step") == "select-card"
    card = second.split(":")[0]
    page.keyboard.press("Enter")
    wait_idle(page)
    assert page.evaluate(
        "() => document.activeElement.closest('[role=grid]') !== null && !!document.activeElement.dataset.action"
    )
    assert f"place {card} here" in page.evaluate(label)
    ring = page.evaluate(
        "() => { const a = document.activeElement;"
        " return a.matches(':focus-visible') && getComputedStyle(a).outlineStyle; }"
    )
    assert ring and ring != "none", "a visible focus ring"
    square = page.evaluate(label)
    page.keyboard.press("ArrowDown")  # arrows move inside the museum
    assert page.evaluate(label).startswith("Row ") and page.evaluate(label) != square
    page.keyboard.press("Escape")
    wait_idle(page)
    assert (
        page.evaluate(label).startswith(card)
        and page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "false"
    )
    assert not page.query_selector(".mu-board [data-action]"), "no square offered once the card is put back"
    assert len(record(page)["actions"]) == played, "nothing was played"


def test_a_lesson_question_is_answered_with_the_keyboard_in_the_step_viewer(page):
    """The same keys work in the step viewer (Learn pages, embeds): Tab to the hand, arrows to the card, Enter picks it,
    arrows to the square, Enter answers; the arrows inside the board do not step the lesson."""
    from shoal import lessons
    from tests.e2e.keyboard import commit
    from tests.e2e.test_lessons_page import data_action, first_question, shipped

    source, compiled = shipped("museum-lines")
    step = first_question(compiled)
    right = next(a for a in compiled["steps"][step]["view"]["legal"] if lessons.answer(source, step, a)["right"])
    page.goto(page.site_url + f"learn.html?game=museum&lesson=museum-lines&step={step + 1}")
    page.wait_for_selector(".shoal-view[data-painted]")
    page.wait_for_selector(".shoal-view .mu-hand [data-step]")
    commit(page, page.query_selector(f".shoal-view .mu-hand [data-ref='card:{right['card']}']"))
    target = page.wait_for_selector(f".shoal-view [data-action='{data_action(right)}']")
    assert page.evaluate("() => !!document.activeElement.closest('.shoal-view [role=grid]')"), (
        "the focus went to the board"
    )
    commit(page, target)
    page.wait_for_selector("[data-answer]")
    assert page.get_attribute("[data-answer]", "data-answer") == "right"
    assert page.evaluate("() => document.querySelector('.shoal-view').dataset.step") == str(step), (
        "arrows in the board did not step"
    )
    assert not page.errors
