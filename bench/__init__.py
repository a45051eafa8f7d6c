"""The load benchmark: ``./scripts/bench.sh`` (or ``python -m bench``). See docs/performance.md.

Concurrent pool fights through the real dispatcher, Redis and database, against bare aiogram and
bare aiogram-dialog on the same storage; Telegram is a fake Bot API session that answers at once.
"""
