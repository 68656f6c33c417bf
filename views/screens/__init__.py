"""Every screen of the shell, by name: a title, a body component, and what the title reads from
the store (read off the app's thread by the shell, like every other read: views/reading.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from views.model import AppModel, Screen, StoreRead
from views.screens import (
    exchange,
    history,
    home,
    match,
    new_match,
    players,
    record,
    rules,
    settings,
    stats,
    table,
    tool,
)
from views.screens.damaged import Damaged, damaged_title
from views.screens.locked import Locked, locked_title
from views.screens.missing import NoSuchPage, no_such_page_title


def nothing(model: AppModel, screen: Screen) -> list[StoreRead]:
    return []


@dataclass(frozen=True)
class ScreenDef:
    title: Callable[[AppModel, Screen], str]
    body: Callable[..., Any]  # an @ft.component taking (model, screen)
    title_reads: Callable[[AppModel, Screen], list[StoreRead]] = nothing


def _game_title(key: str) -> Callable[[AppModel, Screen], str]:
    return lambda m, s: m.tr(key, game=m.tr(f"game.{s.get('game')}"))


SCREENS: dict[str, ScreenDef] = {
    "home": ScreenDef(lambda m, s: m.tr("app.title"), home.Home),
    "new": ScreenDef(_game_title("new.title"), new_match.NewMatch),
    "match": ScreenDef(match.title, match.MatchScreen, match.title_reads),
    "history": ScreenDef(lambda m, s: m.tr("history.title"), history.History),
    "settings": ScreenDef(lambda m, s: m.tr("settings.title"), settings.Settings),
    "rules": ScreenDef(
        lambda m, s: m.tr("rules.title", game=m.tr(f"game.{s.get('game')}")) if s.get("game")
        else m.tr("rules.search_title"),
        rules.Rules,
    ),
    "players": ScreenDef(lambda m, s: m.tr("players.title"), players.Players),
    "record": ScreenDef(record.title, record.Body, record.title_reads),
    "stats": ScreenDef(stats.title, stats.Body),
    "exchange": ScreenDef(exchange.title, exchange.Body),
    "table": ScreenDef(table.title, table.Body, table.title_reads),
    "missing": ScreenDef(no_such_page_title, NoSuchPage),
    "tool": ScreenDef(tool.title, tool.Body),
    "locked": ScreenDef(locked_title, Locked),
    "damaged": ScreenDef(damaged_title, Damaged),
}
