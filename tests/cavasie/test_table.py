"""The deal at the table: CV-4 (deal and draws), CV-5 (betting, interactions), CV-6 (one deck),
CV-7 (limits, unknown cards), the showdown paying the pot (CV-9, CV-10), and the session."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.cavasie import GAME, TableState, acting_seat, bet_options, deal_targets, unknown_cards
from companion.cavasie.betting import award, layers
from companion.errors import BadRequest, GameOver, IllegalMove, RefereeError
from companion.session import MatchSession

ENGINE = GAME.engine


def start(players: int = 3, dealer: bool = True, chips: int = 100, ante: int = 1) -> TableState:
    return GAME.new_state({"players": players, "dealer": dealer, "chips": chips, "ante": ante})


def play(state: TableState, *actions: dict[str, Any]) -> TableState:
    for action in actions:
        state, _ = ENGINE.apply(state, action)
        assert TableState.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


def refused(state: TableState, action: dict[str, Any]) -> RefereeError:
    with pytest.raises(RefereeError) as caught:
        ENGINE.apply(state, action)
    return caught.value


def place(card: str | None, seat: int | None, to: str) -> dict[str, Any]:
    action: dict[str, Any] = {"place": card, "to": to}
    if seat is not None:
        action["seat"] = seat
    return action


# The standard three-player deal with seat 0 dealing (CV-4).
DEALER_FLOOR = ["A1", "A2", "A3", "A4"]
DEAL_3 = [
    *(place(c, 0, "floor") for c in DEALER_FLOOR),
    place("S1", None, "center"), place("S2", None, "center"),
    place("G1", 1, "floor"), place("G2", 1, "floor"), place("G3", 1, "hand"), place("G4", 1, "hand"),
    place("P1", 2, "floor"), place("P2", 2, "floor"), place("P3", 2, "hand"), place("P4", 2, "hand"),
]


def dealt(**setup: Any) -> TableState:
    return play(start(**setup), *DEAL_3)


def drawn(state: TableState | None = None) -> TableState:
    """Both players stand without drawing: the first betting round opens."""
    return play(state or dealt(), {"done": True}, {"done": True})


# -- CV-4: the deal -----------------------------------------------------------------------------------
def test_cv4_faces_of_the_deal() -> None:
    """The dealer's floor face up; the first centre card up, the second down; each player's
    first floor card up, the second down; hand cards are not on show."""
    hand = dealt().hand
    assert [slot.face_up for slot in hand.seats[0].floor] == [True] * 4
    assert [slot.face_up for slot in hand.center] == [True, False]
    assert [slot.face_up for slot in hand.seats[1].floor] == [True, False]
    assert [slot.face_up for slot in hand.seats[1].hand] == [False, False]
    assert hand.dealer == 0 and hand.phase == "draw" and hand.current == 1


def test_cv4_a_face_up_card_needs_its_code_a_face_down_one_may_wait() -> None:
    state = start()
    assert refused(state, place(None, 0, "floor")).rule == "CV-4"
    state = play(state, place("S1", None, "center"), place(None, None, "center"))
    assert state.hand.center[1].code is None


def test_cv4_the_dealer_gets_no_hand_cards() -> None:
    error = refused(start(), place("A1", 0, "hand"))
    assert (error.message_id, error.rule) == ("cavasie.dealer_no_hand", "CV-4")


@pytest.mark.parametrize(("prefix", "extra"), [
    (DEAL_3[:4], place("A5", 0, "floor")),  # the dealer's fifth floor card
    (DEAL_3[4:6], place("S3", None, "center")),  # a third centre card
    (DEAL_3[6:8], place("G5", 1, "floor")),  # a player's third floor card
    (DEAL_3[8:10], place("G5", 1, "hand")),  # a third hand card
])
def test_cv4_the_deal_gives_each_pile_its_count_and_no_more(prefix, extra) -> None:
    state = play(start(), *prefix)
    assert refused(state, extra).rule == "CV-4"


@pytest.mark.parametrize(("players", "dealer"), [(2, None), (3, 0), (4, 0), (5, 0)])
def test_cv4_the_default_table_has_a_dealer_from_three_players_and_none_with_two(players, dealer) -> None:
    """CV-4: 2–5 players counting the dealer; only with two is there no dealer."""
    assert GAME.defaults()["dealer"] is True
    state = GAME.new_state({"players": players})
    assert state.hand.dealer == dealer
    assert ("0.hand" in deal_targets(state)) == (dealer is None)  # the dealer gets no hand cards


def test_cv4_playing_without_a_dealer_is_a_house_rule_the_table_may_choose() -> None:
    state = GAME.new_state({"players": 4, "dealer": False})
    assert state.hand.dealer is None
    assert all(f"{seat}.hand" in deal_targets(state) for seat in range(4))


def test_cv4_the_dealer_turns_with_the_button_and_sits_out_when_only_two_are_left() -> None:
    state = play(settled(), {"next_hand": True})
    assert (state.hand.button, state.hand.dealer) == (1, 1)
    from dataclasses import replace

    two_left = replace(settled(), chips=(0, 150, 147))  # seat 0 has lost everything
    state = play(two_left, {"next_hand": True})
    assert (state.hand.button, state.hand.dealer) == (1, None)


def test_cv4_without_a_dealer_everyone_gets_floor_and_hand_cards() -> None:
    state = start(players=2, dealer=False)
    assert state.hand.dealer is None
    state = play(state, place("S1", None, "center"), place("S2", None, "center"),
                 place("A1", 0, "floor"), place("A2", 0, "floor"), place("A3", 0, "hand"), place("A4", 0, "hand"))
    assert state.hand.phase == "deal"
    state = play(state, place("G1", 1, "floor"), place("G2", 1, "floor"), place("G3", 1, "hand"))
    state = play(state, place("G4", 1, "hand"))
    # play goes round from the button (seat 0): seat 1 first, seat 0 last
    assert (state.hand.phase, state.hand.current) == ("draw", 1)


def test_cv6_a_card_entered_twice_is_refused() -> None:
    state = play(start(), place("A1", 0, "floor"))
    error = refused(state, place("A1", 0, "floor"))
    assert (error.code, error.message_id, error.rule) == ("illegal_move", "cavasie.card_twice", "CV-6")


def test_cv1_an_unknown_code_is_a_bad_request() -> None:
    assert isinstance(refused(start(), place("Q7", 0, "floor")), BadRequest)


# -- CV-4: the extra floor draws -------------------------------------------------------------------------
def test_cv4_at_most_two_extra_draws() -> None:
    state = play(dealt(), {"draw": "S3"}, {"draw": None})
    error = refused(state, {"draw": "S4"})
    assert (error.message_id, error.rule) == ("cavasie.draw_limit", "CV-4")


def test_cv4_drawn_cards_lie_face_down() -> None:
    state = play(dealt(), {"draw": "S3"})
    assert state.hand.seats[1].floor[-1].face_up is False


def test_cv4_after_one_draw_a_floor_card_may_go_to_the_hand_not_face_up() -> None:
    state = play(dealt(), {"draw": "S3"})
    assert refused(state, {"turn_up": 1, "card": "G2"}).message_id == "cavasie.turn_up_needs_two"
    state = play(state, {"to_hand": 2})
    seat = state.hand.seats[1]
    assert [s.code for s in seat.hand] == ["G3", "G4", "S3"]
    assert len(seat.floor) == 2
    assert state.hand.current == 2  # the choice ends the step


def test_cv4_after_two_draws_turn_one_face_up() -> None:
    state = play(dealt(), {"draw": None}, {"draw": "S4"}, {"turn_up": 2, "card": "S3"})
    floor = state.hand.seats[1].floor
    assert (floor[2].code, floor[2].face_up) == ("S3", True)


def test_cv4_turning_up_a_card_already_up_is_refused() -> None:
    state = play(dealt(), {"draw": None}, {"draw": None})
    assert refused(state, {"turn_up": 0}).message_id == "cavasie.not_face_down"


def test_cv4_a_choice_needs_a_draw() -> None:
    error = refused(dealt(), {"to_hand": 0})
    assert (error.message_id, error.rule) == ("cavasie.choice_needs_draw", "CV-4")


def test_cv4_players_draw_in_turn_and_the_dealer_does_not_draw() -> None:
    state = dealt()
    assert refused(state, {"draw": None, "seat": 2}).message_id == "cavasie.not_your_turn"
    state = play(state, {"done": True})
    assert state.hand.current == 2
    state = play(state, {"done": True})
    assert state.hand.phase == "bet1"
    assert state.hand.seats[0].drawn == 0


# -- CV-5: betting --------------------------------------------------------------------------------------
def test_cv5_betting_goes_round_from_the_dealer_without_the_dealer() -> None:
    state = drawn()
    assert ENGINE.to_move(state) == 1
    assert refused(state, {"check": True, "seat": 0}).message_id == "cavasie.dealer_does_not_bet"
    state = play(state, {"check": True})
    assert ENGINE.to_move(state) == 2


def test_to_move_is_none_outside_betting() -> None:
    assert ENGINE.to_move(dealt()) is None
    assert acting_seat(dealt()) == 1
    assert ENGINE.to_move(start()) is None


def test_cv5_bet_raise_call_and_the_pot() -> None:
    """Antes 1 each (pot 3); seat 1 bets 5, seat 2 raises by 3 (pays 8), seat 1 calls 3."""
    state = play(drawn(), {"bet": 5}, {"raise": 3}, {"call": True})
    assert state.hand.pot == 3 + 5 + 8 + 3
    assert state.chips == (99, 91, 91)
    assert state.hand.phase == "interact"


@pytest.mark.parametrize(("actions", "bad", "message_id"), [
    ([{"bet": 5}], {"check": True}, "cavasie.check_facing_bet"),
    ([], {"raise": 2}, "cavasie.raise_without_bet"),
    ([{"bet": 5}], {"bet": 7}, "cavasie.bet_after_bet"),
    ([], {"call": True}, "cavasie.nothing_to_call"),
    ([], {"bet": 500}, "cavasie.chips_short"),
])
def test_cv5_betting_refusals(actions, bad, message_id) -> None:
    error = refused(play(drawn(), *actions), bad)
    assert (error.message_id, error.rule) == (message_id, "CV-5")


def test_cv5_a_bet_amount_must_be_a_positive_integer() -> None:
    assert isinstance(refused(drawn(), {"bet": 0}), BadRequest)


def test_bet_options_for_the_seat_to_act() -> None:
    state = play(drawn(), {"bet": 5})
    options = bet_options(state)
    assert options is not None
    assert (options.seat, options.to_call, options.can_bet, options.can_raise) == (2, 5, False, True)
    assert bet_options(dealt()) is None


def test_cv5_a_raise_reopens_the_round() -> None:
    state = play(drawn(), {"check": True}, {"bet": 4})
    assert ENGINE.to_move(state) == 1  # seat 1 checked, must answer the bet
    state = play(state, {"call": True})
    assert state.hand.phase == "interact"


def test_cv5_everyone_else_folds_the_last_player_takes_the_pot() -> None:
    """Three players, no dealer: seat 1 bets 3, seats 2 and 0 fold; seat 1 wins the antes and its bet."""
    state = start(dealer=False)
    state = play(state, place("S1", None, "center"), place("S2", None, "center"),
                 *(place(c, 0, p) for c, p in (("A1", "floor"), ("A2", "floor"), ("A3", "hand"), ("A4", "hand"))),
                 *(place(c, 1, p) for c, p in (("G1", "floor"), ("G2", "floor"), ("G3", "hand"), ("G4", "hand"))),
                 *(place(c, 2, p) for c, p in (("P1", "floor"), ("P2", "floor"), ("P3", "hand"), ("P4", "hand"))),
                 {"done": True}, {"done": True}, {"done": True}, {"bet": 3}, {"fold": True}, {"fold": True})
    assert state.hand.phase == "settled"
    assert state.hand.result is not None and state.hand.result["kind"] == "uncontested"
    assert state.chips == (99, 99 - 3 + 6, 99)


def test_cv5_one_player_left_against_the_dealer_bets_no_more() -> None:
    """Seat 1 bets 3 and seat 2 folds: seat 1 has matched the bet and nobody else bets (the
    dealer does not), so the round ends; the final round is skipped too."""
    state = play(drawn(), {"bet": 3}, {"fold": True})
    assert state.hand.phase == "interact"
    state = play(state, {"interact": "none"})
    assert state.hand.phase == "showdown"


def test_cv5_two_players_one_folds_the_other_wins() -> None:
    state = start(players=2, dealer=False)
    state = play(state, place("S1", None, "center"), place("S2", None, "center"),
                 *(place(c, 0, p) for c, p in (("A1", "floor"), ("A2", "floor"), ("A3", "hand"), ("A4", "hand"))),
                 *(place(c, 1, p) for c, p in (("G1", "floor"), ("G2", "floor"), ("G3", "hand"), ("G4", "hand"))),
                 {"done": True}, {"done": True}, {"bet": 10}, {"fold": True})
    assert state.chips == (99, 101)  # seat 1 (first after the button) bet; seat 0 folded


def test_cv5_a_short_call_is_all_in_and_side_pots_split_by_stake() -> None:
    """layers: stakes 10, 30, 30 with the 30s live: a main pot of 30 for all three, a side pot of
    40 for the two who put in 30."""
    assert layers([10, 30, 30], [False, False, False]) == [(30, [0, 1, 2]), (40, [1, 2])]
    ranking = {0: 0, 1: 1, 2: 2}  # seat 0 best, then 1, then 2
    won = award([10, 30, 30], [False, False, False], [0, 1, 2],
                lambda seats: [min(seats, key=ranking.__getitem__)])
    assert won == {0: 30, 1: 40}


def test_cv10_a_split_pot_gives_odd_chips_in_play_order() -> None:
    """Stakes 2, 2 and a folded 1: one layer of 5 shared by seats 0 and 1; seat 1 comes first in
    play order (1, 2, 0), so it gets the odd chip."""
    won = award([2, 2, 1], [False, False, True], [1, 2, 0], lambda seats: seats)
    assert won == {1: 3, 0: 2}


def test_folded_chips_stay_in_the_pot() -> None:
    """A folded seat's 9 against two live 5s: 15 in the first layer; the folded seat's last 4
    have no live seat of their own and join that layer."""
    assert layers([5, 5, 9], [False, False, True]) == [(19, [0, 1])]


# -- CV-5: the one interaction --------------------------------------------------------------------------
def interacting() -> TableState:
    return play(drawn(), {"check": True}, {"check": True})


def test_cv5_one_interaction_per_player() -> None:
    state = play(interacting(), {"interact": "none"})
    error = refused(state, {"interact": "none", "seat": 1})
    assert (error.message_id, error.rule) == ("cavasie.interaction_used", "CV-5")


def test_cv5_swap_discards_face_down_to_the_centre_and_takes_a_floor_card() -> None:
    state = play(interacting(), {"interact": "swap", "hand": 0, "floor": 0})
    hand = state.hand
    assert [s.code for s in hand.seats[1].hand] == ["G4", "G1"]
    assert [s.code for s in hand.seats[1].floor] == ["G2"]
    assert (hand.center[-1].code, hand.center[-1].face_up) == ("G3", False)


def test_cv5_take_a_centre_card_keeping_its_face() -> None:
    state = play(interacting(), {"interact": "take_center", "center": 0})
    slot = state.hand.seats[1].floor[-1]
    assert (slot.code, slot.face_up) == ("S1", True)
    assert [s.code for s in state.hand.center] == ["S2"]


def test_cv7_the_dealers_last_centre_card_stays() -> None:
    state = play(interacting(), {"interact": "take_center", "center": 0})
    error = refused(state, {"interact": "take_center", "center": 0})
    assert (error.message_id, error.rule) == ("cavasie.center_last_card", "CV-7")


def test_cv5_the_draw_choice_again_needs_two_hand_cards_and_two_face_down_floor_cards() -> None:
    error = refused(interacting(), {"interact": "choice", "to_hand": 1})
    assert (error.message_id, error.rule) == ("cavasie.choice_needs", "CV-5")


def test_cv5_the_draw_choice_again_after_two_draws() -> None:
    state = play(dealt(), {"draw": "S3"}, {"draw": "S4"}, {"done": True}, {"done": True},
                 {"check": True}, {"check": True})
    state = play(state, {"interact": "choice", "turn_up": 1, "card": "G2"})
    assert state.hand.seats[1].floor[1].face_up


def test_cv5_interactions_follow_play_order() -> None:
    error = refused(interacting(), {"interact": "none", "seat": 2})
    assert error.message_id == "cavasie.not_your_turn"


# -- the showdown ------------------------------------------------------------------------------------------
def to_showdown(state: TableState) -> TableState:
    state = play(state, {"done": True}, {"done": True}, {"check": True}, {"check": True},
                 {"interact": "none"}, {"interact": "none"}, {"check": True}, {"check": True})
    assert state.hand.phase == "showdown"
    return state


def test_cv7_unknown_cards_must_be_entered_before_the_showdown() -> None:
    state = start()
    deal = list(DEAL_3)
    deal[5] = place(None, None, "center")  # S2 dealt unseen
    state = to_showdown(play(state, *deal))
    assert unknown_cards(state) == [(None, "center", 1)]
    error = refused(state, {"showdown": True})
    assert (error.message_id, error.rule) == ("cavasie.showdown_unknown", "CV-7")
    assert refused(state, {"reveal": "A1", "pile": "center", "index": 1}).rule == "CV-6"
    state = play(state, {"reveal": "S2", "pile": "center", "index": 1}, {"showdown": True})
    assert state.hand.phase == "settled"


def test_showdown_pays_the_best_hand() -> None:
    """The dealer's best is S1 S2 (centre) with A3 A4: 1-2-3-4 in two colours, felox (10).
    Seat 1's G1–G4 and seat 2's P1–P4 are both livizax of four with sum 10; CV-10 goes on to
    the colours: no reds, no yellows, four greens against none: seat 1 wins the three antes."""
    state = play(to_showdown(dealt()), {"showdown": True})
    result = state.hand.result
    assert result is not None
    assert [result["hands"][s]["rank"] for s in ("0", "1", "2")] == ["felox", "livizax", "livizax"]
    assert result["hands"]["0"]["cards"] == ["A3", "A4", "S1", "S2"]
    assert result["places"] == [[1], [2], [0]]
    assert result["decisions"] == [{"step": "colour", "detail": "green", "better": 4, "worse": 0},
                                   {"step": "rank", "detail": None, "better": 15, "worse": 10}]
    assert result["awards"] == {"1": 3}
    assert state.chips == (99, 102, 99)


def test_folded_players_are_out_of_the_showdown() -> None:
    state = play(dealt(), {"done": True}, {"done": True}, {"fold": True})
    state = play(state, {"interact": "none"})  # only seat 2 is left to interact; no second round
    state = play(state, {"showdown": True})
    assert state.hand.result is not None
    assert "1" not in state.hand.result["hands"]
    assert set(state.hand.result["hands"]) == {"0", "2"}


def test_cv10_a_tie_splits_the_pot() -> None:
    """Two players, no dealer: A2 G2 | G4 P7 and A5 G1 | G5 P4 are both alon with sum 15 and the
    same colour and shape counts (CV-10 draw): the pot of two antes is split."""
    state = start(players=2, dealer=False)
    state = play(state, place("S1", None, "center"), place("S2", None, "center"),
                 place("G4", 0, "floor"), place("P7", 0, "floor"), place("A2", 0, "hand"), place("G2", 0, "hand"),
                 place("G5", 1, "floor"), place("P4", 1, "floor"), place("A5", 1, "hand"), place("G1", 1, "hand"),
                 {"done": True}, {"done": True}, {"check": True}, {"check": True},
                 {"interact": "none"}, {"interact": "none"}, {"check": True}, {"check": True}, {"showdown": True})
    assert state.hand.result is not None
    assert state.hand.result["places"] == [[0, 1]]
    assert state.chips == (100, 100)


# -- the session ---------------------------------------------------------------------------------------------
def settled() -> TableState:
    return play(to_showdown(dealt()), {"showdown": True})


def test_the_next_hand_moves_the_button_and_the_dealer() -> None:
    state = play(settled(), {"next_hand": True})
    assert (state.hand.number, state.hand.button, state.hand.dealer, state.hand.phase) == (2, 1, 1, "deal")
    assert state.chips == (98, 101, 98)  # antes paid again


def test_the_next_hand_waits_for_the_showdown() -> None:
    assert refused(dealt(), {"next_hand": True}).message_id == "cavasie.hand_running"


def test_ending_the_session_places_by_chips() -> None:
    state = play(settled(), {"end_session": True})
    outcome = ENGINE.outcome(state)
    assert outcome.over
    assert outcome.places == ((1,), (0, 2))  # 102, then 99 and 99 tied
    assert dict(outcome.scores) == {0: 99, 1: 102, 2: 99}
    with pytest.raises(GameOver):
        ENGINE.apply(state, {"next_hand": True})


def test_the_session_cannot_end_in_the_middle_of_a_hand() -> None:
    assert refused(dealt(), {"end_session": True}).message_id == "cavasie.end_mid_hand"


def test_ending_before_any_card_returns_the_antes() -> None:
    state = play(start(), {"end_session": True})
    assert state.chips == (100, 100, 100)


def test_outcome_before_the_end_has_no_places() -> None:
    outcome = ENGINE.outcome(dealt())
    assert not outcome.over and outcome.places == ()
    assert dict(outcome.scores) == {0: 99, 1: 99, 2: 99}


HEADS_UP = [place("S1", None, "center"), place("S2", None, "center"),
            place("G1", 0, "floor"), place("G2", 0, "floor"), place("G3", 0, "hand"), place("G4", 0, "hand"),
            place("A1", 1, "floor"), place("S5", 1, "floor"), place("P3", 1, "hand"), place("A7", 1, "hand"),
            {"done": True}, {"done": True}, {"interact": "none"}, {"interact": "none"}, {"showdown": True}]


def test_cv4_the_session_ends_by_itself_when_one_player_holds_every_chip() -> None:
    """Two players with one chip each and an ante of one: the winner (four greens) takes both;
    nobody else has a chip, so the session is over there, without an "End session"."""
    state = start(players=2, dealer=False, chips=1, ante=1)
    state, events = ENGINE.apply(play(state, *HEADS_UP[:-1]), HEADS_UP[-1])
    assert state.chips == (2, 0)
    assert state.ended and events[-1] == {"type": "session_over", "chips": [2, 0]}
    outcome = ENGINE.outcome(state)
    assert (outcome.over, outcome.places) == (True, ((0,), (1,)))
    assert isinstance(refused(state, {"next_hand": True}), GameOver)
    from companion.cavasie import legal_actions

    assert legal_actions(state) == []
    # A log from before the session ended by itself went on with "End session": it still replays.
    assert play(state, {"end_session": True}) == state


def test_cv4_a_session_that_ended_by_itself_is_taken_back_by_undo() -> None:
    session = MatchSession(GAME, {"players": 2, "dealer": False, "chips": 1, "ante": 1})
    for action in HEADS_UP:
        session.apply(action)
    assert session.outcome().over
    session.undo()
    assert not session.outcome().over and session.state.hand.phase == "showdown"


def stacked(chips: tuple[int, ...], dealer: bool = False) -> TableState:
    """A table of len(chips) without antes, its stacks as given."""
    from dataclasses import replace

    state = start(players=len(chips), dealer=dealer, chips=max(chips), ante=0)
    return replace(state, chips=chips)


def all_in_hand(state: TableState, deal: list[dict[str, Any]], stakes: dict[int, int]) -> TableState:
    """Deal, stand, and let each bettor in play order go all in with `stakes[seat]` (the first
    bets, the others call), pass the interactions, and show down."""
    state = play(state, *deal)
    while state.hand.phase == "draw":
        state = play(state, {"done": True})
    first = True
    while state.hand.phase == "bet1":
        seat = state.hand.current
        state = play(state, {"bet": stakes[seat]} if first else {"call": True})
        first = False
    while state.hand.phase == "interact":
        state = play(state, {"interact": "none"})
    while state.hand.phase == "bet2":
        state = play(state, {"check": True})
    return play(state, {"showdown": True})


THREE_NO_DEALER = [place("S1", None, "center"), place("S2", None, "center"),
                   place("G1", 0, "floor"), place("G2", 0, "floor"),   # seat 0: four greens, livizax (15)
                   place("A1", 1, "floor"), place("S5", 1, "floor"),   # seat 1: nothing much
                   place("P1", 2, "floor"), place("P2", 2, "floor"),   # seat 2: P1 P2 P3 A8
                   place("G3", 0, "hand"), place("G4", 0, "hand"),
                   place("P6", 1, "hand"), place("A3", 1, "hand"),
                   place("P3", 2, "hand"), place("A8", 2, "hand")]


def test_cv4_places_at_the_end_the_later_bust_higher() -> None:
    """Seat 2 goes out in hand 1, seat 1 in hand 2: seat 0 first, then seat 1, then seat 2,
    although seats 1 and 2 both end with nothing."""
    from dataclasses import replace

    state = all_in_hand(stacked((10, 10, 4)), THREE_NO_DEALER, {1: 4, 2: 4, 0: 4})
    assert state.chips == (18, 6, 0) and not state.ended
    assert state.busted == (None, None, (1, 4))
    state = play(state, {"next_hand": True})
    assert not state.hand.seats[2].in_hand
    second = [place("S1", None, "center"), place("S2", None, "center"),
              place("A1", 1, "floor"), place("S5", 1, "floor"), place("G1", 0, "floor"), place("G2", 0, "floor"),
              place("P6", 1, "hand"), place("A3", 1, "hand"), place("G3", 0, "hand"), place("G4", 0, "hand")]
    state = all_in_hand(state, second, {1: 6, 0: 6})
    assert state.ended and state.chips == (24, 0, 0)
    assert state.busted == (None, (2, 6), (1, 4))
    assert ENGINE.outcome(state).places == ((0,), (1,), (2,))
    assert TableState.from_json(json.loads(json.dumps(state.to_json()))) == state
    # the same order when the table ends the session by hand with one player holding every chip
    assert ENGINE.outcome(replace(state, ended=True)).places == ((0,), (1,), (2,))


def test_cv4_two_out_in_one_hand_the_bigger_stack_places_higher() -> None:
    """Seats 1 and 2 go all in against seat 0's greens in the same hand: seat 1 started it
    with 6 chips, seat 2 with 4, so seat 1 is second. Equal stacks share the place."""
    state = all_in_hand(stacked((10, 6, 4)), THREE_NO_DEALER, {1: 6, 2: 6, 0: 6})
    assert state.ended and state.chips == (20, 0, 0)
    assert ENGINE.outcome(state).places == ((0,), (1,), (2,))
    state = all_in_hand(stacked((10, 4, 4)), THREE_NO_DEALER, {1: 4, 2: 4, 0: 4})
    assert ENGINE.outcome(state).places == ((0,), (1, 2))


def test_cv6_no_card_is_drawn_once_every_card_of_the_deck_is_on_the_table() -> None:
    """A 14-card deck deals a three-player table exactly: nothing is left to draw, and the
    legal actions say so instead of failing."""
    from companion.cavasie import default_deck_data, legal_actions, load_deck

    data = default_deck_data()
    codes = ["A1", "A2", "A3", "A4", "S1", "S2", "G1", "G2", "G3", "G4", "P1", "P2", "P3", "P4"]
    data["cards"] = [card for card in data["cards"] if card["code"] in codes]
    state = play(GAME.new_state({"players": 3, "deck": data}), *DEAL_3)
    assert state.deck == load_deck(data) and state.hand.slots() == 14
    assert legal_actions(state) == [{"done": True}]
    error = refused(state, {"draw": None})
    assert (error.message_id, error.rule) == ("cavasie.deck_empty", "CV-6")


def test_cv4_a_deck_too_small_for_the_table_is_refused_at_the_set_up() -> None:
    from companion.cavasie import deck_problems, default_deck_data

    data = default_deck_data()
    data["cards"] = data["cards"][:13]
    with pytest.raises(BadRequest) as caught:
        GAME.new_state({"players": 3, "deck": data})
    assert (caught.value.message_id, caught.value.rule) == ("cavasie.deck_too_small", "CV-4")
    assert caught.value.params["needed"] == 14
    assert [p.message_id for p in deck_problems(data, players=3)] == ["cavasie.deck_too_small"]
    assert deck_problems(data, players=2) == [] and deck_problems(data) == []
    data["cards"] = data["cards"][:9]
    assert [p.message_id for p in deck_problems(data)] == ["cavasie.deck_too_small"]  # not even two players


def test_roll_is_none() -> None:
    import random

    assert ENGINE.roll(dealt(), random.Random(1)) is None


def test_a_session_replays_through_the_match_session() -> None:
    session = MatchSession(GAME, {"players": 3, "dealer": True})
    for action in DEAL_3:
        session.apply(action)
    session.apply({"done": True})
    session.undo()
    assert session.state.hand.current == 1
    replayed = MatchSession.resume(GAME, {"players": 3, "dealer": True},
                                   [{"kind": "action", "action": a} for a in DEAL_3])
    assert replayed.state == session.state


def test_an_action_must_name_one_known_kind() -> None:
    assert isinstance(refused(dealt(), {"jump": True}), BadRequest)
    assert isinstance(refused(dealt(), {"draw": None, "seat": 9}), BadRequest)


def test_refusals_name_the_seat_for_the_screen() -> None:
    error = refused(drawn(), {"check": True, "seat": 0})
    assert isinstance(error, IllegalMove)
    assert error.params["seat"] == 0


def test_cv5_all_in_and_a_side_pot_at_the_showdown() -> None:
    """Seat 1 (greens, the best hand) has 4 chips behind and bets them all; seat 2 raises by 10
    (pays 14). Stakes with the antes: 1, 5, 15. The first layer (3) and the second (4 + 4) go
    to seat 1; the last 10 only seat 2 put in, and they go back to it."""
    from dataclasses import replace

    state = replace(drawn(), chips=(99, 4, 99))
    state = play(state, {"bet": 4}, {"raise": 10})
    assert state.hand.phase == "interact"  # seat 1 is all in: nobody left to answer the raise
    state = play(state, {"interact": "none"}, {"interact": "none"})
    assert state.hand.phase == "showdown"  # the final round needs two players with chips
    state = play(state, {"showdown": True})
    assert state.hand.result is not None
    assert state.hand.result["awards"] == {"1": 11, "2": 10}
    assert state.chips == (99, 11, 95)


def test_next_deal_slot_follows_cv4_order() -> None:
    from companion.cavasie import next_deal_slot

    state = start()
    slots = []
    for card in ["A1", "A2", "A3", "A4", "S1", "S2", "G1", "G2", "P1", "P2", "G3", "G4", "P3", "P4"]:
        slot = next_deal_slot(state)
        assert slot is not None
        slots.append(slot)
        seat, pile, _ = slot
        state = play(state, place(card, seat, pile))
    assert next_deal_slot(state) is None
    assert slots == [(0, "floor", True)] * 4 + [(None, "center", True), (None, "center", False),
                                                (1, "floor", True), (1, "floor", False),
                                                (2, "floor", True), (2, "floor", False),
                                                (1, "hand", False), (1, "hand", False),
                                                (2, "hand", False), (2, "hand", False)]


def test_legal_actions_agree_with_the_rules() -> None:
    from companion.cavasie import legal_actions

    assert legal_actions(dealt()) == [{"draw": None}, {"done": True}]  # no choice before a draw
    after_two = play(dealt(), {"draw": None}, {"draw": "S3"})
    kinds = [next(iter(a)) for a in legal_actions(after_two)]
    assert kinds.count("to_hand") == 4 and kinds.count("turn_up") == 3 and "draw" not in kinds
    assert legal_actions(drawn()) == [{"check": True}, {"bet": 1}, {"fold": True}]
    assert {"call": True} in legal_actions(play(drawn(), {"bet": 2}))
    assert legal_actions(settled()) == [{"next_hand": True}, {"end_session": True}]
