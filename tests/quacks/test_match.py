"""The whole-match engine, rule by rule (QK-1 … QK-18 at the match level): set-up, the round's
flow, rats at round start, the round-6 white, simultaneous brewing, the hand-off to the
evaluation, round 9 and the winner. Expected values are worked out by hand in the comments
(pot track and prices: see test_match_support)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from companion.errors import BadRequest, GameOver, IllegalMove
from companion.quacks import GAME
from companion.quacks.match import outcome, play, to_move
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import questions, seat_view
from tests.quacks.test_match_support import (
    START_BAG,
    answer_evaluation,
    bag,
    card,
    draws,
    go,
    new,
    quiet_round,
    stop_all,
    with_seats,
)


def refused(state: MatchState, action: dict, error: type = IllegalMove) -> str | None:
    with pytest.raises(error) as caught:
        play(state, action)
    return caught.value.rule


# --- set-up (QK-1, QK-2) ------------------------------------------------------------------


def test_qk1_setup_options_books_and_start_player():
    """QK-1: 2–4 players, a book set 1–4 per colour (set 1 by default), a start player."""
    state = new(4, start=2, red=3, yellow=2)
    assert state.books.to_json() == {"green": 1, "blue": 1, "red": 3, "yellow": 2, "purple": 1}
    assert state.start == 2 and to_move(state) == 2 and state.round == 1 and state.phase == "fortune"
    for bad in ({"players": 1}, {"players": 5}):
        with pytest.raises(BadRequest) as caught:
            GAME.check_setup(bad)
        assert caught.value.rule == "QK-1"
    with pytest.raises(BadRequest):
        GAME.check_setup({"players": 2, "green": 5})
    with pytest.raises(BadRequest) as caught:
        new(3, start=3)  # the seats are 0, 1, 2
    assert caught.value.rule == "QK-1"
    for setup in ({"players": 1}, {"players": 5}, {"players": True}, {"players": 3, "start": True},
                  {"players": 3, "start": "1"}, {"players": 3, "start": -1}):
        with pytest.raises(BadRequest) as caught:  # the engine checks on its own too (a tool)
            GAME.engine.new_state(setup)
        assert caught.value.rule == "QK-1"


def test_qk2_every_player_starts_alike_and_the_box_holds_the_rest():
    """QK-2: starting bag, droplet 0, full flask, no rat, 1 ruby, 0 VP. The box counts include
    the starting chips: 3 players take 12 of the 20 W1, 6 of the 8 W2, 3 of the 4 W3, 3 O1, 3 G1."""
    state = new(3)
    for player in state.players:
        assert (player.bag, player.droplet, player.flask, player.rats, player.rubies, player.vp, player.pot) == \
            (START_BAG, 0, True, 0, 1, 0, None)
    assert (state.supply["W1"], state.supply["W2"], state.supply["W3"]) == (8, 2, 1)
    assert (state.supply["O1"], state.supply["G1"], state.supply["K1"]) == (17, 12, 18)


# --- the fortune card (QK-4) --------------------------------------------------------------


def test_qk4_only_the_start_player_enters_the_card_and_each_card_comes_once():
    state = new(3, start=1)
    assert refused(state, {"seat": 0, "card": "seasoned_perfectly"}) == "QK-4"
    assert refused(state, {"seat": 1, "draw": "W1"}) == "QK-4"  # brewing waits for the card
    refused(state, {"seat": 1, "card": "no_such_card"}, BadRequest)
    state = card(state, "seasoned_perfectly")
    assert state.phase == "brewing" and state.card == "seasoned_perfectly"
    assert refused(state, {"seat": 1, "card": "charity"}) == "QK-9"  # the round's card is in
    state = answer_evaluation(stop_all(state))
    # round 2: the next start player is seat 2; the card of round 1 cannot come again
    assert (state.round, state.start, to_move(state)) == (2, 2, 2)
    assert refused(state, {"seat": 2, "card": "seasoned_perfectly"}) == "QK-4"


# --- rats (QK-5) --------------------------------------------------------------------------


def test_qk5_rats_at_round_start_from_the_scores():
    """QK-5: leader 10; tails after 1, 4, 7, 10, 12 …. Seat 1 (3 VP) gets the tails 4 and 7: 2
    rats; seat 2 (0 VP) the tails 1, 4, 7: 3 rats; the leader none. The rat stone lies that far
    past the droplet and the first chip counts from it (QK-6)."""
    state = with_seats(replace(new(3), round=2), vp=(10, 3, 0), droplet=(2, 0, 1))
    state = card(state, "seasoned_perfectly")
    assert [p.rats for p in state.players] == [0, 2, 3]
    assert [p.pot.start for p in state.players] == [2, 2, 4]
    state = draws(state, 2, "W1")
    assert state.players[2].pot.chips[-1].space == 5  # 4 + 1


def test_qk5_no_rats_in_round_1_and_none_for_tied_leaders():
    state = card(with_seats(new(3), vp=(5, 0, 0)), "seasoned_perfectly")
    assert [p.rats for p in state.players] == [0, 0, 0]
    # leaders 12 and 12 get none; 10 VP: the tail after 10 (10 <= 10 < 12) is one rat
    state = card(with_seats(replace(new(3), round=4), vp=(12, 12, 10)), "seasoned_perfectly")
    assert [p.rats for p in state.players] == [0, 0, 1]


# --- the round-6 white (QK-3) -------------------------------------------------------------


def test_qk3_a_white_1_joins_every_bag_before_round_6_only():
    state = replace(new(3), round=4)
    state = quiet_round(state)
    assert state.round == 5 and all(p.bag == START_BAG for p in state.players)
    state = quiet_round(state)
    assert state.round == 6
    assert all(p.bag == START_BAG.add("W1") for p in state.players)
    assert state.supply["W1"] == 8 - 3
    state = quiet_round(state)
    assert state.round == 7 and all(p.bag["W1"] == 5 for p in state.players)


# --- brewing (QK-6 … QK-10) ---------------------------------------------------------------


def brewing(players: int = 3, **books: int) -> MatchState:
    return card(new(players, **books), "seasoned_perfectly")


def test_qk6_players_draw_in_any_order_each_entry_naming_its_seat():
    state = brewing()
    assert to_move(state) is None  # brewing: any seat
    state = go(state, {"seat": 2, "draw": "O1"}, {"seat": 0, "draw": "W3"}, {"seat": 2, "draw": "W2"})
    assert [(p.chip, p.space) for p in state.players[2].pot.chips] == [("O1", 1), ("W2", 3)]
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("W3", 3)]
    assert state.players[1].pot.chips == ()
    assert state.players[2].bag == START_BAG.remove("O1").remove("W2")


def test_qk6_a_chip_the_bag_does_not_hold_is_refused_and_the_last_space_is_52():
    state = brewing()
    assert refused(state, {"seat": 0, "draw": "R1"}) == "QK-6"
    state = draws(state, 0, "W1 W1 W1 W1")
    assert refused(state, {"seat": 0, "draw": "W1"}) == "QK-6"  # all four are in the pot
    refused(state, {"seat": 0, "draw": "Z9"}, BadRequest)
    far = card(with_seats(new(2), droplet=(50, 0)), "seasoned_perfectly")
    far = draws(far, 0, "W3")
    assert far.players[0].pot.chips[-1].space == 52  # 50 + 3 stops at 52 (QK-6)


def test_qk7_explosion_stops_the_player_and_later_draws_are_refused():
    state = draws(brewing(), 0, "W3 W2 W2 W1")  # whites 3 + 2 + 2 + 1 = 8 > 7
    pot = state.players[0].pot
    assert pot.exploded and [p.space for p in pot.chips] == [3, 5, 7, 8]
    assert refused(state, {"seat": 0, "draw": "W1"}) == "QK-7"
    assert refused(state, {"seat": 0, "stop": True}) == "QK-7"
    assert refused(state, {"seat": 0, "flask": True}) == "QK-8"  # not on the exploding chip


def test_qk8_the_flask_returns_the_white_just_drawn_once():
    state = draws(brewing(), 0, "W3")
    state = go(state, {"seat": 0, "flask": True})
    player = state.players[0]
    assert player.pot.chips == () and not player.pot.flask_full and player.bag == START_BAG
    state = draws(state, 0, "W2")
    assert refused(state, {"seat": 0, "flask": True}) == "QK-8"  # empty now
    other = draws(state, 1, "O1")
    assert refused(other, {"seat": 1, "flask": True}) == "QK-8"  # not a white


def test_qk9_stop_then_no_more_draws_and_the_evaluation_waits_for_every_pot():
    state = go(brewing(), {"seat": 0, "stop": True})
    assert refused(state, {"seat": 0, "draw": "W1"}) == "QK-9"
    assert refused(state, {"seat": 0, "stop": True}) == "QK-9"
    assert refused(state, {"seat": 0, "buy": ["O1"]}) == "QK-9"  # an evaluation answer while brewing
    state = go(state, {"seat": 1, "stop": True})
    assert state.phase == "brewing"  # seat 2 still draws
    state = go(state, {"seat": 2, "stop": True})
    assert state.phase == "evaluation"


def test_qk9_an_empty_bag_stops_the_player():
    state = card(with_seats(new(2), bag=(bag("O1 G1"), START_BAG)), "seasoned_perfectly")
    state = draws(state, 0, "O1 G1")
    assert state.players[0].pot.stopped and state.players[0].bag.size == 0
    assert refused(state, {"seat": 0, "draw": "O1"}) == "QK-9"


def test_qk10_the_scoring_space_follows_the_last_chip_and_an_empty_pot_scores_after_the_rat_stone():
    """QK-10: seat 0 O1@1 W2@3 scores on 4; seat 1 stops with no chip: its rat stone is on
    2 + 1 rat, so it scores on 4 as well (4 coins, 0 VP); both roll (QK-11)."""
    state = with_seats(replace(new(2), round=2), vp=(2, 0), droplet=(0, 2))
    state = card(state, "seasoned_perfectly")
    assert [p.rats for p in state.players] == [0, 1]
    state = draws(state, 0, "O1 W2")
    state = go(state, {"seat": 0, "stop": True}, {"seat": 1, "stop": True})
    ev = state.evaluation
    assert [t.scoring_space for t in ev.tallies] == [4, 4]
    assert ev.rollers == (0, 1)


# --- a round's evaluation, hand-off and the next round (QK-11 … QK-15) --------------------


def round_one() -> MatchState:
    """Round 1, set 1 books, Seasoned Perfectly (no white total is exactly 7):
    seat 0 O1@1 W2@3 stops (scores on 4: 4 coins, 0 VP); seat 1 W3@3 W2@5 W2@7 W1@8 explodes
    (whites 8; scores on 9: 9 coins, 1 VP, ruby); seat 2 O1@1 W1@2 stops (3: 3 coins, 0 VP)."""
    state = brewing()
    state = draws(state, 0, "O1 W2")
    state = draws(state, 1, "W3 W2 W2 W1")
    state = draws(state, 2, "O1 W1")
    return go(state, {"seat": 0, "stop": True}, {"seat": 2, "stop": True})


def test_qk11_to_qk15_a_whole_evaluation_through_the_match():
    state = round_one()
    assert state.phase == "evaluation"
    # A: only seat 0 did not explode with the furthest space (4 > 3) and rolls (QK-11)
    assert to_move(state) == 0
    assert GAME.engine.roll(state, random.Random(3))["seat"] == 0
    assert refused(state, {"seat": 2, "die": "2vp"}) == "QK-11"
    assert refused(state, {"seat": 1, "buy": ["O1"]}) == "QK-11"  # E before A
    assert refused(state, {"seat": 0, "draw": "W1"}) == "QK-11"  # brewing is over
    state = go(state, {"seat": 0, "die": "2vp"})  # seat 0: 2 VP
    # B: no black, no green among the last two chips; C: seat 1's space 9 shows a ruby (1 + 1)
    # D: seat 0 and seat 2 take 0 VP; seat 1 exploded: VP or buying (QK-14)
    assert to_move(state) is None and state.evaluation.step == "D"  # D–F: everyone at once
    assert [(q.kind, q.seat) for q in questions(state)] == [("buy", 0), ("choice", 1), ("buy", 2)]
    assert refused(state, {"seat": 0, "choice": "vp"}) == "QK-14"
    state = go(state, {"seat": 1, "choice": "buy"})
    # E, start player first: seat 0 has 4 coins (blue 1 costs 5), seat 1 9, seat 2 3
    assert refused(state, {"seat": 0, "buy": ["B1"]}) == "QK-14"
    state = go(state, {"seat": 0, "buy": ["G1"]}, {"seat": 1, "buy": ["O1", "B1"]}, {"seat": 2, "buy": ["O1"]})
    # F: seat 1 turns its 2 rubies into a droplet step (QK-15)
    assert refused(state, {"seat": 0, "spend": {"droplet": 1, "flask": False}}) == "QK-15"
    state = go(state, {"seat": 0, "spend": {"droplet": 0, "flask": False}},
               {"seat": 1, "spend": {"droplet": 1, "flask": False}},
               {"seat": 2, "spend": {"droplet": 0, "flask": False}})
    # the next round: seat 1 starts; pots and purchases are in the bags; no pot, no rat stone
    assert (state.round, state.phase, state.start, to_move(state)) == (2, "fortune", 1, 1)
    assert [p.vp for p in state.players] == [2, 0, 0]
    assert [p.rubies for p in state.players] == [1, 0, 1]
    assert [p.droplet for p in state.players] == [0, 1, 0]
    assert [p.bag for p in state.players] == [START_BAG.add("G1"), START_BAG.add("O1").add("B1"),
                                              START_BAG.add("O1")]
    assert all(p.pot is None and p.rats == 0 for p in state.players)
    assert (state.supply["G1"], state.supply["O1"], state.supply["B1"]) == (12 - 1, 17 - 2, 14 - 1)
    # round 2's rats: leader 2, the tail after 1 lies between 0 and 2: one rat each for seats 1, 2
    state = card(state, "well_stirred")
    assert [p.rats for p in state.players] == [0, 1, 1]
    detail = outcome(state).detail["seats"]
    assert [detail[str(s)]["rounds"] for s in range(3)] == [
        [{"vp": 2, "exploded": False, "scoring_space": 4}],
        [{"vp": 0, "exploded": True, "scoring_space": 9}],
        [{"vp": 0, "exploded": False, "scoring_space": 3}]]


def test_qk11_roll_for_me_is_only_offered_to_the_roller():
    state = round_one()
    action = GAME.engine.roll(state, random.Random(0))
    assert action["seat"] == 0 and action["die"] in ("1vp", "2vp", "ruby", "droplet", "orange")
    assert GAME.engine.roll(brewing(), random.Random(0)) is None
    faces = {GAME.engine.roll(state, random.Random(seed))["die"] for seed in range(60)}
    assert faces == {"1vp", "2vp", "ruby", "droplet", "orange"}


def test_qk11_the_die_orange_comes_from_the_box():
    state = go(round_one(), {"seat": 0, "die": "orange"})
    assert state.evaluation.supply["O1"] == 17 - 1


def test_qk12_black_chips_against_both_neighbours_with_three_players():
    """QK-12: seat 0 has one black, seats 1 and 2 none: more than both neighbours, droplet +1
    and a ruby; the others have fewer than or as many as their neighbours: nothing."""
    state = card(with_seats(new(3), bag=(START_BAG.add("K1"), START_BAG, START_BAG)), "seasoned_perfectly")
    state = draws(state, 0, "K1")
    state = stop_all(state)
    # seat 0 alone is furthest (K1@1 scores 2; seats 1, 2 score 1): it rolls first
    state = go(state, {"seat": 0, "die": "1vp"})
    tallies = state.evaluation.tallies
    assert [(t.droplet, t.rubies) for t in tallies] == [(1, 2), (0, 1), (0, 1)]


def test_qk17_two_players_with_no_black_chip_both_move_the_droplet():
    state = stop_all(card(new(2), "seasoned_perfectly"))
    state = go(state, {"seat": 0, "die": "1vp"}, {"seat": 1, "die": "1vp"})  # both score on 1: both roll
    assert [t.droplet for t in state.evaluation.tallies] == [1, 1]


def test_qk13_qk14_an_exploded_player_choosing_vp_still_takes_the_ruby_and_cannot_buy():
    state = go(round_one(), {"seat": 0, "die": "1vp"}, {"seat": 1, "choice": "vp"})
    assert state.evaluation.tallies[1].vp == 1 and state.evaluation.tallies[1].rubies == 2
    state = go(state, {"seat": 0, "buy": []})
    assert [(q.kind, q.seat) for q in questions(state)] == [("spend", 1), ("buy", 2)]  # seat 1 is not asked to buy
    assert refused(state, {"seat": 1, "buy": ["O1"]}) == "QK-14"


def test_qk1_qk14_books_not_out_cannot_be_bought():
    state = go(round_one(), {"seat": 0, "die": "1vp"}, {"seat": 1, "choice": "buy"})
    assert refused(state, {"seat": 0, "buy": ["Y1"]}) == "QK-1"  # yellow from round 2 (8 coins anyway)


def test_qk16_round_9_coins_and_rubies_become_vp_and_the_furthest_space_breaks_the_tie():
    """Round 9, leader seat 1 (12 VP): seat 0 (11 VP) has no tail in 11..11, seat 2 (10 VP) the
    tail after 10: 1 rat. Seat 0 (5 rubies) O1@1 W2@3 scores on 4 (4 coins, 0 VP); seat 1
    O1@1 W1@2 on 3; seat 2 (1 ruby) W2@3 W3@6 from its rat stone on 1 scores on 7 (7 coins,
    1 VP) and rolls alone: ruby, 2 rubies. D: +0, +0, +1. E: 4, 3, 7 coins -> 0, 0, 1 VP.
    F: 5 rubies -> 2 VP, 0 -> 0, 2 -> 1. Totals 13, 12, 13: seat 2 scored further (7 > 4) and
    wins (QK-16)."""
    state = with_seats(replace(new(3), round=9), vp=(11, 12, 10), rubies=(5, 0, 1))
    state = card(state, "seasoned_perfectly")
    assert [p.rats for p in state.players] == [0, 0, 1]
    state = draws(state, 0, "O1 W2")
    state = draws(state, 1, "O1 W1")
    state = draws(state, 2, "W2 W3")
    state = stop_all(state)
    assert to_move(state) == 2
    assert refused(state, {"seat": 0, "buy": ["O1"]}) == "QK-16"
    state = go(state, {"seat": 2, "die": "ruby"})
    assert state.phase == "over"  # no question is left in round 9 once the die is rolled
    result = outcome(state)
    assert result.over and result.scores == {0: 13, 1: 12, 2: 13}
    assert result.places == ((2,), (0,), (1,))
    assert [r.scoring_space for r in state.rounds[-1]] == [4, 3, 7]
    with pytest.raises(GameOver) as caught:
        play(state, {"seat": 0, "card": "charity"})
    assert caught.value.rule == "QK-16"
    assert to_move(state) is None and GAME.engine.roll(state, random.Random(1)) is None


def test_qk16_still_tied_on_the_furthest_space_is_a_shared_win():
    """Seat 0 (10 VP, 1 rat, 5 rubies) O1@2 W1@3 scores on 4; seat 1 (12 VP) O1@1 W1@2 on 3;
    seat 2 (12 VP, 1 ruby) O1@1 W2@3 on 4. Seats 0 and 2 roll 1 VP each. Seat 0: 10 + 1 +
    5 // 2 = 13; seat 1: 12; seat 2: 12 + 1 + 1 // 2 = 13, both on space 4: a shared win."""
    state = with_seats(replace(new(3), round=9), vp=(10, 12, 12), rubies=(5, 0, 1))
    state = card(state, "seasoned_perfectly")
    state = draws(state, 0, "O1 W1")
    state = draws(state, 1, "O1 W1")
    state = draws(state, 2, "O1 W2")
    state = stop_all(state)
    state = go(state, {"seat": 0, "die": "1vp"}, {"seat": 2, "die": "1vp"})
    result = outcome(state)
    assert result.scores == {0: 13, 1: 12, 2: 13} and result.places == ((0, 2), (1,))


# --- on-draw book effects through the match (QK-18) ---------------------------------------


def test_qk18_blue_1_places_one_of_the_chips_it_draws():
    state = card(with_seats(new(2), bag=(START_BAG.add("B2"), START_BAG)), "seasoned_perfectly")
    state = go(state, {"seat": 0, "draw": {"chip": "B2", "place": "O1"}})
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("B2", 2), ("O1", 3)]
    assert state.players[0].bag == START_BAG.remove("O1")


def test_qk18_blue_3_and_4_rubies_and_vp_won_while_brewing_are_kept():
    """W3@3 W1@4 B1@5: the blue lands on a ruby space. Blue set 3: a ruby at once; blue set 4:
    1 VP (its value). Seat 0 then scores on 6 (1 VP), rolls alone (1 VP): rubies 1 + 1 = 2 with
    set 3; VP 1 + 1 + 1 = 3 with set 4."""
    for book_set, rubies, vp in ((3, 2, 2), (4, 1, 3)):
        state = card(with_seats(new(2, blue=book_set), bag=(START_BAG.add("B1"), START_BAG)), "seasoned_perfectly")
        state = draws(state, 0, "W3 W1 B1")
        assert (seat_view(state, 0).rubies, seat_view(state, 0).vp) == (rubies, vp - 2)
        state = go(stop_all(state), {"seat": 0, "die": "1vp"})
        state = answer_evaluation(state)
        assert (state.players[0].rubies, state.players[0].vp) == (rubies, vp), book_set


def test_qk18_yellow_1_returns_the_white_before_it():
    state = card(with_seats(replace(new(2), round=2), bag=(START_BAG.add("Y1"), START_BAG)), "seasoned_perfectly")
    state = go(state, {"seat": 0, "draw": "W3"}, {"seat": 0, "draw": {"chip": "Y1", "return_white": True}})
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("Y1", 4)]
    assert state.players[0].bag["W3"] == 1


def test_qk18_red_2_chips_wait_beside_and_hold_up_the_evaluation_until_decided():
    state = card(with_seats(new(2, red=2), bag=(START_BAG.add("R1").add("R2"), START_BAG)), "seasoned_perfectly")
    state = draws(state, 0, "R1 R2 O1")
    assert state.players[0].pot.beside == ("R1", "R2")
    state = stop_all(state)
    assert state.phase == "brewing"  # seat 0 still decides
    assert refused(state, {"seat": 1, "die": "1vp"}) == "QK-9"
    state = go(state, {"seat": 0, "beside": "place"})  # R1 after O1@1: space 2
    assert state.phase == "brewing"
    state = go(state, {"seat": 0, "beside": "keep"})
    assert state.phase == "evaluation"
    state = go(state, {"seat": 0, "die": "1vp"})
    state = go(state, *({"seat": s, "buy": []} for s in (0, 1)),
               *({"seat": s, "spend": {"droplet": 0, "flask": False}} for s in (0, 1)))
    # the kept R2 stays out of the bag and waits beside the next round's pot
    assert state.round == 2 and state.players[0].bag == START_BAG.add("R1") and state.players[0].kept == ("R2",)
    state = card(state, "well_stirred")
    assert state.players[0].pot.beside == ("R2",) and state.players[0].kept == ()


# --- records ------------------------------------------------------------------------------


def test_the_state_survives_json_in_every_phase():
    states = [new(3), brewing(), round_one(), go(round_one(), {"seat": 0, "die": "orange"})]
    states.append(card(new(3), "choose_one"))  # a card's question pending
    for state in states:
        text = json.dumps(state.to_json())
        assert MatchState.from_json(json.loads(text)) == state


def test_malformed_entries_are_bad_requests():
    state = brewing()
    for action in ({"draw": "W1"}, {"seat": 3, "draw": "W1"}, {"seat": True, "draw": "W1"},
                   {"seat": 0}, {"seat": 0, "draw": "W1", "stop": True}, {"seat": 0, "stop": 1},
                   {"seat": 0, "draw": {"flask": True}}, "W1"):
        refused(state, action, BadRequest)


def test_the_table_may_correct_prices_before_a_card_is_drawn():
    """A table corrects green set 1's 1-chip to 5 coins: seat 0's 4 coins no longer buy it."""
    state = go(new(3), {"catalogue": {"prices": [{"colour": "green", "set": 1, "value": 1, "coins": 5}]}})
    assert state.catalogue.price_entry("green", 1, 1).coins == 5
    for later in (card(state, "charity"), card(state, "choose_one")):  # brewing; a card's question
        with pytest.raises(IllegalMove) as caught:
            play(later, {"catalogue": {}})
        assert caught.value.rule == "QK-14"
    state = card(state, "seasoned_perfectly")
    state = draws(state, 0, "O1 W2")
    state = draws(state, 1, "W3 W2 W2 W1")
    state = go(state, *({"seat": s, "stop": True} for s in (0, 2)), {"seat": 0, "die": "1vp"},
               {"seat": 1, "choice": "vp"})
    assert refused(state, {"seat": 0, "buy": ["G1"]}) == "QK-14"
    assert MatchState.from_json(json.loads(json.dumps(state.to_json()))) == state
