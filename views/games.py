"""What each game brings to the app's screens, found by the game's id.

A game's screens live in `views/<game id>/`, whose `__init__.py` defines `VIEWS`, a
`GameViews`. Nothing here names a game: a new game adds its folder and is found.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games import game as game_record


@dataclass(frozen=True)
class RuleText:
    """One rule as the rules page shows it and the search finds it (message ids)."""

    id: str  # the rule id, e.g. "SN-7"
    text: str  # message id of the rule's text in the project's own words
    heading: str | None = None  # message id of the section it opens, if any


@dataclass(frozen=True)
class GameViews:
    match_screen: Callable[..., Any]  # @ft.component (model, live: LiveMatch)
    rules_page: Callable[..., Any]  # @ft.component (model, rule: str | None)
    rules: tuple[RuleText, ...] = ()  # every rule, in order, for the page and the search
    # @ft.component (model, setup, set_setup, players); None: the game's options as plain controls
    setup_form: Callable[..., Any] | None = None
    option_labels: dict[str, str] | None = None  # option key -> message id of its label


@cache
def game_views(game_id: str) -> GameViews | None:
    """The screens of a playable game, or None while the game has none (or no engine)."""
    if game_record(game_id) is None:
        return None
    try:
        module = importlib.import_module(f"views.{game_id}")
    except ModuleNotFoundError as missing:
        if missing.name == f"views.{game_id}":
            return None
        raise
    views: GameViews = module.VIEWS
    return views
