"""Shoal's benchmarks: numbers to watch, not tests to pass. Writes docs/benchmarks.md.

    python3 benchmarks/run.py [--runs 5] [--seconds 2] [--out docs/benchmarks.md]

One build, one browser, one run: every browser figure is measured side by side with the stock Pyodide page it is
compared with, interleaved run by run (each in a new browser context), so all of them see the same machine load; the
load average is written next to them.

(a) start-up in headless Chromium: a stock Pyodide page (the npm files as shipped) until ``loadPyodide()`` resolves,
    vs Shoal's lobby painted (Chromium's first contentful paint; also its cards in the DOM), its first playable board
    cold (empty cache) with the build's memory snapshot and without it (the worker's plain boot), warm (served by the
    service worker), and a lesson's first painted board;
(b) random full games per second for each game in CPython, through the public Match API;
(c) the download: raw and gzip-compressed, with and without the snapshot, vs the Pyodide files the site vendors;
(e) a page with three boards (examples/teaching.html): boards painted, live game playable, Python workers (must be 1);
(f) click → next painted frame after the redraw, in the page (``window.shoal.latency()``), over a full game of each
    title against instant random bots, with its shares (worker round trip, Python, JSON, drawing); the page's JS heap
    and the worker's WebAssembly memory after the game.
Sections between <!-- name:begin/end --> marks (plies.py's (d), search_speed.py's (d2), chromium_bots.py's (g), the
hand-written notes (h), readers.py's (i)) are kept as they are.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT)]

import build  # noqa: E402
import server  # noqa: E402
import shoal  # noqa: E402
from shoal.core import Rng  # noqa: E402

STOCK_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# The stock page's script is a file: the test server sends the site's strict CSP (no inline script) with every page.
STOCK_PAGE = """<!doctype html><meta charset="utf-8"><title>stock pyodide</title><body>
<script type="module" src="./stock.js"></script>"""
STOCK_JS = """import { loadPyodide } from "./pyodide.mjs";
await loadPyodide();
document.body.dataset.ready = "1";
"""
LESSON = "museum-lines"
# Predicates are functions: Playwright evaluates a bare expression with eval, which the CSP refuses.
# BOARD is polled from the navigation's commit on, before <body> exists.
BOARD = "() => !!document.body && document.body.dataset.status === 'playing' && !document.body.dataset.busy"
LOBBY = "() => !!document.querySelector('.game-card')"
# Chromium's first contentful paint, on the wall clock (ms since the epoch), once there is one.
FIRST_PAINT = (
    "() => { const p = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint'); "
    "return p ? performance.timeOrigin + p.startTime : null; }"
)
PAINTED = "() => !!document.querySelector('.shoal-view[data-painted]')"
FIRST = "game=museum&players=2&seats=human,bot&seed=1&botDelay=0"
GAMES = {  # one human against instant random bots
    "museum": "game=museum&players=2&seats=human,random&seed=11",
    "brunch": "game=brunch&players=4&seats=human,random,random,random&seed=11",
    "aquarena": "game=aquarena&players=3&seats=human,random,random&seed=11",
    "reef": "game=reef&players=2&seats=human,random&seed=11",
}
STOCK = "stock Pyodide page (loadPyodide resolved)"
TARGETS = {
    "Shoal lobby painted (first contentful paint)": "≤ 0.05×",
    "Shoal first playable board, cold, snapshot": "≤ 0.30×",
    "Shoal first playable board, warm (service worker), snapshot": "≤ 0.15×",
    f"Shoal lesson page, first painted board ({LESSON})": "≤ 0.15×",
}


def stock_site(folder: Path) -> Path:
    folder.mkdir()
    for name in STOCK_FILES:
        shutil.copyfile(build.PYODIDE_DIR / name, folder / name)
    (folder / "index.html").write_text(STOCK_PAGE)
    (folder / "stock.js").write_text(STOCK_JS)
    return folder


def without_snapshot(site: Path, folder: Path) -> Path:
    shutil.copytree(site, folder)
    (folder / "pyodide" / build.SNAPSHOT).unlink()
    return folder


def timed_goto(browser, url: str, ready: str, warm: bool = False, paint: bool = False) -> float:
    """Seconds from navigation to ``ready``; ``warm``: a first visit installs the service worker, then time a second;
    ``paint``: to Chromium's first contentful paint instead, once ``ready`` holds (the paint's own time, not when the
    poll saw it)."""
    context = browser.new_context(service_workers="allow" if warm else "block")
    page = context.new_page()
    if warm:
        page.goto(url)
        page.wait_for_function(BOARD, timeout=180_000, polling=50)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(
            "() => !!navigator.serviceWorker.controller || (location.reload(), false)", timeout=60_000
        )
    t0, wall0 = time.perf_counter(), time.time()
    page.goto(url, wait_until="commit")  # not the load event: the lobby and a lesson paint before their modules load
    page.wait_for_function(ready, timeout=180_000, polling=10)
    elapsed = time.perf_counter() - t0
    if paint:
        elapsed = page.wait_for_function(FIRST_PAINT, timeout=10_000, polling=10).json_value() / 1000 - wall0
    if warm:
        assert page.evaluate("!!navigator.serviceWorker.controller"), (
            "the warm run must be served by the service worker"
        )
        assert page.evaluate("window.shoal.boot()") == "snapshot", "the warm run must restore the snapshot"
    if ready == BOARD:  # where a first board's time went: the page's and the worker's boot marks (web/worker.js)
        page.wait_for_function(
            f"() => window.shoal.bootMarks().some(m => m[0] === '{BOOT_STEPS[-1][0]}')", timeout=10_000
        )
        marks: dict[str, float] = {}
        for name, at in page.evaluate("window.shoal.bootMarks()"):
            marks.setdefault(name, at)
        BOOT_MARKS.setdefault(url + ("#warm" if warm else ""), []).append(marks)
    context.close()
    return elapsed


# The boot's steps, each ending at a mark of window.shoal.bootMarks() (ms since navigation), for the breakdown table.
BOOT_STEPS = [
    ("worker-created", "page: HTML and boot.js, worker created"),
    ("worker-started", "worker.js arrives and starts (snapshot and wasm requested)"),
    ("wasm-compiled", "wasm compiled (streaming, from the worker's start)"),
    ("snapshot-bytes", "snapshot's bytes in (cold: download and gunzip; warm: read from the cache)"),
    ("pyodide-loaded", "Pyodide up: wasm instantiated, runtime initialised, heap restored, Python finalised"),
    ("ready", "engine checked (build stamp), reseeded"),
    ("new-answered", "first `new` answered (page's request after its own modules)"),
    ("board-painted", "board drawn and painted"),
]
BOOT_MARKS: dict[str, list[dict[str, float]]] = {}


def boot_breakdown(urls: dict[str, str]) -> list[str]:
    """Markdown rows: the median moment of each boot step, cold and warm, from the timed runs' marks."""
    cold, warm = (
        BOOT_MARKS.get(urls["snap"] + "index.html?" + FIRST, []),
        BOOT_MARKS.get(urls["snap"] + "index.html?" + FIRST + "#warm", []),
    )
    if not cold or not warm:
        return []

    def at(runs: list[dict[str, float]], name: str) -> float:
        return statistics.median(r.get(name, float("nan")) for r in runs)

    rows = ["| step (ends at the mark) | cold: ms since navigation | warm |", "|---|---|---|"]
    rows += [f"| {what} (`{name}`) | {at(cold, name):.0f} | {at(warm, name):.0f} |" for name, what in BOOT_STEPS]
    return rows


def start_times(browser, urls: dict[str, str], runs: int) -> dict[str, list[float]]:
    pages = {
        STOCK: (urls["stock"] + "index.html", "() => !!document.body && document.body.dataset.ready === '1'", False),
        "Shoal lobby painted (first contentful paint)": (urls["snap"] + "index.html", LOBBY, False, True),
        "Shoal lobby's game cards in the page": (urls["snap"] + "index.html", LOBBY, False),
        "Shoal first playable board, cold, snapshot": (urls["snap"] + "index.html?" + FIRST, BOARD, False),
        "Shoal first playable board, cold, plain boot": (urls["plain"] + "index.html?" + FIRST, BOARD, False),
        "Shoal first playable board, warm (service worker), snapshot": (
            urls["snap"] + "index.html?" + FIRST,
            BOARD,
            True,
        ),
        f"Shoal lesson page, first painted board ({LESSON})": (
            urls["snap"] + f"learn.html?game=museum&lesson={LESSON}",
            PAINTED,
            False,
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, (url, ready, warm, *paint) in pages.items():
            times[name].append(timed_goto(browser, url, ready, warm, *paint))
    return times


def three_boards(browser, site_url: str) -> list[float]:
    """examples/teaching.html (a lesson, a question, a live game): seconds to three painted boards, seconds to the
    live game's first playable position, and how many workers (Python runtimes) the page started."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(f"{site_url}examples/teaching.html")
    page.wait_for_function(
        "() => document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === 3",
        timeout=120_000,
        polling=20,
    )
    painted = time.perf_counter() - t0
    page.wait_for_function(
        "() => (v => v && v.dataset.status === 'playing' && !v.dataset.busy)"
        "(document.querySelector('#live-board .shoal-view'))",
        timeout=120_000,
        polling=20,
    )
    playable = time.perf_counter() - t0
    page.wait_for_timeout(500)  # a late second worker would show up here
    workers = len(page.workers)
    context.close()
    return [painted, playable, float(workers)]


def full_games(browser, base: str) -> dict[str, dict]:
    """Per game: latency spans over a full game, and memory once it is over."""
    from tests.e2e.driver import click_through

    out = {}
    for gid, query in GAMES.items():
        context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.site_url = base  # type: ignore[attr-defined]
        page.goto(f"{base}index.html?{query}&botDelay=0")
        page.wait_for_function(BOARD, timeout=180_000, polling=20)
        click_through(page, random.Random(3))
        page.wait_for_timeout(200)  # the last span closes on the next frame
        spans = page.evaluate("window.shoal.latency()")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        after = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        wasm = (
            page.workers[0].evaluate("globalThis.shoalWasmBytes ? globalThis.shoalWasmBytes() : null")
            if page.workers
            else None
        )
        out[gid] = {"spans": spans, "heap": after.get("JSHeapUsedSize", 0), "wasm": wasm}
        context.close()
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def tree_bytes(path: Path, compressed: bool) -> int:
    total = 0
    for p in path.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            # A .gz file is sent as it is (already compressed); everything else as a host would gzip it.
            total += len(gzip.compress(data, 6)) if compressed and p.suffix != ".gz" else len(data)
    return total


def browser_figures(site: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    plain = without_snapshot(site, site.parent / "plain")
    stock = stock_site(site.parent / "stock")
    servers = {
        k: server.serve_in_thread(p, f"/{k}/") for k, p in {"snap": site, "plain": plain, "stock": stock}.items()
    }
    urls = {k: url for k, (_, url) in servers.items()}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        times = start_times(browser, urls, runs)
        three = three_boards(browser, urls["snap"])
        played = {"snapshot": full_games(browser, urls["snap"]), "plain boot": full_games(browser, urls["plain"])}
        browser.close()
    for srv, _ in servers.values():
        srv.shutdown()
    sizes = {
        name: (tree_bytes(p, False), tree_bytes(p, True))
        for name, p in {"with the snapshot": site, "without it": plain}.items()
    }
    return {
        "times": times,
        "three": three,
        "played": played,
        "sizes": sizes,
        "breakdown": boot_breakdown(urls),
        "snapshot_raw": build.snapshot_size(site / "pyodide" / build.SNAPSHOT),
        "snapshot_live": len(gzip.decompress((site / "pyodide" / build.SNAPSHOT).read_bytes())),
        "stdlib": (site / "pyodide" / "python_stdlib.zip").stat().st_size,
        "stdlib_whole": build.precompiled_stdlib(build.pinned_pyodide()).stat().st_size,
    }


def games_per_second(seconds: float) -> list[tuple[str, int, float, float]]:
    rows = []
    for gid, game in shoal.GAMES.items():
        for players in sorted({game.min_players, game.max_players}):
            rng, done, plies = Rng(1), 0, 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < seconds or done == 0:
                match = shoal.new_match(gid, players, seed=done)
                while not match.is_over():
                    seat = rng.choice(match.to_act())
                    match.play(seat, rng.choice(match.legal_actions(seat)))
                    plies += 1
                done += 1
            elapsed = time.perf_counter() - t0
            rows.append((game.title, players, done / elapsed, plies / done))
    return rows


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min) / {five:.1f} (5 min)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--out", default=str(ROOT / "docs" / "benchmarks.md"))
    args = ap.parse_args()
    load_before = load()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build.build(site)
        got = browser_figures(site, args.runs)
    load_after = load()
    rates = games_per_second(args.seconds)
    vendored = sum((build.PYODIDE_DIR / n).stat().st_size for n in STOCK_FILES)
    vendored_gz = sum(len(gzip.compress((build.PYODIDE_DIR / n).read_bytes(), 6)) for n in STOCK_FILES)

    times, sizes, played = got["times"], got["sizes"], got["played"]
    med = {k: statistics.median(v) for k, v in times.items()}
    stock = med[STOCK]
    painted3, playable3, workers3 = got["three"]
    lines = [
        "# Benchmarks",
        "",
        "Numbers to watch, not tests to pass; each section names the command that writes it. `benchmarks/run.py` "
        "writes (a)–(c), (e) and (f) in one run and keeps the sections other scripts write between their marks: (d) "
        "`benchmarks/plies.py`, (d2) `benchmarks/search_speed.py`, (g) `benchmarks/chromium_bots.py`, (i) "
        "`benchmarks/readers.py`, and (h), written by hand: what limits each figure and what would move it. The "
        "bots' strength: docs/strength.md (`benchmarks/strength.py`).",
        "",
        f"Written by `python3 benchmarks/run.py --runs {args.runs}` ({platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Pyodide {build.pinned_pyodide()}, headless Debian Chromium). Load "
        f"average when the browser runs began: {load_before}; when they ended: {load_after}. Numbers, not tests: "
        "re-run after changing the build or an engine. Every browser figure below comes from the same run, "
        "interleaved with the stock page it is divided by, so a loaded machine slows both.",
        "",
        f"## (a) Start-up in headless Chromium ({args.runs} runs each, interleaved, a new browser context each run)",
        "",
        "| page | median s | min s | max s | / stock | target |",
        "|---|---|---|---|---|---|",
        *[
            f"| {k} | {med[k]:.2f} | {min(v):.2f} | {max(v):.2f} | {med[k] / stock:.2f}× | {TARGETS.get(k, '')} |"
            for k, v in times.items()
        ],
        "",
        "Cold: an empty cache, service worker blocked. Warm: a first visit installed the service worker (which also "
        "keeps the snapshot gunzipped), then the same link again. The snapshot is Python's memory with every engine "
        "imported, made at build time (`build_scripts/snapshot.mjs`); the plain boot imports them from the "
        "precompiled wheel. The lobby's game cards are written into index.html by the build, so it paints before any "
        "script (the cards reach the page 30–70 ms before Chromium paints them: both are timed); a lesson paints its "
        "precomputed first view while Python boots behind it.",
        "",
        *(
            [
                "Where a first playable board's time goes (snapshot boot; medians of the same runs' "
                "`window.shoal.bootMarks()`; steps overlap: the snapshot's bytes, the wasm's compile and Pyodide's "
                "glue load side by side, and Pyodide waits for the bytes only just before it restores the heap):",
                "",
                *got["breakdown"],
                "",
            ]
            if got["breakdown"]
            else []
        ),
        f"## (b) Random full games per second in CPython ({args.seconds:g} s each, through `Match.play`)",
        "",
        "| game | players | games/s | plies/game |",
        "|---|---|---|---|",
        *[f"| {t} | {n} | {r:.1f} | {p:.0f} |" for t, n, r, p in rates],
        "",
        "## (c) Download (MB)",
        "",
        "| what | raw | gzip-compressed (as a host sends it) |",
        "|---|---|---|",
        f"| the Pyodide files the site vendors, as npm ships them ({', '.join(STOCK_FILES)}) | {vendored / 1e6:.2f} | "
        f"{vendored_gz / 1e6:.2f} |",
        *[f"| the whole site, {name} | {raw / 1e6:.2f} | {gz / 1e6:.2f} |" for name, (raw, gz) in sizes.items()],
        f"| the snapshot itself (restored in memory; shipped without its zero runs, {got['snapshot_live'] / 1e6:.2f} "
        f"MB, gzipped) | {got['snapshot_raw'] / 1e6:.2f} | "
        f"{(sizes['with the snapshot'][0] - sizes['without it'][0]) / 1e6:.2f} |",
        "| of which the precompiled stdlib (`python_stdlib.zip`, already deflated; only what the site imports) | "
        f"{got['stdlib'] / 1e6:.2f} | {got['stdlib'] / 1e6:.2f} |",
        "",
        f"Site / vendored Pyodide, compressed: **{sizes['with the snapshot'][1] / vendored_gz:.2f}×** with the "
        f"snapshot, {sizes['without it'][1] / vendored_gz:.2f}× without. What the site adds to Pyodide: the snapshot "
        "(the price of a cold start at about a third of the stock boot, and paid once: the service worker keeps it), "
        "the shoal wheel, the web pages, icons and the precompiled lessons. A visitor downloads the compressed column "
        "once; after that the service worker serves everything.",
        "",
        "**The stdlib holds only what the site imports** (`build_scripts/stdlib_keep.mjs`): the "
        "build boots Python the plain way under Node on the whole precompiled stdlib, imports every engine module and "
        "walks every path into the engine (every game at every player count to its end, every bot level, undo, record, "
        "load, every lesson, a replay step, refusals, a warning and a traceback formatted), adds every stdlib module "
        "that shoal's own code names in an import statement (modulefinder over its bytecode, functions included) and "
        "the codecs, and keeps those top-level modules and packages whole. It then boots on the trimmed zip and walks "
        "the same paths again; if anything is missing the site ships the whole zip and the build says so (a test "
        f"checks that a build ships the trimmed one). {got['stdlib'] / 1e6:.2f} MB instead of "
        f"{got['stdlib_whole'] / 1e6:.2f} MB: {(got['stdlib_whole'] - got['stdlib']) / 1e6:.2f} MB less to download "
        "on a first visit, nothing on later ones. The snapshot is made from the trimmed zip (it holds the zip's table "
        "of contents). A full closure of the stdlib's own import statements would keep 3.89 MB of 4.41: stdlib "
        "modules name in their functions many modules the site never reaches (pydoc, pdb, unittest, xml, http).",
        "",
        "## (e) Three boards on one page",
        "",
        f"`examples/teaching.html` (a lesson, a question, a live game): all three painted after {painted3:.2f} s, the "
        f"live game playable after {playable3:.2f} s, **{workers3:.0f} Python worker** (the boards share one engine; "
        "each plays its own named match).",
        "",
        "## (f) Click → redrawn board, in the page (a full game against instant random bots; ms)",
        "",
        "From the click on a `[data-action]` to the first painted frame after the last redraw, including the bots' "
        "replies (they move at once here; p50/p95/max), and to the first painted frame that shows the player's own "
        'move ("own move painted"). Shares are means per click: worker round trips (posting, waiting, the '
        "answer's trip back), Python inside the worker, JSON parsing, and the page's drawing (JavaScript only; style, "
        "layout and paint come with the frame). Wall-clock times: a loaded machine (see the load average above) "
        "stretches every column, the worker's round trips most (two threads waiting for two cores).",
        "",
        "| game | boot | clicks | p50 | p95 | max | own move painted p50 | p95 | worker round trip | Python | JSON | "
        "drawing | worker calls |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for boot, games in played.items():
        for gid, g in games.items():
            spans = g["spans"]
            if not spans:
                continue
            tot = [x["total"] for x in spans]
            first = [x.get("first") or x["total"] for x in spans]
            mean = lambda key, spans=spans: statistics.fmean(x[key] for x in spans)  # noqa: E731
            lines.append(
                f"| {gid} | {boot} | {len(spans)} | {pct(tot, 0.5):.1f} | {pct(tot, 0.95):.1f} | {max(tot):.1f} | "
                f"{pct(first, 0.5):.1f} | {pct(first, 0.95):.1f} | {mean('roundTrip'):.1f} | {mean('python'):.1f} | "
                f"{mean('json'):.1f} | {mean('render'):.1f} | {mean('calls'):.1f} |"
            )
    lines += [
        "",
        "### Memory after a full game (MB)",
        "",
        "| game | boot | page JS heap | worker WebAssembly memory |",
        "|---|---|---|---|",
        *[
            f"| {gid} | {boot} | {g['heap'] / 1e6:.1f} | {(g['wasm'] or 0) / 1e6:.1f} |"
            for boot, games in played.items()
            for gid, g in games.items()
        ],
        "",
    ]
    out = Path(args.out)
    # Sections other scripts write between <!-- name:begin --> and <!-- name:end --> (benchmarks/plies.py's (d), …)
    # are kept.
    kept = (
        [m.group(0) for m in re.finditer(r"<!-- ([\w-]+):begin -->.*?<!-- \1:end -->", out.read_text(), re.S)]
        if out.exists()
        else []
    )
    out.write_text("\n".join(lines) + "".join("\n" + block + "\n" for block in kept))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
