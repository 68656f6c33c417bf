"""What each game brings to the shell: its match screen, rules page and setup options.

A game plugs in here; the shell shows a 'coming soon' screen for a game without one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games import GAMES


@dataclass(frozen=True)
class HouseRule:
    key: str  # the setting's name in the match setup's "house_rules"
    label: str  # message id of its label
    default: bool = False


@dataclass(frozen=True)
class GameViews:
    match_screen: Callable[..., Any] | None = None  # @ft.component (model, live_match)
    rules_page: Callable[..., Any] | None = None  # @ft.component (model)
    house_rules: list[HouseRule] = field(default_factory=list)


def game_views(game: str) -> GameViews:
    if game not in GAMES:
        raise KeyError(game)
    if game == "senet":
        from views.senet import SENET_VIEWS

        return SENET_VIEWS
    return GameViews()
