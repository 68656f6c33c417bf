"""Betting rounds and the pot (CV-5: "as in poker": check, bet, call, raise, fold).

Only players other than the dealer bet. A bet opens a round, a raise adds to the current bet
(`{"raise": 5}` raises *by* five), a call matches it (a player short of chips calls with all
they have and is all-in). A round ends when every player still able to act has acted since the
last bet or raise and matched it. Side pots follow the stakes: each layer of the pot goes to
the best hand among the players who put that much in and did not fold; a tie splits a layer,
odd chips going to the tied players in play order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from companion.cavasie.table_state import Hand, Seat


def play_order(button: int, players: int) -> list[int]:
    """Seats counter-clockwise from the button, the button's own seat last (CV-4)."""
    return [(button + step) % players for step in range(1, players + 1)]


def bettors(hand: Hand) -> list[int]:
    """Seats that take part in betting: dealt in, not the dealer, not folded (CV-5)."""
    return [seat for seat in play_order(hand.button, len(hand.seats))
            if hand.seats[seat].in_hand and seat != hand.dealer and not hand.seats[seat].folded]


def can_act(hand: Hand, chips: Sequence[int], seat: int) -> bool:
    return seat in bettors(hand) and chips[seat] > 0


def start_round(hand: Hand, chips: Sequence[int]) -> Hand:
    """A fresh betting round: bets cleared; the first bettor after the button acts. Returns a
    hand with `current` None when no round is needed (fewer than two players able to bet)."""
    seats = tuple(replace(seat, bet=0, acted=False) for seat in hand.seats)
    hand = replace(hand, seats=seats, current_bet=0, current=None)
    able = [seat for seat in bettors(hand) if chips[seat] > 0]
    if len(able) < 2:
        return hand
    return replace(hand, current=able[0])


def round_over(hand: Hand, chips: Sequence[int]) -> bool:
    """Nobody has to act any more: everyone able has acted and matched the bet, or at most one
    player can still bet and has nothing to answer (betting alone against the dealer is no bet)."""
    able = [seat for seat in bettors(hand) if chips[seat] > 0]
    if len(able) <= 1 and all(hand.seats[seat].bet >= hand.current_bet for seat in able):
        return True
    return next_to_act(hand, chips, after=None) is None


def next_to_act(hand: Hand, chips: Sequence[int], after: int | None) -> int | None:
    """The next seat (in play order after `after`) that still has to act this round."""
    order = play_order(hand.button if after is None else after, len(hand.seats))
    for seat in order:
        if seat not in bettors(hand) or chips[seat] == 0:
            continue
        state: Seat = hand.seats[seat]
        if not state.acted or state.bet < hand.current_bet:
            return seat
    return None


def layers(stakes: Sequence[int], folded: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """The pot cut into layers: (chips, seats that may win it), lowest layer first."""
    remaining = list(stakes)
    result: list[tuple[int, list[int]]] = []
    while any(remaining):
        live = [s for s, chips in enumerate(remaining) if chips and not folded[s]]
        if not live:  # only chips of folded players are left: they join the last layer
            if result:
                amount, seats = result[-1]
                result[-1] = (amount + sum(remaining), seats)
            break
        level = min(remaining[s] for s in live)
        amount = sum(min(chips, level) for chips in remaining)
        remaining = [chips - min(chips, level) for chips in remaining]
        result.append((amount, live))
    return result


def award(stakes: Sequence[int], folded: Sequence[bool], order: Sequence[int],
          best_of: Callable[[list[int]], list[int]]) -> dict[int, int]:
    """Chips won by each seat. `best_of(seats)` gives the seats sharing the best hand among
    `seats`; `order` is the play order used for odd chips."""
    won: dict[int, int] = {}
    for amount, seats in layers(stakes, folded):
        winners = sorted(best_of(seats), key=order.index)
        share, odd = divmod(amount, len(winners))
        for position, seat in enumerate(winners):
            won[seat] = won.get(seat, 0) + share + (1 if position < odd else 0)
    return won
