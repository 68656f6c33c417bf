"""The Bell's Senet board drawn as it lies on the table: three rows of ten, S-shaped.

On a phone held upright the same board stands on end: three columns of ten, the path still
an S (down the first column, up the second, down the third), so that squares stay thumb-sized.

Nothing here knows a rule. The board is drawn from a `Position`; which pieces and squares
light up comes from the engine's `legal_moves` list, passed in as `Lit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.senet import HOUSE_OF_BEAUTY, OFF, SAFE_SQUARES, Move, Position
from views.hooks import memo

# Wood and paint: the board keeps its own colours in light and dark theme, like the real one.
WOOD = "#ecd9b0"
WOOD_SAFE = "#dcc08a"
HOUSE = "#e9b949"
LINE = "#6d4c41"
INK = "#4e342e"
MOVABLE = "#fff176"  # a piece that can move with this throw
TARGET = "#a5d6a7"  # where a lit piece would land
CAPTURE = "#ef9a9a"  # a lit target holding an opponent's piece
GLOW = "#f57f17"
ARROW = "#1b5e20"
FRAME = 3  # the board's wooden frame, in pixels

MARKS = {27: "senet_ui.mark.27", 28: "senet_ui.mark.28", 29: "senet_ui.mark.29", 30: "senet_ui.mark.30"}


def board_rows() -> list[list[int]]:
    """The squares row by row as drawn, left to right (SN-1): the middle row runs 20..11."""
    return [list(range(1, 11)), list(range(20, 10, -1)), list(range(21, 31))]


def board_columns() -> list[list[int]]:
    """The upright board: each row of the table becomes a column, read top to bottom.

    The first column runs 1..10 downwards, the middle one 20..11 (so the path climbs it),
    the last 21..30 downwards: square n+1 always touches square n (SN-1).
    """
    return board_rows()


@dataclass(frozen=True)
class Lit:
    """The legal moves of the throw entered, keyed for drawing: by piece and by target."""

    movable: dict[int, Move] = field(default_factory=dict)  # square of a piece that can move -> its move
    targets: dict[int, Move] = field(default_factory=dict)  # target square -> the move landing there
    bear_off: list[Move] = field(default_factory=list)  # moves that leave the board

    @classmethod
    def of(cls, moves: Iterable[Move]) -> Lit:
        lit = cls()
        for move in moves:
            lit.movable[move.frm] = move
            if move.to == OFF:
                lit.bear_off.append(move)
            else:
                lit.targets[int(move.to)] = move
        return lit


def hex_rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    if len(value) == 8:  # AARRGGBB
        value = value[2:]
    if len(value) != 6:
        return (128, 128, 128)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def is_light(colour: str) -> bool:
    r, g, b = hex_rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def outline_for(colour: str) -> str:
    """A ring that stands out from the piece's own colour."""
    return "#212121" if is_light(colour) else "#ffffff"


def piece(player: int, colour: str, size: float | None = None, glow: bool = False,
          **layout: Any) -> ft.Container:
    """Player 1 plays discs, player 2 rounded squares, so equal colours still differ. `layout`:
    where it sits (`aspect_ratio`, a Stack's `left`...)."""
    ring = outline_for(colour)
    shadow = [ft.BoxShadow(blur_radius=2, spread_radius=1, color="#8a000000")]
    if glow:
        shadow = [ft.BoxShadow(blur_radius=6, spread_radius=3, color=GLOW)]
    common: dict[str, Any] = {
        "width": size, "height": size, "bgcolor": colour, "shadow": shadow,
        "border": ft.Border.all(2.5 if size is None or size > 20 else 1.5, ring), **layout,
    }
    if player == 1:
        return ft.Container(shape=ft.BoxShape.CIRCLE, **common)
    return ft.Container(border_radius=ft.BorderRadius.all(6 if size is None or size > 20 else 4), **common)


def square_label(tr: Callable[..., str], square: int, owner: int, names: dict[int, str], lit: Lit) -> str:
    """What a screen reader (and the browser test) hears for one square."""
    if owner:
        text = tr("senet_ui.sq.piece", square=square, name=names[owner])
    else:
        text = tr("senet_ui.sq.empty", square=square)
    if square in lit.movable:
        move = lit.movable[square]
        if move.to == OFF:
            text += " · " + tr("senet_ui.sq.can_bear_off")
        else:
            text += " · " + tr("senet_ui.sq.can_move", to=move.to)
    if square in lit.targets:
        move = lit.targets[square]
        key = "senet_ui.sq.capture_target" if move.capture else "senet_ui.sq.target"
        text += " · " + tr(key, frm=move.frm)
    return text


@dataclass(frozen=True)
class SquareLook:
    """Everything one square shows, compared whole: a square whose look did not change with a tap
    keeps its drawing (Flet sends nothing for it)."""

    square: int
    label: str  # what a screen reader (and the browser test) hears
    bg: str
    owner: int  # 0: empty
    colour: str  # the owner's colour
    movable: bool  # its piece can move with this throw
    target: Move | None  # the move landing here
    mark: str  # X, III, II, I painted on 27..30; "" elsewhere
    house: str  # the House of Beauty's word on 26; "" elsewhere
    number_size: float
    size: float | None  # None: a share of the row


def square_look(tr: Callable[..., str], square: int, position: Position, colours: dict[int, str],
                names: dict[int, str], lit: Lit, number_size: float, size: float | None) -> SquareLook:
    owner = position.owner(square)
    movable = square in lit.movable
    target = lit.targets.get(square)
    if target is not None:
        bg = CAPTURE if target.capture else TARGET
    elif movable:
        bg = MOVABLE
    elif square == HOUSE_OF_BEAUTY:
        bg = HOUSE
    elif square in SAFE_SQUARES:
        bg = WOOD_SAFE
    else:
        bg = WOOD
    return SquareLook(
        square=square, label=square_label(tr, square, owner, names, lit), bg=bg, owner=owner,
        colour=colours[owner] if owner else "", movable=movable, target=target,
        mark=tr(MARKS[square]) if square in MARKS else "",
        house=tr("senet_ui.mark.26") if square == HOUSE_OF_BEAUTY else "", number_size=number_size, size=size)


@ft.component
def Square(look: SquareLook, on_tap: Callable[[int], Any] | None) -> ft.Control:
    """One square; it takes its share of the row (`size` None) or exactly `size` pixels."""
    owner, target, number_size, size = look.owner, look.target, look.number_size, look.size
    # Each layer keyed: a frame or an aim coming or going changes that layer alone.
    layers: list[ft.Control] = []
    if look.mark:  # X, III, II, I painted on the square
        layers.append(ft.Container(
            key="mark", left=0, right=0, top=0, bottom=0, alignment=ft.Alignment.CENTER,
            content=ft.Text(look.mark, size=number_size * 1.9, weight=ft.FontWeight.BOLD,
                            color="#7a5a2b" if not owner else "#5c4322", no_wrap=True),
        ))
    if look.house:
        layers.append(ft.Container(
            key="house", left=0, right=0, bottom=1, alignment=ft.Alignment.BOTTOM_CENTER,
            content=ft.Text(look.house, size=max(7.0, number_size * 0.85), color=INK,
                            no_wrap=True, weight=ft.FontWeight.BOLD),
        ))
    if owner:
        layers.append(ft.Container(
            key="piece", left=0, right=0, top=0, bottom=0, alignment=ft.Alignment.CENTER,
            # a little off centre, clear of the number in the top-left corner
            padding=ft.Padding.only(left=number_size * 0.85, top=number_size * 0.85,
                                    right=number_size * 0.4, bottom=number_size * 0.4),
            content=piece(owner, look.colour, glow=look.movable, aspect_ratio=1),
        ))
    # (an icon filling the square draws its glyph in the middle; few controls, for a quick diff)
    if target is not None and not owner:
        layers.append(ft.Icon(ft.Icons.ADJUST, color=ARROW, size=number_size * 2, key="aim",
                              left=0, right=0, top=0, bottom=0))
    if target is not None and target.capture:
        layers.append(ft.Icon(ft.Icons.CLOSE, color="#b71c1c", size=number_size * 1.3, key="capture", right=1, top=1))
    if look.movable or target is not None:  # a frame drawn over the square, so the piece keeps its size
        layers.append(ft.Container(key="frame", left=0, right=0, top=0, bottom=0, border=ft.Border.all(3, ARROW)))
    layers.append(ft.Text(str(look.square), size=number_size, color=INK, weight=ft.FontWeight.BOLD, no_wrap=True,
                          key="number", left=2, top=0))  # the square's number, small in the corner

    cell = ft.Container(
        aspect_ratio=1 if size is None else None,
        width=size,
        height=size,
        bgcolor=look.bg,
        border=ft.Border.all(1, LINE),
        on_click=(lambda e, s=look.square: on_tap(s)) if on_tap else None,
        ink=on_tap is not None,
        content=ft.Stack(controls=layers, fit=ft.StackFit.EXPAND),
    )
    return ft.Semantics(
        expand=1 if size is None else None,
        label=look.label,
        button=on_tap is not None,
        container=True,
        exclude_semantics=True,
        content=cell,
    )


SquareCell = memo(Square)  # drawn again only when its look changed (or the tap handler came or went)


def board_control(
    tr: Callable[..., str],
    position: Position,
    colours: dict[int, str],
    names: dict[int, str],
    lit: Lit | None = None,
    on_tap: Callable[[int], Any] | None = None,
    square_size: float = 40,
    upright: bool = False,
) -> ft.Control:
    """The 3×10 board: lying (each square a tenth of the width) or upright (3 columns of
    10 squares of `square_size` pixels each). `on_tap` should be the same function on every
    render (views.hooks.use_latest), or every square is drawn again."""
    lit = lit or Lit()
    number_size = max(8.0, min(13.0, square_size * 0.24))

    def cell(sq: int, size: float | None) -> ft.Control:
        look = square_look(tr, sq, position, colours, names, lit, number_size, size)
        return SquareCell(look, on_tap)

    if upright:
        content: ft.Control = ft.Row(spacing=0, tight=True, controls=[
            ft.Column(spacing=0, tight=True, controls=[cell(sq, square_size) for sq in column])
            for column in board_columns()
        ])
    else:
        content = ft.Column(spacing=0, controls=[
            ft.Row(spacing=0, controls=[cell(sq, None) for sq in row]) for row in board_rows()
        ])
    return ft.Container(
        key="board",
        border=ft.Border.all(FRAME, LINE),
        border_radius=4,
        bgcolor=LINE,
        content=content,
    )
