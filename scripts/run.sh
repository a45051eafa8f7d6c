#!/usr/bin/env bash
# Installs the bot from requirements.lock and runs it (long polling, or webhook mode when
# WEBHOOK_URL is set). Put BOT_TOKEN (and optionally REDIS_URL, DATABASE_URL...) into .env
# first: see .env.example. Without REDIS_URL it uses, or starts, a local Redis (scripts/redis.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
source scripts/redis.sh

install_venv requirements.lock
ensure_redis
exec .venv/bin/python -m bot "$@"
