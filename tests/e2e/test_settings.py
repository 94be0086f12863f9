"""The Settings (theme and motion) kept on the device: a dark theme that follows the device or the player's choice from
the first frame on every page, motion off stopping every animation, the dialog itself, and embedded boards' theme."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import open_match, wait_idle
from tests.e2e.test_viewer import write

LIGHT_BG = "rgb(244, 248, 251)"  # --foam, light
DARK_BG = "rgb(15, 26, 36)"  # --foam, dark
PAGES = ["index.html", "learn.html", "progress.html"]

# What the page looks like when its HTML has been read, before any module ran: the root's colours and settings.
FIRST_LOOK = """
document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  window.__firstLook = {
    bg: getComputedStyle(root).backgroundColor, theme: root.dataset.theme ?? null, motion: root.dataset.motion ?? null,
  };
});
"""


def stored(value: str) -> str:
    """An init script that puts `value` in the settings' slot before the page's scripts run (every load)."""
    return f"localStorage.setItem('shoal.settings', {json.dumps(value)});"


def settings_value(theme: str = "system", motion: str = "system") -> str:
    return json.dumps({"format": "shoal-settings", "version": 1, "theme": theme, "motion": motion})


def first_look(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => !!window.__firstLook")
    return page.evaluate("window.__firstLook")


def root_bg(page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


def choose(page, setting: str, value: str) -> None:
    """Open the Settings from the header, pick `value`, close the dialog."""
    page.click("[data-settings]")
    page.check(f"dialog.settings [data-choice='{setting}-{value}']")
    page.click("dialog.settings [data-close-settings]")


def test_the_chosen_theme_is_kept_and_drawn_from_the_first_frame_on_every_page(page):
    """Dark chosen on a light device: every page is dark when its HTML is read (no flash of the light theme), after
    a reload and on the site's other pages; Light chosen on a dark device stays light the same way."""
    page.add_init_script(FIRST_LOOK)
    page.emulate_media(color_scheme="light")
    assert first_look(page, page.site_url + "index.html")["bg"] == LIGHT_BG
    choose(page, "theme", "dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert root_bg(page) == DARK_BG
    for name in PAGES:
        look = first_look(page, page.site_url + name)
        assert look == {"bg": DARK_BG, "theme": "dark", "motion": "full"}, (name, look)
    page.emulate_media(color_scheme="dark")
    choose(page, "theme", "light")
    for name in PAGES:
        assert first_look(page, page.site_url + name)["bg"] == LIGHT_BG, name
    assert json.loads(page.evaluate("localStorage.getItem('shoal.settings')"))["theme"] == "light"
    assert not page.errors


def test_system_follows_the_devices_colour_scheme(browser, site_url):
    """ "System" (the default) is the device's prefers-color-scheme, from the first frame and as it changes."""
    context = browser.new_context(color_scheme="dark", service_workers="block")
    page = context.new_page()
    page.add_init_script(FIRST_LOOK)
    try:
        for name in PAGES:
            look = first_look(page, site_url + name)
            assert look["bg"] == DARK_BG and look["theme"] is None, (name, look)
        page.emulate_media(color_scheme="light")
        page.wait_for_function(f"() => getComputedStyle(document.documentElement).backgroundColor === '{LIGHT_BG}'")
        page.emulate_media(color_scheme="dark")
        page.wait_for_function(f"() => getComputedStyle(document.documentElement).backgroundColor === '{DARK_BG}'")
    finally:
        context.close()


class _Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.head: list[tuple[str, dict]] = []
        self.settings_buttons = 0
        self._in_head = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "head":
            self._in_head = True
        elif self._in_head and tag in ("script", "link"):
            self.head.append((tag, a))
        if tag == "button" and "data-settings" in a:
            self.settings_buttons += 1

    def handle_endtag(self, tag):
        if tag == "head":
            self._in_head = False


@pytest.mark.parametrize("name", PAGES)
def test_every_page_reads_its_settings_in_a_classic_script_before_its_stylesheets(site_dir, name):
    """No flash of the wrong theme by construction: web/prefs.js is a parser-blocking script in <head>, before any
    stylesheet, so the root carries the theme before anything is drawn; the page has a Settings button."""
    head = _Head()
    head.feed((site_dir / name).read_text())
    scripts = [
        i for i, (tag, a) in enumerate(head.head) if tag == "script" and a.get("src", "").startswith("./prefs.js")
    ]
    styles = [i for i, (tag, a) in enumerate(head.head) if tag == "link" and a.get("rel") == "stylesheet"]
    assert len(scripts) == 1 and styles and scripts[0] < styles[0], head.head
    _, attrs = head.head[scripts[0]]
    assert not {"type", "defer", "async"} & set(attrs), attrs
    assert any(
        tag == "script" and a.get("type") == "module" and a.get("src", "").startswith("./settings.js")
        for tag, a in head.head
    )
    assert head.settings_buttons == 1


def running_animations(page) -> int:
    return page.evaluate("document.getAnimations().filter((a) => a.playState === 'running').length")


def test_motion_off_leaves_no_animation_running(page):
    """Motion "System" follows prefers-reduced-motion, "Off" stops everything, "On" plays even on a device that asks
    for less: the museum's glowing squares (the places a picked painting may go) are the page's running animation."""
    page.emulate_media(reduced_motion="no-preference")
    open_match(page, "game=museum&players=2&seats=human,random&seed=5")

    def pick_a_painting():
        page.keyboard.press("Escape")  # put back any picked painting first
        wait_idle(page)
        page.click(".mu-hand [data-step]")
        page.wait_for_selector(".mu-cell.spot")

    pick_a_painting()
    assert running_animations(page) > 0, "the test needs an animation to stop"
    assert page.get_attribute("html", "data-motion") == "full"
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("document.documentElement.dataset.motion === 'reduce'")  # the media query's change event
    pick_a_painting()
    assert page.evaluate("document.getAnimations().length") == 0
    page.evaluate("window.shoalPrefs.set('motion', 'on')")
    pick_a_painting()
    assert running_animations(page) > 0, "On plays even when the device asks for less motion"
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate("window.shoalPrefs.set('motion', 'off')")
    pick_a_painting()
    assert page.evaluate("document.getAnimations().length") == 0
    page.reload()
    wait_idle(page)
    assert page.get_attribute("html", "data-motion") == "reduce", "kept across a reload"
    pick_a_painting()
    assert page.evaluate("document.getAnimations().length") == 0
    assert not page.errors


BAD_SETTINGS = {
    "one setting out of range": json.dumps(
        {"format": "shoal-settings", "version": 1, "theme": "dark", "motion": "sideways"}
    ),
    "another version": json.dumps({"format": "shoal-settings", "version": 2, "theme": "dark", "motion": "off"}),
    "another site's value": json.dumps({"theme": "dark", "motion": "off"}),
    "an extra field": json.dumps(
        {"format": "shoal-settings", "version": 1, "theme": "dark", "motion": "off", "font": "big"}
    ),
    "not JSON": "{theme: dark",
    "a list": json.dumps(["dark", "off"]),
}


@pytest.mark.parametrize("case", sorted(BAD_SETTINGS))
def test_a_stored_setting_that_is_not_the_sites_is_ignored_whole(page, case):
    """Read like any input from outside: a value that is not exactly what the page writes is ignored whole (its
    valid-looking theme is not half-applied); the page shows the defaults, System and System."""
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    page.add_init_script(stored(BAD_SETTINGS[case]))
    page.goto(page.site_url + "index.html")
    page.wait_for_selector(".game-card")
    assert page.get_attribute("html", "data-theme") is None
    assert page.get_attribute("html", "data-motion") == "full"
    assert root_bg(page) == LIGHT_BG
    page.click("[data-settings]")
    assert page.is_checked("[data-choice='theme-system']") and page.is_checked("[data-choice='motion-system']")
    assert not page.errors


def test_the_sites_own_stored_setting_is_applied(page):
    """The control for the test above: the same value written as the page writes it is used."""
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    page.add_init_script(stored(settings_value("dark", "off")))
    page.goto(page.site_url + "index.html")
    page.wait_for_selector(".game-card")
    assert page.get_attribute("html", "data-theme") == "dark" and page.get_attribute("html", "data-motion") == "reduce"
    assert root_bg(page) == DARK_BG


def test_the_settings_dialog_is_labelled_and_works_from_the_keyboard(page):
    """Reachable by Tab from the top of the page, a labelled modal dialog of two labelled groups; arrows choose,
    Escape closes and gives the focus back; no serious accessibility violation in either theme."""
    page.emulate_media(color_scheme="light")
    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'")
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-settings]')"):
            break
    assert page.evaluate("document.activeElement.matches('[data-settings]')"), (
        "the Settings button is an early Tab stop"
    )
    assert page.inner_text("[data-settings]") == "Settings"
    page.keyboard.press("Enter")
    dialog = page.wait_for_selector("dialog.settings[open]")
    assert (
        page.evaluate(
            "document.getElementById(document.querySelector('dialog.settings').getAttribute('aria-labelledby')).textContent"
        )
        == "Settings"
    )
    legends = page.eval_on_selector_all("dialog.settings fieldset legend", "(ls) => ls.map((l) => l.textContent)")
    assert legends == ["Theme", "Motion"]
    assert page.evaluate("document.activeElement.matches('[data-choice=\"theme-system\"]')")
    page.keyboard.press("ArrowRight")
    assert page.is_checked("[data-choice='theme-light']") and page.get_attribute("html", "data-theme") == "light"
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("html", "data-theme") == "dark"
    found = in_every_theme(page)
    assert found == [], "\n".join(found)
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    assert page.evaluate("document.activeElement.matches('[data-settings]')"), "the focus goes back to the button"
    assert not page.errors


def test_an_embedded_table_shows_the_settings_only_when_its_link_asks(page):
    """An iframe's table (?embed=1) has no site header and so no Settings, unless &settings=1; &theme=dark draws that
    one page dark without keeping anything on the device, and survives the page's own rewriting of its address."""
    page.emulate_media(color_scheme="light")
    open_match(page, "game=museum&players=2&seats=human,random&seed=2&embed=1")
    assert not page.is_visible("[data-settings]")
    open_match(page, "game=museum&players=2&seats=human,random&seed=2&embed=1&settings=1&theme=dark")
    assert page.is_visible("[data-settings]")
    assert page.get_attribute("html", "data-theme") == "dark" and root_bg(page) == DARK_BG
    assert "theme=dark" in page.url and "settings=1" in page.url
    assert page.evaluate("localStorage.getItem('shoal.settings')") is None
    page.click("[data-settings]")
    assert page.is_visible("dialog.settings")
    assert not page.errors


BOARDS_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>themes</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<shoal-board id="auto" lesson="lessons/museum-lines.json"></shoal-board>
<shoal-board id="dark" lesson="lessons/museum-lines.json" theme="dark"></shoal-board>
<shoal-board id="light" lesson="lessons/museum-lines.json" theme="light"></shoal-board>
<shoal-board id="odd" lesson="lessons/museum-lines.json" theme="purple"></shoal-board>
<div id="mounted"></div>
<script type="module" src="themes-test.js"></script></body></html>"""
BOARDS_JS = """import { Shoal } from "./embed.js";
await Shoal.mount(document.getElementById("mounted"), { lesson: "lessons/museum-lines.json", theme: "dark" });
document.body.dataset.ready = "1";
"""


def test_embedded_boards_follow_the_readers_scheme_or_their_own_theme(page, site_dir):
    """On a teacher's page (only viewer.css, no Settings): a board follows the reader's prefers-color-scheme unless
    its theme attribute (or Shoal.mount's option) says light or dark; any other theme is refused on the board."""
    write(site_dir / "themes-test.html", BOARDS_PAGE)
    write(site_dir / "themes-test.js", BOARDS_JS)
    page.emulate_media(color_scheme="light")
    page.goto(page.site_url + "themes-test.html")
    page.wait_for_function(
        "document.body.dataset.ready === '1' && document.querySelectorAll('.shoal-view[data-painted]').length === 4"
    )

    def bg() -> dict:
        return page.evaluate("""() => Object.fromEntries(['auto', 'dark', 'light', 'mounted'].map((id) =>
          [id, getComputedStyle(document.querySelector(`#${id} .shoal-view`)).backgroundColor]))""")

    assert bg() == {"auto": LIGHT_BG, "dark": DARK_BG, "light": LIGHT_BG, "mounted": DARK_BG}
    page.emulate_media(color_scheme="dark")
    assert bg() == {"auto": DARK_BG, "dark": DARK_BG, "light": LIGHT_BG, "mounted": DARK_BG}
    assert "the theme must be one of light, dark, auto, not “purple”" in page.inner_text("#odd")
    # Text on the board is drawn in its own theme's ink, whatever the page around it.
    ink = page.evaluate("getComputedStyle(document.querySelector('#light .sv-comment')).color")
    assert ink == "rgb(21, 32, 43)", ink
    assert not page.errors
