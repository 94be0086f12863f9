"""The site's one palette of colours, written once in web/viewer.css: the file every board needs (a teacher's page
links only it) and every Shoal page links before style.css. Every colour has a light and a dark value, and the
fallback for browsers without light-dark() is exactly the light theme."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
LIGHT_DARK = re.compile(r"light-dark\(\s*([^,()]+?)\s*,\s*([^()]+?)\s*\)")
# Shoal's own pages (<html class="shoal-site">) and the boards, wherever they are.
SELECTOR = ".shoal-site, .shoal-view, .shoal-embed"
FALLBACK = "@supports not (color: light-dark(#000, #fff))"


def declarations(block: str) -> dict[str, str]:
    return {m[1]: m[2].strip() for m in re.finditer(r"(--[\w-]+)\s*:\s*([^;]+);", block)}


def block_after(css: str, selector: str) -> str:
    """The declarations of the first rule whose selector list is exactly `selector`."""
    at = css.index(selector + " {")
    return css[at + len(selector) + 2 : css.index("}", at)]


VIEWER_CSS = (WEB / "viewer.css").read_text()
PALETTE = declarations(block_after(VIEWER_CSS, SELECTOR))
LIGHT = declarations(block_after(VIEWER_CSS[VIEWER_CSS.index(FALLBACK) :], SELECTOR))


def test_the_palette_is_written_once_in_viewer_css():
    assert len(PALETTE) >= 25
    assert VIEWER_CSS.count(FALLBACK) == 1
    for css in sorted(WEB.rglob("*.css")):
        if css.name == "viewer.css":
            continue
        again = sorted(set(declarations(css.read_text())) & set(PALETTE))
        assert not again, f"{css.relative_to(WEB)} declares palette colours again: {again}"


def test_every_page_that_links_style_css_takes_the_palette_from_viewer_css_first():
    pages = [p for p in sorted(WEB.glob("*.html")) if 'href="./style.css"' in p.read_text()]
    assert {"index.html", "learn.html", "progress.html"} <= {p.name for p in pages}
    for page in pages:
        html = page.read_text()
        assert re.search(r'<html [^>]*class="shoal-site"', html), f"{page.name}: <html> is not .shoal-site"
        assert 'href="./viewer.css"' in html, f"{page.name} does not link viewer.css"
        assert html.index('href="./viewer.css"') < html.index('href="./style.css"'), f"{page.name}: viewer.css last"


def test_every_colour_of_the_palette_has_a_light_and_a_dark_value_or_one_for_both():
    for name, value in PALETTE.items():
        if name == "--radius":
            continue
        assert LIGHT_DARK.fullmatch(value) or re.fullmatch(r"#[0-9a-f]{3,8}", value), (name, value)


def test_the_fallback_without_light_dark_is_the_light_theme():
    """A browser without light-dark() (Safari before 17.5) would otherwise get no colour at all for each name."""
    themed = {name: LIGHT_DARK.fullmatch(value)[1] for name, value in PALETTE.items() if LIGHT_DARK.fullmatch(value)}
    assert LIGHT == themed
