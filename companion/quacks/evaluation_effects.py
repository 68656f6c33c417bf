"""What each evaluation step does to one player (rules QK-11 … QK-17).

Pure functions of a `Tally` (and the box, where chips come from it). Each effect returns the
new tally and, where a choice is checked, raises `IllegalMove` with the rule id before
anything changes. `gain(before, after)` is the one place that says what a step gave, so the
events of every step read alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import IllegalMove
from companion.quacks.data import (
    BOOK_ROUND_OUT,
    CHIPS,
    COINS_PER_VP_ROUND_9,
    LAST_SPACE,
    POT_TRACK,
    RUBIES_PER_DROPLET,
    RUBIES_PER_FLASK,
    RUBIES_PER_VP_ROUND_9,
    SPOON,
    book_out,
    price,
)
from companion.quacks.evaluation_types import Face, Setup, Supply, Tally
from companion.quacks.pot import Placed
from companion.quacks.records import evolve

WHITES_FOR_GREEN_3 = 7  # green set 3 acts when the whites total exactly this
MAX_PURCHASES = 2  # QK-14: one chip, or two of different colours

# Green set 2: what each green among the last two chips may bring into the bag.
GREEN_GIFTS: dict[str, tuple[str, ...]] = {"G1": ("O1",), "G2": ("B1", "R1"), "G4": ("Y1", "P1")}

# Purple set 2: purples discarded -> (chips taken, VP, rubies, droplet steps).
PURPLE_TRADES: dict[int, tuple[tuple[str, ...], int, int, int]] = {
    1: (("K1",), 1, 1, 0),
    2: (("G1", "B2"), 3, 0, 1),
    3: (("Y4",), 6, 1, 2),
}
# Purple set 4: purples needed -> (value given up, value taken).
PURPLE_SWAPS: dict[int, tuple[int, int]] = {1: (1, 2), 2: (2, 4), 3: (1, 4)}


def gain(before: Tally, after: Tally) -> dict[str, Any]:
    """What a step changed for one player: vp/rubies/droplet deltas, chips into the bag,
    chips gone from the pot, the flask's new state."""
    out: dict[str, Any] = {}
    for key in ("vp", "rubies", "droplet"):
        delta = getattr(after, key) - getattr(before, key)
        if delta:
            out[key] = delta
    if after.gained[len(before.gained):]:
        out["chips"] = list(after.gained[len(before.gained):])
    if after.removed[len(before.removed):]:
        out["removed"] = list(after.removed[len(before.removed):])
    if after.flask != before.flask:
        out["flask"] = after.flask
    return out


def move_droplet(tally: Tally, steps: int) -> Tally:
    """A droplet move from a die, a chip or a card: it stops at the last space (52)."""
    return evolve(tally, droplet=min(LAST_SPACE, tally.droplet + steps))


def count(chips: Sequence[Placed], code: str) -> int:
    return sum(1 for placed in chips if placed.chip == code)


def colour_count(chips: Sequence[Placed], colour: str) -> int:
    return sum(1 for placed in chips if CHIPS[placed.chip].colour == colour)


def white_total(chips: Sequence[Placed]) -> int:
    return sum(CHIPS[p.chip].value for p in chips if CHIPS[p.chip].white)


def _illegal(message_id: str, rule: str, tally: Tally, **params: Any) -> IllegalMove:
    return IllegalMove(f"quacks.eval.{message_id}", rule=rule, seat=tally.seat, **params)


# --- A: the bonus die (QK-11) -----------------------------------------------------------


def rollers(tallies: Sequence[Tally]) -> tuple[int, ...]:
    """QK-11: the players who did not explode with the furthest scoring space (all who tie).
    A pot protected by blue set 2 still exploded: no die."""
    standing = [t for t in tallies if not t.exploded]
    if not standing:
        return ()
    furthest = max(t.scoring_space for t in standing)
    return tuple(t.seat for t in standing if t.scoring_space == furthest)


def roll(tally: Tally, face: Face) -> Tally:
    """QK-11: 1 VP, 2 VP, a ruby, a droplet step, or an orange 1 into the bag."""
    tally = evolve(tally, rolled=True)
    if face == "1vp":
        return evolve(tally, vp=tally.vp + 1)
    if face == "2vp":
        return evolve(tally, vp=tally.vp + 2)
    if face == "ruby":
        return evolve(tally, rubies=tally.rubies + 1)
    if face == "droplet":
        return move_droplet(tally, 1)
    return evolve(tally, gained=(*tally.gained, "O1"))


# --- B: black, green, purple (QK-12, QK-17) ---------------------------------------------


def black_rivals(seats: int, seat: int) -> tuple[int, ...]:
    """Whom `seat` compares black chips with: the opponent (2 players) or both neighbours."""
    if seats == 2:
        return (1 - seat,)
    return ((seat - 1) % seats, (seat + 1) % seats)


def black(tallies: Sequence[Tally], seat: int) -> Tally:
    """QK-12/QK-17. Two players: as many black chips as the opponent (0 and 0 included) moves
    the droplet 1, more also gives a ruby. Three or four: more than one neighbour moves the
    droplet 1, more than both also gives a ruby."""
    tally = tallies[seat]
    mine = count(tally.chips, "K1")
    theirs = [count(tallies[s].chips, "K1") for s in black_rivals(len(tallies), seat)]
    if len(tallies) == 2:
        step, ruby = mine >= theirs[0], mine > theirs[0]
    else:
        beaten = sum(1 for n in theirs if mine > n)
        step, ruby = beaten >= 1, beaten == 2
    if step:
        tally = move_droplet(tally, 1)
    if ruby:
        tally = evolve(tally, rubies=tally.rubies + 1)
    return tally


def last_two_greens(tally: Tally) -> tuple[str, ...]:
    """The green chips among the last two chips of the pot, in pot order."""
    return tuple(p.chip for p in tally.chips[-2:] if CHIPS[p.chip].colour == "green")


def green_1(tally: Tally) -> Tally:
    """Green set 1: 1 ruby for each green chip that is the last or next-to-last chip."""
    return evolve(tally, rubies=tally.rubies + len(last_two_greens(tally)))


def green_3(tally: Tally) -> Tally:
    """Green set 3: whites totalling exactly 7 move the last chip on by the sum of the green
    values in the pot (to the last space at most); the scoring space follows it."""
    if white_total(tally.chips) != WHITES_FOR_GREEN_3:
        return tally
    greens = sum(CHIPS[p.chip].value for p in tally.chips if CHIPS[p.chip].colour == "green")
    last = tally.chips[-1]
    moved = Placed(last.chip, min(LAST_SPACE, last.space + greens))
    chips = (*tally.chips[:-1], moved)
    return evolve(tally, chips=chips, scoring_space=min(moved.space + 1, SPOON))


def green_gift_options(tally: Tally) -> tuple[tuple[str, ...], ...]:
    """Green set 2: the chips each qualifying green may bring (aligned with last_two_greens)."""
    return tuple(GREEN_GIFTS[code] for code in last_two_greens(tally))


def take_green_chips(tally: Tally, supply: Supply, picks: Sequence[str | None]) -> tuple[Tally, Supply]:
    """Green set 2 with the player's picks (None = take nothing for that green)."""
    options = green_gift_options(tally)
    if len(picks) != len(options):
        raise _illegal("green_picks", "QK-12", tally, greens=len(options), picks=len(picks))
    gained = list(tally.gained)
    for pick, allowed in zip(picks, options, strict=True):
        if pick is None:
            continue
        if pick not in allowed:
            raise _illegal("green_pick", "QK-12", tally, code=pick, options=" / ".join(allowed))
        if not supply.has(pick):
            raise _illegal("box_empty", "QK-12", tally, code=pick)
        supply = supply.take(pick)
        gained.append(pick)
    return evolve(tally, gained=tuple(gained)), supply


def most_green_rubies(tally: Tally) -> int:
    """Green set 4: the most rubies the player can pay now (one per qualifying green, no more
    than held, no droplet step past the last space)."""
    return max(0, min(len(last_two_greens(tally)), tally.rubies, LAST_SPACE - tally.droplet))


def pay_green_rubies(tally: Tally, rubies: int) -> Tally:
    """Green set 4: each ruby paid (one per green among the last two chips) moves the droplet 1."""
    if rubies > len(last_two_greens(tally)):
        raise _illegal("green_pay_greens", "QK-12", tally, rubies=rubies, greens=len(last_two_greens(tally)))
    if rubies > tally.rubies:
        raise _illegal("green_pay_rubies", "QK-12", tally, rubies=rubies, held=tally.rubies)
    if tally.droplet + rubies > LAST_SPACE:
        raise _illegal("green_pay_droplet", "QK-12", tally, droplet=tally.droplet, steps=rubies)
    return evolve(tally, rubies=tally.rubies - rubies, droplet=tally.droplet + rubies)


def purple_1(tally: Tally) -> Tally:
    """Purple set 1, the highest tier always: 1 purple 1 VP; 2 purples 1 VP and 1 ruby;
    3 or more 2 VP and a droplet step."""
    purples = colour_count(tally.chips, "purple")
    if purples >= 3:
        return move_droplet(evolve(tally, vp=tally.vp + 2), 1)
    if purples == 2:
        return evolve(tally, vp=tally.vp + 1, rubies=tally.rubies + 1)
    if purples == 1:
        return evolve(tally, vp=tally.vp + 1)
    return tally


def purple_3_vp(chips: Sequence[Placed]) -> int:
    """Purple set 3 (QK-17): per purple chip, the tens of its space's printed coin number
    (a chip lies on 52 at most, printed 33: never more than 3)."""
    return sum(POT_TRACK[p.space].coins // 10 for p in chips if CHIPS[p.chip].colour == "purple")


def purple_3(tally: Tally) -> Tally:
    return evolve(tally, vp=tally.vp + purple_3_vp(tally.chips))


def _take_all(tally: Tally, supply: Supply, codes: Sequence[str]) -> Supply:
    for code in codes:
        if not supply.has(code):
            raise _illegal("box_empty", "QK-12", tally, code=code)
        supply = supply.take(code)
    return supply


def trade_purples(tally: Tally, supply: Supply, tier: int) -> tuple[Tally, Supply]:
    """Purple set 2: discard `tier` purple chips (1–3) for that tier's reward; 0 keeps them."""
    if tier == 0:
        return tally, supply
    purples = colour_count(tally.chips, "purple")
    if tier not in PURPLE_TRADES or tier > purples:
        raise _illegal("purple_tier", "QK-12", tally, tier=tier, purples=purples)
    chips, vp, rubies, steps = PURPLE_TRADES[tier]
    supply = _take_all(tally, supply, chips).give_back("P1", tier)
    tally = evolve(tally, vp=tally.vp + vp, rubies=tally.rubies + rubies,
                    gained=(*tally.gained, *chips), removed=(*tally.removed, *("P1",) * tier))
    return move_droplet(tally, steps), supply


def swap_target(placed: Placed, tier: int) -> str | None:
    """Purple set 4: the chip `placed` becomes at `tier`, or None if the tier does not fit it.
    White chips are never swapped: a bigger white only brings a later pot closer to exploding,
    so the app reads the book as swapping coloured chips."""
    give, take = PURPLE_SWAPS[tier]
    kind = CHIPS[placed.chip]
    if kind.value != give or kind.white:
        return None
    target = f"{placed.chip[0]}{take}"
    return target if target in CHIPS else None


def swap_chip(tally: Tally, supply: Supply, tier: int, index: int | None) -> tuple[Tally, Supply]:
    """Purple set 4: give up the pot chip at `index` for the same colour's higher chip, which
    goes into the bag (the old chip goes back to the box). Tier 0: no swap."""
    if tier == 0:
        return tally, supply
    purples = colour_count(tally.chips, "purple")
    if tier not in PURPLE_SWAPS or tier > purples:
        raise _illegal("purple_tier", "QK-12", tally, tier=tier, purples=purples)
    if index is None or not 0 <= index < len(tally.chips):
        raise _illegal("swap_index", "QK-12", tally, index=str(index), chips=len(tally.chips))
    placed = tally.chips[index]
    if CHIPS[placed.chip].white:
        raise _illegal("swap_white", "QK-12", tally, code=placed.chip)
    target = swap_target(placed, tier)
    if target is None:
        raise _illegal("swap_chip", "QK-12", tally, code=placed.chip, tier=tier)
    supply = _take_all(tally, supply, (target,)).give_back(placed.chip)
    return evolve(tally, gained=(*tally.gained, target), removed=(*tally.removed, placed.chip)), supply


# --- C, D: ruby and victory points (QK-13, QK-14) ---------------------------------------


def ruby_space(tally: Tally, extra_vp: int, extra_rubies: int) -> Tally:
    """QK-13: 1 ruby if the scoring space shows one (exploded or not); the cards of `Extras`
    add to it."""
    if not tally.space.ruby:
        return tally
    return evolve(tally, rubies=tally.rubies + 1 + extra_rubies, vp=tally.vp + extra_vp)


def score_vp(tally: Tally) -> Tally:
    """QK-14 D: the scoring space's victory points."""
    return evolve(tally, vp=tally.vp + tally.space.vp)


# --- E: buying (QK-14, QK-1, QK-16) -----------------------------------------------------


def check_purchase(tally: Tally, setup: Setup, supply: Supply, chips: Sequence[str]) -> int:
    """QK-14/QK-1: refuse a purchase in the protocol's order; the cost of a good one."""
    return purchase_cost(tally.seat, tally.space.coins, setup, supply, chips)


def purchase_cost(seat: int, coins: int, setup: Setup, supply: Supply, chips: Sequence[str]) -> int:
    """`check_purchase` for `seat` with `coins`: at most two chips of different colours; per
    chip in order, never white and only from a book that is out this round; no more than the
    coins; then a chip the box still has."""
    colours = [CHIPS[code].colour for code in chips]
    if len(chips) > MAX_PURCHASES:
        raise IllegalMove("quacks.eval.buy_too_many", rule="QK-14", seat=seat, count=len(chips))
    if len(set(colours)) < len(colours):
        raise IllegalMove("quacks.eval.buy_same_colour", rule="QK-14", seat=seat, codes=", ".join(chips))
    for code, colour in zip(chips, colours, strict=True):
        if colour == "white":
            raise IllegalMove("quacks.eval.buy_white", rule="QK-14", seat=seat, code=code)
        if not book_out(colour, setup.round):
            raise IllegalMove("quacks.eval.buy_not_out", rule="QK-1", seat=seat, code=code, round=setup.round,
                              from_round=BOOK_ROUND_OUT[colour])
    cost = sum(chip_price(setup, code) for code in chips)
    if cost > coins:
        raise IllegalMove("quacks.eval.buy_coins", rule="QK-14", seat=seat, cost=cost, coins=coins)
    for code in chips:
        if not supply.has(code):
            raise IllegalMove("quacks.eval.buy_sold_out", rule="QK-14", seat=seat, code=code)
    return cost


def chip_price(setup: Setup, code: str) -> int:
    """QK-14: a chip's price in the chosen book set (orange 3, black 10)."""
    kind = CHIPS[code]
    return price(setup.catalogue, kind.colour, setup.books[kind.colour], kind.value)


def buy(tally: Tally, setup: Setup, supply: Supply, chips: Sequence[str]) -> tuple[Tally, Supply, int]:
    """QK-14 E: the checked purchase taken from the box; the tally, the box and the cost."""
    cost = check_purchase(tally, setup, supply, chips)
    for code in chips:
        supply = supply.take(code)
    return evolve(tally, coins=tally.space.coins, gained=(*tally.gained, *chips)), supply, cost


def coins_to_vp(tally: Tally) -> Tally:
    """QK-16: in round 9 step E buys 1 VP per 5 coins."""
    coins = tally.space.coins
    return evolve(tally, coins=coins, vp=tally.vp + coins // COINS_PER_VP_ROUND_9)


# --- F: rubies (QK-15, QK-16) -----------------------------------------------------------


def spend_rubies(tally: Tally, droplet: int, flask: bool) -> Tally:
    """QK-15: 2 rubies per droplet step, 2 to refill an empty flask (`spend_cost`)."""
    cost = spend_cost(tally.seat, tally.rubies, tally.droplet, tally.flask, droplet, flask)
    return evolve(tally, rubies=tally.rubies - cost, droplet=tally.droplet + droplet,
                   flask=tally.flask or flask)


def spend_cost(seat: int, rubies: int, at: int, full: bool, steps: int, refill: bool) -> int:
    """The rubies `steps` droplet steps from `at` and a refill cost `seat`, holding `rubies`
    with the flask `full` or not. Refused, in this order: refilling a full flask, more rubies
    than held, the droplet past the last space."""
    if refill and full:
        raise IllegalMove("quacks.eval.spend_flask_full", rule="QK-15", seat=seat)
    cost = RUBIES_PER_DROPLET * steps + (RUBIES_PER_FLASK if refill else 0)
    if cost > rubies:
        raise IllegalMove("quacks.eval.spend_rubies", rule="QK-15", seat=seat, cost=cost, rubies=rubies)
    if at + steps > LAST_SPACE:
        raise IllegalMove("quacks.eval.spend_droplet", rule="QK-15", seat=seat, droplet=at, steps=steps)
    return cost


def rubies_to_vp(tally: Tally) -> Tally:
    """QK-16: after round 9, 2 rubies buy 1 VP, as often as affordable."""
    bought, left = divmod(tally.rubies, RUBIES_PER_VP_ROUND_9)
    return evolve(tally, vp=tally.vp + bought, rubies=left)


def winners(tallies: Sequence[Tally]) -> tuple[int, ...]:
    """QK-16: most VP; tied, the furthest round-9 scoring space; still tied, all of them."""
    top = max(t.vp for t in tallies)
    leaders = [t for t in tallies if t.vp == top]
    furthest = max(t.scoring_space for t in leaders)
    return tuple(t.seat for t in leaders if t.scoring_space == furthest)
