"""Benchmarks (skipped by default; run with `pytest tests/senet/test_bench.py --benchmark-only -n 0`)."""

from __future__ import annotations

import random

from companion.senet import Position, legal_moves, play, result

MIDGAME = Position.from_pieces({1: [3, 7, 12, 18, 22, 26, 29], 2: [5, 9, 14, 20, 24, 27]}, off=(1, 2), turn=1)


def random_game(seed: int) -> int:
    rng = random.Random(seed)
    position = Position.start()
    plies = 0
    while not result(position).over:
        throw = rng.randint(1, 4)
        moves = legal_moves(position, throw)
        position, _ = play(position, throw, rng.choice(moves).frm if moves else None)
        plies += 1
    return plies


def test_bench_legal_moves(benchmark):
    moves = benchmark(lambda: [legal_moves(MIDGAME, throw) for throw in (1, 2, 3, 4)])
    assert any(moves)


def test_bench_full_random_game(benchmark):
    seeds = iter(range(10**9))
    plies = benchmark(lambda: random_game(next(seeds)))
    assert plies > 0
