"""Chromium, Firefox and WebKit for the browser tests, behind one small interface, and a player that clicks like a
person.

- Chromium: Playwright's page, from tests/conftest.py's ``browser``.
- Firefox ESR: npm ``puppeteer-core`` over WebDriver BiDi, through ``firefox/bridge.mjs`` (one JSON command a line).
- WebKit: Selenium's ``webdriver.WebKitGTK`` (``WebKitWebDriver`` + MiniBrowser) on a private Xvfb display.

All three click with the engine's own pointer at viewport coordinates: the player asks ``probe.js`` where the centre
of the chosen target is and whether a person's click there lands on it (the topmost element there is the target or
inside it), then clicks there; nothing is dispatched from script. Every page gets ``probe.js``'s error trap after it
loads; Playwright and puppeteer relay the console and uncaught errors as well. WebKit's driver relays no console (an
automated page is private, and WebKit prints a private page's console nowhere): ``webkit_console_tour`` reads it from
an unautomated MiniBrowser.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBE = (HERE / "probe.js").read_text().strip()
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# Debian's libwebkit2gtk-4.1-0 ships it in its multiarch library folder.
MINIBROWSER = next(iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))), Path("MiniBrowser"))
WIDTH, HEIGHT = 1280, 900


class Browser:
    """What a test needs of an engine: a fresh page, navigation, a script's value, a pointer click, a screenshot,
    and the errors the page met."""

    name = ""

    def page(self, width: int = WIDTH, height: int = HEIGHT) -> None: ...
    def _load(self, url: str | None) -> None:
        """Open `url` (None: the page again) and wait for its load event."""

    def goto(self, url: str) -> None:
        self._load(url)
        self.probe("install")

    def reload(self) -> None:
        self._load(None)
        self.probe("install")

    def eval(self, expr: str): ...
    def click(self, x: int, y: int) -> None: ...
    def screenshot(self, path: str) -> None: ...
    def console(self) -> list[str]: ...
    def close(self) -> None:
        """Close the page (and what it kept: storage, service workers); the engine stays up for the next page."""

    def quit(self) -> None:
        self.close()

    def probe(self, cmd: str, **args):
        return self.eval(f"({PROBE})({json.dumps({'cmd': cmd, **args})})")

    def errors(self) -> list[str]:
        """Everything the page reported since the last call: the console's errors (where the driver relays them) and
        what probe.js's trap caught."""
        return self.console() + (self.probe("errors") or [])


class Chromium(Browser):
    """Debian's Chromium through Playwright (tests/conftest.py's ``browser``), so the same scenarios run in it too."""

    name = "chromium"

    def __init__(self, browser) -> None:
        self.browser = browser
        self.context = None
        self.logged: list[str] = []

    def page(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.close()
        self.context = self.browser.new_context(viewport={"width": width, "height": height})
        self.pg = self.context.new_page()
        self.pg.set_default_timeout(90_000)
        self.logged = []
        self.pg.on("console", self._console)
        self.pg.on("pageerror", lambda e: self.logged.append(f"page error: {e}"))

    def _console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.logged.append(f"console.{message.type}: {message.text}")

    def _load(self, url: str | None) -> None:
        if url is None:
            self.pg.reload()
        else:
            self.pg.goto(url)

    def eval(self, expr: str):
        return self.pg.evaluate(expr)

    def click(self, x: int, y: int) -> None:
        self.pg.mouse.click(x, y)

    def screenshot(self, path: str) -> None:
        self.pg.screenshot(path=path)

    def console(self) -> list[str]:
        logged, self.logged = self.logged, []
        return logged

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


class Firefox(Browser):
    name = "firefox"

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["node", str(HERE / "firefox" / "bridge.mjs"), FIREFOX],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.version = self._ask("version")

    def _ask(self, cmd: str, **args):
        self.proc.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox bridge stopped (exit code {self.proc.wait()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(answer["error"])
        return answer.get("value")

    def page(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        self._ask("page", width=width, height=height)

    def _load(self, url: str | None) -> None:
        if url is None:
            self._ask("reload")
        else:
            self._ask("goto", url=url)

    def eval(self, expr: str):
        return self._ask("eval", expr=expr)

    def click(self, x: int, y: int) -> None:
        self._ask("click", x=x, y=y)

    def screenshot(self, path: str) -> None:
        self._ask("screenshot", path=path)

    def console(self) -> list[str]:
        return self._ask("console")

    def close(self) -> None:
        self._ask("close")

    def quit(self) -> None:
        try:
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class Xvfb:
    """A virtual X display of its own (``-displayfd`` picks a free number), so parallel test workers never share one."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            # -noreset: by default the server resets when its last client leaves, and a browser started in that
            # moment (the next test's, just after one quit) cannot open the display.
            [
                "Xvfb",
                "-displayfd",
                str(write),
                "-screen",
                "0",
                f"{WIDTH}x{HEIGHT + 200}x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class WebKit(Browser):
    name = "webkit"

    def __init__(self, display: str) -> None:
        self.display = display
        self.driver = None

    def page(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        """A new WebKitWebDriver session: a new private MiniBrowser, nothing kept from the last page."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.close()
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": self.display}
        service = Service(executable_path=WEBKIT_DRIVER, env=env, log_output=subprocess.DEVNULL)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_rect(0, 0, width, height)
        self.driver.set_script_timeout(90)
        self.driver.set_page_load_timeout(90)

    def _load(self, url: str | None) -> None:
        if url is None:
            self.driver.refresh()
        else:
            self.driver.get(url)

    def eval(self, expr: str):
        return self.driver.execute_script(f"return {expr}")

    def click(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver, duration=0)
        actions.pointer_action.move_to_location(x, y)
        actions.pointer_action.click()
        actions.perform()

    def screenshot(self, path: str) -> None:
        self.driver.get_screenshot_as_file(path)

    def console(self) -> list[str]:
        return []

    def close(self) -> None:
        if self.driver is not None:
            self.driver.quit()
            self.driver = None


def webkit_console_tour(
    display: str, site_dir: Path, site_url: str, pages: list[str], home: Path, timeout: float = 240
) -> list[str]:
    """Every console line MiniBrowser prints while ``tour/`` opens `pages` one after the other, outside automation
    (a page driven by WebKitWebDriver is private, and WebKit prints a private page's console nowhere)."""
    from tests.e2e.test_viewer import write  # atomic: parallel workers share one built site

    for name in ("index.html", "tour.js"):
        write(site_dir / "__tour" / name, (HERE / "tour" / name).read_text())
    url = f"{site_url}__tour/index.html#" + json.dumps(pages).replace(" ", "")
    env = {
        **os.environ,
        "DISPLAY": display,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_CONFIG_HOME": str(home / "config"),
    }
    proc = subprocess.Popen(
        [str(MINIBROWSER), "--enable-write-console-messages-to-stdout=true", url],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(line.rstrip("\n") for line in proc.stdout), daemon=True)
    reader.start()
    end = time.monotonic() + timeout
    while not any("shoal-tour done" in line for line in lines) and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.2)
    proc.terminate()
    proc.wait(timeout=30)
    reader.join(timeout=10)
    return [line for line in lines if line.strip()]


def missing(name: str) -> str | None:
    """Why an engine cannot run here (build_scripts/test.sh installs them all), or None."""
    needs = {
        "firefox": [FIREFOX, shutil.which("node")],
        "webkit": [WEBKIT_DRIVER, str(MINIBROWSER), shutil.which("Xvfb")],
    }
    absent = [str(p) for p in needs[name] if not p or not Path(p).exists()]
    if name == "firefox" and not (HERE / "firefox" / "node_modules" / "puppeteer-core").exists():
        absent.append("puppeteer-core (npm ci in tests/e2e/firefox)")
    return ", ".join(absent) or None


# ---- playing like a person -------------------------------------------------------------------------------------------
def wait_idle(
    browser: Browser, scope: str = "", timeout: float = 90, want: tuple = ("playing", "over", "error")
) -> dict:
    """Poll the page's hooks until it is not busy and its status is one of `want`."""
    end = time.monotonic() + timeout
    while True:
        state = browser.probe("state", scope=scope)
        if not state["busy"] and state["status"] in want:
            return state
        if time.monotonic() > end:
            raise AssertionError(f"{browser.name}: still {state} after {timeout} s; errors: {browser.errors()}")
        time.sleep(0.03)


def wait_for(browser: Browser, expr: str, timeout: float = 90) -> None:
    """Poll until the page's expression `expr` is truthy."""
    end = time.monotonic() + timeout
    while not browser.eval(f"!!({expr})"):
        if time.monotonic() > end:
            raise AssertionError(f"{browser.name}: never true after {timeout} s: {expr}; errors: {browser.errors()}")
        time.sleep(0.05)


def click_target(browser: Browser, rng: random.Random, scope: str = "") -> str:
    """Click one of the offered actions (or, when none is offered, one of the steps toward one) at its centre, as a
    person would: the target must be the topmost element there."""
    aim = browser.probe("aim", scope=scope, pick=rng.random())  # one round trip: the page counts what is offered
    assert aim["ok"], (
        f"{browser.name}: a click at the centre of {aim.get('target')} lands on {aim.get('hit')} ({aim['why']})"
    )
    browser.click(aim["x"], aim["y"])
    return aim["target"]


def play_to_end(browser: Browser, rng: random.Random, scope: str = "", max_clicks: int = 2000, stop_after=None) -> int:
    """Click until the match is over (or after `stop_after` clicks); returns the number of clicks."""
    for clicks in range(max_clicks):
        state = wait_idle(browser, scope)
        assert state["status"] != "error", f"{browser.name}: the page shows an error; {browser.errors()}"
        if state["status"] == "over" or clicks == stop_after:
            return clicks
        click_target(browser, rng, scope)
    raise AssertionError(f"{browser.name}: the match is not over after {max_clicks} clicks")
