"""The Bell's Senet match screen: the board, the throw pad, and what the referee says.

The flow of design.md: the player enters the throw (or lets the view draw one); the engine's
`legal_moves` lights the pieces that may move; a tap on any square sends that move to the
engine through `LiveMatch.apply`, and a refusal is shown with the engine's own sentence and
rule id. The throw is not stored by itself: the stored action is the play (or the pass).
"""

from __future__ import annotations

import random
from typing import Any

import flet as ft

from companion.i18n import error_text
from companion.senet import OFF, forced_move, legal_moves
from views.model import AppModel
from views.senet.board import ARROW, TARGET, Lit, board_control, piece
from views.ui import TAP, big_button

THROWS = (1, 2, 3, 4)
SIDE_BY_SIDE = 768  # from the `md` breakpoint the controls sit beside the board
BOARD_COL = {"xs": 12, "md": 7}
PANEL_COL = {"xs": 12, "md": 5}


def square_size(page_width: float | None) -> float:
    """About how wide one square is drawn (for text sizes; the squares themselves use expand)."""
    width = (page_width or 400) - 24 - 6  # the view's padding and the board's frame
    if width + 30 >= SIDE_BY_SIDE:
        width = width * BOARD_COL["md"] / 12 - 10
    return max(28.0, width / 10)


def seat_info(live) -> tuple[dict[int, str], dict[int, str]]:
    """Names and colours of player 1 and player 2 (seat 1 plays player 1)."""
    names: dict[int, str] = {}
    colours: dict[int, str] = {1: "#f5f5f5", 2: "#212121"}
    for p in live.info.participants:
        if p.seat in (1, 2):
            names[p.seat] = p.name
            if p.colour:
                colours[p.seat] = p.colour
    return names, colours


def last_move_text(tr, live, names: dict[int, str]) -> str | None:
    """One sentence about the last stored play: who moved what, and any capture or bear-off."""
    history = live.session.history
    if not history:
        return None
    step = history[-1]
    mover = 3 - step.state.turn  # the turn passes after every play (SN-4)
    name = names.get(mover) or tr("senet_ui.player_n", seat=mover)
    action = step.action
    throw = action.get("throw")
    move = action.get("move")
    kinds = {event.get("type"): event for event in step.events}
    if move is None or "pass" in kinds:
        return tr("senet_ui.last.pass", name=name, throw=throw)
    frm = move.get("from")
    if "bear_off" in kinds:
        text = tr("senet_ui.last.bear_off", name=name, frm=frm, throw=throw)
    elif "capture" in kinds:
        victim = names.get(3 - mover) or tr("senet_ui.player_n", seat=3 - mover)
        text = tr("senet_ui.last.capture", name=name, frm=frm, to=kinds["capture"].get("square"),
                  throw=throw, victim=victim)
    else:
        text = tr("senet_ui.last.move", name=name, frm=frm, to=frm + throw, throw=throw)
    return text


def banner(text: str, bg: str, fg: str, icon: ft.IconData, key: str | None = None,
           on_close=None, close_label: str | None = None) -> ft.Control:
    controls: list[ft.Control] = [
        ft.Icon(icon, color=fg, size=22),
        ft.Text(text, expand=True, size=15, color=fg),
    ]
    if on_close is not None:
        controls.append(ft.IconButton(ft.Icons.CLOSE, icon_color=fg, tooltip=close_label,
                                      on_click=lambda: on_close()))
    return ft.Container(
        key=key, bgcolor=bg, border_radius=12,
        padding=ft.Padding.only(left=12, right=4, top=10, bottom=10),
        content=ft.Row(controls=controls, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


def player_card(tr, seat: int, position, names, colours, to_move: bool) -> ft.Control:
    name = names.get(seat) or tr("senet_ui.player_n", seat=seat)
    header: list[ft.Control] = [
        piece(seat, colours[seat], size=22),
        ft.Text(name, size=16, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
    ]
    stats = tr("senet_ui.stats", board=position.on_board(seat), captured=position.captured(seat))
    body = ft.Column(spacing=2, controls=[
        ft.Row(spacing=8, controls=header),
        ft.Text(tr("senet_ui.score", score=position.score(seat)), size=15, weight=ft.FontWeight.BOLD),
        ft.Text(stats, size=13),
        *([ft.Container(
            bgcolor=ft.Colors.PRIMARY, border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            content=ft.Text(tr("senet_ui.to_move"), size=13, color=ft.Colors.ON_PRIMARY, weight=ft.FontWeight.BOLD),
        )] if to_move else []),
    ])
    return ft.Semantics(
        col={"xs": 6},
        label=tr("senet_ui.player_card", name=name, score=position.score(seat), board=position.on_board(seat),
                 captured=position.captured(seat))
        + (" · " + tr("senet_ui.to_move") if to_move else ""),
        container=True,
        content=ft.Container(
            padding=10, border_radius=12,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if to_move else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(2, ft.Colors.PRIMARY if to_move else ft.Colors.OUTLINE_VARIANT),
            content=body,
        ),
    )


def throw_pad(tr, throw: int | None, pick, roll) -> ft.Control:
    buttons = [
        (ft.FilledButton if n == throw else ft.OutlinedButton)(
            content=ft.Text(str(n), size=22, weight=ft.FontWeight.BOLD),
            tooltip=tr("senet_ui.throw_n", throw=n),
            height=TAP + 8, expand=True, key=f"throw-{n}",
            on_click=lambda e, n=n: pick(n),
        )
        for n in THROWS
    ]
    return ft.Column(spacing=8, controls=[
        ft.Row(spacing=8, controls=buttons),
        ft.OutlinedButton(content=ft.Text(tr("senet_ui.roll"), size=16), icon=ft.Icons.CASINO,
                          height=TAP, on_click=lambda: roll(), key="roll"),
    ])


def bear_off_strip(tr, lit: Lit, play_from) -> ft.Control:
    """Below the board: where a piece goes when it leaves after square 30 (SN-9)."""
    if lit.bear_off:
        move = lit.bear_off[0]
        return ft.Semantics(
            label=tr("senet_ui.bear_off_button", frm=move.frm), button=True, container=True,
            exclude_semantics=True,
            content=ft.Container(
                height=TAP, border_radius=10, bgcolor=TARGET, border=ft.Border.all(3, ARROW),
                alignment=ft.Alignment.CENTER_RIGHT, padding=ft.Padding.symmetric(horizontal=12),
                on_click=lambda: play_from(move.frm), ink=True,
                content=ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
                    ft.Text(tr("senet_ui.bear_off_button", frm=move.frm), size=15, color="#1b1b1b",
                            weight=ft.FontWeight.BOLD),
                    ft.Icon(ft.Icons.LOGOUT, color=ARROW),
                ]),
            ),
        )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        content=ft.Text(tr("senet_ui.path_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    )


def result_card(tr, res: dict[str, Any], names, go_home) -> ft.Control:
    score = res.get("score", {})
    s1, s2 = score.get("1", 0), score.get("2", 0)
    if res.get("draw"):
        headline = tr("senet_ui.draw")
    else:
        winner = res.get("winner")
        headline = tr("senet_ui.winner", name=names.get(winner) or tr("senet_ui.player_n", seat=winner))
    return ft.Container(
        key="result", padding=16, border_radius=16, bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=10, controls=[
            ft.Row(controls=[ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.ON_TERTIARY_CONTAINER, size=32),
                             ft.Text(headline, size=22, weight=ft.FontWeight.BOLD, expand=True,
                                     color=ft.Colors.ON_TERTIARY_CONTAINER)]),
            ft.Text(tr("senet_ui.final_score", name1=names.get(1, "1"), score1=s1, name2=names.get(2, "2"), score2=s2),
                    size=17, color=ft.Colors.ON_TERTIARY_CONTAINER),
            big_button(tr("senet_ui.home"), lambda: go_home(), icon=ft.Icons.HOME, key="home"),
        ]),
    )


@ft.component
def SenetScreen(model: AppModel, live) -> ft.Control:
    throw, set_throw = ft.use_state(None)  # entered, not yet played
    rolled, set_rolled = ft.use_state(False)  # the view drew the throw ('roll for me')
    refused, set_refused = ft.use_state(None)  # the engine's last refusal (RefereeError)
    hint, set_hint = ft.use_state(None)  # a view prompt (message id), e.g. 'enter the throw first'
    _ = live.revision  # re-render after every stored change

    tr = model.tr
    position = live.state
    res = live.result
    over = bool(res.get("over"))
    names, colours = seat_info(live)
    mover = position.turn
    mover_name = names.get(mover) or tr("senet_ui.player_n", seat=mover)
    page = ft.context.page
    size = square_size(getattr(page, "width", None))

    moves = []
    if throw is not None and not over:
        moves = legal_moves(position, throw)
    lit = Lit.of(moves)

    def reset_turn() -> None:
        set_throw(None)
        set_rolled(False)
        set_refused(None)
        set_hint(None)

    def send(move: dict[str, Any] | None) -> None:
        ok = live.apply({"op": "play", "throw": throw, "move": move})
        if ok:
            reset_turn()
        else:
            set_hint(None)
            set_refused(live.error)

    def pick(n: int, by_roll: bool = False) -> None:
        set_throw(n)
        set_rolled(by_roll)
        set_refused(None)
        set_hint(None)

    def roll() -> None:
        pick(random.randint(1, 4), by_roll=True)  # the engine never draws (design.md)

    def tap(square: int) -> None:
        if over:
            return
        if throw is None:
            set_refused(None)
            set_hint("senet_ui.throw_first")
            return
        target = lit.targets.get(square)
        # A lit target plays the move landing there; any other square names its own piece,
        # and the engine says why when that piece cannot go (or is not there, or not yours).
        send({"from": target.frm if target is not None else square})

    def undo() -> None:
        reset_turn()
        if not live.undo() and live.error is not None:
            set_refused(live.error)

    def redo() -> None:
        reset_turn()
        if not live.redo() and live.error is not None:
            set_refused(live.error)

    board = board_control(tr, position, colours, names, lit, None if over else tap, size)
    players = ft.ResponsiveRow(spacing=8, run_spacing=8, controls=[
        player_card(tr, seat, position, names, colours, to_move=(seat == mover and not over)) for seat in (1, 2)
    ])
    left = ft.Column(col=BOARD_COL, spacing=10, controls=[
        players,
        board,
        bear_off_strip(tr, lit, lambda frm: send({"from": frm})),
        *([ft.Row(controls=[ft.Icon(ft.Icons.HOME_WORK, size=18),
                            ft.Text(tr("senet.house.gate_exact_26"), size=13, expand=True, key="house-rule")])]
          if position.house_rules.gate_exact_26 else []),
    ])

    panel: list[ft.Control] = []
    if refused is not None:
        panel.append(banner(error_text(refused, model.lang), ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER,
                            ft.Icons.BLOCK, key="refused", on_close=lambda: set_refused(None),
                            close_label=tr("app.close")))
    if hint:
        panel.append(banner(tr(hint), ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER,
                            ft.Icons.INFO_OUTLINE, key="hint"))
    last = last_move_text(tr, live, names)
    if over:
        panel.append(result_card(tr, res, names, model.home))
        if last:
            panel.append(ft.Text(last, size=14, key="last"))
    else:
        if last:
            panel.append(ft.Container(
                key="last", padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Row(controls=[ft.Icon(ft.Icons.HISTORY, size=20),
                                         ft.Text(last, size=14, expand=True)]),
            ))
        text, kind = prompt_text(tr, position, throw, rolled, moves, mover_name)
        if kind == "plain":
            panel.append(ft.Text(text, key="prompt", size=17, weight=ft.FontWeight.BOLD))
        else:  # the announcements of SN-10 and SN-11
            panel.append(banner(text, ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER,
                                ft.Icons.CAMPAIGN if kind == "forced" else ft.Icons.SKIP_NEXT, key="prompt"))
        if throw is not None and not moves:
            panel.append(big_button(tr("senet_ui.record_pass"), lambda: send(None), icon=ft.Icons.SKIP_NEXT,
                                    key="pass"))
        panel.append(throw_pad(tr, throw, pick, roll))
    panel.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        ft.OutlinedButton(content=tr("app.undo"), icon=ft.Icons.UNDO, height=TAP, key="undo",
                          disabled=not live.session.can_undo, on_click=lambda: undo()),
        ft.OutlinedButton(content=tr("app.redo"), icon=ft.Icons.REDO, height=TAP, key="redo",
                          disabled=not live.session.can_redo, on_click=lambda: redo()),
        ft.OutlinedButton(content=tr("app.rules"), icon=ft.Icons.MENU_BOOK, height=TAP, key="rules",
                          on_click=lambda: model.go("rules", game="senet")),
    ]))

    return ft.ResponsiveRow(
        spacing=16, run_spacing=12,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[left, ft.Column(col=PANEL_COL, spacing=10, controls=panel)],
    )


def prompt_text(tr, position, throw: int | None, rolled: bool, moves, mover_name: str) -> tuple[str, str]:
    """What the player to move should do now, and its kind: plain, forced (SN-10) or pass (SN-11)."""
    if throw is None:
        return tr("senet_ui.enter_throw", name=mover_name), "plain"
    said = tr("senet_ui.rolled", throw=throw) if rolled else tr("senet_ui.entered", throw=throw)
    if not moves:
        return said + " " + tr("senet_ui.no_move", name=mover_name, throw=throw), "pass"
    if forced_move(position, throw):
        squares = ", ".join(str(move.frm) for move in moves)
        return said + " " + tr("senet_ui.forced", squares=squares), "forced"
    if any(move.to == OFF for move in moves) and len(moves) == 1:
        return said + " " + tr("senet_ui.tap_bear_off"), "plain"
    return said + " " + tr("senet_ui.tap_lit"), "plain"
