"""Evaluation A–F rule by rule (rules QK-11 … QK-17, QK-1's book timing).

Every expected number is worked out by hand from the rule text and the pot track (see
test_eval_support's table); none is copied from the engine's output.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalMove
from companion.quacks.evaluation import evaluate_round
from companion.quacks.evaluation_types import Answers, Extras, SpendRubies
from tests.quacks.test_eval_support import QUIET, player, run, setup

VP = Answers(choice="vp")  # the quiet exploded player's answer


def refusal(table, players, answers) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        evaluate_round(table, players, answers)
    return caught.value


# --- QK-11: A, the bonus die -------------------------------------------------------------


def test_qk11_only_the_furthest_standing_player_rolls_not_a_further_exploded_one():
    """QK-11: seat 1 exploded further out (space 21) and seat 2 stands at 8: seat 0 (11) rolls."""
    players = [player("O1@10"), player("W3@3 W3@12 W2@20", exploded=True), player("O1@7")]
    tallies = run(setup(), players, [Answers(die=("1vp",)), VP, Answers()])
    assert [t.rolled for t in tallies] == [True, False, False]
    assert tallies[0].vp == 1 + 2  # die 1 VP + space 11's 2 VP


def test_qk11_tied_furthest_players_all_roll():
    """QK-11: two standing pots both score on space 11: both roll."""
    players = [player("O1@10"), player("G1@10"), player("O1@4")]
    tallies = run(setup(), players, [Answers(die=("ruby",)), Answers(die=("2vp",)), Answers()])
    assert [t.rolled for t in tallies] == [True, True, False]


def test_qk11_nobody_rolls_when_every_pot_exploded():
    players = [player("W3@3 W3@6 W2@8", exploded=True), player(QUIET, exploded=True)]
    tallies = run(setup(), players, [VP, VP])
    assert [t.rolled for t in tallies] == [False, False]


@pytest.mark.parametrize(("face", "vp", "rubies", "droplet", "gained"), [
    ("1vp", 1, 0, 0, ()),
    ("2vp", 2, 0, 0, ()),
    ("ruby", 0, 1, 0, ()),
    ("droplet", 0, 0, 1, ()),
    ("orange", 0, 0, 0, ("O1",)),
])
def test_qk11_each_face_of_the_bonus_die(face, vp, rubies, droplet, gained):
    """QK-11: 1 VP, 2 VP, a ruby, a droplet step, an orange 1 into the bag. Seat 0 (space 5:
    0 VP, ruby) rolls; it holds one black chip more than seat 1, so B gives it droplet +1 and
    a ruby; C gives the space's ruby; it buys nothing."""
    players = [player("K1@4"), player(QUIET, exploded=True)]
    t = run(setup(), players, [Answers(die=(face,)), VP])[0]
    assert (t.vp, t.rubies, t.droplet, t.gained) == (vp, 1 + 1 + rubies, 1 + droplet, gained)


def test_qk11_the_orange_of_the_die_does_not_come_from_the_box():
    """Protocol: `orange` adds an O1 to `gained` without taking it from `supply`."""
    ev, _ = evaluate_round(setup(supply={"O1": 0}), [player("O1@4"), player(QUIET, exploded=True)],
                           [Answers(die=("orange",)), VP])
    assert ev.tallies[0].gained == ("O1",)
    assert ev.supply["O1"] == 0


def test_qk11_a_die_droplet_step_stops_at_52():
    players = [player("O1@4", droplet=52), player(QUIET, exploded=True)]
    t = run(setup(), players, [Answers(die=("droplet",)), VP])[0]
    assert t.droplet == 52


def test_qk11_the_spoon_scores_35_coins_15_vp_and_its_player_rolls():
    """QK-6/QK-11: a chip on the last space scores the spoon (53): 15 VP, 35 coins."""
    players = [player("O1@40 R4@52"), player("O1@30")]
    tallies = run(setup(), players, [Answers(die=("1vp",), buy=("B4", "R4")), Answers()])
    t = tallies[0]
    assert (t.rolled, t.scoring_space, t.vp, t.coins) == (True, 53, 1 + 15, 35)
    assert t.gained == ("B4", "R4")  # 19 + 16 = 35 coins


def test_qk11_a_roller_without_a_face_is_refused():
    error = refusal(setup(), [player("O1@4"), player(QUIET, exploded=True)], [Answers(), VP])
    assert (error.rule, error.message_id) == ("QK-11", "quacks.eval.die_missing")


def test_qk11_a_face_for_a_player_who_does_not_roll_is_refused():
    error = refusal(setup(), [player("O1@4"), player("O1@2")],
                    [Answers(die=("1vp",)), Answers(die=("1vp",))])
    assert (error.rule, error.message_id, error.params["seat"]) == ("QK-11", "quacks.eval.die_not_roller", 1)


def test_qk11_more_faces_than_rolls_are_refused():
    error = refusal(setup(), [player("O1@4"), player(QUIET, exploded=True)], [Answers(die=("1vp", "2vp")), VP])
    assert (error.rule, error.message_id, error.params["rolls"]) == ("QK-11", "quacks.eval.die_extra", 1)


def test_qk11_the_die_uses_the_scoring_space_before_green_set_3_moves_a_chip():
    """Protocol: green 3 moves seat 0's last chip from 10 to 13 in B, but A has already
    chosen seat 1 (space 12 beats seat 0's original 11)."""
    players = [player("W3@3 G2@5 W2@7 G1@8 W2@10"), player("O1@11")]
    tallies = run(setup(green=3), players, [Answers(), Answers(die=("1vp",))])
    assert [t.rolled for t in tallies] == [False, True]
    assert tallies[0].scoring_space == 14


# --- QK-12 / QK-17: B, black ----------------------------------------------------------------


def test_qk12_two_players_the_same_number_of_black_chips_move_both_droplets():
    players = [player("K1@2 O1@4"), player("K1@1 O1@3")]
    tallies = run(setup(), players, [Answers(die=("1vp",)), Answers()])
    assert [(t.droplet, t.rubies) for t in tallies] == [(1, 1), (1, 0)]  # seat 0: ruby of space 5


def test_qk12_two_players_more_black_chips_gives_droplet_and_ruby_the_other_nothing():
    players = [player("K1@1 K1@2 O1@3"), player("K1@2 O1@3")]
    tallies = run(setup(), players, [Answers(die=("1vp",)), Answers(die=("1vp",))])
    assert [(t.droplet, t.rubies) for t in tallies] == [(1, 1), (0, 0)]


def test_qk17_two_players_with_no_black_chips_both_move_the_droplet():
    """QK-17: 0 and 0 count as "the same number"."""
    players = [player("O1@2"), player("O1@1")]
    tallies = run(setup(), players, [Answers(die=("1vp",)), Answers()])
    assert [t.droplet for t in tallies] == [1, 1]


def test_qk12_three_players_compare_with_both_neighbours():
    """Seat 0 (2 black) beats both: droplet + ruby. Seat 1 (1) beats seat 2 (0) only:
    droplet. Seat 2 (0) beats nobody."""
    players = [player("K1@1 K1@2"), player("K1@2"), player("O1@3")]
    tallies = run(setup(), players, [Answers(), Answers(), Answers(die=("1vp",))])
    assert [(t.droplet, t.rubies) for t in tallies] == [(1, 1), (1, 0), (0, 0)]


def test_qk12_four_players_never_compare_with_the_seat_opposite():
    """Seat 0 (1 black) has neighbours 3 and 1 (0 each): droplet + ruby, although seat 2
    opposite holds 5. Seat 2 beats its neighbours 1 and 3 too; seats 1 and 3 beat nobody."""
    players = [player("K1@2"), player("O1@1"), player("K1@1 K1@2 K1@3 K1@4 K1@5"), player("O1@1")]
    tallies = run(setup(), players, [Answers(), Answers(), Answers(die=("1vp",)), Answers()])
    assert [(t.droplet, t.rubies) for t in tallies] == [(1, 1), (0, 0), (1, 1), (0, 0)]


def test_qk12_the_black_event_names_the_counts_compared():
    """Seat 1 (3 black) against seat 0 (1) and seat 2 (2): both beaten."""
    players = [player("K1@2"), player("K1@1 K1@2 K1@3"), player("K1@1 K1@4")]
    _, events = evaluate_round(setup(), players, [Answers(), Answers(), Answers(die=("1vp",))])
    black = next(e for e in events if e["type"] == "black" and e["seat"] == 1)
    assert black["black"] == 3
    assert black["rivals"] == [{"seat": 0, "black": 1}, {"seat": 2, "black": 2}]
    assert black["gain"] == {"droplet": 1, "rubies": 1}


def test_qk12_three_players_equal_to_a_neighbour_is_not_more():
    players = [player("K1@2"), player("K1@2"), player("K1@2")]
    tallies = run(setup(), players, [Answers(die=("1vp",))] * 3)
    assert [t.droplet for t in tallies] == [0, 0, 0]


# --- QK-12: B, green ----------------------------------------------------------------------


@pytest.mark.parametrize(("chips", "rubies"), [
    ("O1@1 G1@3 G2@6", 2),  # both of the last two chips are green
    ("G1@1 O1@3", 1),  # next-to-last
    ("G4@4 O1@5 W1@6", 0),  # third from last does not count
    ("G2@2", 1),  # a one-chip pot: its only chip is the last
])
def test_qk12_green_set_1_one_ruby_per_green_among_the_last_two_chips(chips, rubies):
    """Seat 1 (exploded, space 9 ruby, chooses VP) is the quiet rival; seat 0's spaces show no ruby."""
    t = run(setup(green=1), [player(chips), player(QUIET, exploded=True)],
            [Answers(die=("1vp",)), VP])[0]
    assert t.rubies == rubies


def test_qk12_green_set_3_whites_exactly_7_move_the_last_chip_by_all_green_values():
    """Whites 3+2+2 = 7, greens 2+1 = 3: the last chip goes 10 -> 13, scoring space 14
    (14 coins, 3 VP) instead of 11 (11 coins, 2 VP)."""
    t = run(setup(green=3), [player("W3@3 G2@5 W2@7 G1@8 W2@10"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",)), VP])[0]
    assert (t.chips[-1].space, t.scoring_space, t.vp, t.coins) == (13, 14, 1 + 3, 14)
    assert [(c.chip, c.space) for c in t.chips] == [("W3", 3), ("G2", 5), ("W2", 7), ("G1", 8), ("W2", 13)]


def test_qk12_green_set_3_does_nothing_unless_whites_total_exactly_7():
    t = run(setup(green=3), [player("W3@3 G2@5 W2@7 G1@8 W1@10"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",)), VP])[0]
    assert t.scoring_space == 11


def test_qk12_green_set_3_stops_at_the_last_space_and_scores_the_spoon():
    t = run(setup(green=3), [player("W3@3 W2@5 W2@7 G4@49 O1@50"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",)), VP])[0]
    assert (t.chips[-1].space, t.scoring_space, t.vp) == (52, 53, 1 + 15)


def test_qk12_green_set_3_new_space_counts_in_step_c():
    """Whites 7, one green 1: the last chip goes 11 -> 12, so C reads space 13 (a ruby)
    instead of 12 (none). Green set 3 itself gives no ruby."""
    t = run(setup(green=3), [player("W3@3 W2@5 W2@7 G1@9 O1@11"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",)), VP])[0]
    assert (t.scoring_space, t.rubies) == (13, 1)


# --- QK-12: B, purple ----------------------------------------------------------------------


@pytest.mark.parametrize(("chips", "vp", "rubies", "droplet"), [
    ("O1@1", 1, 0, 0),  # no purple: the die's 1 VP only (space 2: 0 VP)
    ("P1@1", 1 + 1, 0, 0),  # 1 purple: 1 VP
    ("P1@1 P1@2", 1 + 1, 1, 0),  # 2 purples: 1 VP + 1 ruby (space 3)
    ("P1@1 P1@2 P1@3", 1 + 2, 0, 1),  # 3 purples: 2 VP + droplet (space 4)
    ("P1@1 P1@2 P1@3 P1@4", 1 + 2, 1, 1),  # 4 purples: the same tier; space 5 adds a ruby
])
def test_qk12_purple_set_1_takes_the_highest_tier(chips, vp, rubies, droplet):
    """Purple 1: 1 -> 1 VP; 2 -> 1 VP + 1 ruby; 3 or more -> 2 VP + droplet. Seat 1 holds a
    black chip, so seat 0's black gives nothing; seat 0 rolls 1 VP."""
    players = [player(chips), player("K1@1", exploded=True)]
    t = run(setup(purple=1), players, [Answers(die=("1vp",)), VP])[0]
    assert (t.vp, t.rubies, t.droplet) == (vp, rubies, droplet)


@pytest.mark.parametrize(("space", "vp"), [
    (5, 0 + 1),  # 5 coins -> 0; scoring space 7: 1 VP
    (12, 1 + 3),  # 12 coins -> 1; space 14: 3 VP
    (25, 2 + 6),  # 20 coins -> 2; space 27: 6 VP
    (33, 2 + 9),  # printed 24 -> 2, although the index is 33 (QK-17); space 35: 9 VP
    (45, 3 + 12),  # 30 coins -> 3; space 47: 12 VP
    (52, 3 + 15),  # 33 coins -> 3 (at most 3); the spoon: 15 VP
])
def test_qk17_purple_set_3_scores_the_tens_of_the_printed_coin_number(space, vp):
    """Purple 3 / QK-17: seat 0 (exploded, takes VP) has one purple on `space` and a chip
    right after it; its VP = the purple's + the scoring space's."""
    chips = f"P1@{space}" if space == 52 else f"P1@{space} O1@{space + 1}"
    players = [player(chips, exploded=True), player(QUIET, exploded=True)]
    assert run(setup(purple=3), players, [VP, VP])[0].vp == vp


def test_qk12_purple_set_3_counts_the_chip_green_set_3_moved():
    """Whites 7, one green 4: the last chip, a purple on 24 (19 coins: 1 VP), moves to 28
    (21 coins: 2 VP); scoring space 29 (7 VP)."""
    players = [player("W3@3 W2@5 W2@7 G4@11 P1@24"), player(QUIET, exploded=True)]
    t = run(setup(green=3, purple=3), players, [Answers(die=("1vp",)), VP])[0]
    assert (t.scoring_space, t.vp) == (29, 1 + 2 + 7)


# --- QK-13: C ---------------------------------------------------------------------------


def test_qk13_a_ruby_space_gives_a_ruby_exploded_or_not():
    players = [player("O1@8"), player(QUIET, exploded=True)]  # spaces 9 and 9
    tallies = run(setup(), players, [Answers(die=("1vp",)), VP])
    assert [t.rubies for t in tallies] == [1, 1]


def test_qk13_no_ruby_on_a_plain_space():
    tallies = run(setup(), [player("O1@9"), player("W3@3 W3@6 W2@9", exploded=True)],
                  [Answers(die=("1vp",)), VP])
    assert [t.rubies for t in tallies] == [0, 0]


# --- QK-14: D and E ---------------------------------------------------------------------


def test_qk14_a_standing_player_scores_the_vp_and_the_coins():
    """Space 14: 3 VP, 14 coins; G2 (8) + O1 (3) = 11 <= 14."""
    t = run(setup(), [player("O1@13"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",), buy=("G2", "O1")), VP])[0]
    assert (t.vp, t.coins, t.gained) == (1 + 3, 14, ("G2", "O1"))


def test_qk14_an_exploded_player_choosing_vp_gets_no_coins():
    t = run(setup(), [player("O1@2"), player("W3@3 W3@6 W2@13", exploded=True)],
            [Answers(die=("1vp",)), VP])[1]
    assert (t.vp, t.coins, t.gained) == (3, 0, ())


def test_qk14_an_exploded_player_choosing_buy_gets_coins_but_no_vp():
    t = run(setup(), [player("O1@2"), player("W3@3 W3@6 W2@13", exploded=True)],
            [Answers(die=("1vp",)), Answers(choice="buy", buy=("B2",))])[1]
    assert (t.vp, t.coins, t.gained) == (0, 14, ("B2",))


@pytest.mark.parametrize(("answers", "message"), [
    (Answers(), "choice_missing"),
    (Answers(choice="vp", buy=()), "buy_after_vp"),
])
def test_qk14_an_exploded_player_chooses_and_a_vp_choice_buys_nothing(answers, message):
    error = refusal(setup(), [player("O1@2"), player(QUIET, exploded=True)],
                    [Answers(die=("1vp",)), answers])
    assert (error.rule, error.message_id, error.params["seat"]) == ("QK-14", f"quacks.eval.{message}", 1)


def test_qk14_a_player_who_did_not_explode_has_no_choice_to_make():
    error = refusal(setup(), [player("O1@2"), player(QUIET, exploded=True)],
                    [Answers(die=("1vp",), choice="buy"), VP])
    assert (error.rule, error.message_id) == ("QK-14", "quacks.eval.choice_not_exploded")


@pytest.mark.parametrize(("buy", "message"), [
    (("G1", "O1", "K1"), "buy_too_many"),
    (("G1", "G2"), "buy_same_colour"),
    (("W1",), "buy_white"),
    (("K1", "G4"), "buy_coins"),  # 10 + 14 = 24 > 14
])
def test_qk14_purchases_are_refused(buy, message):
    error = refusal(setup(), [player("O1@13"), player(QUIET, exploded=True)],
                    [Answers(die=("1vp",), buy=buy), VP])
    assert (error.rule, error.message_id) == ("QK-14", f"quacks.eval.{message}")


def test_qk14_spending_exactly_all_coins_is_allowed():
    """Space 14: 14 coins = green 4 at set 1 (14)."""
    t = run(setup(), [player("O1@13"), player(QUIET, exploded=True)], [Answers(die=("1vp",), buy=("G4",)), VP])[0]
    assert t.gained == ("G4",)


def test_qk14_prices_follow_the_chosen_book_set():
    """Green set 3 sells a green 4 for 21: space 29 has 22 coins (enough), space 27 has 21,
    space 26 has 20 (not enough)."""
    for last, ok in ((28, True), (26, True), (25, False)):
        players = [player(f"O1@{last}"), player(QUIET, exploded=True)]
        answers = [Answers(die=("1vp",), buy=("G4",)), VP]
        if ok:
            assert run(setup(green=3), players, answers)[0].gained == ("G4",)
        else:
            assert refusal(setup(green=3), players, answers).message_id == "quacks.eval.buy_coins"


def test_qk14_orange_costs_3_and_black_10_whatever_the_sets():
    """Space 14 (14 coins): orange 3 + black 10 = 13 with red set 3 and green set 3 chosen."""
    t = run(setup(red=3, green=3), [player("O1@13"), player(QUIET, exploded=True)],
            [Answers(die=("1vp",), buy=("O1", "K1")), VP])[0]
    assert t.gained == ("O1", "K1")


def test_qk14_the_box_serves_buyers_in_turn_from_the_start_player():
    """One green 1 left: with seat 1 starting, seat 1 gets it and seat 0 is refused."""
    players = [player("O1@13"), player("O1@12")]
    answers = [Answers(die=("1vp",), buy=("G1",)), Answers(buy=("G1",))]
    error = refusal(setup(start=1, supply={"G1": 1}), players, answers)
    assert (error.rule, error.message_id, error.params["seat"]) == ("QK-14", "quacks.eval.buy_sold_out", 0)
    ev, _ = evaluate_round(setup(start=0, supply={"G1": 2}), players, answers)
    assert ev.supply["G1"] == 0 and ev.tallies[1].gained == ("G1",)


def test_qk14_a_code_the_supply_does_not_name_is_unlimited():
    ev, _ = evaluate_round(setup(supply={"G1": 0}), [player("O1@13"), player(QUIET, exploded=True)],
                           [Answers(die=("1vp",), buy=("B1",)), VP])
    assert ev.tallies[0].gained == ("B1",) and "B1" not in ev.supply


# --- QK-1: the books' timing for purchases ----------------------------------------------------


@pytest.mark.parametrize(("round_", "code", "ok"), [
    (1, "Y1", False), (2, "Y1", True),
    (2, "P1", False), (3, "P1", True),
    (1, "G1", True), (1, "B1", True), (1, "R1", True), (1, "O1", True), (1, "K1", True),
])
def test_qk1_chips_are_sold_only_from_books_that_are_out(round_, code, ok):
    players = [player("O1@13"), player(QUIET, exploded=True)]
    answers = [Answers(die=("1vp",), buy=(code,)), VP]
    if ok:
        assert run(setup(round_), players, answers)[0].gained == (code,)
    else:
        error = refusal(setup(round_), players, answers)
        assert (error.rule, error.message_id) == ("QK-1", "quacks.eval.buy_not_out")


def test_qk1_and_qk14_each_chip_is_checked_in_list_order():
    players = [player("O1@13"), player(QUIET, exploded=True)]
    first_yellow = refusal(setup(1), players, [Answers(die=("1vp",), buy=("Y1", "W1")), VP])
    first_white = refusal(setup(1), players, [Answers(die=("1vp",), buy=("W1", "Y1")), VP])
    assert (first_yellow.rule, first_white.rule) == ("QK-1", "QK-14")


# --- QK-15: F -------------------------------------------------------------------------------


def test_qk15_two_rubies_a_droplet_step_and_two_a_refill():
    """Seat 0: 5 rubies (+ nothing at space 12), empty flask: 1 step + refill = 4 rubies."""
    t = run(setup(), [player("K1@11", rubies=5, flask=False), player(QUIET, exploded=True)],
            [Answers(die=("2vp",), spend=(1, True)), VP])[0]
    # black: 1 > 0 -> droplet +1 and a ruby; then F: 6 - 4 = 2 rubies, droplet 1 + 1
    assert (t.rubies, t.droplet, t.flask) == (2, 2, True)


@pytest.mark.parametrize(("start", "rubies", "flask", "spend", "message"), [
    (0, 9, True, (0, True), "spend_flask_full"),
    (0, 2, False, (1, True), "spend_rubies"),  # costs 4, holds 2 + 1
    (51, 9, True, (2, False), "spend_droplet"),  # 51 + 2 > 52
])
def test_qk15_spending_is_refused(start, rubies, flask, spend, message):
    players = [player("K1@1 K1@2", droplet=start, rubies=rubies, flask=flask), player("O1@3 K1@4")]
    # seat 0 (2 black) beats seat 1 (1): droplet +1 (51 -> 52 in the third case) and a ruby
    error = refusal(setup(), players, [Answers(spend=spend), Answers(die=("1vp",))])
    assert (error.rule, error.message_id) == ("QK-15", f"quacks.eval.{message}")


def test_qk15_the_droplet_may_be_bought_up_to_space_52():
    players = [player("K1@1 K1@2", droplet=49, rubies=5), player("O1@3 K1@4")]
    t = run(setup(), players, [Answers(spend=(2, False)), Answers(die=("1vp",))])[0]
    assert (t.droplet, t.rubies) == (52, 2)  # 49 + 1 (black) + 2; 5 + 1 (black) - 4


@pytest.mark.parametrize(("players", "start", "next_start"), [(2, 0, 1), (2, 1, 0), (4, 3, 0), (3, 1, 2)])
def test_qk15_the_next_player_clockwise_starts(players, start, next_start):
    table = setup(start=start)
    pots = [player(f"O1@{i + 1}") for i in range(players)]
    answers = [Answers(die=("1vp",)) if i == players - 1 else Answers() for i in range(players)]
    ev, events = evaluate_round(table, pots, answers)
    assert ev.next_start == next_start
    assert events[-1] == {"type": "next_start", "step": "end", "rule": "QK-15", "start": next_start}


# --- QK-16: round 9 -------------------------------------------------------------------------


def test_qk16_round_9_coins_and_rubies_become_victory_points():
    """Die 1 VP; space 21: 4 VP and 18 coins -> 3 VP; rubies 4 + black's 1 = 5 -> 2 VP, 1 left."""
    players = [player("K1@20", rubies=4), player(QUIET, exploded=True)]
    t = run(setup(9), players, [Answers(die=("1vp",)), VP])[0]
    assert (t.vp, t.rubies, t.coins) == (1 + 4 + 3 + 2, 1, 18)


def test_qk16_round_9_an_exploded_player_still_chooses_and_buying_turns_coins_into_vp():
    """Exploded on space 21: "vp" gives 4 VP; "buy" gives 18 // 5 = 3 VP and reports 18 coins."""
    pots = [player("O1@2"), player("W3@3 W3@6 W2@20", exploded=True)]
    as_vp = run(setup(9), pots, [Answers(die=("1vp",)), VP])[1]
    as_buy = run(setup(9), pots, [Answers(die=("1vp",)), Answers(choice="buy")])[1]
    # seat 1 also gets 1 VP per 2 rubies: 0 rubies held, space 21 has none, black 0 vs 0: none
    assert (as_vp.vp, as_vp.coins) == (4, 0)
    assert (as_buy.vp, as_buy.coins) == (3, 18)


@pytest.mark.parametrize(("answers", "message"), [
    (Answers(die=("1vp",), buy=()), "buy_round9"),
    (Answers(die=("1vp",), spend=(0, False)), "spend_round9"),
])
def test_qk16_no_buying_and_no_ruby_spending_in_round_9(answers, message):
    error = refusal(setup(9), [player("O1@13"), player(QUIET, exploded=True)], [answers, VP])
    assert (error.rule, error.message_id) == ("QK-16", f"quacks.eval.{message}")


def test_qk16_most_vp_wins():
    ev, events = evaluate_round(setup(9), [player("O1@2", vp=30), player("O1@13", vp=20)],
                                [Answers(), Answers(die=("1vp",))])
    assert ev.winners == (0,)
    assert {"type": "winners", "step": "end", "rule": "QK-16", "seats": [0]} in events


def test_qk16_a_tie_goes_to_the_furthest_round_9_scoring_space():
    """Seat 0: 20 + die 1 + space 6's 1 VP + 6 coins // 5 = 23, at space 6.
    Seat 1: 23 + space 3's 0 VP + 3 coins // 5 = 23, at space 3. Seat 0 is further."""
    ev, _ = evaluate_round(setup(9), [player("O1@5", vp=20), player("O1@2", vp=23)],
                           [Answers(die=("1vp",)), Answers()])
    assert [t.vp for t in ev.tallies] == [23, 23]
    assert ev.winners == (0,)


def test_qk16_a_full_tie_is_shared():
    ev, _ = evaluate_round(setup(9), [player("O1@5", vp=20), player("O1@5", vp=20)],
                           [Answers(die=("ruby",)), Answers(die=("ruby",))])
    # each: 20 + 1 (space 6) + 1 (6 coins); the die's 1 ruby buys no VP
    assert [t.vp for t in ev.tallies] == [22, 22]
    assert ev.winners == (0, 1)


def test_qk16_the_tie_break_uses_the_space_green_set_3_reached():
    """Seat 0 scores at 11 before B, at 14 after green 3 (so seat 1, at 13, rolls).
    Seat 0: 10 + 3 VP (space 14) + 14 // 5 = 15. Seat 1: 10 + 1 (die) + 2 VP (space 13)
    + 13 // 5 = 15 (its one ruby from space 13 buys nothing). Seat 0 is further."""
    players = [player("W3@3 G2@5 W2@7 G1@8 W2@10", vp=10), player("O1@12", vp=10)]
    ev, _ = evaluate_round(setup(9, green=3), players, [Answers(), Answers(die=("1vp",))])
    assert [t.vp for t in ev.tallies] == [15, 15]
    assert ev.winners == (0,)


# --- fortune-card hooks of the evaluation (Extras, QK-4) --------------------------------------


def test_extras_lucky_devil_and_shining_bright_act_on_a_ruby_space_exploded_or_not():
    extras = Extras(ruby_space_vp=2, ruby_space_rubies=1)
    tallies = run(setup(extras=extras), [player("O1@3"), player(QUIET, exploded=True)],
                  [Answers(die=("1vp",)), VP])
    # seat 0: space 4, no ruby; seat 1: space 9 (ruby): 2 + 1 rubies, 2 + 1 VP
    assert [(t.vp, t.rubies) for t in tallies] == [(1, 0), (3, 2)]


def test_extras_the_pot_is_full_rolls_the_die_twice():
    tallies = run(setup(extras=Extras(die_rolls=2)), [player("O1@3"), player(QUIET, exploded=True)],
                  [Answers(die=("2vp", "ruby")), VP])
    assert (tallies[0].vp, tallies[0].rubies) == (2, 1)


def test_extras_magic_potion_refills_before_spending_and_seasoned_perfectly_moves():
    extras = Extras(free_refill=True, whites_seven_droplet=1)
    players = [player("W3@1 W2@3 W2@5 O1@7", flask=False), player(QUIET, exploded=True)]
    t, other = run(setup(extras=extras), players, [Answers(die=("1vp",)), VP])
    assert (t.flask, t.droplet) == (True, 1 + 1)  # black 0 vs 0, then whites exactly 7
    assert (other.flask, other.droplet) == (True, 1)  # whites 8: black's step only
    error = refusal(setup(extras=extras), players, [Answers(die=("1vp",), spend=(0, True)), VP])
    assert error.message_id == "quacks.eval.spend_flask_full"


def test_blue_set_2_protection_takes_vp_and_coins_without_a_choice_or_the_die():
    from companion.quacks.evaluation_types import PlayerIn
    from tests.quacks.test_eval_support import pot
    protected = PlayerIn(pot("W3@3 W3@6 W2@13"), exploded=True, protected=True)
    tallies = run(setup(), [player("O1@2"), protected], [Answers(die=("1vp",)), Answers(buy=("G1",))])
    t = tallies[1]
    assert (t.rolled, t.vp, t.coins, t.gained) == (False, 3, 14, ("G1",))


def test_spend_answer_type_is_the_protocol_pair():
    assert SpendRubies(0, 1, True).to_json() == {"kind": "spend", "seat": 0, "droplet": 1, "flask": True}
