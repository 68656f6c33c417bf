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
from companion.quacks import evaluation_effects as effects
from companion.quacks.data import (
    CHIP_CODES,
    CHIPS,
    COINS_PER_VP_ROUND_9,
    LAST_SPACE,
    POT_TRACK,
    ROUNDS,
    RUBIES_PER_VP_ROUND_9,
    SPOON,
)
from companion.quacks.evaluation import Evaluation, evaluate_round, start
from companion.quacks.evaluation_types import FACES, Answers, Extras, PlayerIn, ScoringChoice, Setup, Supply, Tally
from companion.quacks.pot import Placed
from companion.quacks.records import evolve

ASKING_SETS = (2, 4)  # green and purple sets whose step B asks the player


def evaluate_answers(setup: Setup, players: Sequence[PlayerIn], answers: Sequence[Answers],
                     checked: bool = False) -> Evaluation:
    """The finished evaluation (see the module's docstring); refusals as `evaluate_round`'s.
    `checked`: the caller has just run `check_table` on this table."""
    books = setup.books
    if books["green"] in ASKING_SETS or books["purple"] in ASKING_SETS or any(_book_answers(a) for a in answers):
        return evaluate_round(setup, players, answers)[0]
    ev = start(setup, players, checked=checked)
    if len(answers) != len(players):
        raise BadRequest("quacks.eval.answers", players=len(players), answers=len(answers))
    seats = [_Seat(tally) for tally in ev.tallies]
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
            seats[seat].roll(face)
    blacks = [sum(1 for p in s.chips if p.chip == "K1") for s in seats]
    two = len(seats) == 2
    for seat in order:  # B: black, green, purple (QK-12, QK-17)
        player = seats[seat]
        mine = blacks[seat]
        if two:
            step, ruby = mine >= blacks[1 - seat], mine > blacks[1 - seat]
        else:
            beaten = (mine > blacks[seat - 1]) + (mine > blacks[(seat + 1) % len(seats)])
            step, ruby = beaten >= 1, beaten == 2
        if step:
            player.droplet = min(LAST_SPACE, player.droplet + 1)
        player.rubies += ruby
        player.green(books["green"])
        player.purple(books["purple"])
    for seat in order:  # C: the scoring space's ruby (QK-13)
        seats[seat].ruby_space(extras.ruby_space_vp, extras.ruby_space_rubies)
    for seat in order:  # D: victory points, or an exploded player's choice (QK-14)
        seats[seat].step_d(answers[seat])
    supply = ev.supply
    for seat in order:  # E: buying, or round 9's coins into VP (QK-14, QK-16)
        supply = seats[seat].step_e(answers[seat], setup, supply, final)
    for seat in order:  # F: the round's cards, then rubies (QK-15, QK-16)
        seats[seat].step_f(answers[seat], extras, final)
    done = tuple(player.tally() for player in seats)
    winners = effects.winners(done) if final else ()
    return Evaluation(setup, done, supply, ev.rollers, cursor=len(ev.stations), winners=winners)


def _book_answers(given: Answers) -> bool:
    return any(answer is not None for answer in (given.green_take, given.green_pay, given.purple_trade,
                                                 given.purple_swap))


class _Seat:
    """One player's running tally, changed in place (local to one `evaluate_answers`); each
    step does what the effect of the same name in evaluation_effects.py does."""

    def __init__(self, start: Tally) -> None:
        self.start = start
        self.seat = start.seat
        self.chips = start.chips
        self.scoring_space = start.scoring_space
        self.droplet, self.vp, self.rubies, self.flask = start.droplet, start.vp, start.rubies, start.flask
        self.rolled = False
        self.choice: ScoringChoice | None = None
        self.coins = 0
        self.gained: list[str] = []

    def roll(self, face: str) -> None:
        self.rolled = True
        if face == "1vp":
            self.vp += 1
        elif face == "2vp":
            self.vp += 2
        elif face == "ruby":
            self.rubies += 1
        elif face == "droplet":
            self.droplet = min(LAST_SPACE, self.droplet + 1)
        else:
            self.gained.append("O1")

    def green(self, book_set: int) -> None:
        chips = self.chips
        if book_set == 1:
            self.rubies += sum(1 for p in chips[-2:] if CHIPS[p.chip].colour == "green")
        elif effects.white_total(chips) == effects.WHITES_FOR_GREEN_3:
            greens = sum(CHIPS[p.chip].value for p in chips if CHIPS[p.chip].colour == "green")
            last = chips[-1]
            moved = Placed(last.chip, min(LAST_SPACE, last.space + greens))
            self.chips = (*chips[:-1], moved)
            self.scoring_space = min(moved.space + 1, SPOON)

    def purple(self, book_set: int) -> None:
        if book_set == 3:
            self.vp += effects.purple_3_vp(self.chips)
            return
        purples = sum(1 for p in self.chips if CHIPS[p.chip].colour == "purple")
        if purples >= 3:
            self.vp += 2
            self.droplet = min(LAST_SPACE, self.droplet + 1)
        elif purples == 2:
            self.vp += 1
            self.rubies += 1
        elif purples == 1:
            self.vp += 1

    def ruby_space(self, extra_vp: int, extra_rubies: int) -> None:
        if POT_TRACK[self.scoring_space].ruby:
            self.rubies += 1 + extra_rubies
            self.vp += extra_vp

    def step_d(self, given: Answers) -> None:
        seat, choice = self.seat, given.choice
        if self.start.takes_both:
            if choice is not None:
                raise IllegalMove("quacks.eval.choice_not_exploded", rule="QK-14", seat=seat)
        else:
            if choice is None:
                raise IllegalMove("quacks.eval.choice_missing", rule="QK-14", seat=seat)
            if choice == "vp" and given.buy is not None:
                raise IllegalMove("quacks.eval.buy_after_vp", rule="QK-14", seat=seat)
            if choice not in ("vp", "buy"):
                raise BadRequest("quacks.eval.unknown_choice", choice=str(choice))
            self.choice = choice
            if choice == "buy":
                return
        self.vp += POT_TRACK[self.scoring_space].vp

    def step_e(self, given: Answers, setup: Setup, supply: Supply, final: bool) -> Supply:
        if self.choice == "vp":
            return supply
        coins = POT_TRACK[self.scoring_space].coins
        if final:
            if given.buy is not None:
                raise IllegalMove("quacks.eval.buy_round9", rule="QK-16", seat=self.seat)
            self.coins = coins
            self.vp += coins // COINS_PER_VP_ROUND_9
            return supply
        chips = given.buy if given.buy is not None else ()
        for code in chips:
            if code not in CHIPS:
                raise BadRequest("quacks.unknown_chip", code=str(code), codes=" ".join(CHIP_CODES))
        effects.purchase_cost(self.seat, coins, setup, supply, chips)
        for code in chips:
            supply = supply.take(code)
        self.coins = coins
        self.gained += chips
        return supply

    def step_f(self, given: Answers, extras: Extras, final: bool) -> None:
        if extras.whites_seven_droplet and effects.white_total(self.chips) == extras.whites_exact:
            self.droplet = min(LAST_SPACE, self.droplet + extras.whites_seven_droplet)
        if extras.free_refill:
            self.flask = True
        if final:
            if given.spend is not None:
                raise IllegalMove("quacks.eval.spend_round9", rule="QK-16", seat=self.seat)
            bought, self.rubies = divmod(self.rubies, RUBIES_PER_VP_ROUND_9)
            self.vp += bought
            return
        if given.spend is None:
            return
        steps, refill = given.spend
        if steps or refill:
            self.rubies -= effects.spend_cost(self.seat, self.rubies, self.droplet, self.flask, steps, refill)
            self.droplet += steps
            self.flask = self.flask or refill

    def tally(self) -> Tally:
        return evolve(self.start, chips=self.chips, scoring_space=self.scoring_space, droplet=self.droplet,
                      vp=self.vp, rubies=self.rubies, flask=self.flask, rolled=self.rolled, choice=self.choice,
                      coins=self.coins, gained=tuple(self.gained))
