"""Refusals as data: one table from codes to locale messages, one polite answer for them all."""

from __future__ import annotations

import logging

import pytest

from bot.db.models import Character, Encounter
from bot.i18n import Translator
from bot.services.errors import NoActiveGame, Refusal, ServiceError, SkillProblem
from bot.views.refusals import REFUSALS, in_private, refusal_message, refusal_text
from rules.errors import Code, RuleError
from rules.pool.model import Item
from rules.pool.places import Place
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, pool_table
from tests.telegram_emulator import ChatMemberInfo

RU = Translator("ru").for_locale("ru")
EN = Translator("ru").for_locale("en")


def _key(code: Code | Refusal) -> str:
    says = REFUSALS[code]
    return says if isinstance(says, str) else says.key


def test_every_service_refusal_has_a_message_in_both_locales() -> None:
    for code in Refusal:
        assert code in REFUSALS, code
        assert RU.has(_key(code)) and EN.has(_key(code)), code


def test_every_mapped_rule_code_has_a_message_in_both_locales() -> None:
    for code in REFUSALS:
        assert RU.has(_key(code)) and EN.has(_key(code)), code


def test_rule_and_service_codes_never_share_a_value() -> None:
    """A StrEnum member equals its value, so a shared one would be one key of the table."""
    assert {c.value for c in Code}.isdisjoint(r.value for r in Refusal)


def test_a_rule_refusal_keeps_its_code_and_details() -> None:
    rule = RuleError(Code.NOT_ENOUGH_COINS, character=1, needed=5, have=4)
    refusal = ServiceError.of(rule)
    assert (refusal.code, refusal.details) == (rule.code, rule.details)
    assert refusal_text(RU, refusal) == "Не хватает монет: нужно 5, при вас 4."


def test_details_named_otherwise_in_the_message_are_renamed() -> None:
    refusal = ServiceError.of(RuleError(Code.NOT_CONNECTED, from_hall=1, to_hall=3))
    key, args = refusal_message(refusal)
    assert key == "world-error-not-connected"
    assert (args["here"], args["there"]) == (1, 3)
    assert refusal_text(RU, refusal) == "Из зала 1 портал в зал 3 не ведёт."
    asleep = ServiceError.of(RuleError(Code.NOT_ASLEEP, character=2))
    assert refusal_text(RU, asleep) == RU.text("world-error-not-asleep", number=2)


def test_enum_details_become_their_values_and_none_is_left_out() -> None:
    refusal = ServiceError.of(
        RuleError(Code.DOES_NOT_FIT, item=Item.COIN, place=Place.LEFT_POCKET, count=2, room=0)
    )
    _, args = refusal_message(refusal)
    assert args == {"item": "coin", "place": "left_pocket", "count": 2, "room": 0}
    assert type(args["item"]) is str
    skill = ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.TOO_MANY, extra=None)
    assert refusal_message(skill) == ("error-skill", {"problem": "too-many"})


def test_a_code_without_a_message_gets_the_generic_refusal() -> None:
    refusal = ServiceError.of(RuleError(Code.FIGHT_OVER))
    assert refusal_message(refusal) == ("error-refused", {})
    assert refusal_text(EN, ServiceError()) == EN.text("error-refused")


async def test_a_refused_command_is_answered_in_the_games_language_and_not_logged(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """``/tick`` by a player: the refusal goes up to the dispatcher's error handler, which
    replies to the command in the game's language (the group's, not the English-language
    sender's); nothing is logged as a failure and nothing changes."""
    table = await pool_table(gm, ("Аня", QUIET))
    visitor = gm.emu.add_user("Visitor", language_code="en")
    gm.emu.chat(table.group.id).members[visitor.id] = ChatMemberInfo(visitor, "member")
    before = await Character.get(game_id=table.game.id, number=1)
    with caplog.at_level(logging.WARNING):
        await gm.emu.send_text(visitor, table.group, "/tick")
        reply = await gm.emu.wait_for_message(table.group)
    assert reply.body == RU.text("error-not-admin")
    assert reply.reply_to is not None and reply.reply_to.text == "/tick"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    after = await Character.get(game_id=table.game.id, number=1)
    assert after.state == before.state


async def test_a_refused_button_gets_an_alert(gm: Harness) -> None:
    """An in-game button (on the dispatcher itself, outside the dialogs) pressed by someone it
    is not for: the refusal comes back as an alert on the press."""
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    await gm.emu.send_text(table.players[0], table.group, "/fight 2")
    card = await gm.emu.wait_for_message(table.group, lambda m: "Бой №" in m.body)
    stranger = gm.emu.add_user("Чужой", language_code="ru")
    gm.emu.chat(table.group.id).members[stranger.id] = ChatMemberInfo(stranger, "member")
    fight_before = await Encounter.get(game_id=table.game.id)
    query = await gm.emu.press_button(stranger, card, "Вступить")
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.show_alert
    assert answer.text == RU.text("error-no-own-character")
    assert (await Encounter.get(game_id=table.game.id)).state == fight_before.state


def test_the_scheduler_can_still_tell_an_ended_game_by_type() -> None:
    """The few refusals callers catch by type carry their code like every other."""
    assert NoActiveGame().code is Refusal.NO_GAME
    assert refusal_text(RU, NoActiveGame()) == RU.text("error-no-game")


def test_a_private_dialog_says_the_game_ended_not_that_this_chat_has_none() -> None:
    ended = refusal_text(RU, in_private(NoActiveGame()))
    assert ended == "Эта игра уже закончилась. Новую можно начать командой /newgame в группе."
    assert isinstance(in_private(NoActiveGame()), NoActiveGame)  # dialogs still close on it
    other = ServiceError(Refusal.NOT_ADMIN)
    assert in_private(other) is other
