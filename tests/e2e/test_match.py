"""One match controller (web/match.js) for every page that plays: a live game mounted with Shoal.mount plays exactly as
the match page does (the instant-bot chain, Undo, the modal pass screen), two boards on one page keep their own
cameras, and a <shoal-board> opens again when one of its attributes changes."""

from __future__ import annotations

import json

from tests.e2e.driver import IDLE, visible
from tests.e2e.test_viewer import settled, write

# Every request a page (or its boards) sends the engine worker, in window.sent, from before any module loads.
SENT = """(() => {
  window.sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) window.sent.push(JSON.parse(message.request));
    return post.call(this, message, ...rest);
  };
})();"""

DEAL = {"game": "reef", "players": 2, "seats": ["human", "greedy"], "seed": 5}

EMBED_JS = f"""import {{ Shoal }} from "./embed.js";
window.board = await Shoal.mount(document.getElementById("live"), {{ ...{json.dumps(DEAL)}, botDelay: 0 }});
document.body.dataset.ready = "1";
"""


def asked_since(page, before: int) -> list[dict]:
    """The requests sent since the `before`-th, without the saves (the match page keeps the record after each move)
    and without the bridge's name for the match (each board of a page has its own)."""
    sent = page.evaluate("window.sent")[before:]
    return [{k: v for k, v in r.items() if k != "match"} for r in sent if r["cmd"] != "record"]


def play_until_undo(page, scope: str, idle, record) -> dict:
    """Click the first offered action (else step) until Undo is offered. Returns what the page asked for at each
    move, how many moves each click played, and the Undo button's words."""
    plays, played = [], []
    for _ in range(40):
        idle()
        if visible(page, f"{scope} [data-undo]"):
            break
        moves = len(record()["actions"])
        before = len(page.evaluate("window.sent"))
        target = (visible(page, f"{scope} [data-action]") or visible(page, f"{scope} [data-step]"))[0]
        target.click()
        idle()
        asked = asked_since(page, before)
        if any(r["cmd"] == "play" for r in asked):
            plays.append(asked)
            played.append(len(record()["actions"]) - moves)
    else:
        raise AssertionError("Undo was never offered")
    return {"plays": plays, "played": played, "undo": page.inner_text(f"{scope} [data-undo]")}


def take_back(page, scope: str, idle, record) -> dict:
    moves = len(record()["actions"])
    before = len(page.evaluate("window.sent"))
    page.click(f"{scope} [data-undo]")
    idle()
    return {
        "asked": [(r["cmd"], r.get("seat"), r.get("humans")) for r in asked_since(page, before)],
        "taken": moves - len(record()["actions"]),
        "note": page.inner_text(f"{scope} .log li.took-back"),
        "undo shown": bool(visible(page, f"{scope} [data-undo]")),
    }


def test_an_embedded_game_offers_undo_and_the_instant_bot_chain_like_the_match_page(page, site_dir):
    """The same AQUA deal against an instant bot, on the match page and mounted with Shoal.mount (botDelay=0): every
    click is answered in one bridge round trip (`play` with the bots chained, naming the people at the table), Undo
    comes up after the same move with the same words, and takes back the move and the bot's answer to it."""
    page.context.add_init_script(SENT)
    query = f"game=reef&players=2&seats=human,greedy&seed={DEAL['seed']}&botDelay=0"
    page.goto(f"{page.site_url}index.html?{query}")
    match_idle = lambda: page.wait_for_function(IDLE)  # noqa: E731
    match_record = lambda: page.evaluate("window.shoal.record()")  # noqa: E731
    on_page = play_until_undo(page, "#screen", match_idle, match_record)
    on_page_undo = take_back(page, "#screen", match_idle, match_record)

    write(
        site_dir / "match-embed.html",
        """<!doctype html><html><head><meta charset="utf-8"><title>embed</title>
<link rel="stylesheet" href="viewer.css"></head>
<body><div id="live"></div><script type="module" src="match-embed.js"></script>""",
    )
    write(site_dir / "match-embed.js", EMBED_JS)
    page.goto(page.site_url + "match-embed.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    embed_idle = lambda: settled(page, None, "#live .shoal-view")  # noqa: E731
    embed_record = lambda: page.evaluate("window.board.viewer.live.record()")  # noqa: E731
    embedded = play_until_undo(page, "#live", embed_idle, embed_record)
    embedded_undo = take_back(page, "#live", embed_idle, embed_record)

    assert embedded == on_page and embedded_undo == on_page_undo, (embedded, on_page, embedded_undo, on_page_undo)
    assert on_page["plays"], "the person moved"
    for asked in embedded["plays"]:
        assert [r["cmd"] for r in asked] == ["play"], f"one round trip a click: {asked}"
        assert asked[0]["bots"] == [[1, "greedy"]] and asked[0]["humans"] == [0], asked
    assert max(embedded["played"]) > 1, "the bot's answers came in the same request as the person's move"
    assert embedded["undo"] == "Undo"
    assert embedded_undo["asked"] == [("undo", 0, [0])]
    assert embedded_undo["taken"] >= 1 and not embedded_undo["undo shown"]
    assert embedded_undo["note"].startswith("You took back:")
    assert not page.errors


HOTSEAT_JS = """import { Shoal } from "./embed.js";
window.board = await Shoal.mount(document.getElementById("live"),
  { game: "brunch", players: 3, seats: ["human", "human", "human"], seed: 9, botDelay: 0 });
document.body.dataset.ready = "1";
"""


def test_a_hot_seat_embed_passes_the_device_in_a_modal_dialog_with_undo(page, site_dir):
    """A hot-seat Brunch table in an embed starts on the pass screen, a modal dialog over the page that shows nobody's
    hand; after Player 1's Lunch decision the next pass screen offers "Undo Player 1's move", which gives the device
    back to Player 1 with the take-back in the log."""
    write(
        site_dir / "hotseat-embed.html",
        """<!doctype html><html><head><meta charset="utf-8"><title>embed</title>
<link rel="stylesheet" href="viewer.css"></head><body><p>A page around the board.</p><div id="live"></div>
<script type="module" src="hotseat-embed.js"></script>""",
    )
    write(site_dir / "hotseat-embed.js", HOTSEAT_JS)
    page.goto(page.site_url + "hotseat-embed.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    settled(page, "playing", "#live .shoal-view")
    modal = (
        "() => { const d = document.querySelector('#live dialog.pass'); return !!d && d.open && d.matches(':modal'); }"
    )
    assert page.evaluate(modal), "the first screen is the pass screen, a modal dialog"
    assert "Pass the device to Player 1." in page.inner_text("#live dialog.pass")
    assert not page.query_selector("#live .my-hand"), "nobody's hand before its owner has the device"
    assert page.evaluate("window.board.viewer.live.passTo") == 0, "the device goes to Player 1 first"
    page.click("#live [data-step=continue]")
    settled(page, "playing", "#live .shoal-view")
    assert page.query_selector("#live .my-hand"), "Player 1's hand"
    visible(page, "#live [data-action]")[0].click()  # Lunch, or keep passing: a decision Player 1 may take back
    settled(page, "playing", "#live .shoal-view")
    assert page.evaluate(modal) and "Pass the device to Player 2." in page.inner_text("#live dialog.pass")
    assert not page.query_selector("#live .my-hand"), "the pass screen shows nobody's hand"
    assert page.inner_text("#live dialog.pass [data-undo]") == "Undo Player 1's move"
    page.click("#live dialog.pass [data-undo]")
    settled(page, "playing", "#live .shoal-view")
    assert not page.query_selector("#live dialog.pass"), "Player 1 holds the device again"
    assert page.evaluate("[window.board.viewer.live.viewer, window.board.viewer.live.passTo]") == [0, None]
    assert page.inner_text("#live .log li.took-back").startswith("Player 1 took back:")
    assert page.query_selector("#live .my-hand"), "Player 1's own hand again"
    assert page.evaluate("window.board.viewer.live.record()")["actions"] == []
    assert not page.errors


CAMERAS_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>two reefs</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<shoal-board id="a" game="reef" players="2" seats="human,greedy" seed="4" bot-delay="0"></shoal-board>
<shoal-board id="b" game="reef" players="2" seats="human,greedy" seed="4" bot-delay="0"></shoal-board>
<script type="module" src="embed.js"></script>"""


def reopened(page, board: str) -> None:
    """Wait until the board that replaced `board`'s first one (marked `.old`) has settled."""
    page.wait_for_selector(f"#{board} .shoal-view:not(.old)")
    settled(page, "playing", f"#{board} .shoal-view")


def view_box(page, board: str) -> str:
    return page.get_attribute(f"#{board} svg.reef-board", "viewBox")


def redraw(page, board: str, fresh: bool = False) -> None:
    """Draw the board's table again, in place or from scratch (what a move or a step does to it)."""
    page.evaluate(f"document.getElementById('{board}').handle.viewer.live.redraw({'true' if fresh else 'false'})")


def test_two_reef_boards_on_a_page_keep_their_own_camera(page, site_dir):
    """Zooming one AQUA board leaves the other as it was, across the redraws of both; a board that opens a new match
    (an attribute changed) shows its reef fitted again, not the zoom of the match before."""
    write(site_dir / "two-reefs.html", CAMERAS_HTML)
    page.goto(page.site_url + "two-reefs.html")
    for board in "ab":
        settled(page, "playing", f"#{board} .shoal-view")
    fitted = view_box(page, "a")
    assert fitted == view_box(page, "b"), "the same deal, fitted the same"
    page.click("#a .zoom-bar button[aria-label='zoom in']")
    zoomed = view_box(page, "a")
    assert zoomed != fitted
    redraw(page, "b")
    assert view_box(page, "b") == fitted, "the other board keeps its own camera"
    redraw(page, "b", fresh=True)
    assert view_box(page, "b") == fitted
    redraw(page, "a", fresh=True)
    assert view_box(page, "a") == zoomed, "a board keeps its camera across its own redraws"
    page.evaluate("document.querySelector('#a .shoal-view').classList.add('old')")
    page.evaluate("document.getElementById('a').setAttribute('size', 'medium')")
    reopened(page, "a")
    assert view_box(page, "a") == fitted, "a new match starts with its reef fitted"
    assert not page.errors


STEPS_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>attributes</title>
<link rel="stylesheet" href="viewer.css"></head><body>
<shoal-board id="l" lesson="lessons/museum-facing.json" step="2"></shoal-board>
<script type="module" src="attributes.js"></script>"""
STEPS_JS = """import "./embed.js";
window.ready = 0;
document.getElementById("l").addEventListener("shoal-ready", () => { window.ready += 1; });
"""


def test_changing_a_board_attribute_opens_it_again(page, site_dir):
    """`<shoal-board step="2">` set to step="4" opens again at the fourth step (a new board, ready once more; steps
    count from 1, `data-step` is the step's index); two attributes changed together open it once; a bad value is
    said on the board like any other; step="0", an older page's first step, still opens the first."""
    write(site_dir / "attributes.html", STEPS_HTML)
    write(site_dir / "attributes.js", STEPS_JS)
    page.goto(page.site_url + "attributes.html")
    page.wait_for_function("() => window.ready === 1")
    assert page.get_attribute("#l .shoal-view", "data-step") == "1"
    page.evaluate("document.querySelector('#l .shoal-view').classList.add('first-board')")
    page.evaluate("document.getElementById('l').setAttribute('step', '4')")
    page.wait_for_function("() => window.ready === 2")
    assert page.get_attribute("#l .shoal-view", "data-step") == "3"
    assert not page.query_selector("#l .first-board"), "the board was opened again"
    page.evaluate(
        "() => { const board = document.getElementById('l');"
        " board.setAttribute('step', '3'); board.setAttribute('size', 'small'); }"
    )
    page.wait_for_function("() => window.ready === 3")
    page.wait_for_timeout(300)
    assert page.evaluate("window.ready") == 3, "two changes at once open the board once"
    assert page.get_attribute("#l .shoal-view", "data-step") == "2"
    page.evaluate("document.getElementById('l').setAttribute('step', 'x')")
    page.wait_for_selector("#l[data-status=error]")
    assert "the step attribute must be a whole number" in page.inner_text("#l")
    page.evaluate("document.getElementById('l').setAttribute('step', '0')")
    page.wait_for_function("() => window.ready === 4")
    assert page.get_attribute("#l", "data-status") is None and page.get_attribute("#l .shoal-view", "data-step") == "0"
    assert not page.errors
