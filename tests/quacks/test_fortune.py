"""Every fortune teller card the engine applies, one test each (QK-4): what it does, the
choices it asks of each player (start player first), and what it refuses. Three players,
book sets 1, the box after the starting bags (3 players): W1 8, W2 2, W3 1, O1 17, G1 12,
G2 10, B1 14, B2 10, R2 8, K1 18, P1 15, Y4 10."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.quacks import GAME
from companion.quacks import match_fortune as fortune
from companion.quacks.data import FORTUNE_CARDS
from companion.quacks.evaluation_types import Supply
from companion.quacks.match import play, to_move
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import DrawStep, brewing_actions, draw_step, question, questions
from tests.quacks.test_match_support import (
    START_BAG,
    bag,
    card,
    draws,
    events_of,
    go,
    new,
    stop_all,
    with_seats,
)


def refused(state: MatchState, action: dict, error: type = IllegalMove) -> str | None:
    with pytest.raises(error) as caught:
        play(state, action)
    return caught.value.rule


def in_round(round_: int, **fields) -> MatchState:
    return with_seats(replace(new(3), round=round_), **fields) if fields else replace(new(3), round=round_)


def test_every_card_effect_is_applied_by_the_engine():
    """QK-4: no card is left as a reminder only; each effect has its moment."""
    handled = {*fortune.AT_ONCE, *fortune.WITH_RATS, *fortune.AT_CLOSE, "droplet_1", "fewest_rubies_ruby",
               "fewest_vp_green1", "double_rats", "white_limit_9", "orange_moves_1_more", "first_white_back",
               "restart_after_5", "die_rolls_twice", "ruby_space_2vp", "ruby_space_extra_ruby",
               "whites_exactly_7_droplet", "refill_flasks_end"}
    assert {c.effect for c in FORTUNE_CARDS} == handled and len(FORTUNE_CARDS) == 24


# --- purple cards, at once ----------------------------------------------------------------


def test_choose_wisely_asks_each_player_once_purple_is_out():
    """Round 3: purple is out; seat 0 and seat 2 take a purple 1, seat 1 moves its droplet 2."""
    state = card(in_round(3), "choose_wisely")
    assert (state.phase, to_move(state)) == ("fortune", 0)
    with pytest.raises(IllegalMove) as caught:
        play(state, {"seat": 1, "take": "droplet"})  # seat 0 answers first
    assert caught.value.rule == "QK-4" and caught.value.params == {"seat": 1, "waiting_seat": 0}
    assert refused(state, {"seat": 0, "card": "charity"}) == "QK-4"  # one card a round
    assert refused(state, {"seat": 0, "take": "K1"}) == "QK-4"
    state = go(state, {"seat": 0, "take": "P1"}, {"seat": 1, "take": "droplet"}, {"seat": 2, "take": "P1"})
    assert state.phase == "brewing"
    assert [p.bag for p in state.players] == [START_BAG.add("P1"), START_BAG, START_BAG.add("P1")]
    assert [p.pot.start for p in state.players] == [0, 2, 0] and state.supply["P1"] == 15 - 2


def test_choose_wisely_before_purple_is_out_only_moves_the_droplet():
    """QK-4: a purple chip is granted only once its book is out (round 3): in round 1 the
    droplet is the only choice, taken at once by everyone."""
    state, events = events_of(new(3), {"seat": 0, "card": "choose_wisely"})
    assert state.phase == "brewing" and [p.droplet for p in state.players] == [2, 2, 2]
    assert sum(1 for e in events if e["type"] == "card_answer" and e.get("automatic")) == 3


def test_the_pot_is_filling_up_moves_every_droplet_one_space_to_52_at_most():
    state = card(with_seats(new(3), droplet=(0, 5, 52)), "pot_filling_up")
    assert [p.droplet for p in state.players] == [1, 6, 52]
    assert [p.pot.start for p in state.players] == [1, 6, 52]


def test_charity_gives_a_ruby_to_every_player_with_the_fewest():
    state = card(with_seats(new(3), rubies=(2, 1, 1)), "charity")
    assert [p.rubies for p in state.players] == [2, 2, 2]
    assert [(p.vp, p.droplet, p.bag) for p in state.players] == [(0, 0, START_BAG)] * 3  # nothing else


def test_less_is_more_the_lowest_draw_takes_a_blue_2_the_others_a_ruby():
    """Totals: seat 0 W1 W1 W1 W1 O1 = 5, seat 1 W3 W2 W2 W1 W1 = 9, seat 2 W1 W1 W1 W1 G1 = 5:
    seats 0 and 2 take a blue 2, seat 1 a ruby; the chips drawn go back into the bags."""
    state = card(new(3), "less_is_more")
    assert question(state).info == {"count": 5, "exact": True, "then": None}
    assert refused(state, {"seat": 0, "drawn": ["W1", "W1", "W1", "W1"]}) == "QK-4"  # five are drawn
    assert refused(state, {"seat": 0, "drawn": ["W1", "W1", "W1", "W1", "R1"]}) == "QK-4"  # not in the bag
    refused(state, {"seat": 0, "drawn": ["W1", "W1", "W1", "W1", "O1"], "upgrade": "O1"}, BadRequest)
    state = go(state, {"seat": 0, "drawn": ["W1", "W1", "W1", "W1", "O1"]},
               {"seat": 1, "drawn": ["W3", "W2", "W2", "W1", "W1"]})
    assert state.players[0].bag == START_BAG  # nothing is given before everyone has drawn
    state = go(state, {"seat": 2, "drawn": ["W1", "W1", "W1", "W1", "G1"]})
    assert [p.bag for p in state.players] == [START_BAG.add("B2"), START_BAG, START_BAG.add("B2")]
    assert [p.rubies for p in state.players] == [1, 2, 1] and state.supply["B2"] == 10 - 2
    assert state.phase == "brewing" and state.drawn == ()


def test_you_only_get_to_choose_one_a_black_a_2_chip_or_3_rubies():
    state = card(new(3), "choose_one")
    assert question(state).answers == tuple({"seat": 0, "take": t} for t in ("rubies", "K1", "G2", "B2", "R2"))
    assert refused(state, {"seat": 0, "take": "Y2"}) == "QK-4"  # yellow is out from round 2
    state = go(state, {"seat": 0, "take": "K1"}, {"seat": 1, "take": "rubies"}, {"seat": 2, "take": "R2"})
    assert [p.bag for p in state.players] == [START_BAG.add("K1"), START_BAG, START_BAG.add("R2")]
    assert [p.rubies for p in state.players] == [1, 4, 1]


def test_wheel_and_deal_a_ruby_for_a_1_chip_and_nothing_asked_without_a_ruby():
    state = card(with_seats(new(3), rubies=(1, 1, 0)), "wheel_and_deal")
    assert refused(state, {"seat": 0, "take": "P1"}) == "QK-4"
    assert refused(state, {"seat": 0, "take": "K1"}) == "QK-4"
    state = go(state, {"seat": 0, "take": "B1"})
    assert to_move(state) == 1
    state = go(state, {"seat": 1, "take": None})  # seat 2 has no ruby: not asked
    assert state.phase == "brewing"
    assert [p.rubies for p in state.players] == [0, 1, 0]
    assert [p.bag for p in state.players] == [START_BAG.add("B1"), START_BAG, START_BAG]


def test_a_good_start_gives_up_rat_tails_for_rubies():
    """Round 2, VP 10/3/0: rats 0/2/3 (QK-5). The leader has none to give up and is not
    asked; seat 1 gives up 2 (at most its 2), seat 2 gives up 1 of its 3."""
    state = card(in_round(2, vp=(10, 3, 0)), "good_start")
    assert state.phase == "rats" and to_move(state) == 1
    assert refused(state, {"seat": 1, "give_up": 3}) == "QK-4"
    state = go(state, {"seat": 1, "give_up": 2})
    assert question(state).answers == tuple({"seat": 2, "give_up": n} for n in range(4))
    state = go(state, {"seat": 2, "give_up": 1})
    assert [p.rats for p in state.players] == [0, 0, 2]
    assert [p.rubies for p in state.players] == [1, 3, 2]
    assert [p.pot.start for p in state.players] == [0, 0, 2]


def test_a_good_start_gives_up_at_most_3_tails():
    """Round 2, VP 12/0: seat 1 has the tails 1, 4, 7, 10: 4 rats, of which it gives up 3 at most."""
    state = card(with_seats(replace(new(2), round=2), vp=(12, 0)), "good_start")
    assert state.players[1].rats == 4
    assert question(state).answers == tuple({"seat": 1, "give_up": n} for n in range(4))
    assert refused(state, {"seat": 1, "give_up": 4}) == "QK-4"


def test_roll_the_die_every_player_rolls_once():
    state = card(new(3), "roll_the_die")
    assert GAME.engine.roll(state, random.Random(5))["seat"] == 0
    assert refused(state, {"seat": 1, "die": "2vp"}) == "QK-4"
    state = go(state, {"seat": 0, "die": "2vp"}, {"seat": 1, "die": "orange"}, {"seat": 2, "die": "droplet"})
    assert [p.vp for p in state.players] == [2, 0, 0]
    assert state.players[1].bag == START_BAG.add("O1") and state.supply["O1"] == 17 - 1
    assert [p.droplet for p in state.players] == [0, 0, 1]
    assert state.phase == "brewing"


def test_roll_the_die_faces_1vp_and_ruby():
    state = card(new(3), "roll_the_die")
    state = go(state, {"seat": 0, "die": "1vp"}, {"seat": 1, "die": "ruby"}, {"seat": 2, "die": "1vp"})
    assert [(p.vp, p.rubies, p.droplet) for p in state.players] == [(1, 1, 0), (0, 2, 0), (1, 1, 0)]
    refused(card(new(3), "roll_the_die"), {"seat": 0, "die": "six"}, BadRequest)


def test_card_9_an_opportunistic_moment_trades_one_drawn_chip_up_or_gives_a_green_1():
    """Seat 0 trades its G1 for a G2 (the G1 goes back to the box; its whites are not
    tradeable); seat 1 draws W1 W2 W3 O1: white chips are not traded and an orange has no
    higher chip, so it takes a green 1; seat 2 draws W3 O1 O1 O1: a green 1 too."""
    state = with_seats(new(3), bag=(START_BAG, START_BAG, bag("W3 O1 O1 O1 W1")))
    state = card(state, "opportunistic_moment")
    assert question(state).info == {"count": 4, "exact": True, "then": "upgrade"}
    assert refused(state, {"seat": 0, "drawn": ["W1", "W1", "O1"]}) == "QK-4"
    with pytest.raises(IllegalMove) as caught:
        play(state, {"seat": 0, "drawn": ["W1", "W1", "O1", "G1"], "upgrade": "O1"})
    assert caught.value.rule == "QK-4" and caught.value.params["options"] == "G1"
    assert refused(state, {"seat": 0, "drawn": ["W1", "W1", "O1", "G1"], "upgrade": "W1"}) == "QK-4"
    state = go(state, {"seat": 0, "drawn": ["W1", "W1", "O1", "G1"], "upgrade": "G1"})
    assert state.players[0].bag == START_BAG.remove("G1").add("G2")
    assert (state.supply["G2"], state.supply["G1"]) == (10 - 1, 12 + 1)
    assert refused(state, {"seat": 1, "drawn": ["W1", "W2", "W3", "O1"], "upgrade": "W2"}) == "QK-4"
    state = go(state, {"seat": 1, "drawn": ["W1", "W2", "W3", "O1"], "upgrade": None})
    assert state.players[1].bag == START_BAG.add("G1")
    with pytest.raises(IllegalMove) as caught:
        play(state, {"seat": 2, "drawn": ["W3", "O1", "O1", "O1"], "upgrade": "W3"})
    assert caught.value.rule == "QK-4" and caught.value.params["options"] == "-"
    state = go(state, {"seat": 2, "drawn": ["W3", "O1", "O1", "O1"]})
    assert state.players[2].bag == bag("W3 O1 O1 O1 W1 G1") and state.supply["G1"] == 13 - 2


def test_an_opportunistic_moment_trades_for_the_next_higher_chip_of_the_colour():
    assert [fortune.higher(c) for c in ("W1", "W2", "W3", "G1", "G2", "G4", "Y2", "O1", "P1", "K1")] == [
        None, None, None, "G2", "G4", None, "Y4", None, None, None]


def test_beginners_bonus_a_green_1_for_every_player_with_the_fewest_vp():
    state = card(with_seats(new(3), vp=(3, 1, 1)), "beginners_bonus")
    assert [p.bag for p in state.players] == [START_BAG, START_BAG.add("G1"), START_BAG.add("G1")]
    assert state.supply["G1"] == 12 - 2


def test_rat_infestation_doubles_the_rats():
    """VP 10/3/0 give rats 0/2/3 (QK-5); doubled 0/4/6."""
    state = card(in_round(2, vp=(10, 3, 0)), "rat_infestation")
    assert [p.rats for p in state.players] == [0, 4, 6]


def test_just_in_time_4_vp_or_a_white_1_out_of_the_bag_before_the_rats():
    """Round 2, VP 0/3/0. Seat 0 takes 4 VP and leads with 4; the rats come after the card:
    seat 1 (3) has no tail in 3..3, seat 2 (0) the tail after 1: rats 0/0/1 (before the card
    they would have been 1/0/1). Seats 1 and 2 put a white 1 back in the box."""
    state = card(in_round(2, vp=(0, 3, 0)), "just_in_time")
    state = go(state, {"seat": 0, "take": "vp"}, {"seat": 1, "take": "remove_W1"}, {"seat": 2, "take": "remove_W1"})
    assert [p.vp for p in state.players] == [4, 3, 0]
    assert [p.rats for p in state.players] == [0, 0, 1]
    assert [p.bag for p in state.players] == [START_BAG, START_BAG.remove("W1"), START_BAG.remove("W1")]
    assert state.supply["W1"] == 8 + 2


def test_rats_are_your_friends_a_4_chip_or_a_vp_per_rat_tail():
    """Round 3, VP 10/3/0: rats 0/2/3. Seat 0 takes a yellow 4 (yellow is out), seats 1 and 2
    one VP per rat: 3 + 2 = 5 and 0 + 3 = 3; the rats stay as they were counted."""
    state = card(in_round(3, vp=(10, 3, 0)), "rats_friends")
    assert state.phase == "rats"
    assert refused(state, {"seat": 0, "take": "K1"}) == "QK-4"
    state = go(state, {"seat": 0, "take": "Y4"}, {"seat": 1, "take": "vp"}, {"seat": 2, "take": "vp"})
    assert [p.vp for p in state.players] == [10, 5, 3]
    assert [p.rats for p in state.players] == [0, 2, 3]
    assert state.players[0].bag == START_BAG.add("Y4") and state.supply["Y4"] == 10 - 1


# --- blue cards: brewing ------------------------------------------------------------------


def test_living_in_luxury_raises_the_white_limit_to_9():
    state = card(new(3), "living_in_luxury")
    state = draws(state, 0, "W3 W2 W2 W1 W1")  # 9: not over 9
    assert not state.players[0].pot.exploded and state.players[0].pot.white_limit == 9
    state = draws(state, 0, "W1")  # 10
    assert state.players[0].pot.exploded


def test_pumpkin_patch_party_moves_every_orange_one_space_more():
    state = draws(card(new(3), "pumpkin_patch"), 0, "O1 W1")
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("O1", 2), ("W1", 3)]


def test_well_stirred_the_first_white_drawn_may_go_back_once():
    assert refused(card(new(3), "charity"), {"seat": 0, "stir": True}, IllegalMove) == "QK-4"
    state = card(new(3), "well_stirred")
    state = go(draws(state, 0, "W3"), {"seat": 0, "stir": True})
    assert state.players[0].pot.chips == () and state.players[0].pot.flask_full
    assert state.players[0].bag == START_BAG
    assert refused(draws(state, 0, "W2"), {"seat": 0, "stir": True}) == "QK-4"  # spent
    state = go(draws(state, 1, "O1 W1"), {"seat": 1, "stir": True})  # its first white, after an orange
    assert [p.chip for p in state.players[1].pot.chips] == ["O1"]
    assert refused(draws(state, 2, "W1 W2"), {"seat": 2, "stir": True}) == "QK-4"  # W2 is its second


def test_a_second_chance_after_5_chips_once_and_after_an_early_explosion():
    assert refused(draws(card(new(3), "charity"), 0, "O1 G1 W1 W1 W2"), {"seat": 0, "restart": True}) == "QK-4"
    state = card(new(3), "second_chance")
    state = draws(state, 0, "O1 G1 W1 W1 W2")
    assert {"seat": 0, "restart": True} in brewing_actions(state, 0)
    state = go(state, {"seat": 0, "restart": True})
    assert state.players[0].pot.chips == () and state.players[0].bag == START_BAG
    assert refused(draws(state, 0, "O1 G1 W1 W1 W2"), {"seat": 0, "restart": True}) == "QK-4"  # once
    state = draws(state, 1, "O1 G1 W1 W1")
    assert refused(state, {"seat": 1, "restart": True}) == "QK-4"  # 4 chips: not yet
    assert refused(draws(state, 1, "W1 W2"), {"seat": 1, "restart": True}) == "QK-4"  # 6: gone on
    back = go(draws(state, 1, "W1 W2"), {"seat": 1, "flask": True})  # 5 chips again, but it went on
    assert len(back.players[1].pot.chips) == 5
    assert refused(back, {"seat": 1, "restart": True}) == "QK-4"
    state = draws(state, 2, "W3 W2 W2 W1")  # exploded on its 4th chip: it may still begin again
    state = go(state, {"seat": 2, "restart": True})
    assert not state.players[2].pot.exploded and state.players[2].bag == START_BAG
    fifth = draws(state, 2, "O1 W3 W2 W1 W2")  # whites 3 + 2 + 1 + 2 = 8 on the 5th chip
    assert fifth.players[2].pot.exploded
    assert refused(fifth, {"seat": 2, "restart": True}) == "QK-4"  # its one restart is spent
    other = draws(card(new(3), "second_chance"), 0, "W3 W2 W1 W1 W2")  # 9 > 7 on the 5th chip
    assert other.players[0].pot.exploded and {"seat": 0, "restart": True} in brewing_actions(other, 0)


def test_card_21_a_second_chance_is_offered_when_the_exploding_pot_is_the_last_brewing():
    """Seats 1 and 2 have stopped; seat 0 explodes on its 4th chip: the round waits for seat
    0's choice instead of going on to the evaluation."""
    state = card(new(3), "second_chance")
    state = go(draws(state, 1, "O1"), {"seat": 1, "stop": True}, {"seat": 2, "stop": True})
    state = draws(state, 0, "W3 W2 W2 W1")
    assert state.players[0].pot.exploded and state.phase == "brewing" and not state.closing
    assert {"seat": 0, "restart": True} in brewing_actions(state, 0)
    state = go(state, {"seat": 0, "restart": True})
    assert state.phase == "brewing" and state.players[0].pot.chips == () and state.players[0].bag == START_BAG
    state = go(draws(state, 0, "O1"), {"seat": 0, "stop": True})
    assert state.phase == "evaluation"


def test_card_21_a_second_chance_waits_when_the_5th_chip_empties_the_bag():
    """The 5th chip is the bag's last: the pot stops by itself, and the choice is still
    asked; going on (`restart: false`) ends the round's brewing."""
    state = with_seats(new(2), bag=(bag("O1 G1 W1 W2 O1"), START_BAG))
    state = go(card(state, "second_chance"), {"seat": 1, "stop": True})
    state = draws(state, 0, "O1 G1 W1 W2 O1")
    assert state.players[0].pot.stopped and state.phase == "brewing"
    assert {"seat": 0, "restart": False} in brewing_actions(state, 0)
    state, events = events_of(state, {"seat": 0, "restart": False})
    assert events[0]["type"] == "go_on" and state.phase == "evaluation"


def test_card_21_a_player_who_stopped_is_not_offered_a_second_chance_later():
    state = card(new(3), "second_chance")
    state = go(draws(state, 0, "O1 G1 W1 W1 W2"), {"seat": 0, "stop": True})
    assert not any("restart" in a for a in brewing_actions(state, 0))
    assert refused(state, {"seat": 0, "restart": True}) == "QK-4"
    assert refused(state, {"seat": 0, "restart": False}) == "QK-4"


def test_card_21_a_restart_keeps_red_set_2_chips_from_an_earlier_round_beside_the_pot():
    """Red set 2: seat 0 kept an R2 last round. It placed that R2 after exploding, then starts
    over: the R2 lies beside the new pot again (it was never in the bag) and the bag holds
    exactly what it held when the round began."""
    state = with_seats(replace(new(2, red=2), round=2), kept=(("R2",), ()))
    state = go(card(state, "second_chance"), {"seat": 1, "stop": True})
    assert state.players[0].pot.beside == ("R2",)
    state = draws(state, 0, "W3 W2 W2 W1")
    state = go(state, {"seat": 0, "beside": "place"})
    assert [p.chip for p in state.players[0].pot.chips][-1] == "R2" and state.phase == "brewing"
    state = go(state, {"seat": 0, "restart": True})
    pot = state.players[0].pot
    assert (pot.chips, pot.beside, state.players[0].bag) == ((), ("R2",), START_BAG)


def test_card_21_a_restart_gives_back_the_flask_as_the_round_began():
    """The flask used in the abandoned attempt is full again: the whole brewing starts over."""
    state = card(new(2), "second_chance")
    state = go(draws(state, 0, "W1"), {"seat": 0, "flask": True})
    state = draws(state, 0, "O1 G1 W1 W1 W2")
    assert not state.players[0].pot.flask_full
    state, events = events_of(state, {"seat": 0, "restart": True})
    assert state.players[0].pot.flask_full and events[0]["flask"] is True
    emptied = with_seats(new(2), flask=(False, True))
    emptied = draws(card(emptied, "second_chance"), 0, "O1 G1 W1 W1 W2")
    assert not go(emptied, {"seat": 0, "restart": True}).players[0].pot.flask_full


def test_qk4_a_corrected_card_number_changes_what_the_card_does():
    """The table's printing says 10 for Living in Luxury, 2 rubies for Charity and 3 chips for
    Strong Ingredient: the engine plays those numbers."""
    fixed = {"cards": [{"id": "living_in_luxury", "number": 10}, {"id": "charity", "number": 2},
                       {"id": "strong_ingredient", "number": 3}]}
    state = go(new(2), {"catalogue": fixed})
    luxury = card(state, "living_in_luxury")
    assert luxury.players[0].pot.white_limit == 10
    assert not draws(luxury, 0, "W3 W2 W2 W1 W1").players[0].pot.exploded  # 9 of 10
    rich = card(state, "charity")
    assert [p.rubies for p in rich.players] == [3, 3]
    strong = go(card(state, "strong_ingredient"), {"seat": 0, "stop": True}, {"seat": 1, "stop": True})
    assert question(strong).info["count"] == 3
    assert refused(strong, {"seat": 0, "drawn": ["W1", "W1", "W1", "W2"]}) == "QK-4"


# --- blue cards: after brewing ------------------------------------------------------------


def test_schadenfreude_the_left_neighbour_of_an_exploded_pot_takes_a_2_chip():
    """Seats 1 and 2 explode: seat 2 (left of seat 1) and then seat 0 (left of seat 2) take a
    2-chip, in turn order from the start player."""
    state = card(new(3), "schadenfreude")
    state = draws(state, 1, "W3 W2 W2 W1")
    state = draws(state, 2, "W3 W2 W2 W1")
    state = go(draws(state, 0, "O1"), {"seat": 0, "stop": True})
    assert state.phase == "brewing" and to_move(state) == 2
    assert question(state).answers == tuple({"seat": 2, "take": c} for c in ("G2", "B2", "R2"))
    for wrong in ("K1", "Y2", None):  # a 2-chip it must be, and yellow is not out yet
        assert refused(state, {"seat": 2, "take": wrong}) == "QK-4"
    state = go(state, {"seat": 2, "take": "R2"}, {"seat": 0, "take": "G2"})
    assert state.phase == "evaluation"
    assert state.players[2].bag["R2"] == 1 and state.players[0].bag["G2"] == 1
    assert (state.supply["R2"], state.supply["G2"]) == (8 - 1, 10 - 1)


def test_schadenfreude_with_no_2_chip_left_in_the_box_asks_nothing():
    state = card(new(3), "schadenfreude")
    state = replace(state, supply=Supply({**state.supply.to_json(), "G2": 0, "B2": 0, "R2": 0}))
    state = stop_all(draws(state, 1, "W3 W2 W2 W1"))
    assert state.phase == "evaluation" and state.players[2].bag == START_BAG


def test_strong_ingredient_places_a_red_of_set_2_instead_of_setting_it_aside():
    state = card(with_seats(new(2, red=2), bag=(START_BAG.add("R1"), START_BAG)), "strong_ingredient")
    state = go(draws(state, 0, "O1"), {"seat": 0, "stop": True}, {"seat": 1, "stop": True})
    state = go(state, {"seat": 0, "drawn": ["R1"], "place": "R1"})
    pot = state.players[0].pot
    assert [(p.chip, p.space) for p in pot.chips] == [("O1", 1), ("R1", 2)] and pot.beside == ()


def test_card_22_strong_ingredient_places_a_chip_with_its_own_effects():
    """The chip placed acts as drawn (QK-18): a yellow 1 sends back the white lying last in the
    stopped pot; a blue 1 places one of the chips it draws, and that blue 2 one of its own."""
    bags = (START_BAG.add("Y1"), START_BAG.add("B1").add("B2"))
    state = card(with_seats(replace(new(2), round=2), bag=bags), "strong_ingredient")
    state = go(draws(state, 0, "O1 W2"), {"seat": 0, "stop": True})
    state = go(draws(state, 1, "O1"), {"seat": 1, "stop": True})
    assert draw_step(state, 0, ["Y1"]) == DrawStep(True, None)
    state = go(state, {"seat": 0, "drawn": ["Y1", "W1"], "place": {"chip": "Y1", "return_white": True}})
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("O1", 1), ("Y1", 4)]
    assert state.players[0].bag["W2"] == 2
    nested = {"chip": "B1", "place": {"chip": "B2", "place": "G1"}}
    state = go(state, {"seat": 1, "drawn": ["B1", "W3"], "place": nested})
    assert [(p.chip, p.space) for p in state.players[1].pot.chips] == [("O1", 1), ("B1", 2), ("B2", 4), ("G1", 5)]


def test_strong_ingredient_asks_nothing_of_an_empty_bag():
    state = card(with_seats(new(2), bag=(bag("O1 G1"), START_BAG)), "strong_ingredient")
    state = draws(state, 0, "O1 G1")  # the bag is empty: seat 0 stops (QK-9)
    state = go(draws(state, 1, "W1"), {"seat": 1, "stop": True})
    assert question(state).seat == 1 and question(state).kind == "draw"  # seat 0 draws nothing


def test_strong_ingredient_who_stopped_may_place_one_of_up_to_5_chips_drawn():
    """Seat 0 stopped with O1@1 and places a G1 from G1 W3 (G1@2, scoring space 3); seat 1
    exploded and is not asked; seat 2 stopped with W1@1 and draws nothing."""
    state = card(new(3), "strong_ingredient")
    state = go(draws(state, 0, "O1"), {"seat": 0, "stop": True})
    state = draws(state, 1, "W3 W2 W2 W1")
    state = go(draws(state, 2, "W1"), {"seat": 2, "stop": True})
    assert to_move(state) == 0 and question(state).info == {"count": 5, "exact": False, "then": "place"}
    assert refused(state, {"seat": 0, "drawn": ["W1"] * 4 + ["W2", "W2"]}) == "QK-4"  # 6 > 5
    with pytest.raises(IllegalMove) as caught:
        play(state, {"seat": 0, "drawn": ["G1", "W3"], "place": "W2"})
    assert caught.value.rule == "QK-4" and caught.value.params["drawn"] == "G1, W3"
    state = go(state, {"seat": 0, "drawn": ["G1", "W3"], "place": "G1"})
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("O1", 1), ("G1", 2)]
    assert state.players[0].pot.stopped and state.players[0].bag == START_BAG.remove("O1").remove("G1")
    state = go(state, {"seat": 2, "drawn": []})
    assert state.phase == "evaluation"
    assert [t.scoring_space for t in state.evaluation.tallies] == [3, 9, 2]


# --- blue cards: in the evaluation --------------------------------------------------------


def exploded_round(card_id: str) -> MatchState:
    """Seat 0 O1@1 W2@3 stops (scores on 4); seat 1 W3@3 W2@5 W2@7 W1@8 explodes (scores on
    9: 9 coins, 1 VP, ruby); seat 2 stops with an empty pot (scores on 1). Seat 0 rolls."""
    state = card(new(3), card_id)
    state = draws(state, 0, "O1 W2")
    state = draws(state, 1, "W3 W2 W2 W1")
    return stop_all(state)


def test_lucky_devil_2_vp_for_a_ruby_space_even_exploded():
    state = go(exploded_round("lucky_devil"), {"seat": 0, "die": "1vp"}, {"seat": 1, "choice": "buy"})
    tallies = state.evaluation.tallies
    assert (tallies[1].vp, tallies[1].rubies) == (2, 2)  # no D VP (buying), the card's 2 VP
    assert tallies[0].vp == 1  # space 4 shows no ruby


def test_its_shining_extra_bright_one_more_ruby_on_a_ruby_space():
    state = go(exploded_round("shining_bright"), {"seat": 0, "die": "1vp"})
    assert [t.rubies for t in state.evaluation.tallies] == [1, 3, 1]


def test_the_pot_is_full_the_roller_rolls_twice():
    state = exploded_round("pot_is_full")
    state = go(state, {"seat": 0, "die": "2vp"})
    assert to_move(state) == 0 and question(state).kind == "die"
    state = go(state, {"seat": 0, "die": "ruby"})
    assert (state.evaluation.tallies[0].vp, state.evaluation.tallies[0].rubies) == (2, 2)
    assert ("choice", 1) in [(q.kind, q.seat) for q in questions(state)]  # no third roll: on to D–F


def test_seasoned_perfectly_whites_of_exactly_7_move_the_droplet():
    """Seat 0 W3@3 W2@5 W2@7 (7, not over) stops and rolls (scores on 8); seat 1 has 6."""
    state = card(new(3), "seasoned_perfectly")
    state = draws(state, 0, "W3 W2 W2")
    state = draws(state, 1, "W3 W2 W1")
    state = stop_all(state)
    state = go(state, {"seat": 0, "die": "1vp"}, *({"seat": s, "buy": []} for s in range(3)),
               *({"seat": s, "spend": {"droplet": 0, "flask": False}} for s in range(3)))
    assert state.round == 2 and [p.droplet for p in state.players] == [1, 0, 0]


def test_magic_potion_refills_every_flask_for_free():
    state = card(new(3), "magic_potion")
    state = go(draws(state, 0, "W1"), {"seat": 0, "flask": True})
    assert not state.players[0].pot.flask_full
    state = stop_all(state)
    state = go(state, *({"seat": s, "die": "1vp"} for s in range(3)), *({"seat": s, "buy": []} for s in range(3)),
               *({"seat": s, "spend": {"droplet": 0, "flask": False}} for s in range(3)))
    assert state.round == 2 and all(p.flask for p in state.players)
    assert [p.rubies for p in state.players] == [1, 1, 1]
