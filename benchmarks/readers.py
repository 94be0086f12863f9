"""What a lesson's reader downloads and waits for: a page of lessons that are only read, and a first question.

    python3 benchmarks/readers.py [--runs 3] [--site DIST] [--write]

(i) a page with three lesson boards (the museum, Brunch and AQUA: shipped lessons compiled without their questions,
    `play-on="false"`), each stepped through end to end in headless Chromium with an empty cache: requests, bytes
    (as served, and gzip-compressed as a static host such as GitHub Pages sends them), whether any Python file was
    asked for; and the same page with `preload` on one board (Python started on idle, as every board did before it
    waited for a question). Target: ≤ 1 MB, no `pyodide.asm.wasm`.
(i') a page with four record boards (compiled replays, "shoal-replay", of one random game of each title), each
    stepped from its first move to its last: the same figures, and each file's size (what a compiled replay weighs).
(ii) a board opened at a question (museum-boats, `question="first"`: reaching it starts Python): seconds from the
    reader's click on a move to the engine's answer on the board, clicked as soon as the board is painted (Python
    not yet started: the worker is only just booting), cold (empty cache) and with the files in the HTTP cache; and
    the same click once Python is up.
``--write`` puts the figures into docs/benchmarks.md between its marks (benchmarks/run.py keeps them).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "build_scripts"), str(ROOT)]

import build  # noqa: E402
import server  # noqa: E402
from shoal import lessons, replays  # noqa: E402
from tests.core.test_replay_step import finished  # noqa: E402  (a whole game of random legal moves)

READ = ("museum-boats", "brunch-catch", "reef-large-animals")
RECORDS = (("museum", 2), ("brunch", 4), ("aquarena", 3), ("reef", 2))  # one random game of each, seed 1
PYTHON = ("pyodide.asm.wasm", "snapshot.bin", "python_stdlib.zip", "pyodide.mjs", "worker.js")
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>three lessons</title>
<link rel="stylesheet" href="viewer.css"><script type="module" src="embed.js"></script></head><body>
{boards}
</body></html>"""
QUESTION = """<!doctype html><html><head><meta charset="utf-8"><title>a question</title>
<link rel="stylesheet" href="viewer.css"><script type="module" src="embed.js"></script></head><body>
<shoal-board id="q" lesson="lessons/museum-boats.json" question="first" play-on="false"></shoal-board>
</body></html>"""
PAINTED = "() => document.querySelectorAll('shoal-board .shoal-view[data-painted]').length === {n}"
# The reader's click and the answer's paint, timed in the page: the click's event time, the first frame with the reply.
TIMER = """() => new Promise((done) => {
  let clicked = null;
  document.addEventListener("click", (e) => { if (e.target.closest("[data-action]")) clicked = e.timeStamp; }, true);
  const seen = new MutationObserver(() => {
    if (clicked !== null && document.querySelector("[data-answer]")) {
      seen.disconnect();
      requestAnimationFrame(() => window.__answered = performance.now() - clicked);
    }
  });
  seen.observe(document.body, { subtree: true, childList: true, attributes: true });
  done();
})"""


def write_pages(site: Path) -> None:
    """The read-only lessons (compiled as the build compiles, without their questions) and the two pages."""
    for lesson_id in READ:
        source = json.loads((ROOT / "web" / "lessons" / f"{lesson_id}.json").read_text())
        for step in source["steps"]:
            step.pop("question", None)
        compiled = lessons.compile_lesson(source, f"{lesson_id}-read")
        (site / "lessons" / f"{lesson_id}-read.json").write_text(json.dumps(compiled, separators=(",", ":")))
    import csp  # build_scripts/: a page gets the site's CSP like every built page

    boards = "\n".join(
        f'<shoal-board id="b{i}" lesson="lessons/{lid}-read.json" play-on="false"{{preload{i}}}></shoal-board>'
        for i, lid in enumerate(READ)
    )
    for name, extra in (("readers-three.html", ""), ("readers-preload.html", " preload")):
        text = PAGE.format(boards=boards.format(preload0=extra, preload1="", preload2=""))
        (site / name).write_text(csp.add_meta(text))
    (site / "readers-question.html").write_text(csp.add_meta(QUESTION))
    records = "\n".join(
        f'<shoal-board id="b{i}" record="records/readers-{g}.json"></shoal-board>' for i, (g, _) in enumerate(RECORDS)
    )
    (site / "readers-records.html").write_text(csp.add_meta(PAGE.format(boards=records)))
    (site / "records").mkdir(exist_ok=True)
    for game, players in RECORDS:
        (site / "records" / f"readers-{game}.json").write_text(
            replays.dumps(replays.compile_replay(finished(game, players, 1)))
        )


def record_files(site: Path) -> list[dict]:
    """Each compiled replay's moves and bytes, as served and gzip-compressed."""
    out = []
    for game, players in RECORDS:
        data = (site / "records" / f"readers-{game}.json").read_bytes()
        moves = json.loads(data)["total"]
        out.append(
            {"game": game, "players": players, "moves": moves, "raw": len(data), "gzip": len(gzip.compress(data, 6))}
        )
    return out


def served_bytes(site: Path, prefix: str, urls: list[str]) -> tuple[int, int]:
    """The files behind `urls`, as served and gzip-compressed (level 6, as static hosts send them)."""
    raw = packed = 0
    for url in urls:
        path = urlparse(url).path.removeprefix(prefix)
        file = site / (path or "index.html")
        if file.is_file():
            data = file.read_bytes()
            raw += len(data)
            packed += len(data) if file.suffix == ".gz" else len(gzip.compress(data, 6))
    return raw, packed


def read_through(browser, url: str, site: Path, prefix: str, idle_ms: int, boards: int = len(READ)) -> dict:
    """Open the page cold, step every board from its first step to its end, wait `idle_ms`: what was asked for."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    urls: list[str] = []
    context.on("request", lambda r: urls.append(r.url))
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(PAINTED.format(n=boards), timeout=120_000, polling=20)
    for i in range(boards):
        if page.is_enabled(f"#b{i} [data-nav=first]"):  # a replay opens at its last move
            page.click(f"#b{i} [data-nav=first]")
        while page.is_enabled(f"#b{i} [data-nav=next]"):
            page.click(f"#b{i} [data-nav=next]")
    page.wait_for_timeout(idle_ms)
    workers = len(page.workers)
    context.close()
    raw, packed = served_bytes(site, prefix, urls)
    return {
        "requests": len(urls),
        "raw": raw,
        "gzip": packed,
        "workers": workers,
        "python": sorted({Path(urlparse(u).path).name for u in urls if any(p in u for p in PYTHON)}),
    }


def first_answer(browser, url: str, cached: bool) -> tuple[float, float, bool]:
    """Seconds from the click on the question's move to its answer painted: clicked at once, then again with
    Python up. `cached`: a first visit filled the HTTP cache."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    if cached:
        page.goto(url)
        page.wait_for_function("() => window.Shoal.engine() && window.Shoal.engine().booted", timeout=120_000)
    page.goto(url)
    page.wait_for_function(PAINTED.format(n=1), timeout=120_000, polling=20)
    page.evaluate(TIMER)
    booted = page.evaluate("() => !!(window.Shoal.engine() && window.Shoal.engine().booted)")
    target = page.wait_for_selector("#q [data-action]")
    target.click()
    page.wait_for_function("() => window.__answered !== undefined", timeout=120_000, polling=10)
    cold = page.evaluate("window.__answered") / 1000
    page.click("#q [data-nav=retry]")
    page.evaluate("() => { window.__answered = undefined; }")
    page.evaluate(TIMER)
    page.click("#q [data-action]")
    page.wait_for_function("() => window.__answered !== undefined", timeout=60_000, polling=10)
    warm = page.evaluate("window.__answered") / 1000
    context.close()
    return cold, warm, booted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", type=Path, help="an already built site (its lessons folder gets the test pages)")
    ap.add_argument("--write", action="store_true", help="write the section into docs/benchmarks.md")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    tmp = tempfile.TemporaryDirectory()
    site = args.site or Path(tmp.name) / "site"
    if not args.site:
        build.build(site)
    write_pages(site)
    srv, base = server.serve_in_thread(site, "/shoal/")
    load_before = os.getloadavg()
    pages: dict[str, list[dict]] = {"three": [], "preload": [], "records": []}
    answers: dict[str, list[tuple[float, float, bool]]] = {"cold": [], "cached": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for _ in range(args.runs):
            pages["three"].append(read_through(browser, base + "readers-three.html", site, "/shoal/", 2000))
            pages["preload"].append(read_through(browser, base + "readers-preload.html", site, "/shoal/", 8000))
            pages["records"].append(
                read_through(browser, base + "readers-records.html", site, "/shoal/", 2000, len(RECORDS))
            )
            for kind in answers:
                answers[kind].append(first_answer(browser, base + "readers-question.html", kind == "cached"))
        browser.close()
    srv.shutdown()
    summary = {"pages": pages, "answers": answers, "load": (load_before, os.getloadavg()), "files": record_files(site)}
    tmp.cleanup()
    text = section(summary, args.runs)
    print(text)
    if args.write:
        doc = ROOT / "docs" / "benchmarks.md"
        old = doc.read_text()
        if BEGIN in old:
            new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: text, old, flags=re.S)
        else:
            new = old.rstrip() + "\n\n" + text + "\n"
        doc.write_text(new)
    return 0


BEGIN, END = "<!-- readers:begin -->", "<!-- readers:end -->"


def section(summary: dict, runs: int) -> str:
    med = statistics.median
    (before, after) = summary["load"]
    rows = []
    for name, label in (
        ("three", "three lessons, each stepped through to its end"),
        ("preload", "the same page, one board with `preload` (Python on idle)"),
        ("records", "four compiled replays, each stepped from its first move to its last"),
    ):
        got = summary["pages"][name]
        rows.append(
            f"| {label} | {med(g['requests'] for g in got):.0f} | {med(g['raw'] for g in got) / 1e6:.2f} | "
            f"{med(g['gzip'] for g in got) / 1e6:.2f} | {max(g['workers'] for g in got)} | "
            f"{', '.join(got[-1]['python']) or 'none'} |"
        )
    files = [
        f"| {f['game']} | {f['players']} | {f['moves']} | {f['raw'] / 1e3:.0f} | {f['gzip'] / 1e3:.0f} |"
        for f in summary["files"]
    ]
    answers = []
    for kind, label in (("cold", "empty cache"), ("cached", "files in the HTTP cache")):
        got = summary["answers"][kind]
        answers.append(
            f"| {label} | {med(g[0] for g in got):.2f} | {min(g[0] for g in got):.2f} | "
            f"{max(g[0] for g in got):.2f} | {med(g[1] for g in got) * 1000:.0f} | "
            f"{sum(not g[2] for g in got)} of {len(got)} |"
        )
    return "\n".join(
        [
            BEGIN,
            "## (i) A page of lessons or records that are only read, and a first question",
            "",
            f"Written by `python3 benchmarks/readers.py --runs {runs} --write` (headless Debian Chromium, "
            f"{os.cpu_count()} cores; load average {before[0]:.1f} before, {after[0]:.1f} after). A board starts "
            "Python only when its reader reaches a question, presses Play on, or the page mounts a live game, a "
            "record that is not a compiled replay or a hand-written lesson (`preload` starts it on idle). The "
            "page: three `<shoal-board>` lessons "
            f'({", ".join(READ)}, compiled without their questions, `play-on="false"`), each stepped to its last '
            "step, empty cache; the byte counts are the files the page asked for, as served and gzip-compressed "
            "(what a static host such as GitHub Pages sends). Target: ≤ 1 MB, no `pyodide.asm.wasm`.",
            "",
            "| page | requests | MB served | MB gzip | workers | Python files asked for |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
            "The record page: four `<shoal-board record=…>` boards, each a compiled replay (`python -m shoal replay`, "
            "docs/embedding.md) of one game of random legal moves (seed 1), stepped from its first move to its last. "
            "What one such file weighs (it holds every step's spectator view; its log as a change to the step "
            "before):",
            "",
            "| compiled replay | players | moves | kB served | kB gzip |",
            "|---|---|---|---|---|",
            *files,
            "",
            'The first answer: `museum-boats` opened at its question (`question="first"`), a click on a move as soon '
            "as the board is painted, timed in the page from the click to the first frame with the engine's reply. "
            "Reaching the question started the worker; the click waits for Python's boot (the snapshot's download "
            "and restore, as in (a)) and then the answer, while the question says “Starting the rules engine…”. "
            "Once Python is up the same click is a round trip. The machine's load stretches the boot (see the load "
            "average above); on a quiet machine it is about (a)'s first playable board.",
            "",
            "| first question | s, clicked at once (median) | min | max | ms once Python is up | clicks before "
            "Python was up |",
            "|---|---|---|---|---|---|",
            *answers,
            END,
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
