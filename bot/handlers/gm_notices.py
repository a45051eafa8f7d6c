"""The group's lines about a game master's command, in the game's locale, as a reply to the
command (:func:`bot.services.outbox.reply`): owed by :mod:`bot.services.gm_news`'s outcomes.

In pool a character's hall, items and health are secrets the seed sells for a coin: the group
is told that the game master acted and on whom, the owner alone (in private) what changed."""

from __future__ import annotations

from aiogram import Bot

from bot.db.models import Character, Game, GameSystem
from bot.handlers.world_common import user_l10n
from bot.i18n import Html, Translator
from bot.services.gm_news import GaveItem, Healed, Kicked, PauseSet, Placed, Rested, Revived
from bot.services.outbox import Outgoing, reply
from bot.views.world_items import items_text, place_to


def _to_group(translator: Translator, game: Game, key: str, **args: object) -> list[Outgoing]:
    return [reply(game.chat_id, translator.for_locale(game.locale).text(key, **args))]


async def _owner(game: Game, number: int) -> int:
    row = await Character.get(game_id=game.id, number=number)
    return int(row.user_id)


async def gave(bot: Bot, translator: Translator, news: GaveItem) -> list[Outgoing]:
    game, given = news.game, news.given
    owner = await _owner(game, given.character.number)
    l10n = await user_l10n(translator, owner, game.locale)
    spread = ", ".join(
        f"{items_text(l10n, given.item, n)} {place_to(l10n, where)}" for where, n in given.places
    )
    items = items_text(l10n, given.item, given.count)
    mine = l10n.text("gm-give-yours", items=items, spread=Html(spread))
    args = {"number": given.character.number, "name": given.character.name}
    return [*_to_group(translator, game, "gm-give-done", **args), Outgoing(owner, mine)]


async def placed(bot: Bot, translator: Translator, news: Placed) -> list[Outgoing]:
    game, moved = news.game, news.character
    owner = await _owner(game, moved.number)
    l10n = await user_l10n(translator, owner, game.locale)
    mine = l10n.text("gm-place-yours", hall=moved.hall)
    args = {"number": moved.number, "name": moved.name}
    return [*_to_group(translator, game, "gm-place-done", **args), Outgoing(owner, mine)]


async def revived(bot: Bot, translator: Translator, news: Revived) -> list[Outgoing]:
    game, row, state = news.game, news.row, news.row.state
    args = {"number": row.number, "name": row.name}
    if game.system != GameSystem.POOL:
        return _to_group(translator, game, "gm-revive-done", hp=state.get("hp", 0), **args)
    l10n = await user_l10n(translator, row.user_id, game.locale)
    mine = l10n.text("gm-revive-yours", health=state.get("health", 1), hall=state.get("hall", 1))
    return [
        *_to_group(translator, game, "gm-revive-done-pool", **args),
        Outgoing(row.user_id, mine),
    ]


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
    secret = "yes" if pool else "no"
    text = l10n.text(
        "gm-rest-done", reason=news.reason, lines=Html("\n".join(lines)), secret=secret
    )
    owed = [reply(game.chat_id, text)]
    if pool:
        for r in news.rested:
            mine = await user_l10n(translator, r.user_id, game.locale)
            owed.append(Outgoing(r.user_id, mine.text("gm-rest-yours", max=r.high)))
    return owed
