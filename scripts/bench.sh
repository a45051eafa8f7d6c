#!/usr/bin/env bash
# The load benchmark (issues 10 and 21): pool fights through the real dispatcher, Redis and SQLite
# (and PostgreSQL when BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set), bare aiogram and bare
# aiogram-dialog for reference, and a busy group under Telegram's flood limits (60 s of wall
# time; `--busy-group` runs only the busy group, for the budget's 10 minutes). Installs like
# scripts/test.sh (venv, the project, redis-server with apt-get when missing), starts Redis on a
# free loopback port for the run, prints figures and budgets.
# Arguments go to `python -m bench` (e.g. --fights 50, --sqlite-only; --help lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh

if ! command -v redis-server >/dev/null 2>&1; then
    echo "==> installing redis-server (apt-get)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

echo "==> installing the project (requirements-dev.lock)"
install_venv requirements-dev.lock

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
export BENCH_REDIS_URL="redis://127.0.0.1:${REDIS_PORT}/0"
echo "==> redis-server on 127.0.0.1:${REDIS_PORT}; running the bench"

.venv/bin/python -m bench "$@"
