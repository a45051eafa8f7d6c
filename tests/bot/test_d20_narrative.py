"""The d20 narrative: at least three variants for every outcome, kind and class family, in
both locales, each rendering with the names filled in; the family fits the classes involved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource

from bot.views.d20_narrative import family_key, finish_key, variant_id
from bot.views.d20_variants import VARIANTS
from rules.d20 import AttackKind, CharacterClass, Outcome, attack_effect

LOCALES = Path(__file__).resolve().parents[2] / "locales"
NAMES = {"attacker": "Атакующий", "target": "Цель", "ally": "Соратник"}
HE = {"attacker_gender": "m", "target_gender": "m"}
SHE = {"attacker_gender": "f", "target_gender": "f"}
# Masculine words about a character: none may be left when both are women.
MASCULINE = re.compile(
    r"\b(противник(а|у|ом)?|павш(его|ему|им)|бойца|самого заклинателя|стоял)\b", re.IGNORECASE
)
HARMFUL = (AttackKind.PHYSICAL, AttackKind.MAGIC)


def _bundle(locale: str) -> FluentBundle:
    bundle = FluentBundle([locale], use_isolating=False)
    for path in sorted((LOCALES / locale).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


BUNDLES = {locale: _bundle(locale) for locale in ("ru", "en")}


def _render(locale: str, msg_id: str, genders: dict[str, str] = HE) -> str:
    bundle = BUNDLES[locale]
    assert bundle.has_message(msg_id), (locale, msg_id)
    message = bundle.get_message(msg_id)
    assert message.value is not None
    text, errors = bundle.format_pattern(message.value, {**NAMES, **genders})
    assert errors == [], (locale, msg_id, errors)
    return str(text)


def test_every_family_has_at_least_three_distinct_variants() -> None:
    ids = [msg_id for variants in VARIANTS.values() for msg_id in variants]
    assert len(ids) == len(set(ids))
    for key, variants in VARIANTS.items():
        assert len(variants) >= 3, key


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_every_variant_renders_with_the_names_filled_in(locale: str) -> None:
    for (_, outcome, _), variants in VARIANTS.items():
        texts = [_render(locale, msg_id) for msg_id in variants]
        assert len(set(texts)) == len(texts), variants
        for msg_id, text in zip(variants, texts, strict=True):
            assert "{" not in text and "$" not in text, (msg_id, text)
            assert any(name in text for name in NAMES.values()), (msg_id, text)
            if outcome == Outcome.ALLY_HIT:
                assert NAMES["ally"] in text, msg_id


def test_words_about_women_agree_with_them() -> None:
    agreeing = 0
    for variants in VARIANTS.values():
        for msg_id in variants:
            she, he = _render("ru", msg_id, SHE), _render("ru", msg_id, HE)
            assert not MASCULINE.search(she), (msg_id, she)
            agreeing += she != he
    assert agreeing == 14  # the lines with a selector: see locales/ru/d20_narrative.ftl


@pytest.mark.parametrize("kind", list(AttackKind))
@pytest.mark.parametrize("has_ally", [True, False])
def test_every_die_and_class_has_a_family(kind: AttackKind, has_ally: bool) -> None:
    for die in range(1, 21):
        effect = attack_effect(die, kind, has_ally=has_ally)
        for target in CharacterClass:
            key = family_key(kind, effect.outcome, target, effect.target_damage)
            assert key in VARIANTS, (die, kind, target, key)
    if kind is not AttackKind.BUFF:
        assert finish_key(kind) in VARIANTS


@pytest.mark.parametrize("kind", HARMFUL)
def test_blocks_depend_on_who_defends(kind: AttackKind) -> None:
    families = {
        CharacterClass.WARLOCK: "frail",
        CharacterClass.WIZARD: "frail",
        CharacterClass.CLERIC: "agile",
        CharacterClass.MONK: "agile",
        CharacterClass.RANGER: "agile",
        CharacterClass.FIGHTER: "heavy",
        CharacterClass.PALADIN: "heavy",
        CharacterClass.BARBARIAN: "heavy",
    }
    for outcome in (Outcome.BLOCK, Outcome.PARTIAL_BLOCK):
        for target, family in families.items():
            assert family_key(kind, outcome, target) == (kind, outcome.value, family)
    # Dodges, misses and hits read the same whoever defends.
    assert family_key(kind, Outcome.DODGE, CharacterClass.WIZARD) == (kind, "dodge", "")


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_a_frail_caster_never_blocks_or_parries_a_blow(locale: str) -> None:
    """rulebook: d20 / Attacks: "a mage blocks a half-orc's axe with a staff" is implausible."""
    forbidden = {"ru": ("посох", "блок", "парир", "наруч"), "en": ("staff", "block", "parr")}
    for outcome in (Outcome.BLOCK, Outcome.PARTIAL_BLOCK):
        for msg_id in VARIANTS[(AttackKind.PHYSICAL, outcome.value, "frail")]:
            text = _render(locale, msg_id).lower()
            assert not any(word in text for word in forbidden[locale]), (msg_id, text)


def test_hits_follow_the_seed_damage_bands() -> None:
    bands = {1: "hit_minor", 2: "hit_minor", 3: "hit_light", 4: "hit_light", 5: "hit_medium"}
    for damage, band in {**bands, 6: "hit_medium"}.items():
        key = family_key(AttackKind.MAGIC, Outcome.HIT, CharacterClass.MONK, damage)
        assert key == (AttackKind.MAGIC, band, "")


def test_the_variant_cycles_with_the_index() -> None:
    key = (AttackKind.PHYSICAL, Outcome.CRITICAL.value, "")
    chosen = [variant_id(key, index) for index in range(6)]
    assert chosen == [*VARIANTS[key], *VARIANTS[key]]
