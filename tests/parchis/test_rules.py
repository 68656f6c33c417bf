"""One or more tests per rule of the Parchís rules (PA-1 … PA-20), with hand-worked positions.

Squares are worked out by hand from the rules text: yellow leaves on 5, blue on 22, red on 39,
green on 56 (PA-2); a colour's last track square is the one before its exit (68, 17, 34, 51);
then seven lane squares and the goal, 71 steps from the exit (PA-4).
"""

from __future__ import annotations

import pytest

from companion.errors import BadPosition, BadRequest, GameOver, IllegalMove
from companion.parchis import Position, apply_action, options, play
from companion.parchis.engine import steps_for

from .helpers import P, go, movers, moves, piece, pos_json, types


def refusal(position: Position, roll: int | None, name: str | None, kind: type = IllegalMove) -> object:
    with pytest.raises(kind) as caught:
        play(position, roll, None if name is None else piece(name))
    return caught.value


# -- PA-1 the track ---------------------------------------------------------------------------------
def test_pa1_pieces_move_forward_by_the_roll():
    """PA-1: increasing order."""
    assert moves(P({"yellow": ["t10"]}), 3) == [("yellow.0", "t10", "t13", None)]


@pytest.mark.parametrize(("colour", "start", "roll", "end"), [
    ("blue", "t66", 4, "t2"),  # 66, 67, 68, 1, 2
    ("red", "t68", 1, "t1"),
    ("green", "t65", 6, "t3"),
])
def test_pa1_square_68_is_followed_by_square_1(colour, start, roll, end):
    """PA-1: 68 is followed by 1."""
    position = P({colour: [start]}, turn=colour)
    assert moves(position, roll) == [(f"{colour}.0", start, end, None)]


# -- PA-2 colours, exits, last track squares, turn order ----------------------------------------------
@pytest.mark.parametrize(("colour", "exit_square"),
                         [("yellow", "t5"), ("blue", "t22"), ("red", "t39"), ("green", "t56")])
def test_pa2_each_colour_leaves_on_its_exit_square(colour, exit_square):
    """PA-2: exit squares 5, 22, 39, 56."""
    assert moves(P({}, turn=colour), 5) == [(f"{colour}.0", "nest", exit_square, None)]


@pytest.mark.parametrize(("colour", "last"), [("yellow", "t68"), ("blue", "t17"), ("red", "t34"), ("green", "t51")])
def test_pa2_after_the_last_track_square_comes_the_lane(colour, last):
    """PA-2: the last track square of each colour leads into its lane."""
    assert moves(P({colour: [last]}, turn=colour), 1) == [(f"{colour}.0", last, "l1", None)]


def test_pa2_yellow_turns_into_its_lane_instead_of_going_round_again():
    """PA-2, PA-4: yellow at 66 with 4 goes 67, 68, l1, l2 — not on to square 2."""
    assert moves(P({"yellow": ["t66"]}), 4) == [("yellow.0", "t66", "l2", None)]


@pytest.mark.parametrize(("colours", "order"), [
    (["yellow", "blue", "red", "green"], ["yellow", "blue", "red", "green", "yellow"]),
    (["yellow", "red"], ["yellow", "red", "yellow"]),
    (["blue", "green"], ["blue", "green", "blue"]),
    (["blue", "red", "green"], ["blue", "red", "green", "blue"]),
])
def test_pa2_turns_follow_the_colour_order_among_the_colours_in_play(colours, order):
    """PA-2: yellow, blue, red, green, skipping colours not in play. All pieces in the nest,
    a 3 cannot move (PA-20), so the turn passes."""
    position = P({}, colours=colours, turn=order[0])
    seen = [order[0]]
    for _ in order[1:]:
        after, _events = play(position, 3, None)
        position = after
        seen.append(after.to_json()["turn"])
    assert seen == order


# -- PA-3 safe squares ------------------------------------------------------------------------------
SAFE = [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]


@pytest.mark.parametrize("square", SAFE)
def test_pa3_no_capture_on_a_safe_square(square):
    """PA-3: landing on a lone opponent on a safe square shares it."""
    mover = "yellow" if square >= 8 else "blue"  # 3 squares back must be on the mover's path
    position = P({mover: [f"t{square - 3}"], "red": [f"t{square}"]}, turn=mover)
    assert moves(position, 3) == [(f"{mover}.0", f"t{square - 3}", f"t{square}", None)]
    after, events = go(position, 3, f"{mover}.0")
    assert after["pieces"]["red"][0] == f"t{square}"
    assert after["pieces"][mover][0] == f"t{square}"
    assert "capture" not in types(events)


@pytest.mark.parametrize("square", [13, 30, 47, 64, 67])
def test_pa3_capture_on_an_ordinary_square(square):
    """PA-3, PA-17: a lone opponent on an ordinary square is captured."""
    position = P({"yellow": [f"t{square - 3}"], "red": [f"t{square}"]})
    assert moves(position, 3) == [("yellow.0", f"t{square - 3}", f"t{square}", "red.0")]
    after, _ = go(position, 3, "yellow.0")
    assert after["pieces"]["red"][0] == "nest"


# -- PA-4 lanes and the goal ------------------------------------------------------------------------
def test_pa4_from_the_exit_to_the_goal_is_71_steps():
    """PA-4: 63 steps to the last track square, then 7 lane squares, then the goal."""
    position = P({"yellow": ["t5"]})
    assert steps_to_goal(position) == 71


def steps_to_goal(position: Position) -> int:
    """Walk yellow.0 to the goal one step at a time with 1s (nothing else can move)."""
    steps = 0
    while position.to_json()["pieces"]["yellow"][0] != "goal":
        position, _ = play(position, 1, piece("yellow.0"))
        position = Position.from_json({**position.to_json(), "turn": "yellow", "bonus": []})
        steps += 1
    return steps


def test_pa4_t68_is_63_steps_from_yellow_exit_and_l7_is_70():
    """PA-4: 63 steps reach the last track square."""
    assert moves(P({"yellow": ["t64"]}), 4) == [("yellow.0", "t64", "t68", None)]
    no_nest = P({"yellow": ["t64", "goal", "goal", "goal"]})  # so the 5 need not bring a piece out
    assert moves(no_nest, 5) == [("yellow.0", "t64", "l1", None)]
    assert moves(P({"yellow": ["l6"]}), 1) == [("yellow.0", "l6", "l7", None)]


@pytest.mark.parametrize(("start", "roll", "end"), [("l7", 1, "goal"), ("l6", 2, "goal"), ("l2", 6, "goal"),
                                                 ("t68", 6, "l6")])
def test_pa4_the_exact_count_reaches_the_goal(start, roll, end):
    """PA-4: l7 + 1, l6 + 2, l2 + 6 are exact; t68 + 6 ends on l6 (a piece waits in the nest, so
    the six counts 6)."""
    assert moves(P({"yellow": [start]}), roll) == [("yellow.0", start, end, None)]


@pytest.mark.parametrize(("start", "roll", "needed"), [("l7", 2, 1), ("l5", 4, 3), ("l3", 6, 5)])
def test_pa4_overshooting_the_goal_is_illegal(start, roll, needed):
    """PA-4: the goal needs the exact count."""
    position = P({"yellow": [start]})
    assert movers(position, roll) == []
    error = refusal(position, roll, "yellow.0")
    assert (error.rule, error.message_id) == ("PA-4", "parchis.overshoot")
    assert error.params["needed"] == needed


def test_pa4_a_piece_in_the_goal_never_moves():
    """PA-4: the goal is the end."""
    position = P({"yellow": ["goal", "t10"]})
    assert movers(position, 2) == ["yellow.1"]
    assert refusal(position, 2, "yellow.0").rule == "PA-4"


def test_pa4_lanes_are_private_so_nothing_is_captured_or_crowded_there():
    """PA-4: yellow's l3 is not red's l3."""
    position = P({"yellow": ["l1"], "red": ["l3", "l3"]})
    assert moves(position, 2) == [("yellow.0", "l1", "l3", None)]


# -- PA-5 at most two on a square -------------------------------------------------------------------
def test_pa5_no_third_piece_on_a_track_square():
    """PA-5: red and green share 13; yellow may not stop there."""
    position = P({"yellow": ["t10"], "red": ["t13"], "green": ["t13"]})
    assert movers(position, 3) == []
    error = refusal(position, 3, "yellow.0")
    assert (error.rule, error.message_id, error.params["square"]) == ("PA-5", "parchis.crowded", "t13")


def test_pa5_pieces_of_two_colours_may_be_passed():
    """PA-5, PA-15: two pieces of different colours never block."""
    position = P({"yellow": ["t10"], "red": ["t13"], "green": ["t13"]})
    assert moves(position, 4) == [("yellow.0", "t10", "t14", None)]


def test_pa5_no_third_piece_on_a_lane_square_but_lane_squares_never_block():
    """PA-5: two yellow pieces on l4: a third cannot stop there but may pass."""
    position = P({"yellow": ["l4", "l4", "l1", "goal"]})
    error = refusal(position, 3, "yellow.2")
    assert (error.rule, error.params["square"]) == ("PA-5", "l4")
    assert ("yellow.2", "l1", "l6", None) in moves(position, 5)


def test_pa5_the_goal_holds_any_number():
    """PA-5: a third piece enters the goal."""
    position = P({"yellow": ["goal", "goal", "l7"]})
    after, _ = go(position, 1, "yellow.2")
    assert after["pieces"]["yellow"] == ["goal", "goal", "goal", "nest"]


def test_pa5_a_position_with_three_pieces_on_a_square_is_refused():
    """PA-5: positions are checked too."""
    with pytest.raises(BadPosition) as caught:
        P({"yellow": ["t13", "t13"], "red": ["t13"]})
    assert caught.value.rule == "PA-5"


# -- PA-6 players ------------------------------------------------------------------------------------
def test_pa6_every_colour_starts_with_four_pieces_in_its_nest():
    """PA-6."""
    start = Position.start((0, 1, 2, 3)).to_json()
    assert start["pieces"] == {c: ["nest"] * 4 for c in ("yellow", "blue", "red", "green")}


@pytest.mark.parametrize("colours", [["yellow", "blue"], ["red", "green"], ["yellow", "green"]])
def test_pa6_two_players_must_sit_opposite(colours):
    """PA-6: yellow+red or blue+green only."""
    with pytest.raises(BadPosition) as caught:
        Position.from_json(pos_json({}, colours=colours, turn=colours[0]))
    assert caught.value.rule == "PA-6"


@pytest.mark.parametrize("colours", [["yellow"], []])
def test_pa6_two_to_four_players(colours):
    """PA-6."""
    with pytest.raises(BadPosition) as caught:
        Position.from_json(pos_json({}, colours=colours))
    assert caught.value.rule == "PA-6"


def test_pa6_a_player_moves_only_its_own_pieces():
    """PA-6: red's piece is not yellow's to move."""
    position = P({"yellow": ["t10"], "red": ["t40"]})
    error = refusal(position, 2, "red.0")
    assert error.code == "illegal_move" and error.rule == "PA-6"


# -- PA-7 teams --------------------------------------------------------------------------------------
def test_pa7_a_partner_piece_is_never_captured():
    """PA-7: red is yellow's partner; on ordinary square 13 they share."""
    position = P({"yellow": ["t10"], "red": ["t13"]}, teams=True)
    assert moves(position, 3) == [("yellow.0", "t10", "t13", None)]
    after, events = go(position, 3, "yellow.0")
    assert after["pieces"]["red"][0] == "t13" and "capture" not in types(events)


def test_pa7_opponents_are_still_captured_in_teams():
    """PA-7: blue is an opponent of yellow."""
    position = P({"yellow": ["t10"], "blue": ["t13"]}, teams=True)
    assert moves(position, 3) == [("yellow.0", "t10", "t13", "blue.0")]


def test_pa7_without_teams_the_opposite_colour_is_captured():
    """PA-7 applies only to team games."""
    position = P({"yellow": ["t10"], "red": ["t13"]})
    assert moves(position, 3) == [("yellow.0", "t10", "t13", "red.0")]


def test_pa7_an_unfinished_player_does_not_move_its_partner_pieces():
    """PA-7: red's pieces are not yellow's while yellow still has pieces out."""
    position = P({"yellow": ["t10"], "red": ["t40"]}, teams=True)
    assert movers(position, 2) == ["yellow.0"]
    error = refusal(position, 2, "red.0")
    assert (error.rule, error.message_id) == ("PA-7", "parchis.partner_piece")


def test_pa7_a_finished_player_moves_its_partner_pieces():
    """PA-7: yellow has all four home and plays red's pieces."""
    position = P({"yellow": ["goal"] * 4, "red": ["nest", "t40"]}, teams=True)
    assert moves(position, 3) == [("red.1", "t40", "t43", None)]
    error = refusal(position, 3, "yellow.0")
    assert (error.rule, error.message_id) == ("PA-7", "parchis.finished_plays_partner")


def test_pa7_a_finished_player_uses_the_partner_nest_and_exit():
    """PA-7: with a 5 the partner's nest piece must leave, onto red's exit 39 (PA-11)."""
    position = P({"yellow": ["goal"] * 4, "red": ["nest", "t40"]}, teams=True)
    assert moves(position, 5) == [("red.0", "nest", "t39", None)]


def test_pa7_a_finished_player_six_counts_seven_only_with_the_partner_nest_empty():
    """PA-7, PA-13: the partner's nest decides."""
    full = P({"yellow": ["goal"] * 4, "red": ["t40", "t50", "goal", "goal"]}, teams=True)
    assert options(full, 6).steps == 7
    waiting = P({"yellow": ["goal"] * 4, "red": ["t40", "t50", "goal", "nest"]}, teams=True)
    assert options(waiting, 6).steps == 6


def test_pa7_a_finished_player_is_blocked_by_the_partner_blockade_rule_of_six():
    """PA-7, PA-16: the partner's blockades must open on a six."""
    position = P({"yellow": ["goal"] * 4, "red": ["t40", "t40", "t50", "goal"]}, teams=True)
    assert movers(position, 6) == ["red.0", "red.1"]


def test_pa7_a_partner_blockade_blocks():
    """PA-7, PA-15: two red pieces block yellow, its partner."""
    position = P({"yellow": ["t10"], "red": ["t13", "t13"]}, teams=True)
    assert movers(position, 4) == []
    assert refusal(position, 4, "yellow.0").rule == "PA-15"


def test_pa7_one_partner_finishing_does_not_end_the_game():
    """PA-7: yellow finishes; the game goes on, and its 10 bonus is played with red's pieces."""
    position = P({"yellow": ["goal", "goal", "goal", "l7"], "red": ["t40"]}, teams=True)
    after, events = go(position, 1, "yellow.3")
    assert after["winner"] is None and "game_over" not in types(events)
    assert after["bonus"] == [10] and after["turn"] == "yellow"
    assert moves(Position.from_json(after), None) == [("red.0", "t40", "t50", None)]


def test_pa7_the_team_wins_when_both_partners_have_finished():
    """PA-7: yellow (finished) brings red's last piece home."""
    position = P({"yellow": ["goal"] * 4, "red": ["goal", "goal", "goal", "l7"]}, teams=True)
    after, events = go(position, 1, "red.3")
    assert after["winner"] == ["yellow", "red"]
    assert types(events)[-1] == "game_over"
    assert after["bonus"] == [] and after["turn"] == "yellow"


def test_pa7_teams_need_four_players():
    """PA-7."""
    with pytest.raises(BadPosition) as caught:
        Position.from_json(pos_json({}, colours=["yellow", "red"], teams=True))
    assert caught.value.rule == "PA-7"


def test_pa7_in_a_quick_team_game_two_pieces_finish_a_player():
    """PA-7, PA-8: yellow with two home plays red's pieces, not its own two left."""
    position = P({"yellow": ["goal", "goal"], "red": ["t40"]}, teams=True, mode="quick")
    assert movers(position, 2) == ["red.0"]
    assert moves(position, 5) == [("red.1", "nest", "t39", None)]  # red's nest, not yellow's two left


# -- PA-8 quick game ---------------------------------------------------------------------------------
def test_pa8_quick_start_has_one_piece_on_each_exit():
    """PA-8."""
    start = Position.start((0, 1, 2, 3), "quick").to_json()
    assert start["pieces"] == {
        "yellow": ["t5", "nest", "nest", "nest"],
        "blue": ["t22", "nest", "nest", "nest"],
        "red": ["t39", "nest", "nest", "nest"],
        "green": ["t56", "nest", "nest", "nest"],
    }


def test_pa8_the_quick_game_is_won_with_two_pieces_home():
    """PA-8: the second piece home wins at once."""
    position = P({"yellow": ["goal", "l7"], "red": ["t40"]}, colours=["yellow", "red"], mode="quick")
    after, events = go(position, 1, "yellow.1")
    assert after["winner"] == "yellow"
    assert "game_over" in types(events)


def test_pa8_two_pieces_home_do_not_win_the_standard_game():
    """PA-8 vs PA-9."""
    position = P({"yellow": ["goal", "l7"], "red": ["t40"]}, colours=["yellow", "red"])
    after, _ = go(position, 1, "yellow.1")
    assert after["winner"] is None


# -- PA-9 the standard game's end -------------------------------------------------------------------
def test_pa9_four_pieces_home_win_at_once_and_the_bonus_is_dropped():
    """PA-9: nobody plays on; the 10 bonus of the last arrival is not played."""
    position = P({"yellow": ["goal", "goal", "goal", "l7"], "red": ["t40"]}, colours=["yellow", "red"])
    after, events = go(position, 1, "yellow.3")
    assert after["winner"] == "yellow" and after["bonus"] == [] and after["turn"] == "yellow"
    assert types(events) == ["move", "goal", "game_over"]


def test_pa9_nothing_moves_after_the_end():
    """PA-9."""
    position = P({"yellow": ["goal"] * 4, "red": ["t40"]}, colours=["yellow", "red"], turn="red")
    with pytest.raises(GameOver) as caught:
        options(position, 3)
    assert caught.value.rule == "PA-9"
    assert refusal(position, 3, "red.0", GameOver).rule == "PA-9"


# -- PA-10 the die; moving is not optional ----------------------------------------------------------
@pytest.mark.parametrize("roll", [0, 7, -1, 10])
def test_pa10_the_die_shows_one_to_six(roll):
    """PA-10."""
    with pytest.raises(BadRequest) as caught:
        options(P({"yellow": ["t10"]}), roll)
    assert caught.value.rule == "PA-10"


def test_pa10_passing_with_a_legal_move_is_refused():
    """PA-10: moving is never optional."""
    error = refusal(P({"yellow": ["t10"]}), 3, None)
    assert (error.rule, error.message_id) == ("PA-10", "parchis.must_move")


def test_pa10_a_move_announcing_another_distance_is_refused():
    """PA-10: the roll decides where the piece goes."""
    position = P({"yellow": ["t10"]})
    with pytest.raises(IllegalMove) as caught:
        play(position, 3, piece("yellow.0"), to=9)  # progress 9 is t14: four steps
    assert caught.value.rule == "PA-10"
    after, _ = play(position, 3, piece("yellow.0"), to=8)  # t13
    assert after.to_json()["pieces"]["yellow"][0] == "t13"


# -- PA-11 leaving the nest ---------------------------------------------------------------------------
def test_pa11_leaving_needs_a_five():
    """PA-11: a 3 cannot bring a piece out."""
    position = P({"yellow": ["t10"]})
    error = refusal(position, 3, "yellow.1")
    assert (error.rule, error.message_id) == ("PA-11", "parchis.nest_needs_five")


def test_pa11_a_six_never_brings_a_piece_out():
    """PA-11."""
    position = P({})
    assert movers(position, 6) == []
    assert refusal(position, 6, "yellow.0").rule == "PA-11"


def test_pa11_with_a_five_leaving_is_the_only_legal_move():
    """PA-11: yellow.1 could move 5, but the nest piece must leave."""
    position = P({"yellow": ["nest", "t10"]})
    assert moves(position, 5) == [("yellow.0", "nest", "t5", None)]
    error = refusal(position, 5, "yellow.1")
    assert (error.rule, error.message_id) == ("PA-11", "parchis.forced_exit")


def test_pa11_the_exception_two_own_pieces_on_the_exit():
    """PA-11: the exit already holds two yellow pieces; the 5 is an ordinary move."""
    position = P({"yellow": ["t5", "t5", "nest", "t20"]})
    assert moves(position, 5) == [("yellow.0", "t5", "t10", None), ("yellow.1", "t5", "t10", None),
                                  ("yellow.3", "t20", "t25", None)]
    error = refusal(position, 5, "yellow.2")
    assert (error.rule, error.message_id) == ("PA-11", "parchis.exit_own")


def test_pa11_one_own_piece_on_the_exit_does_not_excuse_leaving():
    """PA-11: leaving makes a blockade on the exit square."""
    position = P({"yellow": ["t5", "nest"]})
    assert moves(position, 5) == [("yellow.1", "nest", "t5", None)]
    after, _ = go(position, 5, "yellow.1")
    assert after["pieces"]["yellow"][:2] == ["t5", "t5"]
    assert after["last_arrival"] == {"t5": "yellow.1"}


def test_pa11_any_nest_piece_may_be_named_for_leaving():
    """Nest pieces are interchangeable: `legal` lists the lowest index, `play` takes any."""
    position = P({"yellow": ["t30"]})
    assert movers(position, 5) == ["yellow.1"]
    after, _ = go(position, 5, "yellow.3")
    assert after["pieces"]["yellow"] == ["t30", "nest", "nest", "t5"]


# -- PA-12 exit-square capture -------------------------------------------------------------------------
def test_pa12_two_opponents_on_the_exit_the_last_arrival_is_captured():
    """PA-12: blue arrived on 5 after red; blue goes home."""
    position = P({"blue": ["t5"], "red": ["t5"]}, last_arrival={"t5": "blue.0"})
    assert moves(position, 5) == [("yellow.0", "nest", "t5", "blue.0")]
    swapped = P({"blue": ["t5"], "red": ["t5"]}, last_arrival={"t5": "red.0"})
    assert moves(swapped, 5) == [("yellow.0", "nest", "t5", "red.0")]


def test_pa12_an_opponent_blockade_on_the_exit_does_not_stop_leaving():
    """PA-12: two red pieces on 5; the last to arrive goes home, and it earns 20 (PA-17)."""
    position = P({"red": ["t5", "t40", "t5"]}, last_arrival={"t5": "red.2"})
    assert moves(position, 5) == [("yellow.0", "nest", "t5", "red.2")]
    after, events = go(position, 5, "yellow.0")
    assert after["pieces"]["red"] == ["t5", "t40", "nest", "nest"]
    assert after["pieces"]["yellow"][0] == "t5"
    assert after["last_arrival"] == {"t5": "yellow.0"}
    assert after["bonus"] == [20]
    assert {"type": "capture", "piece": "red.2", "by": "yellow.0", "square": "t5"} in events


def test_pa12_own_piece_and_opponent_on_the_exit_the_opponent_is_captured():
    """PA-12: yellow.1 and blue.0 on 5; blue goes home even though yellow arrived last."""
    position = P({"yellow": ["t5"], "blue": ["t5"]}, last_arrival={"t5": "yellow.0"})
    assert moves(position, 5) == [("yellow.1", "nest", "t5", "blue.0")]


def test_pa12_a_lone_opponent_on_the_exit_is_not_captured():
    """PA-12: it shares the square."""
    position = P({"red": ["t5"]})
    assert moves(position, 5) == [("yellow.0", "nest", "t5", None)]


def test_pa12_a_partner_piece_is_never_captured_on_the_exit():
    """PA-12: own + partner on the exit: nothing to capture, the 5 is an ordinary move."""
    position = P({"yellow": ["t5", "nest", "t20"], "red": ["t5"]}, teams=True)
    assert moves(position, 5) == [("yellow.0", "t5", "t10", None), ("yellow.2", "t20", "t25", None)]
    error = refusal(position, 5, "yellow.1")
    assert (error.rule, error.message_id, error.params["square"]) == ("PA-12", "parchis.exit_partner", "t5")


def test_pa12_two_partner_pieces_on_the_exit_keep_the_nest_closed():
    """PA-12: a red blockade on yellow's exit in a team game."""
    position = P({"yellow": ["nest", "t20"], "red": ["t5", "t5"]}, teams=True)
    assert moves(position, 5) == [("yellow.1", "t20", "t25", None)]


def test_pa12_partner_and_opponent_on_the_exit_the_opponent_is_captured():
    """PA-12: red (partner) arrived last, but only blue can be captured."""
    position = P({"red": ["t5"], "blue": ["t5"]}, teams=True, last_arrival={"t5": "red.0"})
    assert moves(position, 5) == [("yellow.0", "nest", "t5", "blue.0")]


def test_pa12_the_last_arrival_is_kept_by_play():
    """PA-12: green comes to 5 after red; then yellow leaving captures green."""
    position = P({"red": ["t5"], "green": ["t1"]}, turn="green")
    after, _ = go(position, 4, "green.0")
    assert after["last_arrival"] == {"t5": "green.0"}
    after = {**after, "turn": "yellow"}
    assert moves(Position.from_json(after), 5) == [("yellow.0", "nest", "t5", "green.0")]


# -- PA-13 sixes --------------------------------------------------------------------------------------
def test_pa13_after_a_six_the_same_player_rolls_again():
    """PA-13."""
    after, _ = go(P({"yellow": ["t10"]}), 6, "yellow.0")
    assert (after["turn"], after["sixes"], after["last_moved"]) == ("yellow", 1, "yellow.0")


def test_pa13_after_a_six_without_a_legal_move_the_same_player_rolls_again():
    """PA-13, PA-20."""
    after, events = go(P({}), 6, None)
    assert (after["turn"], after["sixes"]) == ("yellow", 1)
    assert types(events) == ["pass"]


def test_pa13_another_roll_resets_the_count_and_ends_the_turn():
    """PA-13."""
    after, _ = go(P({"yellow": ["t10"]}, sixes=1, last_moved="yellow.0"), 3, "yellow.0")
    assert (after["turn"], after["sixes"], after["last_moved"]) == ("blue", 0, None)


def test_pa13_a_six_counts_seven_with_an_empty_nest_goal_pieces_not_counting():
    """PA-13: two home, two on the track, none in the nest: 7 steps."""
    position = P({"yellow": ["goal", "goal", "t10", "t20"]})
    assert options(position, 6).steps == 7
    assert moves(position, 6) == [("yellow.2", "t10", "t17", None), ("yellow.3", "t20", "t27", None)]


def test_pa13_a_six_counts_six_while_a_piece_waits_in_the_nest():
    """PA-13."""
    position = P({"yellow": ["goal", "nest", "t10", "t20"]})
    assert options(position, 6).steps == 6
    assert moves(position, 6) == [("yellow.2", "t10", "t16", None), ("yellow.3", "t20", "t26", None)]


def test_pa13_a_six_may_not_be_played_as_six_steps_once_it_counts_seven():
    """PA-13: announcing the 6-step destination is refused."""
    position = P({"yellow": ["t10", "t20", "t30", "t40"]})
    with pytest.raises(IllegalMove) as caught:
        play(position, 6, piece("yellow.0"), to=11)  # t16, progress 11
    assert caught.value.rule == "PA-13"


def test_pa13_steps_for_other_rolls_are_the_roll():
    """PA-13 only changes sixes."""
    position = P({"yellow": ["t10", "t20", "t30", "t40"]})
    assert [steps_for(position, roll) for roll in range(1, 7)] == [1, 2, 3, 4, 5, 7]


# -- PA-14 three sixes ------------------------------------------------------------------------------
def test_pa14_the_third_six_is_void_and_offers_no_move():
    """PA-14."""
    position = P({"yellow": ["t20", "t30"]}, sixes=2, last_moved="yellow.0")
    allowed = options(position, 6)
    assert (allowed.steps, allowed.moves, allowed.penalty) == (6, (), True)


def test_pa14_the_last_moved_piece_on_the_track_goes_home():
    """PA-14: and the turn ends."""
    position = P({"yellow": ["t20", "t30"]}, sixes=2, last_moved="yellow.0")
    after, events = go(position, 6, None)
    assert after["pieces"]["yellow"] == ["nest", "t30", "nest", "nest"]
    assert (after["turn"], after["sixes"], after["last_moved"]) == ("blue", 0, None)
    assert events == [{"type": "penalty", "colour": "yellow", "piece": "yellow.0", "from": "t20",
                       "home": True, "to": "nest"}]


def test_pa14_the_last_moved_piece_in_its_lane_stays():
    """PA-14: a piece in its lane is safe from the penalty."""
    position = P({"yellow": ["l3", "t30"]}, sixes=2, last_moved="yellow.0")
    after, events = go(position, 6, None)
    assert after["pieces"]["yellow"][:2] == ["l3", "t30"]
    assert events[0]["home"] is False and events[0]["piece"] == "yellow.0"
    assert after["turn"] == "blue"


def test_pa14_the_last_moved_piece_in_the_goal_stays():
    """PA-14."""
    position = P({"yellow": ["goal", "t30"]}, sixes=2, last_moved="yellow.0")
    after, _ = go(position, 6, None)
    assert after["pieces"]["yellow"][:2] == ["goal", "t30"]


def test_pa14_playing_a_piece_on_the_third_six_is_refused():
    """PA-14."""
    position = P({"yellow": ["t20", "t30"]}, sixes=2, last_moved="yellow.0")
    error = refusal(position, 6, "yellow.1")
    assert (error.rule, error.message_id) == ("PA-14", "parchis.third_six")


def test_pa14_three_sixes_played_in_a_row_send_the_last_piece_home():
    """PA-14: 6 (yellow.0), 6 (yellow.1), 6: yellow.1 goes home from the track."""
    position = P({"yellow": ["t10", "t30", "t40", "t50"]})
    after, _ = play(position, 6, piece("yellow.0"))
    after, _ = play(after, 6, piece("yellow.1"))
    assert after.to_json()["sixes"] == 2
    final, _ = play(after, 6, None)
    assert final.to_json()["pieces"]["yellow"] == ["t17", "nest", "t40", "t50"]


def test_pa14_a_bonus_move_counts_as_the_last_move():
    """PA-14: 6 moves yellow.0 onto blue (capture), the 20 moves yellow.1; the third six sends
    yellow.1 home."""
    position = P({"yellow": ["t10", "t20", "nest"], "blue": ["t16"]}, sixes=1, last_moved="yellow.3")
    after, _ = play(position, 6, piece("yellow.0"))
    assert after.to_json()["bonus"] == [20]
    after, _ = play(after, None, piece("yellow.1"))
    assert after.to_json()["last_moved"] == "yellow.1" and after.to_json()["sixes"] == 2
    final, events = play(after, 6, None)
    assert final.to_json()["pieces"]["yellow"][:2] == ["t16", "nest"]
    assert events[0]["piece"] == "yellow.1"


def test_pa14_the_count_starts_afresh_after_a_roll_that_is_not_a_six():
    """PA-14: 6, 6, 2 ends the turn; the next player's first six is its first."""
    position = P({"yellow": ["t10", "t30"], "blue": ["t30"]})
    after, _ = play(position, 6, piece("yellow.0"))
    after, _ = play(after, 6, piece("yellow.0"))
    after, _ = play(after, 2, piece("yellow.0"))
    assert after.to_json()["turn"] == "blue" and after.to_json()["sixes"] == 0
    after, _ = play(after, 6, piece("blue.0"))
    assert after.to_json()["sixes"] == 1 and not options(after, 6).penalty


def test_pa14_with_nothing_moved_nobody_goes_home():
    """PA-14: three sixes that could not be played."""
    position = P({}, sixes=2)
    after, events = go(position, 6, None)
    assert after["pieces"]["yellow"] == ["nest"] * 4 and events[0]["piece"] is None


def test_pa14_the_penalty_clears_the_last_arrival_of_the_square_left():
    """PA-14: yellow.0 leaves square 20, which held two pieces."""
    position = P({"yellow": ["t20"], "red": ["t20"]}, sixes=2, last_moved="yellow.0",
                 last_arrival={"t20": "yellow.0"})
    after, _ = go(position, 6, None)
    assert after["last_arrival"] == {}


# -- PA-15 blockades ---------------------------------------------------------------------------------
def test_pa15_no_piece_stops_on_a_blockade():
    """PA-15."""
    position = P({"yellow": ["t10"], "red": ["t13", "t13"]})
    error = refusal(position, 3, "yellow.0")
    assert (error.rule, error.message_id) == ("PA-15", "parchis.stop_blockade")
    assert error.params["square"] == "t13"


def test_pa15_no_piece_passes_a_blockade():
    """PA-15."""
    position = P({"yellow": ["t10"], "red": ["t13", "t13"]})
    assert movers(position, 4) == []
    error = refusal(position, 4, "yellow.0")
    assert (error.rule, error.message_id) == ("PA-15", "parchis.pass_blockade")


def test_pa15_a_blockade_blocks_its_own_owner():
    """PA-15: yellow's own pair on 13 stops yellow.2 behind it."""
    position = P({"yellow": ["t13", "t13", "t10"], "red": ["t40"]})
    assert "yellow.2" not in movers(position, 4)
    assert refusal(position, 4, "yellow.2").rule == "PA-15"
    assert "yellow.2" in movers(position, 2)


def test_pa15_a_blockade_on_a_safe_square_blocks_too():
    """PA-15: safe or not."""
    position = P({"yellow": ["t10"], "blue": ["t12", "t12"]})
    assert movers(position, 3) == []


def test_pa15_bonus_moves_do_not_pass_blockades():
    """PA-15, PA-19: the 20 is lost when a blockade stands in every way."""
    position = P({"yellow": ["t10"], "red": ["t20", "t20"]}, bonus=[20])
    assert movers(position, None) == []


def test_pa15_the_lane_is_behind_no_blockade():
    """PA-15: a blockade before the lane entrance blocks the lane; one elsewhere does not."""
    position = P({"yellow": ["t66"], "blue": ["t67", "t67"]})
    assert movers(position, 4) == []
    free = P({"yellow": ["t66"], "blue": ["t2", "t2"]})  # square 2 is not on yellow's path
    assert moves(free, 4) == [("yellow.0", "t66", "l2", None)]


# -- PA-16 opening on a six ---------------------------------------------------------------------------
def test_pa16_a_six_must_open_a_blockade():
    """PA-16: yellow's pair on 20; yellow.2 on 30 must wait."""
    position = P({"yellow": ["t20", "t20", "t30", "nest"]})
    assert movers(position, 6) == ["yellow.0", "yellow.1"]
    error = refusal(position, 6, "yellow.2")
    assert (error.rule, error.message_id) == ("PA-16", "parchis.forced_opening")


def test_pa16_a_seven_must_open_a_blockade_too():
    """PA-16: the six counts 7 (PA-13) and still opens."""
    position = P({"yellow": ["t20", "t20", "t30", "goal"]})
    assert moves(position, 6) == [("yellow.0", "t20", "t27", None), ("yellow.1", "t20", "t27", None)]


def test_pa16_a_blockade_that_cannot_move_does_not_force_anything():
    """PA-16: red's pair on 26 stops the blockade on 20 from moving 6; yellow.2 may move."""
    position = P({"yellow": ["t20", "t20", "t30", "nest"], "red": ["t26", "t26"]})
    assert movers(position, 6) == ["yellow.2"]


def test_pa16_only_rolled_sixes_force_an_opening():
    """PA-16: not a 4, and not a bonus move (PA-19)."""
    position = P({"yellow": ["t20", "t20", "t30", "nest"]})
    assert movers(position, 4) == ["yellow.0", "yellow.1", "yellow.2"]
    bonus = P({"yellow": ["t20", "t20", "t30", "nest"]}, bonus=[10])
    assert movers(bonus, None) == ["yellow.0", "yellow.1", "yellow.2"]


def test_pa16_a_blockade_on_the_exit_square_opens_on_a_six():
    """PA-16: the exit square is a track square like any other."""
    position = P({"yellow": ["t5", "t5", "t30", "nest"]})
    assert movers(position, 6) == ["yellow.0", "yellow.1"]


# -- PA-17 capture and its 20 -------------------------------------------------------------------------
def test_pa17_a_capture_earns_a_twenty_played_before_the_turn_ends():
    """PA-17: the roll was a 3, so after the bonus the turn passes."""
    position = P({"yellow": ["t10", "t30"], "blue": ["t13"]})
    after, events = go(position, 3, "yellow.0")
    assert after["pieces"]["blue"][0] == "nest"
    assert (after["turn"], after["bonus"]) == ("yellow", [20])
    assert {"type": "bonus", "steps": 20, "for": "capture"} in events
    bonus_position = Position.from_json(after)
    assert moves(bonus_position, None) == [("yellow.0", "t13", "t33", None), ("yellow.1", "t30", "t50", None)]
    final, _ = go(bonus_position, None, "yellow.1")
    assert (final["turn"], final["bonus"], final["pieces"]["yellow"][1]) == ("blue", [], "t50")


def test_pa17_after_a_capture_with_a_six_the_player_rolls_again_after_the_bonus():
    """PA-17, PA-13."""
    position = P({"yellow": ["t10", "t30", "nest"], "blue": ["t16"]})
    after, _ = play(position, 6, piece("yellow.0"))
    after, _ = play(after, None, piece("yellow.1"))
    assert (after.to_json()["turn"], after.to_json()["sixes"]) == ("yellow", 1)


def test_pa17_the_twenty_is_not_played_with_partner_pieces():
    """PA-17: red is yellow's partner but yellow still has its own pieces out."""
    position = P({"yellow": ["t10"], "red": ["t40"]}, teams=True, bonus=[20])
    assert movers(position, None) == ["yellow.0"]


# -- PA-18 reaching the goal and its 10 ---------------------------------------------------------------
def test_pa18_reaching_the_goal_earns_a_ten():
    """PA-18."""
    position = P({"yellow": ["l5", "t20"]})
    after, events = go(position, 3, "yellow.0")
    assert after["pieces"]["yellow"][0] == "goal" and after["bonus"] == [10]
    assert {"type": "goal", "piece": "yellow.0", "in_goal": 1} in events
    assert moves(Position.from_json(after), None) == [("yellow.1", "t20", "t30", None)]


# -- PA-19 bonus moves ------------------------------------------------------------------------------
def test_pa19_no_roll_while_a_bonus_is_pending():
    """PA-19: bonuses are played before the player rolls again."""
    position = P({"yellow": ["t10"]}, bonus=[20])
    with pytest.raises(BadRequest):
        options(position, 4)
    with pytest.raises(BadRequest):
        options(P({"yellow": ["t10"]}), None)


def test_pa19_bonuses_are_played_in_the_order_earned():
    """PA-19: [20, 10]: the 20 first."""
    position = P({"yellow": ["t10", "t30"]}, bonus=[20, 10])
    assert options(position, None).steps == 20
    after, _ = go(position, None, "yellow.0")
    assert after["bonus"] == [10] and after["turn"] == "yellow"


def test_pa19_a_bonus_that_captures_earns_another_after_the_pending_ones():
    """PA-19: the 10 captures red on 20 and the new 20 queues behind the pending 10."""
    position = P({"yellow": ["t10", "t40"], "red": ["t20"]}, bonus=[10, 10])
    after, events = go(position, None, "yellow.0")
    assert after["bonus"] == [10, 20]
    assert after["pieces"]["red"][0] == "nest"
    assert "capture" in types(events)


def test_pa19_a_bonus_that_reaches_the_goal_chains_a_ten():
    """PA-19: from 56, twelve steps to 68, seven lane squares and the goal make exactly 20."""
    position = P({"yellow": ["t56", "t20"]}, bonus=[20])
    after, _ = go(position, None, "yellow.0")
    assert after["pieces"]["yellow"][0] == "goal" and after["bonus"] == [10]


def test_pa19_a_bonus_nobody_can_make_is_lost():
    """PA-19: only a piece in the lane, which cannot go 20."""
    position = P({"yellow": ["l2"]}, bonus=[20, 10])
    assert movers(position, None) == []
    after, events = go(position, None, None)
    assert after["bonus"] == [10]
    assert events == [{"type": "bonus_lost", "colour": "yellow", "steps": 20}]


def test_pa19_a_lost_last_bonus_after_a_non_six_ends_the_turn():
    """PA-19, PA-13."""
    position = P({"yellow": ["l2"]}, bonus=[20])
    after, _ = go(position, None, None)
    assert after["turn"] == "blue"
    after_six, _ = go(P({"yellow": ["l2"]}, bonus=[20], sixes=1), None, None)
    assert after_six["turn"] == "yellow" and after_six["sixes"] == 1


def test_pa19_a_bonus_some_piece_can_make_must_be_played():
    """PA-19."""
    error = refusal(P({"yellow": ["t10"]}, bonus=[10]), None, None)
    assert (error.rule, error.message_id) == ("PA-19", "parchis.must_play_bonus")


def test_pa19_a_bonus_never_brings_a_piece_out():
    """PA-19."""
    position = P({"yellow": ["t10"]}, bonus=[20])
    error = refusal(position, None, "yellow.1")
    assert (error.rule, error.message_id) == ("PA-19", "parchis.nest_bonus")


def test_pa19_a_bonus_distance_other_than_the_bonus_is_refused():
    """PA-19."""
    position = P({"yellow": ["t10"]}, bonus=[10])
    with pytest.raises(IllegalMove) as caught:
        play(position, None, piece("yellow.0"), to=25)
    assert caught.value.rule == "PA-19"


# -- PA-20 no legal move ------------------------------------------------------------------------------
def test_pa20_with_no_legal_move_the_roll_is_spent():
    """PA-20."""
    after, events = go(P({}), 4, None)
    assert after["turn"] == "blue" and types(events) == ["pass"]


def test_pa20_a_blocked_piece_and_nothing_else_spends_the_roll():
    """PA-20 with PA-15."""
    position = P({"yellow": ["t10"], "red": ["t12", "t12"]})
    assert movers(position, 3) == []
    after, _ = go(position, 3, None)
    assert after["turn"] == "blue"


def test_pa14_a_piece_on_the_last_track_square_is_still_on_the_track():
    """PA-14: yellow's square 68 is common track, so the penalty sends the piece home."""
    position = P({"yellow": ["t68", "t30"]}, sixes=2, last_moved="yellow.0")
    after, events = go(position, 6, None)
    assert after["pieces"]["yellow"][0] == "nest" and events[0]["home"] is True


def test_pa10_a_wrong_destination_is_named_in_the_refusal():
    """PA-10: the refusal says where the player wanted to go."""
    position = P({"yellow": ["t10"]})
    with pytest.raises(IllegalMove) as caught:
        play(position, 3, piece("yellow.0"), to=-1)
    assert caught.value.params["to"] == "nest"
    with pytest.raises(IllegalMove) as caught:
        play(position, 3, piece("yellow.0"), to=71)
    assert caught.value.params["to"] == "goal"


def test_pa15_the_refusal_names_the_blockade_ahead_not_the_one_left():
    """PA-15: yellow.0 leaves its own blockade on 20 and meets red's on 23."""
    position = P({"yellow": ["t20", "t20"], "red": ["t23", "t23"]})
    error = refusal(position, 4, "yellow.0")
    assert (error.message_id, error.params["square"]) == ("parchis.pass_blockade", "t23")


def test_pa11_the_refusal_names_the_exit_square():
    """PA-11: the exit square in the message is the colour's own."""
    position = P({"blue": ["t22", "t22", "nest", "t30"]}, turn="blue")
    error = refusal(position, 5, "blue.2")
    assert (error.message_id, error.params["square"]) == ("parchis.exit_own", "t22")


def test_pa11_leaving_the_nest_is_a_move_of_the_five():
    """PA-11: the move event of a piece coming out counts the 5 it used."""
    _, events = go(P({}), 5, "yellow.0")
    assert events[0] == {"type": "move", "colour": "yellow", "piece": "yellow.0", "from": "nest", "to": "t5",
                         "steps": 5, "bonus": False}


def test_pa9_a_game_won_on_a_six_keeps_the_six_counted():
    """PA-9, PA-13: the final position says how many sixes the winning turn had."""
    position = P({"yellow": ["goal", "goal", "goal", "l1"], "red": ["t40"]}, colours=["yellow", "red"], sixes=1)
    after, _ = go(position, 6, "yellow.3")  # nest empty: the six counts 7, l1 + 7 is the goal
    assert (after["winner"], after["sixes"], after["last_moved"]) == ("yellow", 2, "yellow.3")


def test_pa7_a_finished_player_names_any_of_its_own_pieces_in_vain():
    """PA-7: every one of yellow's own pieces is refused with the finished-player rule."""
    position = P({"yellow": ["goal"] * 4, "red": ["nest", "t40"]}, teams=True)
    for index in range(4):
        error = refusal(position, 3, f"yellow.{index}")
        assert (error.rule, error.message_id) == ("PA-7", "parchis.finished_plays_partner")


def test_pa18_a_move_into_the_goal_says_so():
    """PA-18: the move that reaches the goal is flagged; the others are not."""
    position = P({"yellow": ["l5", "t20"]})
    flags = {move.name: move.goal for move in options(position, 3).moves}
    assert flags == {"yellow.0": True, "yellow.1": False}


def test_pa14_a_piece_on_its_own_exit_square_is_on_the_track():
    """PA-14: the exit square is common track: the penalty sends the piece home from there."""
    position = P({"blue": ["t22", "t30"]}, turn="blue", sixes=2, last_moved="blue.0")
    after, events = go(position, 6, None)
    assert after["pieces"]["blue"][0] == "nest" and events[0]["from"] == "t22"


def test_pa9_a_game_won_with_another_roll_ends_with_no_six_counted():
    """PA-9, PA-13: a 1 resets the count even on the winning move."""
    position = P({"yellow": ["goal", "goal", "goal", "l7"], "red": ["t40"]}, colours=["yellow", "red"], sixes=1)
    after, _ = go(position, 1, "yellow.3")
    assert (after["winner"], after["sixes"]) == ("yellow", 0)


def test_pa10_the_wrong_destination_of_another_colour_reads_on_its_path():
    """PA-10: red.1's announced square is named on red's path (progress 10 is red's 49)."""
    position = P({"red": ["nest", "t40"]}, turn="red")
    with pytest.raises(IllegalMove) as caught:
        play(position, 3, piece("red.1"), to=10)  # t49: nine steps, not three
    assert caught.value.params["to"] == "t49"


@pytest.mark.parametrize(("move", "message_id"), [
    ("yellow.0", "parchis.move_malformed"),
    ({"piece": 3}, "parchis.move_malformed"),
    ({"piece": "yellow"}, "parchis.move_malformed"),
    ({"piece": "yellow.9"}, "parchis.piece_not_in_play"),
    ({"piece": "green.1"}, "parchis.piece_not_in_play"),
    ({"piece": "yellow.0", "to": "l9"}, "parchis.move_to_malformed"),
])
def test_malformed_moves_are_told_apart(move, message_id):
    """A move that is not a move, and a piece that is not in the game, say which."""
    position = P({"yellow": ["t10"], "red": ["t40"]}, colours=["yellow", "red"])
    with pytest.raises(BadRequest) as caught:
        apply_action(position, {"roll": 3, "move": move})
    assert caught.value.message_id == message_id


def test_pa19_the_options_say_whether_they_are_a_bonus():
    """PA-19: screens tell a bonus move from a rolled one by the options' `bonus` flag."""
    assert options(P({"yellow": ["t10"]}), 3).bonus is False
    assert options(P({"yellow": ["t10"]}, bonus=[10]), None).bonus is True
