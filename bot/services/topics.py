"""Forum supergroups: a pool game may bind each hall to a topic (``/halls``), so the news of
a hall (its fights) goes to that topic. Stored in ``Game.topics`` as {"halls": {"2": 15}}."""

from __future__ import annotations

from bot.db.models import Game, GameSystem
from bot.services.errors import BadNumber, Refusal, ServiceError
from bot.services.games import settings_of


def hall_topics(game: Game) -> dict[int, int]:
    """Hall number -> message_thread_id, for the halls bound to a topic."""
    halls = (game.topics or {}).get("halls", {})
    return {int(hall): int(thread) for hall, thread in halls.items()}


def topic_of_hall(game: Game, hall: int) -> int | None:
    return hall_topics(game).get(hall)


async def bind_hall(game: Game, hall: int, thread_id: int | None) -> dict[int, int]:
    """Bind ``hall`` to the topic ``thread_id`` (None: unbind); the new bindings."""
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)
    if not 1 <= hall <= settings_of(game).halls:
        raise BadNumber()
    bindings = hall_topics(game)
    if thread_id is None:
        bindings.pop(hall, None)
    else:
        bindings[hall] = thread_id
    topics = {**(game.topics or {}), "halls": {str(h): t for h, t in sorted(bindings.items())}}
    await Game.filter(id=game.id).update(topics=topics)
    game.topics = topics
    return bindings
