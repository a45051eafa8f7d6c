"""The d20 narrative (rulebook: d20 / Narrative): eight variants for every story family, in
both locales, each using only the arguments the view passes; words agree with women; a slight
or arcane defender never blocks a blow with a staff; the crit's headline is not repeated; no
variant contradicts a case its family is chosen for (a fall, a target still up, a critical
that takes nothing)."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource

from bot.views.d20_turns import VARIANTS, variant_id
from rules.d20 import (
    FAMILIES,
    AttackKind,
    CharacterClass,
    D20Character,
    Race,
    attack,
    finish_key,
    start_battle,
    story_key,
)
from rules.d20 import VARIANTS as COUNT
from rules.d20.battle import set_character
from rules.dice import ScriptedDice

LOCALES = Path(__file__).resolve().parents[2] / "locales"
NAMES = {"attacker": "Атакующий", "target": "Цель", "ally": "Соратник"}
HE = {"attacker_gender": "m", "target_gender": "m"}
SHE = {"attacker_gender": "f", "target_gender": "f"}
PASSED = {*NAMES, *HE}  # what bot.views.d20_turns.narrative passes every line
# Masculine words about a character: none may be left when both are women.
MASCULINE = re.compile(
    r"\b(противник(а|у|ом)?|павш(его|ему|им|ий)|бойца|сам(ого)? заклинател[ья]|заклинател(я|ем)"
    r"|стоял|нападавшего|нападающего|у него|сам себя|поверженному|соратника|целый|невредимый"
    r"|готов|покрытый|как был|неуязвимым)\b",
    re.IGNORECASE,
)
VARIABLE = re.compile(r"\$([a-z_]+)")


def _bundle(locale: str) -> FluentBundle:
    bundle = FluentBundle([locale], use_isolating=False)
    for path in sorted((LOCALES / locale).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


BUNDLES = {locale: _bundle(locale) for locale in ("ru", "en")}
SOURCES = {
    locale: (LOCALES / locale / "d20_narrative.ftl").read_text(encoding="utf-8")
    for locale in ("ru", "en")
}


def _render(locale: str, msg_id: str, genders: dict[str, str] = HE) -> str:
    bundle = BUNDLES[locale]
    assert bundle.has_message(msg_id), (locale, msg_id)
    message = bundle.get_message(msg_id)
    assert message.value is not None
    text, errors = bundle.format_pattern(message.value, {**NAMES, **genders})
    assert errors == [], (locale, msg_id, errors)
    return str(text)


def _source(locale: str, msg_id: str) -> str:
    """The message's text in the .ftl, up to the next message."""
    found = re.search(rf"^{msg_id} =(.*?)(?=^\S|\Z)", SOURCES[locale], re.M | re.S)
    assert found, (locale, msg_id)
    return found.group(1)


def test_every_family_has_eight_distinct_variant_ids() -> None:
    assert set(VARIANTS) == set(FAMILIES)
    ids = [msg_id for variants in VARIANTS.values() for msg_id in variants]
    assert len(ids) == len(set(ids)) == len(FAMILIES) * COUNT
    assert all(len(variants) >= 8 for variants in VARIANTS.values())
    assert variant_id("phys-crit", 7) == "d20n-phys-crit-8"


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_every_variant_renders_with_only_what_the_view_passes(locale: str) -> None:
    declared = set(re.findall(r"^(d20n-[a-z0-9-]+) =", SOURCES[locale], re.M))
    assert declared == {msg_id for variants in VARIANTS.values() for msg_id in variants}
    for family, variants in VARIANTS.items():
        texts = [_render(locale, msg_id) for msg_id in variants]
        assert len(set(texts)) == len(texts) >= 8, family
        for msg_id, text in zip(variants, texts, strict=True):
            assert set(VARIABLE.findall(_source(locale, msg_id))) <= PASSED, msg_id
            assert "{" not in text and "$" not in text, (msg_id, text)
            if family.endswith("-ally"):  # the die's line names only who was struck
                assert NAMES["ally"] in text, msg_id


def test_words_about_women_agree_with_them() -> None:
    assert MASCULINE.search("чувствует себя неуязвимым")  # the check sees a masculine word
    agreeing = 0
    for variants in VARIANTS.values():
        for msg_id in variants:
            she, he = _render("ru", msg_id, SHE), _render("ru", msg_id, HE)
            assert not MASCULINE.search(she), (msg_id, she)
            agreeing += she != he
    assert agreeing >= 40  # the lines with a selector: see locales/ru/d20_narrative.ftl


def test_no_word_agrees_with_an_ally_whose_gender_is_not_passed() -> None:
    """The view passes no ally's gender: a struck ally is named, never agreed with («задевает
    своего» was about a man only); and a feeling is «неуязвимым», never the adverb."""
    for variants in VARIANTS.values():
        for msg_id in variants:
            text = _render("ru", msg_id, SHE)
            assert not re.search(r"\bсвоего\b|\bнеуязвимо\b", text), (msg_id, text)


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_a_slight_or_arcane_defender_never_blocks_a_blow_with_a_staff(locale: str) -> None:
    """The seed: "an elf mage blocks a half-orc barbarian's axe with a staff" is implausible."""
    forbidden = {"ru": ("посох", "блок", "парир", "наруч"), "en": ("staff", "block", "parr")}
    for family in ("phys-block-ward", "phys-partial-ward", "phys-block-evade"):
        for msg_id in VARIANTS[family]:
            text = _render(locale, msg_id).lower()
            assert not any(word in text for word in forbidden[locale]), (msg_id, text)


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_the_crit_headline_is_left_to_the_die_line(locale: str) -> None:
    headline = {"ru": "критическ", "en": "critical"}[locale]
    for family in ("phys-crit", "magic-crit", "buff-crit"):
        for msg_id in VARIANTS[family]:
            assert headline not in _render(locale, msg_id).lower(), msg_id


# What each case of an outcome forbids its narrative to say (stems, lower case): a line told
# for a case must not contradict the numbers the die's line shows next to it.
OUT = {  # the struck goes down and out
    "ru": (
        "выпрямля",
        "поднимается",
        "поднимаясь",
        "встаёт",
        "вскакива",
        "устоя",
        "устои",
        "на ногах",
        "держится",
        "удерживает",
        "выравнива",
        "не отступает",
        "в строю",
        "ещё стоит",
        "усмеха",
        "отделывается",
        "пустяк",
        "царапин",
        "неопасн",
        "не опасно",
        "стряхива",
        "переводит дух",
    ),
    "en": (
        "straighten",
        "gets up",
        "get up",
        "rises",
        "rising",
        "springs up",
        "stays up",
        "standing",
        "still stands",
        "on their feet",
        "keeps",
        "steadies",
        "holds",
        "recovers",
        "back in",
        "grin",
        "gets away with",
        "nothing to",
        "scratch",
        "harmless",
        "not dangerous",
        "shakes it off",
        "catches their breath",
    ),
}
UP = {  # the struck is still up (hurt, or not hurt at all)
    "ru": (
        "выбывает",
        "замертво",
        "без сознания",
        "теряет сознание",
        "без чувств",
        "не поднимется",
        "навсегда",
        "бездыхан",
        "больше не встан",
        "падает без сил",
    ),
    "en": (
        "out of the fight",
        "unconscious",
        "senseless",
        "for good",
        "lifeless",
        "never rise",
        "never get up",
        "last breath",
    ),
}
SPENT = {  # a critical against 1 HP: nothing is taken
    "ru": ("рану", "рана", "ранит", "кров", "половин", "костр", "кричит", "стонет", "боли"),
    "en": ("wound", "blood", "half", "campfire", "cries out", "scream", "groan", "pain"),
}
# A critical at half HP or less: down to 1, not "half the strength".
TO_ONE = {"ru": ("половин",), "en": ("half the", "half their", "half of")}
FORBIDDEN = {"falls": OUT, "stands": UP, "unhurt": UP, "spent": SPENT, "to-one": TO_ONE}


def _cases() -> dict[str, set[str]]:
    """Every story family with every case the bot chooses it for, from the rules' own attacks:
    each die of each kind by a few builds on a few builds, the target at each HP that matters,
    the attacker and an ally low enough (or not) for a misfire to fell them."""
    builds = [
        (CharacterClass.FIGHTER, None),
        (CharacterClass.BARBARIAN, Race.HALF_ORC),
        (CharacterClass.MONK, Race.HALFLING),
    ]
    targets = [
        (CharacterClass.WIZARD, None),
        (CharacterClass.CLERIC, None),
        (CharacterClass.MONK, Race.HALFLING),
        (CharacterClass.MONK, None),
        (CharacterClass.PALADIN, Race.DWARF),
    ]
    cases = {finish_key(kind): {"finish"} for kind in (AttackKind.PHYSICAL, AttackKind.MAGIC)}
    hps = product((1, 2, 16), (0, 1, 16), (1, 2, 3, 4, 5, 6, 7, 8, 12))  # attacker, ally, target
    for (a_class, a_race), (t_class, t_race), (a_hp, ally_hp, t_hp) in product(
        builds, targets, hps
    ):
        attacker = D20Character("А", a_class, a_hp, race=a_race)
        target = D20Character("Б", t_class, t_hp, race=t_race)
        fighters = [(attacker, "a"), (target, "b")]
        if ally_hp:
            fighters.append((D20Character("В", CharacterClass.CLERIC, ally_hp), "a"))
        battle = start_battle(fighters, ScriptedDice({20: [3, 2, 1][: len(fighters)]}))
        aims = [(battle, target, AttackKind.PHYSICAL), (battle, target, AttackKind.MAGIC)]
        aims.append((battle, attacker, AttackKind.BUFF))
        if ally_hp:  # heal the ally: hurt, whole, or fallen (raised by 12 and up)
            ally = battle.combatant("В").character
            down = set_character(battle, replace(ally, hp=0))
            aims += [(battle, ally, AttackKind.BUFF), (down, replace(ally, hp=0), AttackKind.BUFF)]
        for (fight, aimed, kind), die in product(aims, range(1, 21)):
            _, report = attack(fight, "А", aimed.name, kind, ScriptedDice({20: [die]}))
            tags = cases.setdefault(story_key(report, attacker, aimed), set())
            if report.struck is None:
                tags.add("unhurt")
            elif report.fell:
                tags.add("falls")
            elif report.hp_before == report.hp_after:
                tags.add("spent")
            else:
                tags.add("stands")
            if report.effect.critical and report.hp_after == 1 != report.hp_before:
                tags.add("halved" if report.hp_before == 2 else "to-one")
            if report.lost_turn == "Б":
                tags.add("stunned")
    return cases


CASES = _cases()


def test_every_family_is_chosen_for_some_case() -> None:
    assert set(CASES) == set(FAMILIES)
    assert CASES["phys-hit-minor"] == {"stands"} and CASES["phys-hit-minor-fall"] == {"falls"}
    assert CASES["phys-heavy-fall"] == {"falls"}  # an 18 or a 19 that fells: no lost turn
    assert CASES["magic-stun"] == {"stands", "stunned"}
    assert CASES["phys-crit"] == {"stands", "halved", "to-one"}
    assert CASES["phys-crit-spent"] == {"spent"}
    assert CASES["phys-self"] == CASES["magic-ally"] == {"stands", "falls"}


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_no_variant_contradicts_a_case_it_is_told_for(locale: str) -> None:
    """rulebook: d20 / Narrative: every line of a family is true of every case the family is
    chosen for. A fall forbids "straightens up"; a blow that leaves one standing forbids "out
    of the fight"; a critical that takes nothing forbids wounds and blood."""
    wrong = []
    for family, tags in sorted(CASES.items()):
        for msg_id in VARIANTS[family]:
            for genders in (HE, SHE):
                text = _render(locale, msg_id, genders).lower()
                for tag in sorted(tags & set(FORBIDDEN)):
                    said = [p for p in FORBIDDEN[tag][locale] if p in text]
                    if said:
                        wrong.append(f"{msg_id} ({tag}): {said}: {text}")
    assert wrong == [], "\n".join(sorted(set(wrong)))


def test_the_contradiction_check_catches_the_issue_lines() -> None:
    """The lines that once told a fall as a recovery, and a spent critical as a legend."""
    up = "Тычок под рёбра выбивает воздух: Цель на миг сгибается, но тут же выпрямляется."
    legend = "Атакующий бьёт навстречу — удар, о котором будут рассказывать у костров."
    assert [p for p in OUT["ru"] if p in up.lower()] == ["выпрямля"]
    assert [p for p in SPENT["ru"] if p in legend.lower()] == ["костр"]
