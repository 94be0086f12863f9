"""Shared fixtures for the build and browser tests: one fresh build of the site, served under a sub-path, and Debian's
Chromium driven by the Python playwright package with the network sealed off."""

from __future__ import annotations

import fcntl
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))

import build  # noqa: E402
import server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
SUB_PATH = "/shoal/"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory, worker_id) -> Path:
    """The site built from this checkout, once per test run: parallel workers (pytest-xdist) share one build."""
    if worker_id == "master":  # not under xdist
        out = tmp_path_factory.mktemp("site")
        build.build(out)
        yield out
        shutil.rmtree(out, ignore_errors=True)
        return
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of this run
    out = shared / "site"
    with open(shared / "site.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        if not (out / "build-info.json").exists():
            build.build(out)
        fcntl.flock(handle, fcntl.LOCK_UN)
    yield out  # pytest removes old base temp folders itself; a worker must not delete the others' site


@pytest.fixture(scope="session")
def worker_id(request) -> str:
    """xdist's worker name ("gw0", …), or "master" when the tests run in one process."""
    return getattr(request.config, "workerinput", {}).get("workerid", "master")


@pytest.fixture(scope="session")
def site_url(site_dir) -> str:
    """Base URL of the site served under a sub-path, as on GitHub Pages: every URL must be relative."""
    srv, url = server.serve_in_thread(site_dir, SUB_PATH)
    yield url
    srv.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


# Every document the page opens reports Content-Security-Policy violations to ``page.csp_violations`` (the driver's
# end-of-game checks assert there are none, so every e2e game also checks the CSP).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => window.__shoalCspViolation({
  directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample,
  page: location.pathname,
}));
"""


def csp_safe_wait(wait_for_function):
    """Playwright evaluates an *expression* predicate with eval() on every poll, which the pages' CSP refuses
    (EvalError); a function predicate is compiled once and is allowed. Expressions are wrapped into functions."""

    def wait(expression, *args, **kwargs):
        text = expression.strip()
        if not re.match(r"^(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)", text):
            expression = f"() => ({text})"
        return wait_for_function(expression, *args, **kwargs)

    return wait


@pytest.fixture
def page(browser, site_url):
    """A fresh page; every request it (or its worker) makes is kept in ``page.requests`` for the offline check, every
    CSP violation in ``page.csp_violations``."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    csp_violations: list[dict] = []
    context.expose_binding("__shoalCspViolation", lambda _source, v: csp_violations.append(v))
    context.add_init_script(CSP_LISTENER)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.requests = requests  # type: ignore[attr-defined]
    pg.errors = errors  # type: ignore[attr-defined]
    pg.csp_violations = csp_violations  # type: ignore[attr-defined]
    pg.wait_for_function = csp_safe_wait(pg.wait_for_function)  # type: ignore[method-assign]
    pg.site_url = site_url  # type: ignore[attr-defined]
    pg.set_default_timeout(60_000)
    yield pg
    context.close()
