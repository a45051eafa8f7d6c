#!/usr/bin/env bash
# The fast checks to run before every commit: lint, format, types (tests: scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
