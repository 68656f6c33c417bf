"""Parchís rules (PA-1 … PA-20): legal moves for a roll or a bonus, and playing a whole turn.

Everything here is a pure function of its arguments. A move names one piece; the roll (or the
pending bonus) decides where it goes. `legal_moves` lists what the rules allow, forced exits
(PA-11) and forced blockade openings (PA-16) included; `play` plays one of them (or nothing,
when nothing is legal or on a third six) and advances the turn: rolling again after a six,
bonus moves first and chained (PA-17 … PA-19), the third-six penalty (PA-14), the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from companion.errors import BadRequest, GameOver, IllegalMove, RefereeError
from companion.parchis.board import (
    CELL,
    COLOURS,
    GOAL,
    LAST_TRACK,
    MAX_ON_SQUARE,
    NEST,
    PIECE_IDS,
    PROGRESS_OF_SQUARE,
    SAFE_ON_PATH,
    Piece,
    location_name,
    looks_like_piece_name,
    parse_location,
    parse_piece_name,
    partner,
    piece_name,
    square_name,
)
from companion.parchis.position import (
    BONUS_CAPTURE,
    BONUS_GOAL,
    MAX_SIXES,
    QUICK,
    Position,
    shown,
    winner_from_pieces,
)
from companion.referee.fields import is_int

DIE: Final = range(1, 7)  # PA-10
EXIT_ROLL: Final = 5  # PA-11
SIX: Final = 6  # PA-13

Event = dict[str, Any]


class Move(NamedTuple):
    """One legal move: `piece` goes from progress `frm` to progress `to` (see board.py),
    capturing `capture` on the way in, if anyone. (A named tuple: immutable and cheap to
    build, which the move generator does a lot.)"""

    piece: Piece
    frm: int
    to: int
    capture: Piece | None = None

    @property
    def goal(self) -> bool:
        return self.to == GOAL

    @property
    def name(self) -> str:
        return piece_name(self.piece)

    def to_json(self) -> dict[str, Any]:
        colour = self.piece[0]
        return {
            "piece": piece_name(self.piece),
            "from": location_name(colour, self.frm),
            "to": location_name(colour, self.to),
            "capture": None if self.capture is None else piece_name(self.capture),
            "goal": self.to == GOAL,
        }


class Options(NamedTuple):
    """What a roll (or the pending bonus) allows: the `legal` op's answer."""

    steps: int
    moves: tuple[Move, ...]
    penalty: bool = False  # a third six (PA-14): nothing moves, the turn ends
    bonus: bool = False  # the steps are a 20 or 10 bonus move (PA-17, PA-18)
    forced: str | None = None  # "exit" (PA-11) or "opening" (PA-16) when a rule narrowed the choice

    def to_json(self) -> dict[str, Any]:
        return {"steps": self.steps, "moves": [move.to_json() for move in self.moves], "penalty": self.penalty}


def steps_for(position: Position, roll: int) -> int:
    """PA-13: a six counts 7 when the player has no piece left in its nest."""
    if roll == SIX and NEST not in position.pieces[position.acting_colour()]:
        return 7
    return roll


def _piece_move(position: Position, piece: Piece, steps: int) -> Move | str:
    """The move of a piece off the nest by `steps`, or the reason it is illegal (a key that
    `_refusal` turns into the error). Does not look at the forced moves of PA-11 and PA-16."""
    colour = piece[0]
    frm = position.pieces[colour][piece[1]]
    if frm == GOAL:
        return "in_goal"
    to = frm + steps
    if to > GOAL:
        return "overshoot"
    progress_of = PROGRESS_OF_SQUARE[colour]
    for square in position.blockades:  # PA-15: never past or onto a blockade
        at = progress_of.get(square)
        if at is not None and frm < at <= to:
            return "stop_blockade" if at == to else "pass_blockade"
    if to == GOAL:
        return Move(piece, frm, to)
    here = position.occupancy().get(CELL[colour][to])
    if here is None:
        return Move(piece, frm, to)
    if len(here) >= MAX_ON_SQUARE:
        return "crowded"  # PA-5 (a blockade of one colour was refused above)
    if to <= LAST_TRACK and not SAFE_ON_PATH[colour][to]:
        other = here[0]
        if not position.is_friend(colour, other[0]):
            return Move(piece, frm, to, other)  # PA-17
    return Move(piece, frm, to)  # sharing a safe square, a friend's square or a lane square


def _exit_move(position: Position, piece: Piece) -> Move | str:
    """Leaving the nest with a 5 onto the exit square (PA-11, PA-12)."""
    colour = piece[0]
    here = position.occupancy().get(CELL[colour][0])
    if here is None or len(here) < MAX_ON_SQUARE:
        return Move(piece, NEST, 0)  # a lone piece of any colour just shares the exit (PA-12)
    opponents = [other for other in here if not position.is_friend(colour, other[0])]
    if not opponents:
        return "exit_own" if all(other[0] == colour for other in here) else "exit_partner"
    if len(opponents) == 1:
        return Move(piece, NEST, 0, opponents[0])
    last = position.arrived_last(CELL[colour][0])
    return Move(piece, NEST, 0, last if last in opponents else opponents[-1])


def _nest_piece(position: Position, colour: int) -> Piece | None:
    """The nest piece with the lowest index: nest pieces are interchangeable."""
    places = position.pieces[colour]
    for index in range(len(places)):
        if places[index] == NEST:
            return PIECE_IDS[colour][index]
    return None


def _is_third_six(position: Position, roll: int | None) -> bool:
    return roll == SIX and position.sixes == MAX_SIXES


def _track_moves(position: Position, colour: int, steps: int) -> list[Move]:
    """The moves of `colour`'s pieces on the track and in the lane, in piece order."""
    ids = PIECE_IDS[colour]
    moves = []
    for index, progress in enumerate(position.pieces[colour]):
        if progress != NEST and progress != GOAL:
            move = _piece_move(position, ids[index], steps)
            if isinstance(move, Move):
                moves.append(move)
    return moves


def _options(position: Position, roll: int | None) -> Options:
    """The legal moves (roll None: the first pending bonus). Assumes the roll was checked.

    Kept in the position's memo: `legal` and then `play` on one position ask twice."""
    memo = position.memo
    if roll in memo:
        found: Options = memo[roll]
        return found
    found = memo[roll] = _generate(position, roll)
    return found


def _generate(position: Position, roll: int | None) -> Options:
    colour = position.acting_colour()
    if roll is None:
        steps = position.bonus[0]
        # PA-19: a bonus never brings a piece out and never forces a blockade open
        return Options(steps, tuple(_track_moves(position, colour, steps)), bonus=True)
    steps = steps_for(position, roll)
    if _is_third_six(position, roll):
        return Options(steps, (), penalty=True)
    if roll == EXIT_ROLL:
        nest_piece = _nest_piece(position, colour)
        if nest_piece is not None:
            leaving = _exit_move(position, nest_piece)
            if isinstance(leaving, Move):
                return Options(steps, (leaving,), forced="exit")  # PA-11: the only legal move
    moves = _track_moves(position, colour, steps)
    if roll == SIX:
        opening = [move for move in moves if CELL[colour][move.frm] in position.blockades]
        if opening and len(opening) < len(moves):
            return Options(steps, tuple(opening), forced="opening")  # PA-16
    return Options(steps, tuple(moves))


# -- checks -----------------------------------------------------------------------------------
def check_roll(position: Position, roll: Any) -> int | None:
    """A roll is due unless a bonus is pending (then none may be sent); it is 1 … 6 (PA-10)."""
    if position.bonus and not position.over:
        if roll is not None:
            raise BadRequest("parchis.roll_with_bonus", rule="PA-19", bonus=position.bonus[0])
        return None
    if roll is None:
        raise BadRequest("parchis.roll_missing", rule="PA-10")
    if not is_int(roll) or roll not in DIE:
        raise BadRequest("parchis.bad_roll", rule="PA-10", value=shown(roll))
    return int(roll)


def _winner_json(position: Position, winner: Sequence[int]) -> Any:
    return [COLOURS[c] for c in winner] if position.teams else COLOURS[winner[0]]


def check_not_over(position: Position) -> None:
    """Nobody moves once the game is won (PA-9; PA-8 quick; PA-7 teams)."""
    winner = position.decided_winner()
    if winner is not None:
        rule = "PA-7" if position.teams else ("PA-8" if position.mode == QUICK else "PA-9")
        names = " & ".join(COLOURS[c] for c in winner)
        raise GameOver("parchis.game_over", rule=rule, winner=names)


def options(position: Position, roll: int | None) -> Options:
    """The legal moves with `roll`, or with the first pending bonus when `roll` is None.

    Raises `BadRequest` for a roll outside 1 … 6, a roll while a bonus is pending or no roll
    without one, and `GameOver` on a finished game.
    """
    roll = check_roll(position, roll)
    check_not_over(position)
    return _options(position, roll)


def legal_moves(position: Position, roll: int | None) -> list[Move]:
    """The legal moves, sorted by piece name; [] means the roll (or bonus) is spent (PA-20)."""
    return list(options(position, roll).moves)


# -- refusals ---------------------------------------------------------------------------------
def _pieces_text(moves: Sequence[Move]) -> str:
    return ", ".join(move.name for move in moves)


def _refusal(reason: str, position: Position, piece: Piece, steps: int, roll: int | None) -> RefereeError:
    colour, _ = piece
    name = piece_name(piece)
    frm = position.pieces[colour][piece[1]]
    if reason == "in_goal":
        return IllegalMove("parchis.in_goal", rule="PA-4", piece=name)
    if reason == "overshoot":
        return IllegalMove("parchis.overshoot", rule="PA-4", piece=name, steps=steps, needed=GOAL - frm)
    if reason in ("pass_blockade", "stop_blockade"):
        to = min(frm + steps, LAST_TRACK)
        square = next(
            square for square in sorted(position.blockades)
            if (at := PROGRESS_OF_SQUARE[colour].get(square)) is not None and frm < at <= to
        )
        return IllegalMove(f"parchis.{reason}", rule="PA-15", piece=name, square=square_name(square))
    if reason == "crowded":
        return IllegalMove("parchis.crowded", rule="PA-5", piece=name, square=location_name(colour, frm + steps))
    if reason == "nest_bonus":
        return IllegalMove("parchis.nest_bonus", rule="PA-19", piece=name)
    if reason == "nest_needs_five":
        return IllegalMove("parchis.nest_needs_five", rule="PA-11", piece=name, roll=roll)
    if reason == "exit_own":
        return IllegalMove("parchis.exit_own", rule="PA-11", piece=name, square=location_name(colour, 0))
    return IllegalMove("parchis.exit_partner", rule="PA-12", piece=name, square=location_name(colour, 0))


def _check_owner(position: Position, piece: Piece) -> None:
    """The piece must be one the player to move plays (PA-6, PA-7)."""
    if piece[0] not in position.colours:
        raise BadRequest("parchis.piece_not_in_play", piece=piece_name(piece))
    acting = position.acting_colour()
    if piece[0] == acting:
        return
    turn = COLOURS[position.turn]
    name = piece_name(piece)
    if position.teams and piece[0] == position.turn:
        raise IllegalMove("parchis.finished_plays_partner", rule="PA-7", piece=name, colour=turn,
                          partner=COLOURS[acting])
    if position.teams and piece[0] == partner(position.turn):
        raise IllegalMove("parchis.partner_piece", rule="PA-7", piece=name, colour=turn)
    raise IllegalMove("parchis.not_your_piece", rule="PA-6", piece=name, colour=turn)


# -- playing ----------------------------------------------------------------------------------
_NOT_GIVEN: Any = object()


def play(
    position: Position, roll: int | None, move: Move | Piece | None, to: Any = _NOT_GIVEN
) -> tuple[Position, list[Event]]:
    """Play `move` (a `Move`, or the piece to move) with `roll`, or with the pending bonus when
    `roll` is None; `move` None plays nothing (no legal move, a lost bonus, a third six).

    `to`, when given, is the destination the player announced (a progress of the piece's
    colour); it must be the one the roll gives. Returns the next position, with the turn
    already advanced, and the events.
    """
    roll = check_roll(position, roll)
    check_not_over(position)
    allowed = _options(position, roll)
    if move is None:
        return _play_nothing(position, roll, allowed)
    piece = move.piece if isinstance(move, Move) else move
    _check_owner(position, piece)
    if allowed.penalty:
        raise IllegalMove("parchis.third_six", rule="PA-14", piece=piece_name(piece))
    steps = allowed.steps
    frm = position.pieces[piece[0]][piece[1]]
    chosen: Move | str
    if frm == NEST:
        if roll is None:
            chosen = "nest_bonus"
        elif roll != EXIT_ROLL:
            chosen = "nest_needs_five"
        else:
            chosen = _exit_move(position, piece)
    else:
        chosen = _piece_move(position, piece, steps)
    if isinstance(chosen, str):
        raise _refusal(chosen, position, piece, steps, roll)
    if to is not _NOT_GIVEN and to != chosen.to:
        raise _wrong_distance(position, piece, roll, steps, frm, to)
    if frm != NEST and all(legal.piece != piece for legal in allowed.moves):
        names = _pieces_text(allowed.moves)
        if allowed.forced == "exit":
            raise IllegalMove("parchis.forced_exit", rule="PA-11", piece=piece_name(piece))
        raise IllegalMove("parchis.forced_opening", rule="PA-16", piece=piece_name(piece), pieces=names)
    return _play_move(position, roll, chosen)


def _wrong_distance(position: Position, piece: Piece, roll: int | None, steps: int, frm: int, to: Any) -> IllegalMove:
    name = piece_name(piece)
    where = location_name(piece[0], to) if isinstance(to, int) and NEST <= to <= GOAL else shown(to)
    if roll is None:
        return IllegalMove("parchis.wrong_bonus_distance", rule="PA-19", piece=name, steps=steps, to=where)
    if roll == SIX:
        return IllegalMove("parchis.wrong_six_distance", rule="PA-13", piece=name, steps=steps, to=where)
    return IllegalMove("parchis.wrong_distance", rule="PA-10", piece=name, steps=steps, to=where)


def _play_nothing(position: Position, roll: int | None, allowed: Options) -> tuple[Position, list[Event]]:
    colour = COLOURS[position.turn]
    if allowed.penalty:
        return _third_six(position)
    if allowed.moves:
        if roll is None:
            raise IllegalMove("parchis.must_play_bonus", rule="PA-19", steps=allowed.steps,
                              pieces=_pieces_text(allowed.moves))
        raise IllegalMove("parchis.must_move", rule="PA-10", roll=roll, pieces=_pieces_text(allowed.moves))
    if roll is None:  # PA-19: a bonus nobody can make exactly is lost
        events: list[Event] = [{"type": "bonus_lost", "colour": colour, "steps": allowed.steps}]
        return _advance(position, position.pieces, position.last_arrival, position.last_moved,
                        position.bonus[1:], position.sixes), events
    sixes = position.sixes + 1 if roll == SIX else 0
    events = [{"type": "pass", "colour": colour, "roll": roll, "steps": allowed.steps}]  # PA-20
    return _advance(position, position.pieces, position.last_arrival, position.last_moved, (), sixes), events


def _third_six(position: Position) -> tuple[Position, list[Event]]:
    """PA-14: the last piece moved this turn goes home from the common track; the turn ends."""
    pieces = position.pieces
    last_arrival = position.last_arrival
    event: Event = {"type": "penalty", "colour": COLOURS[position.turn], "piece": None, "from": None, "home": False}
    moved = position.last_moved
    if moved is not None:
        colour, index = moved
        frm = pieces[colour][index]
        event.update(piece=piece_name(moved), **{"from": location_name(colour, frm)})
        if 0 <= frm <= LAST_TRACK:
            square = CELL[colour][frm]
            last_arrival = tuple(entry for entry in last_arrival if entry[0] != square)
            pieces = _with(pieces, colour, index, NEST)
            event.update(home=True, to="nest")
    after = _next_turn(position, pieces, last_arrival)
    return after, [event]


def _with(pieces: tuple[tuple[int, ...], ...], colour: int, index: int, progress: int) -> tuple[tuple[int, ...], ...]:
    row = pieces[colour]
    new_row = (*row[:index], progress, *row[index + 1:])
    return (*pieces[:colour], new_row, *pieces[colour + 1:])


def _play_move(position: Position, roll: int | None, move: Move) -> tuple[Position, list[Event]]:
    colour, index = move.piece
    mover = piece_name(move.piece)
    events: list[Event] = [{
        "type": "move", "colour": COLOURS[position.turn], "piece": mover,
        "from": location_name(colour, move.frm), "to": location_name(colour, move.to),
        "steps": move.to - move.frm if move.frm != NEST else EXIT_ROLL, "bonus": roll is None,
    }]
    earned: list[int] = []
    pieces = position.pieces
    arrivals = dict(position.last_arrival)
    if 0 <= move.frm <= LAST_TRACK:
        arrivals.pop(CELL[colour][move.frm], None)  # a square left with one piece needs no entry
    if move.capture is not None:
        victim_colour, victim_index = move.capture
        pieces = _with(pieces, victim_colour, victim_index, NEST)
        events.append({"type": "capture", "piece": piece_name(move.capture), "by": mover,
                       "square": location_name(colour, move.to)})
        earned.append(BONUS_CAPTURE)  # PA-17
    pieces = _with(pieces, colour, index, move.to)
    if move.to == GOAL:
        events.append({"type": "goal", "piece": mover, "in_goal": pieces[colour].count(GOAL)})
        earned.append(BONUS_GOAL)  # PA-18
        if position.retires_on_finishing() and pieces[colour].count(GOAL) == position.target:
            pieces, retired = _out_of_play(pieces, arrivals, colour)
            if retired:
                events.append({"type": "out_of_play", "pieces": retired})
    elif move.to <= LAST_TRACK:
        cell = CELL[colour][move.to]
        before = len(position.occupancy().get(cell, ()))
        if before - (move.capture is not None) + 1 == MAX_ON_SQUARE:
            arrivals[cell] = move.piece  # PA-12 needs to know who came last
    last_arrival = tuple(sorted(arrivals.items()))
    if move.to == GOAL:
        winner = winner_from_pieces(position.colours, pieces, position.mode, position.teams)
        if winner is not None:
            sixes = position.sixes if roll is None else (position.sixes + 1 if roll == SIX else 0)
            events.append({"type": "game_over", "winner": _winner_json(position, winner)})
            final = Position.trusted(position.colours, pieces, position.turn, position.mode, position.teams,
                             last_arrival, sixes, move.piece, (), winner)
            return final, events
    for steps in earned:
        events.append({"type": "bonus", "steps": steps, "for": "capture" if steps == BONUS_CAPTURE else "goal"})
    if roll is None:
        bonus = position.bonus[1:] + tuple(earned)  # PA-19: in the order earned
        sixes = position.sixes
    else:
        bonus = tuple(earned)
        sixes = position.sixes + 1 if roll == SIX else 0
    return _advance(position, pieces, last_arrival, move.piece, bonus, sixes), events


def _out_of_play(
    pieces: tuple[tuple[int, ...], ...], arrivals: dict[int, Piece], colour: int
) -> tuple[tuple[tuple[int, ...], ...], list[str]]:
    """PA-7, quick team game: the player who has just finished sends its pieces still on the
    track or in its lane to its nest, for good (they could otherwise form a blockade that nobody
    may ever open). `arrivals` loses the squares they leave. Returns the pieces and their names."""
    retired = []
    for index, progress in enumerate(pieces[colour]):
        if 0 <= progress < GOAL:
            if progress <= LAST_TRACK:
                arrivals.pop(CELL[colour][progress], None)  # one piece or none is left there
            pieces = _with(pieces, colour, index, NEST)
            retired.append(piece_name(PIECE_IDS[colour][index]))
    return pieces, retired


def _advance(
    position: Position,
    pieces: tuple[tuple[int, ...], ...],
    last_arrival: tuple[tuple[int, Piece], ...],
    last_moved: Piece | None,
    bonus: tuple[int, ...],
    sixes: int,
) -> Position:
    """Bonuses first (PA-19), then another roll after a six (PA-13), else the next colour."""
    if bonus or sixes:
        return Position.trusted(position.colours, pieces, position.turn, position.mode, position.teams,
                        last_arrival, sixes, last_moved, bonus, None)
    return _next_turn(position, pieces, last_arrival)


def _next_turn(
    position: Position, pieces: tuple[tuple[int, ...], ...], last_arrival: tuple[tuple[int, Piece], ...]
) -> Position:
    colours = position.colours
    following = colours[(colours.index(position.turn) + 1) % len(colours)]
    return Position.trusted(colours, pieces, following, position.mode, position.teams, last_arrival, 0, None, (),
                            None)


def next_step(position: Position) -> str:
    """What the table does next: `"bonus"` when a bonus move is pending, else `"roll"`."""
    return "bonus" if position.bonus and not position.over else "roll"


# -- actions (the protocol's vocabulary) --------------------------------------------------------
def check_action_fields(action: Mapping[str, Any]) -> None:
    """A play needs a `move` (an object, or null) and, if present, an integer `roll`."""
    if "move" not in action:
        raise BadRequest("protocol.missing_field", field="move")
    if action["move"] is not None and not isinstance(action["move"], dict):
        raise BadRequest("parchis.move_malformed")
    roll = action.get("roll")
    if roll is not None and not is_int(roll):
        raise BadRequest("protocol.wrong_type", field="roll", expected="an integer")


def parse_move(position: Position, move: Any) -> tuple[Piece | None, Any]:
    """`{"piece": "yellow.1"}` (optionally with `"to": "t12"`) -> (piece, to progress); null -> (None, not given)."""
    if move is None:
        return None, _NOT_GIVEN
    if not isinstance(move, dict) or not looks_like_piece_name(move.get("piece")):
        raise BadRequest("parchis.move_malformed")
    piece = parse_piece_name(move["piece"])
    if piece is None or piece[0] not in position.colours:
        raise BadRequest("parchis.piece_not_in_play", piece=shown(move["piece"]))
    if "to" not in move:
        return piece, _NOT_GIVEN
    to = parse_location(piece[0], move["to"])
    if to is None:
        raise BadRequest("parchis.move_to_malformed", piece=piece_name(piece), value=shown(move["to"]))
    return piece, to


def apply_action(position: Position, action: Mapping[str, Any]) -> tuple[Position, list[Event]]:
    """Play `{"roll": 5, "move": {"piece": "yellow.1"}}`, `{"roll": 3, "move": null}`, or a bonus
    `{"move": {...}}` without a roll. Checks in the protocol's order: fields, roll, game over, move."""
    check_action_fields(action)
    roll = check_roll(position, action.get("roll"))
    check_not_over(position)
    piece, to = parse_move(position, action["move"])
    return play(position, roll, piece, to)


__all__ = [
    "DIE",
    "Event",
    "Move",
    "Options",
    "apply_action",
    "check_action_fields",
    "check_not_over",
    "check_roll",
    "legal_moves",
    "next_step",
    "options",
    "parse_move",
    "play",
    "steps_for",
]
