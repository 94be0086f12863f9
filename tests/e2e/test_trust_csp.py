"""A strict Content-Security-Policy on every page, and nothing the site does needs more.

Every e2e game test also checks it: the `page` fixture records `securitypolicyviolation` events and the driver's
end-of-game assertions (`assert_scores_match_cpython`, `assert_no_outside_requests`) require there are none. The
test server sends the same policy as a header, so the Pyodide worker is held to it too.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import csp
from tests.e2e.driver import wait_idle

REQUIRED = [
    "script-src 'self' 'wasm-unsafe-eval'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "default-src 'self'",
    "style-src 'self'",
]


# The directives Chromium, Firefox and WebKit all implement (CSP Level 3); an engine reports any other as an error on
# every page and ignores it (WebKit 2.50 has no manifest-src, prefetch-src, trusted-types, require-trusted-types-for).
KNOWN_TO_EVERY_ENGINE = {
    "default-src",
    "script-src",
    "script-src-elem",
    "script-src-attr",
    "style-src",
    "style-src-elem",
    "style-src-attr",
    "img-src",
    "font-src",
    "connect-src",
    "media-src",
    "object-src",
    "frame-src",
    "child-src",
    "worker-src",
    "base-uri",
    "form-action",
    "frame-ancestors",
    "sandbox",
    "upgrade-insecure-requests",
    "report-uri",
}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.order: list[str] = []  # what <head> holds, in order: "csp", "script", "style"
        self.policies: list[str] = []
        self.inline_scripts = 0
        self.inline_code: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name, _ in attrs:
            if name == "style" or name.startswith("on"):
                self.inline_code.append(f"<{tag} {name}=…>")
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
            self.order.append("csp")
        elif tag == "script":
            self.order.append("script")
            self._in_script = "src" not in a
        elif tag == "link" and a.get("rel") == "stylesheet" or tag == "style":
            self.order.append("style")
            if tag == "style":
                self.inline_code.append("<style>")

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline_code.append("<script>" + data.strip()[:40])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def test_every_page_carries_the_strict_policy_before_any_script_and_no_inline_code(site_dir):
    """A strict Content-Security-Policy on every page (a meta tag), and no inline scripts or style attributes."""
    # The pages the build ships (other tests add throw-away pages of their own to the shared site).
    root = Path(__file__).resolve().parents[2]
    shipped = [p.relative_to(root / "web") for p in (root / "web").rglob("*.html")]
    shipped += [Path("examples") / p.relative_to(root / "examples") for p in (root / "examples").rglob("*.html")]
    pages = sorted(site_dir / p for p in shipped)
    assert {p.name for p in pages} >= {"index.html", "progress.html"}
    for path in pages:
        page = _Page()
        page.feed(path.read_text())
        name = path.relative_to(site_dir)
        assert page.policies == [csp.POLICY], f"{name}: one policy, the site's ({page.policies})"
        assert page.order[0] == "csp", f"{name}: the policy must come before any script or stylesheet"
        assert not page.inline_code, f"{name}: inline code the policy blocks: {page.inline_code}"
    for directive in REQUIRED:
        assert directive in csp.POLICY.split("; ")
    assert "'unsafe-inline'" not in csp.POLICY and "'unsafe-eval'" not in csp.POLICY


def test_the_policy_holds_only_directives_every_engine_knows():
    """A directive one engine does not know is an error in that engine's console on every page, and protects nothing
    there: the policy says everything with directives Chromium, Firefox and WebKit all implement."""
    directives = [part.split()[0] for part in csp.POLICY.split("; ")]
    assert len(directives) == len(set(directives))
    assert set(directives) <= KNOWN_TO_EVERY_ENGINE, set(directives) - KNOWN_TO_EVERY_ENGINE
    # What a missing directive leaves to the default stays on the site: default-src refuses everything else.
    assert "default-src 'self'" in csp.POLICY.split("; ")


def test_the_policy_is_enforced_and_its_violations_are_seen(page):
    """An injected inline script, style attribute and eval are blocked, and the fixture hears of each."""
    page.goto(f"{page.site_url}index.html")
    page.wait_for_selector("body[data-status=lobby]")
    page.evaluate("""() => {
        const s = document.createElement("script");
        s.textContent = "window.injected = true";
        document.body.append(s);
        document.body.setAttribute("style", "background: red");
        setTimeout(() => { try { eval("window.evaluated = true"); } catch (e) { window.evalError = e.name; } });
    }""")
    page.wait_for_function("() => window.evalError !== undefined")
    page.evaluate("0")  # let the violation reports arrive
    assert page.evaluate("window.injected") is None
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 0, 0)"
    assert page.evaluate("window.evalError") == "EvalError"
    seen = {v["directive"] for v in page.csp_violations}
    assert {"script-src-elem", "style-src-attr", "script-src"} <= seen, page.csp_violations
    page.csp_violations.clear()


def test_the_pyodide_worker_runs_without_unsafe_eval(page):
    """The policy allows only what the Pyodide worker truly needs: held to the same policy by the server's header, the
    worker boots Python (which needs 'wasm-unsafe-eval') and cannot evaluate strings; a match still plays."""
    page.goto(f"{page.site_url}index.html?game=museum&players=2&seats=human,bot&botDelay=0")
    assert wait_idle(page) == "playing"
    worker = page.workers[0]
    assert "worker.js" in worker.url
    outcome = worker.evaluate("""new Promise((done) => setTimeout(() => {
        try { eval("1"); done("evaluated"); } catch (e) { done(e.name); } }))""")
    assert outcome == "EvalError"
    assert not page.csp_violations
