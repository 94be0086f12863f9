"""What a replay's reader, an iframe's parent and an embedding page may learn: "play on from here" lets a person play
only a seat the replay may show, every event carries only what the spectator sees (and goes only to the origin the
link names), and a bad attribute of <shoal-board> is a message on the board, not an uncaught error."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest

import shoal
from tests.e2e.driver import click_through, open_match, visible
from tests.e2e.test_lessons_page import first_question, play_museum_answer, shipped
from tests.e2e.test_viewer import settled, write

# Every request the page sends its engine worker, kept in window.sent (to check which views it asked for).
WATCH_REQUESTS = """() => {
  const worker = window.shoalBoot.worker;
  const post = worker.postMessage.bind(worker);
  window.sent = [];
  worker.postMessage = (message, ...rest) => {
    if (message && message.request) window.sent.push(JSON.parse(message.request));
    return post(message, ...rest);
  };
}"""


def unfinished(game_id: str, players: int, moves: int, seed: int) -> dict:
    match = shoal.new_match(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.play(seat, rng.choice(match.legal_actions(seat)))
    assert not match.is_over()
    return match.record()


def seat_choices(page) -> list[list[str]]:
    return page.eval_on_selector_all(".sv-playon select", "ss => ss.map(s => [...s.options].map(o => o.value))")


@pytest.mark.parametrize(
    "game_id, players, seats, hand",
    [
        ("museum", 2, ["human", "human"], ".mu-hand .mu-card"),  # an unfinished hot-seat record
        ("brunch", 3, None, ".my-hand"),  # an unfinished Brunch record (no seats: people at every seat)
    ],
)
def test_play_on_from_a_shared_replay_shows_no_hand(page, site_dir, game_id, players, seats, hand):
    """A record opened from a link is replayed from the spectator only; "play on from here" at step k then offers a
    bot at every seat (nobody's hand may be shown) and the reader watches the game go on as the spectator."""
    rec = unfinished(game_id, players, 8, seed=5)
    write(site_dir / f"unfinished-{game_id}.json", json.dumps({**rec, **({"seats": seats} if seats else {})}))
    page.goto(page.site_url + f"index.html?replay=1&record=unfinished-{game_id}.json&botDelay=0&botBudget=4")
    settled(page, "replay")
    page.click("[data-step-index='5']")
    settled(page, step=5)
    page.evaluate(WATCH_REQUESTS)
    page.click("[data-nav=play-on]")
    assert seat_choices(page) == [["bot"]] * players, "no seat may be a person's: the replay may not show its hand"
    assert "spectator" in page.inner_text("[data-play-on-note]")
    page.click("[data-nav=start-play-on]")
    page.wait_for_function(
        "() => { const v = document.querySelector('.shoal-view');"
        " return v && !v.dataset.busy && v.dataset.status === 'over'; }",
        timeout=120_000,
    )
    assert page.evaluate("window.shoal.viewer()") is None
    assert not page.query_selector(f".shoal-view {hand}")
    asked = [r["viewer"] for r in page.evaluate("window.sent") if "viewer" in r]
    assert asked and all(v is None for v in asked), f"only the spectator's view was asked for: {set(asked)}"
    record = page.evaluate("window.shoal.record()")
    assert record["actions"][:5] == rec["actions"][:5], "the game went on from step 5"
    assert not page.errors


def test_play_on_from_my_own_replay_lets_me_play_only_my_seat(page):
    """The end screen's "Replay this game" of one person against a bot may show that person's seat: play on lets them
    play it, and the bot's seat stays a bot's."""
    open_match(page, "game=museum&players=2&seats=human,bot&seed=11")
    click_through(page, random.Random(2))
    page.click("[data-nav=replay]")
    settled(page, "replay")
    page.click("[data-step-index='4']")
    settled(page, step=4)
    page.evaluate(WATCH_REQUESTS)
    page.click("[data-nav=play-on]")
    assert seat_choices(page) == [["human", "bot"], ["bot"]]
    assert "bot" in page.inner_text("[data-play-on-note]")
    page.click("[data-nav=start-play-on]")
    settled(page, "playing")
    assert page.evaluate("window.shoal.viewer()") == 0
    assert page.query_selector(".shoal-view .mu-hand .mu-card"), "the person's own hand"
    asked = {r["viewer"] for r in page.evaluate("window.sent") if "viewer" in r}
    assert asked <= {0, None}, asked
    assert not page.errors


def _idle(page, frame, status=("playing", "over")) -> str:
    """A frame's page is idle (polled with attribute reads: the site's CSP forbids string evaluation in the frame)."""
    body = frame.locator("body")
    for _ in range(900):
        s = body.get_attribute("data-status")
        if s in status and body.get_attribute("data-busy") is None:
            return s
        page.wait_for_timeout(100)
    raise AssertionError("the framed game never became idle")


def _click_some(page, frame, rng, clicks: int) -> None:
    for _ in range(clicks):
        if _idle(page, frame) == "over":
            return
        handles = visible(frame, "[data-action]") or visible(frame, "[data-step]")
        target = rng.choice(handles)
        try:
            target.click(timeout=3_000)
        except Exception:  # under the board's zoom bar in a small frame: click it where it is
            target.dispatch_event("click")
    _idle(page, frame)


HOST_JS = """window.heard = [];
window.addEventListener("message", (e) => {
  if (!e.data || e.data.source !== "shoal") return;
  const from = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === e.source);
  window.heard.push({ from: from ? from.id : "?", ...e.data });
});
"""


def test_an_iframe_tells_its_parent_only_public_moves_and_only_at_the_origin_it_names(page, site_dir):
    """A hot-seat museum table in an iframe posts no face-down card (no action of a game with secrets); AQUA's moves,
    public to every view, come with their action; `parentOrigin=` names who may hear, and a misspelt one, nobody."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.site_url))
    common = "embed=1&botDelay=0&botBudget=4"
    frames = {
        "hotseat": f"game=museum&players=2&seats=human,human&seed=4&{common}",
        "reef": f"game=reef&players=2&seats=human,human&seed=6&{common}&parentOrigin={origin}",
        "other": f"game=museum&players=2&seats=human,bot&seed=4&{common}&parentOrigin=https://other.example",
        "misspelt": f"game=museum&players=2&seats=human,bot&seed=4&{common}&parentOrigin={origin}/shoal/",
    }
    html = "".join(
        f'<iframe id="{k}" src="index.html?{q}" style="width:900px;height:700px"></iframe>' for k, q in frames.items()
    )
    write(
        site_dir / "iframe-trust.html",
        f"""<!doctype html><html><head><meta charset="utf-8"><title>iframe trust</title></head><body>
{html}<script type="module" src="iframe-trust.js"></script>""",
    )
    write(site_dir / "iframe-trust.js", HOST_JS)
    page.goto(page.site_url + "iframe-trust.html")
    rng = random.Random(3)
    framed = {k: page.query_selector(f"#{k}").content_frame() for k in frames}
    for k, frame in framed.items():
        _idle(page, frame)
        _click_some(page, frame, rng, {"hotseat": 14, "reef": 10}.get(k, 4))
    page.wait_for_function("() => window.heard.some(m => m.from === 'reef' && m.type === 'move')")
    page.wait_for_timeout(300)
    heard = page.evaluate("window.heard")
    moves = [m for m in heard if m["from"] == "hotseat" and m["type"] == "move"]
    assert {m["seat"] for m in moves} == {0, 1}, heard
    assert all(set(m) == {"from", "source", "type", "seat"} for m in moves), moves
    reef = [m for m in heard if m["from"] == "reef" and m["type"] == "move"]
    assert reef and all("action" in m for m in reef if m["seat"] in (0, 1)), reef
    assert not [m for m in heard if m["from"] in ("other", "misspelt")], "a parent of another origin hears nothing"
    assert "parentOrigin" in framed["misspelt"].inner_text(".match-notices")
    assert not page.errors


EMBED_JS = """import { Shoal } from "./embed.js";
window.events = [];
const live = document.getElementById("live");
live.addEventListener("shoal-move", (e) => window.events.push({ dom: true, ...e.detail }));
const a = await Shoal.mount(live, { game: "museum", players: 2, seats: ["human", "human"], seed: 9, botDelay: 0 });
a.on("move", (e) => window.events.push(e));
const q = await Shoal.mount(document.getElementById("question"), {
  lesson: "lessons/museum-lines.json", question: "first" });
q.on("move", (e) => window.events.push({ lesson: true, ...e }));
document.body.dataset.ready = "1";
"""


def test_an_embedding_page_hears_no_secret_move(page, site_dir):
    """`Shoal.mount`'s `move` events (and the DOM's shoal-move) at a hot-seat museum table carry the seat, never the
    card placed face down; a lesson question's event says right or wrong, not the move."""
    write(
        site_dir / "embed-trust.html",
        """<!doctype html><html><head><meta charset="utf-8"><title>embed trust</title>
<link rel="stylesheet" href="viewer.css"></head><body><div id="live"></div><div id="question"></div>
<script type="module" src="embed-trust.js"></script>""",
    )
    write(site_dir / "embed-trust.js", EMBED_JS)
    page.goto(page.site_url + "embed-trust.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    rng = random.Random(5)
    for _ in range(16):
        settled(page, "playing", "#live .shoal-view")
        handles = visible(page, "#live [data-action]") or visible(page, "#live [data-step]")
        rng.choice(handles).click()
    settled(page, "playing", "#live .shoal-view")
    if page.query_selector("#live dialog.pass[open]"):  # the hand-over is modal: the page waits behind it
        page.click("#live [data-step=continue]")
        settled(page, "playing", "#live .shoal-view")
    source, compiled = shipped("museum-lines")
    step = first_question(compiled)
    settled(page, None, "#question .shoal-view")
    play_museum_answer(page, compiled["steps"][step]["view"]["legal"][0], "#question")
    page.wait_for_selector("#question [data-answer]")
    events = page.evaluate("window.events")
    moves = [e for e in events if not e.get("lesson")]
    assert {e["seat"] for e in moves} == {0, 1} and any(e.get("dom") for e in moves), events
    assert all(set(e) - {"dom"} == {"seat"} for e in moves), moves
    answers = [e for e in events if e.get("lesson")]
    assert answers and all(set(e) == {"lesson", "step", "right", "seat"} for e in answers), answers
    assert not page.errors


BAD_BOARDS = {
    'game="museum" options="{not json"': "the options attribute must be JSON",
    'game="museum" options="[1, 2]"': "the options attribute must be a JSON object",
    'game="museum" players="two"': "the players attribute must be a whole number",
    'game="museum" seed="-1"': "the seed attribute",
    'lesson="lessons/museum-lines.json" step="x"': "the step attribute must be a whole number",
    'game="museum" bot-delay="99999999"': "the bot-delay attribute must be a whole number from 0 to 10000",
    'game="museum" viewer="north"': "the viewer attribute must be a whole number",
    'game="museum" players="9"': "played by 2 players",
}


def test_a_board_with_a_bad_attribute_says_so_on_the_page(page, site_dir):
    """`<shoal-board game="museum" options="{not json">` once threw an uncaught SyntaxError and left a blank board;
    every attribute is read with the same care: the board says what is wrong, and the boards beside it work."""
    boards = "".join(f'<shoal-board id="b{i}" {attrs}></shoal-board>' for i, attrs in enumerate(BAD_BOARDS))
    write(
        site_dir / "bad-boards.html",
        f"""<!doctype html><html><head><meta charset="utf-8"><title>bad boards</title>
<link rel="stylesheet" href="viewer.css"><script type="module" src="embed.js"></script></head><body>
{boards}<shoal-board id="good" lesson="lessons/museum-lines.json"></shoal-board></body></html>""",
    )
    page.goto(page.site_url + "bad-boards.html")
    page.wait_for_selector("#good .shoal-view[data-painted]")
    page.wait_for_function(
        f"() => document.querySelectorAll('shoal-board[data-status=error]').length === {len(BAD_BOARDS)}",
        timeout=60_000,
    )
    for i, words in enumerate(BAD_BOARDS.values()):
        text = page.inner_text(f"#b{i}")
        assert text.startswith("This board could not open: ") and words in text, (i, text)
        assert page.is_visible(f"#b{i} [role=alert]")
    assert not page.errors, page.errors
