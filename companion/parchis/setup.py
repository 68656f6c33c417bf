"""Setting up a Parchís match: which colour each seat plays (PA-2, PA-6) and whether teams are
possible (PA-7).

The set-up's `colours` option names the colours in seat order, joined by `+` ("red+yellow":
seat 1 plays red, seat 2 yellow), or is `"auto"` (the usual colours: yellow and red for two,
yellow, blue and red for three, all four). Turns always follow PA-2's colour order, whoever
sits where. Every check of a set-up is made here, once: the game record's option list, the
engine, the protocol's `new` and the set-up screen all ask this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any, Final

from companion.errors import BadRequest, RefereeError
from companion.parchis.board import COLOUR_INDEX, COLOURS, partner
from companion.parchis.position import TEAM_PLAYERS, check_colours

AUTO: Final = "auto"
PLAYERS: Final = range(2, 5)  # PA-6
DEFAULT_COLOURS: Final = {2: ("yellow", "red"), 3: ("yellow", "blue", "red"), 4: COLOURS}


def _allowed(names: Sequence[str]) -> bool:
    try:
        check_colours(list(names), False, BadRequest)
    except RefereeError:
        return False
    return True


# Every colour set PA-6 allows, in every seat order: the set-up option's choices.
COLOUR_CHOICES: Final = (AUTO, *(
    "+".join(order)
    for count in PLAYERS
    for chosen in combinations(COLOURS, count) if _allowed(chosen)
    for order in permutations(chosen)
))


def teams_possible(players: int) -> bool:
    """PA-7: teams need four players."""
    return players == TEAM_PLAYERS


def colour_names(choice: Any, players: int) -> tuple[str, ...]:
    """The colour of each seat for the set-up's `colours` value ("auto", "red+yellow" or a list
    of names in seat order). Does not check the colours (see `seat_colours`)."""
    if choice is None or choice == AUTO:
        if players not in DEFAULT_COLOURS:
            raise BadRequest("parchis.player_count", rule="PA-6", count=players)
        return DEFAULT_COLOURS[players]
    if isinstance(choice, str):
        return tuple(choice.split("+"))
    if isinstance(choice, list | tuple) and all(isinstance(name, str) for name in choice):
        return tuple(choice)
    raise BadRequest("parchis.colours_list")


def seat_colours(choice: Any, players: int, teams: bool, error: type[RefereeError] = BadRequest) -> tuple[int, ...]:
    """The colour (index) each seat plays, checked: known colours, none twice, two players
    opposite (PA-6), teams only with four (PA-7), one colour a player. Refusals raise `error`
    (names that are not colours always raise `BadRequest`)."""
    names = colour_names(choice, players)
    check_colours(list(names), teams, error, name_error=BadRequest)
    if len(names) != players:
        raise error("parchis.colours_players", rule="PA-6", count=len(names), players=players)
    return tuple(COLOUR_INDEX[name] for name in names)


def reassign(names: Sequence[str], seat: int, colour: str) -> tuple[str, ...]:
    """The seats' colours after `seat` takes `colour`, kept legal: a seat that had it swaps; with
    two players the other seat takes the opposite colour (PA-6); with three, a colour nobody
    plays simply replaces the seat's."""
    chosen = list(names)
    if colour not in COLOUR_INDEX or not 0 <= seat < len(chosen):
        return tuple(chosen)
    if len(chosen) == 2:
        other = COLOURS[partner(COLOUR_INDEX[colour])]
        chosen[seat], chosen[1 - seat] = colour, other
        return tuple(chosen)
    if colour in chosen:
        held = chosen.index(colour)
        chosen[held] = chosen[seat]
    chosen[seat] = colour
    return tuple(chosen)


def preferred_colours(preferences: Sequence[str | None]) -> tuple[str, ...]:
    """The colours a table gets when each player asks for a colour (their own, or None): seat by
    seat, a wish is granted when it changes no earlier granted seat; the others keep the usual
    colours (as far as the rules allow)."""
    players = len(preferences)
    current = DEFAULT_COLOURS.get(players, ())
    granted: list[int] = []
    for seat, wish in enumerate(preferences):
        if wish is None or wish not in COLOUR_INDEX or not current:
            continue
        candidate = reassign(current, seat, wish)
        if all(candidate[earlier] == current[earlier] for earlier in granted):
            current = candidate
            granted.append(seat)
    return tuple(current)


__all__ = [
    "AUTO",
    "COLOUR_CHOICES",
    "DEFAULT_COLOURS",
    "PLAYERS",
    "colour_names",
    "preferred_colours",
    "reassign",
    "seat_colours",
    "teams_possible",
]
