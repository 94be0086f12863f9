"""Build the whole static site into ``dist/``: every URL relative, nothing fetched from outside at run time.

    python3 build_scripts/build.py [--out dist]

Steps: vendor the pinned npm ``pyodide`` (only the files a browser loads), precompile its stdlib to bytecode with
Pyodide's own Python (under Node), build the ``shoal`` wheel (sources plus Pyodide bytecode), write a
``pyodide-lock.json`` that lists just that wheel with its sha256, copy ``web/``, keep in the stdlib only what the
site imports, and make the memory snapshot.

The site is built in a folder beside ``--out`` and put in its place only once every step has succeeded: a failed
build says in one line what went wrong (a tool that is missing, a lesson that does not compile) and leaves the
previous site as it was.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import csp  # noqa: E402  (the pages' Content-Security-Policy)
import icons  # noqa: E402  (the app icons, drawn from web/icons/icon.svg)

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PKG = ROOT / "build_scripts" / "pyodide"
PYODIDE_DIR = PYODIDE_PKG / "node_modules" / "pyodide"
CACHE = ROOT / "build" / "cache"
# What the browser actually requests from the npm package (measured: nothing else is loaded).
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
WEB_SUFFIXES = {".html", ".js", ".mjs", ".css", ".svg", ".png", ".ico", ".json", ".webmanifest"}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


class BuildFailed(SystemExit):
    """A build step could not be done; the message says what, in one line, for a person (uncaught, it ends the
    program with that line and exit status 1, as any SystemExit with a message does)."""

    def __str__(self) -> str:
        return str(self.code)


# The programs the build runs, and why a person would install them.
TOOLS = {
    "node": "Node.js runs Pyodide's own Python to precompile the engine (install Node.js 18 or later, e.g. "
    "`apt-get install nodejs`)",
    "npm": "npm installs the pinned Pyodide package (it comes with Node.js)",
}


def require(tool: str) -> None:
    if shutil.which(tool) is None:
        raise BuildFailed(f"{tool} was not found: {TOOLS[tool]}")


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    """A build tool's run; a failure becomes :class:`BuildFailed` with the last line it wrote."""
    require(args[0])
    try:
        return subprocess.run(args, check=True, **kwargs)
    except subprocess.CalledProcessError as e:
        what = " ".join(Path(a).name for a in args[:2])
        raise BuildFailed(f"{what} failed: {_why(e)}") from None


def pinned_pyodide() -> str:
    return json.loads((PYODIDE_PKG / "package.json").read_text())["dependencies"]["pyodide"]


@contextlib.contextmanager
def cache_lock():
    """One build at a time may install the npm package or write the cache (parallel test workers build at once)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_pyodide() -> str:
    """Install the pinned npm package from the committed lock file if it is missing or of another version."""
    want = pinned_pyodide()
    have = None
    if (PYODIDE_DIR / "package.json").exists():
        have = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    if have != want:
        log(f"npm ci (pyodide {want})")
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PYODIDE_PKG)
    return want


def precompiled_stdlib(version: str) -> Path:
    """The stdlib zip with bytecode instead of sources; cached per Pyodide version (it takes a few seconds)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    out = CACHE / f"python_stdlib-{version}-pyc.zip"
    if not out.exists():
        log("precompiling the stdlib with Pyodide's Python")
        tmp = out.with_suffix(f".{os.getpid()}.tmp")
        run(["node", str(ROOT / "build_scripts" / "precompile.mjs"), str(PYODIDE_DIR / "python_stdlib.zip"), str(tmp)])
        tmp.replace(out)
    return out


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(out_dir: Path) -> tuple[Path, str]:
    """A pure-Python wheel of ``pysrc/shoal``, written by hand (no build backend needed, byte-for-byte stable)."""
    sys.path.insert(0, str(ROOT / "pysrc"))
    from shoal import __version__ as version  # noqa: E402

    src = ROOT / "pysrc"
    files: dict[str, bytes] = {}
    for path in sorted((src / "shoal").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[path.relative_to(src).as_posix()] = path.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        run(["node", str(ROOT / "build_scripts" / "precompile.mjs"), "--tree", str(src), tmp])
        for pyc in sorted(Path(tmp).rglob("*.pyc")):
            files[pyc.relative_to(tmp).as_posix()] = pyc.read_bytes()
    dist_info = f"shoal-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = f"Metadata-Version: 2.1\nName: shoal\nVersion: {version}\n".encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: shoal-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = b"shoal\n"
    record = [_record_line(n, d) for n, d in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = out_dir / f"shoal-{version}-py3-none-any.whl"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel.write_bytes(buf.getvalue())
    return wheel, version


def write_lock(pyodide_out: Path, wheel: Path, version: str) -> None:
    """Our own lock: the upstream ``info`` block (its ABI must match the wasm) and one entry, the shoal wheel."""
    upstream = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    lock = {
        "info": upstream["info"],
        "packages": {
            "shoal": {
                "name": "shoal",
                "version": version,
                "file_name": f"../wheels/{wheel.parent.name}/{wheel.name}",
                "install_dir": "site",
                "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "package_type": "package",
                "imports": ["shoal"],
                "depends": [],
            }
        },
    }
    (pyodide_out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")


# Relative module imports and page assets get the build's stamp as a query, so a browser never mixes a cached old
# module with a new one after a deploy (static hosts such as GitHub Pages let browsers cache files for minutes).
_STAMPABLE = re.compile(r"""((?:\bfrom|\bimport\s*\(|\bsrc=|\bhref=)\s*)(["'])(\.{1,2}/[^"'?#:]+?\.(?:js|css))\2""")


def stamp_urls(text: str, stamp: str) -> str:
    return _STAMPABLE.sub(lambda m: f"{m[1]}{m[2]}{m[3]}?v={stamp}{m[2]}", text)


_IMPORT = re.compile(r"""(?:\bfrom|^import)\s*["'](\./[^"'?#]+\.js)["']""", re.M)


def module_graph(web: Path, entry: str) -> list[str]:
    """Every module ``entry`` imports statically, directly or not (``./x.js`` names, in the order first met)."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        for dep in _IMPORT.findall((web / name).read_text()):
            dep = dep[2:]
            if dep not in seen and dep != entry:
                seen.append(dep)
                todo.append(dep)
    return seen


def prerender_index(html: str, web: Path, games: list[dict]) -> str:
    """The lobby paints before any script runs: the game cards, from games.json, are written into index.html (the
    page's app.js draws the same cards and replaces these; boot.js hides them when the link opens something else),
    and every module app.js imports is named for boot.js to preload at once instead of one import level after
    another."""
    from html import escape

    def players(g: dict) -> str:  # as web/lobby.js playerRange
        lo, hi = g["min_players"], g["max_players"]
        return f"{lo} players" if lo == hi else f"{lo}\u2013{hi} players"

    cards = "".join(
        f'<button type="button" class="game-card{" chosen" if i == 0 else ""}" data-step="game-{escape(g["id"])}">'
        f"<strong>{escape(g['title'])}</strong><span>{escape(players(g))}</span><small>{escape(g['summary'])}</small></button>"
        for i, g in enumerate(games)
    )
    lobby = (
        '<div class="prelobby"><h1>Choose a game</h1><form class="lobby">'
        f'<div class="game-cards">{cards}</div></form></div>'
    )
    if "<!-- shoal:lobby -->" not in html:
        raise ValueError("web/index.html lost its <!-- shoal:lobby --> mark (where the build writes the lobby)")
    # The modules are named here and preloaded by boot.js: at once when the link opens something, after the first
    # paint for the bare lobby (preloaded from the HTML, fetching and compiling them would hold the lobby's paint back
    # ~40 ms).
    preload = f'<meta name="shoal-modules" content="{" ".join(["app.js", *module_graph(web, "app.js")])}">\n'
    return html.replace("<!-- shoal:lobby -->", lobby).replace("<!-- shoal:preload -->\n", preload)


def copy_web(out: Path, stamp: str) -> None:
    web = ROOT / "web"
    from shoal import GAMES  # the lobby paints from this before Python has booted in the browser

    games_info = [g.info() for g in GAMES.values()]
    for path in sorted(web.rglob("*")):
        if path.is_file() and path.suffix in WEB_SUFFIXES:
            dest = out / path.relative_to(web)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".html":
                text = path.read_text()
                if path == web / "index.html":
                    text = prerender_index(text, web, games_info)
                dest.write_text(csp.add_meta(stamp_urls(text, stamp)))
            elif path.suffix == ".js" and path.name not in {"worker.js", "sw.js"}:
                dest.write_text(stamp_urls(path.read_text(), stamp))
            else:
                shutil.copyfile(path, dest)
    (out / "games.json").write_text(json.dumps(games_info, indent=1) + "\n")
    # Example pages that embed the site (examples/teaching.html): shipped under examples/, URLs stamped like web/'s.
    for path in sorted((ROOT / "examples").rglob("*")):
        if path.is_file() and path.suffix in WEB_SUFFIXES:
            dest = out / "examples" / path.relative_to(ROOT / "examples")
            dest.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".html":
                dest.write_text(csp.add_meta(stamp_urls(path.read_text(), stamp)))
            elif path.suffix == ".js":
                dest.write_text(stamp_urls(path.read_text(), stamp))
            else:
                shutil.copyfile(path, dest)
    games = sorted(p.stem for p in (web / "games").glob("*.js"))
    styles = sorted(p.stem for p in (web / "games").glob("*.css"))
    (out / "build-info.json").write_text(
        json.dumps({"stamp": stamp, "renderers": games, "styles": styles, "pyodide": pinned_pyodide()}, indent=1) + "\n"
    )


def compile_lessons(out: Path, folder: Path = ROOT / "web" / "lessons") -> None:
    """Every ``web/lessons/<id>.json`` (hand-written) becomes ``lessons/<id>.json`` with each step's view precomputed
    (so a lesson paints before Python boots), plus ``lessons/index.json``. A malformed lesson fails the build."""
    sys.path.insert(0, str(ROOT / "pysrc"))
    from shoal import lessons  # noqa: E402

    dest = out / "lessons"
    dest.mkdir(parents=True, exist_ok=True)
    index = []
    for path in sorted(folder.glob("*.json")) if folder.exists() else []:
        try:
            compiled = lessons.compile_lesson(path.read_text(), path.stem)  # text: the engine's limits apply
        except (ValueError, lessons.LessonError) as e:
            raise BuildFailed(f"lesson {path.name}: {e}") from None
        (dest / path.name).write_text(json.dumps(compiled, separators=(",", ":")) + "\n")
        index.append(lessons.index_entry(compiled))
    (dest / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    log(f"compiled {len(index)} lessons")


SNAPSHOT = "snapshot.bin.gz"  # in dist/pyodide/, beside the runtime it belongs to


def _why(e: Exception) -> str:
    """A failed build step's reason in one line: the last line it wrote to stderr, else the error itself."""
    return ((getattr(e, "stderr", "") or str(e)).strip().splitlines() or [str(e)])[-1]


def _prune(pattern: str, keep: int = 4) -> None:
    """Keep the cache small: of the cached files matching ``pattern``, only the last few builds' stay."""
    for old in sorted(CACHE.glob(pattern), key=lambda p: p.stat().st_mtime)[:-keep]:
        old.unlink(missing_ok=True)


def trim_stdlib(out: Path) -> bool:
    """Keep in python_stdlib.zip only the modules the site can import (build_scripts/stdlib_keep.mjs says which).

    The zip is the one file of the stdlib a browser downloads; a first visit fetches ~2 MB less
    (docs/benchmarks.md (c)). The trimmed zip is checked by booting Python on it the plain way and walking every path
    into the engine; it is cached by what it is made of. If either step fails, the site ships the whole stdlib and the
    build says so (tests/sitebuild checks that a normal build ships the trimmed one).
    """
    script = ROOT / "build_scripts" / "stdlib_keep.mjs"
    pyo = out / "pyodide"
    whole = (pyo / "python_stdlib.zip").read_bytes()
    lessons = b"".join(p.read_bytes() for p in sorted((ROOT / "web" / "lessons").glob("*.json")))
    key = hashlib.sha256(
        whole + (pyo / "pyodide-lock.json").read_bytes() + script.read_bytes() + lessons + Path(__file__).read_bytes()
    ).hexdigest()[:16]
    cached = CACHE / f"python_stdlib-{key}-kept.zip"
    if not cached.exists():
        try:
            with tempfile.TemporaryDirectory() as tmp:
                keep_file = Path(tmp) / "keep.json"
                subprocess.run(
                    ["node", str(script), str(out), str(keep_file)], check=True, capture_output=True, text=True
                )
                keep = set(json.loads(keep_file.read_text()))
                trimmed = Path(tmp) / "python_stdlib.zip"
                with zipfile.ZipFile(io.BytesIO(whole)) as zin, zipfile.ZipFile(trimmed, "w") as zout:
                    for info in zin.infolist():
                        if info.filename.split("/")[0].removesuffix(".pyc") in keep:
                            zout.writestr(info, zin.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
                shutil.copyfile(trimmed, pyo / "python_stdlib.zip")
                subprocess.run(["node", str(script), str(out), "--check"], check=True, capture_output=True, text=True)
                tmp_cached = cached.with_suffix(f".{os.getpid()}.tmp")
                shutil.copyfile(trimmed, tmp_cached)
                tmp_cached.replace(cached)
        except (OSError, ValueError, subprocess.CalledProcessError) as e:
            log(f"shipping the WHOLE stdlib (it could not be trimmed safely): {_why(e)}")
            (pyo / "python_stdlib.zip").write_bytes(whole)
            return False
        _prune("python_stdlib-*-kept.zip")
    shutil.copyfile(cached, pyo / "python_stdlib.zip")
    log(f"stdlib: {len(whole) / 1e6:.2f} MB -> {cached.stat().st_size / 1e6:.2f} MB (only what the site imports)")
    return True


def write_snapshot(out: Path, stamp: str) -> bool:
    """Python's memory with the engines imported (build_scripts/snapshot.mjs), gzipped; the worker restores it.

    Made with the site's own runtime under Node and cached by what it is made of. If it cannot be made, the site
    ships without it (the worker then boots Python the plain way) and the build says so.
    """
    script = ROOT / "build_scripts" / "snapshot.mjs"
    pyo = out / "pyodide"
    key = hashlib.sha256(
        b"".join((pyo / n).read_bytes() for n in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"))
        + stamp.encode()
        + script.read_bytes()
    ).hexdigest()[:16]
    cached = CACHE / f"snapshot-{key}.bin.gz"
    if not cached.exists():
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        try:
            subprocess.run(["node", str(script), str(out), stamp, str(tmp)], check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as e:
            log(f"shipping WITHOUT a memory snapshot (the page boots Python the plain way): {_why(e)}")
            tmp.unlink(missing_ok=True)
            return False
        tmp.replace(cached)
        _prune("snapshot-*.bin.gz")
    shutil.copyfile(cached, pyo / SNAPSHOT)
    # The worker sizes the snapshot's buffer before the bytes arrive (web/worker.js): the full size is in the header
    # of the shipped form, which leaves the zero runs out (build_scripts/snapshot.mjs).
    size = snapshot_size(cached)
    worker = out / "worker.js"
    worker.write_text(worker.read_text().replace('"{{SNAPSHOT_BYTES}}"', f'"{size}"'))
    return True


def snapshot_size(packed: Path) -> int:
    """The restored snapshot's length in bytes, from the shipped file's header ("SHZ1", length, runs, ...)."""
    with gzip.open(packed, "rb") as f:
        head = f.read(12)
    if len(head) < 12 or head[:4] != b"SHZ1":
        raise ValueError(f"{packed} is not a snapshot without zero runs (build_scripts/snapshot.mjs)")
    return int.from_bytes(head[4:8], "little")


def write_service_worker(out: Path, stamp: str) -> None:
    """Fill in sw.js: every file of the site, relative to it, and a cache name that changes with every build."""
    files = ["./"] + sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")
    )
    sw = out / "sw.js"
    # The file list's placeholder is a string in the source (which stays valid JavaScript, for the linter).
    text = sw.read_text().replace('"{{FILES}}"', json.dumps(files)).replace("{{STAMP}}", stamp)
    sw.write_text(text)
    run(["node", "--check", str(sw)])  # a syntax error would only show as a failed registration


def build(out: Path) -> None:
    """Build the site into ``out``, replacing what was there only once the whole build has succeeded (a failure
    raises :class:`BuildFailed` and leaves ``out`` as it was)."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = out.with_name(f".{out.name}.building-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        done = build_into(fresh)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    log(f"wrote {out} ({done})")


def build_into(out: Path) -> str:
    """Every step of the build, into the new folder ``out``; what was built, in a few words."""
    require("node")
    with cache_lock():
        version = ensure_pyodide()
        stdlib = precompiled_stdlib(version)
    pyo = out / "pyodide"
    pyo.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(PYODIDE_DIR / name, pyo / name)
    shutil.copyfile(stdlib, pyo / "python_stdlib.zip")
    # The wheel sits in a folder named by its hash: a cached old wheel can never meet a new lock file's sha256.
    wheel, shoal_version = build_wheel(out / "wheels" / "tmp")
    stamp = hashlib.sha256(wheel.read_bytes()).hexdigest()[:12]
    (out / "wheels" / stamp).mkdir()
    wheel = wheel.rename(out / "wheels" / stamp / wheel.name)
    (out / "wheels" / "tmp").rmdir()
    write_lock(pyo, wheel, shoal_version)
    copy_web(out, stamp)
    trim_stdlib(out)  # before the snapshot: Python's memory holds the zip's table of contents
    snapshot = write_snapshot(out, stamp)  # after copy_web: it writes the snapshot's size into worker.js
    icons.write_icons(ROOT / "web" / "icons" / "icon.svg", out / "icons", CACHE)  # for manifest.webmanifest
    compile_lessons(out)
    (out / ".nojekyll").touch()  # GitHub Pages: serve the files as they are, no Jekyll pass
    write_service_worker(out, stamp)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return (
        f"{size / 1e6:.1f} MB, pyodide {version}, shoal {shoal_version}, "
        f"{'with' if snapshot else 'without'} a memory snapshot"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    out = Path(parser.parse_args().out).resolve()
    try:
        build(out)
    except BuildFailed as e:
        kept = f"{out} is as it was" if out.exists() else f"nothing was written to {out}"
        raise SystemExit(f"[build] failed: {e} ({kept})") from None


if __name__ == "__main__":
    main()
