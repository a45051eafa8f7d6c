"""What a d20 combatant may do and which narrative line a turn tells (rulebook: d20 / Class
actions, Narrative): the rules decide, this applies the game's setting and keeps the record."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Game
from bot.services.battle_store import BattleSnapshot, BattleState
from bot.services.errors import ServiceError
from bot.services.games import settings_of
from rules.d20 import AttackKind, Combatant, check_action, tell
from rules.errors import RuleError


def check_class_action(game: Game, actor: Combatant, kind: AttackKind) -> None:
    """The actor's class has this action (or the game allows any): else a polite refusal."""
    character = actor.character
    any_action = settings_of(game).d20_any_action
    try:
        check_action(character.name, character.character_class, kind, any_action=any_action)
    except RuleError as error:
        raise ServiceError.of(error) from None


def told_variant(snap: BattleSnapshot, key: str, seed: int) -> tuple[int, BattleState]:
    """The variant of family ``key`` to tell now, and the state that remembers it told."""
    index, told = tell(snap.state.told, key, seed)
    return index, replace(snap.state, told=told)
