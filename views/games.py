"""What each game brings to the app's screens, found by the game's id.

A game's screens live in `views/<game id>/`, whose `__init__.py` defines `VIEWS`, a
`GameViews`. Nothing here names a game: a new game adds its folder and is found.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games import game as game_record
from companion.session import Step


@dataclass(frozen=True)
class RuleText:
    """One rule as the rules page shows it and the search finds it (message ids)."""

    id: str  # the rule id, e.g. "SN-7"
    text: str  # message id of the rule's text in the project's own words
    heading: str | None = None  # message id of the section it opens, if any


@dataclass(frozen=True)
class Told:
    """What a game's log sentence gets for one entry: the step it made, the state before it,
    the effective steps up to and including it, the session's start, the players' names by
    seat, and whose turn it was before the entry."""

    step: Step
    before: Any
    history: Sequence[Step]
    initial_state: Any
    names: Mapping[int, str]
    mover: int | None


# (tr, lang, told) -> the entry in the game's own words, or None where it has none
Describer = Callable[[Callable[..., str], str, Told], "str | None"]


@dataclass(frozen=True)
class GameViews:
    match_screen: Callable[..., Any]  # @ft.component (model, live: LiveMatch)
    rules_page: Callable[..., Any]  # @ft.component (model, rule: str | None)
    rules: tuple[RuleText, ...] = ()  # every rule, in order, for the page and the search
    # @ft.component (model, setup, set_setup, players, seats=(the chosen players in seat order));
    # None: the game's options as plain controls
    setup_form: Callable[..., Any] | None = None
    option_labels: dict[str, str] | None = None  # option key -> message id of its label
    describe_step: Describer | None = None  # one log entry in words (record page, table view)
    options_heading: str = "new.house_rules"  # message id of the heading over the set-up options


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


def tell(game_id: str, tr: Callable[..., str], lang: str, told: Told) -> str | None:
    """One log entry in its game's own words; None where the game has none, or where a
    sentence cannot be made of this entry (an older or damaged log)."""
    views = game_views(game_id)
    if views is None or views.describe_step is None:
        return None
    try:
        return views.describe_step(tr, lang, told)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def said(game_id: str, tr: Callable[..., str], lang: str, told: Told, number: int) -> str:
    """Entry `number` of the log in words: its game's sentence, or, where the game has none,
    who made it, never the raw entry (the replay shows it on the board)."""
    sentence = tell(game_id, tr, lang, told)
    if sentence:
        return sentence
    action = told.step.action
    seat = action.get("seat") if isinstance(action, Mapping) and isinstance(action.get("seat"), int) else told.mover
    name = told.names.get(seat) if seat is not None else None
    if name is None:
        return tr("record.log.entry_nobody", number=number)
    return tr("record.log.entry", name=name, number=number)
