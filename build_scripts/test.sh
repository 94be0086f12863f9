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
# Two workers (CI has 2 cores): the browser games dominate and run side by side; one built site serves both.
# worksteal: each worker starts on half of the tests and an idle one takes half of the other's queue, so the two
# finish together even though a browser test takes a hundred times a unit test.
# SHOAL_TEST_WORKERS=0 runs everything in one process (for debugging).
workers="${SHOAL_TEST_WORKERS:-2}"
if [ "$workers" = "0" ]; then exec python3 -m pytest "$@"; fi
exec python3 -m pytest -n "$workers" --dist worksteal "$@"
