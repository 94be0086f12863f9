"""Shoal in Firefox and WebKit (Safari's engine) as well as Chromium: whole games, a lesson, the teaching example and a
reload, all by pointer clicks at the centre of what a person would click (tests/e2e/browsers.py), with no error."""

from __future__ import annotations

import json
import random

import pytest

import shoal
from tests.e2e import browsers
from tests.e2e.browsers import click_target, play_to_end, wait_idle

ENGINES = ["firefox", "webkit"]


@pytest.fixture(scope="session")
def firefox():
    if why := browsers.missing("firefox"):
        pytest.fail(f"Firefox is not installed ({why}): build_scripts/test.sh installs it")
    engine = browsers.Firefox()
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def webkit():
    if why := browsers.missing("webkit"):
        pytest.fail(f"WebKit is not installed ({why}): build_scripts/test.sh installs it")
    display = browsers.Xvfb()
    engine = browsers.WebKit(display.display)
    yield engine
    engine.close()
    display.close()


@pytest.fixture(params=ENGINES)
def engine(request, site_url):
    """A fresh page in Firefox or WebKit; at the end of the test, no error was reported on it."""
    browser = request.getfixturevalue(request.param)
    browser.page()
    browser.site_url = site_url
    yield browser
    errors = browser.errors()
    assert not errors, f"{browser.name} reported: {errors[:5]}"


def moves(engine) -> int:
    return engine.eval("window.shoal.record().then((r) => r.actions.length)")


def test_a_click_at_the_centre_of_a_highlighted_reef_spot_grows_the_coral_there(engine):
    """An AQUA tile can be placed by mouse or touch: the legal spots are drawn, and a click at a spot's centre plays it
    (WebKit hid every SVG grid row that the keyboard helper wrapped in a display: contents <g>)."""
    engine.goto(engine.site_url + "index.html?game=reef&players=1&seats=human&seed=2&botDelay=0&botBudget=4")
    wait_idle(engine)
    offered = engine.probe("targets")
    assert offered["kind"] == "action" and offered["targets"], f"no legal spot is drawn: {offered}"
    for index in range(len(offered["targets"])):
        aim = engine.probe("aim", kind="action", index=index)
        assert aim["ok"], aim
    assert moves(engine) == 0
    engine.click(aim["x"], aim["y"])
    wait_idle(engine)
    assert moves(engine) == 1
