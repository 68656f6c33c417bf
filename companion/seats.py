"""Seats in a refusal, for every game: seats are 0-based indices in the engines, and counted from 1
wherever a player reads them ("Seat 1" is the first seat, in the protocol and on the screens).

`error_text` (companion.i18n) gives every seat parameter of a refusal (`seat`, `owner_seat` ...)
as its number counted from 1 and as words (`name`, `owner_name` ...): the player's name where the
screen knows it, else `seat_words` (companion.i18n too). `table_form` turns a refusal into the form a game's screen
shows (its `_named` message, its seat parameters) so no game keeps its own copy of that."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.errors import RefereeError


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
