"""Small building blocks shared by the screens: phone-first sizes, big tap targets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from views.games import style
from views.hooks import Kept

TAP = 56  # minimum height of a tap target, in logical pixels (thumb-sized)

CHIP_HEIGHT = 48  # a tap target at its smallest: three rows of game chips fit a phone's first screen


# Player colours, each with the message id of its name (read aloud, and shown in tests).
COLOUR_NAMES = {
    "#d32f2f": "colour.red", "#1976d2": "colour.blue", "#388e3c": "colour.green", "#fbc02d": "colour.yellow",
    "#7b1fa2": "colour.purple", "#f57c00": "colour.orange", "#455a64": "colour.slate", "#c2185b": "colour.pink",
}
PLAYER_COLOURS = list(COLOUR_NAMES)


def body(*controls: ft.Control, wide: bool = False) -> ft.Control:
    """Centre the content; full width on a phone, a readable column on a desktop."""
    col: dict[str | ft.ResponsiveRowBreakpoint, int | float] = (
        {"xs": 12} if wide else {"xs": 12, "md": 10, "lg": 8, "xl": 6})
    return ft.ResponsiveRow(
        alignment=ft.MainAxisAlignment.CENTER,
        controls=[ft.Column(col=col, spacing=16, controls=list(controls))],
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=20, weight=ft.FontWeight.BOLD)


def banner(text: str, bg: str, fg: str, icon: ft.IconData, key: str | None = None) -> ft.Control:
    """A line of news about the match (reloaded, abandoned) in a tinted box with its icon."""
    return ft.Container(
        key=key, bgcolor=bg, border_radius=12, padding=ft.Padding.only(left=10, right=8, top=8, bottom=8),
        content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Icon(icon, color=fg, size=20), ft.Text(text, expand=True, size=14, color=fg)]),
    )


def end_card(headline: str, places: Sequence[str], *after: ft.Control) -> ft.Control:
    """A match's end, as every game shows it: a trophy and who won, each placing best first (in the
    game's own words), then whatever the game adds (a way home)."""
    on = ft.Colors.ON_TERTIARY_CONTAINER
    return ft.Container(key="result", padding=16, border_radius=16, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        content=ft.Column(spacing=10, controls=[
                            ft.Row(controls=[ft.Icon(ft.Icons.EMOJI_EVENTS, color=on, size=32),
                                             ft.Text(headline, size=20, weight=ft.FontWeight.BOLD, expand=True,
                                                     color=on)]),
                            *(ft.Text(place, size=16, color=on) for place in places),
                            *after,
                        ]))


def big_button(
    label: str,
    on_click: Callable[..., Any] | None,
    icon: ft.IconData | None = None,
    primary: bool = True,
    disabled: bool = False,
    expand: bool | int | None = None,
    key: str | None = None,
) -> ft.Control:
    kind = ft.FilledButton if primary else ft.OutlinedButton
    return kind(
        content=ft.Text(label, size=16),
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=TAP,
        expand=expand,
        key=key,
    )


def notice_banner(text: str, on_close: Callable[[], Any], close_label: str) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
        content=ft.Row(
            controls=[
                ft.Text(text, expand=True, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER),
                icon_button(ft.Icons.CLOSE, close_label, on_click=lambda: on_close()),
            ]
        ),
    )


def confirm_dialog(
    title: str, text: str, confirm_label: str, cancel_label: str,
    on_confirm: Callable[[], Any], on_cancel: Callable[[], Any],
) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title),
        content=ft.Text(text),
        actions=[
            ft.TextButton(content=cancel_label, on_click=lambda: on_cancel(), height=TAP),
            ft.FilledButton(content=confirm_label, on_click=lambda: on_confirm(), height=TAP,
                            style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR)),
        ],
        on_dismiss=lambda: on_cancel(),
    )


def colour_dot(colour: str, size: int = 20) -> ft.Control:
    return ft.Container(width=size, height=size, border_radius=size / 2, bgcolor=colour)


def icon_button(icon: ft.IconData, label: str, on_click: Callable[..., Any] | None, **kwargs: Any) -> ft.IconButton:
    """An icon button that screen readers (and browser tests) can find by its label."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), tooltip=label, on_click=on_click,
                         width=TAP, height=TAP, **kwargs)


def switch_row(label: str, value: bool, on_change: Callable[[bool], Any]) -> ft.Control:
    """A switch with a label that wraps on a narrow phone instead of running off the screen."""
    return ft.Container(
        on_click=lambda: on_change(not value),
        content=ft.Row(controls=[
            ft.Switch(value=value, on_change=lambda e: on_change(e.control.value)),
            ft.Text(label, expand=True, size=15),
        ]),
        padding=ft.Padding.symmetric(vertical=4),
    )


def game_chips(tr: Callable[..., str], games: Sequence[str], chosen: str | None, pick: Callable[[str | None], Any],
               everything: str) -> ft.Control:
    """A chip per game (its colour and icon) after one for every game (`everything`, picked as
    None): the filter of the history, the statistics and the export."""
    padding = ft.Padding.symmetric(horizontal=2)
    return ft.Row(wrap=True, spacing=6, run_spacing=0, controls=[
        ft.Chip(label=ft.Text(everything), selected=chosen is None, height=CHIP_HEIGHT, label_padding=padding,
                on_select=lambda e: pick(None)),
        *[ft.Chip(label=ft.Text(tr(f"game.{game}")), selected=chosen == game, height=CHIP_HEIGHT,
                  label_padding=padding, show_checkmark=False, key=f"chip-{game}",
                  leading=ft.Icon(style(game)[1], color=style(game)[0], size=18),
                  on_select=lambda e, game=game: pick(game))
          for game in games],
    ])


def field_text(initial: str, drawn: Kept[bool]) -> str:
    """The text a text field is drawn with: `initial` the first time, then None, which leaves it
    as the player has typed it (Flet keeps the text a field holds when it is drawn again without
    one). A field drawn from the screen's state instead sends an older text back whenever the
    screen draws one keystroke while the next is on its way, and the player loses what they typed
    since (issue 17's "PA-12" search)."""
    if drawn.current:
        return None  # type: ignore[return-value]  # Flet's None: "keep the text the field holds"
    drawn.current = True
    return initial
