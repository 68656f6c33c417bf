"""Seats in words, for every game: seats are 0-based indices in the engines, and counted from 1
wherever a player reads them ("Seat 1" is the first seat, in the protocol and on the screens).

`error_text` (companion.i18n) gives every seat parameter of a refusal (`seat`, `owner_seat` ...)
as its number counted from 1 and as words (`name`, `owner_name` ...): the player's name where the
screen knows it, else `seat_words`. `table_form` turns a refusal into the form a game's screen
shows (its `_named` message, its seat parameters) so no game keeps its own copy of that."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import RefereeError
from companion.i18n import t


def seat_number(seat: int) -> int:
    """The seat as people count it: seat 0 is the first, number 1."""
    return seat + 1


def seat_words(seat: int, lang: str = "en") -> str:
    """A seat nobody has named, in words: "Seat 1" for seat 0 (Korean "1번 자리")."""
    return t("error.seat_n", lang, n=seat_number(seat))


def table_form(refused: RefereeError, forms: Mapping[str, str], seats: Mapping[str, str] | None = None,
               first: int = 0) -> RefereeError:
    """`refused` as a game's screen shows it: the message named in `forms` (one that names
    players), each parameter in `seats` renamed to its seat parameter (one ending in `seat`),
    its value made a 0-based seat when the game numbers players from `first` (Senet's 1 and 2).
    A refusal not in `forms` is returned as it is."""
    form = forms.get(refused.message_id)
    if form is None:
        return refused
    renamed = seats or {}
    params = {renamed.get(key, key): value - first if key in renamed and isinstance(value, int) else value
              for key, value in refused.params.items()}
    return type(refused)(form, refused.rule, **params)
