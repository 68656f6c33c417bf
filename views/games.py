"""What each game brings to the app's screens, found by the game's id.

A game's screens live in `views/<game id>/`, whose `__init__.py` defines `VIEWS`, a
`GameViews`: its match screen, rules, set-up form, log sentences, colour and icon, and its
statistics sections. Nothing here names a game: a new game adds its folder and is found.
The games come in the order of `companion.games.app_games()`, the one list every screen shows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.games import game as game_record
from companion.session import Step

if TYPE_CHECKING:
    from db.stats import GameStats
    from views.live import LiveMatch
    from views.model import AppModel

PLAIN_COLOUR = "#546e7a"  # a game that brings no colour, or one this version cannot play
PLAIN_ICON = ft.Icons.EXTENSION


Tr = Callable[..., str]


class SetupForm(Protocol):
    """A game's own set-up form, an @ft.component: (model, the set-up, change it, how many players
    are chosen, the chosen players in seat order, each with `name` and `colour`)."""

    def __call__(self, model: AppModel, setup: dict[str, Any], set_setup: Callable[[dict[str, Any]], Any],
                 players: int, seats: Sequence[Any] = ...) -> ft.Control: ...


@dataclass(frozen=True)
class RuleText:
    """One rule as the rules page shows it and the search finds it (message ids)."""

    id: str  # the rule id, e.g. "SN-7"
    text: str  # message id of the rule's text in the project's own words
    heading: str | None = None  # message id of the section it opens, if any


@dataclass(frozen=True)
class LoggedStep:
    """What a game's log sentence gets for one entry: the step it made, the state before it,
    the effective steps up to and including it, the session's start, the players' names by
    seat, and whose turn it was before the entry."""

    step: Step
    before: Any
    history: Sequence[Step]
    initial_state: Any
    names: Mapping[int, str]
    mover: int | None


# (tr, a match's state, the players' names by seat) -> how far it got: "Round 3 · …" (None: nothing)
Progress = Callable[[Tr, Any, Mapping[int, str]], "str | None"]
# (tr, lang, logged) -> the entry in the game's own words, or None where it has none
Describer = Callable[[Tr, str, LoggedStep], "str | None"]


# Each an @ft.component: the match screen (model, the open match), the rules page (model, the
# rule a refusal opened it at), the set-up form (SetupForm).
MatchScreen = Callable[["AppModel", "LiveMatch"], ft.Control]
RulesPage = Callable[["AppModel", "str | None"], ft.Control]
# (model, the game's numbers) -> its own statistics: (section title, controls) each
StatsSections = Callable[["AppModel", "GameStats"], list[tuple[str, list[ft.Control]]]]


@dataclass(frozen=True)
class GameTool:
    """A game's own page beside its matches, at /tool/<game>/<name> (a scorer, an editor)."""

    title: str  # message id of the page's title
    page: Callable[[AppModel], ft.Control]  # @ft.component (model)


@dataclass(frozen=True)
class GameViews:
    match_screen: MatchScreen
    rules_page: RulesPage
    rules: tuple[RuleText, ...] = ()  # every rule, in order, for the page and the search
    setup_form: SetupForm | None = None  # None: the game's options as plain controls
    option_labels: dict[str, str] | None = None  # option key -> message id of its label
    describe_step: Describer | None = None  # one log entry in words (record page, table view)
    options_heading: str = "new.house_rules"  # message id of the heading over the set-up options
    colour: str = PLAIN_COLOUR  # the game's colour on tiles, chips, icons and its charts
    icon: ft.IconData = PLAIN_ICON
    stats_sections: StatsSections | None = None  # its own numbers on the statistics screen
    tools: Mapping[str, GameTool] = field(default_factory=dict)  # by the name in its address
    # message ids of a seat's score ({score}) and of a record's best and average ({best},
    # {average}) where the game's score is not points (Çävasie counts chips)
    score_text: str | None = None
    scores_text: str | None = None
    progress: Progress | None = None  # an unfinished match's tile; None: whose turn it is


_PLUGGED: dict[str, str] = {}  # game id -> module defining VIEWS, for a game outside views/
_FOUND: dict[str, GameViews | None] = {}  # looked up once per playable game


def register_views(game_id: str, module: str) -> None:
    """Find game `game_id`'s screens in `module` (a test game, a plug-in), not in views/<id>."""
    _PLUGGED[game_id] = module
    _FOUND.pop(game_id, None)


def game_views(game_id: str) -> GameViews | None:
    """The screens of a playable game, or None while the game has none (or no engine)."""
    if game_record(game_id) is None:
        return None  # not remembered: the game may be registered later (a plug-in)
    if game_id not in _FOUND:
        name = _PLUGGED.get(game_id, f"views.{game_id}")
        try:
            _FOUND[game_id] = importlib.import_module(name).VIEWS
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            _FOUND[game_id] = None
    return _FOUND[game_id]


def style(game_id: str) -> tuple[str, ft.IconData]:
    """A game's colour and icon; a game without screens here gets the plain ones."""
    views = game_views(game_id)
    return (views.colour, views.icon) if views is not None else (PLAIN_COLOUR, PLAIN_ICON)


def score_text(game_id: str, plural: bool = False) -> str:
    """The message id that says a score of `game_id` in words: one seat's ({score}), or a
    record's best and average ({best}, {average}) with `plural`."""
    views = game_views(game_id)
    own = None if views is None else (views.scores_text if plural else views.score_text)
    return own or ("stats.scores" if plural else "record.score")


def progress_text(game_id: str, tr: Tr, state: Any, names: Mapping[int, str]) -> str | None:
    """How far an unfinished match got, in its game's words, or whose turn it is; None where
    nothing can be said (anyone may act, or the game's words cannot be made of this state)."""
    record, views = game_record(game_id), game_views(game_id)
    if record is None:
        return None
    try:
        if views is not None and views.progress is not None:
            return views.progress(tr, state, names)
        seat = record.engine.to_move(state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None
    return tr("table.to_move", name=names.get(seat, "?")) if seat is not None else None


def game_sentence(game_id: str, tr: Tr, lang: str, logged: LoggedStep) -> str | None:
    """One log entry in its game's own words; None where the game has none, or where a
    sentence cannot be made of this entry (an older or damaged log)."""
    views = game_views(game_id)
    if views is None or views.describe_step is None:
        return None
    try:
        return views.describe_step(tr, lang, logged)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


def said(game_id: str, tr: Callable[..., str], lang: str, logged: LoggedStep, number: int) -> str:
    """Entry `number` of the log in words: its game's sentence, or, where the game has none,
    who made it, never the raw entry (the replay shows it on the board)."""
    sentence = game_sentence(game_id, tr, lang, logged)
    if sentence:
        return sentence
    action = logged.step.action
    seat = action.get("seat") if isinstance(action, Mapping) and isinstance(action.get("seat"), int) else logged.mover
    name = logged.names.get(seat) if seat is not None else None
    if name is None:
        return tr("record.log.entry_nobody", number=number)
    return tr("record.log.entry", name=name, number=number)
