"""The seam every game plugs into: one `Game` record per game.

A game is a folder (`companion/<game>/`) whose `__init__.py` defines `GAME`, and one line in
`companion/games.py`. The record holds what the rest of the app needs to know: who may play,
the typed set-up options (checked here, by the engine and by the store alike), the engine
(state, actions, result, whose turn, the die), the referee protocol's ops, and the game's
place in the app's lists. What its screens need is in its `views/<game>/` (docs/architecture.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from companion.errors import BadRequest

Event = dict[str, Any]
Action = Mapping[str, Any]
Op = Callable[[Mapping[str, Any]], dict[str, Any]]
OptionKind = Literal["bool", "choice", "int", "data"]


@dataclass(frozen=True)
class Outcome:
    """Who placed where. Seats are 0-based indices in seat order.

    `places` lists groups of seats, best first: tied players and team mates share a group.
    It is empty while the game is not over. `scores` is the game's own score by seat.
    `detail` carries game-specific facts (the winning colour, the pot split ...).
    `teams`: each group is one team, and teams are placed 1, 2, ... (not their players).
    """

    over: bool
    places: tuple[tuple[int, ...], ...] = ()
    scores: Mapping[int, int] = field(default_factory=dict)
    detail: Mapping[str, Any] = field(default_factory=dict)
    teams: bool = False

    def placing(self, seat: int) -> int | None:
        """Competition ranking: a group of two on top puts the next group third; with teams,
        the second team is second."""
        place = 1
        for group in self.places:
            if seat in group:
                return place
            place += 1 if self.teams else len(group)
        return None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.places[0] if self.over and self.places else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "places": [list(group) for group in self.places],
            "scores": {str(seat): score for seat, score in sorted(self.scores.items())},
            "detail": dict(self.detail),
            **({"teams": True} if self.teams else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            over=bool(data.get("over")),
            places=tuple(tuple(int(seat) for seat in group) for group in data.get("places", ())),
            scores={int(seat): int(score) for seat, score in dict(data.get("scores", {})).items()},
            detail=dict(data.get("detail", {})),
            teams=data.get("teams") is True,
        )


class Engine(Protocol):
    """What a game offers the session. Every method is pure: same input, same output."""

    name: str

    def new_state(self, setup: Mapping[str, Any]) -> Any:
        """The start state for `setup` = {"players": n, **options} (already checked)."""

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        """The next state and its events; raises a RefereeError (with its rule) if illegal."""

    def outcome(self, state: Any) -> Outcome:
        """Whether the game is over, and who placed where."""

    def to_move(self, state: Any) -> int | None:
        """The seat whose entry is expected next, or None when any seat may act."""

    def roll(self, state: Any, rng: random.Random) -> dict[str, Any] | None:
        """The action a 'roll for me' records (drawn with `rng`), or None if nothing is rolled now."""


@dataclass(frozen=True)
class Option:
    """One typed set-up option: a switch, a choice among names, a bounded number, or "data": a
    JSON object (or null) that the game's engine reads and checks itself, such as an edited deck."""

    key: str
    kind: OptionKind
    default: Any
    choices: tuple[Any, ...] = ()  # for "choice"
    low: int | None = None  # for "int"
    high: int | None = None
    rule: str | None = None  # the rule it comes from, shown with its label

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "choice":
            ok = isinstance(value, str) and value in self.choices
        elif self.kind == "data":
            ok = value is None or isinstance(value, dict)
        else:
            ok = (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
            )
        if not ok:
            raise BadRequest(
                "setup.bad_option",
                rule=self.rule,
                option=self.key,
                value=repr(value),
                allowed=self.allowed(),
            )
        return value

    def allowed(self) -> str:
        if self.kind == "bool":
            return "true, false"
        if self.kind == "choice":
            return ", ".join(str(choice) for choice in self.choices)
        if self.kind == "data":
            return "null, {…}"
        return f"{self.low}…{self.high}"


@dataclass(frozen=True)
class Game:
    """Everything the app and the referee know about one game."""

    id: str  # also the protocol's "game" name and the views package's name
    min_players: int
    max_players: int
    engine: Engine
    ops: Mapping[str, Op]
    options: tuple[Option, ...] = ()
    teams: bool = False  # whether the set-up form offers teams
    players_rule: str | None = None  # the rule that sets the player count
    # Its place in every list of games the app shows (home, filters, statistics), smallest first;
    # a game that says nothing comes after the app's own, by id.
    order: int = 1000
    # Which of the statistics' per-game numbers (db/stats.py) its outcome's `detail` carries:
    # "captures", "rounds", "hands"; none by default.
    stats_facts: tuple[str, ...] = ()

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def check_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """`setup` with every option present and of its type; the engine checks the rest.

        Unknown keys are refused: a typo in a stored set-up must not silently fall back to a
        default and change the game being replayed.
        """
        if not isinstance(setup, Mapping):
            raise BadRequest("setup.not_object")
        players = setup.get("players")
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            raise BadRequest(
                "setup.bad_players",
                rule=self.players_rule,
                game=self.id,
                players=repr(players),
                low=self.min_players,
                high=self.max_players,
            )
        known = {option.key: option for option in self.options}
        unknown = sorted(str(key) for key in setup if key != "players" and key not in known)
        if unknown:
            raise BadRequest("setup.unknown_option", game=self.id, options=", ".join(unknown))
        checked: dict[str, Any] = {"players": players}
        for key, option in known.items():
            checked[key] = option.check(setup.get(key, option.default))
        return checked

    def new_state(self, setup: Mapping[str, Any]) -> Any:
        """The engine's start state for a set-up, checked here and by the engine."""
        return self.engine.new_state(self.check_setup(setup))
