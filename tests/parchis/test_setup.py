"""Setting up a Parchís match (PA-2, PA-6, PA-7): each seat plays the colour the set-up gives it,
turns follow PA-2's colour order, and every set-up check lives in companion/parchis/setup.py."""

from __future__ import annotations

import json

import pytest

from companion.errors import BadPosition, BadRequest
from companion.parchis import COLOUR_CHOICES, GAME, ParchisState
from companion.parchis.setup import preferred_colours, reassign, seat_colours, teams_possible
from companion.referee import handle_line
from companion.session import MatchSession


def test_pa6_the_choices_are_every_allowed_set_in_every_seat_order():
    """PA-6: two opposite colours (2 × 2 orders), any three (4 × 6), all four (24), and "auto"."""
    assert len(COLOUR_CHOICES) == 1 + 4 + 24 + 24 and COLOUR_CHOICES[0] == "auto"
    assert {"red+yellow", "yellow+red", "green+blue", "green+red+yellow"} <= set(COLOUR_CHOICES)
    assert "yellow+blue" not in COLOUR_CHOICES  # neighbours, not opposite


def test_pa6_a_seat_plays_the_colour_given_to_it_and_turns_follow_pa2():
    """PA-2, PA-6: seat 0 plays red, seat 1 yellow; yellow still moves first."""
    session = MatchSession(GAME, {"players": 2, "colours": "red+yellow"})
    state: ParchisState = session.state
    assert state.seat_colours == (2, 0) and state.position.colours == (0, 2)
    assert session.to_move() == 1  # yellow's seat
    events = session.apply({"roll": 5})
    assert events[0]["seat"] == 1
    session.apply({"move": {"piece": "yellow.0"}})
    assert session.to_move() == 0  # red's seat
    assert session.outcome().detail["colours"] == ["red", "yellow"]


def test_pa6_a_won_game_places_the_winning_colour_s_seat():
    """PA-9: red wins; red sits at seat 0."""
    state = GAME.new_state({"players": 2, "colours": "red+yellow"})
    won = ParchisState.from_json({**state.to_json(), "position": {
        **state.position.to_json(), "pieces": {"yellow": ["t10"] + ["nest"] * 3, "red": ["goal"] * 4},
        "winner": "red"}})
    outcome = GAME.engine.outcome(won)
    assert outcome.places == ((0,), (1,)) and outcome.scores == {0: 4, 1: 0}


@pytest.mark.parametrize(("setup", "rule"), [
    ({"players": 2, "colours": "red+blue"}, "PA-6"),  # not a choice: neighbours
    ({"players": 3, "colours": "red+yellow"}, "PA-6"),  # two colours for three players
    ({"players": 2, "teams": True}, "PA-7"),
])
def test_setups_the_rules_refuse(setup, rule):
    with pytest.raises(BadRequest) as caught:
        GAME.new_state(setup)
    assert caught.value.rule == rule


def test_pa7_teams_need_four():
    assert [teams_possible(n) for n in (2, 3, 4)] == [False, False, True]
    assert seat_colours(["green", "blue", "yellow", "red"], 4, True) == (3, 1, 0, 2)
    with pytest.raises(BadPosition):
        seat_colours(["yellow", "red"], 2, True, BadPosition)


def test_pa6_a_tap_on_a_colour_keeps_the_set_legal():
    """PA-6: with two players the other seat takes the opposite colour; otherwise seats swap,
    or a colour nobody plays replaces the seat's."""
    assert reassign(("yellow", "red"), 0, "blue") == ("blue", "green")
    assert reassign(("yellow", "red"), 1, "yellow") == ("red", "yellow")
    assert reassign(("yellow", "blue", "red"), 0, "red") == ("red", "blue", "yellow")
    assert reassign(("yellow", "blue", "red"), 1, "green") == ("yellow", "green", "red")
    assert reassign(("yellow", "blue", "red"), 5, "green") == ("yellow", "blue", "red")
    assert reassign(("yellow", "blue", "red"), 0, "purple") == ("yellow", "blue", "red")


def test_pa6_wishes_are_granted_seat_by_seat():
    assert preferred_colours(["red", None]) == ("red", "yellow")
    assert preferred_colours(["blue", "red"]) == ("blue", "green")  # the first wish stands
    assert preferred_colours([None, "green", None]) == ("yellow", "green", "red")
    assert preferred_colours(["red", "red", "blue", None]) == ("red", "yellow", "blue", "green")  # seat 2 gives way


def test_the_protocol_new_goes_through_the_game_record():
    """`new` checks its options with the record's own (PA-8) and its colours as the set-up does."""
    def new(**fields):
        return handle_line(json.dumps({"game": "parchis", "op": "new", **fields}))
    assert new(colours=["red", "yellow"])["position"]["colours"] == ["yellow", "red"]
    assert new(colours=["red", "yellow"], mode="fast")["error"]["rule"] == "PA-8"
    assert new(colours=["red", "yellow"], teams="yes")["error"]["code"] == "bad_request"
    assert new(colours=["red", "blue"])["error"]["code"] == "bad_position"
    assert new(colours=["red", "purple"])["error"]["code"] == "bad_request"
    assert new(colours=["red", "yellow"], teams=True)["error"] == {
        "code": "bad_position", "rule": "PA-7", "message": "Teams need four players, not 2. (PA-7)"}


@pytest.mark.parametrize("choice", [5, True, {"yellow": 1}, ["yellow", 3]])
def test_a_colour_choice_that_is_no_list_of_names_is_refused(choice):
    """The set-up's colours are "auto", "red+yellow" or a list of names; anything else says so."""
    with pytest.raises(BadRequest) as caught:
        seat_colours(choice, 2, False)
    assert caught.value.message_id == "parchis.colours_list"
