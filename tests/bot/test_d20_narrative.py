"""The d20 narrative (rulebook: d20 / Narrative): eight variants for every story family, in
both locales, each using only the arguments the view passes; words agree with women; a slight
or arcane defender never blocks a blow with a staff; the crit's headline is not repeated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource

from bot.views.d20_variants import VARIANTS, variant_id
from rules.d20 import FAMILIES
from rules.d20 import VARIANTS as COUNT

LOCALES = Path(__file__).resolve().parents[2] / "locales"
NAMES = {"attacker": "Атакующий", "target": "Цель", "ally": "Соратник"}
HE = {"attacker_gender": "m", "target_gender": "m"}
SHE = {"attacker_gender": "f", "target_gender": "f"}
PASSED = {*NAMES, *HE}  # what bot.views.d20_narrative.narrative passes every line
# Masculine words about a character: none may be left when both are women.
MASCULINE = re.compile(
    r"\b(противник(а|у|ом)?|павш(его|ему|им|ий)|бойца|сам(ого)? заклинател[ья]|заклинател(я|ем)"
    r"|стоял|нападавшего|нападающего|у него|сам себя|поверженному|соратника|целый|невредимый"
    r"|готов|покрытый|как был)\b",
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
    agreeing = 0
    for variants in VARIANTS.values():
        for msg_id in variants:
            she, he = _render("ru", msg_id, SHE), _render("ru", msg_id, HE)
            assert not MASCULINE.search(she), (msg_id, she)
            agreeing += she != he
    assert agreeing >= 40  # the lines with a selector: see locales/ru/d20_narrative.ftl


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
