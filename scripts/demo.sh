#!/usr/bin/env bash
# Installs the project and plays a short scripted session through the local Bot API emulator,
# printing the chat transcript. No Telegram account or network needed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
install_venv requirements-dev.lock
exec .venv/bin/python -m tests.demo
