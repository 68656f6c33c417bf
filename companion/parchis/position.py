"""Parchís positions: every piece's place and the whole state of the turn.

A `Position` is immutable. Besides the pieces it holds what the rules of a turn need: whose
turn it is, the sixes rolled so far in it (PA-13, PA-14), the piece moved last (PA-14), the
bonus moves still to play (PA-17 … PA-19), which piece arrived last on each shared track square
(PA-12), the mode (PA-8), teams (PA-7) and the winner.

`Position.from_json` reads the protocol's position object and refuses, with `BadPosition`,
anything the board cannot hold; positions built by the engine itself are valid by construction
and skip those checks (that keeps `play` cheap).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from companion.errors import BadPosition, RefereeError
from companion.parchis.board import (
    CELL,
    COLOUR_INDEX,
    COLOURS,
    GOAL,
    MAX_ON_SQUARE,
    NEST,
    OPPOSITE_PAIRS,
    PIECE_IDS,
    PIECES,
    TRACK_SQUARES,
    Piece,
    location_name,
    parse_piece_name,
    parse_track_square,
    partner,
    piece_name,
    square_name,
)

STANDARD: Final = "standard"
QUICK: Final = "quick"
MODES: Final = (STANDARD, QUICK)
BONUS_CAPTURE: Final = 20  # PA-17
BONUS_GOAL: Final = 10  # PA-18
TEAM_PLAYERS: Final = 4  # PA-7: teams need four players
MAX_SIXES: Final = 2  # a third six ends the turn at once (PA-14), so a position never holds three

FIELDS: Final = ("colours", "mode", "teams", "pieces", "last_arrival", "turn", "sixes", "last_moved", "bonus", "winner")


def shown(value: Any) -> str:
    """A value from a request, as it reads in a message."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def goal_target(mode: str) -> int:
    """Pieces a colour must bring to the goal to finish: four (PA-9), two in the quick game (PA-8)."""
    return 2 if mode == QUICK else PIECES


def check_colours(
    names: Any, teams: bool, error: type[RefereeError], name_error: type[RefereeError] | None = None
) -> tuple[int, ...]:
    """The colours in play, in PA-2's order. `names` may come in any order.

    Something that is not a list of colour names raises `name_error` (default: `error`); a
    wrong count, a repeated colour, two colours that do not sit opposite (PA-6) or teams
    without four players (PA-7) raise `error`.
    """
    name_error = name_error or error
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise name_error("parchis.colours_list")
    colours = []
    for name in names:
        if name not in COLOUR_INDEX:
            raise name_error("parchis.unknown_colour", rule="PA-2", value=shown(name))
        colours.append(COLOUR_INDEX[name])
    if len(set(colours)) != len(colours):
        raise error("parchis.colour_twice", rule="PA-6")
    if not 2 <= len(colours) <= 4:
        raise error("parchis.player_count", rule="PA-6", count=len(colours))
    if len(colours) == 2 and frozenset(colours) not in OPPOSITE_PAIRS:
        raise error("parchis.two_not_opposite", rule="PA-6", colours=", ".join(COLOURS[c] for c in sorted(colours)))
    if teams and len(colours) != TEAM_PLAYERS:
        raise error("parchis.teams_need_four", rule="PA-7", count=len(colours))
    return tuple(sorted(colours))


@dataclass(frozen=True)
class Position:
    """A Parchís position.

    `pieces[c]` holds the four progresses of colour c's pieces (see board.py), or () for a
    colour not in play. `last_arrival` pairs each track square holding two pieces with the one
    that arrived last, sorted by square. `winner` is the winning colour, or both colours of the
    winning team in PA-2 order, or None.
    """

    colours: tuple[int, ...]
    pieces: tuple[tuple[int, ...], ...]
    turn: int
    mode: str = STANDARD
    teams: bool = False
    last_arrival: tuple[tuple[int, Piece], ...] = ()
    sixes: int = 0
    last_moved: Piece | None = None
    bonus: tuple[int, ...] = ()
    winner: tuple[int, ...] | None = None
    # Derived once at construction (the position never changes): who stands on each cell,
    # the blockades, the winner the pieces show, and a memo the engine keeps its answers in.
    _cells: dict[int, list[Piece]] = field(init=False, repr=False, compare=False)
    blockades: frozenset[int] = field(init=False, repr=False, compare=False)
    _winner: tuple[int, ...] | None = field(init=False, repr=False, compare=False)
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._derive(_occupancy(self.colours, self.pieces))

    def _derive(self, cells: dict[int, list[Piece]]) -> None:
        set_field = object.__setattr__  # the dataclass is frozen; these are derived, not state
        set_field(self, "_cells", cells)
        set_field(self, "blockades", frozenset([
            cell for cell, here in cells.items()
            if len(here) == MAX_ON_SQUARE and cell <= TRACK_SQUARES and here[0][0] == here[1][0]
        ]))
        winner = self.winner
        if winner is None:
            winner = winner_from_pieces(self.colours, self.pieces, self.mode, self.teams)
        set_field(self, "_winner", winner)
        set_field(self, "memo", {})

    @classmethod
    def trusted(
        cls,
        colours: tuple[int, ...],
        pieces: tuple[tuple[int, ...], ...],
        turn: int,
        mode: str,
        teams: bool,
        last_arrival: tuple[tuple[int, Piece], ...],
        sixes: int,
        last_moved: Piece | None,
        bonus: tuple[int, ...],
        winner: tuple[int, ...] | None,
        cells: dict[int, list[Piece]] | None = None,
    ) -> Position:
        """The position, built the quick way: the same as `Position(...)` without the dataclass's
        own set-up, reusing `cells` (the occupancy, when the caller has it). The referee builds
        several positions a request."""
        self = object.__new__(cls)
        set_field = object.__setattr__
        set_field(self, "colours", colours)
        set_field(self, "pieces", pieces)
        set_field(self, "turn", turn)
        set_field(self, "mode", mode)
        set_field(self, "teams", teams)
        set_field(self, "last_arrival", last_arrival)
        set_field(self, "sixes", sixes)
        set_field(self, "last_moved", last_moved)
        set_field(self, "bonus", bonus)
        set_field(self, "winner", winner)
        self._derive(_occupancy(colours, pieces) if cells is None else cells)
        return self

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def start(cls, colours: Iterable[int], mode: str = STANDARD, teams: bool = False) -> Position:
        """The start position: every piece in its nest, or one on its exit square in the quick
        game (PA-8); the first colour in PA-2's order moves first."""
        in_play = tuple(sorted(colours))
        first = 0 if mode == QUICK else NEST
        pieces = tuple((first, NEST, NEST, NEST) if c in in_play else () for c in range(4))
        return cls(in_play, pieces, in_play[0], mode, teams)

    # -- reading -----------------------------------------------------------------------------
    @property
    def target(self) -> int:
        return goal_target(self.mode)

    def in_goal(self, colour: int) -> int:
        return self.pieces[colour].count(GOAL)

    def finished(self, colour: int) -> bool:
        """Whether `colour` has brought its pieces home (PA-7 … PA-9)."""
        return self.pieces[colour].count(GOAL) >= goal_target(self.mode)

    def retires_on_finishing(self) -> bool:
        """Whether a player who finishes takes its pieces left on the board out of play: in the
        quick team game (PA-7), so that they can never block."""
        return self.teams and self.mode == QUICK

    def out_of_play(self, colour: int) -> bool:
        """Whether `colour`'s pieces in its nest are out of play for good (PA-7): it finished in
        the quick team game, and its pieces never move again."""
        return self.retires_on_finishing() and self.finished(colour)

    def acting_colour(self) -> int:
        """The colour whose pieces the player to move plays: its own, or its partner's once it
        has finished in a team game (PA-7)."""
        turn = self.turn
        if self.teams and self.finished(turn):
            return partner(turn)
        return turn

    def is_friend(self, colour: int, other: int) -> bool:
        """Whether `other`'s pieces are safe from `colour`: its own, or its partner's in teams (PA-7)."""
        return other == colour or (self.teams and other == partner(colour))

    def decided_winner(self) -> tuple[int, ...] | None:
        """The winner the position names, or the one its pieces show (PA-7 … PA-9)."""
        return self._winner

    @property
    def over(self) -> bool:
        return self._winner is not None

    def location(self, piece: Piece) -> int:
        return self.pieces[piece[0]][piece[1]]

    def arrived_last(self, square: int) -> Piece | None:
        for entry_square, piece in self.last_arrival:
            if entry_square == square:
                return piece
        return None

    def occupancy(self) -> dict[int, list[Piece]]:
        """The pieces on each track or lane cell (nest and goal left out), in piece order.

        Computed once per position; callers must not change it.
        """
        return self._cells

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        winner = self.decided_winner()
        winner_json: Any = None
        if winner is not None:
            winner_json = [COLOURS[c] for c in winner] if self.teams else COLOURS[winner[0]]
        return {
            "colours": [COLOURS[c] for c in self.colours],
            "mode": self.mode,
            "teams": self.teams,
            "pieces": {COLOURS[c]: [location_name(c, p) for p in self.pieces[c]] for c in self.colours},
            "last_arrival": {square_name(square): piece_name(piece) for square, piece in self.last_arrival},
            "turn": COLOURS[self.turn],
            "sixes": self.sixes,
            "last_moved": None if self.last_moved is None else piece_name(self.last_moved),
            "bonus": [] if winner is not None else list(self.bonus),
            "winner": winner_json,
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read the protocol's position; anything wrong in it raises `BadPosition`.

        Every field is required; colours and pieces may come in any order. A track square
        holding two pieces that `last_arrival` does not mention gets the later piece in
        colour-and-index order as its last arrival. Unknown extra fields are ignored.
        """
        if not isinstance(data, dict):
            raise BadPosition("parchis.position_not_object")
        for name in FIELDS:
            if name not in data:
                raise BadPosition("parchis.position_missing", field=name)
        teams = data["teams"]
        if not isinstance(teams, bool):
            raise BadPosition("parchis.position_teams_flag", value=shown(teams))
        colours = check_colours(data["colours"], teams, BadPosition)
        mode = data["mode"]
        if mode not in MODES:
            raise BadPosition("parchis.position_mode", rule="PA-8", value=shown(mode))
        pieces, occupancy = _read_pieces(data["pieces"], colours)
        _check_crowding(occupancy)
        _check_out_of_play(colours, pieces, mode, teams)
        turn = _read_colour(data["turn"], colours, "parchis.position_turn", "PA-2")
        sixes = data["sixes"]
        if not _is_int(sixes) or not 0 <= sixes <= MAX_SIXES:
            raise BadPosition("parchis.position_sixes", rule="PA-14", value=shown(sixes))
        last_moved = _read_last_moved(data["last_moved"], colours)
        bonus = _read_bonus(data["bonus"])
        winner = _read_winner(data["winner"], colours, teams)
        last_arrival = _read_last_arrival(data["last_arrival"], colours, occupancy)
        if winner is not None:
            bonus = ()  # no bonus is played once the game is won
        return cls.trusted(colours, pieces, turn, mode, teams, last_arrival, sixes, last_moved, bonus, winner,
                           occupancy)

    def __str__(self) -> str:
        parts = [f"{COLOURS[c]}:{','.join(location_name(c, p) for p in self.pieces[c])}" for c in self.colours]
        return (f"{' '.join(parts)} turn={COLOURS[self.turn]} sixes={self.sixes} "
                f"bonus={list(self.bonus)} winner={self.winner}")


def _occupancy(colours: tuple[int, ...], pieces: tuple[tuple[int, ...], ...]) -> dict[int, list[Piece]]:
    cells: dict[int, list[Piece]] = {}
    get = cells.get
    for colour in colours:
        cell_of = CELL[colour]
        ids = PIECE_IDS[colour]
        for index, progress in enumerate(pieces[colour]):
            if 0 <= progress < GOAL:
                cell = cell_of[progress]
                here = get(cell)
                if here is None:
                    cells[cell] = [ids[index]]
                else:
                    here.append(ids[index])
    return cells


def winner_from_pieces(
    colours: Sequence[int], pieces: Sequence[Sequence[int]], mode: str, teams: bool
) -> tuple[int, ...] | None:
    """The winner the pieces show: the colour that finished (PA-8, PA-9), or a team whose two
    colours both finished (PA-7)."""
    target = goal_target(mode)
    done = [c for c in colours if list(pieces[c]).count(GOAL) >= target]
    if not teams:
        return (done[0],) if done else None
    for colour in done:
        if colour < partner(colour) and partner(colour) in done:
            return (colour, partner(colour))
    return None


# -- reading the JSON fields --------------------------------------------------------------------
def _read_colour(value: Any, colours: tuple[int, ...], message_id: str, rule: str) -> int:
    if not isinstance(value, str) or value not in COLOUR_INDEX or COLOUR_INDEX[value] not in colours:
        raise BadPosition(message_id, rule=rule, value=shown(value))
    return COLOUR_INDEX[value]


# _PLACES[c][name]: the progress and the cell (None in the nest or the goal) of each place name
# of colour c's path: one look-up a piece when a position is read.
_PLACES: Final = tuple(
    {location_name(c, p): (p, CELL[c][p] if 0 <= p < GOAL else None) for p in range(NEST, GOAL + 1)}
    for c in range(4)
)


def _read_pieces(
    data: Any, colours: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], dict[int, list[Piece]]]:
    """Each colour's pieces as progresses, and the occupancy they make (see `_occupancy`)."""
    if not isinstance(data, dict):
        raise BadPosition("parchis.position_pieces")
    for name in data:
        if name not in COLOUR_INDEX or COLOUR_INDEX[name] not in colours:
            raise BadPosition("parchis.position_colour_not_in_play", rule="PA-6", value=shown(name))
    pieces: list[tuple[int, ...]] = [(), (), (), ()]
    cells: dict[int, list[Piece]] = {}
    for colour in colours:
        name = COLOURS[colour]
        if name not in data:
            raise BadPosition("parchis.position_colour_missing", rule="PA-6", colour=name)
        places = data[name]
        if not isinstance(places, list):
            raise BadPosition("parchis.position_pieces")
        if len(places) != PIECES:
            raise BadPosition("parchis.position_piece_count", rule="PA-6", colour=name, count=len(places))
        known = _PLACES[colour]
        ids = PIECE_IDS[colour]
        progresses = []
        for index, place in enumerate(places):
            found = known.get(place) if isinstance(place, str) else None
            if found is None:
                raise BadPosition("parchis.position_location", rule="PA-4", colour=name, value=shown(place))
            progress, cell = found
            progresses.append(progress)
            if cell is not None:
                here = cells.get(cell)
                if here is None:
                    cells[cell] = [ids[index]]
                else:
                    here.append(ids[index])
        pieces[colour] = tuple(progresses)
    return tuple(pieces), cells


def _check_crowding(occupancy: Mapping[int, list[Piece]]) -> None:
    """PA-5: at most two pieces on any track or lane square."""
    for cell, here in occupancy.items():
        if len(here) > MAX_ON_SQUARE:
            colour = here[0][0]
            where = location_name(colour, _progress_of_cell(colour, cell))
            raise BadPosition("parchis.position_crowded", rule="PA-5", square=where, count=len(here))


def _check_out_of_play(colours: tuple[int, ...], pieces: tuple[tuple[int, ...], ...], mode: str, teams: bool) -> None:
    """PA-7: in the quick team game a finished player has no piece left on the track or in its lane."""
    if not (teams and mode == QUICK):
        return
    for colour in colours:
        if pieces[colour].count(GOAL) >= goal_target(mode) and any(0 <= p < GOAL for p in pieces[colour]):
            where = ", ".join(location_name(colour, p) for p in pieces[colour] if 0 <= p < GOAL)
            raise BadPosition("parchis.position_out_of_play", rule="PA-7", colour=COLOURS[colour], squares=where)


def _progress_of_cell(colour: int, cell: int) -> int:
    return CELL[colour].index(cell)


def _read_last_moved(value: Any, colours: tuple[int, ...]) -> Piece | None:
    if value is None:
        return None
    piece = parse_piece_name(value)
    if piece is None or piece[0] not in colours:
        raise BadPosition("parchis.position_last_moved", rule="PA-14", value=shown(value))
    return piece


def _read_bonus(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_is_int(v) and v in (BONUS_CAPTURE, BONUS_GOAL) for v in value):
        raise BadPosition("parchis.position_bonus", rule="PA-19", value=shown(value))
    return tuple(value)


def _read_winner(value: Any, colours: tuple[int, ...], teams: bool) -> tuple[int, ...] | None:
    if value is None:
        return None
    if teams:
        names_ok = isinstance(value, list) and all(isinstance(v, str) and v in COLOUR_INDEX for v in value)
        if names_ok and len(value) == 2:
            team = tuple(sorted(COLOUR_INDEX[v] for v in value))
            if team[1] == partner(team[0]):
                return team
        raise BadPosition("parchis.position_winner_team", rule="PA-7", value=shown(value))
    if isinstance(value, str) and value in COLOUR_INDEX and COLOUR_INDEX[value] in colours:
        return (COLOUR_INDEX[value],)
    raise BadPosition("parchis.position_winner", rule="PA-9", value=shown(value))


def _read_last_arrival(
    data: Any, colours: tuple[int, ...], occupancy: Mapping[int, list[Piece]]
) -> tuple[tuple[int, Piece], ...]:
    if not isinstance(data, dict):
        raise BadPosition("parchis.position_last_arrival")
    entries: dict[int, Piece] = {}
    for key, value in data.items():
        square = parse_track_square(key)
        if square is None or len(occupancy.get(square, ())) != MAX_ON_SQUARE:
            raise BadPosition("parchis.position_last_arrival_square", rule="PA-12", square=shown(key))
        piece = parse_piece_name(value)
        if piece is None or piece[0] not in colours:
            raise BadPosition("parchis.position_last_arrival_piece", rule="PA-12", square=key, value=shown(value))
        if piece not in occupancy[square]:
            raise BadPosition("parchis.position_two_places", rule="PA-12", square=key, piece=piece_name(piece))
        entries[square] = piece
    for cell, here in occupancy.items():
        if cell <= TRACK_SQUARES and len(here) == MAX_ON_SQUARE and cell not in entries:
            entries[cell] = here[-1]
    return tuple(sorted(entries.items()))

