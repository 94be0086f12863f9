#!/usr/bin/env bash
# Run every test: unit, rules, contract and the Playwright end-to-end games in headless Chromium.
# Installs what it needs: pytest and playwright (pip), Node.js (apt) and Debian's chromium (apt) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source build_scripts/ensure.sh
ensure_node
ensure_chromium
ensure_python_test_deps
ensure_test_npm
# Two workers (CI has 2 cores): the browser games dominate and run side by side; one built site serves both.
# SHOAL_TEST_WORKERS=0 runs everything in one process (for debugging).
workers="${SHOAL_TEST_WORKERS:-2}"
if [ "$workers" = "0" ]; then exec python3 -m pytest "$@"; fi
exec python3 -m pytest -n "$workers" "$@"
