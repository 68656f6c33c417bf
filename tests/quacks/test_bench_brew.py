"""Benchmarks (skipped by default; run `pytest tests/quacks/test_bench_brew.py --benchmark-only -n 0`).

Targets: exact odds for a 40-chip bag within 3 draws <= 2 ms; one draw applied and its odds
refreshed <= 5 ms.
"""

from __future__ import annotations

from typing import Any

from companion.quacks.data import Bag, Books
from companion.quacks.odds import explode_chances, pot_odds
from companion.quacks.pot import draw, new_pot

# 40 chips: a late-game bag
BAG_40 = Bag({"W1": 5, "W2": 2, "W3": 1, "O1": 4, "G1": 3, "G2": 2, "G4": 2, "B1": 3, "B2": 2,
              "R1": 3, "R2": 2, "R4": 1, "Y1": 3, "Y2": 1, "P1": 3, "K1": 3})
BOOKS = Books(red=1, yellow=3, blue=1)


def test_bench_odds_40_chips_within_3_draws(benchmark: Any) -> None:
    assert BAG_40.size == 40
    chances = benchmark(explode_chances, BAG_40, 5, 7, 3)
    assert 0 < chances[0] < chances[1] < chances[2] < 1


def test_bench_odds_40_chips_yellow3(benchmark: Any) -> None:
    chances = benchmark(explode_chances, BAG_40, 5, 7, 3, yellows=0)
    assert 0 < chances[0] < chances[2] < 1


def test_bench_draw_and_refresh_odds(benchmark: Any) -> None:
    pot, bag = new_pot(droplet=6, rats=2), BAG_40
    for code in ("O1", "W2", "R1", "Y1", "W1", "G2"):
        pot, bag, _ = draw(pot, bag, code, BOOKS)

    def step() -> Any:
        after, left, _ = draw(pot, bag, {"chip": "B1", "place": "W1"}, BOOKS)
        return pot_odds(after, left, BOOKS)

    odds = benchmark(step)
    assert odds.draws_left == BAG_40.size - 8
