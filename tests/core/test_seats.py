"""Issue 13, every game: a refusal names a seat by one number, counted from 1, in the protocol's
words and at the table alike (companion.seats; error_text)."""

from __future__ import annotations

import re

import pytest

from companion.errors import GameOver, IllegalMove
from companion.i18n import error_text, seat_words
from companion.seats import table_form


def numbers(text: str) -> list[str]:
    """The numbers a sentence says, its rule id left out."""
    return re.findall(r"\d+", re.sub(r"\([A-Z]{2}-\d+\)", "", text))


def test_the_first_seat_is_seat_1_in_every_language():
    assert seat_words(0, "en") == "Seat 1" and seat_words(0, "ko") == "1번 자리"


@pytest.mark.parametrize(("plain", "named"), [
    (IllegalMove("pig.hold_nothing", rule="PG-4", seat=0), IllegalMove("pig.hold_nothing_named", rule="PG-4", seat=0)),
    (GameOver("pig.game_over", rule="PG-5", seat=1), GameOver("pig.game_over_named", rule="PG-5", seat=1)),
    (IllegalMove("quacks.match.not_start_player", rule="QK-4", seat=0, start_seat=2),
     IllegalMove("quacks.match.not_start_player_named", rule="QK-4", seat=0, start_seat=2)),
    (IllegalMove("quacks.match.wait_evaluation", rule="QK-14", seat=2, step="D", waiting_seat=0),
     IllegalMove("quacks.match.wait_evaluation_named", rule="QK-14", seat=2, step="D", waiting_seat=0)),
])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_seat_has_one_number_in_the_protocols_words_and_at_the_table(plain, named, lang):
    """The issue's example: `pig.hold_nothing` with seat 0 said "Seat 0", its named form "Seat 1"."""
    assert numbers(error_text(plain, lang)) == numbers(error_text(named, lang))
    assert "0" not in numbers(error_text(plain, lang))  # no seat reads 0


def test_the_screen_puts_the_players_names_in():
    refused = IllegalMove("quacks.match.not_start_player_named", rule="QK-4", seat=0, start_seat=2)
    assert error_text(refused, "en", names={0: "Ana", 2: "Cai"}).startswith("Ana is not the start player: Cai draws")


def test_senet_players_1_and_2_become_seats_0_and_1_at_the_table():
    refused = IllegalMove("senet.not_your_piece", rule="SN-2", square=7, owner=2, player=1)
    named = table_form(refused, {"senet.not_your_piece": "senet.not_your_piece_named"},
                       {"player": "seat", "owner": "owner_seat"}, first=1)
    assert named.message_id == "senet.not_your_piece_named" and named.params == {"square": 7, "owner_seat": 1,
                                                                                  "seat": 0}
    assert error_text(named, "en", names={0: "Ana", 1: "Ben"}).startswith("The piece on square 7 is Ben's")
    assert table_form(refused, {}) is refused  # a refusal with no named form stands as it is
