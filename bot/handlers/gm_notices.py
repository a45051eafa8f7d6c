"""The group's lines about a game master's command, in the game's locale, as a reply to the
command (:func:`bot.services.outbox.reply`): owed by :mod:`bot.services.gm_news`'s outcomes."""

from __future__ import annotations

from aiogram import Bot

from bot.db.models import Game, GameSystem
from bot.handlers.world_common import user_l10n
from bot.i18n import Html, Translator
from bot.services.gm_news import GaveItem, Healed, Kicked, PauseSet, Placed, Rested, Revived
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
    """Duel and d20 HP are public (/players shows them); pool health is a secret the group
    is not told (a coin buys it): only its owner learns the numbers, in private."""
    game, hp = news.game, news.healed
    if game.system != GameSystem.POOL:
        args = {"number": hp.number, "name": hp.name, "hp": hp.after, "max": hp.high}
        return _to_group(translator, game, "gm-heal-done", **args)
    l10n = await user_l10n(translator, hp.user_id, game.locale)
    mine = l10n.text("gm-heal-yours", before=hp.before, after=hp.after, max=hp.high)
    return [
        *_to_group(translator, game, "gm-heal-done-pool", number=hp.number, name=hp.name),
        Outgoing(hp.user_id, mine),
    ]


async def rested(bot: Bot, translator: Translator, news: Rested) -> list[Outgoing]:
    """One group notice naming who recovered (with HP where HP is public); pool owners get
    their numbers in private."""
    game = news.game
    l10n = translator.for_locale(game.locale)
    pool = game.system == GameSystem.POOL
    key = "gm-rest-line-pool" if pool else "gm-rest-line"
    lines = [
        l10n.text(
            key, number=r.number, name=r.name, before=max(r.before, 0), after=r.after, max=r.high
        )
        for r in news.rested
    ]
    text = l10n.text("gm-rest-done", reason=news.reason, lines=Html("\n".join(lines)))
    owed = [reply(game.chat_id, text)]
    if pool:
        for r in news.rested:
            mine = await user_l10n(translator, r.user_id, game.locale)
            owed.append(Outgoing(r.user_id, mine.text("gm-rest-yours", max=r.high)))
    return owed
