"""The Parchís board (PA-1 … PA-5): track, colours, exits, lanes, safe squares, and names.

A piece's location is kept as its *progress* along its own colour's path, so one small integer
says everything the rules need (PA-4):

    NEST = -1            in the nest
    0 … 63               on the common track: 0 is the exit square, 63 the last track square
    64 … 70              lane squares 1 … 7
    GOAL = 71            in the goal

Every table below is computed once at import, per colour, so the move generator only indexes
tuples (no modular arithmetic in the hot loops).
"""

from __future__ import annotations

import re
from typing import Final

TRACK_SQUARES: Final = 68  # PA-1
LANE_SQUARES: Final = 7  # PA-4
PIECES: Final = 4  # PA-6
MAX_ON_SQUARE: Final = 2  # PA-5

NEST: Final = -1
LAST_TRACK: Final = 63  # PA-4: 63 steps from the exit square to the last track square
LANE_FIRST: Final = LAST_TRACK + 1
GOAL: Final = LAST_TRACK + LANE_SQUARES + 1  # 71 (PA-4)

# PA-2: colours in turn order, with their exit squares.
COLOURS: Final = ("yellow", "blue", "red", "green")
YELLOW, BLUE, RED, GREEN = range(4)
COLOUR_INDEX: Final = {name: index for index, name in enumerate(COLOURS)}
EXIT_SQUARE: Final = (5, 22, 39, 56)

SAFE_SQUARES: Final = frozenset({5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68})  # PA-3

# Two players sit opposite (PA-6); so do team partners (PA-7).
OPPOSITE_PAIRS: Final = (frozenset({YELLOW, RED}), frozenset({BLUE, GREEN}))


def partner(colour: int) -> int:
    """The colour sitting opposite (PA-7): yellow-red, blue-green."""
    return (colour + 2) % 4


def _track_square(colour: int, progress: int) -> int:
    return (EXIT_SQUARE[colour] - 1 + progress) % TRACK_SQUARES + 1


# Cells: one integer per square a piece can stand on and share. Track squares are 1..68; lane
# square k of colour c is 100 + 10 * c + k, so lanes never collide with each other or the track.
def lane_cell(colour: int, lane: int) -> int:
    return 100 + 10 * colour + lane


# CELL[c][p]: the cell of progress p (0..70) for colour c.
CELL: Final = tuple(
    tuple(_track_square(c, p) if p <= LAST_TRACK else lane_cell(c, p - LAST_TRACK) for p in range(GOAL))
    for c in range(4)
)
LAST_TRACK_SQUARE: Final = tuple(CELL[c][LAST_TRACK] for c in range(4))  # 68, 17, 34, 51 (PA-2)

# PROGRESS_OF_SQUARE[c][s]: colour c's progress on track square s, or None for the squares
# before its exit that its path never visits.
PROGRESS_OF_SQUARE: Final = tuple(
    {CELL[c][p]: p for p in range(LAST_TRACK + 1)} for c in range(4)
)

# SAFE_ON_PATH[c][p]: whether progress p of colour c is a safe track square.
SAFE_ON_PATH: Final = tuple(
    tuple(p <= LAST_TRACK and CELL[c][p] in SAFE_SQUARES for p in range(GOAL)) for c in range(4)
)


# -- names (the protocol's vocabulary) ---------------------------------------------------------
Piece = tuple[int, int]  # (colour, index 0..3)

PIECE_IDS: Final = tuple(tuple((c, i) for i in range(PIECES)) for c in range(4))  # shared, not rebuilt
PIECE_NAMES: Final = tuple(tuple(f"{COLOURS[c]}.{i}" for i in range(PIECES)) for c in range(4))
_PIECE_BY_NAME: Final = {PIECE_NAMES[c][i]: (c, i) for c in range(4) for i in range(PIECES)}
_PIECE_PATTERN: Final = re.compile(r"([a-z]+)\.(\d+)")


def piece_name(piece: Piece) -> str:
    return PIECE_NAMES[piece[0]][piece[1]]


def parse_piece_name(name: object) -> Piece | None:
    """`"yellow.1"` -> (0, 1); None when the text is not the name of any piece of the game."""
    if not isinstance(name, str):
        return None
    return _PIECE_BY_NAME.get(name)


def looks_like_piece_name(name: object) -> bool:
    """Whether `name` has the shape `colour.index`, even if no such piece exists (`green.7`)."""
    return isinstance(name, str) and _PIECE_PATTERN.fullmatch(name) is not None


# LOCATION_NAME[c][p + 1]: the protocol's name of progress p for colour c ("nest", "t12", "l3", "goal").
LOCATION_NAME: Final = tuple(
    (
        "nest",
        *(f"t{CELL[c][p]}" for p in range(LAST_TRACK + 1)),
        *(f"l{k}" for k in range(1, LANE_SQUARES + 1)),
        "goal",
    )
    for c in range(4)
)
_PROGRESS_BY_NAME: Final = tuple({name: index - 1 for index, name in enumerate(LOCATION_NAME[c])} for c in range(4))
_SQUARE_PATTERN: Final = re.compile(r"t([1-9][0-9]?)")


def location_name(colour: int, progress: int) -> str:
    return LOCATION_NAME[colour][progress + 1]


def parse_location(colour: int, name: object) -> int | None:
    """The progress of location `name` for `colour`, or None if its path never goes there."""
    if not isinstance(name, str):
        return None
    return _PROGRESS_BY_NAME[colour].get(name)


def parse_track_square(name: object) -> int | None:
    """`"t12"` -> 12; None for anything that is not a track square's name."""
    if not isinstance(name, str):
        return None
    match = _SQUARE_PATTERN.fullmatch(name)
    if match is None:
        return None
    square = int(match.group(1))
    return square if 1 <= square <= TRACK_SQUARES else None


def square_name(square: int) -> str:
    return f"t{square}"
