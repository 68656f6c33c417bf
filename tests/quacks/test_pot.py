"""Brewing one pot: placing chips (QK-6), explosion (QK-7, QK-17's limit), flask (QK-8), stopping
and the bag (QK-9), scoring space (QK-10). Every expected value here is worked by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.quacks.data import Bag, Books
from companion.quacks.pot import (
    Draw,
    Placed,
    Pot,
    UseFlask,
    awaiting_decision,
    choices_for,
    draw,
    empty_into_bag,
    finished,
    legal_items,
    new_pot,
    scoring_space,
    stop,
    use_flask,
)

SET1 = Books()


def brew(items: list[Any], pot: Pot | None = None, books: Books = SET1) -> Pot:
    pot = pot or new_pot()
    for item in items:
        pot, _, _ = draw(pot, None, item, books)
    return pot


def spaces(pot: Pot) -> list[tuple[str, int]]:
    return [(p.chip, p.space) for p in pot.chips]


# --- QK-6 placing -----------------------------------------------------------------------

def test_qk6_first_chip_counts_from_the_droplet() -> None:
    assert spaces(brew(["O1"], new_pot(droplet=3))) == [("O1", 4)]


def test_qk6_first_chip_counts_from_the_rat_stone() -> None:
    pot = brew(["G2"], new_pot(droplet=3, rats=2))
    assert pot.start == 5
    assert spaces(pot) == [("G2", 7)]


def test_qk6_rat_stone_stops_at_52() -> None:
    pot = new_pot(droplet=50, rats=5)
    assert pot.start == 52
    assert spaces(brew(["O1"], pot)) == [("O1", 52)]


def test_qk6_each_later_chip_counts_from_the_previous_one() -> None:
    assert spaces(brew(["O1", "G2", "W3", "P1"])) == [("O1", 1), ("G2", 3), ("W3", 6), ("P1", 7)]


def test_qk6_a_chip_past_the_last_space_lies_on_52_and_scores_the_spoon() -> None:
    pot = brew(["G4"], new_pot(droplet=50))
    assert spaces(pot) == [("G4", 52)]
    assert scoring_space(pot).to_json() == {"index": 53, "coins": 35, "vp": 15, "ruby": False}
    pot = brew(["O1"], pot)  # a further chip also lies on 52
    assert spaces(pot)[-1] == ("O1", 52)


def test_qk6_a_chip_exactly_on_52_scores_the_spoon_and_51_scores_52() -> None:
    assert scoring_space(brew(["G4"], new_pot(droplet=48))).index == 53
    on_51 = brew(["G4"], new_pot(droplet=47))
    assert scoring_space(on_51).to_json() == {"index": 52, "coins": 33, "vp": 14, "ruby": True}


def test_qk6_spoon_event() -> None:
    _, _, events = draw(new_pot(droplet=50), None, "G4", SET1)
    assert {"type": "spoon", "rule": "QK-6"} in events
    _, _, events = draw(new_pot(droplet=40), None, "G4", SET1)
    assert all(e["type"] != "spoon" for e in events)


# --- QK-10 scoring space ----------------------------------------------------------------

def test_qk10_scoring_space_is_the_one_after_the_last_chip() -> None:
    pot = brew(["O1", "G2", "W3"])  # last chip on 6
    assert scoring_space(pot).to_json() == {"index": 7, "coins": 7, "vp": 1, "ruby": False}


def test_qk10_scoring_space_with_no_chip_is_after_the_rat_stone() -> None:
    assert scoring_space(new_pot(droplet=4, rats=4)).to_json() == {"index": 9, "coins": 9, "vp": 1,
                                                                    "ruby": True}
    assert scoring_space(new_pot()).index == 1


def test_qk10_exploded_pot_still_scores_after_its_last_chip() -> None:
    pot = brew(["W3", "W3", "W2"])  # 3, 6, 8 and 8 > 7
    assert pot.exploded
    assert scoring_space(pot).index == 9


# --- QK-7 explosion and QK-17's limit ---------------------------------------------------

def test_qk7_whites_totalling_the_limit_do_not_explode() -> None:
    pot = brew(["W3", "W3", "W1"])
    assert (pot.white_total, pot.exploded) == (7, False)


def test_qk7_whites_over_the_limit_explode_and_the_chip_stays() -> None:
    pot, _, events = draw(brew(["W3", "W3"]), None, "W2", SET1)
    assert pot.exploded and pot.white_total == 8
    assert spaces(pot)[-1] == ("W2", 8)
    assert {"type": "exploded", "white_total": 8, "white_limit": 7, "protected": False,
            "rule": "QK-7"} in events


def test_qk7_only_white_values_count() -> None:
    pot = brew(["G4", "R4", "Y4", "B4", "W3", "W3", "W1"])
    assert (pot.white_total, pot.exploded) == (7, False)


def test_qk7_no_draw_after_the_explosion() -> None:
    pot = brew(["W3", "W3", "W2"])
    with pytest.raises(IllegalMove) as caught:
        draw(pot, None, "O1", SET1)
    assert caught.value.rule == "QK-7"
    with pytest.raises(IllegalMove):
        stop(pot)


def test_qk7_a_card_limit_of_9() -> None:
    pot = brew(["W3", "W3", "W3"], new_pot(white_limit=9))
    assert not pot.exploded
    assert brew(["W1"], pot).exploded


def test_qk17_yellow3_and_card_limits_do_not_add_highest_applies() -> None:
    books = Books(yellow=3)
    pot = brew(["Y1", "Y1", "Y1"], new_pot(white_limit=9), books)
    assert pot.white_limit == 9  # not 10, 11 or 18
    pot = brew(["W3", "W3", "W3"], pot, books)
    assert not pot.exploded
    assert brew(["W1"], pot, books).exploded
    # with the card's 9 in force a single yellow does not lower it to 8
    assert brew(["Y1"], new_pot(white_limit=9), books).white_limit == 9


# --- QK-8 flask -------------------------------------------------------------------------

def test_qk8_flask_returns_the_white_just_drawn_and_empties() -> None:
    bag = Bag({"W2": 1, "O1": 1})
    pot, bag, _ = draw(new_pot(), bag, "O1", SET1)
    pot, bag, _ = draw(pot, bag, "W2", SET1)
    pot, bag, events = use_flask(pot, bag)
    assert spaces(pot) == [("O1", 1)]
    assert bag == {"W2": 1}
    assert pot.white_total == 0 and not pot.flask_full
    assert events[0]["type"] == "white_returned" and events[0]["by"] == "flask"
    # drawing goes on, counting from the last chip still in the pot
    pot, bag, _ = draw(pot, bag, "W2", SET1)
    assert spaces(pot) == [("O1", 1), ("W2", 3)]


def test_qk8_flask_works_once() -> None:
    pot = brew(["W1", {"flask": True}, "W1"])
    with pytest.raises(IllegalMove) as caught:
        draw(pot, None, {"flask": True}, SET1)
    assert (caught.value.rule, caught.value.message_id) == ("QK-8", "quacks.flask_empty")


def test_qk8_flask_not_on_a_non_white_chip() -> None:
    with pytest.raises(IllegalMove) as caught:
        brew(["W1", "O1", {"flask": True}])
    assert (caught.value.rule, caught.value.message_id) == ("QK-8", "quacks.flask_not_white")
    with pytest.raises(IllegalMove):
        brew([{"flask": True}])  # nothing drawn yet


def test_qk8_flask_not_on_the_exploding_chip() -> None:
    with pytest.raises(IllegalMove) as caught:
        brew(["W3", "W3", "W2", {"flask": True}])
    assert caught.value.rule == "QK-8"


def test_qk8_flask_starts_empty_when_told() -> None:
    with pytest.raises(IllegalMove):
        brew(["W1", {"flask": True}], new_pot(flask_full=False))


def test_qk8_flask_only_the_chip_just_drawn() -> None:
    # a red set 2 chip set aside after the white: the last chip drawn is not the white
    with pytest.raises(IllegalMove):
        brew(["W1", "R1", {"flask": True}], books=Books(red=2))


# --- QK-9 stopping and the bag ----------------------------------------------------------

def test_qk9_no_draw_after_stopping() -> None:
    pot = stop(brew(["O1"]))
    assert pot.stopped and finished(pot)
    with pytest.raises(IllegalMove) as caught:
        draw(pot, None, "O1", SET1)
    assert caught.value.rule == "QK-9"
    with pytest.raises(IllegalMove):
        stop(pot)
    with pytest.raises(IllegalMove) as caught:
        draw(stop(brew(["W1"])), None, {"flask": True}, SET1)
    assert caught.value.rule == "QK-9"


def test_qk9_empty_bag_ends_drawing() -> None:
    pot, bag, _ = draw(new_pot(), Bag({"O1": 1}), "O1", SET1)
    assert bag.size == 0 and finished(pot, bag) and not finished(pot)
    with pytest.raises(IllegalMove) as caught:
        draw(pot, bag, "O1", SET1)
    assert caught.value.rule == "QK-9"


def test_qk9_flask_on_the_last_chip_of_the_bag_refills_it() -> None:
    pot, bag, _ = draw(new_pot(), Bag({"W1": 1}), "W1", SET1)
    pot, bag, _ = use_flask(pot, bag)
    assert bag == {"W1": 1} and not finished(pot, bag)


def test_a_chip_the_bag_does_not_hold_is_refused() -> None:
    bag = Bag({"W1": 1})
    with pytest.raises(IllegalMove) as caught:
        draw(new_pot(), bag, "R1", SET1)
    assert caught.value.message_id == "quacks.not_in_bag" and caught.value.rule == "QK-6"
    pot, bag, _ = draw(new_pot(), bag, "W1", SET1)
    with pytest.raises(IllegalMove):
        draw(pot, bag, "W1", SET1)


def test_drawing_takes_the_chip_out_of_the_bag() -> None:
    _, bag, _ = draw(new_pot(), Bag({"W1": 2, "O1": 1}), "W1", SET1)
    assert bag == {"W1": 1, "O1": 1}


# --- cards the pot knows ----------------------------------------------------------------

def test_pumpkin_patch_party_moves_oranges_one_more() -> None:
    assert spaces(brew(["O1", "W1", "O1"], new_pot(orange_extra=1))) == [("O1", 2), ("W1", 3), ("O1", 5)]


def test_well_stirred_returns_only_the_first_white_right_away() -> None:
    pot = brew(["O1", "W2", {"stir": True}], new_pot(well_stirred=True))
    assert spaces(pot) == [("O1", 1)] and pot.flask_full
    with pytest.raises(IllegalMove):  # a second white: the card is spent
        brew(["W1", {"stir": True}], pot)
    with pytest.raises(IllegalMove):  # the first white, but not just drawn
        brew(["W1", "O1", {"stir": True}], new_pot(well_stirred=True))
    with pytest.raises(IllegalMove):  # no card
        brew(["W1", {"stir": True}])
    with pytest.raises(IllegalMove):
        brew(["W1", "W1", {"stir": True}], new_pot(well_stirred=True))


# --- items, helpers, JSON ----------------------------------------------------------------

def test_malformed_items_are_bad_requests() -> None:
    for item in (3, None, {"chip": "X1"}, {"flask": False}, {"nothing": 1}, "Q4",
                 {"chip": "W1", "return_white": True}, {"chip": "O1", "place": "W1"},
                 {"chip": "Y1", "return_white": "yes"}, {"chip": "B1", "place": {"flask": True}}):
        with pytest.raises(BadRequest):
            draw(new_pot(), None, item, SET1)


def test_choices_for_tells_the_screen_what_to_ask() -> None:
    pot = brew(["W1"])
    assert choices_for(pot, SET1, "Y1") == ("return_white",)
    assert choices_for(brew(["O1"]), SET1, "Y1") == ()
    assert choices_for(pot, Books(yellow=2), "Y1") == ()
    assert choices_for(pot, SET1, "B2") == ("place",)
    assert choices_for(pot, Books(blue=3), "B2") == ()


def test_actions_and_json_round_trip() -> None:
    pot = brew(["O1", Draw("W2"), UseFlask(), {"chip": "B1", "place": "W1"}],
               new_pot(droplet=2, rats=1, well_stirred=True))
    assert Pot.from_json(pot.to_json()) == pot
    assert Placed.from_json({"chip": "O1", "space": 4}) == Placed("O1", 4)
    assert Draw("B1", place=Draw("Y1", return_white=True)).to_json() == {
        "chip": "B1", "place": {"chip": "Y1", "return_white": True}}


def test_empty_into_bag_returns_pot_and_waiting_reds_not_kept_ones() -> None:
    books = Books(red=2)
    pot = brew(["O1", "R1", "R2", "W1"], books=books)
    pot = stop(pot)
    pot, _, _ = draw(pot, None, {"beside": "keep"}, books)
    assert pot.kept == ("R1",) and pot.beside == ("R2",) and awaiting_decision(pot)
    assert empty_into_bag(pot, Bag()) == {"O1": 1, "W1": 1, "R2": 1}
    assert empty_into_bag(pot, None) is None


@pytest.mark.parametrize("seed", range(40))
def test_every_legal_item_applies_and_random_brews_stay_consistent(seed: int) -> None:
    """Random brews from random bags under random books: every item legal_items offers is
    accepted, chip spaces never decrease and stay within 1..52, the bag plus the pot plus the
    waiting and kept reds always hold the same chips, and the white total decides explosion."""
    rng = random.Random(seed)
    books = Books(blue=rng.randint(1, 4), red=rng.randint(1, 4), yellow=rng.randint(1, 4))
    codes = ["W1", "W2", "W3", "O1", "G1", "B1", "B2", "R1", "R4", "Y1", "Y2", "P1"]
    start_bag = Bag({code: rng.randint(0, 3) for code in codes}).add("W1")
    bag = start_bag
    pot = new_pot(droplet=rng.randint(0, 30), rats=rng.randint(0, 5), well_stirred=rng.random() < 0.5)
    for _ in range(40):
        items = legal_items(pot, bag, books)
        if not items:
            break
        for item in items:  # every offer is accepted
            draw(pot, bag, item, books)
        pot, bag, _ = draw(pot, bag, rng.choice(items), books)
        placed = [p.space for p in pot.chips]
        assert placed == sorted(placed) and all(pot.start < s <= 52 for s in placed)
        total = bag.add("W1", 0)
        for code in (*(p.chip for p in pot.chips), *pot.beside, *pot.kept):
            total = total.add(code)
        assert total == start_bag
        assert pot.exploded == (pot.white_total > pot.white_limit)


def test_qk18_actions_built_in_code_are_checked_like_items() -> None:
    with pytest.raises(BadRequest):
        draw(brew(["W1"]), None, Draw("O1", return_white=True), SET1)
    with pytest.raises(BadRequest):
        draw(new_pot(), None, Draw("O1", place=Draw("W1")), SET1)
    with pytest.raises(BadRequest):
        draw(new_pot(), None, Draw("B1", place=Draw("W1")), Books(blue=2))


def test_qk7_an_unprotected_explosion_and_the_draw_count() -> None:
    pot = brew(["O1", "W3", "W3", "W2"])
    assert pot.exploded and not pot.protected and pot.drawn == 4 and pot.whites_drawn == 3
    assert pot.protect_left == 0


def test_qk6_spoon_event_on_exactly_52_only() -> None:
    _, _, events = draw(new_pot(droplet=48), None, "G4", SET1)
    assert {"type": "spoon", "rule": "QK-6"} in events
    _, _, events = draw(new_pot(droplet=47), None, "G4", SET1)
    assert all(e["type"] != "spoon" for e in events)


def test_qk17_no_limit_event_when_the_limit_does_not_rise() -> None:
    books = Books(yellow=3)
    _, _, events = draw(new_pot(white_limit=9), None, "Y1", books)
    assert all(e["type"] != "white_limit" for e in events)
    _, _, events = draw(new_pot(), None, "Y1", books)
    assert {"type": "white_limit", "limit": 8, "rule": "QK-18"} in events


def test_qk8_after_a_white_goes_back_nothing_else_can_follow_it() -> None:
    stirred = brew(["O1", "W2", {"stir": True}], new_pot(well_stirred=True))
    with pytest.raises(IllegalMove):  # the orange now last is not a white just drawn
        brew([{"flask": True}], stirred)
    flasked = brew(["W1", "W2", {"flask": True}], new_pot(well_stirred=True))
    with pytest.raises(IllegalMove):
        brew([{"stir": True}], flasked)


def test_legal_items_follow_the_pot() -> None:
    bag = Bag({"W1": 1, "B1": 1, "Y1": 1})
    items = legal_items(new_pot(), bag, SET1)
    assert items == ["W1", "B1", {"chip": "B1", "place": "W1"}, {"chip": "B1", "place": "Y1"}, "Y1",
                     {"stop": True}]
    pot, bag, _ = draw(new_pot(), bag, "W1", SET1)
    items = legal_items(pot, bag, SET1)
    assert {"chip": "Y1", "return_white": True} in items and {"flask": True} in items
    assert legal_items(stop(pot), bag, SET1) == []
    exploded = brew(["W3", "W3", "W2"])
    assert legal_items(exploded, bag, SET1) == []
    assert legal_items(pot, Bag(), SET1) == [{"flask": True}, {"stop": True}]


def test_a_bare_pot_is_a_fresh_pot() -> None:
    """QK-8: full flask; QK-7: limit 7; nothing drawn, nothing protected, on the droplet's space 0."""
    assert Pot() == new_pot()
    assert (Pot().start, Pot().flask_full, Pot().white_limit, Pot().drawn) == (0, True, 7, 0)
