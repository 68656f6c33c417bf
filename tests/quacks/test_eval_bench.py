"""Speed of the evaluation (run with `--benchmark-only -n 0`; skipped in the normal suite)."""

from __future__ import annotations

import pytest

from companion.quacks.evaluate_protocol import op_evaluate
from companion.quacks.evaluation import apply, begin, evaluate_round, legal_choices, pending
from companion.quacks.evaluation_types import Answers, ChooseScoring, RollDie
from tests.quacks.test_eval_protocol import WORKED
from tests.quacks.test_eval_support import QUIET, player, setup

FOUR = [player("O1@2 G1@5 P1@9 K1@14 W2@16 G2@20"), player(QUIET, exploded=True),
        player("K1@3 P1@6 P1@11 G4@15 R2@22"), player("W1@1 B2@4 Y1@8 O1@12 P1@17")]
FOUR_ANSWERS = [Answers(), Answers(choice="buy", buy=("B1",)), Answers(die=("2vp",), buy=("G4", "O1")),
                Answers(spend=(0, False))]


@pytest.mark.benchmark(group="quacks-eval")
def test_bench_evaluate_round_four_players(benchmark):
    ev, _ = benchmark(evaluate_round, setup(4, start=1), FOUR, FOUR_ANSWERS)
    assert ev.finished


@pytest.mark.benchmark(group="quacks-eval")
def test_bench_op_evaluate_worked_example(benchmark):
    assert benchmark(op_evaluate, WORKED)["next_start"] == 1


@pytest.mark.benchmark(group="quacks-eval")
def test_bench_legal_purchases_with_35_coins(benchmark):
    ev, _ = begin(setup(5), [player("O1@52"), player(QUIET, exploded=True)])
    ev, _ = apply(ev, RollDie(0, "1vp"))
    ev, _ = apply(ev, ChooseScoring(1, "vp"))
    assert pending(ev).kind == "buy"
    assert len(benchmark(legal_choices, ev)) > 50
