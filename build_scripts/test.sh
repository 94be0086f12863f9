#!/usr/bin/env bash
# Run every test: unit, rules, contract and the Playwright end-to-end games in headless Chromium.
# Installs what it needs: pytest and playwright (pip), Node.js (apt) and Debian's chromium (apt) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source build_scripts/ensure.sh
ensure_node
ensure_chromium
ensure_python_test_deps
exec python3 -m pytest "$@"
