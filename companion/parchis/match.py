"""Parchís as a match: the roll is entered (or rolled) first, then the move.

The referee protocol sends a roll and its move together; at the table they are two taps, and a
roll made by 'roll for me' must be in the log before anyone sees it (so it cannot be re-rolled,
and undo takes it back). So the match state is the position plus the roll waiting for its move.
Whatever leaves no choice is played at once: a roll with no legal move (PA-20), a third six
(PA-14), a bonus no piece can make (PA-19).

Each seat plays the colour the set-up gave it (companion/parchis/setup.py); turns follow the
colours in PA-2's order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import BadRequest, IllegalMove
from companion.game import Outcome
from companion.parchis.board import (
    COLOUR_INDEX,
    COLOURS,
    GOAL,
    LAST_TRACK,
    Piece,
    parse_location,
    parse_track_square,
)
from companion.parchis.engine import (
    Event,
    Options,
    apply_action,
    check_action_fields,
    check_not_over,
    check_roll,
    options,
    parse_move,
    play,
)
from companion.parchis.position import STANDARD, Position
from companion.parchis.setup import AUTO, seat_colours


@dataclass(frozen=True)
class ParchisState:
    """The position, the roll waiting for its move, the captures made so far, and who sits where.

    `captures[s]` counts the captures seat s has made in this match (PA-17, PA-12's exit
    capture included): a captured piece goes back to its nest, so the board does not remember
    it. A seat missing from the end of the tuple has made none. A finished player moving its
    partner's pieces (PA-7) makes the captures of those moves itself. `seats[s]` is the colour
    seat s plays; empty means the colours in PA-2's order (seat 0 the first of them)."""

    position: Position
    roll: int | None = None  # rolled, not yet moved
    captures: tuple[int, ...] = ()  # by seat
    seats: tuple[int, ...] = ()  # colour by seat

    def __post_init__(self) -> None:
        if self.seats == self.position.colours:  # the usual seating is kept as (), one way only
            object.__setattr__(self, "seats", ())

    def captured_by(self, seat: int) -> int:
        return self.captures[seat] if seat < len(self.captures) else 0

    @property
    def seat_colours(self) -> tuple[int, ...]:
        """The colour each seat plays, seat 0 first."""
        return self.seats or self.position.colours

    def seat_of(self, colour: int) -> int:
        return self.seat_colours.index(colour)

    def colour_of(self, seat: int) -> int:
        return self.seat_colours[seat]

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position.to_json(), "roll": self.roll, "captures": list(self.captures),
                "seats": [COLOURS[c] for c in self.seat_colours]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ParchisState:
        position = Position.from_json(data["position"])
        roll = data.get("roll")
        captures = tuple(int(count) for count in data.get("captures", ()))
        seats = seat_colours(data["seats"], len(position.colours), position.teams) if "seats" in data else ()
        if seats and sorted(seats) != list(position.colours):
            raise BadRequest("parchis.colours_players", rule="PA-6", count=len(seats), players=len(position.colours))
        return cls(position, None if roll is None else check_roll(position, roll), captures, seats)


def pending(state: ParchisState) -> Options | None:
    """The moves the table must choose among now: for the roll waiting, or the pending bonus;
    None when a roll is due (or the game is over)."""
    position = state.position
    if position.over:
        return None
    if state.roll is not None:
        return options(position, state.roll)
    if position.bonus:
        return options(position, None)
    return None


def _counted(state: ParchisState, seat: int, events: list[Event]) -> tuple[int, ...]:
    """The state's captures with the `capture` events among `events`, all made by `seat`
    (the seat whose turn it is), added (PA-12, PA-17)."""
    counts = [state.captured_by(s) for s in range(len(state.position.colours))]
    counts[seat] += sum(1 for event in events if event["type"] == "capture")
    return tuple(counts)


def _settle(position: Position) -> tuple[Position, list[Event]]:
    """Play the bonuses no piece can make (PA-19): they are lost, nobody has a choice."""
    events: list[Event] = []
    while position.bonus and not position.over and not options(position, None).moves:
        position, lost = play(position, None, None)
        events.extend(lost)
    return position, events


def piece_at(position: Position, move: Mapping[str, Any]) -> Piece:
    """The piece a tap names: `{"at": "t12"}` (a track square), or `{"at": "l3" | "nest" | "goal",
    "colour": "yellow"}`. Of the pieces there, the one the player to move plays if there is one
    (its own, or its partner's once it has finished in a team game, PA-7), else the first; the
    rules then say whether it may move. A place with no piece is refused (PA-6: a move is a
    piece's)."""
    place, colour_name = move.get("at"), move.get("colour")
    track = parse_track_square(place)
    here: list[Piece] = []
    if track is not None:
        here = list(position.occupancy().get(track, ()))
    elif isinstance(colour_name, str) and colour_name in COLOUR_INDEX and COLOUR_INDEX[colour_name] in position.colours:
        colour = COLOUR_INDEX[colour_name]
        progress = parse_location(colour, place)
        if progress is None or 0 <= progress <= LAST_TRACK:
            raise BadRequest("parchis.move_malformed")
        here = [(colour, index) for index, at in enumerate(position.pieces[colour]) if at == progress]
    else:
        raise BadRequest("parchis.move_malformed")
    if not here:
        raise IllegalMove("parchis.nothing_there", rule="PA-6", place=str(place), colour=str(colour_name or ""))
    acting = position.acting_colour()
    return next((piece for piece in here if piece[0] == acting), here[0])


class ParchisEngine:
    """The session's view of Parchís. Actions:

    - `{"roll": 5}`: the die shows 5 (typed or rolled). With no legal move, or on a third six,
      it is played at once.
    - `{"move": {"piece": "yellow.1"}}`: move with the roll waiting, or play the pending bonus.
    - `{"move": {"at": "t12"}}` (or `{"at": "l3", "colour": "yellow"}`): a tap on the board, for
      the piece standing there (`piece_at`).
    - `{"roll": 5, "move": {...} | null}`: both at once, as the referee protocol sends them.
    """

    name = "parchis"

    def new_state(self, setup: Mapping[str, Any]) -> ParchisState:
        """`{"players": n, "colours": "red+yellow" | [...] | "auto", "mode": ..., "teams": ...}`,
        its options already checked by the game record (`Game.check_setup`); the colours and
        teams are checked here (PA-6, PA-7). Colours are named in seat order."""
        teams = setup.get("teams", False) is True
        seats = seat_colours(setup.get("colours", AUTO), setup["players"], teams)
        position = Position.start(seats, setup.get("mode", STANDARD), teams)
        return ParchisState(position, seats=seats)

    def apply(self, state: ParchisState, action: Mapping[str, Any]) -> tuple[ParchisState, list[Event]]:
        position = state.position
        seat = state.seat_of(position.turn)
        rolled = action.get("roll")
        if "move" not in action:  # a roll on its own
            if rolled is None:
                raise BadRequest("parchis.action_empty")
            roll = self._check_new_roll(state, rolled)
            allowed = options(position, roll)
            events: list[Event] = [{"type": "roll", "roll": roll, "steps": allowed.steps}]
            if allowed.moves:
                return replace(state, roll=roll), self._seated(seat, events)
            after, played = play(position, roll, None)
            events += played
        elif rolled is not None:  # roll and move together (the protocol's play)
            self._check_new_roll(state, rolled)
            after, events = apply_action(position, action)
        else:
            check_action_fields(action)
            check_not_over(position)
            if state.roll is None and not position.bonus:
                raise IllegalMove("parchis.roll_first", rule="PA-10", seat=seat)
            move = action["move"]
            if isinstance(move, dict) and "at" in move:  # a tap on the board: whatever stands there
                after, events = play(position, state.roll, piece_at(position, move))
            else:
                piece, to = parse_move(position, move)
                after, events = play(position, state.roll, piece, to)
        after, lost = _settle(after)
        events = events + lost
        return replace(state, position=after, roll=None, captures=_counted(state, seat, events)), \
            self._seated(seat, events)

    @staticmethod
    def _check_new_roll(state: ParchisState, rolled: Any) -> int:
        if state.roll is not None:
            raise IllegalMove("parchis.roll_waiting", rule="PA-10", seat=state.seat_of(state.position.turn),
                              roll=state.roll)
        if not isinstance(rolled, int) or isinstance(rolled, bool):
            raise BadRequest("protocol.wrong_type", field="roll", expected="an integer")
        roll = check_roll(state.position, rolled)
        check_not_over(state.position)
        assert roll is not None  # check_roll refuses a roll while a bonus is pending
        return roll

    @staticmethod
    def _seated(seat: int, events: list[Event]) -> list[Event]:
        return [{**event, "seat": seat} for event in events]

    def outcome(self, state: ParchisState) -> Outcome:
        """Winner(s) first, everybody else together (PA-9: nobody plays on); scores are the
        pieces in the goal. `detail` (the statistics contract of db/stats.py): `colours` by
        seat, `seats` = `{"0": {"captures": 2}, ...}` (PA-17, PA-12's exit capture included),
        and once over the `winner` colour (a list of the partners' colours with teams)."""
        position = state.position
        by_seat = state.seat_colours
        scores = {seat: position.pieces[colour].count(GOAL) for seat, colour in enumerate(by_seat)}
        winner = position.decided_winner()
        detail: dict[str, Any] = {
            "colours": [COLOURS[c] for c in by_seat],
            "seats": {str(seat): {"captures": state.captured_by(seat)} for seat in range(len(by_seat))},
        }
        if winner is None:
            return Outcome(False, (), scores, detail)
        winners = tuple(sorted(state.seat_of(colour) for colour in winner))
        others = tuple(seat for seat in range(len(by_seat)) if seat not in winners)
        detail["winner"] = [COLOURS[c] for c in winner] if position.teams else COLOURS[winner[0]]
        # PA-7: with teams the places are the teams' (the losing team is second, not third)
        return Outcome(True, (winners, others) if others else (winners,), scores, detail, teams=position.teams)

    def to_move(self, state: ParchisState) -> int | None:
        position = state.position
        return None if position.over else state.seat_of(position.turn)

    def roll(self, state: ParchisState, rng: random.Random) -> dict[str, Any] | None:
        """One fair die (PA-10); nothing to roll while a roll waits, a bonus is pending, or
        the game is over."""
        position = state.position
        if state.roll is not None or position.bonus or position.over:
            return None
        return {"roll": rng.randint(1, 6)}
