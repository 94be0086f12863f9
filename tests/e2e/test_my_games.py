"""My games (index.html?page=games, web/mygames.js): every game finished on this device is kept in the browser, listed,
replayed under the viewer's own secrecy rule, counted in per-game statistics, deleted, exported and imported whole
(each record replayed by the engine; a corrupt file refused whole), bounded at the last 500 with a notice. And the
lobby's Play and "Load game…" set an unfinished save aside rather than replacing it."""

from __future__ import annotations

import json
import random

import shoal
from shoal.games.reef.rules import solo_rating
from tests.e2e.a11y import in_every_theme
from tests.e2e.driver import click_through, open_match, record, wait_idle
from tests.e2e.test_saves_survive import aside_list, lobby, play_moves

MUSEUM = "game=museum&players=2&seats=human,easy&seed=3"  # against a search level: the statistics name it
REEF_SOLO = "game=reef&players=1&seats=human&seed=4"  # AQUA solo: the rulebook's rating
SETTLED = (
    "() => document.body.dataset.status === 'games' && !document.body.dataset.busy"
    " && !document.querySelector('.my-games[data-busy]')"
)

# Every kept game, as the page stores it (web/history.js): read straight from IndexedDB.
KEPT = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open('shoal-games');
  req.onsuccess = () => {
    const all = req.result.transaction('games').objectStore('games').getAll();
    all.onsuccess = () => resolve(all.result.sort((a, b) => a.at - b.at));
    all.onerror = () => reject(all.error);
  };
  req.onerror = () => reject(req.error);
})"""

# Fill the store with `n` copies of a kept game, each its own id, all older than any real game.
SEED = """([n, entry]) => new Promise((resolve, reject) => {
  const req = indexedDB.open('shoal-games');
  req.onsuccess = () => {
    const tx = req.result.transaction('games', 'readwrite');
    const store = tx.objectStore('games');
    store.clear();
    for (let i = 0; i < n; i++) store.put({ ...entry, id: `seeded-${i}`, at: Date.UTC(2025, 0, 1) + i * 60000 });
    tx.oncomplete = () => resolve(n);
    tx.onerror = () => reject(tx.error);
  };
})"""


def play_to_the_end(page, query: str, seed: int) -> dict:
    open_match(page, query)
    click_through(page, random.Random(seed))
    return record(page)


def my_games(page) -> None:
    page.goto(page.site_url + "index.html?page=games&botDelay=0")
    page.wait_for_function(SETTLED, timeout=90_000)


def rows(page) -> list[str]:
    return [h.get_attribute("data-game") for h in page.query_selector_all(".mg-game")]


def stat(page, game: str, key: str) -> str:
    return page.inner_text(f"[data-stats='{game}'] [data-stat='{key}']")


def import_file(page, tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    page.set_input_files(".mg-file-tools input[type=file]", str(path))
    page.wait_for_selector("[data-mg-notice]:not(:has-text('Checking'))", timeout=60_000)
    page.wait_for_function(SETTLED)
    return page.inner_text(".mg-notices")


def export(page) -> dict:
    with page.expect_download() as download:
        page.click("[data-mg-export]")
    return json.loads(open(download.value.path()).read())


def test_two_finished_games_are_listed_replayed_counted_deleted_and_round_trip_through_a_file(page, tmp_path):
    museum = play_to_the_end(page, MUSEUM, 1)
    reef = play_to_the_end(page, REEF_SOLO, 2)
    museum_out = shoal.replay(json.loads(json.dumps(museum))).outcome()
    reef_out = shoal.replay(json.loads(json.dumps(reef))).outcome()

    my_games(page)
    assert rows(page) == ["reef", "museum"], "both, newest first"
    page.select_option("[data-mg-order]", "oldest")
    assert rows(page) == ["museum", "reef"]
    page.select_option("[data-mg-filter]", "museum")
    assert rows(page) == ["museum"] and not page.query_selector("[data-stats='reef']")
    page.select_option("[data-mg-filter]", "all")

    # The statistics are those of the two games, as the engine scored them.
    mine = museum_out["scores"][0]
    won = 0 in museum_out["winners"]
    assert stat(page, "museum", "games") == "1"
    assert stat(page, "museum", "wins") == f"{int(won)} of 1 ({100 if won else 0}%)"
    assert stat(page, "museum", "best") == str(mine) and stat(page, "museum", "mean") == f"{mine:.1f}"
    assert stat(page, "museum", "streak") == f"{int(won)} now, {int(won)} at best"
    level = page.query_selector("[data-stats='museum'] tr[data-level='easy']")
    assert level and level.inner_text().split() == ["easy", "1", str(int(won)), f"{100 if won else 0}%"]
    solo = reef_out["scores"][0]
    assert stat(page, "reef", "solo") == f"{solo} ({solo_rating(solo)})"
    assert page.inner_text("[data-stats='reef'] [data-reached]").startswith(solo_rating(solo))
    chart = page.query_selector_all("[data-stats='reef'] .mg-chart tr")
    assert len(chart) == len(shoal.GAMES["reef"].info()["solo_ratings"]), "the engine's chart, row for row"

    # Replay: the viewer, from the seat of the one person who played it (museum hides hands) or the spectator.
    page.click(".mg-game[data-game='museum'] [data-mg-tool='replay']")
    page.wait_for_selector(".sv-count")
    seats = page.eval_on_selector_all("[data-nav='seat'] option", "os => os.map(o => o.textContent)")
    assert seats == ["the spectator", "You"], seats
    assert page.inner_text(".sv-count") == f"{len(museum['actions'])} / {len(museum['actions'])}"
    page.click("[data-mg-back]")
    page.wait_for_function(SETTLED)
    page.click(".mg-game[data-game='reef'] [data-mg-tool='replay']")
    page.wait_for_selector(".sv-count")
    assert page.inner_text(".sv-count") == f"{len(reef['actions'])} / {len(reef['actions'])}"
    page.click("[data-mg-back]")
    page.wait_for_function(SETTLED)

    # Export, delete both, import: the same games back, with the engine's outcomes.
    before = page.evaluate(KEPT)
    assert [e["record"]["actions"] for e in before] == [museum["actions"], reef["actions"]]
    exported = export(page)
    assert exported["format"] == "shoal-games" and len(exported["games"]) == 2
    for game in ("museum", "reef"):
        page.click(f".mg-game[data-game='{game}'] [data-mg-delete]")
        page.click("[data-mg-confirm-delete]")
        page.wait_for_function(SETTLED)
    assert rows(page) == [] and page.evaluate(KEPT) == []
    said = import_file(page, tmp_path, "mine.json", exported)
    assert "Imported mine.json: 2 new games" in said, said
    assert page.evaluate(KEPT) == before
    said = import_file(page, tmp_path, "again.json", exported)
    assert "0 new games (2 already kept)" in said and len(page.evaluate(KEPT)) == 2

    # A corrupt file is refused whole: one illegal move in its second game, and nothing of the first is stored.
    page.click(".mg-game[data-game='museum'] [data-mg-delete]")
    page.click("[data-mg-confirm-delete]")
    page.wait_for_function(SETTLED)
    bad = json.loads(json.dumps(exported))
    bad["games"][1]["record"]["actions"][3] = bad["games"][1]["record"]["actions"][2]
    said = import_file(page, tmp_path, "bad.json", bad)
    assert "Could not import bad.json: game 2 of 2" in said and "Nothing was imported" in said, said
    assert rows(page) == ["reef"] and len(page.evaluate(KEPT)) == 1
    said = import_file(page, tmp_path, "junk.json", "{not json")
    assert "it is not JSON. Nothing was imported." in said, said
    unfinished = json.loads(json.dumps(exported))
    unfinished["games"][0]["record"]["actions"] = unfinished["games"][0]["record"]["actions"][:5]
    said = import_file(page, tmp_path, "short.json", unfinished)
    assert "game 1 of 2: it is an unfinished game of Aqua" in said, said
    assert len(page.evaluate(KEPT)) == 1
    assert not page.errors, page.errors


def test_the_last_500_are_kept_the_oldest_dropped_with_a_notice(page, tmp_path):
    play_to_the_end(page, REEF_SOLO, 3)
    my_games(page)
    (real,) = page.evaluate(KEPT)
    exported = export(page)
    page.evaluate(SEED, [500, real])
    my_games(page)
    assert len(rows(page)) == 500 and not page.query_selector("[data-mg-dropped]")
    exported["games"][0]["at"] = real["at"] + 1000  # the newest; the seeded 500 are all older
    import_file(page, tmp_path, "one.json", exported)
    kept = page.evaluate(KEPT)
    assert len(kept) == 500
    assert "seeded-0" not in {e["id"] for e in kept} and "seeded-1" in {e["id"] for e in kept}, "the oldest went"
    notice = page.wait_for_selector("[data-mg-dropped='1']")
    assert "the oldest game" in notice.inner_text() and "was dropped" in notice.inner_text()
    my_games(page)
    assert page.query_selector("[data-mg-dropped='1']"), "said until the player dismisses it"
    page.click("[data-mg-dropped] .dismiss")
    my_games(page)
    assert not page.query_selector("[data-mg-dropped]")


def test_my_games_has_no_serious_accessibility_violation(page):
    play_to_the_end(page, MUSEUM, 4)
    my_games(page)
    assert rows(page) == ["museum"]
    page.click(".mg-game [data-mg-delete]")  # the question too
    found = in_every_theme(page)
    assert found == [], "\n".join(found)
    page.set_viewport_size({"width": 390, "height": 800})
    found = in_every_theme(page)
    assert found == [], "\n".join(found)


def test_a_finished_record_opened_to_look_at_is_not_kept_as_a_game_played_here(page, tmp_path):
    rec = json.loads(json.dumps(play_to_the_end(page, MUSEUM, 5)))
    my_games(page)
    page.click(".mg-game [data-mg-delete]")
    page.click("[data-mg-confirm-delete]")
    page.wait_for_function(SETTLED)
    open_match(page, "game=museum&players=2&seats=human,random&seed=9")
    path = tmp_path / "done.json"
    path.write_text(json.dumps(rec))
    page.set_input_files(".load-dialog input[type=file]", str(path))
    page.wait_for_function("() => document.body.dataset.status === 'over' && !document.body.dataset.busy")
    my_games(page)
    assert rows(page) == []


def test_the_lobbys_play_and_load_game_set_the_unfinished_save_aside(page, tmp_path):
    rng = random.Random(6)
    open_match(page, "game=museum&players=2&seats=human,random&seed=11")
    first = play_moves(page, 2, rng)
    lobby(page)
    page.click("[data-step='game-museum']")
    page.select_option(".seats .seat-choice:nth-child(3) select", "random")
    page.click("[data-step='start']")
    assert wait_idle(page) == "playing"
    kept = aside_list(page)
    assert [e["game"] for e in kept] == ["museum"] and "new game" in kept[0]["reason"]
    old = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(kept[0]['key'])})"))
    assert old["record"]["actions"] == first["actions"], "the first game, whole"

    second = play_moves(page, 2, rng)
    path = tmp_path / "other.json"
    path.write_text(json.dumps({**first, "seats": ["human", "random"], "names": ["", ""]}))
    page.click("[data-focus-key='load-game']")
    page.set_input_files(".load-dialog input[type=file]", str(path))
    for _ in range(100):  # the file is read, checked and replayed: then the game it replaced is set aside
        kept = aside_list(page)
        if len(kept) == 2:
            break
        page.wait_for_timeout(100)
    assert wait_idle(page) == "playing"
    assert len(kept) == 2 and "loaded from a file" in kept[0]["reason"]
    old = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(kept[0]['key'])})"))
    assert old["record"]["actions"] == second["actions"], "the game the file replaced, whole"
    assert not page.errors, page.errors
