"""Property tests: thousands of seeded random games of every kind (2, 3 and 4 players, standard,
quick, teams), checking invariants on every ply, and a few hundred of them against a small
oracle written here straight from the rules text.

The oracle works on the protocol's JSON (location names, square arithmetic from the exit
squares, dictionaries of who stands where); the engine works on progress integers and
precomputed tables. They share no code, so agreeing on every roll of every game means something.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.parchis import Position, options, play
from companion.parchis.board import GOAL, PROGRESS_OF_SQUARE, parse_piece_name

COLOUR_ORDER = ["yellow", "blue", "red", "green"]
EXIT = {"yellow": 5, "blue": 22, "red": 39, "green": 56}  # PA-2
SAFE = {5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68}  # PA-3
PARTNER = {"yellow": "red", "red": "yellow", "blue": "green", "green": "blue"}  # PA-7
MAX_PLIES = 20_000  # a random 4-player game lasts about 400 plies

KINDS = [  # (colours, mode, teams)
    (("yellow", "red"), "standard", False),
    (("blue", "green"), "quick", False),
    (("yellow", "blue", "red"), "standard", False),
    (("blue", "red", "green"), "quick", False),
    (("yellow", "blue", "red", "green"), "standard", False),
    (("yellow", "blue", "red", "green"), "quick", False),
    (("yellow", "blue", "red", "green"), "standard", True),
    (("yellow", "blue", "red", "green"), "quick", True),
]


# -- the oracle -------------------------------------------------------------------------------------
def path(colour: str) -> list[str]:
    """PA-4: the 72 places from the exit square to the goal."""
    track = [f"t{(EXIT[colour] - 1 + k) % 68 + 1}" for k in range(64)]
    return [*track, *(f"l{k}" for k in range(1, 8)), "goal"]


PATHS = {colour: path(colour) for colour in COLOUR_ORDER}


def oracle_moves(p: dict[str, Any], roll: int | None) -> tuple[int, list[tuple[str, str, str | None]], bool]:
    """(steps, [(piece, to, captured)], penalty) for the position `p` (JSON) and `roll`."""
    target = 2 if p["mode"] == "quick" else 4
    pieces = p["pieces"]
    me = p["turn"]
    if p["teams"] and pieces[me].count("goal") >= target:
        me = PARTNER[me]  # PA-7
    friends = {me, PARTNER[me]} if p["teams"] else {me}

    where: dict[str, list[str]] = {}  # place key -> piece names there (lanes keyed per colour)
    for colour, places in pieces.items():
        for index, place in enumerate(places):
            if place.startswith("t"):
                where.setdefault(place, []).append(f"{colour}.{index}")
            elif place.startswith("l"):
                where.setdefault(f"{colour}:{place}", []).append(f"{colour}.{index}")

    def blockade(square: str) -> bool:
        here = where.get(square, [])
        return len(here) == 2 and here[0].split(".")[0] == here[1].split(".")[0]

    mine = pieces[me]
    in_nest = [i for i, place in enumerate(mine) if place == "nest"]
    if roll is None:
        steps = p["bonus"][0]
    else:
        steps = 7 if roll == 6 and not in_nest else roll  # PA-13
        if roll == 6 and p["sixes"] == 2:
            return steps, [], True  # PA-14
    if roll == 5 and in_nest:  # PA-11, PA-12
        exit_square = f"t{EXIT[me]}"
        here = where.get(exit_square, [])
        if len(here) < 2:
            return steps, [(f"{me}.{in_nest[0]}", exit_square, None)], False
        foes = [name for name in here if name.split(".")[0] not in friends]
        if foes:
            victim = foes[0] if len(foes) == 1 else p["last_arrival"][exit_square]
            return steps, [(f"{me}.{in_nest[0]}", exit_square, victim)], False
    route = PATHS[me]
    found = []
    for index, place in enumerate(mine):
        if place in ("nest", "goal"):
            continue
        start = route.index(place)
        end = start + steps
        if end > 71:  # PA-4
            continue
        if any(blockade(route[k]) for k in range(start + 1, end + 1) if route[k].startswith("t")):  # PA-15
            continue
        goal_place = route[end]
        if goal_place == "goal":
            found.append((f"{me}.{index}", "goal", None))
            continue
        key = goal_place if goal_place.startswith("t") else f"{me}:{goal_place}"
        here = where.get(key, [])
        if len(here) == 2:  # PA-5
            continue
        victim = None
        on_track = goal_place.startswith("t")
        if here and on_track and int(goal_place[1:]) not in SAFE and here[0].split(".")[0] not in friends:
            victim = here[0]  # PA-17
        found.append((f"{me}.{index}", goal_place, victim))
    if roll == 6:  # PA-16
        opening = [move for move in found if blockade(mine[int(move[0].split(".")[1])])]
        if opening:
            return steps, opening, False
    return steps, found, False


# -- playing random games ---------------------------------------------------------------------------
def square_count_ok(position: Position) -> bool:
    return all(len(here) <= 2 for here in position.occupancy().values())  # PA-5


def blockade_squares(position: Position) -> set[int]:
    """Track squares holding two pieces of one colour, by square arithmetic (PA-15)."""
    seen: dict[int, list[int]] = {}
    for colour in position.colours:
        exit_square = EXIT[COLOUR_ORDER[colour]]
        for progress in position.pieces[colour]:
            if 0 <= progress <= 63:
                seen.setdefault((exit_square - 1 + progress) % 68 + 1, []).append(colour)
    return {square for square, here in seen.items() if len(here) == 2 and here[0] == here[1]}


def passes_no_blockade(before: Position, piece: tuple[int, int], frm: int, to: int) -> bool:
    """PA-15: no blockade between the start and the target, nor on the target (leaving the
    nest is PA-12's business: it may land on an opponent blockade and capture)."""
    if frm < 0:
        return True
    exit_square = EXIT[COLOUR_ORDER[piece[0]]]
    crossed = {(exit_square - 1 + k) % 68 + 1 for k in range(frm + 1, min(to, 63) + 1)}
    return not crossed & blockade_squares(before)


def random_game(seed: int, kind: tuple[tuple[str, ...], str, bool], with_oracle: bool) -> Position:
    colours, mode, teams = kind
    rng = random.Random(seed)
    position = Position.start(tuple(COLOUR_ORDER.index(c) for c in colours), mode, teams)
    total = {c: 4 for c in position.colours}
    for ply in range(MAX_PLIES):
        if position.over:
            return position
        roll = None if position.bonus else rng.randint(1, 6)
        allowed = options(position, roll)
        if with_oracle:
            as_json = position.to_json()
            steps, expected, penalty = oracle_moves(as_json, roll)
            got = [(move.name, move.to_json()["to"], move.to_json()["capture"]) for move in allowed.moves]
            assert (allowed.steps, got, allowed.penalty) == (steps, expected, penalty), (seed, ply, as_json, roll)
            if ply % 25 == 0:
                assert Position.from_json(as_json) == position
        choice = rng.choice(allowed.moves) if allowed.moves else None
        if with_oracle and allowed.moves:
            refuse_an_illegal_piece(position, roll, allowed.moves, rng)
        after, events = play(position, roll, choice)
        assert square_count_ok(after)
        assert {c: len(after.pieces[c]) for c in after.colours} == total
        if choice is not None:
            assert passes_no_blockade(position, choice.piece, choice.frm, choice.to)
            assert after.location(choice.piece) == choice.to
            if choice.capture is not None:
                assert after.location(choice.capture) == -1
        check_turn(position, roll, after, events)
        position = after
    raise AssertionError(f"game {seed} {kind} did not end in {MAX_PLIES} plies")


def refuse_an_illegal_piece(position: Position, roll: int | None, legal: tuple[Any, ...], rng: random.Random) -> None:
    """Every piece of the mover that is not among the legal moves is refused."""
    acting = position.acting_colour()
    legal_pieces = {move.piece for move in legal}
    nest_ok = any(move.frm == -1 for move in legal)
    others = [(acting, i) for i in range(4)
              if (acting, i) not in legal_pieces and not (nest_ok and position.pieces[acting][i] == -1)]
    if others:
        with pytest.raises(IllegalMove):
            play(position, roll, rng.choice(others))


def check_turn(before: Position, roll: int | None, after: Position, events: list[dict[str, Any]]) -> None:
    """Bonuses first, another roll after a six, else the next colour (PA-13, PA-14, PA-19)."""
    if after.over:
        assert after.turn == before.turn and after.bonus == () and events[-1]["type"] == "game_over"
        return
    following = before.colours[(before.colours.index(before.turn) + 1) % len(before.colours)]
    sixes = before.sixes if roll is None else (before.sixes + 1 if roll == 6 else 0)
    if roll == 6 and before.sixes == 2:  # the third six ends the turn
        assert (after.turn, after.sixes, after.last_moved, after.bonus) == (following, 0, None, ())
    elif after.bonus or sixes:
        assert (after.turn, after.sixes) == (before.turn, sixes)
    else:
        assert (after.turn, after.sixes, after.last_moved) == (following, 0, None)


def check_winner(position: Position, kind: tuple[tuple[str, ...], str, bool]) -> None:
    """Exactly one winner (a colour, or a team of two partners) who has finished."""
    _, mode, teams = kind
    winner = position.winner
    assert winner is not None
    need = 2 if mode == "quick" else 4
    assert all(position.pieces[c].count(GOAL) >= need for c in winner)
    if teams:
        assert len(winner) == 2 and COLOUR_ORDER[winner[1]] == PARTNER[COLOUR_ORDER[winner[0]]]
    else:
        assert len(winner) == 1
        assert sum(position.pieces[c].count(GOAL) >= need for c in position.colours) == 1


GAMES_PER_KIND = 200  # 8 kinds x 200 = 1,600 games checked for invariants
ORACLE_GAMES_PER_KIND = 25  # 200 more games compared with the oracle on every roll


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: f"{len(kind[0])}p-{kind[1]}{'-teams' if kind[2] else ''}")
def test_random_games_keep_the_invariants_and_end_with_one_winner(kind):
    """PA-5, PA-15, PA-7 … PA-9: never three on a square, never past a blockade, four pieces a
    colour, every game ends with one winner."""
    for seed in range(GAMES_PER_KIND):
        check_winner(random_game(seed, kind, with_oracle=False), kind)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: f"{len(kind[0])}p-{kind[1]}{'-teams' if kind[2] else ''}")
def test_random_games_agree_with_the_oracle_on_every_roll(kind):
    """PA-4 … PA-20: every legal move list (steps, pieces, destinations, captures, penalty)
    equals the oracle's, and every other piece is refused."""
    for seed in range(10_000, 10_000 + ORACLE_GAMES_PER_KIND):
        check_winner(random_game(seed, kind, with_oracle=True), kind)


def test_from_json_refuses_random_garbage_without_crashing():
    """Any JSON value in any field gives a bad position or a good one, never a crash."""
    from companion.errors import BadPosition

    rng = random.Random(3)
    base = Position.start((0, 1, 2, 3)).to_json()
    values: list[Any] = [None, 0, -1, 3, 20, "t5", "yellow", "l8", [], {}, ["yellow"], True, 2.5, "nest"]
    for _ in range(3000):
        position = {key: value for key, value in base.items()}
        field = rng.choice(list(base))
        position[field] = rng.choice(values)
        try:
            Position.from_json(position)
        except BadPosition:
            pass
        except BadRequest:  # pragma: no cover - would be the wrong code
            raise


def test_progress_tables_agree_with_square_arithmetic():
    """PA-1, PA-2: the engine's table of progress by square equals the arithmetic."""
    for colour, name in enumerate(COLOUR_ORDER):
        for square in range(1, 69):
            expected = (square - EXIT[name]) % 68
            assert PROGRESS_OF_SQUARE[colour].get(square) == (expected if expected <= 63 else None)
    assert parse_piece_name("green.3") == (3, 3)
