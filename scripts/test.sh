#!/usr/bin/env bash
# Installs everything and runs every check: ruff, ruff format, mypy, pytest (with coverage).
# Needs only Python 3.11+ and apt-get (Debian); installs redis-server when it is missing,
# starts it on a free loopback port for the run and stops it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if ! command -v redis-server >/dev/null 2>&1; then
    echo "==> installing redis-server (apt-get)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi

PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "==> creating .venv"
    "$PYTHON" -m venv .venv
fi
echo "==> installing the project and its dev tools"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"

REDIS_PORT="$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
REDIS_DIR="$(mktemp -d)"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" &
REDIS_PID=$!
cleanup() {
    kill "$REDIS_PID" 2>/dev/null || true
    wait "$REDIS_PID" 2>/dev/null || true
    rm -rf "$REDIS_DIR"
}
trap cleanup EXIT
for _ in $(seq 1 50); do
    if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then break; fi
    sleep 0.1
done
export TEST_REDIS_URL="redis://127.0.0.1:${REDIS_PORT}/0"
echo "==> redis-server on 127.0.0.1:${REDIS_PORT}"

echo "==> ruff check"
.venv/bin/ruff check .
echo "==> ruff format --check"
.venv/bin/ruff format --check .
echo "==> mypy"
.venv/bin/mypy
echo "==> pytest"
.venv/bin/pytest --cov=rules --cov-report=term --cov-fail-under=95 "$@"
