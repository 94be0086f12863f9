#!/usr/bin/env bash
# Build the static site into dist/ and serve it at http://127.0.0.1:8000/ (installs Node.js and npm if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
source build_scripts/ensure.sh
ensure_node
python3 build_scripts/build.py
exec python3 build_scripts/server.py --root dist --port "${PORT:-8000}"
