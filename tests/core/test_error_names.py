"""A refusal never shows a bare `{name}`: without the players' names, a seat is named by number."""

from __future__ import annotations

import pytest

from companion.errors import IllegalMove
from companion.i18n import catalogue, error_text, placeholders

NAMED = sorted(key for key, text in catalogue("en").items() if placeholders(text) & {"name", "owner_name"})


def test_there_are_named_messages_to_check():
    assert len(NAMED) > 5


@pytest.mark.parametrize("key", NAMED)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_named_message_without_names_numbers_the_seat(key, lang):
    wanted = placeholders(catalogue(lang)[key])
    params = {p: 1 for p in wanted if p not in ("name", "owner_name")}
    params |= {"seat": 1, "owner_seat": 0}
    text = error_text(IllegalMove(key, rule="XX-1", **params), lang)
    assert "{" not in text, text
    assert ("Seat 2" if lang == "en" else "2번 자리") in text or "owner_name" in wanted


def test_names_given_by_a_screen_win():
    key = next(k for k in NAMED if "name" in placeholders(catalogue("en")[k]))
    text = error_text(IllegalMove(key, rule="XX-1", seat=0, name="Ana",
                                  **{p: 1 for p in placeholders(catalogue("en")[key]) if p not in ("name", "seat")}))
    assert "Ana" in text and "Seat 1" not in text
