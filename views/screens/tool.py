"""A game's own pages beside its matches (views.games.GameTool), at /tool/<game>/<name>; an
address naming no such page gets the shell's "no such page"."""

from __future__ import annotations

import flet as ft

from views.games import GameTool, game_views
from views.model import AppModel, Screen
from views.screens.missing import NoSuchPage, no_such_page_title


def find(screen: Screen) -> GameTool | None:
    views = game_views(str(screen.get("game")))
    return None if views is None else views.tools.get(str(screen.get("tool")))


def title(model: AppModel, screen: Screen) -> str:
    tool = find(screen)
    return model.tr(tool.title) if tool is not None else no_such_page_title(model, screen)


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    tool = find(screen)
    if tool is None:
        return NoSuchPage(model, Screen("missing", (("address", screen.route),)))
    return tool.page(model)
