"""What each ``d20`` class can do in a fight (rulebook: d20 / Class actions).

Martial classes strike. The cleric strikes, casts harmful spells and heals; the paladin strikes
and heals; the wizard casts harmful spells only (rulebook: d20 / Healing: only клирик and
паладин heal); warlock and ranger strike and cast harmful spells. The kind of action changes
no number of the table but a heal's: it makes the story plausible (no barbarian casting ice
needles). A game may let every class do everything (``any_action``, for homebrew groups).
"""

from __future__ import annotations

from rules.d20.character import CharacterClass
from rules.d20.table import AttackKind
from rules.errors import Code, RuleError

PHYSICAL, MAGIC, BUFF = AttackKind.PHYSICAL, AttackKind.MAGIC, AttackKind.BUFF

CLASS_ACTIONS: dict[CharacterClass, tuple[AttackKind, ...]] = {
    CharacterClass.WARLOCK: (PHYSICAL, MAGIC),  # eldritch blasts and the pact blade
    CharacterClass.WIZARD: (MAGIC,),  # damage spells only: a wizard does not heal
    CharacterClass.CLERIC: (PHYSICAL, MAGIC, BUFF),  # the mace, divine wrath and healing
    CharacterClass.MONK: (PHYSICAL,),
    CharacterClass.FIGHTER: (PHYSICAL,),
    CharacterClass.PALADIN: (PHYSICAL, BUFF),  # the sword and laying on of hands
    CharacterClass.RANGER: (PHYSICAL, MAGIC),  # the bow and a few nature spells
    CharacterClass.BARBARIAN: (PHYSICAL,),
}
ALL_ACTIONS = (PHYSICAL, MAGIC, BUFF)
FINISHING = (PHYSICAL, MAGIC)  # a fallen enemy is finished off by a blow or a spell


def actions_of(
    character_class: CharacterClass, *, any_action: bool = False
) -> tuple[AttackKind, ...]:
    """The kinds of action the class may take, in the buttons' order."""
    return ALL_ACTIONS if any_action else CLASS_ACTIONS[character_class]


def finishing_of(
    character_class: CharacterClass, *, any_action: bool = False
) -> tuple[AttackKind, ...]:
    """How the class may finish off a fallen enemy: by a blow, a spell, or either."""
    allowed = actions_of(character_class, any_action=any_action)
    return tuple(kind for kind in FINISHING if kind in allowed)


def check_action(
    name: str, character_class: CharacterClass, kind: AttackKind, *, any_action: bool = False
) -> None:
    """Refuse an action the class does not have (unless the game allows any)."""
    if kind not in actions_of(character_class, any_action=any_action):
        raise RuleError(
            Code.ACTION_UNAVAILABLE, name=name, character_class=character_class, kind=kind
        )
