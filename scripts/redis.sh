# Sourced by run.sh: makes sure the bot gets a Redis (FSM and dialog state, locks, isolation).
#
# REDIS_URL set in the environment or in .env (memory:// included): left as it is. Unset: a
# Redis answering on 127.0.0.1:$REDIS_LOCAL_PORT (6379) is used; else redis-server is installed
# with apt-get when missing and started there, bound to 127.0.0.1, daemonized, keeping its data,
# pidfile and log in data/redis/ (append-only file), and used. It keeps running after the bot
# stops and is used again by the next start; stop it with `kill "$(cat data/redis/redis.pid)"`.
# Needs as_root (scripts/install.sh) and a Python with python-dotenv ($REDIS_PYTHON).

REDIS_LOCAL_PORT="${REDIS_LOCAL_PORT:-6379}"
REDIS_PYTHON="${REDIS_PYTHON:-.venv/bin/python}"

ensure_redis() {
    if [ -n "$(configured_redis_url)" ]; then return 0; fi
    local port="$REDIS_LOCAL_PORT" dir="$PWD/data/redis"
    local url="redis://127.0.0.1:${port}/0"
    case "$(redis_ping "$port")" in
        pong)
            echo "==> REDIS_URL is not set: using the Redis on 127.0.0.1:${port}"
            export REDIS_URL="$url"
            return 0
            ;;
        other)
            echo "error: REDIS_URL is not set and 127.0.0.1:${port} is taken by something that" \
                "is not a Redis open to us — set REDIS_URL in .env (memory:// runs without" \
                "Redis: state lost on restart)" >&2
            return 2
            ;;
    esac
    if ! command -v redis-server >/dev/null 2>&1; then
        echo "==> REDIS_URL is not set: installing redis-server (apt-get)"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
        if [ "$(redis_ping "$port")" = pong ]; then  # the package started the system's own
            export REDIS_URL="$url"
            return 0
        fi
    fi
    echo "==> REDIS_URL is not set: starting redis-server on 127.0.0.1:${port} (data in data/redis)"
    mkdir -p "$dir"
    redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --dir "$dir" \
        --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --appendonly yes --save ""
    local _
    for _ in $(seq 1 100); do
        if [ "$(redis_ping "$port")" = pong ]; then
            export REDIS_URL="$url"
            return 0
        fi
        sleep 0.1
    done
    echo "error: redis-server did not start; see data/redis/redis.log" >&2
    return 2
}

# REDIS_URL as the bot reads it (bot/config.py): the environment first, then .env, in any
# case; an empty value is unset. Read with python-dotenv, as pydantic-settings reads .env.
configured_redis_url() {
    "$REDIS_PYTHON" - <<'PY'
import os

from dotenv import dotenv_values


def redis_url(values):
    return next((v for k, v in values.items() if k.lower() == "redis_url" and v), "")


print(redis_url(dict(os.environ)) or redis_url(dotenv_values(".env")))
PY
}

# What answers on 127.0.0.1:$1: "pong" (a Redis), "other" (anything else), "none".
redis_ping() (
    exec 2>/dev/null
    exec 3<>"/dev/tcp/127.0.0.1/$1" || { echo none; exit 0; }
    printf 'PING\r\n' >&3
    reply=""
    IFS= read -r -t 2 reply <&3 || true
    if [[ "$reply" == "+PONG"* ]]; then echo pong; else echo other; fi
)
