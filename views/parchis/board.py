"""The Parchís board drawn as it is printed: a cross of four arms on a 19 × 19 grid.

Each arm is three squares wide and eight long: its two outer columns and the square at its end
are the common track (17 squares an arm, 68 in all), its middle column is one colour's lane of
seven squares, the corners hold the four nests and the middle is the goal. The track runs
counter-clockwise: yellow's arm at the bottom, blue's on the right, red's at the top, green's on
the left; each colour leaves its nest onto its exit square and turns into its lane at the end of
its own arm.

Nothing here knows a rule: pieces are drawn from the position, and what lights up comes from
the engine's legal moves, passed in as `Lit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft
import flet.canvas as cv

from companion.errors import RefereeError
from companion.parchis import COLOURS, GOAL, NEST, SAFE_SQUARES, Move, Position
from companion.parchis.board import CELL, COLOUR_INDEX, EXIT_SQUARE, LAST_TRACK_SQUARE, location_name, parse_piece_name
from views.hooks import memo

GRID = 19
ARM = 8

PAINT = {  # the board keeps its own colours in light and dark theme, like a printed one
    "yellow": "#f4c20d", "blue": "#1e63c6", "red": "#d32020", "green": "#1f9d3a",
}
LANE_PAINT = {"yellow": "#fbe7a1", "blue": "#b9d0f2", "red": "#f5b5b5", "green": "#b5e2c0"}
NEST_PAINT = {"yellow": "#f9dc6b", "blue": "#7fa7e0", "red": "#ea7d7d", "green": "#7dcb90"}
PAPER = "#fbf8ef"
SAFE_PAPER = "#d9d4c5"
LINE = "#5d4037"
INK = "#3e2723"
MOVABLE = "#fff59d"
TARGET = "#a5d6a7"
CAPTURE = "#ef9a9a"
HIGHLIGHT = "#1b5e20"


# -- geometry: where each square sits on the 19 × 19 grid ------------------------------------------
def track_xy(square: int) -> tuple[int, int]:
    """The grid cell (column, row) of track square 1 … 68, counter-clockwise from yellow's arm."""
    if 1 <= square <= 8:
        return 10, 19 - square
    if 9 <= square <= 16:
        return square + 2, 10
    if square == 17:
        return 18, 9
    if 18 <= square <= 25:
        return 36 - square, 8
    if 26 <= square <= 33:
        return 10, 33 - square
    if square == 34:
        return 9, 0
    if 35 <= square <= 42:
        return 8, square - 35
    if 43 <= square <= 50:
        return 50 - square, 8
    if square == 51:
        return 0, 9
    if 52 <= square <= 59:
        return square - 52, 10
    if 60 <= square <= 67:
        return 8, square - 49
    if square == 68:
        return 9, 18
    raise ValueError(square)


def lane_xy(colour: int, lane: int) -> tuple[int, int]:
    """Lane square 1 … 7 of a colour: the middle column of its arm, running to the goal."""
    return ((9, 18 - lane), (18 - lane, 9), (9, lane), (lane, 9))[colour]


NEST_XY = ((11, 11), (11, 0), (0, 0), (0, 11))  # top-left cell of each 8 × 8 corner, by colour
GOAL_XY = (8, 8)  # the 3 × 3 middle


def cell_xy(colour: int, progress: int) -> tuple[int, int] | None:
    """Where a piece of `colour` at `progress` is drawn; None in the nest or the goal."""
    if progress in (NEST, GOAL):
        return None
    cell = CELL[colour][progress]
    if cell <= 68:
        return track_xy(cell)
    return lane_xy(colour, cell % 10)


# -- what lights up ----------------------------------------------------------------------------------
Spot = tuple[str, int] | tuple[str, int, int]  # ("t", square) | ("l", colour, lane) | ("nest", colour) | ...


def spot_of(colour: int, progress: int) -> Spot:
    if progress == NEST:
        return ("nest", colour)
    if progress == GOAL:
        return ("goal", colour)
    cell = CELL[colour][progress]
    if cell <= 68:
        return ("t", cell)
    return ("l", colour, cell % 10)


def tap_of(spot: Spot) -> dict[str, str]:
    """A tap on a spot as the engine's `{"move": {"at": ...}}` names it."""
    if spot[0] == "t":
        return {"at": f"t{spot[1]}"}
    if spot[0] == "l":
        return {"at": f"l{spot[-1]}", "colour": COLOURS[spot[1]]}
    return {"at": str(spot[0]), "colour": COLOURS[spot[1]]}


@dataclass(frozen=True)
class Lit:
    """The legal moves keyed for drawing: by the spot a piece leaves and the spot it reaches."""

    movable: dict[Spot, list[Move]] = field(default_factory=dict)
    targets: dict[Spot, list[Move]] = field(default_factory=dict)

    @classmethod
    def of(cls, moves: Iterable[Move]) -> Lit:
        lit = cls()
        for move in moves:
            colour = move.piece[0]
            lit.movable.setdefault(spot_of(colour, move.frm), []).append(move)
            lit.targets.setdefault(spot_of(colour, move.to), []).append(move)
        return lit

    def move_at(self, spot: Spot) -> Move | None:
        """The move a tap on `spot` plays: the piece there that can move, else the one landing there."""
        moves = self.movable.get(spot) or self.targets.get(spot)
        return moves[0] if moves else None


# -- words -------------------------------------------------------------------------------------------
Tr = Callable[..., str]


def colour_word(tr: Tr, colour: int) -> str:
    return tr(f"colour.{COLOURS[colour]}")


def piece_word(tr: Tr, piece: tuple[int, int]) -> str:
    """"Yellow 2": the colour and the piece's number counted from 1."""
    return tr("parchis_ui.piece", colour=colour_word(tr, piece[0]), number=piece[1] + 1)


def place_word(tr: Tr, colour: int, place: str) -> str:
    """A protocol location ("nest", "t12", "l3", "goal") in words."""
    if place == "nest":
        return tr("parchis_ui.place.nest")
    if place == "goal":
        return tr("parchis_ui.place.goal")
    if place.startswith("t"):
        return tr("parchis_ui.place.square", square=place[1:])
    return tr("parchis_ui.place.lane", lane=place[1:])


def move_words(tr: Tr, move: Move) -> tuple[str, str]:
    """A legal move as a button shows it ("Yellow 2: 5 → 10") and as it is read aloud (with the
    piece it captures, if any)."""
    data = move.to_json()
    colour = move.piece[0]
    frm, to = place_word(tr, colour, data["from"]), place_word(tr, colour, data["to"])
    shown = f"{piece_word(tr, move.piece)}: {frm} → {to}"
    if move.capture is not None:  # the button draws the capture as an icon and the victim's name after it
        said = tr("parchis_ui.move.capture", piece=piece_word(tr, move.piece), frm=frm, to=to,
                  victim=piece_word(tr, move.capture))
    else:
        said = tr("parchis_ui.move.plain", piece=piece_word(tr, move.piece), frm=frm, to=to)
    return shown, said


def error_place(tr: Tr, colour: int | None, place: str) -> str:
    """A protocol location inside a refusal: "square 12", "lane 3", "nest", "goal"."""
    if place.startswith("t") and place[1:].isdigit():
        return tr("parchis_ui.err.square", square=place[1:])
    if place.startswith("l") and place[1:].isdigit() and colour is not None:
        return tr("parchis_ui.err.lane", lane=place[1:])
    if place in ("nest", "goal"):
        return place_word(tr, colour or 0, place)
    return place


def worded_refusal(tr: Tr, error: RefereeError) -> RefereeError:
    """The engine's refusal with its pieces, colours and squares as the table names them
    ("Yellow 2", "square 12"), not as the protocol writes them ("yellow.1", "t12")."""
    params = dict(error.params)
    moving = parse_piece_name(params.get("piece"))
    colour = moving[0] if moving is not None else None
    for key, value in error.params.items():
        if not isinstance(value, str):
            continue
        if key == "piece" and moving is not None:
            params[key] = piece_word(tr, moving)
        elif key == "pieces":
            named = [parse_piece_name(name.strip()) for name in value.split(",")]
            if all(piece is not None for piece in named):
                params[key] = ", ".join(piece_word(tr, piece) for piece in named if piece is not None)
        elif key in ("colour", "partner") and value in COLOUR_INDEX:
            params[key] = colour_word(tr, COLOUR_INDEX[value])
        elif key == "winner":
            params[key] = " & ".join(colour_word(tr, COLOUR_INDEX[name]) if name in COLOUR_INDEX else name
                                     for name in value.split(" & "))
        elif key in ("square", "to"):
            params[key] = error_place(tr, colour, value)
    return type(error)(error.message_id, error.rule, **params)


def pieces_at(position: Position, spot: Spot) -> list[tuple[int, int]]:
    """The pieces standing on `spot`, in colour and number order."""
    return standing(position).get(spot, [])


def standing(position: Position) -> dict[Spot, list[tuple[int, int]]]:
    """Every spot a piece stands on, with its pieces in colour and number order (one pass over the
    pieces, instead of `pieces_at` for each of the board's hundred spots)."""
    found: dict[Spot, list[tuple[int, int]]] = {}
    for colour in position.colours:
        for index, progress in enumerate(position.pieces[colour]):
            found.setdefault(spot_of(colour, progress), []).append((colour, index))
    return found


def spot_label(tr: Tr, position: Position, spot: Spot, lit: Lit,
               here: list[tuple[int, int]] | None = None) -> str:
    """What a screen reader (and the browser test) hears for one square, nest or goal (`here`:
    the pieces standing there, if known)."""
    here = pieces_at(position, spot) if here is None else here
    if spot[0] == "t":
        square = spot[1]
        text = tr("parchis_ui.sq.square", square=square)
        if square in EXIT_SQUARE:
            text += " · " + tr("parchis_ui.sq.exit", colour=colour_word(tr, EXIT_SQUARE.index(square)))
        elif square in SAFE_SQUARES:
            text += " · " + tr("parchis_ui.sq.safe")
    elif spot[0] == "l":
        text = tr("parchis_ui.sq.lane", colour=colour_word(tr, spot[1]), lane=spot[-1])
    elif spot[0] == "nest":
        text = tr("parchis_ui.sq.nest", colour=colour_word(tr, spot[1]))
        if here and position.out_of_play(spot[1]):
            text += " · " + tr("parchis_ui.sq.out_of_play")
    else:
        text = tr("parchis_ui.sq.goal")
    if here:
        text += ": " + ", ".join(piece_word(tr, piece) for piece in here)
    else:
        text += ": " + tr("parchis_ui.sq.empty")
    for move in lit.movable.get(spot, []):
        text += " · " + tr("parchis_ui.sq.can_move", piece=piece_word(tr, move.piece),
                           to=place_word(tr, move.piece[0], location_name(move.piece[0], move.to)))
    for move in lit.targets.get(spot, []):
        text += " · " + tr("parchis_ui.sq.lands", piece=piece_word(tr, move.piece))
    return text


# -- drawing -----------------------------------------------------------------------------------------
def placed(left: float, top: float, content: ft.Control) -> ft.Control:
    """`content` at a fixed place on the board (a Stack child)."""
    return ft.Container(left=left, top=top, content=content)


def dot(colour: int, size: float, glow: bool = False) -> ft.Control:
    # a white ring keeps a piece apart from a square of its own colour (yellow on yellow's exit)
    ring = ft.BoxShadow(blur_radius=0, spread_radius=max(1.0, size / 14), color="#ffffff")
    shadow = [ring, ft.BoxShadow(blur_radius=5, spread_radius=2, color="#ff6f00")] if glow else [ring]
    return ft.Container(width=size, height=size, shape=ft.BoxShape.CIRCLE, bgcolor=PAINT[COLOURS[colour]],
                        border=ft.Border.all(max(1.0, min(size / 9, 3.0)), "#212121"), shadow=shadow)


def square_paint(spot: Spot, lit: Lit) -> str:
    if spot in lit.targets:
        return CAPTURE if any(move.capture is not None for move in lit.targets[spot]) else TARGET
    if spot in lit.movable:
        return MOVABLE
    if spot[0] == "l":
        return LANE_PAINT[COLOURS[spot[1]]]
    square = spot[1]
    if square in EXIT_SQUARE:
        return NEST_PAINT[COLOURS[EXIT_SQUARE.index(square)]]
    if square in LAST_TRACK_SQUARE:
        return LANE_PAINT[COLOURS[LAST_TRACK_SQUARE.index(square)]]
    return SAFE_PAPER if square in SAFE_SQUARES else PAPER


@dataclass(frozen=True)
class CellLook:
    """Everything one square of the track or a lane shows, compared whole: a square whose look did
    not change with a tap keeps its drawing (Flet sends nothing for it)."""

    spot: Spot
    left: float
    top: float
    size: float
    paint: str
    pieces: tuple[tuple[int, bool], ...]  # (colour, lit) of each piece standing there, in order
    lit: bool  # a piece leaves or lands here with a legal move
    label: str  # what a screen reader (and the browser test) hears


def cell_look(tr: Tr, position: Position, spot: Spot, xy: tuple[int, int], size: float, lit: Lit,
              here: list[tuple[int, int]]) -> CellLook:
    movable = {move.piece for move in lit.movable.get(spot, [])}
    return CellLook(spot=spot, left=xy[0] * size, top=xy[1] * size, size=size, paint=square_paint(spot, lit),
                    pieces=tuple((piece[0], piece in movable) for piece in here),
                    lit=spot in lit.movable or spot in lit.targets, label=spot_label(tr, position, spot, lit, here))


@ft.component
def Cell(look: CellLook, on_tap: Callable[[Spot], Any] | None) -> ft.Control:
    spot, size = look.spot, look.size
    layers: list[ft.Control] = []  # each keyed: a piece or a frame coming or going changes that layer alone
    if spot[0] == "t":
        number = ft.Text(str(spot[1]), size=max(8.0, size * 0.52), color=INK, weight=ft.FontWeight.BOLD,
                         no_wrap=True)
        layers.append(ft.Container(key="number", left=0, right=0, top=0, bottom=0, alignment=ft.Alignment.CENTER,
                                   content=number))
        if spot[1] in SAFE_SQUARES:
            layers.append(ft.Container(key="safe", right=1, top=1, width=size * 0.22, height=size * 0.22,
                                       shape=ft.BoxShape.CIRCLE, bgcolor=INK))
    count = len(look.pieces)
    piece_size = size * (0.62 if count == 1 else 0.48)
    for slot, (colour, glow) in enumerate(look.pieces):
        offset = (size - piece_size) / 2 if count == 1 else (1 + slot * (size - piece_size - 2))
        layers.append(ft.Container(key=f"piece-{slot}", left=offset, top=(size - piece_size) / 2,
                                   content=dot(colour, piece_size, glow=glow)))
    if look.lit:
        layers.append(ft.Container(key="frame", left=0, right=0, top=0, bottom=0, border=ft.Border.all(2, HIGHLIGHT)))
    # a lit square plays its move; any other says why not (the engine's refusal)
    box = ft.Container(
        width=size, height=size, bgcolor=look.paint, border=ft.Border.all(0.5, LINE),
        content=ft.Stack(controls=layers, width=size, height=size),
        on_click=(lambda e, s=spot: on_tap(s)) if on_tap else None,
    )
    return placed(look.left, look.top, ft.Semantics(
        label=look.label, button=on_tap is not None, container=True, exclude_semantics=True, content=box))


@dataclass(frozen=True)
class NestLook:
    """Everything a nest shows, compared whole (see CellLook)."""

    colour: int
    size: float
    playing: bool  # the colour is in play
    out_of_play: bool  # its pieces never move again (PA-7)
    pieces: tuple[bool, ...]  # each piece waiting there: whether it can leave now
    leaving: bool  # a piece can leave with a legal move
    label: str


@ft.component
def Nest(look: NestLook, on_tap: Callable[[Spot], Any] | None) -> ft.Control:
    colour, size = look.colour, look.size
    spot: Spot = ("nest", colour)
    x, y = NEST_XY[colour]
    piece_size = size * 1.9
    dots = [dot(colour, piece_size, glow=glow) for glow in look.pieces]
    if look.out_of_play:  # PA-7: they never move again
        dots = [ft.Container(opacity=0.3, content=one) for one in dots]
    grid = ft.Column(spacing=size * 0.5, tight=True, alignment=ft.MainAxisAlignment.CENTER, controls=[
        ft.Row(spacing=size * 0.5, tight=True, alignment=ft.MainAxisAlignment.CENTER, controls=dots[i:i + 2])
        for i in range(0, len(dots), 2)
    ])
    tappable = on_tap is not None and look.playing
    box = ft.Container(
        width=ARM * size, height=ARM * size, bgcolor=PAINT[COLOURS[colour]] if look.playing else "#e0e0e0",
        border=ft.Border.all(3 if look.leaving else 1, HIGHLIGHT if look.leaving else LINE),
        alignment=ft.Alignment.CENTER,
        content=ft.Container(width=ARM * size * 0.72, height=ARM * size * 0.72, shape=ft.BoxShape.CIRCLE,
                             bgcolor=MOVABLE if look.leaving else NEST_PAINT[COLOURS[colour]],
                             alignment=ft.Alignment.CENTER, content=grid),
        on_click=(lambda e: on_tap(spot)) if tappable and on_tap else None,
    )
    return placed(x * size, y * size, ft.Semantics(
        label=look.label, button=tappable, container=True, exclude_semantics=True, content=box))


# Drawn again only when their look changed (or the tap handler came or went).
CellDrawn = memo(Cell)
NestDrawn = memo(Nest)


def cell_control(tr: Tr, position: Position, spot: Spot, xy: tuple[int, int], size: float, lit: Lit,
                 on_tap: Callable[[Spot], Any] | None, here: list[tuple[int, int]]) -> ft.Control:
    return CellDrawn(cell_look(tr, position, spot, xy, size, lit, here), on_tap)


def nest_control(tr: Tr, position: Position, colour: int, size: float, lit: Lit,
                 on_tap: Callable[[Spot], Any] | None, waiting: list[tuple[int, int]]) -> ft.Control:
    spot: Spot = ("nest", colour)
    leaving = {move.piece for move in lit.movable.get(spot, [])}
    playing = colour in position.colours
    return NestDrawn(NestLook(
        colour=colour, size=size, playing=playing, out_of_play=playing and position.out_of_play(colour),
        pieces=tuple(piece in leaving for piece in waiting), leaving=spot in lit.movable,
        label=spot_label(tr, position, spot, lit, waiting)), on_tap)


@dataclass(frozen=True)
class GoalLook:
    """Everything the middle shows, compared whole (see CellLook); each tuple by colour."""

    size: float
    playing: tuple[bool, ...]
    reached: tuple[bool, ...]  # a legal move lands in that colour's triangle
    home: tuple[int, ...]  # pieces home
    label: str


def goal_control(tr: Tr, position: Position, size: float, lit: Lit) -> ft.Control:
    """The middle: four triangles, each facing its colour's lane, with the pieces home counted."""
    label = tr("parchis_ui.sq.goal") + ": " + ", ".join(
        tr("parchis_ui.sq.home_count", colour=colour_word(tr, c), count=position.pieces[c].count(GOAL))
        for c in position.colours)
    playing = tuple(colour in position.colours for colour in range(4))
    return GoalDrawn(GoalLook(
        size=size, playing=playing, reached=tuple(("goal", colour) in lit.targets for colour in range(4)),
        home=tuple(position.pieces[colour].count(GOAL) if playing[colour] else 0 for colour in range(4)),
        label=label))


@ft.component
def Goal(look: GoalLook) -> ft.Control:
    size = look.size
    x, y = GOAL_XY
    side = 3 * size
    mid = side / 2
    corners = {  # the triangle of each colour: its lane comes in from the bottom, right, top, left
        0: ((0, side), (side, side)), 1: ((side, side), (side, 0)), 2: ((side, 0), (0, 0)), 3: ((0, 0), (0, side)),
    }
    shapes: list[cv.Shape] = []
    for colour, (a, b) in corners.items():
        shapes.append(cv.Path(
            elements=[cv.Path.MoveTo(*a), cv.Path.LineTo(*b), cv.Path.LineTo(mid, mid), cv.Path.Close()],
            paint=ft.Paint(color=PAINT[COLOURS[colour]] if look.playing[colour] else "#e0e0e0",
                           style=ft.PaintingStyle.FILL),
        ))
        target = look.reached[colour]
        shapes.append(cv.Path(
            elements=[cv.Path.MoveTo(*a), cv.Path.LineTo(*b), cv.Path.LineTo(mid, mid), cv.Path.Close()],
            paint=ft.Paint(color=HIGHLIGHT if target else LINE, stroke_width=3 if target else 0.8,
                           style=ft.PaintingStyle.STROKE),
        ))
    counts: list[ft.Control] = []
    spots = {0: (mid, side * 0.8), 1: (side * 0.8, mid), 2: (mid, side * 0.2), 3: (side * 0.2, mid)}
    for colour, (cx, cy) in spots.items():
        home = look.home[colour]
        if home:
            box = size * 0.9
            counts.append(ft.Container(
                left=cx - box / 2, top=cy - box / 2, width=box, height=box, alignment=ft.Alignment.CENTER,
                content=ft.Text(str(home), size=max(8.0, size * 0.55), weight=ft.FontWeight.BOLD,
                                color=INK if colour == 0 else "#ffffff"),
            ))
    return placed(x * size, y * size, ft.Semantics(
        label=look.label, container=True, exclude_semantics=True,
        content=ft.Stack(width=side, height=side, controls=[
            cv.Canvas(width=side, height=side, shapes=shapes), *counts])))


GoalDrawn = memo(Goal)


# -- a close-up of one move: its squares drawn big (the board's own squares are small on a phone) --
STRIP_SQUARE = 34
STRIP_MOST = 8  # squares shown of one move; a longer one (a 20 or 10 bonus) shows its ends


def path_spots(move: Move) -> list[Spot | None]:
    """The places a move goes along, from where it leaves to where it lands; None stands for the
    squares left out of a long move."""
    colour = move.piece[0]
    if move.frm == NEST:
        return [("nest", colour), spot_of(colour, move.to)]
    spots: list[Spot | None] = [spot_of(colour, progress) for progress in range(move.frm, move.to + 1)]
    if len(spots) > STRIP_MOST:
        spots = [*spots[:2], None, *spots[-(STRIP_MOST - 3):]]
    return spots


def strip_square(tr: Tr, position: Position, spot: Spot | None, colour: int, role: str) -> ft.Control:
    """One place of a move's close-up: its number (or lane, nest, goal), the pieces on it, and
    whether the move leaves (`start`), lands (`land`, `capture`) or passes there."""
    size = STRIP_SQUARE
    if spot is None:
        return ft.Container(width=size * 0.6, height=size, alignment=ft.Alignment.CENTER,
                            content=ft.Text("…", size=16, color=INK, weight=ft.FontWeight.BOLD))
    here = pieces_at(position, spot)
    if spot[0] == "t":
        paint = square_paint(spot, Lit())
        mark: ft.Control = ft.Text(str(spot[1]), size=13, color=INK, weight=ft.FontWeight.BOLD, no_wrap=True)
    elif spot[0] == "l":
        paint = LANE_PAINT[COLOURS[colour]]
        mark = ft.Text(tr("parchis_ui.strip.lane", lane=spot[-1]), size=11, color=INK, weight=ft.FontWeight.BOLD,
                       no_wrap=True)
    elif spot[0] == "nest":
        paint = NEST_PAINT[COLOURS[colour]]
        mark = ft.Icon(ft.Icons.HOME, size=18, color=INK)
    else:
        paint = PAINT[COLOURS[colour]]
        mark = ft.Icon(ft.Icons.FLAG, size=18, color="#ffffff")
    edge = {"start": MOVABLE, "land": TARGET, "capture": CAPTURE}.get(role)
    dots = [dot(piece[0], size * 0.34) for piece in here[:2]] if spot[0] not in ("nest", "goal") else []
    return ft.Container(
        width=size, height=size, bgcolor=edge or paint, border=ft.Border.all(2 if edge else 0.5,
                                                                               HIGHLIGHT if edge else LINE),
        content=ft.Stack(width=size, height=size, controls=[
            ft.Container(left=0, right=0, top=1, alignment=ft.Alignment.TOP_CENTER, content=mark),
            ft.Container(left=0, right=0, bottom=2, alignment=ft.Alignment.BOTTOM_CENTER,
                         content=ft.Row(spacing=1, tight=True, controls=dots)),
        ]),
    )


def move_strip(tr: Tr, position: Position, move: Move) -> ft.Control:
    """A move's squares in a row, big enough to read on a phone: where it leaves, the squares it
    passes and where it lands (red when it captures there)."""
    spots = path_spots(move)
    last = len(spots) - 1
    cells = [
        strip_square(tr, position, spot, move.piece[0],
                     "start" if index == 0 else ("capture" if move.capture is not None else "land")
                     if index == last else "pass")
        for index, spot in enumerate(spots)
    ]
    return ft.Row(spacing=0, tight=True, controls=cells)


def all_spots() -> list[tuple[Spot, tuple[int, int]]]:
    spots: list[tuple[Spot, tuple[int, int]]] = [(("t", square), track_xy(square)) for square in range(1, 69)]
    spots += [(("l", colour, lane), lane_xy(colour, lane)) for colour in range(4) for lane in range(1, 8)]
    return spots


SPOTS = all_spots()


def board_control(tr: Tr, position: Position, size: float, moves: Sequence[Move] = (),
                  on_tap: Callable[[Spot], Any] | None = None) -> ft.Control:
    """The whole board, `size` pixels a square (19 squares a side). `on_tap` should be the same
    function on every render (views.hooks.use_latest), or every square is drawn again."""
    lit = Lit.of(moves)
    here = standing(position)
    layers: list[ft.Control] = [nest_control(tr, position, colour, size, lit, on_tap, here.get(("nest", colour), []))
                                for colour in range(4)]
    layers += [cell_control(tr, position, spot, xy, size, lit, on_tap, here.get(spot, [])) for spot, xy in SPOTS]
    layers.append(goal_control(tr, position, size, lit))
    return ft.Container(
        key="board", width=GRID * size + 4, height=GRID * size + 4, bgcolor=LINE, padding=2, border_radius=4,
        content=ft.Stack(width=GRID * size, height=GRID * size, controls=layers),
    )


__all__ = ["Lit", "board_control", "cell_xy", "lane_xy", "move_strip", "move_words", "path_spots", "piece_word",
           "place_word", "track_xy", "worded_refusal"]
