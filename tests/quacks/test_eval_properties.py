"""Seeded random evaluations (QK-11 … QK-16): walking step by step with random legal answers
always finishes, keeps every invariant, and gives exactly what `evaluate_round` gives with
the same answers up front; the protocol op never fails on its own."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from companion.quacks.data import CHIP_CODES, LAST_SPACE, SPOON, Books
from companion.quacks.evaluate_protocol import op_evaluate
from companion.quacks.evaluation import Evaluation, apply, begin, evaluate_round, legal_choices, open_asks
from companion.quacks.evaluation_types import (
    Answers,
    Buy,
    ChooseScoring,
    Extras,
    PayGreenRubies,
    PlayerIn,
    RollDie,
    Setup,
    SpendRubies,
    Supply,
    SwapChip,
    TakeGreenChips,
    TradePurples,
)
from companion.quacks.pot import Placed
from companion.referee import handle_line
from tests.quacks.test_eval_support import served  # noqa: F401  (serves `evaluate`)

GAMES = 300
POT_CODES = [c for c in CHIP_CODES]


def random_pot(rng: random.Random) -> tuple[Placed, ...]:
    chips, space = [], rng.randint(0, 4)
    for _ in range(rng.randint(1, 12)):
        space = min(LAST_SPACE, space + rng.randint(0, 6))
        chips.append(Placed(rng.choice(POT_CODES), space))
    return tuple(chips)


def random_table(rng: random.Random) -> tuple[Setup, list[PlayerIn]]:
    n = rng.randint(2, 4)
    books = Books.of({colour: rng.randint(1, 4) for colour in ("green", "blue", "red", "yellow", "purple")})
    supply = Supply({code: rng.randint(0, 2) for code in rng.sample(CHIP_CODES, rng.randint(0, 6))})
    extras = Extras(die_rolls=rng.choice((1, 1, 2)), ruby_space_vp=rng.choice((0, 2)),
                    free_refill=rng.random() < 0.2, whites_seven_droplet=rng.choice((0, 1)))
    table = Setup(rng.randint(1, 9), rng.randrange(n), books, supply=supply, extras=extras)
    players = [PlayerIn(random_pot(rng), rng.random() < 0.4, droplet=rng.randint(0, LAST_SPACE),
                        vp=rng.randint(0, 60), rubies=rng.randint(0, 7), flask=rng.random() < 0.6,
                        protected=rng.random() < 0.1) for _ in range(n)]
    return table, players


def walk_randomly(rng: random.Random, ev: Evaluation) -> tuple[Evaluation, list[Answers]]:
    given: list[dict] = [{} for _ in ev.tallies]
    while asks := open_asks(ev):  # D–F: any seat asked may answer first
        choice = rng.choice(legal_choices(ev, rng.choice(asks).seat))
        record = given[choice.seat]
        if isinstance(choice, RollDie):
            record["die"] = (*record.get("die", ()), choice.face)
        elif isinstance(choice, ChooseScoring):
            record["choice"] = choice.choice
        elif isinstance(choice, Buy):
            record["buy"] = choice.chips
        elif isinstance(choice, SpendRubies):
            record["spend"] = (choice.droplet, choice.flask)
        elif isinstance(choice, TakeGreenChips):
            record["green_take"] = choice.picks
        elif isinstance(choice, PayGreenRubies):
            record["green_pay"] = choice.rubies
        elif isinstance(choice, TradePurples):
            record["purple_trade"] = choice.tier
        elif isinstance(choice, SwapChip):
            record["purple_swap"] = (choice.tier, choice.chip)
        ev, _ = apply(ev, choice)
    return ev, [Answers(**record) for record in given]


def test_random_walks_finish_keep_invariants_and_match_evaluate_round():
    rng = random.Random(20260611)
    for _ in range(GAMES):
        table, players = random_table(rng)
        start, _ = begin(table, players)
        ev, answers = walk_randomly(rng, start)
        assert ev.finished
        batch, _ = evaluate_round(table, players, answers)
        assert batch.tallies == ev.tallies and batch.supply == ev.supply and batch.winners == ev.winners
        for before, after in zip(players, ev.tallies, strict=True):
            assert before.droplet <= after.droplet <= LAST_SPACE  # droplets never go back
            assert after.rubies >= 0 and after.vp >= before.vp
            assert 1 <= after.scoring_space <= SPOON
            assert after.rolled == (after.seat in ev.rollers)
            assert all(code in CHIP_CODES for code in after.gained + after.removed)
            if table.round == 9:
                assert after.rubies <= 1  # QK-16: every pair of rubies became a VP
        assert all(count >= 0 for count in ev.supply.values())
        assert (table.round == 9) == bool(ev.winners)
        assert Evaluation.from_json(json.loads(json.dumps(ev.to_json()))) == ev


@pytest.mark.usefixtures("served")
def test_the_protocol_op_never_fails_on_its_own():
    """Random requests built from random walks, some broken on purpose: every answer is
    `ok` or one of the protocol's error codes, never an internal error."""
    rng = random.Random(7)
    codes = {"bad_request", "bad_position", "unsupported", "illegal_move"}
    for _ in range(GAMES):
        table, players = random_table(rng)
        table = replace(table, books=Books.of({"green": rng.choice((1, 3)), "purple": rng.choice((1, 3))}),
                        extras=Extras())
        players = [replace(p, protected=False) for p in players]
        ev, answers = walk_randomly(rng, begin(table, players)[0])
        request = {"game": "quacks", "op": "evaluate", "round": table.round, "start": table.start,
                   "books": table.books.to_json(), "supply": table.supply.to_json(), "players": []}
        for p, a in zip(players, answers, strict=True):
            entry = {"chips": [c.to_json() for c in p.chips], "exploded": p.exploded, "droplet": p.droplet,
                     "vp": p.vp, "rubies": p.rubies, "flask": p.flask}
            if a.die:
                entry["die"] = a.die[0]
            if a.choice:
                entry["choice"] = a.choice
            if a.buy is not None:
                entry["buy"] = list(a.buy)
            if a.spend is not None:
                entry["spend"] = {"droplet": a.spend[0], "flask": a.spend[1]}
            request["players"].append(entry)
        answer = op_evaluate(request)
        assert [p["vp"] for p in answer["players"]] == [t.vp for t in ev.tallies]
        victim = rng.choice(request["players"])
        key = rng.choice(["die", "choice", "buy", "spend", "chips", "exploded", "droplet"])
        victim[key] = rng.choice([None, -1, 53, "x", [], {}, ["W1", "W1", "W1"], "vp", True, 2])
        response = handle_line(json.dumps(request))
        assert response["ok"] or response["error"]["code"] in codes, response
        assert "internal error" not in json.dumps(response)
