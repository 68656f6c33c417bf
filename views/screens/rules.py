"""Rules look-up: each game's own page, or a note that it comes with the game."""

from __future__ import annotations

import flet as ft

from views.games import game_views
from views.model import AppModel, Screen
from views.ui import body


@ft.component
def Rules(model: AppModel, screen: Screen) -> ft.Control:
    game = screen.get("game")
    page = game_views(game).rules_page
    if page is not None:
        return page(model)
    return body(
        ft.Text(model.tr(f"game.{game}.blurb"), size=16),
        ft.Text(model.tr("rules.coming", game=model.tr(f"game.{game}")), size=15),
    )
