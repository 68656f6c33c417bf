"""Home: every game, the unfinished matches to resume, and the ways to history, statistics,
players, export and the rules."""

from __future__ import annotations

import flet as ft

from companion.game import Game
from companion.games import games
from db import MatchInfo
from views.games import game_views, style
from views.model import UNFINISHED, AppModel, Screen
from views.reading import use_reads
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
        col={"xs": 12, "sm": 6, "lg": 3},
        content=ft.Container(
            padding=16,
            content=ft.Column(
                spacing=10,
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
                    # Stacked at full width: a long game name never squeezes a button away.
                    ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
                        *([ft.FilledButton(content=model.tr("home.new_match_of", game=model.tr(f"game.{game}")),
                                           icon=ft.Icons.ADD, height=TAP,
                                           key=f"new-{game}", on_click=lambda: model.go("new", game=game))]
                          if ready else []),
                        *([ft.OutlinedButton(content=model.tr("app.rules_of", game=model.tr(f"game.{game}")),
                                             icon=ft.Icons.MENU_BOOK, height=TAP, key=f"rules-{game}",
                                             on_click=lambda: model.go("rules", game=game))]
                          if ready else []),
                    ]),
                ],
            ),
        ),
    )


def unfinished_tile(model: AppModel, info: MatchInfo) -> ft.Control:
    names = ", ".join(p.name for p in info.participants)
    return ft.ListTile(
        leading=ft.Icon(style(info.game)[1], color=style(info.game)[0]),
        title=ft.Text(f"{model.tr(f'game.{info.game}')} · #{info.id}"),
        subtitle=ft.Text(f"{names} · {model.tr('match.events', count=info.event_count)}"),
        trailing=ft.Icon(ft.Icons.PLAY_ARROW),
        min_height=TAP,
        on_click=lambda: model.go("match", id=info.id),
    )


@ft.component
def Home(model: AppModel, screen: Screen) -> ft.Control:
    read = use_reads(model, [UNFINISHED])  # off the app's thread; the games show meanwhile
    unfinished = model.unfinished() if read else []
    tiles = ft.ResponsiveRow(controls=[game_tile(model, record) for record in games().values()])
    sections: list[ft.Control]
    if not read:
        sections = [tiles]
    elif unfinished:  # a match waiting at the table comes first
        resume = [heading(model.tr("home.unfinished")), ft.Card(content=ft.Column(
            spacing=0, controls=[unfinished_tile(model, m) for m in unfinished[:5]]))]
        sections = [*resume, tiles]
    else:
        sections = [tiles, ft.Text(model.tr("home.no_unfinished"))]
    return body(
        ft.Text(model.tr("app.tagline"), size=15),
        *sections,
        ft.Row(wrap=True, spacing=8, controls=[
            ft.OutlinedButton(content=model.tr("app.history"), icon=ft.Icons.HISTORY, height=TAP,
                              on_click=lambda: model.go("history")),
            ft.OutlinedButton(content=model.tr("app.stats"), icon=ft.Icons.INSIGHTS, height=TAP,
                              on_click=lambda: model.go("stats")),
            ft.OutlinedButton(content=model.tr("app.exchange"), icon=ft.Icons.IMPORT_EXPORT, height=TAP,
                              on_click=lambda: model.go("exchange")),
            ft.OutlinedButton(content=model.tr("app.players"), icon=ft.Icons.PEOPLE, height=TAP,
                              on_click=lambda: model.go("players")),
            ft.OutlinedButton(content=model.tr("rules.search_title"), icon=ft.Icons.SEARCH, height=TAP,
                              key="rules-search", on_click=lambda: model.go("rules")),
        ]),
        wide=True,
    )
