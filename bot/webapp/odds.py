"""Page "Odds": the exact outcome distribution of a planned attack (pool), duel or d20 action,
from ``rules.odds`` through the chat's /odds service (:mod:`bot.services.odds`).

``GET api/odds?system=pool&attack=5&defense=3&attack_penalty=0&defense_penalty=0`` (every field
of the system, the numbers /odds takes) answers the chart; out-of-range or unreadable numbers
get the chat's own usage text (HTTP 422) and nothing is computed. Without fields the numbers
come from the caller's own character (``game_id`` picks the game, ``system`` the system), else
the usage's example. Any signed-in user may ask: nothing private is shown but their own sheet's
numbers (rulebook: Common / Odds in the Mini App).
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.db.models import GameSystem
from bot.i18n import L10n
from bot.services.games import settings_of
from bot.services.numbers import ID_MAX, parse_int
from bot.services.odds import (
    MAX_AGILITY,
    MAX_DICE,
    MAX_HP,
    MAX_PENALTY,
    MAX_SKILL,
    SYSTEM_WORDS,
    D20Question,
    DuelQuestion,
    OddsUsage,
    PoolQuestion,
    Question,
    d20_answer,
    duel_answer,
    parse_question,
    pool_answer,
)
from bot.services.sheets import SheetEntry, own_characters
from bot.views.odds import usage_text
from bot.webapp.auth import Caller
from bot.webapp.odds_chart import d20_chart, duel_chart, pool_chart
from bot.webapp.server import BadRequest
from rules.duel.character import DuelCharacter
from rules.pool.exchange import attack_dice, defense_dice
from rules.pool.model import PoolCharacter
from rules.pool.penalty import penalty

# Each system's fields in the order /odds reads them: name, label, /odds's limits.
FIELDS: dict[GameSystem, tuple[tuple[str, str, int, int], ...]] = {
    GameSystem.POOL: (
        ("attack", "miniapp-odds-attack", 0, MAX_DICE),
        ("defense", "miniapp-odds-defense", 0, MAX_DICE),
        ("attack_penalty", "miniapp-odds-attack-penalty", 0, MAX_PENALTY),
        ("defense_penalty", "miniapp-odds-defense-penalty", 0, MAX_PENALTY),
    ),
    GameSystem.DUEL: (
        ("skill_a", "miniapp-odds-skill-a", 1, MAX_SKILL),
        ("skill_b", "miniapp-odds-skill-b", 1, MAX_SKILL),
        ("agility_a", "miniapp-odds-agility-a", 0, MAX_AGILITY),
        ("agility_b", "miniapp-odds-agility-b", 0, MAX_AGILITY),
        ("hp_a", "miniapp-odds-hp-a", 1, MAX_HP),
        ("hp_b", "miniapp-odds-hp-b", 1, MAX_HP),
    ),
    GameSystem.D20: (),
}
NAMES = {field[0] for fields in FIELDS.values() for field in fields}
# The usage texts' examples (/odds 5 3, /odds 9 8 … 30 30), for a user with no character.
EXAMPLES: dict[GameSystem, Question] = {
    GameSystem.POOL: PoolQuestion(5, 3),
    GameSystem.DUEL: DuelQuestion(9, 8),
    GameSystem.D20: D20Question(),
}


async def odds(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    query = request.query
    word = query.get("system")
    system = SYSTEM_WORDS.get(word) if word is not None else None
    if word is not None and system is None:
        raise BadRequest("malformed")
    note = None
    if system is not None and NAMES & set(query):
        question = asked(l10n, system, query)
    else:
        game_id = query.get("game_id")
        if game_id is not None and parse_int(game_id, low=1, high=ID_MAX) is None:
            raise BadRequest("malformed")
        question, entry = await prefilled(caller.id, game_id, system)
        if entry is not None:
            note = l10n.text("miniapp-odds-from-sheet", name=entry.character.name)
    found = system_of(question)
    return {
        "system": found.value,
        "systems": [{"id": s.value, "name": l10n.text(f"system-{s.value}")} for s in FIELDS],
        "fields": fields(l10n, question),
        "note": note,
        **await chart(l10n, question),
    }


def system_of(question: Question) -> GameSystem:
    if isinstance(question, PoolQuestion):
        return GameSystem.POOL
    return GameSystem.DUEL if isinstance(question, DuelQuestion) else GameSystem.D20


def asked(l10n: L10n, system: GameSystem, query: Any) -> Question:
    """The question in the fields, read by /odds's own parser (its limits, its refusal)."""
    words = [str(query.get(field[0], "")) for field in FIELDS[system]]
    try:
        if any(len(w.split()) != 1 for w in words):
            raise OddsUsage(system)  # a field missing, empty, or more than one number
        return parse_question(" ".join([system.value, *words]), None)
    except OddsUsage:
        body = {"error": "odds_usage", "message": usage_text(l10n, system)}
        raise web.HTTPUnprocessableEntity(
            text=json.dumps(body, ensure_ascii=False), content_type="application/json"
        ) from None


def fields(l10n: L10n, question: Question) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "label": l10n.text(label),
            "value": getattr(question, name),
            "min": low,
            "max": high,
        }
        for name, label, low, high in FIELDS[system_of(question)]
    ]


async def chart(l10n: L10n, question: Question) -> dict[str, Any]:
    if isinstance(question, PoolQuestion):
        return pool_chart(l10n, question, pool_answer(question))
    if isinstance(question, DuelQuestion):
        return duel_chart(l10n, question, await duel_answer(question))
    return d20_chart(l10n, d20_answer())


def _within(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


async def prefilled(
    user_id: int, game_id: str | None, system: GameSystem | None
) -> tuple[Question, SheetEntry | None]:
    """The caller's own numbers: the character in ``game_id``, else their first of ``system``
    (any system when None); with none, the usage's example."""
    entries = [e for e in await own_characters(user_id) if system in (None, e.game.system)]
    chosen = [e for e in entries if str(e.game.id) == game_id] or entries
    if not chosen:
        return EXAMPLES[system or GameSystem.POOL], None
    entry = chosen[0]
    state = entry.state
    if isinstance(state, PoolCharacter):
        return PoolQuestion(
            attack=_within(attack_dice(state), 0, MAX_DICE),
            defense=_within(defense_dice(state), 0, MAX_DICE),
            attack_penalty=_within(penalty(state).total, 0, MAX_PENALTY),
        ), entry
    if isinstance(state, DuelCharacter):
        skill = _within(max(value for _, value in state.skills), 1, MAX_SKILL)
        return DuelQuestion(
            skill_a=skill,
            skill_b=skill,
            agility_a=state.agility,
            agility_b=state.agility,
            hp_a=_within(state.hp, 1, MAX_HP),
            hp_b=_within(settings_of(entry.game).duel_hp, 1, MAX_HP),
        ), entry
    return D20Question(), entry
