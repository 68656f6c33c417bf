"""Bell's Senet rules (SN-1..SN-14, shown on the app's rules page): moves, legal moves, play, result.

Everything here is a pure function of its arguments. The player names one piece by its square
and the throw decides where it goes (SN-4); `legal_moves` lists every move the rules allow,
`play` plays one of them (or a pass) and refuses anything else with the most specific rule id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from companion.errors import BadRequest, GameOver, IllegalMove, UnknownOp
from companion.referee.fields import is_int, require
from companion.senet.position import HOUSE_OF_BEAUTY, PLAYERS, SQUARES, HouseRules, Position, _shown

OFF: Literal["off"] = "off"
BEAR_OFF_SQUARE = SQUARES + 1  # SN-1: bearing off = moving to 31
THROWS = (1, 2, 3, 4)  # SN-4

Event = dict[str, Any]


class Move(NamedTuple):
    """One legal move: the piece on `frm` goes to `to` (a square, or "off" when borne off).
    (A named tuple: immutable and cheap to build, which the move generator does a lot.)"""

    frm: int
    to: int | Literal["off"]
    capture: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"from": self.frm, "to": self.to, "capture": self.capture}


class Result(NamedTuple):
    """Whether the game is over, who won (1 or 2) or whether it is drawn, and the scores."""

    over: bool
    winner: int | None
    draw: bool
    score: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "winner": self.winner,
            "draw": self.draw,
            "score": {"1": self.score[0], "2": self.score[1]},
        }


# -- result ---------------------------------------------------------------------------
def result(position: Position) -> Result:
    """SN-12..SN-14: the score, and whether the game is over and how.

    SN-13: a player wins the moment their score is strictly greater than the opponent's
    score plus the opponent's pieces still on the board. SN-14: when the board is empty,
    the higher score wins and equal scores draw.
    """
    memo = position.memo
    found: Result | None = memo.get("result")
    if found is not None:
        return found
    s1, s2 = position.off
    squares = position.squares
    b1, b2 = squares.count(1), squares.count(2)
    if s1 > s2 + b2:
        found = Result(True, 1, False, (s1, s2))
    elif s2 > s1 + b1:
        found = Result(True, 2, False, (s1, s2))
    elif b1 == 0 and b2 == 0:  # scores equal here, or SN-13 would have decided
        found = Result(True, None, True, (s1, s2))
    else:
        found = Result(False, None, False, (s1, s2))
    memo["result"] = found
    return found


def check_throw(throw: Any) -> int:
    """SN-4: a throw is 1, 2, 3 or 4."""
    if not is_int(throw) or throw not in THROWS:
        raise BadRequest("senet.bad_throw", rule="SN-4", throw=_shown(throw))
    checked: int = throw
    return checked


def check_not_over(position: Position) -> Result:
    """Refuse to go on with a finished game (SN-13, SN-14)."""
    res = result(position)
    if res.over:
        if res.draw:
            raise GameOver("senet.game_over_draw", rule="SN-14")
        rule = "SN-14" if position.on_board(1) + position.on_board(2) == 0 else "SN-13"
        raise GameOver("senet.game_over_win", rule=rule, winner=res.winner)
    return res


# -- one piece ------------------------------------------------------------------------
def _piece_move(position: Position, frm: int, throw: int) -> Move | str:
    """The move of the mover's piece on `frm` with `throw`, or the reason it is illegal (SN-5..SN-9).

    The reason is a short key that `_refusal` turns into the error. Does not look at the forced
    move of SN-10, which depends on the other pieces.
    """
    to = frm + throw
    if to == BEAR_OFF_SQUARE:  # only from 27 with 4, 28 with 3, 29 with 2, 30 with 1 (SN-9)
        return Move(frm, OFF, False)
    if to > BEAR_OFF_SQUARE:  # overshoot; only reachable from 27..30 (SN-9)
        return "bear_off_exact"
    if position.house_rules.gate_exact_26 and frm < HOUSE_OF_BEAUTY < to:
        return "gate_26"
    holder = position.squares[to - 1]
    if holder == position.turn:
        return "own_piece"
    if holder:
        if to >= HOUSE_OF_BEAUTY:
            return "safe_square"
        return Move(frm, to, True)  # SN-6
    return Move(frm, to, False)


def _refusal(reason: str, frm: int, throw: int) -> IllegalMove:
    to = frm + throw
    if reason == "bear_off_exact":
        return IllegalMove("senet.bear_off_exact", rule="SN-9", square=frm, throw=throw, needed=BEAR_OFF_SQUARE - frm)
    if reason == "gate_26":
        return IllegalMove("senet.gate_26", rule="SN-8", square=frm, throw=throw)
    if reason == "own_piece":
        return IllegalMove("senet.own_piece", rule="SN-5", square=to)
    return IllegalMove("senet.safe_square", rule="SN-7", square=to)


def _candidates(position: Position, throw: int) -> list[Move]:
    """Every move of the mover's pieces that SN-5..SN-9 allow, sorted by from."""
    turn = position.turn
    squares = position.squares
    moves = []
    for index in range(SQUARES):
        if squares[index] == turn:
            move = _piece_move(position, index + 1, throw)
            if isinstance(move, Move):
                moves.append(move)
    return moves


def _forced(moves: list[Move]) -> list[Move]:
    return [move for move in moves if move.frm >= HOUSE_OF_BEAUTY]


def legal_moves(position: Position, throw: int) -> list[Move]:
    """The legal moves for the player to move with `throw`, sorted by the square moved from.

    Raises `BadRequest` for a throw outside 1..4 (SN-4) and `GameOver` on a finished game.
    An empty list means the player must pass (SN-11).
    """
    check_throw(throw)
    check_not_over(position)
    moves = _candidates(position, throw)
    return _forced(moves) or moves  # SN-10


def forced_move(position: Position, throw: int) -> bool:
    """SN-10 decides this throw: some piece behind 26 could move, but a piece on 26–30 must.

    The screen announces this, so that a player whose other pieces do not light up
    knows why.
    """
    moves = _candidates(position, throw)
    forced = _forced(moves)
    return bool(forced) and len(forced) < len(moves)


# -- playing --------------------------------------------------------------------------
_NOT_GIVEN: Any = object()


def _squares_text(moves: list[Move]) -> str:
    return ", ".join(str(move.frm) for move in moves)


def _check_target(frm: int, throw: int, to: Any) -> None:
    """Compare the destination a player announced with the one the throw gives (SN-4, SN-9)."""
    actual = frm + throw
    if to == OFF:
        if frm < 27:
            raise IllegalMove("senet.bear_off_square", rule="SN-9", square=frm)
        if actual != BEAR_OFF_SQUARE:
            raise IllegalMove("senet.bear_off_exact", rule="SN-9", square=frm, throw=throw,
                              needed=BEAR_OFF_SQUARE - frm)
    elif to != actual:
        raise IllegalMove("senet.wrong_distance", rule="SN-4", square=frm, throw=throw, distance=to - frm)


def play(position: Position, throw: int, move_from: int | None, to: Any = _NOT_GIVEN) -> tuple[Position, list[Event]]:
    """Play the mover's piece on `move_from` with `throw`, or pass when `move_from` is None.

    `to`, when given, is the destination the player announced (a square or "off"); it must
    be the one the throw gives. Returns the next position (the turn always passes, SN-4) and
    the events: `capture`, `bear_off`, `pass`, `game_over`.
    """
    check_throw(throw)
    check_not_over(position)
    turn = position.turn
    candidates = _candidates(position, throw)
    forced = _forced(candidates)
    legal = forced or candidates

    if move_from is None:
        if legal:
            raise IllegalMove("senet.must_move", rule="SN-11", throw=throw, squares=_squares_text(legal))
        return Position.trusted(position.squares, position.off, 3 - turn, position.house_rules), [{"type": "pass"}]

    if not is_int(move_from) or not 1 <= move_from <= SQUARES:
        raise BadRequest("senet.move_square", rule="SN-1", value=_shown(move_from))
    holder = position.owner(move_from)
    if holder == 0:
        raise IllegalMove("senet.no_piece", rule="SN-4", square=move_from)
    if holder != turn:
        raise IllegalMove("senet.not_your_piece", rule="SN-4", square=move_from, owner=holder, player=turn)
    if to is not _NOT_GIVEN:
        _check_target(move_from, throw, to)
    move = _piece_move(position, move_from, throw)
    if isinstance(move, str):
        raise _refusal(move, move_from, throw)
    if forced and move.frm < HOUSE_OF_BEAUTY:
        raise IllegalMove("senet.forced_move", rule="SN-10", square=move_from, squares=_squares_text(forced))
    return _apply(position, move)


def _apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    turn = position.turn
    squares = list(position.squares)
    off = list(position.off)
    events: list[Event] = []
    squares[move.frm - 1] = 0
    if move.to == OFF:
        off[turn - 1] += 1
        events.append({"type": "bear_off", "from": move.frm})
    else:
        if move.capture:
            events.append({"type": "capture", "square": move.to})
        squares[move.to - 1] = turn
    after = Position.trusted(tuple(squares), (off[0], off[1]), 3 - turn, position.house_rules)
    if result(after).over:
        events.append({"type": "game_over"})
    return after, events


# -- actions (the protocol's vocabulary) --------------------------------------------------
def parse_move(move: Any) -> tuple[int | None, Any]:
    """`{"from": 24}` (optionally with `"to"`) -> (24, to); null -> (None, not given)."""
    if move is None:
        return None, _NOT_GIVEN
    if not isinstance(move, dict) or "from" not in move or not is_int(move["from"]):
        raise BadRequest("senet.move_malformed")
    frm = move["from"]
    if not 1 <= frm <= SQUARES:
        raise BadRequest("senet.move_square", rule="SN-1", value=_shown(frm))
    to = move.get("to", _NOT_GIVEN)
    if to is not _NOT_GIVEN and to != OFF and not (is_int(to) and 1 <= to <= SQUARES):
        raise BadRequest("senet.move_to_malformed", value=_shown(to))
    return frm, to


def check_action_fields(action: Mapping[str, Any]) -> None:
    """The required fields of a play action: an integer `throw` and a `move` (object or null)."""
    require(action, "throw", int)
    if "move" not in action:
        raise BadRequest("protocol.missing_field", field="move")
    if action["move"] is not None and not isinstance(action["move"], dict):
        raise BadRequest("senet.move_malformed")


def apply_action(position: Position, action: Mapping[str, Any]) -> tuple[Position, list[Event]]:
    """Play `{"op": "play", "throw": 3, "move": {"from": 24}}` (or `"move": null`) on `position`.

    Checks in the protocol's order: fields, throw, game over, move.
    """
    op = action.get("op", "play")
    if op != "play":
        raise UnknownOp("protocol.unknown_op", op=_shown(op), game="senet", ops="play")
    check_action_fields(action)
    throw = check_throw(action["throw"])
    check_not_over(position)
    frm, to = parse_move(action["move"])
    return play(position, throw, frm, to)


__all__ = [
    "BEAR_OFF_SQUARE",
    "OFF",
    "PLAYERS",
    "HouseRules",
    "Move",
    "Position",
    "Result",
    "apply_action",
    "check_throw",
    "forced_move",
    "legal_moves",
    "parse_move",
    "play",
    "result",
]
