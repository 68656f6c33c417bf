"""Home: every game, the unfinished matches to resume, and the ways to history, statistics,
players, export and the rules."""

from __future__ import annotations

import flet as ft

from companion.game import Game
from companion.games import games
from db import MatchInfo
from views.games import game_views, progress_text, style
from views.model import UNFINISHED, AppModel, Screen
from views.reading import recall, state_read, use_reads
from views.ui import TAP, body, heading


def players_text(model: AppModel, record: Game) -> str:
    low, high = record.min_players, record.max_players
    if low == high:
        return model.tr("game.players_exact", count=low)
    return model.tr("game.players_range", low=low, high=high)


def game_tile(model: AppModel, record: Game) -> ft.Control:
    game = record.id
    colour, icon = style(game)
    ready = game_views(game) is not None  # an engine and a screen: only then a new match
    badge = [] if ready else [ft.Container(
        content=ft.Text(model.tr("home.coming"), size=12, color=ft.Colors.ON_TERTIARY_CONTAINER),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )]
    return ft.Card(
        col={"xs": 12, "sm": 6, "lg": 4, "xxl": 3},  # on a desktop: "New match" on one line
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=16, vertical=12),
            content=ft.Column(
                spacing=8,
                controls=[
                    ft.Row(controls=[
                        ft.Container(content=ft.Icon(icon, color=ft.Colors.WHITE, size=28), bgcolor=colour,
                                     border_radius=12, padding=10),
                        ft.Column(expand=True, spacing=2, controls=[
                            ft.Text(model.tr(f"game.{game}"), size=18, weight=ft.FontWeight.BOLD),
                            ft.Row(spacing=8, controls=[ft.Text(players_text(model, record), size=13), *badge]),
                        ]),
                    ]),
                    ft.Text(model.tr(f"game.{game}.blurb"), size=14),
                    # Side by side, in short words (the tile names the game): a phone shows more
                    # games at once. A screen reader hears each button's whole name.
                    *([ft.Row(spacing=8, controls=[
                        ft.FilledButton(content=ft.Text(model.tr("home.new_match"), semantics_label=model.tr(
                                            "home.new_match_of", game=model.tr(f"game.{game}"))),
                                        icon=ft.Icons.ADD, height=TAP, expand=True,
                                        key=f"new-{game}", on_click=lambda: model.go("new", game=game)),
                        ft.OutlinedButton(content=ft.Text(model.tr("app.rules"), semantics_label=model.tr(
                                              "app.rules_of", game=model.tr(f"game.{game}"))),
                                          icon=ft.Icons.MENU_BOOK, height=TAP, expand=True, key=f"rules-{game}",
                                          on_click=lambda: model.go("rules", game=game)),
                    ])] if ready else []),
                ],
            ),
        ),
    )


def unfinished_tile(model: AppModel, info: MatchInfo) -> ft.Control:
    names = ", ".join(p.name for p in info.participants)
    state = recall(model, *state_read(info))  # read with the list, off the app's thread
    seats = {index: p.name for index, p in enumerate(info.participants)}
    progress = progress_text(info.game, model.tr, state, seats) if state is not None else None
    where = " · ".join(part for part in (progress, model.tr("match.events", count=info.event_count)) if part)
    return ft.ListTile(
        leading=ft.Icon(style(info.game)[1], color=style(info.game)[0]),
        title=ft.Text(f"{model.tr(f'game.{info.game}')} · #{info.id}"),
        subtitle=ft.Text(f"{names}\n{where}"),
        is_three_line=True,
        trailing=ft.Icon(ft.Icons.PLAY_ARROW),
        min_height=TAP,
        on_click=lambda: model.go("match", id=info.id),
    )


@ft.component
def Home(model: AppModel, screen: Screen) -> ft.Control:
    read = use_reads(model, [UNFINISHED])  # off the app's thread; the games show meanwhile
    unfinished = model.unfinished()[:5] if read else []
    read = use_reads(model, [state_read(info) for info in unfinished]) and read  # how far each got
    tiles = ft.ResponsiveRow(controls=[game_tile(model, record) for record in games().values()])
    sections: list[ft.Control]
    if not read:
        sections = [tiles]
    elif unfinished:  # a match waiting at the table comes first
        resume = [heading(model.tr("home.unfinished")), ft.Card(content=ft.Column(
            spacing=0, controls=[unfinished_tile(model, m) for m in unfinished]))]
        sections = [*resume, tiles]
    else:
        sections = [tiles, ft.Text(model.tr("home.no_unfinished"))]
    return body(
        ft.Text(model.tr("app.tagline"), size=15),
        *sections,
        wide=True,
    )
