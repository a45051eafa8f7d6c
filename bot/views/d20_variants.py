"""The narrative lines of d20 outcomes: every variant id, by attack kind, outcome and class.

Keys are ``(kind, outcome, class family)``. Blocks and partial blocks depend on who defends:
a frail caster (warlock, wizard) wards or slips aside instead of meeting an axe with a staff,
the divine and agile (cleric, monk, ranger) parry and deflect, heavy fighters (fighter,
paladin, barbarian) take blows on weapon and armour. Hits are split by the seed's damage
bands (1-2 minor, 3-4 light, 5-6 medium). Buff spells have lines of their own.
"""

from __future__ import annotations

from rules.d20 import AttackKind, CharacterClass, Outcome

ANY = ""
FRAIL = "frail"
AGILE = "agile"
HEAVY = "heavy"
HIT_MINOR = "hit_minor"
HIT_LIGHT = "hit_light"
HIT_MEDIUM = "hit_medium"
FINISH = "finish"
PHYSICAL, MAGIC, BUFF = AttackKind.PHYSICAL, AttackKind.MAGIC, AttackKind.BUFF

CLASS_FAMILY: dict[CharacterClass, str] = {
    CharacterClass.WARLOCK: FRAIL,
    CharacterClass.WIZARD: FRAIL,
    CharacterClass.CLERIC: AGILE,
    CharacterClass.MONK: AGILE,
    CharacterClass.RANGER: AGILE,
    CharacterClass.FIGHTER: HEAVY,
    CharacterClass.PALADIN: HEAVY,
    CharacterClass.BARBARIAN: HEAVY,
}

VARIANTS: dict[tuple[AttackKind, str, str], tuple[str, ...]] = {
    (PHYSICAL, Outcome.FUMBLE, ANY): (
        "d20n-phys-fumble-1",
        "d20n-phys-fumble-2",
        "d20n-phys-fumble-3",
    ),
    (PHYSICAL, Outcome.ALLY_HIT, ANY): ("d20n-phys-ally-1", "d20n-phys-ally-2", "d20n-phys-ally-3"),
    (PHYSICAL, Outcome.SELF_HIT, ANY): ("d20n-phys-self-1", "d20n-phys-self-2", "d20n-phys-self-3"),
    (PHYSICAL, Outcome.MISS, ANY): ("d20n-phys-miss-1", "d20n-phys-miss-2", "d20n-phys-miss-3"),
    (PHYSICAL, Outcome.DODGE, ANY): ("d20n-phys-dodge-1", "d20n-phys-dodge-2", "d20n-phys-dodge-3"),
    (PHYSICAL, Outcome.BLOCK, HEAVY): (
        "d20n-phys-block-heavy-1",
        "d20n-phys-block-heavy-2",
        "d20n-phys-block-heavy-3",
    ),
    (PHYSICAL, Outcome.BLOCK, AGILE): (
        "d20n-phys-block-agile-1",
        "d20n-phys-block-agile-2",
        "d20n-phys-block-agile-3",
    ),
    (PHYSICAL, Outcome.BLOCK, FRAIL): (
        "d20n-phys-block-frail-1",
        "d20n-phys-block-frail-2",
        "d20n-phys-block-frail-3",
    ),
    (PHYSICAL, Outcome.PARTIAL_BLOCK, HEAVY): (
        "d20n-phys-partial-heavy-1",
        "d20n-phys-partial-heavy-2",
        "d20n-phys-partial-heavy-3",
    ),
    (PHYSICAL, Outcome.PARTIAL_BLOCK, AGILE): (
        "d20n-phys-partial-agile-1",
        "d20n-phys-partial-agile-2",
        "d20n-phys-partial-agile-3",
    ),
    (PHYSICAL, Outcome.PARTIAL_BLOCK, FRAIL): (
        "d20n-phys-partial-frail-1",
        "d20n-phys-partial-frail-2",
        "d20n-phys-partial-frail-3",
    ),
    (PHYSICAL, HIT_MINOR, ANY): (
        "d20n-phys-hit-minor-1",
        "d20n-phys-hit-minor-2",
        "d20n-phys-hit-minor-3",
    ),
    (PHYSICAL, HIT_LIGHT, ANY): (
        "d20n-phys-hit-light-1",
        "d20n-phys-hit-light-2",
        "d20n-phys-hit-light-3",
    ),
    (PHYSICAL, HIT_MEDIUM, ANY): (
        "d20n-phys-hit-medium-1",
        "d20n-phys-hit-medium-2",
        "d20n-phys-hit-medium-3",
    ),
    (PHYSICAL, Outcome.HEAVY_HIT, ANY): (
        "d20n-phys-heavy-1",
        "d20n-phys-heavy-2",
        "d20n-phys-heavy-3",
    ),
    (PHYSICAL, Outcome.STUN_HIT, ANY): ("d20n-phys-stun-1", "d20n-phys-stun-2", "d20n-phys-stun-3"),
    (PHYSICAL, Outcome.CRITICAL, ANY): ("d20n-phys-crit-1", "d20n-phys-crit-2", "d20n-phys-crit-3"),
    (PHYSICAL, FINISH, ANY): ("d20n-phys-finish-1", "d20n-phys-finish-2", "d20n-phys-finish-3"),
    (MAGIC, Outcome.FUMBLE, ANY): (
        "d20n-magic-fumble-1",
        "d20n-magic-fumble-2",
        "d20n-magic-fumble-3",
    ),
    (MAGIC, Outcome.ALLY_HIT, ANY): ("d20n-magic-ally-1", "d20n-magic-ally-2", "d20n-magic-ally-3"),
    (MAGIC, Outcome.SELF_HIT, ANY): ("d20n-magic-self-1", "d20n-magic-self-2", "d20n-magic-self-3"),
    (MAGIC, Outcome.MISS, ANY): ("d20n-magic-miss-1", "d20n-magic-miss-2", "d20n-magic-miss-3"),
    (MAGIC, Outcome.DODGE, ANY): ("d20n-magic-dodge-1", "d20n-magic-dodge-2", "d20n-magic-dodge-3"),
    (MAGIC, Outcome.BLOCK, HEAVY): (
        "d20n-magic-block-heavy-1",
        "d20n-magic-block-heavy-2",
        "d20n-magic-block-heavy-3",
    ),
    (MAGIC, Outcome.BLOCK, AGILE): (
        "d20n-magic-block-agile-1",
        "d20n-magic-block-agile-2",
        "d20n-magic-block-agile-3",
    ),
    (MAGIC, Outcome.BLOCK, FRAIL): (
        "d20n-magic-block-frail-1",
        "d20n-magic-block-frail-2",
        "d20n-magic-block-frail-3",
    ),
    (MAGIC, Outcome.PARTIAL_BLOCK, HEAVY): (
        "d20n-magic-partial-heavy-1",
        "d20n-magic-partial-heavy-2",
        "d20n-magic-partial-heavy-3",
    ),
    (MAGIC, Outcome.PARTIAL_BLOCK, AGILE): (
        "d20n-magic-partial-agile-1",
        "d20n-magic-partial-agile-2",
        "d20n-magic-partial-agile-3",
    ),
    (MAGIC, Outcome.PARTIAL_BLOCK, FRAIL): (
        "d20n-magic-partial-frail-1",
        "d20n-magic-partial-frail-2",
        "d20n-magic-partial-frail-3",
    ),
    (MAGIC, HIT_MINOR, ANY): (
        "d20n-magic-hit-minor-1",
        "d20n-magic-hit-minor-2",
        "d20n-magic-hit-minor-3",
    ),
    (MAGIC, HIT_LIGHT, ANY): (
        "d20n-magic-hit-light-1",
        "d20n-magic-hit-light-2",
        "d20n-magic-hit-light-3",
    ),
    (MAGIC, HIT_MEDIUM, ANY): (
        "d20n-magic-hit-medium-1",
        "d20n-magic-hit-medium-2",
        "d20n-magic-hit-medium-3",
    ),
    (MAGIC, Outcome.HEAVY_HIT, ANY): (
        "d20n-magic-heavy-1",
        "d20n-magic-heavy-2",
        "d20n-magic-heavy-3",
    ),
    (MAGIC, Outcome.STUN_HIT, ANY): ("d20n-magic-stun-1", "d20n-magic-stun-2", "d20n-magic-stun-3"),
    (MAGIC, Outcome.CRITICAL, ANY): ("d20n-magic-crit-1", "d20n-magic-crit-2", "d20n-magic-crit-3"),
    (MAGIC, FINISH, ANY): ("d20n-magic-finish-1", "d20n-magic-finish-2", "d20n-magic-finish-3"),
    (BUFF, Outcome.FUMBLE, ANY): ("d20n-buff-fumble-1", "d20n-buff-fumble-2", "d20n-buff-fumble-3"),
    (BUFF, Outcome.NO_EFFECT, ANY): ("d20n-buff-none-1", "d20n-buff-none-2", "d20n-buff-none-3"),
    (BUFF, Outcome.MISS, ANY): ("d20n-buff-miss-1", "d20n-buff-miss-2", "d20n-buff-miss-3"),
    (BUFF, Outcome.DODGE, ANY): ("d20n-buff-slip-1", "d20n-buff-slip-2", "d20n-buff-slip-3"),
    (BUFF, Outcome.BLOCK, ANY): ("d20n-buff-block-1", "d20n-buff-block-2", "d20n-buff-block-3"),
    (BUFF, Outcome.PARTIAL_BLOCK, ANY): (
        "d20n-buff-partial-1",
        "d20n-buff-partial-2",
        "d20n-buff-partial-3",
    ),
    (BUFF, Outcome.HIT, ANY): ("d20n-buff-hit-1", "d20n-buff-hit-2", "d20n-buff-hit-3"),
    (BUFF, Outcome.HEAVY_HIT, ANY): ("d20n-buff-heavy-1", "d20n-buff-heavy-2", "d20n-buff-heavy-3"),
    (BUFF, Outcome.STUN_HIT, ANY): ("d20n-buff-stun-1", "d20n-buff-stun-2", "d20n-buff-stun-3"),
    (BUFF, Outcome.CRITICAL, ANY): ("d20n-buff-crit-1", "d20n-buff-crit-2", "d20n-buff-crit-3"),
}
