#!/usr/bin/env bash
# Installs the bot and runs it (long polling, or webhook mode when WEBHOOK_URL is set).
# Put BOT_TOKEN (and optionally REDIS_URL, DATABASE_URL...) into .env first: see .env.example.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/python -m bot "$@"
