"""The Lesson Studio (studio.html): a teacher authors a lesson by clicking on the real board, downloads it, checks it
with the CLI, and a page of their own mounts the hand-written file with `Shoal.mount` — no build, no Python of theirs.
Also: drafts survive a reload (a corrupt one is set aside whole), "Copy link" opens the same lesson, the engine's
problems are said beside the field, and the page fits a phone."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import visible
from tests.e2e.test_page_size import assert_fits
from tests.e2e.test_viewer import write

ROOT = Path(__file__).resolve().parents[2]
# The Studio at rest: the engine has answered everything asked of it, and no check is waiting for the author to pause.
IDLE = (
    "() => document.body.dataset.status === 'studio' && !document.querySelector('[data-busy]')"
    " && !document.body.dataset.pending"
)
BOARD = ".studio-board"
PLAYERS = {"museum": 2, "brunch": 3, "aquarena": 2, "reef": 2}


def idle(page, timeout: float = 60_000) -> None:
    page.wait_for_function(IDLE, timeout=timeout)


def open_studio(page, query: str = "") -> None:
    page.goto(f"{page.site_url}studio.html?botDelay=0&botBudget=4{query}")
    idle(page, 90_000)


def new_lesson(page, game: str, seed: int = 7, position: str | None = None) -> None:
    """Fill in the new-lesson form and start writing (the editor opens on step 1, its board drawn)."""
    page.select_option("[data-studio=game]", game)
    page.select_option("[data-studio=players]", str(PLAYERS[game]))
    page.fill("[data-studio=new-seed]", str(seed))
    if position:
        page.fill("[data-studio=new-position]", position)
    page.click("[data-studio=new]")
    idle(page, 90_000)
    page.wait_for_selector(BOARD)


def step_count(page) -> int:
    return len(page.query_selector_all("[data-studio-step]"))


def lesson(page) -> dict:
    return page.evaluate("window.studio.lesson()")


def play_a_move(page, rng: random.Random) -> None:
    """Play one move on the Studio's board by clicking (steps toward a move, then the move): a new step follows."""
    before = step_count(page)
    for _ in range(12):
        actions = visible(page, f"{BOARD} [data-action]")
        if actions:
            rng.choice(actions).click()
            break
        rng.choice(visible(page, f"{BOARD} [data-step]")).click()
        idle(page)
    page.wait_for_function(f"() => document.querySelectorAll('[data-studio-step]').length === {before + 1}")
    idle(page)


def two_steps(page, game: str, seed: int, title: str, comments: list[str], rng_seed: int) -> None:
    """A new lesson of two steps, the second a move clicked on the board, each with its comment."""
    open_studio(page)
    new_lesson(page, game, seed=seed)
    page.fill("[data-studio=title]", title)
    page.fill("[data-studio=comment]", comments[0])
    play_a_move(page, random.Random(rng_seed))
    page.fill("[data-studio=comment]", comments[1])


def pick_right_answer(page, root: str) -> tuple[list[str], dict]:
    """Click toward a move on the board under `root` and then the move itself: the steps taken and the action."""
    steps: list[str] = []
    for _ in range(12):
        actions = visible(page, f"{root} [data-action]")
        if actions:
            action = json.loads(actions[0].get_attribute("data-action"))
            actions[0].click()
            return steps, action
        step = visible(page, f"{root} [data-step]")[0]
        steps.append(step.get_attribute("data-step"))
        step.click()
        page.wait_for_timeout(50)
    raise AssertionError("no move was offered on the board")


def author_lesson(page, game: str) -> tuple[dict, list[str], dict]:
    """Author a whole lesson by clicking: a title, the start with a highlight clicked on the board, three moves with
    comments, and a question answered by playing its move. Returns the lesson, the clicks to the answer, the answer."""
    rng = random.Random(3)
    page.fill("[data-studio=title]", f"Studio lesson of {game}")
    page.fill("[data-studio=comment]", f"{game}: the start.")
    page.check("[data-studio-mode=highlight]")
    idle(page)
    # A thing drawn with nothing named inside it: the click lands on it, and its first ref is what lights up.
    leaves = [h for h in visible(page, f"{BOARD} [data-ref]") if not h.query_selector("[data-ref]")]
    assert leaves, "the board draws things a highlight can name"
    first_ref = leaves[0].get_attribute("data-ref").split()[0]
    leaves[0].click()
    idle(page)
    assert lesson(page)["steps"][0]["highlight"] == [first_ref]
    assert first_ref in page.evaluate("[...document.querySelectorAll('.studio-board .hl')].map(n => n.dataset.ref)")[0]
    page.check("[data-studio-mode=play]")
    idle(page)
    for n in range(3):
        play_a_move(page, rng)
        page.fill("[data-studio=comment]", f"{game}: move {n + 1}.")
    idle(page)
    page.click("[data-studio=question]")
    idle(page)
    page.fill("[data-studio=prompt]", "Your move: play the one I mean.")
    page.fill("[data-studio=right]", "Right: that is the move.")
    page.fill("[data-studio=wrong]", "Wrong: not that one.")
    steps, answer = pick_right_answer(page, BOARD)
    idle(page)
    got = lesson(page)
    assert got["steps"][-1]["question"]["accept"] == [answer]
    assert page.get_attribute("[data-studio=problems]", "data-count") == "0", page.inner_text("[data-studio=problems]")
    return got, steps, answer


MOUNT_JS = """import { Shoal } from "../embed.js";
const board = await Shoal.mount(document.getElementById("lesson"), { lesson: "FILE", botDelay: 0 });
window.board = board;
document.body.dataset.ready = "1";
"""


def mount_page(site_dir: Path, name: str, lesson_text: str, file: str) -> str:
    """A teacher's own page in a folder of the served site: the downloaded lesson file beside it, `Shoal.mount`."""
    folder = site_dir / "__studio"
    write(folder / file, lesson_text)
    write(folder / f"{name}.js", MOUNT_JS.replace("FILE", file))
    write(
        folder / f"{name}.html",
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{name}</title>
<link rel="stylesheet" href="../viewer.css"></head><body><div id="lesson"></div>
<script type="module" src="{name}.js"></script></body></html>""",
    )
    return f"__studio/{name}.html"


def viewer_idle(page) -> None:
    page.wait_for_function(
        "() => { const v = document.querySelector('.shoal-view'); return v && v.dataset.painted && !v.dataset.busy; }"
    )


def answer_on_viewer(page, steps: list[str], want: dict, right: bool) -> None:
    """Take the same steps on the reader's board as the author did, then play `want` (right) or another move."""
    page.wait_for_function("() => !!document.querySelector('.sv-board [data-action], .sv-board [data-step]')")
    for name in steps:
        page.click(f".sv-board [data-step='{name}']")
        page.wait_for_timeout(50)
    offered = visible(page, ".sv-board [data-action]")
    pick = [h for h in offered if (json.loads(h.get_attribute("data-action")) == want) == right]
    assert pick, f"no {'right' if right else 'wrong'} move offered after {steps}"
    pick[0].click()
    page.wait_for_selector(f"[data-answer={'right' if right else 'wrong'}]")


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_lesson_authored_by_clicking_downloads_checks_and_mounts_by_hand(page, site_dir, tmp_path, game):
    """A lesson per game authored by clicking only, downloaded (compiled by the page's engine, and its source alone),
    checked with python3 -m shoal.lessons, mounted from a page of the test's own with Shoal.mount (no build) and played
    through: every step, the question right and wrong."""
    open_studio(page)
    new_lesson(page, game)
    authored, steps, answer = author_lesson(page, game)

    with page.expect_download() as info:
        page.click("[data-studio=download-source]")
    assert info.value.suggested_filename == f"{game}-studio-lesson-of-{game}-source.json"
    source = json.loads(Path(info.value.path()).read_text())
    assert source == authored, "the source is the lesson as written, nothing added, nothing lost"
    assert "format" not in source and "source" not in source, "hand-written, not compiled"
    with page.expect_download() as info:
        page.click("[data-studio=download]")
    name = info.value.suggested_filename
    assert name == f"{game}-studio-lesson-of-{game}.json"
    path = tmp_path / name
    info.value.save_as(path)
    compiled = json.loads(path.read_text())
    assert compiled["format"] == "shoal-lesson" and compiled["source"] == authored, "compiled, its source kept whole"
    assert all(step["view"] for step in compiled["steps"]), "every step's view: the page needs no Python to read it"
    written = authored

    env = {**os.environ, "PYTHONPATH": str(ROOT / "pysrc")}
    cli = subprocess.run([sys.executable, "-m", "shoal.lessons", str(path)], capture_output=True, text=True, env=env)
    assert cli.returncode == 0, cli.stdout + cli.stderr

    page.goto(page.site_url + mount_page(site_dir, f"mount-{game}", path.read_text(), name))
    page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=90_000)
    viewer_idle(page)
    assert page.inner_text(".sv-head h3") == f"Studio lesson of {game}"
    total = len(written["steps"])
    for i, step in enumerate(written["steps"]):
        page.wait_for_function(f"() => document.querySelector('.shoal-view').dataset.step === '{i}'")
        viewer_idle(page)
        assert page.inner_text(".sv-comment") == step["comment"]
        if step.get("highlight"):
            lit = page.evaluate(
                "[...document.querySelectorAll('.sv-board .hl')].flatMap(n => n.dataset.ref.split(' '))"
            )
            assert set(step["highlight"]) <= set(lit), (step["highlight"], lit)
        if step.get("question"):
            answer_on_viewer(page, steps, answer, right=False)
            assert page.inner_text("[data-answer]") == "Wrong: not that one."
            page.click("[data-nav=retry]")
            viewer_idle(page)
            answer_on_viewer(page, steps, answer, right=True)
            assert page.inner_text("[data-answer]") == "Right: that is the move."
        if i < total - 1:
            page.click("[data-nav=next]")
    assert not page.errors, page.errors


def test_a_draft_survives_a_reload_and_a_corrupt_one_is_set_aside_whole(page):
    """Drafts are kept in localStorage and listed when the Studio opens, so nothing is lost on reload; a draft the
    Studio cannot read is refused whole and kept aside, never half-loaded."""
    two_steps(page, "museum", 11, "Kept across a reload", ["Typed before the reload.", "The second step's words."], 1)
    idle(page)
    before = lesson(page)
    page.reload()
    idle(page, 90_000)
    page.wait_for_selector(BOARD)
    assert lesson(page) == before
    assert page.input_value("[data-studio=title]") == "Kept across a reload"
    assert step_count(page) == 2
    page.click("[data-studio-step='1']")
    idle(page)
    assert page.input_value("[data-studio=comment]") == "The second step's words."

    # Back to the drafts: this one is listed; a damaged value beside it is set aside, with the reason, not opened.
    page.evaluate(
        """() => {
      localStorage.setItem('shoal.studio.draft.damaged001', '{"format": "shoal-studio-draft", "version": 1');
      const key = Object.keys(localStorage).find(
        k => k.startsWith('shoal.studio.draft.') && !k.endsWith('damaged001'));
      const good = JSON.parse(localStorage.getItem(key));
      good.id = 'halfgood01'; good.lesson.steps[0].comment = 7;  // readable JSON, but not a lesson the Studio wrote
      localStorage.setItem('shoal.studio.draft.halfgood01', JSON.stringify(good));
    }"""
    )
    page.click("[data-studio=drafts]")
    idle(page)
    drafts = page.query_selector_all("[data-draft]")
    assert [d.inner_text().split("\n")[0] for d in drafts] == ["Kept across a reload"]
    aside = page.inner_text("[data-studio-aside]")
    assert page.get_attribute("[data-studio-aside]", "data-studio-aside") == "2"
    assert "not readable JSON" in aside and "step 1, comment: must be text" in aside
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('shoal.studio.draft.')).length") == 1
    # A link to a damaged draft (a bookmark, a reload): refused, said, and set aside with the others.
    page.evaluate("() => localStorage.setItem('shoal.studio.draft.direct0001', '[]')")
    page.goto(f"{page.site_url}studio.html?draft=direct0001&botDelay=0")
    idle(page)
    assert "could not be opened: it is not a Studio draft" in page.inner_text("[data-studio=notice]")
    assert page.get_attribute("[data-studio-aside]", "data-studio-aside") == "3"
    assert not page.query_selector(BOARD)
    assert not page.errors, page.errors


def test_copy_link_opens_the_same_lesson_from_its_fragment(page):
    """Copy link gives index.html?lesson=#... with the lesson compressed in the URL fragment."""
    two_steps(page, "reef", 5, "A linked reef lesson", ["The Hot Spot in the middle.", "A first tile laid."], 2)
    # Straight from typing to "Add step": the comment's change redraws the step list as the button is pressed.
    page.click("[data-studio=add-step]")
    idle(page)
    page.fill("[data-studio=comment]", "More words on the same board.")
    page.click("[data-studio-step='0']")  # and from typing to another step of the list
    idle(page)
    assert page.input_value("[data-studio=comment]") == "The Hot Spot in the middle."
    steps = lesson(page)["steps"]
    assert len(steps) == 3 and steps[1].get("move") and not steps[2].get("move")
    page.click("[data-studio=link]")
    link = page.input_value("[data-studio=link-out]")
    assert "index.html?lesson=#" in link and len(link) < 4000
    page.goto(link)
    viewer_idle(page)
    assert page.inner_text(".sv-head h3") == "A linked reef lesson"
    assert page.inner_text(".sv-comment") == "The Hot Spot in the middle."
    page.click("[data-nav=next]")
    page.wait_for_function("() => document.querySelector('.shoal-view').dataset.step === '1'")
    assert page.inner_text(".sv-comment") == "A first tile laid."
    page.click("[data-nav=next]")
    page.wait_for_function("() => document.querySelector('.shoal-view').dataset.step === '2'")
    assert page.inner_text(".sv-comment") == "More words on the same board."
    assert not page.errors, page.errors


def test_the_embed_codes_put_the_lesson_on_a_page_of_ones_own(page, site_dir, tmp_path):
    """ "Copy embed code" gives the <shoal-board> snippet (with the downloaded file beside the page) and the iframe
    snippet (the lesson in its link): pasted as they are into a page beside the site, both show the lesson; the
    downloaded file opens in the Studio again."""
    two_steps(page, "aquarena", 4, "An embedded pond", ["The ponds before the first card.", "A first card placed."], 5)
    idle(page)
    with page.expect_download() as info:
        page.click("[data-studio=download]")
    name = info.value.suggested_filename
    info.value.save_as(tmp_path / name)
    page.click("[data-studio=embed]")
    element = page.input_value("[data-studio=embed-out]")
    iframe = page.input_value("[data-studio=iframe-out]")
    assert f'<shoal-board lesson="{name}"></shoal-board>' in element and '<script src="shoal/iframe.js">' in iframe
    # The page sits beside the site's folder, as docs/embedding.md says; here that folder is the served site itself.
    folder = site_dir / "__embed"
    write(folder / name, (tmp_path / name).read_text())
    write(
        folder / "page.html",
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embedded</title></head><body>\n'
        + element.replace('"shoal/', '"../')
        + "\n"
        + iframe.replace('"shoal/', '"../')
        + "\n</body></html>",
    )
    page.goto(page.site_url + "__embed/page.html")
    page.wait_for_selector("shoal-board .shoal-view[data-painted]", timeout=90_000)
    assert page.inner_text("shoal-board .sv-head h3") == "An embedded pond"
    assert page.inner_text("shoal-board .sv-comment") == "The ponds before the first card."
    frame = page.frame_locator("iframe")
    frame.locator(".shoal-view[data-painted]").wait_for(timeout=90_000)
    assert frame.locator(".sv-head h3").inner_text() == "An embedded pond"
    assert frame.locator(".sv-comment").inner_text() == "The ponds before the first card."
    page.wait_for_function("() => document.querySelector('iframe').style.height !== ''")  # iframe.js fitted it
    # The downloaded (compiled) lesson opens in the Studio again, from its source.
    open_studio(page)
    page.set_input_files("[data-studio=open-file]", str(tmp_path / name))
    idle(page, 90_000)
    page.wait_for_selector(BOARD)
    assert page.input_value("[data-studio=title]") == "An embedded pond" and step_count(page) == 2
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_position_the_studio_writes_starts_a_new_lesson_there(page, game):
    """The Studio writes the position out for the author and starts from any position the notation can write: the
    box under the board writes the position after two moves, and a new lesson started from that text opens on the
    same board."""
    open_studio(page)
    new_lesson(page, game, seed=3)
    rng = random.Random(7)
    for _ in range(2):
        play_a_move(page, rng)
    page.click(".studio-position summary")
    page.wait_for_function("() => document.querySelector('[data-studio=position-out]').value.length > 0")
    written = page.input_value("[data-studio=position-out]")
    board = page.inner_text(BOARD)
    page.click("text=← All drafts")
    idle(page)
    new_lesson(page, game, seed=3, position=written)
    assert lesson(page)["start"] == {"position": written}
    assert page.get_attribute("[data-studio=problems]", "data-count") == "0"
    assert page.inner_text(BOARD) == board, "the same position, drawn the same"
    assert not page.errors, page.errors


def test_the_studio_is_linked_from_the_lobby_and_learn_and_opens_a_copy_of_a_lesson_or_a_game_record(page, tmp_path):
    """studio.html is linked from the lobby and the Learn pages and opens a saved game, a record or a lesson: a copy
    of a site lesson is its hand-written source, a record starts the lesson where that game stands."""
    import shoal

    page.goto(page.site_url + "index.html")
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=90_000)
    page.click("[data-studio-link=lobby]")
    idle(page, 90_000)
    assert page.url.split("?")[0].endswith("/studio.html")

    page.goto(page.site_url + "learn.html?game=brunch&lesson=brunch-orcas")
    page.click("[data-studio-link=learn][href*='lesson=brunch-orcas']")
    idle(page, 90_000)
    page.wait_for_selector(BOARD)
    source = json.loads((ROOT / "web" / "lessons" / "brunch-orcas.json").read_text())
    copy = lesson(page)
    assert copy["title"] == source["title"] and copy["start"] == source["start"]
    assert [s.get("highlight", []) for s in copy["steps"]] == [s.get("highlight", []) for s in source["steps"]]
    assert page.get_attribute("[data-studio=problems]", "data-count") == "0"

    match = shoal.new_match("museum", 2, seed=5)
    for _ in range(4):
        seat = match.to_act()[0]
        match.play(seat, match.legal_actions(seat)[0])
    path = tmp_path / "a-game.json"
    path.write_text(json.dumps(match.record()))
    page.click("text=← All drafts")
    idle(page)
    page.set_input_files("[data-studio=open-file]", str(path))
    idle(page, 90_000)
    page.wait_for_selector(BOARD)
    assert lesson(page)["start"] == {"record": match.record()}
    page.click(".studio-position summary")
    page.wait_for_function("() => document.querySelector('[data-studio=position-out]').value.length > 0")
    assert page.input_value("[data-studio=position-out]") == match.notation(), "where the recorded game stands"
    assert not page.errors, page.errors


def test_what_the_engine_refuses_is_said_beside_the_field_while_typing(page):
    """What the engine refuses is said next to the field while the author types: a start position the notation
    cannot read (refused before any draft is made), a question nothing answers yet, a reply left empty."""
    open_studio(page)
    page.select_option("[data-studio=game]", "museum")
    page.fill("[data-studio=new-position]", "not a museum position")
    page.click("[data-studio=new]")
    idle(page)
    said = page.inner_text("[data-studio=new-problem]")
    assert said.startswith("lesson start"), said
    assert not page.query_selector(BOARD), "nothing is opened from a start the engine refuses"

    page.fill("[data-studio=new-position]", "")
    new_lesson(page, "museum")
    page.click("[data-studio=question]")
    idle(page)
    problem = "[data-field='question.accept'] > .studio-problem"
    page.wait_for_selector(problem, state="visible")
    assert page.inner_text(problem), "a question that accepts no move yet is refused beside its right answers"
    assert page.get_attribute("[data-studio=problems]", "data-count") != "0"
    steps, _ = pick_right_answer(page, BOARD)
    idle(page)
    assert not page.is_visible(problem)


def test_the_preview_shows_the_lesson_as_a_reader_sees_it(page):
    """Preview shows the lesson as the reader sees it at any time: the real viewer, on the compiled lesson."""
    open_studio(page)
    new_lesson(page, "aquarena", seed=4)
    page.fill("[data-studio=title]", "Previewed")
    page.fill("[data-studio=comment]", "What the reader reads first.")
    idle(page)
    page.click("[data-studio=preview]")
    page.wait_for_selector("dialog.studio-preview[data-painted]", timeout=60_000)
    assert page.inner_text("dialog.studio-preview .sv-head h3") == "Previewed"
    assert page.inner_text("dialog.studio-preview .sv-comment") == "What the reader reads first."
    page.click("[data-studio=close-preview]")
    page.wait_for_selector("dialog.studio-preview", state="detached")
    assert page.evaluate("document.activeElement.dataset.studio") == "preview", "the focus is back where it was"
    assert not page.errors, page.errors


def test_the_studio_fits_a_phone_and_has_no_serious_accessibility_violation(page):
    """Usable at 390 px (and 320 px, 200% zoom), keyboard-labelled controls, light and dark: the drafts screen and
    the editor with a question open."""
    open_studio(page)
    assert not in_every_theme(page)
    new_lesson(page, "brunch")
    page.click("[data-studio=question]")
    idle(page)
    assert not in_every_theme(page)
    assert_fits(page, "the Studio's editor")
