"""The levels exist for all four games and play full games in the browser, kept fast by a small test-only budget: a
museum game here against hard and one against the beginner; brunch, aquarena and AQUA seat every level in their big
games (tests/e2e/test_brunch.py, test_aquarena.py, test_reef.py, which check the seat chips too). The page says which
bot is thinking; the lobby and deep links offer the level (seats=human,hard,normal; bot = normal)."""

from __future__ import annotations

import random

import shoal
from tests.e2e.driver import assert_levels_named, assert_scores_match_cpython, click_through, open_match

BUDGET = "&botBudget=3"


def _full_game(page, query: str, seed: int, levels: list[str]) -> None:
    open_match(page, query + BUDGET)
    click_through(page, random.Random(seed))
    rec = assert_scores_match_cpython(page)
    assert rec["actions"], "the game was played"
    assert_levels_named(page, levels)
    assert not page.errors


def test_museum_human_against_hard_to_the_end(page):
    _full_game(page, "game=museum&players=2&seats=human,hard&seed=11", 11, ["hard"])


def test_bot_in_a_deep_link_means_normal_and_the_page_says_who_is_thinking(page):
    page.goto(f"{page.site_url}index.html?game=museum&players=2&seats=bot,hard&seed=3&botDelay=400&botBudget=2")
    page.wait_for_function("document.body.innerText.includes('is thinking…')", timeout=60_000)
    text = page.inner_text(".turn")
    assert text in ("Bot 1 (normal) is thinking…", "Bot 2 (hard) is thinking…"), text


def test_the_lobby_offers_the_levels_with_bot_meaning_normal(page):
    page.goto(f"{page.site_url}index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    labels = page.eval_on_selector_all("select option", "els => els.map(e => e.textContent)")
    assert "Bot (normal)" in labels and "Bot (hard)" in labels and "Bot (easy)" in labels, labels


def test_the_lobby_lists_beginner_first_among_the_levels_for_every_game(page):
    page.goto(f"{page.site_url}index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    for game_id in shoal.GAMES:
        page.click(f"[data-step='game-{game_id}']")
        labels = page.eval_on_selector_all(".seats select >> nth=1 >> option", "els => els.map(e => e.textContent)")
        levels = [x for x in labels if x in ("Bot (beginner)", "Bot (easy)", "Bot (hard)")]
        assert levels == ["Bot (beginner)", "Bot (easy)", "Bot (hard)"], (game_id, labels)


def test_a_deep_link_seats_the_beginner_in_every_game_and_it_plays_a_whole_museum_game(page):
    for game_id, players in (("brunch", 3), ("aquarena", 2), ("reef", 2)):
        seats = ",".join(["human"] + ["beginner"] * (players - 1))
        open_match(page, f"game={game_id}&players={players}&seats={seats}&seed=2")
        assert "· beginner" in page.inner_text(".seats-bar"), game_id
    _full_game(page, "game=museum&players=2&seats=human,beginner&seed=4", 4, ["beginner"])
