"""Sample arguments for rendering every locale message: names that would decline, both genders,
and a plausible value for every other variable, chosen by its name (as the bot fills it)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Html
from tests.locales.sample_values import NUMBERS, OVERRIDES, PERSON, TEXTS
from tests.locales.variants import Case, Shape, Value, is_gender

# Two characters whose names Russian would decline, and two more for a third or fourth person.
NAMES = {
    "ru": {"m": ("Бронн", "Сандор"), "f": ("Аня Ветер", "Мирра")},
    "en": {"m": ("Bronn", "Sandor"), "f": ("Anya Veter", "Mirra")},
}
GENDER_WORDS = {"ru": {"m": "мужчина", "f": "женщина"}, "en": {"m": "man", "f": "woman"}}

# Variables holding one character's (or user's) name.
PEOPLE = frozenset(
    {
        "name", "who", "attacker", "target", "opener", "struck", "winner", "loser", "challenger",
        "opponent", "defender", "sleeper", "guard", "actor", "ally", "other", "player", "user",
        "fighter", "chooser", "owner", "mention", "victim", "killer", "healer", "gm", "master",
        "answerer",
    }
)  # fmt: skip


def _person(msg_id: str, name: str) -> bool:
    return OVERRIDES.get((msg_id, name)) == PERSON or (
        (msg_id, name) not in OVERRIDES and (name in PEOPLE or name.endswith("_name"))
    )


def people(msg_id: str, shape: Shape) -> list[str]:
    return [name for name in shape.variables if _person(msg_id, name)]


def owner(shape: Shape, gender: str, persons: list[str]) -> str | None:
    """The person a gender variable agrees with: ``x_gender`` -> ``x``; a bare ``gender``, the
    person named last before its selector (else the first one)."""
    if gender != "gender":
        base = gender.removesuffix("_gender")
        return base if base in persons else None
    at = shape.gender_at.get(gender, len(shape.order))
    before = [name for name in shape.order[:at] if name in persons]
    return before[-1] if before else (persons[0] if persons else None)


def genders(shape: Shape, case: Case, persons: list[str], index: int) -> dict[str, str]:
    """Each person's gender in one rendering: fixed by the case's gender selectors, the others
    alternating, so that two people side by side are a man and a woman."""
    fixed = {}
    for name in shape.variables:
        person = owner(shape, name, persons) if is_gender(name) else None
        if person is not None and isinstance(case.get(name), str):
            fixed[person] = str(case[name])
    phase = index % 2
    for slot, person in enumerate(persons):
        if person in fixed:
            phase = (slot + (fixed[person] == "f")) % 2
            break
    return {p: fixed.get(p, "mf"[(slot + phase) % 2]) for slot, p in enumerate(persons)}


def arguments(locale: str, msg_id: str, shape: Shape, case: Case, index: int) -> dict[str, Value]:
    """The arguments of one rendering: the case's selector values, then samples."""
    persons = people(msg_id, shape)
    gender_of = genders(shape, case, persons, index)
    used = {"m": 0, "f": 0}
    args: dict[str, Value] = {}
    for person in persons:
        gender = gender_of[person]
        args[person] = NAMES[locale][gender][used[gender] % 2]
        used[gender] += 1
    for name in shape.variables:
        if name in case:
            args[name] = case[name]
        elif is_gender(name):
            agrees_with = owner(shape, name, persons) or ""
            args[name] = GENDER_WORDS[locale][gender_of.get(agrees_with, "m")]
        elif name not in args:
            args[name] = sample(locale, msg_id, name, shape.numbers)
    return args


def sample(locale: str, msg_id: str, name: str, numbers: set[str]) -> Value:
    chosen = OVERRIDES.get((msg_id, name))
    if chosen is None:
        chosen = NUMBERS.get(name) if name in numbers or name not in TEXTS else None
        chosen = TEXTS.get(name) if chosen is None else chosen
    if isinstance(chosen, tuple):
        text = str(chosen[0] if locale == "ru" else chosen[1])
        return Html(text) if "<" in text else text  # the bot passes such parts already as HTML
    if isinstance(chosen, int | str):
        return chosen
    return f"‹{name}›"


def case_label(case: Mapping[str, Value]) -> str:
    return " ".join(f"{name}={value}" for name, value in case.items())
