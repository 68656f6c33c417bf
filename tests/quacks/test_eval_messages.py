"""The evaluation's messages: every id the code raises is in both catalogues (and no id is
left unused), every refusal of a move names its rule, and the texts fill in cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import IllegalMove
from companion.i18n import catalogue, placeholders
from companion.quacks.evaluation import evaluate_round
from companion.quacks.evaluation_types import Answers
from tests.quacks.test_eval_support import QUIET, player, setup

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "companion" / "quacks" / name for name in
           ("evaluation.py", "evaluation_effects.py", "evaluation_types.py", "evaluate_protocol.py")]
COLOUR_IDS = {"not_asked_": ("green", "purple"), "unsupported_": ("green", "purple", "blue", "red")}


def used_ids() -> set[str]:
    ids: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'"(quacks\.eval\.[a-z0-9_]+)"', text))
        ids |= {f"quacks.eval.{name}" for name in re.findall(r'_illegal\("([a-z0-9_]+)"', text)}
        for stem, colours in COLOUR_IDS.items():
            if f'f"quacks.eval.{stem}{{colour}}"' in text:
                ids |= {f"quacks.eval.{stem}{colour}" for colour in colours}
    return ids


def test_every_message_id_is_in_both_catalogues_and_every_catalogue_id_is_used():
    en = {k for k in catalogue("en") if k.startswith("quacks.eval.")}
    ko = {k for k in catalogue("ko") if k.startswith("quacks.eval.")}
    assert en == ko
    assert used_ids() == en


def test_korean_texts_are_korean_and_keep_the_placeholders():
    en, ko = catalogue("en"), catalogue("ko")
    for key in (k for k in en if k.startswith("quacks.eval.")):
        assert placeholders(en[key]) == placeholders(ko[key]), key
        assert re.search("[\uac00-\ud7a3]", ko[key]), key


def test_every_illegal_move_in_the_evaluation_names_a_rule():
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for call in re.findall(r"IllegalMove\((.*?)\)", text, flags=re.S):
            assert "rule=" in call, (path.name, call)
        for call in re.findall(r'_illegal\("[a-z0-9_]+", "([A-Z]+-\d+)"', text):
            assert re.fullmatch(r"QK-\d+", call)


def test_a_refusal_reads_in_both_languages_with_the_seat_and_the_rule():
    with pytest.raises(IllegalMove) as caught:
        evaluate_round(setup(), [player("O1@5"), player(QUIET, exploded=True)],
                       [Answers(die=("1vp",), buy=("K1",)), Answers(choice="vp")])
    assert caught.value.message("en") == "Seat 1 tries to spend 10 coins but has only 6. (QK-14)"
    assert caught.value.message("ko") == "1번 자리가 동전 10개를 쓰려고 하지만 6개밖에 없습니다. (QK-14)"
