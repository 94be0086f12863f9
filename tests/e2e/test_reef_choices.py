"""AQUA choices in the browser: Modification 6's end-of-game Reef colour (issue 9, point 13), offered as labelled
buttons the player clicks, the colour worth most first."""

from __future__ import annotations

import json

import shoal
from shoal.games.reef.state import REEF_COLOUR
from tests.e2e.driver import assert_no_outside_requests, assert_scores_match_cpython, wait_idle


def _at_the_reef_colour_choice(players: int = 1):
    """A Modification 6 match the greedy bot plays up to the end-of-game choice (the first seed that gets there)."""
    for seed in range(40):
        m = shoal.new_match("reef", players, seed=seed, options={"modification": "6"})
        while not m.is_over() and m.state.phase != REEF_COLOUR:
            seat = m.to_act()[0]
            m.play(seat, m.bot_action(seat, "greedy"))
        if m.state.phase == REEF_COLOUR and m.to_act() == [0]:
            return m
    raise AssertionError("no seed reached the Reef colour choice")


def open_record(page, site_dir, name: str, record: dict, watch: bool = False) -> None:
    """Serve ``record`` from the site itself and open it (``?record=``), as a saved game or a teacher's link."""
    folder = site_dir / "test-records"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(record))
    page.goto(f"{page.site_url}index.html?record=test-records/{name}&botDelay=0" + ("&watch=1" if watch else ""))
    wait_idle(page)


def test_modification_6_the_player_clicks_the_reef_colour_it_scores(page, site_dir):
    """Issue 9.13: "Make it the player's choice at the end of the game (an action, default offered = most points)"."""
    m = _at_the_reef_colour_choice()
    record = {**m.record(), "seats": ["human"]}
    open_record(page, site_dir, "mod6-choice.json", record)
    assert page.evaluate("document.body.dataset.status") == "playing"
    buttons = page.locator(".reef-colour-choice [data-action]")
    offered = [json.loads(buttons.nth(i).get_attribute("data-action")) for i in range(buttons.count())]
    assert offered == m.legal_actions(0)
    colours = m.view(0)["table"]["boards"][0]["reef_colours"]
    first = buttons.nth(0).inner_text()
    assert f"Score my {colours[0]['name']} Reefs: {colours[0]['points']} pts" in first and "most points" in first
    assert "choose the one colour of Reef you score" in page.inner_text(".reef-prompt")

    buttons.nth(buttons.count() - 1).click()  # not the default: the player's own choice
    assert wait_idle(page) == "over"
    rec = assert_scores_match_cpython(page)
    assert rec["actions"][-1] == [0, offered[-1]]
    assert_no_outside_requests(page)
    assert not page.errors
