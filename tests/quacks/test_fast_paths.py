"""The referee's straight-through paths give exactly what the step-by-step engine gives:
`pot.brew` against `pot.draw` one item after another, `evaluate_answers` against
`evaluate_round`, on seeded random tables — the same pot, tallies, box and winners, or the
same refusal (type, message, rule and words), at the same point."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from companion.errors import RefereeError
from companion.quacks.data import CHIP_CODES, LAST_SPACE, Books
from companion.quacks.evaluation import begin, evaluate_round
from companion.quacks.evaluation_bulk import evaluate_answers
from companion.quacks.evaluation_types import FACES, Answers, Extras, PlayerIn, Setup, Supply
from companion.quacks.pot import Draw, UseFlask, brew, draw, new_pot
from tests.quacks.test_eval_properties import random_pot, walk_randomly

CASES = 500


def outcome_of(run: Any) -> tuple[Any, ...]:
    """What a run gave: its value, or its refusal in full."""
    try:
        return ("ok", run())
    except RefereeError as refused:
        return ("refused", type(refused), refused.message_id, refused.rule, refused.params)


def random_item(rng: random.Random, books: Books, depth: int = 0) -> Draw | UseFlask:
    if rng.random() < 0.12:
        return UseFlask()
    code = rng.choice(CHIP_CODES[:12] if rng.random() < 0.7 else CHIP_CODES)
    back = code[0] == "Y" and books["yellow"] == 1 and rng.random() < 0.5
    place = None
    if code[0] == "B" and books["blue"] == 1 and depth < 3 and rng.random() < 0.6:
        placed = random_item(rng, books, depth + 1)
        place = placed if isinstance(placed, Draw) else None
    return Draw(code, back, place)


def stepwise(actions: list[Draw | UseFlask], books: Books, droplet: int, rats: int, limit: int) -> tuple:
    pot = new_pot(droplet, rats, limit)
    for action in actions:
        pot, _, _ = draw(pot, None, action, books)
    return pot.chips, pot.exploded


def test_brew_is_draw_after_draw():
    rng = random.Random(20260612)
    refused = 0
    for _ in range(CASES):
        books = Books(**{c: rng.choice((1, 3, 4) if c == "red" else (1, 2, 3, 4))
                         for c in ("green", "blue", "red", "yellow", "purple")})
        droplet, rats, limit = rng.randint(0, LAST_SPACE), rng.randint(0, 12), rng.choice((7, 7, 8, 9, 0))
        actions = [random_item(rng, books) for _ in range(rng.randint(0, 14))]
        fast = outcome_of(partial(brew, actions, books, droplet, rats, limit))
        assert fast == outcome_of(partial(stepwise, actions, books, droplet, rats, limit)), actions
        refused += fast[0] == "refused"
    assert 0.1 * CASES < refused < 0.9 * CASES  # both kinds of outcome were compared


def random_answers(rng: random.Random, n: int) -> list[Answers]:
    out = []
    for _ in range(n):
        die = None if rng.random() < 0.3 else tuple(rng.choice(FACES) for _ in range(rng.choice((0, 1, 1, 2, 3))))
        choice = rng.choice((None, None, "vp", "buy"))
        buy = None if rng.random() < 0.3 else tuple(rng.sample(CHIP_CODES, rng.choice((0, 1, 1, 2, 2, 3))))
        spend = None if rng.random() < 0.4 else (rng.choice((0, 0, 1, 2, 30)), rng.random() < 0.3)
        out.append(Answers(die=die, choice=choice, buy=buy, spend=spend))
    return out


def slow(table: Setup, players: list[PlayerIn], answers: list[Answers]) -> tuple:
    ev, _ = evaluate_round(table, players, answers)
    return ev.tallies, ev.supply, ev.winners, ev.next_start


def fast(table: Setup, players: list[PlayerIn], answers: list[Answers]) -> tuple:
    ev = evaluate_answers(table, players, answers)
    return ev.tallies, ev.supply, ev.winners, ev.next_start


@pytest.mark.parametrize("seed", [1, 2])
def test_evaluate_answers_is_evaluate_round(seed: int):
    rng = random.Random(seed)
    finished = 0
    for _ in range(CASES):
        n = rng.randint(2, 4)
        books = Books(green=rng.choice((1, 3, 1, 3, 2, 4)), purple=rng.choice((1, 3, 1, 3, 2, 4)),
                      blue=rng.randint(1, 4), red=rng.randint(1, 4), yellow=rng.randint(1, 4))
        supply = Supply({code: rng.randint(0, 2) for code in rng.sample(CHIP_CODES, rng.randint(0, 8))})
        extras = Extras(die_rolls=rng.choice((1, 1, 2)), ruby_space_vp=rng.choice((0, 2)),
                        ruby_space_rubies=rng.choice((0, 1)), free_refill=rng.random() < 0.2,
                        whites_seven_droplet=rng.choice((0, 1)), whites_exact=rng.choice((7, 6)))
        table = Setup(rng.choice((1, 2, 3, 5, 9, 9)), rng.randrange(n), books, supply=supply, extras=extras)
        players = [PlayerIn(random_pot(rng), rng.random() < 0.4, droplet=rng.randint(0, LAST_SPACE),
                            vp=rng.randint(0, 60), rubies=rng.randint(0, 7), flask=rng.random() < 0.6,
                            protected=rng.random() < 0.1) for _ in range(n)]
        if rng.random() < 0.05:  # now and then a table no evaluation accepts (bad_position)
            players[0] = PlayerIn(tuple(reversed(players[0].chips)) or random_pot(rng), False,
                                  droplet=rng.choice((0, LAST_SPACE + 1)))
        walk = None
        if rng.random() < 0.5:  # the answers of a legal walk, one of them perhaps spoiled
            try:
                walk = begin(table, players)[0]
            except RefereeError:
                walk = None
        if walk is not None:
            answers = walk_randomly(rng, walk)[1]
            if rng.random() < 0.4:
                answers[rng.randrange(n)] = random_answers(rng, 1)[0]
        else:
            answers = random_answers(rng, n)

        quick = outcome_of(partial(fast, table, players, answers))
        assert quick == outcome_of(partial(slow, table, players, answers))
        finished += quick[0] == "ok"
    assert 0.05 * CASES < finished < 0.95 * CASES


def test_the_protocols_evaluate_goes_straight_through_without_the_walk(monkeypatch: pytest.MonkeyPatch):
    """Book sets that ask nothing in step B and no book answers: `evaluate_answers` never walks
    the stations (the walk is for green and purple sets 2 and 4)."""
    import companion.quacks.evaluation_bulk as bulk

    table = Setup(3, 0, Books(green=3, purple=1), supply=Supply({}))
    players = [PlayerIn(random_pot(random.Random(1)), False), PlayerIn(random_pot(random.Random(2)), True)]
    answers = walk_randomly(random.Random(3), begin(table, players)[0])[1]
    expected = fast(table, players, answers)

    def no_walk(*args: object) -> None:
        raise AssertionError("walked")

    monkeypatch.setattr(bulk, "evaluate_round", no_walk)
    assert fast(table, players, answers) == expected
    with pytest.raises(AssertionError, match="walked"):
        fast(Setup(3, 0, Books(green=2), supply=Supply({})), players, answers)
