"""The Parchís match screen: the cross-shaped board, the die pad, the legal moves as big buttons,
and what the referee says in words.

Everything shown comes from the `LiveMatch`: the position and the roll waiting for its move
(`live.state`), the result (`live.outcome`), the names by seat (`live.names`; seat i plays the
i-th colour in play, in the order yellow, blue, red, green) and the events of the stored
entries. A tap is one call to the LiveMatch, so one stored entry at most: a roll `{"roll": n}`,
'roll for me' (the engine's own die), or a move `{"move": {"piece": "yellow.1"}}` (with the roll
waiting, or for a pending 20/10 bonus). The engine decides what is legal; the screen shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.game import Outcome
from companion.parchis import COLOURS, GOAL, Move, Options, ParchisState, Position, pending
from companion.parchis.board import parse_piece_name, partner
from views.hooks import use_latest
from views.live import LiveMatch
from views.model import AppModel
from views.parchis.board import (
    PAINT,
    Lit,
    Spot,
    board_control,
    colour_word,
    move_strip,
    move_words,
    piece_word,
    place_word,
    tap_of,
    worded_refusal,
)
from views.screens.match import MatchTools, match_notices, refusal_banner
from views.ui import TAP, banner, big_button, end_card

Tr = Callable[..., str]
Event = Mapping[str, Any]

FACES = (1, 2, 3, 4, 5, 6)
SIDE_BY_SIDE = 992
BOARD_COL: Any = {"xs": 12, "lg": 7}
PANEL_COL: Any = {"xs": 12, "lg": 5}
APP_BAR = 56
VIEW_PADDING = 12
GAP = 8


def square_size(width: float | None, height: float | None) -> float:
    """Pixels per board square: the board fills the phone's width, or most of a desktop's height."""
    width = width or 400
    height = height or 800
    if width >= SIDE_BY_SIDE:
        by_width = (width - 2 * VIEW_PADDING) * BOARD_COL["lg"] / 12 - 24
        by_height = height - APP_BAR - 2 * VIEW_PADDING - 16
        return float(max(14, int(min(by_width, by_height) / 19)))
    return float(max(12, int((width - 2 * VIEW_PADDING - 8) / 19)))


# -- words -------------------------------------------------------------------------------------------
def seat_name(tr: Tr, names: Mapping[int, str], seats: Sequence[int], seat: int) -> str:
    """"Ana (Yellow)": the player and the colour the seat plays (`seats`: colour by seat)."""
    colour = seats[seat] if 0 <= seat < len(seats) else None
    name = names.get(seat) or tr("parchis_ui.seat_n", seat=seat + 1)
    return tr("parchis_ui.named", name=name, colour=colour_word(tr, colour)) if colour is not None else name


def _piece(tr: Tr, name: Any) -> str:
    piece = parse_piece_name(name)
    return piece_word(tr, piece) if piece is not None else str(name)


def _place(tr: Tr, piece_name: Any, place: Any) -> str:
    piece = parse_piece_name(piece_name)
    return place_word(tr, piece[0], str(place)) if piece is not None else str(place)


def event_text(tr: Tr, event: Event, who: str) -> str | None:
    """One engine event in words (`who` is the player whose entry it was)."""
    kind = event.get("type")
    if kind == "roll":
        key = "parchis_ui.said.roll_seven" if event.get("steps") == 7 else "parchis_ui.said.roll"
        return tr(key, name=who, roll=event["roll"])
    if kind == "move":
        piece = event["piece"]
        key = "parchis_ui.said.bonus_move" if event.get("bonus") else "parchis_ui.said.move"
        return tr(key, name=who, piece=_piece(tr, piece), frm=_place(tr, piece, event["from"]),
                  to=_place(tr, piece, event["to"]), steps=event.get("steps", ""))
    if kind == "capture":
        return tr("parchis_ui.said.capture", piece=_piece(tr, event["piece"]), by=_piece(tr, event["by"]),
                  square=_place(tr, event["by"], event["square"]))
    if kind == "goal":
        return tr("parchis_ui.said.goal", piece=_piece(tr, event["piece"]), count=event.get("in_goal", ""))
    if kind == "out_of_play":  # PA-7, quick team game: the finished player's pieces leave the board
        names = [parse_piece_name(name) for name in event["pieces"]]
        colour = next((piece[0] for piece in names if piece is not None), None)
        return tr("parchis_ui.said.out_of_play", colour=colour_word(tr, colour) if colour is not None else "",
                  pieces=", ".join(_piece(tr, name) for name in event["pieces"]))
    if kind == "bonus":
        key = "parchis_ui.said.bonus_capture" if event.get("for") == "capture" else "parchis_ui.said.bonus_goal"
        return tr(key, steps=event["steps"])
    if kind == "bonus_lost":
        return tr("parchis_ui.said.bonus_lost", steps=event["steps"])
    if kind == "pass":
        return tr("parchis_ui.said.pass", name=who, roll=event["roll"])
    if kind == "penalty":
        if event.get("piece") is None:
            return tr("parchis_ui.said.penalty_nothing", name=who)
        key = "parchis_ui.said.penalty_home" if event.get("home") else "parchis_ui.said.penalty_safe"
        return tr(key, name=who, piece=_piece(tr, event["piece"]), frm=_place(tr, event["piece"], event["from"]))
    if kind == "game_over":
        return tr("parchis_ui.said.game_over")
    return None


def step_text(tr: Tr, events: Sequence[Event], names: Mapping[int, str], seats: Sequence[int]) -> str | None:
    """All the events of one stored entry, in words, as one paragraph."""
    said = []
    settled = any(event.get("type") in ("pass", "penalty") for event in events)  # they say the roll too
    for event in events:
        if settled and event.get("type") == "roll":
            continue
        seat = event.get("seat")
        who = seat_name(tr, names, seats, seat) if isinstance(seat, int) else ""
        text = event_text(tr, event, who)
        if text:
            said.append(text)
    return " ".join(said) or None


def alarming(events: Sequence[Event]) -> bool:
    """Events a player must not miss: a third six, a capture, a piece home, a lost bonus, a spent roll."""
    return any(event.get("type") in ("penalty", "capture", "goal", "out_of_play", "bonus_lost", "pass")
               for event in events)


def prompt_text(tr: Tr, position: Position, state: ParchisState, allowed: Options | None, who: str) -> str:
    """What the player to move does now."""
    if allowed is None:
        return tr("parchis_ui.prompt.roll", name=who)
    if allowed.bonus:
        return tr("parchis_ui.prompt.bonus", name=who, steps=allowed.steps)
    text = tr("parchis_ui.prompt.rolled", name=who, roll=state.roll, steps=allowed.steps)
    if allowed.forced == "exit":
        text += " " + tr("parchis_ui.prompt.forced_exit")
    elif allowed.forced == "opening":
        text += " " + tr("parchis_ui.prompt.forced_opening")
    return text


def notes(tr: Tr, position: Position) -> list[str]:
    """Facts of the turn worth seeing at a glance: sixes so far, bonuses waiting, whose pieces
    a finished team player moves."""
    said = []
    if position.sixes and not position.over:
        said.append(tr("parchis_ui.note.sixes", count=position.sixes))
    if position.bonus and not position.over:
        said.append(tr("parchis_ui.note.bonus", steps=", ".join(str(steps) for steps in position.bonus)))
    if position.teams and not position.over and position.acting_colour() != position.turn:
        said.append(tr("parchis_ui.note.partner", colour=colour_word(tr, position.turn),
                       partner=colour_word(tr, position.acting_colour())))
    return said


def game_line(tr: Tr, position: Position) -> str:
    mode = tr("parchis_ui.mode_line.quick") if position.mode == "quick" else tr("parchis_ui.mode_line.standard")
    if position.teams:
        mode += " · " + tr("parchis_ui.mode_line.teams")
    return mode


# -- pieces of the screen ---------------------------------------------------------------------------
def player_card(tr: Tr, state: ParchisState, names: Mapping[int, str], seat: int, to_move: bool) -> ft.Control:
    position = state.position
    colour = state.colour_of(seat)
    home = position.pieces[colour].count(GOAL)
    target = position.target
    label = tr("parchis_ui.card", name=seat_name(tr, names, state.seat_colours, seat), home=home, target=target)
    if to_move:
        label += " · " + tr("parchis_ui.to_move")
    if position.teams:
        label += " · " + tr("parchis_ui.team_with", partner=colour_word(tr, partner(colour)))
    return ft.Semantics(
        col={"xs": 6, "md": 3, "lg": 6}, label=label, container=True, exclude_semantics=True,
        content=ft.Container(
            key=f"seat-{seat}", padding=ft.Padding.symmetric(horizontal=8, vertical=6), border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if to_move else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(2, ft.Colors.PRIMARY if to_move else ft.Colors.OUTLINE_VARIANT),
            content=ft.Row(spacing=6, controls=[
                ft.Container(width=18, height=18, shape=ft.BoxShape.CIRCLE, bgcolor=PAINT[COLOURS[colour]],
                             border=ft.Border.all(1, "#212121")),
                ft.Text(names.get(seat) or tr("parchis_ui.seat_n", seat=seat + 1), size=14,
                        weight=ft.FontWeight.BOLD, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(f"{home}/{target}", size=14, weight=ft.FontWeight.BOLD),
            ]),
        ),
    )


def die_pad(tr: Tr, can_roll: bool, on_roll: Callable[[int], Any], on_roll_for_me: Callable[[], Any]) -> ft.Control:
    """The six faces (typed from a real die) and 'roll for me' (the engine's own die)."""
    faces: list[ft.Control] = [
        ft.OutlinedButton(
            content=ft.Text(str(face), size=20, weight=ft.FontWeight.BOLD,
                            semantics_label=tr("parchis_ui.die_n", roll=face)),
            height=TAP, expand=True, key=f"die-{face}", disabled=not can_roll,
            style=ft.ButtonStyle(padding=ft.Padding.all(0)),
            on_click=(lambda _, face=face: on_roll(face)) if can_roll else None,
        )
        for face in FACES
    ]
    roll = ft.FilledButton(
        content=ft.Text(tr("parchis_ui.roll_for_me"), size=15), icon=ft.Icons.CASINO, height=TAP, key="roll",
        disabled=not can_roll, on_click=lambda: on_roll_for_me(),
    )
    return ft.Column(key="die-pad", spacing=GAP, controls=[
        ft.Row(spacing=6, controls=faces), ft.Row(controls=[ft.Container(expand=True, content=roll)])])


def move_buttons(tr: Tr, position: Position, moves: Sequence[Move], on_move: Callable[[Move], Any]) -> ft.Control:
    """The legal moves as buttons a thumb can hit, each with its squares drawn big (the board's
    are small on a phone): where the piece leaves, what it passes, where it lands."""
    buttons: list[ft.Control] = []
    for move in moves:
        shown, said = move_words(tr, move)
        words: list[ft.Control] = [ft.Text(shown, size=15, weight=ft.FontWeight.BOLD)]
        if move.capture is not None:  # the capture mark drawn, not a glyph (a font may lack it), then the victim
            words += [ft.Icon(ft.Icons.CLOSE, size=18, color=ft.Colors.ERROR),
                      ft.Text(piece_word(tr, move.capture), size=15, weight=ft.FontWeight.BOLD)]
        buttons.append(ft.Semantics(  # read aloud as one button, by its sentence
            label=said, button=True, container=True, exclude_semantics=True,
            content=ft.FilledTonalButton(
                content=ft.Column(spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.START, controls=[
                    ft.Row(spacing=4, tight=True, controls=words), move_strip(tr, position, move)]),
                key=f"move-{move.name}",
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                                     shape=ft.RoundedRectangleBorder(radius=12)),
                on_click=lambda _, move=move: on_move(move),
            )))
    return ft.Row(key="moves", wrap=True, spacing=GAP, run_spacing=GAP, controls=buttons)


def result_card(tr: Tr, outcome: Outcome, names: Mapping[int, str], seats: Sequence[int],
                go_home: Callable[[], Any]) -> ft.Control:
    """The winner (or the winning team) first, everybody else together (PA-9)."""
    winners = outcome.places[0] if outcome.places else ()
    headline = tr("parchis_ui.winner", names=" & ".join(seat_name(tr, names, seats, seat) for seat in winners))
    places = [tr("parchis_ui.place_line", place=outcome.placing(seat), name=seat_name(tr, names, seats, seat),
                 home=outcome.scores.get(seat, 0)) for group in outcome.places for seat in group]
    return end_card(headline, places,
                    big_button(tr("parchis_ui.home"), lambda: go_home(), icon=ft.Icons.HOME, key="home"))


def recent_steps(live: LiveMatch, count: int = 2) -> list[list[Event]]:
    """The events of the newest stored entries that said something, newest first."""
    found: list[list[Event]] = []
    for step in reversed(live.session.history):
        if any(event.get("type") != "roll" for event in step.events):  # a bare roll is in the prompt
            found.append(list(step.events))
        if len(found) == count:
            break
    return found


# -- the screen --------------------------------------------------------------------------------------
@ft.component
def ParchisScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    seen = live.seq  # every tap below names this rendering (one tap, one entry)
    width, height = model.width, model.height  # the shell follows the window (AppModel.resized)
    tr = model.tr
    state: ParchisState = live.state
    position = state.position
    outcome = live.outcome
    playing = live.active and not outcome.over
    allowed = pending(state) if playing else None
    moves = allowed.moves if allowed is not None else ()
    mover = live.session.to_move()
    who = seat_name(tr, live.names, state.seat_colours, mover) if mover is not None else ""
    size = square_size(width, height)

    def play_move(move: Move) -> None:
        live.apply({"move": {"piece": move.name}}, seen=seen)

    def tap_spot(spot: Spot) -> None:
        move = Lit.of(moves).move_at(spot)
        if move is not None:
            play_move(move)
        else:  # any other square or nest: the engine says why nothing moves from there, with its rule
            live.apply({"move": tap_of(spot)}, seen=seen)

    on_spot = use_latest(tap_spot)  # one handler for every render: unchanged squares are not drawn again
    board = board_control(tr, position, size, moves, on_spot if playing else None)
    cards = [player_card(tr, state, live.names, seat, to_move=playing and seat == mover)
             for seat in range(len(state.seat_colours))]

    action: list[ft.Control] = []
    messages: list[ft.Control] = []
    refused = refusal_banner(model, live, worded=lambda error: worded_refusal(tr, error))
    first: list[ft.Control] = []  # right under the board: a refused tap is answered where the eye is
    if refused is not None:
        first.append(refused)
    messages += match_notices(model, live, tr("parchis_ui.reloaded"))
    if outcome.over:
        messages.append(result_card(tr, outcome, live.names, state.seat_colours, model.home))
    elif playing:
        action.append(ft.Text(prompt_text(tr, position, state, allowed, who), key="prompt", size=15,
                              weight=ft.FontWeight.BOLD))
        if allowed is None:
            action.append(die_pad(tr, True, lambda n: live.apply({"roll": n}, seen=seen),
                                  lambda: live.roll(seen=seen)))
        else:
            action.append(move_buttons(tr, position, moves, play_move))
        for note in notes(tr, position):
            messages.append(banner(note, ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER,
                                   ft.Icons.INFO_OUTLINE, key="note"))
    steps = recent_steps(live)
    for index, events in enumerate(steps):
        text = step_text(tr, events, live.names, state.seat_colours)
        if not text:
            continue
        if index == 0 and alarming(events):
            messages.append(banner(text, ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER,
                                   ft.Icons.CAMPAIGN, key="said"))
        else:
            messages.append(ft.Container(
                key="said" if index == 0 else "said-before", padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=10, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                    ft.Icon(ft.Icons.HISTORY, size=18), ft.Text(text, size=13, expand=True)]),
            ))
    messages.append(ft.Text(game_line(tr, position), size=13, color=ft.Colors.ON_SURFACE_VARIANT, key="mode"))

    tools = MatchTools(model, live)
    board_column = ft.Column(col=BOARD_COL, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                             controls=[board])
    panel = ft.Column(col=PANEL_COL, spacing=10, controls=[
        *first, *action, ft.ResponsiveRow(spacing=6, run_spacing=6, controls=cards), *messages, tools])
    return ft.ResponsiveRow(spacing=16, run_spacing=10, vertical_alignment=ft.CrossAxisAlignment.START,
                            controls=[board_column, panel])


__all__ = ["ParchisScreen", "event_text", "prompt_text", "square_size", "step_text"]
