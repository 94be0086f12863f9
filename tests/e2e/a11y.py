"""Accessibility scans with axe-core (a test-only npm package, tests/e2e/axe), injected into the page under test.

The scanner is evaluated through the DevTools protocol, which a page's Content-Security-Policy does not govern, so
the site's strict policy stays as it ships. Only violations of impact "serious" or "critical" fail a test.
`in_every_theme` scans the same screen light, dark as the device asks (prefers-color-scheme) and dark as chosen in
the Settings on a light device: colour contrast is judged in each.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

AXE = Path(__file__).with_name("axe") / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


@lru_cache(maxsize=1)
def _source() -> str:
    return AXE.read_text()


def serious_violations(page, color_scheme: str | None = None) -> list[str]:
    """One line per serious or critical axe-core violation on the page as it is now (WCAG 2.x A and AA rules)."""
    # Scanned as a player who asked for reduced motion sees it: colours are judged settled, not half-way through a fade.
    page.emulate_media(reduced_motion="reduce", **({"color_scheme": color_scheme} if color_scheme else {}))
    page.wait_for_timeout(50)
    # A fade begun before that (a piece just placed) is run to its end: axe would judge its colours half-way through.
    page.evaluate("() => document.getAnimations().forEach(a => { try { a.finish(); } catch (e) { /* endless */ } })")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_source())
    found = page.evaluate(
        """() => axe.run(document, {runOnly: {type: 'tag',
                                              values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
                                    resultTypes: ['violations']})
                 .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                                     nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' '
                                                                                         + n.html.slice(0, 120))})))"""
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(v['nodes'])}" for v in found if v["impact"] in BLOCKING
    ]


THEMES = ("light", "dark", "dark chosen")


def set_theme(page, theme: str) -> bool:
    """The Settings' theme on this page (web/prefs.js), as the player's choice; False on a page without Shoal's
    settings (a teacher's page)."""
    return page.evaluate(
        "(t) => { if (!window.shoalPrefs) return false; window.shoalPrefs.set('theme', t); return true; }", theme
    )


def in_every_theme(page) -> list[str]:
    """Serious or critical violations of the screen in each theme, each line prefixed with the theme it was found in:
    light, dark as the device asks, and dark chosen in the Settings on a light device. The page is left light."""
    found: list[str] = []
    for theme in THEMES:
        chosen = theme == "dark chosen"
        if chosen and not set_theme(page, "dark"):
            continue
        found += [f"[{theme}] {line}" for line in serious_violations(page, "light" if theme != "dark" else "dark")]
        if chosen:
            set_theme(page, "system")
    page.emulate_media(color_scheme="light")
    return found
