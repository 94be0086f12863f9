"""The site's one palette of chrome colours (web/style.css), repeated for boards on pages that link only viewer.css:
both copies agree, every colour has a light and a dark value, and the fallback for browsers without light-dark() is
exactly the light theme."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
LIGHT_DARK = re.compile(r"light-dark\(\s*([^,()]+?)\s*,\s*([^()]+?)\s*\)")


def declarations(block: str) -> dict[str, str]:
    return {m[1]: m[2].strip() for m in re.finditer(r"(--[\w-]+)\s*:\s*([^;]+);", block)}


def block_after(css: str, selector: str) -> str:
    """The declarations of the first rule whose selector list is exactly `selector`."""
    at = css.index(selector + " {")
    return css[at + len(selector) + 2 : css.index("}", at)]


def palette(css: str, selector: str) -> tuple[dict[str, str], dict[str, str]]:
    """(the palette, the @supports-not fallback) declared on `selector`."""
    main = declarations(block_after(css, selector))
    fallback_at = css.index("@supports not (color: light-dark(#000, #fff))")
    fallback = declarations(block_after(css[fallback_at:], selector))
    return main, fallback


STYLE = palette((WEB / "style.css").read_text(), ":root")
VIEWER = palette((WEB / "viewer.css").read_text(), ".shoal-view, .shoal-embed")


def test_the_viewers_palette_is_the_sites():
    assert VIEWER == STYLE


def test_every_colour_of_the_palette_has_a_light_and_a_dark_value_or_one_for_both():
    main, _ = STYLE
    assert len(main) >= 25
    for name, value in main.items():
        if name == "--radius":
            continue
        assert LIGHT_DARK.fullmatch(value) or re.fullmatch(r"#[0-9a-f]{3,8}", value), (name, value)


def test_the_fallback_without_light_dark_is_the_light_theme():
    """A browser without light-dark() (Safari before 17.5) would otherwise get no colour at all for each name."""
    main, fallback = STYLE
    themed = {name: LIGHT_DARK.fullmatch(value)[1] for name, value in main.items() if LIGHT_DARK.fullmatch(value)}
    assert fallback == themed
