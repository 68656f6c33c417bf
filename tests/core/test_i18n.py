"""The translation layer: both catalogues complete and consistent."""

import re
import string
from pathlib import Path

import pytest

from companion.errors import IllegalMove
from companion.i18n import LANGUAGES, catalogue, placeholders, t
from companion.i18n.korean import PARTICLES

ROOT = Path(__file__).resolve().parents[2]


def test_korean_is_the_default_language():
    assert t("app.title") == catalogue("ko")["app.title"]


def test_every_key_exists_in_every_language_with_the_same_placeholders():
    ko, en = catalogue("ko"), catalogue("en")
    assert set(ko) == set(en), set(ko) ^ set(en)
    mismatched = {k for k in ko if placeholders(ko[k]) != placeholders(en[k])}
    assert mismatched == set()


def test_no_catalogue_value_is_empty_and_korean_is_korean():
    ko = catalogue("ko")
    assert all(v.strip() for v in ko.values())
    hangul = [k for k, v in ko.items() if any("\uac00" <= ch <= "\ud7a3" for ch in v)]
    assert len(hangul) > 0.8 * len(ko)  # a few ids (names, codes) may be Latin


def test_parameters_are_filled_in():
    assert "7" in t("protocol.out_of_range", "en", field="throw", value=7, low=1, high=4)


def test_an_unknown_key_shows_itself_instead_of_crashing():
    assert t("no.such.key", "en") == "no.such.key"


def test_error_text_appends_the_rule_id():
    error = IllegalMove("protocol.missing_field", rule="SN-5", field="x")
    assert error.message("en").endswith("(SN-5)")
    assert error.message("ko").endswith("(SN-5)")


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        catalogue("fr")


BOTH_FORMS = re.compile(r"[가-힣]\((?:가|이|를|을|는|은|와|과|로|라|나)\)|\((?:으|이)\)[가-힣]")


def test_no_korean_template_writes_both_particle_forms():
    """"5을(를)" is a form for a machine: the particle comes from the word (`{n:을/를}`)."""
    both = {key: text for key, text in catalogue("ko").items() if BOTH_FORMS.search(text)}
    assert both == {}


def test_the_check_for_both_forms_sees_them():
    assert all(BOTH_FORMS.search(text) for text in ("5을(를)", "민수이(가)", "집(으)로", "{game}(이)라는"))
    assert not any(BOTH_FORMS.search(text) for text in ("{n:을/를}", "던진 수(1–4)", "PA-12(출발 칸)"))


def test_every_format_spec_in_the_catalogues_is_one_t_knows():
    known = set(PARTICLES)
    english = ("a", "attr", "a attr")
    for lang in LANGUAGES:
        for key, template in catalogue(lang).items():
            for _, name, spec, _ in string.Formatter().parse(template):
                if name and spec:
                    rest = spec.removeprefix("^")
                    assert rest in known or "|" in rest or rest in (*english, ""), (lang, key, spec)
                    if lang == "ko":
                        assert "|" not in rest and rest not in english, (key, "an English spec in Korean")


def test_no_message_shows_markdown_backticks():
    """Text controls show a backtick as a backtick: a command is written out plainly."""
    assert [key for lang in LANGUAGES for key, text in catalogue(lang).items() if "`" in text] == []
