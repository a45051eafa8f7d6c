#!/usr/bin/env bash
# Installs the project and plays a short scripted session through the local Bot API emulator,
# printing the chat transcript. No Telegram account or network needed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
exec .venv/bin/python -m tests.demo
