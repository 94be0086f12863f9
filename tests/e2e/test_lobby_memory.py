"""The lobby remembers, on the device, each game's last setup started from it (players, seats, levels, names,
options; never the seed) and offers it next time; Reset returns the defaults; a stored value that is not exactly what
the lobby writes is ignored whole; a deep link wins over what is remembered."""

from __future__ import annotations

import json

import pytest

from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import wait_idle

KEY = "shoal.lobby"


def open_lobby(page) -> None:
    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'")


def shown(page) -> dict:
    """What the lobby offers: the chosen game, players, each seat's kind and each human seat's name, the options."""
    return page.evaluate("""() => ({
      game: document.querySelector('.lobby .game-card.chosen').dataset.step.slice(5),
      players: document.querySelector('#players').value,
      seats: [...document.querySelectorAll('.seat-choice select')].map((s) => s.value),
      names: [...document.querySelectorAll('.seat-name')].map((i) => i.value),
      options: [...document.querySelectorAll('.lobby label[title] select')].map((s) => JSON.parse(s.value)),
      seed: document.querySelector('#seed').value,
      reset: !!document.querySelector('[data-lobby-reset]'),
    })""")


def seat(page, n: int):
    return page.locator(".seat-choice select").nth(n)


def start(page) -> None:
    page.click('[data-step="start"]')
    page.wait_for_function("['playing', 'over'].includes(document.body.dataset.status)", timeout=90_000)


MUSEUM_DEFAULTS = {
    "game": "museum",
    "players": "2",
    "seats": ["human", "bot"],
    "names": [""],
    "options": [],
    "seed": "",
    "reset": False,
}


def test_the_lobby_offers_each_games_last_setup_and_reset_returns_the_defaults(page):
    open_lobby(page)
    assert shown(page) == MUSEUM_DEFAULTS
    # Brunch for four: two people, one of them named, a hard bot; a seed typed in.
    page.click('[data-step="game-brunch"]')
    page.select_option("#players", "4")
    seat(page, 1).select_option("human")
    seat(page, 2).select_option("hard")
    page.fill("[aria-label='Name for seat 1']", "Ann")
    page.fill("[aria-label='Name for seat 2']", "Bo, Jr.")
    page.fill("#seed", "42")
    start(page)
    open_lobby(page)
    brunch = {
        "game": "brunch",
        "players": "4",
        "seats": ["human", "human", "hard", "bot"],
        "names": ["Ann", "Bo, Jr."],
        "options": [],
        "seed": "",
        "reset": True,
    }
    assert shown(page) == brunch, "the last game, as it was set up, without its seed"
    assert "42" not in page.evaluate(f"localStorage.getItem('{KEY}')"), "the seed is never kept"
    # AQUA solo, the family variant: now the last game; Brunch keeps its own setup.
    page.click('[data-step="game-reef"]')
    page.select_option("#players", "1")
    page.select_option(".lobby label[title] select >> nth=0", label="Family")
    start(page)
    open_lobby(page)
    reef = shown(page)
    assert (reef["game"], reef["players"], reef["seats"], reef["options"][0]) == ("reef", "1", ["human"], "family")
    page.click('[data-step="game-brunch"]')
    assert shown(page) == brunch
    page.click('[data-step="game-museum"]')
    assert shown(page)["reset"] is False, "nothing kept for the museum game: its defaults, no Reset"
    page.click('[data-step="game-brunch"]')
    found = in_every_theme(page)
    assert found == [], "\n".join(found)
    page.click("[data-lobby-reset]")
    assert shown(page) == MUSEUM_DEFAULTS
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    page.click('[data-step="game-brunch"]')
    assert shown(page)["players"] == "3" and shown(page)["seats"] == ["human", "bot", "bot"], "Brunch is forgotten too"
    open_lobby(page)
    assert shown(page) == MUSEUM_DEFAULTS
    assert not page.errors


def kept(setups: dict, last: str) -> str:
    return json.dumps({"format": "shoal-lobby", "version": 1, "last": last, "setups": setups})


BRUNCH = {"players": 4, "seats": ["human", "hard", "bot", "random"], "names": ["Ann", "", "", ""], "options": {}}
REEF = {
    "players": 2,
    "seats": ["human", "easy"],
    "names": ["", ""],
    "options": {"variant": "family", "scenario": "none", "line": [1, 2, 3, 4, 5, 6], "modification": "none"},
}
BAD = {
    "not JSON": "{last: brunch",
    "another format": json.dumps(
        {"format": "shoal-save", "version": 1, "last": "brunch", "setups": {"brunch": BRUNCH}}
    ),
    "a later version": kept({"brunch": BRUNCH}, "brunch").replace('"version": 1', '"version": 2'),
    "a game this site lacks": kept({"brunch": BRUNCH, "chess": BRUNCH}, "brunch"),
    "a last game not kept": kept({"brunch": BRUNCH}, "reef"),
    "too many players": kept({"brunch": {**BRUNCH, "players": 9, "seats": ["human"] * 9, "names": [""] * 9}}, "brunch"),
    "players as text": kept({"brunch": {**BRUNCH, "players": "4"}}, "brunch"),
    "an unknown seat kind": kept({"brunch": {**BRUNCH, "seats": ["human", "grandmaster", "bot", "bot"]}}, "brunch"),
    "fewer seats than players": kept({"brunch": {**BRUNCH, "seats": ["human", "bot"]}}, "brunch"),
    "a name too long": kept({"brunch": {**BRUNCH, "names": ["A" * 17, "", "", ""]}}, "brunch"),
    "a name for a bot": kept({"brunch": {**BRUNCH, "names": ["Ann", "Robot", "", ""]}}, "brunch"),
    "an unknown option": kept({"brunch": {**BRUNCH, "options": {"speed": "fast"}}}, "brunch"),
    "an option out of range": kept({"reef": {**REEF, "options": {**REEF["options"], "variant": "expert"}}}, "reef"),
    "a short Ecosystem line": kept({"reef": {**REEF, "options": {**REEF["options"], "line": [1, 2, 3]}}}, "reef"),
    "a seed kept": kept({"brunch": {**BRUNCH, "seed": 42}}, "brunch"),
    # One game's setup is fine, the other's is not: neither is offered.
    "one good game, one bad": kept({"brunch": BRUNCH, "reef": {**REEF, "seats": ["human", "wizard"]}}, "brunch"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_stored_choice_that_is_not_the_lobbys_is_ignored_whole(page, case):
    page.add_init_script(f"localStorage.setItem('{KEY}', {json.dumps(BAD[case])});")
    open_lobby(page)
    assert shown(page) == MUSEUM_DEFAULTS
    page.click('[data-step="game-brunch"]')
    assert shown(page)["seats"] == ["human", "bot", "bot"] and not shown(page)["reset"], "nothing of it is half-applied"
    assert not page.errors


def test_a_stored_choice_as_the_lobby_writes_it_is_offered(page):
    """The control for the test above: the same setups, written as the lobby writes them, are offered whole."""
    page.add_init_script(
        f"localStorage.setItem('{KEY}', {json.dumps(kept({'brunch': BRUNCH, 'reef': REEF}, 'reef'))});"
    )
    open_lobby(page)
    reef = shown(page)
    assert (reef["game"], reef["players"], reef["seats"], reef["options"], reef["reset"]) == (
        "reef",
        "2",
        ["human", "easy"],
        ["family", "none", "none"],
        True,
    )
    assert page.eval_on_selector_all("[data-pick^='line-']", "(s) => s.map((x) => JSON.parse(x.value))") == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    page.click('[data-step="game-brunch"]')
    assert shown(page)["seats"] == ["human", "hard", "bot", "random"] and shown(page)["names"] == ["Ann"]


def test_a_deep_link_wins_over_the_remembered_choices(page):
    """A link plays what it says, and leaves the remembered choices as they were; a bad link's lobby shows the
    link's game (with that game's remembered setup)."""
    value = kept({"brunch": BRUNCH, "reef": REEF}, "reef")
    page.add_init_script(f"if (!localStorage.getItem('{KEY}')) localStorage.setItem('{KEY}', {json.dumps(value)});")
    page.goto(page.site_url + "index.html?game=museum&players=2&seats=human,random&botDelay=0")
    assert wait_idle(page) == "playing"
    assert page.inner_text(".match-head h2") == "Aqua — the museum game"
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')")) == json.loads(value)
    page.goto(page.site_url + "index.html?game=brunch&players=99")
    page.wait_for_selector("[data-notice]")
    page.wait_for_function("document.body.dataset.status === 'lobby'")
    assert shown(page)["game"] == "brunch" and shown(page)["seats"] == ["human", "hard", "bot", "random"]
    assert not page.errors
