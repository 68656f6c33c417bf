"""Korean words are kept whole when a line wraps: a word joiner between the letters of a word,
put in where a control goes to the client, never in what a screen reader reads or a player copies."""

from __future__ import annotations

import flet as ft

from views.words import WORD_JOINER, install, keep_words, plain

J = WORD_JOINER


def test_letters_of_a_korean_word_are_joined_and_spaces_stay_break_points():
    assert keep_words("확인합니다") == J.join("확인합니다")
    assert keep_words("새 경기") == f"새 경{J}기"
    assert keep_words("6의 벌칙") == f"6{J}의 벌{J}칙"  # a number and its particle are one word
    assert keep_words("Ana가 던진 수: 3.") == f"Ana{J}가 던{J}진 수: 3."  # Latin letters never break apart
    assert keep_words("규칙(PA-12)") == f"규{J}칙(PA-12)"  # punctuation breaks as before


def test_joining_twice_changes_nothing_and_plain_gives_the_text_back():
    for text in ("주머니와 냄비를 칩 하나까지", "English only", "", "PA-12 규칙"):
        assert keep_words(keep_words(text)) == keep_words(text)
        assert plain(keep_words(text)) == text
    assert keep_words("Ten chips left") == "Ten chips left"  # no Hangul: untouched


def sent(control: ft.BaseControl) -> ft.BaseControl:
    """`control` as it goes to the client (Flet calls before_update for that)."""
    install()
    control.before_update()
    return control


def test_a_korean_text_is_sent_joined_and_read_aloud_as_written():
    text = sent(ft.Text("모든 수를 확인합니다."))
    assert text.value == keep_words("모든 수를 확인합니다.") != "모든 수를 확인합니다."
    assert text.semantics_label == "모든 수를 확인합니다."
    again = sent(text)  # a second update of the same control
    assert (again.value, again.semantics_label) == (keep_words("모든 수를 확인합니다."), "모든 수를 확인합니다.")


def test_a_text_changed_in_place_gets_its_new_label():
    text = sent(ft.Text("첫 줄"))
    text.value = "둘째 줄"
    sent(text)
    assert (text.value, text.semantics_label) == (keep_words("둘째 줄"), "둘째 줄")


def test_a_label_the_screen_chose_stays():
    text = sent(ft.Text("3번 칸", semantics_label="3번 칸: Ana의 말"))
    assert text.semantics_label == "3번 칸: Ana의 말" and text.value == keep_words("3번 칸")


def test_selectable_text_and_english_are_left_alone():
    code = sent(ft.Text("경기 코드 ABC", selectable=True))
    assert code.value == "경기 코드 ABC" and code.semantics_label is None
    english = sent(ft.Text("New match"))
    assert english.value == "New match" and english.semantics_label is None


def test_a_button_with_korean_words_shows_them_whole_and_keeps_its_name():
    for kind in (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.Button):
        button = sent(kind(content="새 벨의 세네트 경기"))
        assert isinstance(button.content, ft.Text), kind
        assert button.content.value == keep_words("새 벨의 세네트 경기")
        assert button.content.semantics_label == "새 벨의 세네트 경기"
    assert sent(ft.FilledButton(content="Start")).content == "Start"
