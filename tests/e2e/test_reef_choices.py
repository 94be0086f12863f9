"""AQUA choices in the browser: Modification 6's end-of-game Reef colour, offered as labelled
buttons the player clicks, the colour worth most first."""

from __future__ import annotations

import json

import shoal
from shoal.games.reef.state import REEF_COLOUR
from tests.e2e.driver import assert_no_outside_requests, assert_scores_match_cpython, open_match, record, wait_idle


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
    """The Reef colour is the player's choice at the end of the game (an action; the one worth most points offered
    first)."""
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


def test_solo_ecosystem_line_picked_in_the_lobby_in_order(page):
    """The solo player picks the six Ecosystems of the line in the lobby, in order, from all 18."""
    page.goto(page.site_url + "index.html?botDelay=0")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
    page.click("[data-step='game-reef']")
    page.select_option("#players", "1")
    picker = page.locator("fieldset[data-option='line']")
    assert "house rule" in picker.inner_text() and "as you prefer" in picker.inner_text()
    assert picker.locator("select").count() == 0, "off by default: the variant lays the Ecosystems"
    page.check("[data-step='line-own']")
    assert picker.locator("select").count() == 6
    assert picker.locator("[data-pick='line-0'] option").count() == 18
    line = [7, 8, 9, 13, 13, 18]
    for i, number in enumerate(line):
        page.select_option(f"[data-pick='line-{i}']", str(number))
    page.fill("#seed", "21")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    assert "line=7%2C8%2C9%2C13%2C13%2C18" in page.url
    assert record(page)["options"]["line"] == line
    assert [n for n, _ in shoal.replay(record(page)).state.line] == line
    assert "Ecosystems of your choice" in page.inner_text(".reef-head")
    assert not page.errors


def test_ecosystem_line_by_deep_link_and_a_bad_one_refused_clearly(page):
    """The line has a deep-link option, refused clearly if the line is not six valid Ecosystems."""
    open_match(page, "game=reef&players=2&seats=human,bot&seed=4&line=1,2,3,10,11,12")
    assert record(page)["options"]["line"] == [1, 2, 3, 10, 11, 12]
    assert "Ecosystems of your choice (house rule)" in page.inner_text(".reef-head")
    assert "The players chose the Ecosystem line (a house rule)." in page.inner_text(".log")

    for bad, words in (
        ("1,2,3", "must be 6 values from 1–18 in order"),
        ("1,2,3,4,5,x", '"x" is not one of them'),
        ("14,14,14,1,2,3", "14 appears 3 times, at most 2 times"),
    ):
        page.goto(f"{page.site_url}index.html?game=reef&players=1&seats=human&seed=1&line={bad}&botDelay=0")
        page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=60_000)
        # Said in the lobby's notice, which the boot progress never overwrites (the player must get to read it).
        page.wait_for_selector("[data-notice]")
        said = page.inner_text("[data-notice]")
        assert "option 'line'" in said and words in said, said
    assert not page.errors


def _two_challenges_game():
    """A finished solo game in which the greedy bot completes two Challenges or more (so the player must choose)."""
    for seed in range(60):
        m = shoal.new_match("reef", 1, seed=seed)
        while not m.is_over():
            m.play(0, m.bot_action(0, "greedy"))
        chosen = m.outcome()["achievements"][0]["choose_one"]
        if len(chosen) >= 2:
            return {**m.record(), "seats": ["human"]}, chosen
    raise AssertionError("the greedy bot completes two Challenges in none of 60 solo games")


def test_one_challenge_per_game_whatever_the_reloads_and_spectators_mark_nothing(page, site_dir, tmp_path):
    """Re-opening a finished game ("Load game" or watch=1) marks no second Challenge from the same game, and a
    spectator is offered no mark buttons: one Challenge per game, whatever the reloads."""
    record, chosen = _two_challenges_game()
    first, second = chosen[0], chosen[1]
    open_record(page, site_dir, "two-challenges.json", record)
    assert page.evaluate("document.body.dataset.status") == "over"
    name = page.locator("[data-track-name='0']")
    name.fill("Ana")
    name.dispatch_event("change")
    page.click(f"[data-step='mark-0-{first}']")
    page.wait_for_selector(f"[data-track-player='Ana'] [data-achievement='{first}'][data-marked]")
    assert page.query_selector(f"[data-step='mark-0-{second}']") is None

    def second_is_closed():
        page.wait_for_selector(f"[data-step='unmark-0-{first}']")
        assert page.query_selector(f"[data-step='mark-0-{second}']") is None
        number = second.split("-")[1]
        assert page.locator(f"button:has-text('Mark Challenge {number}')").is_disabled()

    page.reload()  # the same game again, from its link
    assert wait_idle(page) == "over"
    second_is_closed()

    path = tmp_path / "saved.json"  # the same game again, through "Load game"
    path.write_text(json.dumps(record))
    page.goto(page.site_url + "index.html?game=reef&players=1&seats=human&seed=99&botDelay=0")
    wait_idle(page)
    page.set_input_files(".record-tools input[type=file]", str(path))
    page.wait_for_function("document.body.dataset.status === 'over'")
    wait_idle(page)
    second_is_closed()
    track = json.loads(page.evaluate("localStorage.getItem('shoal.aqua.progress.v1')"))
    assert set(track["players"][0]["marks"]) == {first}, "one Challenge from this game, however often re-opened"

    page.click(f"[data-step='unmark-0-{first}']")  # taking it back reopens the choice
    page.wait_for_selector(f"[data-step='mark-0-{second}']")

    page.goto(f"{page.site_url}index.html?record=test-records/two-challenges.json&watch=1&botDelay=0")
    page.wait_for_selector("[data-spectator='true']")
    assert page.query_selector_all("[data-step^='mark-'], [data-step^='unmark-'], [data-track-name]") == []
    assert page.locator(f"[data-achievements-seat='0'] [data-achievement-result='{first}']").count() == 1
    assert not page.errors
