#!/usr/bin/env bash
# Installs everything (exact versions: requirements-dev.lock) and runs every check: ruff, ruff
# format, mypy, pytest (with coverage). Needs only Python 3.11 and apt-get (Debian); installs
# redis-server, PostgreSQL, Node.js, Chromium and chromedriver when they are missing, starts
# Redis and PostgreSQL on free loopback ports for the run and stops them afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh

# PostgreSQL's server binaries: Debian keeps them in /usr/lib/postgresql/<ver>/bin (not on PATH).
pg_bindir() {
    local found
    found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; return; fi
    found="$(pg_config --bindir 2>/dev/null || true)"
    if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; return; fi
    found="$(command -v initdb 2>/dev/null || true)"
    if [ -n "$found" ]; then dirname "$found"; fi
}

MISSING=()
if ! command -v redis-server >/dev/null 2>&1; then MISSING+=(redis-server); fi
if [ -z "$(pg_bindir)" ]; then MISSING+=(postgresql); fi
# The Mini App's scripts are run under Node.js in the tests (the dice check, the page's taps).
if ! command -v node >/dev/null 2>&1; then MISSING+=(nodejs); fi
# The Mini App's pages are opened in headless Chromium (Selenium drives it through Debian's
# chromedriver, so nothing is downloaded at test time).
if [ ! -x /usr/bin/chromium ]; then MISSING+=(chromium); fi
if [ ! -x /usr/bin/chromedriver ]; then MISSING+=(chromium-driver); fi
# Emoji in the screenshots (docs/miniapp) as a phone shows them, not as empty boxes.
if [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
    MISSING+=(fonts-noto-color-emoji)
fi
if [ "${#MISSING[@]}" -gt 0 ]; then
    echo "==> installing ${MISSING[*]} (apt-get)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${MISSING[@]}" >/dev/null
fi
PG_BIN="$(pg_bindir)"

echo "==> installing the project and its dev tools (requirements-dev.lock)"
install_venv requirements-dev.lock

free_port() {
    .venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
REDIS_PORT="$(free_port)"
REDIS_DIR="$(mktemp -d)"
REDIS_PID=""
PG_DIR=""
PG_STARTED=""
# initdb and postgres refuse to run as root: then run them as the postgres system user.
as_pg() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd "$PG_DIR" && runuser -u postgres -- "$@")
    else
        (cd "$PG_DIR" && "$@")
    fi
}
cleanup() {
    kill "$REDIS_PID" 2>/dev/null || true
    wait "$REDIS_PID" 2>/dev/null || true
    rm -rf "$REDIS_DIR"
    if [ -n "$PG_STARTED" ]; then
        as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    if [ -n "$PG_DIR" ]; then rm -rf "$PG_DIR"; fi
}
trap cleanup EXIT
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --dir "$REDIS_DIR" --logfile "$REDIS_DIR/redis.log" &
REDIS_PID=$!
for _ in $(seq 1 50); do
    if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then break; fi
    sleep 0.1
done
export TEST_REDIS_URL="redis://127.0.0.1:${REDIS_PORT}/0"
echo "==> redis-server on 127.0.0.1:${REDIS_PORT}"

PG_PORT="$(free_port)"
PG_DIR="$(mktemp -d)"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$PG_DIR"; fi
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U gm --auth=trust --encoding=UTF8 --no-locale \
    --no-sync >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -o \
    "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
PG_STARTED=1
export TEST_POSTGRES_URL="postgres://gm@127.0.0.1:${PG_PORT}/postgres"
echo "==> postgresql ($("$PG_BIN/postgres" --version | awk '{print $3}')) on 127.0.0.1:${PG_PORT}"

echo "==> ruff check"
.venv/bin/ruff check .
echo "==> ruff format --check"
.venv/bin/ruff format --check .
echo "==> mypy"
.venv/bin/mypy
echo "==> pytest"
# Four workers on two cores: most tests wait on the bot (or a process of it) rather than
# compute. Work stealing evens out the end of the run; the 25 slowest tests close it.
.venv/bin/pytest -n "${TEST_WORKERS:-4}" --dist worksteal --durations=25 \
    --cov=rules --cov-report=term --cov-fail-under=95 "$@"
