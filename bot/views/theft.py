"""A theft attempt in words (rulebook: pool / Theft): the thief's private
answer (both pools, marked, with thresholds and why; the chance; what was found and where it
went) and, when it failed, the victim's (who tried, with the same dice)."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.services.theft import TheftNews
from bot.views.marks import pool_dice
from bot.views.odds import percent_text
from bot.views.pool_fight import threshold_text
from bot.views.world_items import item_name
from rules.pool.model import PoolCharacter
from rules.pool.penalty import penalty
from rules.pool.places import Place
from rules.pool.roll import PoolRoll


def _roll(l10n: L10n, roll: PoolRoll, character: PoolCharacter) -> Html:
    if not roll.dice:
        return Html(l10n.text("world-steal-no-dice"))
    return Html(
        l10n.text(
            "world-steal-roll",
            dice=pool_dice(roll),
            threshold=Html(threshold_text(l10n, roll.threshold, penalty(character))),
            successes=roll.successes,
        )
    )


def _dice_lines(
    l10n: L10n, news: TheftNews, thief: PoolCharacter, *, for_victim: bool = False
) -> list[str]:
    """Both pools, the reader's own marked «Вы»."""
    theft, victim = news.theft, news.victim
    attack, defense = _roll(l10n, theft.attack, thief), _roll(l10n, theft.defense, victim)
    if for_victim:
        return [
            l10n.text("world-steal-other-dice", name=thief.name, roll=attack),
            l10n.text("world-steal-own-dice", roll=defense),
        ]
    return [
        l10n.text("world-steal-own-dice", roll=attack),
        l10n.text("world-steal-other-dice", name=victim.name, roll=defense),
    ]


def thief_text(l10n: L10n, news: TheftNews, thief: PoolCharacter) -> str:
    """Everything for the thief alone (``thief``: their character as they rolled)."""
    theft, victim = news.theft, news.victim
    lines = [l10n.text("world-steal-head", number=victim.number, name=victim.name)]
    lines += _dice_lines(l10n, news, thief)
    chance = Html(percent_text(l10n, news.chance))
    if not theft.success:
        lines.append(
            l10n.text(
                "world-steal-noticed", name=victim.name, gender=victim.gender.value, chance=chance
            )
        )
    elif theft.item is None:
        lines.append(l10n.text("world-steal-nothing", chance=chance))
    elif theft.to == Place.FLOOR:
        lines.append(
            l10n.text("world-steal-floor", item=item_name(l10n, theft.item), chance=chance)
        )
    else:
        assert theft.to is not None
        lines.append(
            l10n.text(
                "world-steal-got",
                item=item_name(l10n, theft.item),
                place=theft.to.value,
                chance=chance,
            )
        )
    return "\n".join(lines)


def victim_text(l10n: L10n, news: TheftNews, thief: PoolCharacter) -> str:
    """A failed attempt, for the victim: who tried, and both pools."""
    lines = [
        l10n.text(
            "world-steal-caught",
            number=thief.number,
            name=thief.name,
            gender=thief.gender.value,
        )
    ]
    return "\n".join(lines + _dice_lines(l10n, news, thief, for_victim=True))
