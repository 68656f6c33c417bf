"""What the screens read from the engine (match_view): a seat's bag, pot, scoring space, white
total, odds and brewing entries; the question the match waits on with its legal answers."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.quacks.evaluation_types import Buy, ChooseScoring, PayGreenRubies, RollDie, SpendRubies, SwapChip
from companion.quacks.match import play
from companion.quacks.match_view import (
    DrawStep,
    card_view,
    choice_action,
    draw_item,
    draw_questions,
    draw_step,
    legal_actions,
    question,
    questions,
    seat_view,
)
from tests.quacks.test_match_support import START_BAG, card, draws, go, new, stop_all, with_seats


def test_a_seat_before_brewing_has_no_pot_and_no_odds():
    view = seat_view(new(3), 1)
    assert (view.bag, view.chips, view.scoring, view.odds, view.legal) == (START_BAG, (), None, None, ())
    assert (view.vp, view.rubies, view.droplet, view.flask, view.white_limit) == (0, 1, 0, True, 7)


def test_a_brewing_seat_shows_its_pot_scoring_space_whites_and_exact_odds():
    """After O1@1 W2@3 the bag holds W1 ×4, W2, W3, G1 (7 chips), whites 2 of 7. No single
    chip or pair can pass 7 (at most 2 + 3 + 2); three chips explode only as W3 + W2 + a W1:
    4 of the C(7, 3) = 35 sets."""
    state = draws(card(new(3), "seasoned_perfectly"), 0, "O1 W2")
    view = seat_view(state, 0)
    assert [(p.chip, p.space) for p in view.chips] == [("O1", 1), ("W2", 3)]
    assert view.scoring.index == 4 and view.scoring.coins == 4 and view.scoring.vp == 0
    assert (view.white_total, view.white_limit, view.start) == (2, 7, 0)
    assert view.odds.next == 0 and view.odds.within_2 == 0
    assert view.odds.within_3 == pytest.approx(float(Fraction(4, 35))) and view.odds.draws_left == 7
    assert {"seat": 0, "stop": True} in view.legal and {"seat": 0, "draw": "W3"} in view.legal
    assert {"seat": 0, "flask": True} in view.legal  # the W2 was just drawn
    assert {"seat": 0, "draw": "R1"} not in view.legal
    json.dumps(view.to_json())


def test_an_exploded_seat_is_finished_with_nothing_to_enter():
    state = draws(card(new(3), "seasoned_perfectly"), 0, "W3 W2 W2 W1")
    view = seat_view(state, 0)
    assert view.exploded and view.finished and view.odds is None and view.legal == ()
    assert not seat_view(state, 1).finished


def test_cards_and_blue_sets_show_in_the_seat():
    state = with_seats(new(2), vp=(0, 0), rubies=(1, 1))
    state = card(state, "living_in_luxury")
    assert seat_view(state, 0).white_limit == 9
    blue = draws(card(with_seats(new(2), bag=(START_BAG.add("B1"), START_BAG)), "seasoned_perfectly"), 0, "O1")
    view = seat_view(blue, 0)
    assert {"seat": 0, "draw": {"chip": "B1", "place": "W3"}} in view.legal


def test_draw_questions_for_yellow_1_and_blue_1():
    state = card(with_seats(replace(new(2), round=2), bag=(START_BAG.add("Y1").add("B1"), START_BAG)),
                 "seasoned_perfectly")
    assert draw_questions(state, 0, "Y1") == ()  # nothing before it yet
    state = draws(state, 0, "W1")
    assert draw_questions(state, 0, "Y1") == ("return_white",)
    assert draw_questions(state, 0, "B1") == ("place",)
    assert draw_questions(state, 0, "O1") == ()


def test_qk18_a_blue_placed_by_a_blue_asks_its_own_placing_step_by_step():
    """Blue set 1: B1 places a B2, which places an O1 (every nesting the engine accepts). The
    screen asks chip by chip (`draw_step`) and enters the nested item (`draw_item`)."""
    bags = (START_BAG.add("B1").add("B2"), START_BAG)
    state = draws(card(with_seats(new(2), bag=bags), "seasoned_perfectly"), 0, "O1")
    assert draw_step(state, 0, ["B1"]) == DrawStep(False, ("W1", "W2", "W3", "G1", "B2"))
    assert draw_step(state, 0, ["B1", "B2"]) == DrawStep(False, ("W1", "W2", "W3", "G1"))
    assert draw_step(state, 0, ["B1", "B2", "G1"]) == DrawStep(False, None)
    assert draw_step(state, 0, ["B1", "O1"]) == DrawStep(False, None)  # the bag's only O1 is in the pot
    item = draw_item(["B1", "B2", "G1"])
    assert item == {"chip": "B1", "place": {"chip": "B2", "place": "G1"}}
    state = go(state, {"seat": 0, "draw": item})
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("O1", 1), ("B1", 2), ("B2", 4), ("G1", 5)]


def test_qk18_a_yellow_1_placed_after_a_white_asks_for_the_return():
    bags = (START_BAG.add("Y1"), START_BAG)
    state = draws(card(with_seats(replace(new(2), round=2), bag=bags), "seasoned_perfectly"), 0, "W2")
    assert draw_step(state, 0, ["Y1"]) == DrawStep(True, None)
    assert draw_item(["Y1"], [True]) == {"chip": "Y1", "return_white": True}
    assert draw_item(["Y1"], [False]) == "Y1"


def test_the_question_of_each_phase_with_legal_answers():
    state = new(3, start=2)
    asked = question(state)
    assert (asked.source, asked.kind, asked.seat, asked.rule) == ("fortune", "card", 2, "QK-4")
    assert len(asked.answers) == 24 and {"seat": 2, "card": "charity"} in asked.answers
    state = card(state, "choose_one")
    assert card_view(state).name_en == "You Only Get to Choose One"
    asked = question(state)
    assert (asked.source, asked.kind, asked.seat, asked.card, asked.effect) == (
        "card", "take", 2, "choose_one", "choose_black_or_2chip_or_3rubies")
    for answer in asked.answers:
        play(state, answer)  # every answer offered is accepted
    state = go(state, *({"seat": s, "take": "rubies"} for s in (2, 0, 1)))
    assert question(state) is None and legal_actions(state)  # brewing: every seat's entries
    assert {a["seat"] for a in legal_actions(state)} == {0, 1, 2}
    state = stop_all(draws(state, 0, "O1"))
    asked = question(state)
    assert (asked.source, asked.kind, asked.seat, asked.step) == ("evaluation", "die", 0, "A")
    assert [a["die"] for a in asked.answers] == ["1vp", "2vp", "ruby", "droplet", "orange"]
    state = go(state, {"seat": 0, "die": "1vp"})
    # D–F at once, start player first: 1 or 2 coins buy nothing (not asked); 4 rubies each
    asked = questions(state)
    assert [(q.kind, q.seat, q.step, q.required) for q in asked] == [
        ("spend", 2, "F", False), ("spend", 0, "F", False), ("spend", 1, "F", False)]
    assert question(state, 0) == asked[1] and question(state) == asked[0]
    assert {"seat": 0, "spend": {"droplet": 2, "flask": False}} in asked[1].answers
    assert legal_actions(state) == [a for q in asked for a in q.answers]
    json.dumps(asked[0].to_json())


def test_a_finished_match_asks_nothing():
    state = replace(new(2), phase="over")
    assert question(state) is None and legal_actions(state) == []


def test_evaluation_choices_as_actions():
    assert choice_action(RollDie(1, "2vp")) == {"seat": 1, "die": "2vp"}
    assert choice_action(ChooseScoring(0, "buy")) == {"seat": 0, "choice": "buy"}
    assert choice_action(Buy(2, ("B1", "R1"))) == {"seat": 2, "buy": ["B1", "R1"]}
    assert choice_action(SpendRubies(0, 1, True)) == {"seat": 0, "spend": {"droplet": 1, "flask": True}}
    assert choice_action(PayGreenRubies(1, 2)) == {"seat": 1, "green_pay": 2}
    assert choice_action(SwapChip(0, 1, 3)) == {"seat": 0, "purple_swap": {"tier": 1, "chip": 3}}
