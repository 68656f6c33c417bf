"""A round's evaluation A–F with every answer given up front, straight through (the protocol's
`evaluate`, QK-11 … QK-17).

`evaluate_answers` gives exactly the `Evaluation` that `evaluation.evaluate_round` gives (the
same tallies, box, winners; the same refusal, with the same rule and words, at the same point)
without walking its stations or writing its events: the referee answers thousands of these.
The book sets that ask questions in step B (green and purple sets 2 and 4), or answers given
for them, go through `evaluate_round` itself. Both share the effects (evaluation_effects.py);
a property test holds them equal on random tables, refusals included.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import BadRequest, IllegalMove
from companion.quacks import evaluation_effects as fx
from companion.quacks.data import CHIP_CODES, CHIPS, ROUNDS
from companion.quacks.evaluation import Evaluation, evaluate_round, start
from companion.quacks.evaluation_types import FACES, Answers, PlayerIn, Setup, Supply, Tally
from companion.quacks.records import evolve

ASKING_SETS = (2, 4)  # green and purple sets whose step B asks the player


def evaluate_answers(setup: Setup, players: Sequence[PlayerIn], answers: Sequence[Answers]) -> Evaluation:
    """The finished evaluation (see the module's docstring); refusals as `evaluate_round`'s."""
    books = setup.books
    if books["green"] in ASKING_SETS or books["purple"] in ASKING_SETS or any(_book_answers(a) for a in answers):
        return evaluate_round(setup, players, answers)[0]
    ev = start(setup, players)
    if len(answers) != len(players):
        raise BadRequest("quacks.eval.answers", players=len(players), answers=len(answers))
    tallies = list(ev.tallies)
    supply = ev.supply
    order = ev.order
    final = setup.round == ROUNDS
    extras = setup.extras
    rolls = extras.die_rolls
    for seat in order:  # A: the bonus die (QK-11)
        die = answers[seat].die
        for k in range(rolls):
            face = die[k] if die is not None and k < len(die) else None
            if seat not in ev.rollers:
                if face is not None:
                    raise IllegalMove("quacks.eval.die_not_roller", rule="QK-11", seat=seat)
                continue
            if face is None:
                raise IllegalMove("quacks.eval.die_missing", rule="QK-11", seat=seat)
            if k == rolls - 1 and die is not None and len(die) > k + 1:
                raise IllegalMove("quacks.eval.die_extra", rule="QK-11", seat=seat, rolls=k + 1)
            if face not in FACES:
                raise BadRequest("quacks.eval.unknown_face", face=str(face), faces=", ".join(FACES))
            tallies[seat] = fx.roll(tallies[seat], face)
    green, purple = books["green"], books["purple"]
    for seat in order:  # B: black, green, purple (QK-12, QK-17)
        tallies[seat] = fx.black(tallies, seat)
        tally = tallies[seat]
        tally = fx.green_1(tally) if green == 1 else fx.green_3(tally)
        tallies[seat] = fx.purple_1(tally) if purple == 1 else fx.purple_3(tally)
    for seat in order:  # C: the scoring space's ruby (QK-13)
        tallies[seat] = fx.ruby_space(tallies[seat], extras.ruby_space_vp, extras.ruby_space_rubies)
    for seat in order:  # D: victory points, or an exploded player's choice (QK-14)
        tallies[seat] = _step_d(tallies[seat], answers[seat])
    for seat in order:  # E: buying, or round 9's coins into VP (QK-14, QK-16)
        tallies[seat], supply = _step_e(tallies[seat], answers[seat], setup, supply, final)
    for seat in order:  # F: the round's cards, then rubies (QK-15, QK-16)
        tallies[seat] = _step_f(_f_cards(tallies[seat], setup), answers[seat], final)
    done = tuple(tallies)
    winners = fx.winners(done) if final else ()
    return Evaluation(setup, done, supply, ev.rollers, cursor=len(ev.stations), winners=winners)


def _book_answers(given: Answers) -> bool:
    return any(answer is not None for answer in (given.green_take, given.green_pay, given.purple_trade,
                                                 given.purple_swap))


def _step_d(tally: Tally, given: Answers) -> Tally:
    seat, choice = tally.seat, given.choice
    if tally.takes_both:
        if choice is not None:
            raise IllegalMove("quacks.eval.choice_not_exploded", rule="QK-14", seat=seat)
        return fx.score_vp(tally)
    if choice is None:
        raise IllegalMove("quacks.eval.choice_missing", rule="QK-14", seat=seat)
    if choice == "vp" and given.buy is not None:
        raise IllegalMove("quacks.eval.buy_after_vp", rule="QK-14", seat=seat)
    if choice not in ("vp", "buy"):
        raise BadRequest("quacks.eval.unknown_choice", choice=str(choice))
    chosen = evolve(tally, choice=choice)
    return chosen if choice == "buy" else fx.score_vp(chosen)


def _step_e(tally: Tally, given: Answers, setup: Setup, supply: Supply, final: bool) -> tuple[Tally, Supply]:
    if tally.choice == "vp":
        return tally, supply
    if final:
        if given.buy is not None:
            raise IllegalMove("quacks.eval.buy_round9", rule="QK-16", seat=tally.seat)
        return fx.coins_to_vp(tally), supply
    chips = given.buy if given.buy is not None else ()
    for code in chips:
        if code not in CHIPS:
            raise BadRequest("quacks.unknown_chip", code=str(code), codes=" ".join(CHIP_CODES))
    after, supply, _ = fx.buy(tally, setup, supply, chips)
    return after, supply


def _f_cards(tally: Tally, setup: Setup) -> Tally:
    extras = setup.extras
    if extras.whites_seven_droplet and fx.white_total(tally.chips) == extras.whites_exact:
        tally = fx.move_droplet(tally, extras.whites_seven_droplet)
    if extras.free_refill and not tally.flask:
        tally = evolve(tally, flask=True)
    return tally


def _step_f(tally: Tally, given: Answers, final: bool) -> Tally:
    if final:
        if given.spend is not None:
            raise IllegalMove("quacks.eval.spend_round9", rule="QK-16", seat=tally.seat)
        return fx.rubies_to_vp(tally)
    if given.spend is None:
        return tally
    droplet, flask = given.spend
    if not droplet and not flask:
        return tally
    return fx.spend_rubies(tally, droplet, flask)
