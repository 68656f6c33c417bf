"""Every imported match checked as its game would: the game is one this app plays, the
set-up is one the game accepts for that many seats, the log replays through the engine
entry by entry, and the status, result, scores and placings are what the replay gives.

A finished match may come without its log only as a match code brought it: its result
then says so ("from_code") and must be the one its seats' scores and placings make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import RefereeError
from companion.game import Outcome
from companion.games import games
from companion.session import MatchSession
from db.exchange.refusals import (
    BadField,
    Disagrees,
    LogRefused,
    NoLog,
    SetupRefused,
    UnknownGameInFile,
)
from db.records import MatchRecord, SeatRecord
from db.values import loose_json


def check_with_game(where: str, record: MatchRecord) -> None:
    """Refuse `record` (an ExchangeError naming `where` in the file) unless its game would
    have made it exactly so."""
    playable = games()
    game = playable.get(record.game)
    if game is None:
        raise UnknownGameInFile(where=f"{where}.game", game=record.game, games=", ".join(playable))
    if record.setup.get("players") != len(record.seats):
        raise BadField(where=f"{where}.setup.players", expected="exchange.expected_players")
    try:
        session = MatchSession(game, record.setup)
    except RefereeError as refusal:
        raise SetupRefused(refusal, where=f"{where}.setup") from refusal
    except Exception as broken:  # an engine that chokes on a set-up it should have refused
        raise SetupRefused(type(broken).__name__, where=f"{where}.setup") from broken
    seats = sorted(record.seats, key=lambda seat: seat.seat)  # the engine's seats 0, 1, ...
    if not record.events:
        if record.status == "finished":
            _check_code_result(where, record, seats)
        else:
            _check_unplaced(where, record, seats)
        return
    for index, event in enumerate(record.events):
        try:
            if event.kind == "action":
                session.apply(event.action or {})
            elif event.kind == "undo":
                session.undo()
            else:
                session.redo()
        except RefereeError as refusal:
            raise LogRefused(refusal, where=f"{where}.events[{index}]", seq=event.seq) from refusal
        except Exception as broken:  # an engine that chokes on an entry it should have refused
            raise LogRefused(type(broken).__name__, where=f"{where}.events[{index}]", seq=event.seq) from broken
    outcome = session.outcome()
    if record.status == "finished":
        _check_result(where, record, seats, outcome)
    elif outcome.over:  # an active or abandoned match whose log says it is over
        raise Disagrees(where=f"{where}.status")
    else:
        _check_unplaced(where, record, seats)


def _check_result(where: str, record: MatchRecord, seats: Sequence[SeatRecord], outcome: Outcome) -> None:
    if not outcome.over:
        raise Disagrees(where=f"{where}.status")
    if record.result != loose_json(outcome.to_json(), "result"):
        raise Disagrees(where=f"{where}.result")
    for index, seat in enumerate(seats):
        if (seat.score, seat.placing) != (outcome.scores.get(index), outcome.placing(index)):
            raise Disagrees(where=f"{where}.seats[{record.seats.index(seat)}]")


def _check_unplaced(where: str, record: MatchRecord, seats: Sequence[SeatRecord]) -> None:
    """A match that is not over has no result, and no seat has a score or a placing yet."""
    if record.result is not None:
        raise Disagrees(where=f"{where}.result")
    for seat in seats:
        if seat.score is not None or seat.placing is not None:
            raise Disagrees(where=f"{where}.seats[{record.seats.index(seat)}]")


def code_result(seats: Sequence[tuple[int | None, int | None]]) -> dict[str, Any]:
    """The result of a match that came by match code, from its seats' (score, placing) in
    seat order: the places the placings make, the scores there are, and "from_code"."""
    placings = sorted({placing for _, placing in seats if placing is not None})
    return {
        "over": True,
        "places": [[i for i, (_, placing) in enumerate(seats) if placing == p] for p in placings],
        "scores": {str(i): score for i, (score, _) in enumerate(seats) if score is not None},
        "detail": {},
        "from_code": True,
    }


def _check_code_result(where: str, record: MatchRecord, seats: Sequence[SeatRecord]) -> None:
    if not isinstance(record.result, dict) or record.result.get("from_code") is not True:
        raise NoLog(where=f"{where}.events")
    if [seat.seat for seat in seats] != list(range(len(seats))):
        raise Disagrees(where=f"{where}.seats")
    if record.result != code_result([(seat.score, seat.placing) for seat in seats]):
        raise Disagrees(where=f"{where}.result")
