"""The built site: self-contained, relative URLs only, Pyodide vendored from npm with a lock that lists our wheel."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import zipfile
from html import escape

import build
import shoal


def test_only_the_pyodide_files_a_browser_loads_are_vendored(site_dir):
    """Only the files the browser loads: no maps, no .d.ts, no console pages, no README (plus the build's own memory
    snapshot of that runtime)."""
    assert sorted(p.name for p in (site_dir / "pyodide").iterdir()) == sorted(
        build.RUNTIME_FILES + ["python_stdlib.zip", "pyodide-lock.json", build.SNAPSHOT]
    )
    for name in build.RUNTIME_FILES:
        assert (site_dir / "pyodide" / name).read_bytes() == (build.PYODIDE_DIR / name).read_bytes()


def test_pyodide_is_pinned_exactly_and_locked():
    pkg = json.loads((build.PYODIDE_PKG / "package.json").read_text())
    lock = json.loads((build.PYODIDE_PKG / "package-lock.json").read_text())
    version = pkg["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "an exact version, no range"
    assert lock["packages"]["node_modules/pyodide"]["version"] == version


def test_lock_lists_the_shoal_wheel_with_its_sha256(site_dir):
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    upstream = json.loads((build.PYODIDE_DIR / "pyodide-lock.json").read_text())
    assert lock["info"] == upstream["info"], "the ABI block must match the vendored wasm"
    assert list(lock["packages"]) == ["shoal"]
    entry = lock["packages"]["shoal"]
    wheel = (site_dir / "pyodide" / entry["file_name"]).resolve()
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "shoal/__init__.py" in names and "shoal/bridge.py" in names
    assert any(n.endswith(".cpython-314.pyc") for n in names), "bytecode compiled by Pyodide's own Python"


def test_stdlib_is_shipped_as_bytecode(site_dir):
    with zipfile.ZipFile(site_dir / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names


def _stdlib_names_in(source: str) -> set[str]:
    """The top-level modules a Python source names in its import statements (any depth: functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_stdlib_ships_only_what_the_site_imports(site_dir):
    """python_stdlib.zip shrinks to what the engines import: every stdlib module an engine names is kept (with the
    codecs and Pyodide's own packages); modules no path of the site reaches are not shipped."""

    def tops(zip_path):
        with zipfile.ZipFile(zip_path) as zf:
            return {n.split("/")[0].removesuffix(".pyc") for n in zf.namelist()}

    shipped = tops(site_dir / "pyodide" / "python_stdlib.zip")
    whole = tops(build.precompiled_stdlib(build.pinned_pyodide()))
    named = set()
    for path in (build.ROOT / "pysrc" / "shoal").rglob("*.py"):
        if path.name != "__main__.py":  # the command line (python -m shoal), never run in a browser
            named |= _stdlib_names_in(path.read_text())
    assert named & whole, "the engines import some of the stdlib"
    assert (named & whole) <= shipped, f"missing: {sorted((named & whole) - shipped)}"
    assert {"encodings", "pyodide", "_pyodide", "json", "random"} <= shipped
    assert not {"unittest", "pdb", "pydoc", "xml", "http", "doctest"} & shipped, "nothing the site never reaches"
    size = (site_dir / "pyodide" / "python_stdlib.zip").stat().st_size
    assert size < 0.7 * build.precompiled_stdlib(build.pinned_pyodide()).stat().st_size


def test_every_url_in_the_site_is_relative(site_dir):
    """GitHub Pages serves project sites under a sub-path: an absolute path or another host would break or leak.
    Only what the build ships is read (the service worker's file list): browser tests add pages of their own to the
    shared site, some naming other hosts on purpose."""
    listed = re.search(r"const FILES = (\[.*?\]);", (site_dir / "sw.js").read_text(), re.S)
    shipped = {site_dir / f for f in json.loads(listed.group(1))} | {site_dir / "sw.js"}
    assert site_dir / "index.html" in shipped
    for path in sorted(shipped):
        if path.suffix in {".html", ".js", ".css"} and "pyodide" not in path.parts:
            text = path.read_text()
            assert not re.search(r"""(src|href)=["']/(?!/)""", text), path
            assert not re.search(r"""(import|from)\s*\(?\s*["']/""", text), path
            # The reserved example names (RFC 2606) never resolve: a message may show one as the shape of an origin.
            hosts = {h.rstrip(",.;`") for h in re.findall(r"https?://([^/\"'\s)]+)", text)} - {"www.w3.org"}
            hosts = {h for h in hosts if not re.fullmatch(r"(.+\.)?example(\.(org|com|net))?", h)}
            assert not hosts, f"{path.name} names outside hosts {hosts}"


def test_lobby_data_lists_every_registered_game(site_dir):
    games = json.loads((site_dir / "games.json").read_text())
    assert [g["id"] for g in games] == list(shoal.GAMES)
    info = json.loads((site_dir / "build-info.json").read_text())
    assert set(info["renderers"]) >= set(shoal.GAMES), "every registered game has a renderer"


def test_site_is_ready_for_github_pages(site_dir):
    """Pages runs Jekyll unless told not to; the service worker must not precache a file Pages may not serve."""
    assert (site_dir / ".nojekyll").exists()
    sw = (site_dir / "sw.js").read_text()
    assert ".nojekyll" not in sw and "{{" not in sw
    assert '"index.html"' in sw and '"pyodide/pyodide.asm.wasm"' in sw


def test_the_lobby_cards_are_written_into_the_page_and_its_modules_named_for_preloading(site_dir):
    """The lobby paints before any script runs: index.html carries every game's card (from games.json, as the
    lobby draws them) before any script runs, and names every module app.js imports statically (boot.js preloads them:
    tests/e2e/test_site.py)."""
    html = (site_dir / "index.html").read_text()
    games = json.loads((site_dir / "games.json").read_text())
    for g in games:
        assert f'data-step="game-{g["id"]}"><strong>{escape(g["title"])}</strong>' in html
    preloaded = set(re.search(r'<meta name="shoal-modules" content="([^"]+)">', html)[1].split())
    imported = set(
        re.findall(
            r'from "\./([\w-]+\.js)"',
            (site_dir / "app.js")
            .read_text()
            .replace("?v=" + json.loads((site_dir / "build-info.json").read_text())["stamp"], ""),
        )
    )
    assert {"app.js"} | imported <= preloaded
