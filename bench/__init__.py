"""The load benchmark: ``./scripts/bench.sh`` (or ``python -m bench``). See docs/performance.md.

Concurrent pool fights through the real dispatcher, Redis and database, with bare aiogram and
bare aiogram-dialog for reference; Telegram is a fake Bot API session that answers at once. Then
a busy group through the local Bot API emulator with Telegram's flood limits enforced. The
budgets are Telegram's: CPU per press, latency at Telegram's rate, statements per press, new
group messages per round, and no 429 in a busy group.
"""
