"""Every message of both catalogues, rendered as a player would read it, reads as people write.

Each template is rendered with its counts at 0, 1 and 2 and with names of every kind (Korean
with and without a final consonant, one ending in ㄹ, Latin with and without one), and the
text is checked for what a machine leaves behind:

- a bare `{placeholder}` (a template `t()` could not fill);
- "을(를)"-style particles, or a particle that does not fit the word before it ("민수이", "5을");
- in English, "1 <plurals>" or "2 <singular>" (for the nouns the templates count), "chip(s)", "a orange"
  or "an blue", a title's "The" after a word that already determines the noun ("New The Quacks
  of Quedlinburg match"), and a sentence that starts with a small letter.
"""

from __future__ import annotations

import re
import string
from functools import cache

import pytest

from companion.i18n import LANGUAGES, catalogue, placeholders, t
from companion.i18n.korean import particle

# Placeholders that hold a person's name (or names), and those that hold a word or a code of the
# game (a colour, a chip, a field): every other one holds a number.
NAME_PLACEHOLDERS = {
    "name", "names", "partner", "winner_name", "owner_name", "waiting_name", "start_name", "by", "other",
    "whose",
}
WORD_PLACEHOLDERS = {
    "game", "games", "colour", "colours", "code", "codes", "chip", "card", "field", "fields",
    "detail", "path", "location", "query", "text", "op", "ops", "option", "options", "kind", "kinds", "shape",
    "shapes", "pattern", "phase", "item", "where", "expected", "uid", "why", "what", "choice", "faces", "word",
    "status", "variant", "when", "since", "until", "duration", "action", "allowed", "white", "flask", "behind",
    "lines", "rank", "supported", "version", "known", "scoring", "spaces", "set", "frm", "to", "entered",
}
# Nouns the app counts: "1 <one of these>" is always a mistake ("Seat 1 rolls" is not).
COUNTED = {
    "chips", "coins", "cards", "players", "steps", "pieces", "matches", "rubies", "points", "characters",
    "entries", "events", "rounds", "squares", "seats", "colours", "bytes", "sets", "times", "spaces",
    "rats", "tails", "hands", "games", "wins", "losses", "ties", "rows", "minutes", "hours", "days", "turns",
    "sixes", "faces", "answers", "kinds", "shapes", "patterns", "dealers", "pots", "lines", "digits",
    "throws", "cubes", "tokens", "drops", "places", "teams",  # not "moves", "rolls", "draws": verbs too
}
NAMES = ("민수", "지민", "하늘", "Tom", "Anna")  # no final consonant, ㄴ, ㄹ, Latin ㅁ, Latin vowel
# A Parchís piece is named as the table names it ("Blue 1"; the protocol's "blue.0" is a code)
PIECE_PLACEHOLDERS = {"piece", "victim"}
PIECE = "Blue 1"
GAME = "The Orange Rally"  # a game's name is a title: a capital, its own "The", and "an" once that goes
CARD = "A3"  # a card is named by its code (Çävasie) or its title (a Quacks fortune card)
WORDS = ("orange", "blue")  # a word of the game's own (a colour, a chip) starting with a vowel, then not
COUNTS = (0, 1, 2)
BOTH_FORMS = re.compile(r"[가-힣A-Za-z0-9]\((?:가|이|를|을|는|은|와|과|로|라|나)\)|\((?:으|이)\)[가-힣]")
LEFT_OVER = re.compile(r"\{[a-z_]")  # "{name}", or "{name" t() could not read
PAIRS = ("이/가", "을/를", "은/는", "와/과", "으로/로")
# "{word}가", "「{card}」를": a particle written for one kind of value instead of `{word:이/가}` (after a
# bracket, "경기({game})와", the particle belongs to the word before it)
FIXED_PARTICLE = re.compile(r"\{[a-z_]+\}[」』”’\"]*(?:을|를|이|가|은|는|와|과|으로|로)(?![가-힣])")
VERBS_TOO = {"draws", "moves", "rolls", "takes", "plays"}  # "set 1 draws chips" is right
# "1 chips", "1 more chips" (but the end of a range, "0 to 1 chips", "2–1 chips", is fine)
ONE_PLURAL = re.compile(r"(?<![–\-~/.\d])(?<!to )(?<!and )(?<!or )\b1 "
                        r"(?:(?:more|extra|other|new|result|floor|hand|centre|white|bonus|free|empty|face-down) )?"
                        r"([a-z]+s)\b")
A_VOWEL = re.compile(r"\b[Aa] (?:[aeio]|u(?!ni|se|su)|[AEI]|O(?!ne))[a-z]")
# "a The Orange Rally match": the title's article after one of the sentence's own
DOUBLE_THE = re.compile(r"\b(?:[Aa]n?|[Nn]ew|finished|[Tt]his|[Tt]hat|[Tt]he|[Ee]very|[Nn]o) The\b")
BOTH_PLURALS = re.compile(r"[a-z]\((?:e?s)\)")  # "chip(s)": the count is known, so is the noun
AN_CONSONANT = re.compile(r"\b[Aa]n (?!h(?:our|onest|onou|eir))[bcdfghjklmnpqrstvwxz][a-z]")


def templates(lang: str) -> list[tuple[str, str]]:
    return sorted(catalogue(lang).items())


def renderings(lang: str, key: str, template: str) -> list[tuple[dict[str, object], str]]:
    """The template filled in every way the checks need, each with the values it was given."""
    try:
        names = placeholders(template)
    except ValueError:  # a brace left open: t() shows the template as it is
        return [({}, t(key, lang))]
    if not names:
        return [({}, t(key, lang))]
    def value(name: str, count: int, who: str, word: str) -> object:
        if name in NAME_PLACEHOLDERS:
            return who
        if name == "game":
            return GAME
        if name == "card":
            return CARD
        if name in PIECE_PLACEHOLDERS:
            return PIECE
        return word if name in WORD_PLACEHOLDERS else count

    done = []
    for count in COUNTS:
        for who in NAMES:
            for word in WORDS if count == 1 else WORDS[:1]:
                values = {name: value(name, count, who, word) for name in names}
                done.append((values, t(key, lang, **values)))
    return done


@cache
def counted_nouns() -> dict[str, str]:
    """The nouns English templates count with `{n:noun|nouns}`, singular to plural."""
    nouns = {}
    for template in catalogue("en").values():
        for _, _, spec, _ in string.Formatter().parse(template):
            if spec and "|" in spec and "#" not in spec:
                singular, _, plural = spec.removeprefix("^").partition("|")
                if singular.isalpha() and plural.isalpha():
                    nouns[singular] = plural
    return nouns


def wrong_particles(text: str, values: dict[str, object]) -> list[str]:
    found = []
    for value in {str(v) for v in values.values()}:
        for pair in PAIRS:
            right = particle(value, pair)
            for form in pair.split("/"):
                if form == right or (pair == "으로/로" and form == "로" and right == "으로"):
                    continue
                # the word, the wrong form, then no more Hangul (so "지민이라는" is not "지민이")
                if form != "로" and re.search(re.escape(value) + re.escape(form) + r"(?![가-힣])", text):
                    found.append(value + form)
                if form == "로" and right == "으로" and re.search(re.escape(value) + "로", text):
                    found.append(value + form)
    return found


def problems(lang: str, key: str, template: str) -> list[str]:
    found = []
    if lang == "ko" and FIXED_PARTICLE.search(template):
        found.append(f"a particle that does not follow its value: ko {key}: {template!r}")
    for values, text in renderings(lang, key, template):
        where = f"{lang} {key} {values}: {text!r}"
        if LEFT_OVER.search(text):
            found.append(f"a bare placeholder: {where}")
        if lang == "ko":
            if BOTH_FORMS.search(text):
                found.append(f"both particle forms: {where}")
            for wrong in wrong_particles(text, values):
                found.append(f"particle does not fit {wrong!r}: {where}")
            continue
        for noun in ONE_PLURAL.findall(text):
            if noun in COUNTED or (noun in counted_nouns().values() and noun not in VERBS_TOO):
                found.append(f"1 {noun}: {where}")
        for singular in counted_nouns():
            if re.search(rf"(?<![\d.,])\b[02] {singular}\b", text):
                found.append(f"0/2 {singular}: {where}")
        if BOTH_PLURALS.search(text):
            found.append(f"both singular and plural: {where}")
        if A_VOWEL.search(text) or AN_CONSONANT.search(text):
            found.append(f"a/an: {where}")
        if DOUBLE_THE.search(text):
            found.append(f"a title's 'The' after a determiner: {where}")
        for line in text.splitlines():
            stripped = line.lstrip()
            # a sentence (it ends as one) starts with a capital; a fragment shown inside others may not
            if stripped[:1].islower() and stripped.rstrip().endswith((".", "!", "?")):
                found.append(f"small letter at the start: {where}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_reads_as_written_by_people(lang):
    found = [problem for key, template in templates(lang) for problem in problems(lang, key, template)]
    assert found == [], f"{len(found)} problems:\n" + "\n".join(found[:80])


# -- the checks see what they look for -------------------------------------------------------------
@pytest.mark.parametrize(("lang", "template"), [
    ("ko", "{name}이(가) 굴렸습니다."),
    ("ko", "{name}이 굴렸습니다."),  # a particle written for one kind of name
    ("ko", "{roll}을 굴렸습니다."),
    ("ko", "{to}으로 옮깁니다."),
    ("ko", "이 줄에 {word}가 있습니다."),
    ("ko", "점술 카드 「{card}」를 뽑았습니다."),
    ("en", "Draws {count} chips."),
    ("en", "Drew a {colour} chip."),
    ("en", "{colour} moves first."),
    ("en", "Draws {count:chip|chips}, then {n} chip."),
    ("en", "Draws {count} chip(s)."),
    ("en", "New {game} match."),
    ("en", "This app cannot show a {game} match."),
    ("en", "Ready {name"),  # a template t() cannot fill
])
def test_the_checks_see_each_kind_of_mistake(monkeypatch, lang, template):
    monkeypatch.setitem(catalogue(lang), "test.sample", template)
    assert problems(lang, "test.sample", template), template


@pytest.mark.parametrize(("lang", "template"), [
    ("ko", "{name:이/가} {roll:을/를} 굴려 {to:으로/로} 옮깁니다."),
    ("en", "{name} draws {count:chip|chips} and {colour:a} cube."),
    ("en", "{colour:^} moves first."),
    ("en", "New {game:attr} match. It cannot show {game:a attr} match. Rules of {game}."),
    ("en", "Between {low} and {high} chips."),
])
def test_the_checks_let_good_texts_pass(monkeypatch, lang, template):
    monkeypatch.setitem(catalogue(lang), "test.sample", template)
    assert problems(lang, "test.sample", template) == [], template


RULE_ID = re.compile(r"(?<![A-Z])(?:SN|PA|QK|CV|PG)-\d+(?!\d)")


def test_both_languages_cite_the_same_rules_in_each_message():
    """A Korean line says what its English says: the rule ids each names are the same."""
    ko, en = catalogue("ko"), catalogue("en")
    assert ko.keys() == en.keys()
    differ = [(key, RULE_ID.findall(ko[key]), RULE_ID.findall(en[key])) for key in ko
              if sorted(RULE_ID.findall(ko[key])) != sorted(RULE_ID.findall(en[key]))]
    assert differ == []


def test_a_missing_rule_id_is_seen(monkeypatch):
    monkeypatch.setitem(catalogue("ko"), "parchis_ui.rules.choice_seven", "집이 비어 있으면 6은 7칸입니다.")
    with pytest.raises(AssertionError):
        test_both_languages_cite_the_same_rules_in_each_message()
