"""Benchmarks (skipped by default; run `pytest tests/parchis/test_bench.py --benchmark-only -n 0`).

Targets: legal moves for one roll in a busy 4-player middle game ≤ 60 µs; a whole random
4-player game played out ≤ 50 ms.
"""

from __future__ import annotations

import random
from dataclasses import fields
from itertools import cycle

from companion.parchis import Position, legal_moves, options, play

from .helpers import pos_json

# Twelve pieces out, blockades of two colours, shared safe squares, pieces in lanes and goals.
BUSY = Position.from_json(pos_json({
    "yellow": ["t20", "t20", "t33", "l2"],
    "blue": ["t29", "t40", "t63", "nest"],
    "red": ["t45", "t45", "t12", "t29"],
    "green": ["t60", "t3", "goal", "l5"],
}, last_arrival={"t20": "yellow.1", "t45": "red.1", "t29": "red.3"}))
BUSY_FIELDS = [getattr(BUSY, f.name) for f in fields(Position) if f.init]


def fresh_busy() -> Position:
    """A new object each time, so no answer is remembered from the call before."""
    return Position(*BUSY_FIELDS)


def random_game(seed: int) -> int:
    rng = random.Random(seed)
    position = Position.start((0, 1, 2, 3))
    plies = 0
    while not position.over:
        roll = None if position.bonus else rng.randint(1, 6)
        moves = options(position, roll).moves
        position, _ = play(position, roll, rng.choice(moves) if moves else None)
        plies += 1
    return plies


def test_bench_legal_moves_one_roll_busy_middle_game(benchmark):
    rolls = cycle(range(1, 7))
    moves = benchmark(lambda: legal_moves(fresh_busy(), next(rolls)))
    assert isinstance(moves, list)
    assert len(legal_moves(BUSY, 3)) == 4


def test_bench_whole_random_four_player_game(benchmark):
    seeds = iter(range(10**9))
    plies = benchmark(lambda: random_game(next(seeds)))
    assert plies > 100
