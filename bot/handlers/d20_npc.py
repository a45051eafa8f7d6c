"""The game master's NPCs in a d20 battle (rulebook: d20 / NPCs): ``/npc`` fields one while the
battle gathers, ``/npc Гоблин воин | Орда``. The written form is read here; the battle takes
it the one way of every encounter (:func:`bot.services.battles.field_npc`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message
from aiogram_dialog import BgManagerFactory, ShowMode, StartMode

from bot.callbacks import EncounterCallback, encounter_words, live_message
from bot.config import Settings
from bot.dialogs.states import NpcDialog
from bot.handlers import d20_publish
from bot.i18n import Html, L10n, Translator
from bot.services import battles, games
from bot.services.battles import NpcSheet
from bot.services.errors import InvalidName, Refusal, ServiceError
from bot.services.names import NAME_MAX, NAME_MIN, clean_name, visible_text
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.d20 import side_name
from bot.views.d20_keyboards import NPCS
from rules.d20 import CharacterClass, D20Character, new_character
from rules.d20.character import NPC_HP_MAX
from rules.d20.encounter import KIND, SIDES, BattleSnapshot, BattleStage, BattleTable
from rules.gender import Gender

GROUP_CHATS = {"group", "supergroup"}
DEFAULT_CLASS = CharacterClass.FIGHTER  # an NPC written with HP only strikes like a fighter
OPEN_SECONDS = 15  # the private dialog's first window, at most (else the press fails politely)
GENDERS = {"ж": Gender.FEMALE, "м": Gender.MALE, "f": Gender.FEMALE, "m": Gender.MALE}


def build_router() -> Router:
    router = Router(name="d20_npc")
    router.message.register(npc, Command("npc"), F.chat.type.in_(GROUP_CHATS))
    return router


def register_buttons(buttons: Router) -> None:
    """The gathering battle's «🎭 Добавить НПС», in the dispatcher's button lane before the
    encounters' one way (it is no move of the battle)."""
    buttons.callback_query.register(open_npc_dialog, *encounter_words(KIND, NPCS))


async def open_npc_dialog(
    query: CallbackQuery,
    callback_data: EncounterCallback,
    bot: Bot,
    l10n: L10n,
    settings: Settings | None,
    dialog_bg: BgManagerFactory,
) -> None:
    """The game master's NPCs dialog opens in their private chat (several NPCs at once);
    anyone else is refused; a private chat the bot may not write to gets an alert."""
    message = await live_message(query, callback_data.kind, callback_data.id)
    game = await games.require_game(message.chat.id)
    battles.require_d20(game)
    user_id = query.from_user.id
    if not await may_administer(bot, message.chat.id, user_id, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    snap = await battles.open_battle_in(game)
    if snap is None or snap.id != callback_data.id or snap.stage is not BattleStage.JOINING:
        raise ServiceError(Refusal.NO_BATTLE_GATHERING)
    reachable = True
    async with asyncio.timeout(OPEN_SECONDS), dialog_bg.bg(bot, user_id, user_id).fg() as private:
        private.middleware_data["l10n"] = l10n  # the presser's language (a press: theirs)
        try:
            await private.start(
                NpcDialog.name,
                data={"game_id": game.id, "battle_id": snap.id},
                mode=StartMode.RESET_STACK,
                show_mode=ShowMode.SEND,
            )
        except (TelegramForbiddenError, TelegramBadRequest):
            reachable = False
            await private.reset_stack(remove_keyboard=False)  # no dialog waits unseen
    if reachable:
        await query.answer(l10n.text("d20-npcs-opened"))
    else:
        await query.answer(l10n.text("d20-npcs-unreachable"), show_alert=True)


@dataclass(frozen=True, slots=True)
class Written:
    """What the game master wrote: the name as written, the class (None: not said), the max
    HP (0: the class's), the gender (None: not said) and the side as written."""

    name: str
    character_class: CharacterClass | None
    hp: int
    gender: Gender | None
    side: str


def class_words(translator: Translator) -> dict[str, CharacterClass]:
    """Every class by its name in every locale (ru «воин», en «fighter»), case aside."""
    return {
        translator.for_locale(code).text(f"creation-d20-class-{c.value}").casefold(): c
        for code in translator.locales
        for c in CharacterClass
    }


def parse(args: str | None, words: dict[str, CharacterClass]) -> Written | None:
    """``Имя [класс] [хиты] [ж|м] | сторона``; None: not that shape."""
    head, bar, side = (args or "").partition("|")
    tokens, side = head.split(), visible_text(side)
    if not bar or not side or not tokens:
        return None
    character_class, hp, gender = None, 0, None
    while len(tokens) > 1:  # the words after the name, in any order
        word = tokens[-1].casefold()
        if word in GENDERS and gender is None:
            gender = GENDERS[word]
        elif word in words and character_class is None:
            character_class = words[word]
        elif word.isascii() and word.isdigit() and not hp:
            hp = int(word)
            if not 1 <= hp <= NPC_HP_MAX:
                return None
        else:
            break
        tokens.pop()
    return Written(" ".join(tokens), character_class, hp, gender, side)


def side_of(l10n: L10n, table: BattleTable, written: str) -> str | None:
    """The side the game master named: 1 or 2, or a side's name (its own or the default)."""
    if written in SIDES:
        return written
    key = written.casefold().replace("ё", "е")
    for side in SIDES:
        names = (side_name(l10n, table, side, escape=False), table.side_names[SIDES.index(side)])
        if any(key == n.strip("«»\"' ").casefold().replace("ё", "е") for n in names if n):
            return side
    return None


def sheet(written: Written, name: str) -> D20Character:
    character = new_character(name, written.character_class or DEFAULT_CLASS)
    if not written.hp:
        return character
    return D20Character(name, character.character_class, written.hp, hp_max=written.hp)


async def npc(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/npc Гоблин воин | Орда``: the game master fields an NPC in the gathering battle.
    Whoever else writes it is refused; a form the bot cannot read gets the usage."""
    user = message.from_user
    assert user is not None
    game = await games.require_game(message.chat.id)
    battles.require_d20(game)
    if not await may_administer(bot, message.chat.id, user.id, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    group = translator.for_locale(game.locale)
    written = parse(command.args, class_words(translator))
    if written is None:
        await message.reply(usage(l10n, group))
        return
    try:
        name = clean_name(written.name)
    except InvalidName:
        await message.reply(l10n.text("d20-npc-bad-name", min=NAME_MIN, max=NAME_MAX))
        return
    snap = await battles.open_battle_in(game)
    if snap is None or snap.stage is not BattleStage.JOINING:
        raise ServiceError(Refusal.NO_BATTLE_GATHERING)
    side = side_of(group, snap.state, written.side)
    if side is None:
        await message.reply(usage(l10n, group))
        return
    fielded = NpcSheet(name, sheet(written, name), side, written.gender)
    told = partial(d20_publish.compose, bot, translator)
    snap = await battles.field_npc(game, user.id, True, fielded, runtime, told)
    await message.reply(fielded_text(l10n, group, fielded, snap, side))


def fielded_text(
    l10n: L10n, group: L10n, fielded: NpcSheet, snap: BattleSnapshot, side: str
) -> str:
    """«🎭 Гоблин (воин, 20 ХП) — НПС мастера, вступает в бой: «Орда».» (the class as the
    group names it)."""
    character = fielded.character
    return l10n.text(
        "d20-npc-fielded",
        name=fielded.name,
        character_class=group.text(f"creation-d20-class-{character.character_class.value}"),
        hp=character.max_hp,
        side=Html(side_name(l10n, snap.state, side)),
    )


def usage(l10n: L10n, group: L10n) -> str:
    classes = ", ".join(group.text(f"creation-d20-class-{c.value}") for c in CharacterClass)
    return l10n.text("d20-npc-usage", classes=classes, max=NPC_HP_MAX)
