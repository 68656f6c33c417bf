"""The Bell's Senet match screen: the board, the throw pad, and what the referee says.

Everything shown comes from the `LiveMatch`: the position and the throw waiting for its move
(`live.state`), the result (`live.outcome`), the names by seat (`live.names`) and the last move
as the engine told it (the events of the stored entries). Each tap is one call to the
LiveMatch, so one stored entry at most: a throw `{"throw": n}`, 'roll for me' (the engine's own
die), or a move `{"move": {"from": s}}`. The engine decides what is legal and says why a tap
is refused; the screen only shows it.

On a phone held upright the board stands on end beside the panel, so that squares stay at
least 48 pixels wide; the throw pad sits at a fixed place in the panel, above the messages,
so that no banner can push it away.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.game import Outcome
from companion.senet import OFF, Move, Position, SenetState, forced_move, legal_moves
from companion.session import Step
from views.hooks import use_latest
from views.live import LiveMatch
from views.model import AppModel
from views.screens.match import MatchTools, match_notices, refusal_banner
from views.senet.board import FRAME, Lit, board_control, piece
from views.senet.log import move_sentence, player_name
from views.ui import TAP, banner, big_button, end_card

Tr = Callable[..., str]

THROWS = (1, 2, 3, 4)
SIDE_BY_SIDE = 992  # from the `lg` breakpoint the panel sits beside a lying board
BOARD_COL: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "lg": 7}
PANEL_COL: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "lg": 5}
DEFAULT_COLOURS = {1: "#f5f5f5", 2: "#212121"}

# What surrounds the screen's content (the app bar and the view's padding), and what the
# upright layout keeps below the board (the tools row), so that Undo stays on screen.
APP_BAR = 56
VIEW_PADDING = 12
GAP = 8
PANEL_MIN = 168  # the panel beside an upright board: two throw buttons of 80 px side by side
UPRIGHT_MAX = 64  # bigger squares only waste the panel's room


@dataclass(frozen=True)
class Layout:
    """How the board is drawn for a window: `upright` (3 columns of 10 beside the panel)
    or lying (3 rows of 10 above or beside it), and about how wide one square is."""

    upright: bool
    square: float


def board_layout(width: float | None, height: float | None) -> Layout:
    """The layout for a window of `width` × `height` logical pixels.

    A phone in portrait stands the board upright: lying, its squares would be a tenth of
    the phone's width (33 px at 360 px, too small for a thumb). Upright, the squares are
    as big as the height allows with the tools row still on screen below the board.
    """
    width = width or 400
    height = height or 800
    inner = width - 2 * VIEW_PADDING
    lying = max(20.0, (inner - 2 * FRAME) / 10)
    if inner + 2 * VIEW_PADDING >= SIDE_BY_SIDE:
        lying = (inner * BOARD_COL["lg"] / 12 - 16 - 2 * FRAME) / 10
    if width >= SIDE_BY_SIDE or height <= width:
        return Layout(False, lying)
    below = APP_BAR + 2 * VIEW_PADDING + 2 * FRAME + 2 * GAP + TAP  # app bar, padding, frame, tools
    by_height = (height - below) / 10
    by_width = (inner - GAP - PANEL_MIN - 2 * FRAME) / 3
    upright = float(int(min(by_height, by_width, UPRIGHT_MAX)))
    if upright <= lying:
        return Layout(False, lying)
    return Layout(True, upright)


def by_player(by_seat: Mapping[int, str], fallback: Mapping[int, str] | None = None) -> dict[int, str]:
    """Re-key a by-seat mapping by the position's player numbers: the position numbers its
    players 1 and 2, and seat 0 plays player 1 (SN-2)."""
    keyed = {player: by_seat.get(player - 1) or "" for player in (1, 2)}
    if fallback:
        keyed = {player: value or fallback[player] for player, value in keyed.items()}
    return keyed


# -- what happened, from the engine's events -----------------------------------------------------
def last_move_text(tr: Tr, history: Sequence[Step], initial_state: SenetState, names: Mapping[int, str]) -> str | None:
    """"Last move: …": the newest move or pass in the log, in the log's own sentence."""
    for index in range(len(history) - 1, -1, -1):
        before = history[index - 1].state if index else initial_state
        said = move_sentence(tr, history[index], before, names)
        if said is not None:
            return tr("senet_ui.last_move", said=said)
    return None


def passed_now(events: Sequence[Mapping[str, Any]]) -> bool:
    """This screen's last entry was a throw the engine passed at once (SN-11)."""
    return any(event.get("type") == "pass" for event in events)




@dataclass(frozen=True)
class Prompt:
    """What the player to move should do now: a short headline, the how, and its kind
    (plain, or forced when SN-10 holds pieces back, announced so nobody wonders why)."""

    headline: str
    hint: str
    kind: str = "plain"


def prompt_text(tr: Tr, position: Position, throw: int | None, moves: Sequence[Move], name: str) -> Prompt:
    if throw is None:
        return Prompt(tr("senet_ui.turn", name=name), tr("senet_ui.enter_throw"))
    headline = tr("senet_ui.thrown", name=name, throw=throw)
    if moves and forced_move(position, throw):
        squares = ", ".join(str(move.frm) for move in moves)
        return Prompt(headline, tr("senet_ui.forced", squares=squares), "forced")
    return Prompt(headline, tr("senet_ui.tap_lit"))


def move_label(tr: Tr, move: Move, names: Mapping[int, str], position: Position) -> tuple[str, str]:
    """A legal move as a button shows it ("19 → 22") and as it is read aloud."""
    if move.to == OFF:
        return f"{move.frm} → {tr('senet_ui.off')}", tr("senet_ui.move.bear_off", frm=move.frm)
    if move.capture:
        victim = names.get(position.owner(int(move.to)), "")
        return f"{move.frm} → {move.to}", tr("senet_ui.move.capture", frm=move.frm, to=move.to, name=victim)
    return f"{move.frm} → {move.to}", tr("senet_ui.move.to", frm=move.frm, to=move.to)


# -- pieces of the screen ---------------------------------------------------------------------------
def player_card(tr: Tr, player: int, position: Position, names: Mapping[int, str], colours: Mapping[int, str],
                to_move: bool, compact: bool) -> ft.Control:
    """A player's name, piece and score; the player to move stands out. `compact`: one line."""
    name = names[player]
    label = tr("senet_ui.player_card", name=name, score=position.score(player), board=position.on_board(player),
               captured=position.captured(player)) + (" · " + tr("senet_ui.to_move") if to_move else "")
    header: list[ft.Control] = [
        piece(player, colours[player], size=20),
        ft.Text(name, size=15, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
    ]
    if compact:  # a phone: the pieces borne off and the pieces left, in words, under the name
        content: ft.Control = ft.Column(spacing=0, controls=[
            ft.Row(spacing=6, controls=header),
            ft.Text(tr("senet_ui.compact", score=position.score(player), board=position.on_board(player)), size=12,
                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, key=f"counts-{player}"),
        ])
    else:
        stats = tr("senet_ui.stats", board=position.on_board(player), captured=position.captured(player))
        content = ft.Column(spacing=2, controls=[
            ft.Row(spacing=8, controls=header),
            ft.Text(tr("senet_ui.score", score=position.score(player)), size=15, weight=ft.FontWeight.BOLD),
            ft.Text(stats, size=13),
            *([ft.Container(
                bgcolor=ft.Colors.PRIMARY, border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                content=ft.Text(tr("senet_ui.to_move"), size=13, color=ft.Colors.ON_PRIMARY,
                                weight=ft.FontWeight.BOLD),
            )] if to_move else []),
        ])
    return ft.Semantics(
        col={"xs": 6}, label=label, container=True, exclude_semantics=True,
        content=ft.Container(
            key=f"player-{player}",
            padding=ft.Padding.symmetric(horizontal=8, vertical=6) if compact else 10,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if to_move else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(2, ft.Colors.PRIMARY if to_move else ft.Colors.OUTLINE_VARIANT),
            content=content,
        ),
    )


def throw_pad(tr: Tr, waiting: int | None, can_throw: bool, on_throw: Callable[[int], Any],
              on_roll: Callable[[], Any], columns: int) -> ft.Control:
    """The four faces of the stick die and 'roll for me'. While a throw waits for its move the
    pad shows it and takes no other (one throw per turn, SN-4; Undo takes a throw back)."""
    buttons: list[ft.Control] = [
        (ft.FilledButton if n == waiting else ft.OutlinedButton)(
            content=ft.Text(str(n), size=22, weight=ft.FontWeight.BOLD,
                            semantics_label=tr("senet_ui.throw_n", throw=n)),
            height=TAP, expand=True, key=f"throw-{n}", disabled=not can_throw and n != waiting,
            on_click=(lambda _, n=n: on_throw(n)) if can_throw else None,
        )
        for n in THROWS
    ]
    rows = [ft.Row(spacing=GAP, controls=buttons[i:i + columns]) for i in range(0, len(buttons), columns)]
    roll = ft.OutlinedButton(
        content=ft.Text(tr("senet_ui.roll"), size=15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        icon=ft.Icons.CASINO, height=TAP, key="roll", disabled=not can_throw,
        on_click=lambda: on_roll(),
    )
    return ft.Column(key="throw-pad", spacing=GAP, controls=[*rows, ft.Row(controls=[ft.Container(expand=True,
                                                                                                 content=roll)])])


def move_buttons(tr: Tr, moves: Sequence[Move], names: Mapping[int, str], position: Position,
                 on_move: Callable[[int], Any]) -> ft.Control:
    """The legal moves as buttons a thumb can hit, whatever the squares' size."""
    buttons: list[ft.Control] = []
    for move in moves:
        shown, said = move_label(tr, move, names, position)
        text = ft.Text(shown, size=16, weight=ft.FontWeight.BOLD, semantics_label=said)
        capture = ft.Icon(ft.Icons.CLOSE, size=18, color=ft.Colors.ERROR)  # drawn, not a glyph: every font has it
        buttons.append(ft.FilledTonalButton(
            content=ft.Row(tight=True, spacing=2, controls=[text, capture]) if move.capture else text,
            height=TAP, key=f"move-{move.frm}", style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            on_click=lambda _, frm=move.frm: on_move(frm),
        ))
    return ft.Row(key="moves", wrap=True, spacing=GAP, run_spacing=GAP, controls=buttons)


def result_card(tr: Tr, outcome: Outcome, names: Mapping[int, str], go_home: Callable[[], Any]) -> ft.Control:
    """Who placed where, as the engine ranks it, with the final scores (SN-12..SN-14)."""
    first = outcome.places[0] if outcome.places else ()
    alone = len(first) == 1  # one winner; a shared first place is a draw (SN-14)
    headline = tr("senet_ui.winner", name=player_name(tr, names, first[0])) if alone else tr("senet_ui.draw")
    places = [tr("senet_ui.place_line", place=outcome.placing(seat), name=player_name(tr, names, seat),
                 score=outcome.scores.get(seat, 0)) for group in outcome.places for seat in group]
    return end_card(headline, places,
                    big_button(tr("senet_ui.home"), lambda: go_home(), icon=ft.Icons.HOME, key="home"))


def house_rule_notice(tr: Tr) -> ft.Control:
    text = tr("senet.house.gate_exact_26")
    return ft.Semantics(
        label=text, container=True, exclude_semantics=True,
        content=ft.Row(key="house-rule", controls=[
            ft.Icon(ft.Icons.HOME_WORK, size=18),
            ft.Text(text, size=13, expand=True),
        ]),
    )


# -- the screen --------------------------------------------------------------------------------------
@ft.component
def SenetScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    seen = live.seq  # every tap below names this rendering (one tap, one entry)
    width, height = model.width, model.height  # the shell follows the window (AppModel.resized)
    tr = model.tr
    state: SenetState = live.state
    position, throw = state.position, state.throw
    outcome = live.outcome
    playing = live.active and not outcome.over
    names = by_player(live.names, {player: tr("senet_ui.player_n", seat=player) for player in (1, 2)})
    colours = by_player(live.colours, DEFAULT_COLOURS)
    mover = live.session.to_move()  # a seat, None once the game is over
    mover_name = player_name(tr, live.names, mover) if mover is not None else ""
    moves = legal_moves(position, throw) if playing and throw is not None else []
    lit = Lit.of(moves)
    layout = board_layout(width, height)

    def move_from(square: int) -> None:
        target = lit.targets.get(square)
        # A lit target plays the move landing there; any other square names its own piece, and
        # the engine says why that cannot go (no throw yet, not there, not yours, SN-5..SN-10).
        live.apply({"move": {"from": target.frm if target is not None else square}}, seen=seen)

    on_square = use_latest(move_from)  # one handler for every render: unchanged squares are not drawn again
    board = board_control(tr, position, colours, names, lit, on_square if playing else None,
                          layout.square, upright=layout.upright)
    cards = [player_card(tr, player, position, names, colours, to_move=playing and mover == player - 1,
                         compact=layout.upright) for player in (1, 2)]
    pad = throw_pad(tr, throw, playing and throw is None, lambda n: live.apply({"throw": n}, seen=seen),
                    lambda: live.roll(seen=seen), columns=2 if layout.upright else 4)

    messages: list[ft.Control] = []
    refused = refusal_banner(model, live)
    if refused is not None:
        messages.append(refused)
    messages += match_notices(model, live, tr("senet_ui.reloaded"))
    last = last_move_text(tr, live.session.history, live.session.initial_state, live.names)
    if outcome.over:
        messages.append(result_card(tr, outcome, live.names, model.home))
    elif playing:
        said = prompt_text(tr, position, throw, moves, mover_name)
        messages.append(ft.Text(said.headline, key="prompt", size=16, weight=ft.FontWeight.BOLD))
        if said.kind == "forced":  # SN-10 decides: say so, or the player wonders why pieces stay dark
            messages.append(banner(said.hint, ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER,
                                   ft.Icons.CAMPAIGN, key="forced"))
        else:
            messages.append(ft.Text(said.hint, key="hint", size=13))
        if moves:
            messages.append(move_buttons(tr, moves, names, position, move_from))
    if last:
        if passed_now(live.events) and not outcome.over:  # a pass just now: announce it (SN-11)
            messages.append(banner(last, ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER,
                                   ft.Icons.SKIP_NEXT, key="last"))
        else:
            messages.append(ft.Container(
                key="last", padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                    ft.Icon(ft.Icons.HISTORY, size=18), ft.Text(last, size=13, expand=True)]),
            ))
    if position.house_rules.gate_exact_26:
        messages.append(house_rule_notice(tr))

    tools = MatchTools(model, live)
    fixed = [pad] if playing else []
    if layout.upright:
        board_height = 10 * layout.square + 2 * FRAME
        panel = ft.Column(
            expand=True, height=board_height, spacing=GAP,
            controls=[*cards, *fixed,
                      ft.Column(expand=True, spacing=GAP, scroll=ft.ScrollMode.AUTO, controls=messages)],
        )
        return ft.Column(spacing=GAP, controls=[
            ft.Row(spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.START, controls=[board, panel]),
            tools,
        ])
    left = ft.Column(col=BOARD_COL, spacing=10, controls=[
        ft.ResponsiveRow(spacing=8, run_spacing=8, controls=cards),
        board,
        ft.Text(tr("senet_ui.path_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ])
    panel = ft.Column(col=PANEL_COL, spacing=10, controls=[*fixed, tools, *messages])
    return ft.ResponsiveRow(spacing=16, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START,
                            controls=[left, panel])
