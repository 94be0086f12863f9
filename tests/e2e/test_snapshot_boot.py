"""The worker restores the build's memory snapshot of Python, and takes the plain boot by itself when the snapshot is
missing or belongs to another build (issue 14: "a snapshot from another build is refused, not used")."""

from __future__ import annotations

import random
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


def serve_copy(site_dir: Path, tmp_path: Path, change):
    """A copy of the built site, changed by ``change(folder)``, served under the same sub-path."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    change(copy)
    srv, url = server.serve_in_thread(copy, SUB_PATH)
    return srv, url


def test_the_page_boots_from_the_builds_snapshot(page_console):
    open_match(page_console, LINK)
    assert page_console.evaluate("window.shoal.boot()") == "snapshot"
    assert boot_messages(page_console) == []
    click_through(page_console, random.Random(7))
    assert_no_outside_requests(page_console)


def test_a_snapshot_of_another_build_is_refused_and_python_boots_plainly(page_console, site_dir, tmp_path):
    def foreign(copy: Path) -> None:
        subprocess.run(["node", str(ROOT / "build_scripts" / "snapshot.mjs"), str(copy), "0therbuild00",
                        str(copy / "pyodide" / "snapshot.bin.gz")], check=True, capture_output=True, timeout=300)

    srv, url = serve_copy(site_dir, tmp_path, foreign)
    try:
        page_console.site_url = url
        open_match(page_console, LINK)
        assert page_console.evaluate("window.shoal.boot()") == "plain"
        assert any("0therbuild00" in m for m in boot_messages(page_console)), page_console.console
        click_through(page_console, random.Random(3))
        assert page_console.get_attribute("body", "data-status") == "over"
    finally:
        srv.shutdown()


def test_a_build_without_a_snapshot_still_plays(page_console, site_dir, tmp_path):
    srv, url = serve_copy(site_dir, tmp_path, lambda copy: (copy / "pyodide" / "snapshot.bin.gz").unlink())
    try:
        page_console.site_url = url
        open_match(page_console, LINK)
        assert page_console.evaluate("window.shoal.boot()") == "plain"
        assert any("no snapshot" in m for m in boot_messages(page_console)), page_console.console
        click_through(page_console, random.Random(5))
        assert page_console.get_attribute("body", "data-status") == "over"
    finally:
        srv.shutdown()
