"""Benchmarks (skipped by default; run with `pytest tests/cavasie/test_bench.py --benchmark-only -n 0`).

Targets: the best reading of a dealer's hand (six centre cards, a floor of four, two quotos)
within 1 ms; a five-player showdown within 10 ms. "Cold" rounds start from a scorer that has
never seen these cards; "warm" rounds reuse what it remembered (a table scoring hands again).
"""

from __future__ import annotations

from companion.cavasie import Scorer, SeatCards, default_deck, showdown

DEALER = SeatCards(("A0", "S3", "G4", "P5", "S8", "G0"), ("A2", "G7", "S1", "P3"), dealer=True)
PLAYER = SeatCards(("A0", "S3", "G4", "P0"), ("A2", "G7", "S1", "P3", "G5"))
FIVE = [
    SeatCards(("A1", "S2", "G0"), ("G3", "P4", "A5")),
    SeatCards(("S4", "S5", "S6", "P0"), ("A6", "G6")),
    SeatCards(("P1", "P2"), ("P3", "G8", "A8", "S8")),
    SeatCards(("A3", "G2"), ("S7", "P7", "A7")),
    SeatCards(("A0", "S0", "G1", "S1", "G5", "P8"), ("G4", "P6", "A4", "S3"), dealer=True),
]


def fresh() -> Scorer:
    return Scorer(default_deck())


def test_bench_dealer_hand_cold(benchmark) -> None:
    result = benchmark.pedantic(lambda scorer: scorer.score(DEALER), setup=lambda: ((fresh(),), {}), rounds=200)
    assert result.rank_index >= 1


def test_bench_dealer_hand_cards_unseen(benchmark) -> None:
    """The scorer's card-independent table warm, this hand's cards not seen before."""
    scorer = fresh()
    scorer.score(DEALER)

    def setup():
        scorer.clear_cache()
        return (), {}

    benchmark.pedantic(lambda: scorer.score(DEALER), setup=setup, rounds=300)


def test_bench_dealer_hand_warm(benchmark) -> None:
    scorer = fresh()
    benchmark(lambda: scorer.score(DEALER))


def test_bench_player_hand_cold(benchmark) -> None:
    benchmark.pedantic(lambda scorer: scorer.score(PLAYER), setup=lambda: ((fresh(),), {}), rounds=200)


def test_bench_five_player_showdown_cold(benchmark) -> None:
    result = benchmark.pedantic(lambda scorer: showdown(scorer, FIVE), setup=lambda: ((fresh(),), {}), rounds=100)
    assert len(result.scores) == 5


def test_bench_five_player_showdown_warm(benchmark) -> None:
    scorer = fresh()
    benchmark(lambda: showdown(scorer, FIVE))
