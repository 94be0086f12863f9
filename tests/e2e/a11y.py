"""Accessibility scans with axe-core (a test-only npm package, tests/e2e/axe), injected into the page under test.

The scanner is evaluated through the DevTools protocol, which a page's Content-Security-Policy does not govern, so
the site's strict policy stays as it ships. Only violations of impact "serious" or "critical" fail a test (issue 13).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

AXE = Path(__file__).with_name("axe") / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


@lru_cache(maxsize=1)
def _source() -> str:
    return AXE.read_text()


def serious_violations(page) -> list[str]:
    """One line per serious or critical axe-core violation on the page as it is now (WCAG 2.x A and AA rules)."""
    # Scanned as a player who asked for reduced motion sees it: colours are judged settled, not half-way through a fade.
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(50)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_source())
    found = page.evaluate(
        """() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
                                    resultTypes: ['violations']})
                 .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                                     nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.html.slice(0, 120))})))"""
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(v['nodes'])}" for v in found if v["impact"] in BLOCKING]
