"""The one Content-Security-Policy of every Shoal page, written into each built HTML page by build.py
and sent as a header by the test server (server.py), so the Pyodide worker is held to it in tests as well.

Why each source (measured with Chromium, see docs/architecture.md "Content-Security-Policy"):
- ``script-src 'self' 'wasm-unsafe-eval'``: our modules and Pyodide's; compiling ``pyodide.asm.wasm`` needs
  ``'wasm-unsafe-eval'`` (without it: "WebAssembly.instantiateStreaming(): ... violates ... script-src").
  Pyodide 314 boots and plays whole games without ``'unsafe-eval'``: it is not granted.
- ``style-src 'self'``: stylesheets from the site only, no ``style="..."`` attributes (setting ``element.style``
  from JavaScript is CSSOM and stays allowed).
- ``img-src 'self' data:``: the ``data:`` favicon placeholder.
- ``connect-src 'self'``: fetches (records, lessons, the wheel) stay on the site: it works offline and leaks nothing.
- ``object-src 'none'``, ``base-uri 'none'``, ``form-action 'self'``, everything else ``'self'``.
- Only directives that Chromium, Firefox and WebKit all implement: an engine reports any other as an error on every
  page (WebKit: "Unrecognized Content-Security-Policy directive 'manifest-src'") and ignores it. The web app manifest
  falls back to ``default-src 'self'``, which refuses one from elsewhere just as well.
``frame-ancestors`` cannot be set from a meta tag (browsers ignore it there); Shoal is meant to be embeddable.
"""

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)

META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'


def add_meta(html: str) -> str:
    """``html`` with the policy's meta tag first in <head> (before any script or stylesheet it must govern)."""
    if 'http-equiv="Content-Security-Policy"' in html:
        raise ValueError("pages carry no CSP of their own: build_scripts/csp.py adds the site's one policy")
    at = html.find("<head>")
    if at < 0:
        raise ValueError("a page without <head> cannot carry the CSP")
    at += len("<head>")
    return html[:at] + "\n" + META + html[at:]
