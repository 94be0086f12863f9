#!/usr/bin/env bash
# Run every test: unit, rules, contract and the end-to-end games in headless Chromium (Playwright), Firefox ESR
# (puppeteer-core over WebDriver BiDi) and WebKit (Selenium's WebKitGTK driver under Xvfb).
# Installs what it needs when missing: pytest, playwright, selenium, ruff … (pip, pyproject.toml's test extra),
# Node.js, chromium, firefox-esr, webkit2gtk-driver and xvfb (apt), axe-core, puppeteer-core and ESLint (npm, pinned
# by lock files).
set -euo pipefail
cd "$(dirname "$0")/.."
source build_scripts/ensure.sh
ensure_node
ensure_chromium
ensure_firefox
ensure_webkit
ensure_python_test_deps
ensure_test_npm
# Three workers on CI's 2 cores: a browser test spends part of its time waiting (for a frame, a timer, a page load),
# which a third worker fills (measured on a 2-core machine: a fifth of the browser tests' time saved with 3, less
# with 4); one built site serves them all. worksteal: an idle worker takes half of another's queue, so they finish
# together even though a browser test takes a hundred times a unit test.
# SHOAL_TEST_WORKERS=0 runs everything in one process (for debugging).
workers="${SHOAL_TEST_WORKERS:-3}"
if [ "$workers" = "0" ]; then exec python3 -m pytest "$@"; fi
exec python3 -m pytest -n "$workers" --dist worksteal "$@"
