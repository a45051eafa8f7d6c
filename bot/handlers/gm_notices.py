"""The group's lines about a game master's command, in the game's locale, as a reply to the
command (:func:`bot.services.outbox.reply`): owed by :mod:`bot.services.gm_news`'s outcomes."""

from __future__ import annotations

from aiogram import Bot

from bot.db.models import Game, GameSystem
from bot.i18n import Html, Translator
from bot.services.gm_news import GaveItem, Healed, Kicked, PauseSet, Placed, Revived
from bot.services.outbox import Outgoing, reply
from bot.views.world_items import items_text, place_to


def _to_group(translator: Translator, game: Game, key: str, **args: object) -> list[Outgoing]:
    return [reply(game.chat_id, translator.for_locale(game.locale).text(key, **args))]


async def gave(bot: Bot, translator: Translator, news: GaveItem) -> list[Outgoing]:
    l10n = translator.for_locale(news.game.locale)
    given = news.given
    spread = ", ".join(
        f"{items_text(l10n, given.item, n)} {place_to(l10n, where)}" for where, n in given.places
    )
    return _to_group(
        translator,
        news.game,
        "gm-give-done",
        number=given.character.number,
        name=given.character.name,
        items=items_text(l10n, given.item, given.count),
        spread=Html(spread),
    )


async def placed(bot: Bot, translator: Translator, news: Placed) -> list[Outgoing]:
    moved = news.character
    args = {"number": moved.number, "name": moved.name, "hall": moved.hall}
    return _to_group(translator, news.game, "gm-place-done", **args)


async def revived(bot: Bot, translator: Translator, news: Revived) -> list[Outgoing]:
    row, state = news.row, news.row.state
    if news.game.system == GameSystem.POOL:
        key, extra = "gm-revive-done-pool", {"hall": state.get("hall", 1)}
    else:
        key, extra = "gm-revive-done", {"hp": state.get("hp", 0)}
    return _to_group(translator, news.game, key, number=row.number, name=row.name, **extra)


async def paused(bot: Bot, translator: Translator, news: PauseSet) -> list[Outgoing]:
    key = "gm-paused" if news.paused else "gm-resumed"
    return _to_group(translator, news.game, key, reason=news.reason)


async def kicked(bot: Bot, translator: Translator, news: Kicked) -> list[Outgoing]:
    row = news.character
    return _to_group(translator, news.game, "kick-done", number=row.number, name=row.name)


async def healed(bot: Bot, translator: Translator, news: Healed) -> list[Outgoing]:
    hp = news.healed
    return _to_group(translator, news.game, "duel-healed", name=news.name, hp=hp.hp, max=hp.max_hp)
