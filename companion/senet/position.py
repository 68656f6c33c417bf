"""Bell's Senet positions: the board, the borne-off counts, the turn and the house rules.

A `Position` is immutable. The board is a tuple of thirty owners, one per square along the
S-shaped path (SN-1): index 0 is square 1, and each entry is 0 (empty), 1 or 2. Building a
position that breaks the rules of the board (SN-1, SN-2, SN-5) raises `BadPosition`, so any
`Position` the engine sees is well formed.

The JSON form is the referee protocol's (docs/protocol.md):
`{"turn": 1, "board": {"1": [1, 3, ...], "2": [2, 4, ...]}, "off": {"1": 0, "2": 0},
"house_rules": {"gate_exact_26": false}}`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.errors import BadPosition, RefereeError

SQUARES = 30  # SN-1
PIECES = 10  # SN-2
PLAYERS = (1, 2)
HOUSE_OF_BEAUTY = 26  # SN-3, SN-8
SAFE_SQUARES = range(26, 31)  # SN-3: 26 (House of Beauty), 27 (X), 28 (III), 29 (II), 30 (I)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A value from a request, as it reads in a message."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


@dataclass(frozen=True)
class HouseRules:
    """Optional rules the players agree on before the game (SN-8)."""

    gate_exact_26: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.gate_exact_26, bool):
            raise BadPosition("senet.position_gate", rule="SN-8", value=_shown(self.gate_exact_26))

    def to_json(self) -> dict[str, Any]:
        return {"gate_exact_26": self.gate_exact_26}

    @classmethod
    def from_json(cls, data: Any, error: type[RefereeError] = BadPosition) -> HouseRules:
        """Read `{"gate_exact_26": bool}`; the switch may be omitted (off). Unknown keys are ignored."""
        if not isinstance(data, dict):
            raise error("senet.position_house_rules")
        gate = data.get("gate_exact_26", False)
        if not isinstance(gate, bool):
            raise error("senet.position_gate", rule="SN-8", value=_shown(gate))
        return _HOUSE_RULES[gate] if cls is HouseRules else cls(gate_exact_26=gate)


_HOUSE_RULES = {False: HouseRules(False), True: HouseRules(True)}  # immutable: shared, not rebuilt


def _start_squares() -> tuple[int, ...]:
    # SN-2: player 1 on the odd squares 1..19, player 2 on the even squares 2..20.
    return tuple((1 if square % 2 else 2) if square <= 20 else 0 for square in range(1, SQUARES + 1))


@dataclass(frozen=True)
class Position:
    """A Senet position. `squares[i]` is the owner (0, 1 or 2) of square i + 1."""

    squares: tuple[int, ...]
    off: tuple[int, int] = (0, 0)
    turn: int = 1
    house_rules: HouseRules = field(default_factory=HouseRules)
    # What the engine has worked out about this position (its result), kept: a position never
    # changes, and one request asks the same question several times.
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        squares = self.squares
        if not isinstance(squares, tuple) or len(squares) != SQUARES:
            raise BadPosition("senet.position_board")
        for owner in squares:
            if owner not in (0, 1, 2) or isinstance(owner, bool):
                raise BadPosition("senet.position_board")
        self._check_counts()

    def _check_counts(self) -> None:
        """The turn, the borne-off counts and at most ten pieces a side (SN-2, SN-12)."""
        turn = self.turn
        if (type(turn) is not int and (not isinstance(turn, int) or isinstance(turn, bool))) or turn not in PLAYERS:
            raise BadPosition("senet.position_turn", rule="SN-2", value=_shown(turn))
        if not isinstance(self.off, tuple) or len(self.off) != 2:
            raise BadPosition("senet.position_off_object")
        squares = self.squares
        for player, count in zip(PLAYERS, self.off, strict=True):
            if not _is_int(count) or not 0 <= count <= PIECES:
                raise BadPosition("senet.position_off", rule="SN-12", player=player, value=_shown(count))
            total = squares.count(player) + count
            if total > PIECES:
                raise BadPosition("senet.position_too_many", rule="SN-2", player=player, count=total)
        if not isinstance(self.house_rules, HouseRules):
            raise BadPosition("senet.position_house_rules")

    @classmethod
    def trusted(cls, squares: tuple[int, ...], off: tuple[int, int], turn: int, house_rules: HouseRules) -> Position:
        """A position the caller has already checked (the engine's own moves keep every rule of the
        board): built without checking it again, which the referee's throughput needs."""
        self = object.__new__(cls)
        set_field = object.__setattr__  # the dataclass is frozen
        set_field(self, "squares", squares)
        set_field(self, "off", off)
        set_field(self, "turn", turn)
        set_field(self, "house_rules", house_rules)
        set_field(self, "memo", {})
        return self

    # -- building ----------------------------------------------------------------
    @classmethod
    def start(cls, house_rules: HouseRules | None = None) -> Position:
        """The start position (SN-2): player 1 on 1, 3, ..., 19, player 2 on 2, 4, ..., 20; player 1 moves."""
        return cls(_start_squares(), (0, 0), 1, house_rules or HouseRules())

    @classmethod
    def from_pieces(
        cls,
        board: Mapping[int, Iterable[int]],
        off: tuple[int, int] = (0, 0),
        turn: int = 1,
        house_rules: HouseRules | None = None,
    ) -> Position:
        """A position from each player's squares, e.g. `{1: [24, 27], 2: [25]}`."""
        squares = [0] * SQUARES
        for player in PLAYERS:
            for square in board.get(player, ()):
                if (type(square) is not int and not _is_int(square)) or not 1 <= square <= SQUARES:
                    raise BadPosition("senet.position_square", rule="SN-1", player=player, value=_shown(square))
                holder = squares[square - 1]
                if holder:
                    rule = "SN-5" if holder == player else ("SN-6" if square < HOUSE_OF_BEAUTY else "SN-7")
                    raise BadPosition("senet.position_shared_square", rule=rule, square=square)
                squares[square - 1] = player
        # every square now holds 0, 1 or 2: only the counts are left to check
        position = cls.trusted(tuple(squares), tuple(off), turn, house_rules or _HOUSE_RULES[False])  # type: ignore[arg-type]
        position._check_counts()
        return position

    # -- reading -----------------------------------------------------------------
    def owner(self, square: int) -> int:
        """0 if `square` (1..30) is empty, else the player whose piece stands there."""
        return self.squares[square - 1]

    def pieces(self, player: int) -> tuple[int, ...]:
        """The squares of `player`'s pieces on the board, ascending."""
        return tuple([square for square, owner in enumerate(self.squares, 1) if owner == player])

    def on_board(self, player: int) -> int:
        return self.squares.count(player)

    def score(self, player: int) -> int:
        """SN-12: one point per piece borne off."""
        return self.off[player - 1]

    def captured(self, player: int) -> int:
        """`player`'s pieces that have left the game by capture (SN-6)."""
        return PIECES - self.on_board(player) - self.off[player - 1]

    # -- JSON --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        first: list[int] = []
        second: list[int] = []
        for square, owner in enumerate(self.squares, 1):
            if owner == 1:
                first.append(square)
            elif owner:
                second.append(square)
        return {
            "turn": self.turn,
            "board": {"1": first, "2": second},
            "off": {str(player): self.off[player - 1] for player in PLAYERS},
            "house_rules": self.house_rules.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read the protocol's position object; anything wrong in it raises `BadPosition`.

        `off` and `house_rules` may be omitted; board squares may come in any order.
        Unknown extra fields are ignored.
        """
        if not isinstance(data, dict):
            raise BadPosition("senet.position_not_object")
        for name in ("turn", "board"):
            if name not in data:
                raise BadPosition("senet.position_missing", field=name)
        turn = data["turn"]
        if not _is_int(turn) or turn not in PLAYERS:
            raise BadPosition("senet.position_turn", rule="SN-2", value=_shown(turn))

        raw_board = data["board"]
        if not isinstance(raw_board, dict) or set(raw_board) != {"1", "2"}:
            raise BadPosition("senet.position_board")
        board: dict[int, list[int]] = {}
        for player in PLAYERS:
            squares = raw_board[str(player)]
            if not isinstance(squares, list):
                raise BadPosition("senet.position_board")
            board[player] = squares

        off: tuple[int, int] = (0, 0)
        if "off" in data:
            raw_off = data["off"]
            if not isinstance(raw_off, dict):
                raise BadPosition("senet.position_off_object")
            counts = []
            for player in PLAYERS:
                if str(player) not in raw_off:
                    raise BadPosition("senet.position_off_object")
                count = raw_off[str(player)]
                if not _is_int(count) or not 0 <= count <= PIECES:
                    raise BadPosition("senet.position_off", rule="SN-12", player=player, value=_shown(count))
                counts.append(count)
            off = (counts[0], counts[1])

        house_rules = _HOUSE_RULES[False]
        if "house_rules" in data:
            house_rules = HouseRules.from_json(data["house_rules"])

        return cls.from_pieces(board, off, turn, house_rules)

    def __str__(self) -> str:
        marks = "".join(".xo"[owner] for owner in self.squares)
        return f"{marks[:10]}|{marks[10:20]}|{marks[20:]} off={self.off} turn={self.turn}"
