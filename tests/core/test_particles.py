"""Korean particles and English counts chosen from the word: the format specs `t()` applies."""

from __future__ import annotations

import pytest

from companion.i18n import joined, render
from companion.i18n.english import article, capitalised, counted
from companion.i18n.korean import PARTICLES, final_consonant, particle


@pytest.mark.parametrize(("word", "subject", "object_", "topic", "with_", "towards"), [
    ("민수", "민수가", "민수를", "민수는", "민수와", "민수로"),  # no final consonant
    ("지민", "지민이", "지민을", "지민은", "지민과", "지민으로"),  # ㄴ
    ("서울", "서울이", "서울을", "서울은", "서울과", "서울로"),  # ㄹ takes 로
    ("부엌", "부엌이", "부엌을", "부엌은", "부엌과", "부엌으로"),
])
def test_hangul_names_take_the_form_of_their_last_syllable(word, subject, object_, topic, with_, towards):
    assert render("{w:이/가}", w=word) == subject
    assert render("{w:을/를}", w=word) == object_
    assert render("{w:은/는}", w=word) == topic
    assert render("{w:와/과}", w=word) == with_
    assert render("{w:으로/로}", w=word) == towards


@pytest.mark.parametrize(("number", "object_", "towards"), [
    (1, "1을", "1로"),  # 일: ㄹ
    (2, "2를", "2로"),  # 이
    (3, "3을", "3으로"),  # 삼
    (4, "4를", "4로"),  # 사
    (5, "5를", "5로"),  # 오
    (6, "6을", "6으로"),  # 육
    (7, "7을", "7로"),  # 칠
    (8, "8을", "8로"),  # 팔
    (9, "9를", "9로"),  # 구
    (0, "0을", "0으로"),  # 영
    (10, "10을", "10으로"),  # 십
    (20, "20을", "20으로"),  # 이십
    (12, "12를", "12로"),  # 십이
    (100, "100을", "100으로"),  # 백
    (1000, "1000을", "1000으로"),  # 천
    (10000, "10000을", "10000으로"),  # 만
    (120000, "120000을", "120000으로"),  # 십이만
    (1005, "1005를", "1005로"),  # 천오
    (2.5, "2.5를", "2.5로"),  # 이 점 오
    ("2.50", "2.50을", "2.50으로"),  # 이 점 오 영
    ("50%", "50%를", "50%로"),  # 퍼센트
    ("W1", "W1을", "W1로"),  # a chip code: 더블유 일
    ("A3", "A3을", "A3으로"),
])
def test_numbers_are_read_as_spoken(number, object_, towards):
    assert render("{n:을/를}", n=number) == object_
    assert render("{n:으로/로}", n=number) == towards


@pytest.mark.parametrize(("name", "subject"), [
    ("Tom", "Tom이"), ("Ben", "Ben이"), ("Paul", "Paul이"), ("King", "King이"),  # 톰 벤 폴 킹
    ("Bob", "Bob이"), ("Jack", "Jack이"), ("Pat", "Pat이"), ("Matt", "Matt이"),  # 밥 잭 팻 맷
    ("Anna", "Anna가"), ("Kate", "Kate가"), ("Max", "Max가"), ("Ted", "Ted가"),  # 애나 케이트 맥스 테드
    ("Peter", "Peter가"), ("Kurt", "Kurt가"), ("Mark", "Mark가"), ("Amy", "Amy가"),  # 피터 커트 마크 에이미
    ("PA", "PA가"), ("CV", "CV가"), ("M", "M이"), ("URL", "URL이"),  # spelled: 피에이, 시브이, 엠, 유알엘
])
def test_latin_names_by_the_documented_rule(name, subject):
    assert render("{n:이/가}", n=name) == subject


def test_closing_quotes_and_brackets_are_skipped():
    assert render("{q:이/가}", q="“경기”") == "“경기”가"
    assert render("{q:이/가}", q="(PA-12)") == "(PA-12)가"  # 십이


def test_a_word_that_cannot_be_read_gets_both_forms():
    assert render("{n:이/가}", n="😀") == "😀이(가)"
    assert final_consonant("") is None


def test_pairs_may_be_written_either_way_round():
    assert particle("민수", "를/을") == particle("민수", "을/를") == "를"
    assert {"이/가", "가/이", "으로/로", "로/으로", "와/과", "과/와"} <= set(PARTICLES)


@pytest.mark.parametrize(("n", "text"), [
    (0, "0 chips"), (1, "1 chip"), (2, "2 chips"), ("1", "1 chip"), (1.5, "1.5 chips"),
])
def test_english_counts(n, text):
    assert counted(n, "chip|chips") == text
    assert render("Draws {n:chip|chips}.", n=n) == f"Draws {text}."


def test_a_count_may_place_its_number_itself():
    assert render("{n:one more chip|# more chips}", n=1) == "one more chip"
    assert render("{n:one more chip|# more chips}", n=3) == "3 more chips"


@pytest.mark.parametrize(("word", "text"), [
    ("orange", "an orange"), ("blue", "a blue"), ("hour", "an hour"), ("unit", "a unit"),
    ("one", "a one"), ("8", "an 8"), ("11", "an 11"), ("18", "an 18"), ("1", "a 1"), ("F", "an F"), ("B", "a B"),
])
def test_english_articles_by_sound(word, text):
    assert render("{w:a}", w=word) == text
    assert article(word) == text.split()[0]


def test_a_capital_at_the_start():
    assert render("{w:^a} chip.", w="orange") == "An orange chip."
    assert render("{w:^} moves.", w="red") == "Red moves."
    assert capitalised("“red”") == "“Red”"
    assert capitalised("3 red") == "3 red"  # a number starts the line: nothing to capitalise


def test_a_title_in_front_of_a_noun_loses_its_the():
    assert render("New {g:attr} match", g="The Quacks of Quedlinburg") == "New Quacks of Quedlinburg match"
    assert render("cannot show {g:a attr} match", g="The Orange Rally") == "cannot show an Orange Rally match"
    assert render("{g:^a attr} match", g="Bell's Senet") == "A Bell's Senet match"
    assert render("Rules of {g}", g="The Quacks of Quedlinburg") == "Rules of The Quacks of Quedlinburg"


def test_python_format_specs_still_work():
    assert joined(0.256, ".1%") == "25.6%"
    assert joined("x", "^5") == "  x  "
    assert render("{v:.2f}", v=1.5) == "1.50"
