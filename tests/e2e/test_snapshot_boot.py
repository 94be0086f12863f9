"""The worker restores the build's memory snapshot of Python, and takes the plain boot by itself when the snapshot is
missing or belongs to another build (a snapshot from another build is refused, not used)."""

from __future__ import annotations

import gzip
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import server
from tests.conftest import ROOT, SUB_PATH
from tests.e2e.driver import assert_no_outside_requests, click_through, open_match

LINK = "game=museum&players=2&seats=human,bot&seed=7"


def boot_messages(page) -> list[str]:
    return [m for m in page.console if "snapshot" in m]


@pytest.fixture
def page_console(page):
    page.console = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.console.append(m.text))
    return page


def play_on_copy(page, site_dir: Path, tmp_path: Path, change, seed: int) -> str:
    """Play a whole game on a copy of the built site changed by ``change(folder)``; returns how Python booted."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    change(copy)
    srv, page.site_url = server.serve_in_thread(copy, SUB_PATH)
    try:
        open_match(page, LINK)
        boot = page.evaluate("window.shoal.boot()")
        click_through(page, random.Random(seed))
        assert page.get_attribute("body", "data-status") == "over"
        return boot
    finally:
        srv.shutdown()


def test_the_page_boots_from_the_builds_snapshot(page_console):
    open_match(page_console, LINK)
    assert page_console.evaluate("window.shoal.boot()") == "snapshot"
    assert boot_messages(page_console) == []
    click_through(page_console, random.Random(7))
    assert_no_outside_requests(page_console)


def test_a_snapshot_of_another_build_is_refused_and_python_boots_plainly(page_console, site_dir, tmp_path):
    def foreign(copy: Path) -> None:
        subprocess.run(
            [
                "node",
                str(ROOT / "build_scripts" / "snapshot.mjs"),
                str(copy),
                "0therbuild00",
                str(copy / "pyodide" / "snapshot.bin.gz"),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )

    assert play_on_copy(page_console, site_dir, tmp_path, foreign, seed=3) == "plain"
    assert any("0therbuild00" in m for m in boot_messages(page_console)), page_console.console


def test_a_build_without_a_snapshot_still_plays(page_console, site_dir, tmp_path):
    remove = lambda copy: (copy / "pyodide" / "snapshot.bin.gz").unlink()  # noqa: E731
    assert play_on_copy(page_console, site_dir, tmp_path, remove, seed=5) == "plain"
    assert any("no snapshot" in m for m in boot_messages(page_console)), page_console.console


def test_a_snapshot_of_another_size_is_refused_and_python_boots_plainly(page_console, site_dir, tmp_path):
    """The worker sizes the snapshot's buffer from the build (web/worker.js): bytes that do not fill it exactly are
    another build's, and the runtime started for them is given up for the plain boot."""

    def resized(copy: Path) -> None:
        worker = copy / "worker.js"
        text = worker.read_text()
        size = re.search(r'Number\("(\d+)"\)', text)
        assert size, "the build wrote the snapshot's size into worker.js"
        worker.write_text(text.replace(size[0], f'Number("{int(size[1]) - 4096}")'))

    assert play_on_copy(page_console, site_dir, tmp_path, resized, seed=4) == "plain"
    assert any("the snapshot" in m and "larger" in m for m in boot_messages(page_console)), page_console.console


def test_an_early_wasm_compile_that_fails_falls_back_to_the_ordinary_one(page_console, site_dir, tmp_path):
    """The wasm is compiled as the worker starts; if that fails, Pyodide's own way compiles it and the snapshot is
    still restored."""

    def refuse(copy: Path) -> None:
        worker = copy / "worker.js"
        text = worker.read_text()
        assert "return WebAssembly.compileStreaming(response);" in text
        worker.write_text(
            text.replace("return WebAssembly.compileStreaming(response);", 'throw new Error("refused by the test");')
        )

    assert play_on_copy(page_console, site_dir, tmp_path, refuse, seed=6) == "snapshot"
    assert any("compiling the wasm again" in m and "refused by the test" in m for m in page_console.console), (
        page_console.console
    )


def test_a_snapshot_not_in_the_shipped_format_is_refused_and_python_boots_plainly(page_console, site_dir, tmp_path):
    """The build ships the snapshot without its zero runs, behind a header ("SHZ1", its length, its live runs; see
    build_scripts/snapshot.mjs): a file without that header (e.g. a whole memory image, zeros included, as builds
    before it shipped) is refused by the worker, not restored."""

    def whole(copy: Path) -> None:
        shipped = copy / "pyodide" / "snapshot.bin.gz"
        shipped.write_bytes(gzip.compress(b"\0snp" + bytes(64 * 1024)))

    assert play_on_copy(page_console, site_dir, tmp_path, whole, seed=8) == "plain"
    assert any("not in this build's format" in m for m in boot_messages(page_console)), page_console.console
