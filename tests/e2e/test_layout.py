"""Boards that fit their column, diagrams, print, "Save image" and iframes that size themselves (docs/embedding.md).

The boards lay themselves out by the width of the element that holds them (container queries), never the window's:
every check here puts boards in columns of 320, 480, 720 and 1100 px on one wide window."""

from __future__ import annotations

import base64
import json
import re
import struct
import xml.etree.ElementTree as ET

import pytest

from tests.e2e.handmade_lesson import museum_lesson
from tests.e2e.test_viewer import write

WIDTHS = (320, 480, 720, 1100)
# One lesson per game, and what shows its score or its line totals.
LESSONS = {
    "museum": ("museum-lines", ".mu-badge"),
    "brunch": ("brunch-catch", ".seat-name .pts"),
    "aquarena": ("aquarena-order", ".pts"),
    "reef": ("reef-reefs-and-ecosystems", ".reef-score"),
}

COLUMNS_JS = """import { Shoal } from "./embed.js";
const q = new URLSearchParams(location.search);
const opts = JSON.parse(q.get("opts") || "{}");
window.boards = [];
for (const w of q.get("widths").split(",")) {
  const col = document.createElement("div");
  col.className = "col";
  col.style.width = `${w}px`;
  const host = document.createElement("div");
  col.append(host);
  document.body.append(col);
  window.boards.push(await Shoal.mount(host, { lesson: `lessons/${q.get("lesson")}.json`, botDelay: 0, ...opts }));
}
document.body.dataset.ready = "1";
"""
COLUMNS_CSS = "body { margin: 0; padding: 8px; } .col { margin-bottom: 24px; }\n"

# Every box of a board in its column: what sticks out sideways, what scrolls sideways, and the boxes of its parts.
MEASURE_JS = """(totals) => [...document.querySelectorAll(".col")].map((col) => {
  const c = col.getBoundingClientRect();
  const view = col.querySelector(".shoal-view");
  const shown = (n) => { const b = n.getBoundingClientRect(); return b.width > 0 && b.height > 0
    && getComputedStyle(n).visibility !== "hidden" && !n.closest(".sr-only"); };
  const out = [...view.querySelectorAll("*")].filter(shown).filter((n) => {
    const b = n.getBoundingClientRect();
    return b.left < c.left - 1 || b.right > c.right + 1;
  }).map((n) => `${n.tagName}.${n.getAttribute("class")}`);
  const scrolls = [...view.querySelectorAll("*")].filter((n) => /auto|scroll/.test(getComputedStyle(n).overflowX)
    && n.scrollWidth > n.clientWidth + 1).map((n) => `${n.tagName}.${n.getAttribute("class")}`);
  const box = (sel) => { const n = view.querySelector(sel); if (!n || !shown(n)) return null;
    const b = n.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom }; };
  const total = [...view.querySelectorAll(totals)].filter(shown).map((n) => {
    const b = n.getBoundingClientRect(); return { left: b.left, right: b.right }; });
  return { width: c.width, out, scrolls, board: box(".sv-board"), comment: box(".sv-caption"),
    steps: box(".sv-steps"), text: box(".sv-comment"), totals: total,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
})"""


def columns_page(site_dir, lesson: str, widths=WIDTHS, **opts) -> str:
    """The address (under the site) of a page that mounts `lesson` once in a column of each width."""
    write(site_dir / "columns.js", COLUMNS_JS)
    write(site_dir / "columns.css", COLUMNS_CSS)
    write(
        site_dir / "columns.html",
        '<!doctype html><html><head><meta charset="utf-8"><title>columns</title>'
        '<link rel="stylesheet" href="viewer.css"><link rel="stylesheet" href="columns.css"></head>'
        '<body><script type="module" src="columns.js"></script></body></html>',
    )
    return f"columns.html?lesson={lesson}&widths={','.join(map(str, widths))}&opts={json.dumps(opts)}"


def open_columns(page, site_dir, lesson: str, widths=WIDTHS, **opts) -> None:
    page.goto(page.site_url + columns_page(site_dir, lesson, widths, **opts))
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and (b["top"] < a["bottom"] - 1)
    )


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_every_board_fits_its_column_at_four_widths(page, site_dir, game):
    """At columns of 320, 480, 720 and 1100 px, on the first and the last step: nothing sticks out of the column or
    scrolls sideways, the comment wraps at the column's width (not one word a line), the board, the comment and the
    step list do not overlap, and the score or the line totals are on show inside the column."""
    lesson, totals = LESSONS[game]
    open_columns(page, site_dir, lesson)
    steps = json.loads((site_dir / "lessons" / f"{lesson}.json").read_text())["steps"]
    for step in (0, len(steps) - 1):
        page.evaluate("(s) => Promise.all(window.boards.map((b) => b.goTo(s)))", step + 1)  # goTo counts from 1
        page.wait_for_function("() => [...document.querySelectorAll('.shoal-view')].every(v => !v.dataset.busy)")
        for col in page.evaluate(MEASURE_JS, totals):
            where = f"{game} step {step} in a {col['width']:.0f} px column"
            assert not col["out"], f"{where}: sticks out: {col['out'][:5]}"
            assert not col["scrolls"], f"{where}: scrolls sideways: {col['scrolls']}"
            assert col["page"] <= 0, f"{where}: the page scrolls sideways"
            board, comment, listed = col["board"], col["comment"], col["steps"]
            assert board and comment and listed, f"{where}: board, comment and step list are all on show"
            assert col["text"]["right"] - col["text"]["left"] >= 0.7 * min(col["width"], 700), f"{where}: comment"
            pairs = {
                "board/comment": (board, comment),
                "board/steps": (board, listed),
                "comment/steps": (comment, listed),
            }
            for what, (a, b) in pairs.items():
                assert not overlap(a, b), f"{where}: {what} overlap"
            assert col["totals"], f"{where}: the totals are drawn"
            assert all(t["right"] <= board["right"] + 1 for t in col["totals"]), f"{where}: totals inside the board"
    assert not page.errors and not page.csp_violations


# In the one column on the page: what sticks out of it (not counting what a part that scrolls sideways clips), and
# each part that scrolls sideways, with its cue (web/pan-cue.js, viewer.css) as drawn.
PANS_JS = """() => {
  const c = document.querySelector(".col").getBoundingClientRect();
  const all = [...document.querySelectorAll(".shoal-view *")];
  const scrolls = all.filter((n) => /auto|scroll/.test(getComputedStyle(n).overflowX)
    && n.scrollWidth > n.clientWidth + 1);
  const out = all.filter((n) => { const b = n.getBoundingClientRect();
    return b.width > 0 && !n.closest(".sr-only") && (b.left < c.left - 1 || b.right > c.right + 1)
      && !scrolls.some((s) => s.contains(n) && s !== n); }).map((n) => `${n.tagName}.${n.className}`);
  return { out, page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    pans: scrolls.map((n) => { const style = getComputedStyle(n), line = getComputedStyle(n, "::before");
      return { part: n.className, pans: n.dataset.pans || null, mask: style.maskImage || style.webkitMaskImage,
        line: line.display !== "none" && line.content.includes("Scroll sideways") }; }) };
}"""


def test_below_320_px_a_board_fits_or_pans_with_a_cue(page, site_dir):
    """In a 250 px column (a teacher's page beside text, on a phone): each game's board fits, or the part of it that
    is wider (the museum's full grid of five columns and its row totals) scrolls sideways inside the board with a
    visible cue, its far edge faded and a "Scroll sideways" line over it; scrolled to its end, the fade moves to the
    other edge. Nothing else sticks out of the column and the page never scrolls sideways."""
    wide = {**museum_lesson(seed=1, moves=9), "id": "wide-museum"}  # five columns of water and paintings
    write(site_dir / "lessons" / "wide-museum.json", json.dumps(wide))
    for lesson in [lesson for lesson, _ in LESSONS.values()] + ["wide-museum"]:
        open_columns(page, site_dir, lesson, widths=(250,), step=1000)  # past the end: the last step
        page.wait_for_function("() => !document.querySelector('.shoal-view').dataset.busy")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        col = page.evaluate(PANS_JS)
        assert not col["out"] and col["page"] <= 0, f"{lesson} at 250 px: sticks out: {col['out'][:5]}"
        if lesson == "wide-museum":
            assert [p["part"] for p in col["pans"]] == ["mu-board-wrap"], col["pans"]
        for part in col["pans"]:
            assert part["pans"] == "end" and "gradient" in part["mask"] and part["line"], f"{lesson}: no cue: {part}"
    page.evaluate("() => { const n = document.querySelector('[data-pans]'); n.scrollLeft = n.scrollWidth; }")
    page.wait_for_function("() => document.querySelector('.mu-board-wrap').dataset.pans === 'start'")
    # Saved as an image, the board is drawn whole: wider by what its scrolling part hides, with no cue.
    hides = page.evaluate(
        "() => { const n = document.querySelector('[data-pans]'); return n.scrollWidth - n.clientWidth; }"
    )
    root = ET.fromstring(base64.b64decode(page.evaluate(IMAGE_JS, [0, "svg"])["data"]))
    board = page.query_selector(".sv-board").bounding_box()
    assert int(root.get("width")) == pytest.approx(board["width"] + 16 + hides, abs=2)
    assert not page.errors and not page.csp_violations


def test_size_stays_a_maximum(page, site_dir):
    """`size` caps a board's width: a "small" board in a 1100 px column is 420 px wide, and in a 320 px column it
    takes the column's width."""
    open_columns(page, site_dir, "museum-lines", widths=(1100, 320), size="small")
    widths = page.evaluate("[...document.querySelectorAll('.shoal-view')].map(v => v.getBoundingClientRect().width)")
    assert widths[0] == pytest.approx(420, abs=1) and widths[1] == pytest.approx(320, abs=1), widths
    assert not page.evaluate(MEASURE_JS, ".mu-badge")[1]["out"]


def pyodide_requests(page) -> list[str]:
    return [u for u in page.requests if "/pyodide/" in u or "worker.js" in u or "/wheels/" in u]


DIAGRAM_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>diagrams</title>
<link rel="stylesheet" href="viewer.css"><link rel="stylesheet" href="columns.css"></head><body>
<div class="col" id="c1">
<shoal-board id="element" diagram lesson="lessons/museum-lines.json" step="2"></shoal-board></div>
<div class="col" id="c2"><div id="mounted"></div></div>
<div class="col" id="c3">
<shoal-board id="brunch" diagram lesson="lessons/brunch-catch.json" step="5"></shoal-board></div>
<div class="col" id="c4"><div id="reef"></div></div>
<script type="module" src="diagrams.js"></script></body></html>"""
DIAGRAM_JS = """import { Shoal } from "./embed.js";
for (const [id, width] of [["c1", 480], ["c2", 720], ["c3", 320], ["c4", 1100]]) {
  document.getElementById(id).style.width = `${width}px`;
}
window.mounted = await Shoal.mount(document.getElementById("mounted"),
  { diagram: true, lesson: "lessons/aquarena-order.json", step: 3 });
await Shoal.mount(document.getElementById("reef"),
  { diagram: true, lesson: "lessons/reef-reefs-and-ecosystems.json", step: 2 });
try { await Shoal.mount(document.createElement("div"), { diagram: true, game: "museum", players: 2 }); } catch (e) {
  window.refused = e.message;
}
document.body.dataset.ready = "1";
"""


def test_a_diagram_is_one_still_step_with_no_controls_and_no_python(page, site_dir):
    """`<shoal-board diagram>` and `Shoal.mount(el, {diagram: true})`, a board of each game: the step's board, comment
    and question as text at the column's width, no step buttons, steps or log, nothing to click on the board even at
    a question, the arrow keys do nothing, and no Pyodide file, worker or wheel is requested; a diagram of a new deal
    is refused."""
    write(site_dir / "columns.css", COLUMNS_CSS)
    write(site_dir / "diagrams.html", DIAGRAM_HTML)
    write(site_dir / "diagrams.js", DIAGRAM_JS)
    page.goto(page.site_url + "diagrams.html")
    page.wait_for_function("document.body.dataset.ready === '1'")
    for sel in ("#element", "#brunch"):
        page.wait_for_selector(f"{sel} .shoal-view[data-painted]")
    page.wait_for_timeout(1500)  # an engine started "in the background" would have asked for its files by now
    assert pyodide_requests(page) == [], "a diagram downloads no Python"
    for sel, width in (("#element", 480), ("#mounted", 720), ("#brunch", 320), ("#reef", 1100)):
        view = page.query_selector(f"{sel} .shoal-view")
        assert view.bounding_box()["width"] == pytest.approx(width, abs=1), "sized to its column"
        assert page.is_visible(f"{sel} .sv-board") and page.is_visible(f"{sel} .sv-comment")
        assert page.is_visible(f"{sel} .sv-prompt"), "the question is printed as text"
        for hidden in (".sv-nav", ".sv-side", "[data-nav]", ".sv-question button"):
            assert not [h for h in page.query_selector_all(f"{sel} {hidden}") if h.is_visible()], hidden
        assert not page.query_selector_all(f"{sel} .sv-board [data-action]"), "nothing to play on a diagram"
    page.click("#element .sv-board")
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#element .shoal-view", "data-step") == "1"
    assert "diagram" in page.evaluate("window.refused")
    assert not page.errors and not page.csp_violations


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_printing_shows_the_board_comment_and_question_without_buttons(page, site_dir, game):
    """Printed, a lesson's board keeps its board, comment, question and totals; the step buttons, step list, log,
    Play on, Save image and Keys are not printed, and no button is printed outside the drawing of the board."""
    lesson, totals = LESSONS[game]
    steps = json.loads((site_dir / "lessons" / f"{lesson}.json").read_text())["steps"]
    asked = next(i for i, step in enumerate(steps) if step["question"]) + 1  # the board counts steps from 1
    open_columns(page, site_dir, lesson, widths=(720,), step=asked)
    page.wait_for_selector(".sv-prompt")
    assert page.is_visible(".sv-nav button"), "on screen the controls are there"
    page.emulate_media(media="print")
    for shown in (".sv-board", ".sv-comment", ".sv-prompt", totals):
        assert page.is_visible(shown), shown
    buttons = [b for b in page.query_selector_all(".shoal-view button, .shoal-view summary") if b.is_visible()]
    outside = [b.inner_text() for b in buttons if not b.evaluate("(n) => !!n.closest('.sv-board')")]
    assert outside == [], outside
    for hidden in (".sv-side", ".sv-nav", ".log"):
        assert not page.is_visible(hidden), hidden


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


IMAGE_JS = """async ([i, format]) => {
  const blob = await window.boards[i].image({ format });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = ""; for (const b of bytes) s += String.fromCharCode(b);
  return { type: blob.type, data: btoa(s) };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_save_image_gives_an_svg_and_a_png_of_the_board(page, site_dir, scheme):
    """Save image exports the board the renderer drew: an SVG (well-formed, the board's size, holding its cards and
    totals) and a PNG twice that size, in the board's theme, with no request and no CSP violation; the Save image
    menu downloads both files."""
    page.emulate_media(color_scheme=scheme)
    open_columns(page, site_dir, "museum-lines", widths=(720,))
    page.wait_for_function("() => window.Shoal.engine() && true")
    page.evaluate("() => window.Shoal.engine().ready")  # the page's own Python, booting in the background, is done
    before = list(page.requests)
    svg = page.evaluate(IMAGE_JS, [0, "svg"])
    assert svg["type"] == "image/svg+xml"
    root = ET.fromstring(base64.b64decode(svg["data"]))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = int(root.get("width")), int(root.get("height"))
    board = page.query_selector(".sv-board").bounding_box()
    assert width == pytest.approx(board["width"] + 16, abs=2) and height == pytest.approx(board["height"] + 16, abs=2)
    text = "".join(root.itertext())
    assert "Σ6" in text and "Wave" in text, "the board's own totals and cards are in the image"
    frame = root.find(".//{http://www.w3.org/1999/xhtml}div")
    assert f"color-scheme: {scheme}" in frame.get("style")
    png = page.evaluate(IMAGE_JS, [0, "png"])
    assert png["type"] == "image/png"
    assert _png_size(base64.b64decode(png["data"])) == (2 * width, 2 * height)
    assert page.requests == before, "an image fetches nothing"
    page.click("[data-nav=save-image]")
    for fmt in ("svg", "png"):
        with page.expect_download() as got:
            page.click(f"[data-nav=save-{fmt}]")
        assert got.value.suggested_filename == f"museum-lines-1.{fmt}"
        saved = open(got.value.path(), "rb").read()
        if fmt == "svg":
            assert ET.fromstring(saved).tag.endswith("svg")
        else:
            assert _png_size(saved) == (2 * width, 2 * height)
    assert not page.errors and not page.csp_violations


def test_a_browser_that_refuses_the_png_says_so_and_the_svg_still_saves(page, site_dir):
    """A browser that will not read back a canvas that drew the board (a "tainted" canvas: older Safari) gets a
    message under the menu naming the way out, in the page's error style (red on pink, as every error on the page),
    and the SVG still downloads."""
    open_columns(page, site_dir, "museum-lines", widths=(480,))
    page.evaluate("""() => { HTMLCanvasElement.prototype.toBlob = () => {
      throw new DOMException("The canvas has been tainted by cross-origin data.", "SecurityError"); }; }""")
    page.click("[data-nav=save-image]")
    page.click("[data-nav=save-png]")
    page.wait_for_selector(".sv-save-note:not(:empty)")
    said = page.inner_text(".sv-save-note")
    assert said.startswith("Could not save the image: this browser cannot make a PNG") and "as SVG" in said, said
    look = page.eval_on_selector(".sv-save-note", "(n) => [n.matches('.error'), getComputedStyle(n).color]")
    assert look == [True, "rgb(201, 42, 42)"], look  # --warn in the light theme
    with page.expect_download() as got:
        page.click("[data-nav=save-svg]")
    assert got.value.suggested_filename == "museum-lines-1.svg"
    assert page.inner_text(".sv-save-note") == "", "a new try clears the message"
    assert not page.is_visible(".sv-save-note"), "and its error box"


def test_every_game_saves_an_image(page, site_dir):
    """Each game's board (the reef's is an SVG drawing of its own) makes a well-formed SVG and a PNG; what the drawing
    refers to by id (the reef's coral patterns, which tell colours apart without their colour) is in the image."""
    for game, (lesson, _totals) in sorted(LESSONS.items()):
        open_columns(page, site_dir, lesson, widths=(480,))
        svg = base64.b64decode(page.evaluate(IMAGE_JS, [0, "svg"])["data"])
        root = ET.fromstring(svg)
        assert root.find(".//{http://www.w3.org/2000/svg}foreignObject") is not None, game
        assert f"game-{game}" in svg.decode(), game
        wanted = set(re.findall(r"url\(#([\w-]+)\)", svg.decode()))
        assert wanted >= ({"reef-pat-R"} if game == "reef" else set()), game
        assert wanted <= {n.get("id") for n in root.iter()}, f"{game}: the image refers to ids it does not hold"
        w, h = int(root.get("width")), int(root.get("height"))
        assert _png_size(base64.b64decode(page.evaluate(IMAGE_JS, [0, "png"])["data"])) == (2 * w, 2 * h), game
    assert not page.errors and not page.csp_violations


FRAMED_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>framed</title>
<script src="iframe.js"></script><script type="module" src="framed.js"></script></head><body>
<iframe id="lesson" src="index.html?lesson=lessons/museum-lines.json&embed=1" title="A lesson" width="700" height="200">
</iframe><p id="after">After the board.</p></body></html>"""
FRAMED_JS = """window.heard = [];
window.addEventListener("message", (e) => {
  if (e.data && e.data.source === "shoal" && e.data.type === "resize") window.heard.push(e.data.height);
});
"""


def test_an_iframe_tells_its_height_and_iframe_js_sizes_it_under_a_strict_csp(page, site_dir):
    """The framed page posts {source: "shoal", type: "resize", height} whenever its content's height changes;
    shoal/iframe.js on the parent (the site's strict CSP: no inline style, no inline script) makes the frame that tall,
    so the whole lesson shows with no scroll bar inside, and follows it when the content grows."""
    write(site_dir / "framed.html", FRAMED_HTML)
    write(site_dir / "framed.js", FRAMED_JS)
    page.goto(page.site_url + "framed.html")
    frame = page.query_selector("#lesson").content_frame()
    frame.wait_for_selector(".shoal-view[data-painted]")

    def content() -> int:
        return frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")

    page.wait_for_function(
        "(h) => window.heard.includes(h) && document.getElementById('lesson').clientHeight === h", arg=content()
    )
    grown = content()
    assert grown > 400, "the frame grew from its 200 px to the lesson's height"
    assert frame.evaluate("document.documentElement.scrollHeight <= innerHeight"), "no scroll bar inside the frame"
    frame.click("[data-nav=keys]")  # the keys list opens: the content grows, and the frame with it
    page.wait_for_function(
        "(h) => document.getElementById('lesson').clientHeight > h && window.heard.at(-1) > h", arg=grown
    )
    assert page.evaluate("document.getElementById('lesson').clientHeight") == content()
    assert not page.errors and not page.csp_violations, page.csp_violations
