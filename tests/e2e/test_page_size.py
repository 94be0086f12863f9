"""At 200% zoom and at 320 px width nothing needs sideways scrolling except a board that pans on purpose, and touch
targets are at least 24 px.

Zooming a 1280 px window to 200% lays the page out in a 640 CSS px viewport (what browser zoom does), so every page
is measured at 320 and at 640 CSS px: the document is never wider than the window (a board that pans on purpose does
so inside its own frame, which clips it), and every control a finger can press — buttons, links that are not inside a
sentence, selects, disclosure summaries, and every drawn card, tile, square or spot that commits an action or takes a
step — is at least 24 × 24 CSS px (WCAG 2.2 "target size, minimum").
"""

from __future__ import annotations

import random

import pytest

from tests.e2e.driver import click_through, click_until, open_match, open_near_end, wait_idle

WIDTHS = {"320 px phone": 320, "1280 px at 200% zoom": 640}
MIN_TARGET = 24

# Every element that is not wholly inside the window, unless something between it and the page clips it (a
# board's frame that pans, a table that scrolls on its own): what would make the page itself scroll sideways.
OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  const clipped = (n) => { for (let p = n.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true; }
    return false; };
  const out = [];
  for (const n of document.querySelectorAll('body *')) {
    const r = n.getBoundingClientRect();
    // (a 1 px box is text kept for screen readers only: .sr-only)
    if (r.width <= 1 || (r.right <= w + 0.5 && r.left >= -0.5) || clipped(n)) continue;
    const classes = String(n.className.baseVal ?? n.className).trim().replace(/\\s+/g, '.');
    out.push(`${n.tagName.toLowerCase()}.${classes} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return {scroll: document.documentElement.scrollWidth, width: innerWidth, out: out.slice(0, 8)};
}"""

# Controls smaller than 24 × 24 CSS px. A link inside a sentence is excepted (WCAG 2.5.8 "inline"), and so is a
# control the page hides from sight.
SMALL_TARGETS = """(min) => {
  const sel = 'button, a[href], input, select, summary, [data-action], [data-step], [role=button], [role=tab]';
  const out = [];
  for (const n of document.querySelectorAll(sel)) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(n).visibility === 'hidden') continue;
    if (n.closest('[hidden], .sr-only')) continue;
    if (r.width >= min - 0.01 && r.height >= min - 0.01) continue;
    const s = getComputedStyle(n);
    const inSentence = n.parentElement.textContent.trim().length > n.textContent.trim().length + 2;
    if (n.tagName === 'A' && s.display === 'inline' && inSentence) continue;
    const label = (n.getAttribute('aria-label') || n.textContent || '').trim().slice(0, 40);
    out.push(`${n.tagName.toLowerCase()}.${String(n.className.baseVal ?? n.className).trim().replace(/\\s+/g, '.')} ` +
             `${r.width.toFixed(1)}x${r.height.toFixed(1)} "${label}"`);
  }
  return [...new Set(out)];
}"""


def assert_fits(page, where: str) -> None:
    """At each width: no sideways scrolling, no target under 24 px."""
    for name, width in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(100)  # one layout after the resize
        found = page.evaluate(OVERFLOW)
        assert found["scroll"] <= found["width"] and not found["out"], f"{where} at {name} scrolls sideways: {found}"
        small = page.evaluate(SMALL_TARGETS, MIN_TARGET)
        assert not small, f"{where} at {name}: targets under {MIN_TARGET} px: {small}"
    page.set_viewport_size({"width": WIDTHS["320 px phone"], "height": 800})


STATIC = {
    "lobby": ("index.html", "() => document.body.dataset.status === 'lobby'"),
    "progress track": ("progress.html", "() => document.readyState === 'complete'"),
    "Learn index": ("learn.html", "() => document.body.dataset.status === 'learn'"),
    "AQUA lesson step": (
        "learn.html?game=reef&lesson=reef-large-animals&step=3",
        "() => !!document.querySelector('.shoal-view[data-painted]')",
    ),
    "Aquarena lesson": ("learn.html?game=aquarena", "() => !!document.querySelector('.shoal-view[data-painted]')"),
    "Museum lesson": ("learn.html?game=museum", "() => !!document.querySelector('.shoal-view[data-painted]')"),
    "Brunch lesson": ("learn.html?game=brunch", "() => !!document.querySelector('.shoal-view[data-painted]')"),
    "teaching example": ("examples/teaching.html", "() => !!document.querySelector('.shoal-view[data-painted]')"),
}


@pytest.mark.parametrize("name", sorted(STATIC))
def test_a_page_fits_320_px_and_200_percent_zoom_with_24_px_targets(page, name):
    """At 200% zoom and at 320 px width nothing needs sideways scrolling, and touch targets are ≥ 24 px."""
    path, ready = STATIC[name]
    page.set_viewport_size({"width": 320, "height": 800})
    page.goto(page.site_url + path)
    page.wait_for_function(ready)
    page.wait_for_load_state("networkidle")
    assert_fits(page, name)
    assert not page.errors


GAMES = {
    "aquarena": "game=aquarena&players=3&seats=human,random,random&seed=3",
    "reef": "game=reef&players=2&seats=human,random&seed=3",
    "museum": "game=museum&players=2&seats=human,random&seed=3",
    "brunch": "game=brunch&players=3&seats=human,random,random&seed=3",
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_and_its_end_screen_fit_320_px_and_200_percent_zoom_with_24_px_targets(page, site_dir, game):
    """The same on each game's table (a few moves in) and on its end screen (the same deal saved one move before its
    end, played on), at 320 px wide."""
    page.set_viewport_size({"width": 320, "height": 800})
    open_match(page, GAMES[game])
    click_until(page, random.Random(1), clicks=5)
    assert_fits(page, f"{game} table")
    open_near_end(page, site_dir, GAMES[game])
    click_through(page, random.Random(2))
    assert wait_idle(page) == "over"
    assert_fits(page, f"{game} end screen")
    assert not page.errors
