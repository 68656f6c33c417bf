"""QK-18: the on-draw effects of blue, red and yellow sets 1-4, each worked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.quacks.data import Bag, Books
from companion.quacks.pot import Pot, draw, new_pot, stop


def brew(items: list[Any], books: Books, pot: Pot | None = None) -> Pot:
    pot = pot or new_pot()
    for item in items:
        pot, _, _ = draw(pot, None, item, books)
    return pot


def spaces(pot: Pot) -> list[tuple[str, int]]:
    return [(p.chip, p.space) for p in pot.chips]


# --- red --------------------------------------------------------------------------------

def test_qk18_red1_one_or_two_oranges_one_more_three_two_more() -> None:
    red1 = Books(red=1)
    assert spaces(brew(["R1"], red1)) == [("R1", 1)]  # no orange: its value
    assert spaces(brew(["O1", "R1"], red1))[-1] == ("R1", 3)  # 1 + 1 + 1
    assert spaces(brew(["O1", "O1", "R4"], red1))[-1] == ("R4", 7)  # 2 + 4 + 1
    assert spaces(brew(["O1", "O1", "O1", "R2"], red1))[-1] == ("R2", 7)  # 3 + 2 + 2
    assert spaces(brew(["O1", "O1", "O1", "O1", "R1"], red1))[-1] == ("R1", 7)  # 4 + 1 + 2
    # other sets: no orange bonus
    assert spaces(brew(["O1", "R1"], Books(red=3)))[-1] == ("R1", 2)


def test_qk18_red2_set_aside_then_decided_after_stopping() -> None:
    red2 = Books(red=2)
    pot, bag, events = draw(brew(["O1"], red2), Bag({"R4": 1, "R1": 1, "W1": 1}), "R4", red2)
    assert spaces(pot) == [("O1", 1)] and pot.beside == ("R4",)
    assert events == [{"type": "set_aside", "chip": "R4", "rule": "QK-18"}]
    pot, bag, _ = draw(pot, bag, "R1", red2)
    with pytest.raises(IllegalMove) as caught:  # decided only after stopping
        draw(pot, bag, {"beside": "place"}, red2)
    assert caught.value.rule == "QK-18"
    pot = stop(pot)
    pot, bag, _ = draw(pot, bag, {"beside": "place"}, red2)  # R4 after the last chip
    assert spaces(pot) == [("O1", 1), ("R4", 5)]
    pot, bag, _ = draw(pot, bag, {"beside": "bag"}, red2)  # R1 back to the bag
    assert bag == {"R1": 1, "W1": 1} and pot.beside == ()
    with pytest.raises(IllegalMove):
        draw(pot, bag, {"beside": "keep"}, red2)


def test_qk18_red2_decided_after_an_explosion_and_kept() -> None:
    red2 = Books(red=2)
    pot = brew(["R2", "W3", "W3", "W2"], red2)
    assert pot.exploded and pot.beside == ("R2",)
    pot = brew([{"beside": "keep"}], red2, pot)
    assert pot.kept == ("R2",) and spaces(pot) == [("W3", 3), ("W3", 6), ("W2", 8)]
    assert new_pot(beside=pot.kept).beside == ("R2",)


def test_qk18_red3_adds_the_white_right_before_it() -> None:
    red3 = Books(red=3)
    assert spaces(brew(["W2", "R1"], red3))[-1] == ("R1", 5)  # 2 + 1 + 2
    assert spaces(brew(["W3", "R4"], red3))[-1] == ("R4", 10)  # 3 + 4 + 3
    assert spaces(brew(["W2", "O1", "R1"], red3))[-1] == ("R1", 4)  # previous is orange
    # the white sent back by the flask is no longer the chip before it
    assert spaces(brew(["O1", "W2", {"flask": True}, "R1"], red3))[-1] == ("R1", 2)
    assert spaces(brew(["W2", "R1"], Books(red=1)))[-1] == ("R1", 3)


def test_qk18_red4_white1_moves_two_once_a_red_is_in() -> None:
    red4 = Books(red=4)
    pot = brew(["W1", "R1", "W1", "W2", "W1"], red4)
    assert spaces(pot) == [("W1", 1), ("R1", 2), ("W1", 4), ("W2", 6), ("W1", 8)]
    assert pot.white_total == 5  # 1 + 1 + 2 + 1: a white 1 still counts 1
    pot = brew(["R4", "W3", "W3", "W1"], red4)
    assert (pot.white_total, pot.exploded) == (7, False)
    assert spaces(brew(["R1", "W1"], Books(red=1)))[-1] == ("W1", 2)


# --- yellow -----------------------------------------------------------------------------

def test_qk18_yellow1_may_send_back_the_white_right_before_it() -> None:
    yellow1 = Books(yellow=1)
    bag = Bag({"W3": 1, "Y1": 1})
    pot, bag, _ = draw(new_pot(), bag, "W3", yellow1)
    pot, bag, events = draw(pot, bag, {"chip": "Y1", "return_white": True}, yellow1)
    assert spaces(pot) == [("Y1", 4)] and pot.white_total == 0 and bag == {"W3": 1}
    assert events[-1]["type"] == "white_returned" and events[-1]["by"] == "yellow"
    kept = brew(["W3", {"chip": "Y1", "return_white": False}], yellow1)
    assert spaces(kept) == [("W3", 3), ("Y1", 4)] and kept.white_total == 3
    # the next chip counts from the yellow, not from the empty space
    assert spaces(brew(["W3", {"chip": "Y1", "return_white": True}, "O1"], yellow1))[-1] == ("O1", 5)


def test_qk18_yellow1_refused_when_the_chip_before_is_not_white() -> None:
    yellow1 = Books(yellow=1)
    with pytest.raises(IllegalMove) as caught:
        brew(["O1", {"chip": "Y2", "return_white": True}], yellow1)
    assert caught.value.rule == "QK-18"
    with pytest.raises(IllegalMove):
        brew([{"chip": "Y1", "return_white": True}], yellow1)  # nothing before it
    with pytest.raises(BadRequest):  # only yellow set 1 sends whites back
        brew(["W1", {"chip": "Y1", "return_white": True}], Books(yellow=2))


def test_qk18_yellow2_doubles_the_whole_distance_of_the_next_chip() -> None:
    yellow2 = Books(yellow=2)
    assert spaces(brew(["Y1", "O1", "O1"], yellow2)) == [("Y1", 1), ("O1", 3), ("O1", 4)]
    # a yellow after a yellow is doubled and doubles the next one again
    assert spaces(brew(["Y1", "Y2", "W1"], yellow2)) == [("Y1", 1), ("Y2", 5), ("W1", 7)]
    # after the chip's own effects: red 1 with one orange moves (1 + 1) * 2
    red1 = Books(yellow=2, red=1)
    assert spaces(brew(["O1", "Y1", "R1"], red1)) == [("O1", 1), ("Y1", 2), ("R1", 6)]
    assert spaces(brew(["Y1", "O1"], Books(yellow=1)))[-1] == ("O1", 2)


def test_qk18_yellow3_limit_8_from_the_first_yellow_9_from_the_third() -> None:
    yellow3 = Books(yellow=3)
    pot = brew(["Y1", "W3", "W3", "W2"], yellow3)
    assert (pot.white_limit, pot.white_total, pot.exploded) == (8, 8, False)
    assert brew(["W1"], yellow3, pot).exploded
    pot = brew(["Y1", "Y1", "W3", "W3", "W2", "W1"], yellow3)
    assert pot.exploded  # two yellows: still 8
    pot = brew(["Y1", "Y1", "Y4", "W3", "W3", "W3"], yellow3)
    assert (pot.white_limit, pot.exploded) == (9, False)
    assert brew(["W1"], yellow3, pot).exploded
    assert brew(["Y1", "W3", "W3", "W2"], Books(yellow=1)).exploded


def test_qk18_yellow4_first_three_yellows_move_1_2_3_extra() -> None:
    yellow4 = Books(yellow=4)
    pot = brew(["Y1", "Y1", "Y1", "Y1"], yellow4)
    assert spaces(pot) == [("Y1", 2), ("Y1", 5), ("Y1", 9), ("Y1", 10)]
    assert spaces(brew(["O1", "Y4"], yellow4))[-1] == ("Y4", 6)  # 1 + 4 + 1
    assert spaces(brew(["Y1"], Books(yellow=3))) == [("Y1", 1)]


# --- blue -------------------------------------------------------------------------------

def test_qk18_blue1_places_one_of_the_chips_it_draws_next() -> None:
    blue1 = Books(blue=1)
    bag = Bag({"B2": 1, "O1": 1, "W1": 1})
    pot, bag, events = draw(new_pot(), bag, {"chip": "B2", "place": "O1"}, blue1)
    assert spaces(pot) == [("B2", 2), ("O1", 3)] and bag == {"W1": 1}
    assert {"type": "blue_draws", "chip": "B2", "count": 2, "rule": "QK-18"} in events
    pot, bag, _ = draw(new_pot(), Bag({"B2": 1, "O1": 1}), {"chip": "B2", "place": None}, blue1)
    assert spaces(pot) == [("B2", 2)] and bag == {"O1": 1}
    with pytest.raises(IllegalMove):  # the placed chip comes out of the bag
        draw(new_pot(), Bag({"B2": 1}), {"chip": "B2", "place": "O1"}, blue1)


def test_qk18_blue1_placed_chip_acts_at_once() -> None:
    books = Books(blue=1, red=1, yellow=1)
    pot = brew(["O1", {"chip": "B1", "place": "R1"}], books)
    assert spaces(pot) == [("O1", 1), ("B1", 2), ("R1", 4)]  # red 1: one orange, +1
    pot = brew(["W3", "W3", {"chip": "B1", "place": "W2"}], books)
    assert pot.exploded
    pot = brew(["W2", {"chip": "B1", "place": {"chip": "B2", "place": "O1"}}], books)
    assert spaces(pot) == [("W2", 2), ("B1", 3), ("B2", 5), ("O1", 6)]
    with pytest.raises(BadRequest):  # only blue set 1 places
        brew([{"chip": "B1", "place": "O1"}], Books(blue=2))


def test_qk18_blue2_protection_window_covers_the_next_draws() -> None:
    blue2 = Books(blue=2)
    pot = brew(["W3", "W3", "B2", "O1", "W2"], blue2)  # exploded on the 2nd draw after B2
    assert pot.exploded and pot.protected
    pot = brew(["W3", "W3", "B1", "O1", "W2"], blue2)  # B1 covers only 1 draw
    assert pot.exploded and not pot.protected
    assert spaces(brew(["B2", "O1"], blue2)) == [("B2", 2), ("O1", 3)]  # no spacing effect


def test_qk18_blue2_windows_do_not_add_up() -> None:
    blue2 = Books(blue=2)
    base = ["W3", "W3", "B2", "B4", "O1", "O1", "O1"]
    assert brew([*base, "W2"], blue2).protected  # the 4th draw after B4: covered
    late = brew([*base, "O1", "W2"], blue2)  # the 5th draw after B4 (B2 + B4 would be 6)
    assert late.exploded and not late.protected


def test_qk18_blue3_ruby_space_gives_a_ruby() -> None:
    blue3 = Books(blue=3)
    pot, _, events = draw(new_pot(droplet=4), None, "B1", blue3)
    assert pot.rubies == 1 and spaces(pot) == [("B1", 5)]
    assert {"type": "ruby", "chip": "B1", "space": 5, "rule": "QK-18"} in events
    assert brew(["B2"], blue3, new_pot(droplet=4)).rubies == 0  # space 6: no ruby
    assert brew(["O1", "B4"], blue3, new_pot(droplet=4)).rubies == 1  # 9 is a ruby space
    assert brew(["O1", "G1"], blue3, new_pot(droplet=3)).rubies == 0  # G1 on 5: not a blue
    assert brew(["B1"], Books(blue=4), new_pot(droplet=4)).rubies == 0


def test_qk18_blue4_ruby_space_scores_its_value_in_vp() -> None:
    blue4 = Books(blue=4)
    assert brew(["B4"], blue4, new_pot(droplet=5)).vp == 4  # lands on 9
    assert brew(["B2"], blue4, new_pot(droplet=3)).vp == 2  # lands on 5
    assert brew(["B2"], blue4, new_pot(droplet=4)).vp == 0  # lands on 6
    assert brew(["B4"], Books(blue=3), new_pot(droplet=5)).vp == 0
