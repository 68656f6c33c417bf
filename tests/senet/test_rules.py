"""One or more tests per rule of Bell's Senet (SN-1..SN-14), each named by its rule id."""

from __future__ import annotations

import pytest

from companion.errors import BadPosition, BadRequest, GameOver, IllegalMove
from companion.senet import HouseRules, Move, Position, forced_move, legal_moves, play, result


def pos(p1=(), p2=(), off=(0, 0), turn=1, gate=False) -> Position:
    return Position.from_pieces({1: p1, 2: p2}, off=off, turn=turn, house_rules=HouseRules(gate_exact_26=gate))


def moves(position: Position, throw: int) -> set[tuple[int, object]]:
    return {(m.frm, m.to) for m in legal_moves(position, throw)}


def refused(position: Position, throw: int, frm: int | None, **kwargs) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        play(position, throw, frm, **kwargs)
    return info.value


# -- SN-1: thirty squares along the path; bearing off = moving to 31 -------------------------
@pytest.mark.parametrize("square", [0, 31, -1, 100])
def test_sn1_no_square_outside_1_to_30(square):
    with pytest.raises(BadPosition) as info:
        pos(p1=[5, square])
    assert info.value.rule == "SN-1"


def test_sn1_every_square_1_to_30_exists():
    for square in range(1, 31):
        assert pos(p1=[square]).pieces(1) == (square,)


@pytest.mark.parametrize("frm", [10, 20])
def test_sn1_path_runs_on_across_the_row_ends(frm):
    # 10 is the end of the top row, 20 the end of the middle row: the path goes on to 11 and 21.
    assert moves(pos(p1=[frm], p2=[2]), 1) == {(frm, frm + 1)}


def test_sn1_moving_to_31_is_bearing_off():
    after, events = play(pos(p1=[28], p2=[2]), 3, 28)
    assert after.pieces(1) == () and after.off == (1, 0)
    assert events[0] == {"type": "bear_off", "from": 28}


# -- SN-2: setup ------------------------------------------------------------------------------
def test_sn2_start_position():
    start = Position.start()
    assert start.pieces(1) == (1, 3, 5, 7, 9, 11, 13, 15, 17, 19)
    assert start.pieces(2) == (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)
    assert start.off == (0, 0)
    assert all(start.owner(square) == 0 for square in range(21, 31))


def test_sn2_player_1_moves_first():
    start = Position.start()
    assert start.turn == 1
    for throw in (1, 2, 3, 4):
        assert {m.frm for m in legal_moves(start, throw)} <= set(range(1, 20, 2))


def test_sn2_ten_pieces_each_at_most():
    assert pos(p1=list(range(1, 11)), off=(0, 0)).on_board(1) == 10
    with pytest.raises(BadPosition) as info:
        pos(p1=list(range(1, 11)), off=(1, 0))
    assert info.value.rule == "SN-2"
    with pytest.raises(BadPosition):
        pos(p2=list(range(1, 12)))


def test_sn2_captured_count_is_what_is_missing():
    position = pos(p1=[3, 5], p2=[4], off=(1, 6))
    assert position.captured(1) == 7
    assert position.captured(2) == 3


# -- SN-3: squares 26-30 are safe ---------------------------------------------------------------
@pytest.mark.parametrize("safe", [26, 27, 28, 29, 30])
def test_sn3_pieces_on_safe_squares_cannot_be_captured(safe):
    for throw in (1, 2, 3, 4):
        attacker = safe - throw
        position = pos(p1=[attacker], p2=[safe, 2])
        assert (attacker, safe) not in moves(position, throw)


def test_sn3_square_25_is_not_safe():
    assert legal_moves(pos(p1=[22], p2=[25]), 3) == [Move(22, 25, True)]


# -- SN-4: one throw, one piece, exactly that many squares, then the turn passes ----------------
@pytest.mark.parametrize("throw", [1, 2, 3, 4])
def test_sn4_a_piece_moves_exactly_the_throw(throw):
    position = pos(p1=[1, 6, 11, 16], p2=[20, 22])
    found = legal_moves(position, throw)
    assert [(m.frm, m.to) for m in found] == [(frm, frm + throw) for frm in (1, 6, 11, 16)]


@pytest.mark.parametrize("throw", [0, 5, -1, 6, True, 2.0, "3", None])
def test_sn4_throw_outside_1_to_4_is_refused(throw):
    with pytest.raises(BadRequest) as info:
        play(Position.start(), throw, 1)
    assert info.value.rule == "SN-4"
    with pytest.raises(BadRequest):
        legal_moves(Position.start(), throw)


@pytest.mark.parametrize("throw", [1, 2, 3, 4])
def test_sn4_turn_passes_after_every_throw_no_extra_throws(throw):
    start = Position.start()
    after, _ = play(start, throw, 19)
    assert after.turn == 2
    again, _ = play(after, throw, legal_moves(after, throw)[0].frm)
    assert again.turn == 1


def test_sn4_exactly_one_piece_moves():
    start = Position.start()
    after, events = play(start, 4, 19)
    assert set(after.pieces(1)) ^ set(start.pieces(1)) == {19, 23}
    assert after.pieces(2) == start.pieces(2)
    assert events == []


def test_sn4_moving_an_empty_square_is_refused():
    error = refused(Position.start(), 2, 25)
    assert (error.rule, error.message_id) == ("SN-4", "senet.no_piece")


def test_sn4_moving_the_opponents_piece_is_refused():
    error = refused(Position.start(), 2, 20)
    assert (error.rule, error.message_id) == ("SN-4", "senet.not_your_piece")
    after, _ = play(Position.start(), 4, 19)
    error = refused(after, 2, 23)  # now player 2 is to move; 23 holds player 1's piece
    assert error.message_id == "senet.not_your_piece"


def test_sn4_a_wrong_announced_distance_is_refused():
    error = refused(Position.start(), 3, 19, to=21)
    assert (error.rule, error.message_id) == ("SN-4", "senet.wrong_distance")
    after, _ = play(Position.start(), 3, 19, to=22)
    assert 22 in after.pieces(1)


# -- SN-5: never onto one's own piece -----------------------------------------------------------
def test_sn5_cannot_stop_on_own_piece():
    position = pos(p1=[10, 12], p2=[2])
    assert (10, 12) not in moves(position, 2)
    assert (12, 14) in moves(position, 2)
    error = refused(position, 2, 10)
    assert error.rule == "SN-5" and error.params["square"] == 12


def test_sn5_own_piece_on_a_safe_square_also_blocks():
    position = pos(p1=[25, 28], p2=[2])
    assert (25, 28) not in moves(position, 3)
    assert refused(position, 3, 25).rule == "SN-5"


def test_sn5_moving_the_front_piece_unblocks():
    position = pos(p1=[10, 12], p2=[2])
    after, _ = play(position, 1, 12)
    after, _ = play(after, 1, 2)
    assert (10, 12) in moves(after, 2)


# -- SN-6: capturing on 1-25 -----------------------------------------------------------------------
@pytest.mark.parametrize("target", [1 + 3, 13, 24, 25])
def test_sn6_stopping_on_opponent_captures(target):
    position = pos(p1=[target - 3], p2=[target, 28], off=(1, 1))
    assert Move(target - 3, target, True) in legal_moves(position, 3)
    after, events = play(position, 3, target - 3)
    assert events[0] == {"type": "capture", "square": target}
    assert after.owner(target) == 1
    assert after.pieces(2) == (28,)
    # the captured piece leaves for good and scores for no one
    assert after.off == (1, 1)
    assert after.captured(2) == position.captured(2) + 1
    assert after.captured(1) == position.captured(1)


def test_sn6_neighbours_give_no_protection():
    position = pos(p1=[9], p2=[11, 12, 13])
    assert legal_moves(position, 2) == [Move(9, 11, True)]
    assert legal_moves(position, 3) == [Move(9, 12, True)]
    assert legal_moves(position, 4) == [Move(9, 13, True)]


def test_sn6_capturing_is_not_compulsory():
    position = pos(p1=[5, 9], p2=[8])
    assert moves(position, 3) == {(5, 8), (9, 12)}
    after, events = play(position, 3, 9)
    assert after.pieces(2) == (8,) and events == []


def test_sn6_player_2_captures_too():
    position = pos(p1=[10], p2=[7], turn=2)
    after, events = play(position, 3, 7)
    assert after.pieces(1) == () and after.pieces(2) == (10,)
    assert events[0] == {"type": "capture", "square": 10}


# -- SN-7: no stopping on an occupied safe square ------------------------------------------------
@pytest.mark.parametrize("safe", [26, 27, 28, 29, 30])
def test_sn7_occupied_safe_square_is_refused(safe):
    position = pos(p1=[safe - 1, 3], p2=[safe])
    assert (safe - 1, safe) not in moves(position, 1)
    error = refused(position, 1, safe - 1)
    assert (error.rule, error.params["square"]) == ("SN-7", safe)


def test_sn7_safe_square_blocks_within_the_safe_zone():
    position = pos(p1=[27], p2=[29])
    assert moves(position, 2) == set()
    assert refused(position, 2, 27).rule == "SN-7"


# -- SN-8: jumping, and the gate_exact_26 house rule -----------------------------------------------
def test_sn8_pieces_jump_over_any_pieces():
    position = pos(p1=[10, 12], p2=[11, 13])
    assert (10, 14) in moves(position, 4)


def test_sn8_jumping_over_safe_pieces():
    position = pos(p1=[24, 25], p2=[26, 27])
    assert moves(position, 4) == {(24, 28), (25, 29)}


@pytest.mark.parametrize("frm,throw", [(23, 4), (24, 3), (24, 4), (25, 2), (25, 3), (25, 4)])
def test_sn8_by_default_26_need_not_be_hit_exactly(frm, throw):
    assert moves(pos(p1=[frm], p2=[2]), throw) == {(frm, frm + throw)}


@pytest.mark.parametrize("frm,throw", [(23, 4), (24, 3), (24, 4), (25, 2), (25, 3), (25, 4)])
def test_sn8_gate_exact_26_forbids_passing_26(frm, throw):
    position = pos(p1=[frm], p2=[2], gate=True)
    assert moves(position, throw) == set()
    error = refused(position, throw, frm)
    assert (error.rule, error.message_id) == ("SN-8", "senet.gate_26")


@pytest.mark.parametrize("frm", [22, 23, 24, 25])
def test_sn8_gate_exact_26_allows_stopping_on_26(frm):
    position = pos(p1=[frm], p2=[2], gate=True)
    assert moves(position, 26 - frm) == {(frm, 26)}


def test_sn8_gate_exact_26_lets_pieces_leave_26_and_move_before_it():
    position = pos(p1=[26], p2=[2], gate=True)
    assert moves(position, 4) == {(26, 30)}
    assert moves(pos(p1=[20], p2=[2], gate=True), 4) == {(20, 24)}


def test_sn8_gate_exact_26_blocked_gate_blocks_everything_behind():
    # 26 is held by the opponent: with the house rule no piece can get past it.
    position = pos(p1=[23, 24, 25], p2=[26], gate=True)
    for throw in (1, 2, 3, 4):
        assert moves(position, throw) == set()
    without = pos(p1=[23, 24, 25], p2=[26])
    assert moves(without, 2) == {(25, 27)}
    assert moves(without, 4) == {(23, 27), (24, 28), (25, 29)}


# -- SN-9: bearing off only exactly from 27-30 -----------------------------------------------------
@pytest.mark.parametrize("square,exact", [(27, 4), (28, 3), (29, 2), (30, 1)])
def test_sn9_bearing_off_needs_the_exact_throw(square, exact):
    for throw in (1, 2, 3, 4):
        position = pos(p1=[square], p2=[3])
        legal = moves(position, throw)
        if throw == exact:
            assert legal == {(square, "off")}
            after, events = play(position, throw, square)
            assert after.off == (1, 0) and events[0] == {"type": "bear_off", "from": square}
        elif throw < exact:
            assert legal == {(square, square + throw)}  # moving on within 27-30
        else:
            assert legal == set()
            error = refused(position, throw, square)
            assert (error.rule, error.message_id) == ("SN-9", "senet.bear_off_exact")


@pytest.mark.parametrize("square", [26, 27, 28, 29])
def test_sn9_moving_forward_within_27_to_30_onto_an_empty_square(square):
    for throw in range(1, 31 - square):
        assert moves(pos(p1=[square], p2=[3]), throw) == {(square, square + throw)}


def test_sn9_no_bearing_off_from_26_or_earlier():
    for frm in range(1, 27):
        for throw in (1, 2, 3, 4):
            position = pos(p1=[frm])
            assert all(to != "off" for _, to in moves(position, throw))


def test_sn9_announcing_bear_off_from_a_wrong_square_or_with_a_wrong_throw():
    error = refused(pos(p1=[24], p2=[3]), 4, 24, to="off")
    assert (error.rule, error.message_id) == ("SN-9", "senet.bear_off_square")
    error = refused(pos(p1=[27], p2=[3]), 2, 27, to="off")
    assert (error.rule, error.message_id) == ("SN-9", "senet.bear_off_exact")
    after, _ = play(pos(p1=[27], p2=[3]), 4, 27, to="off")
    assert after.off == (1, 0)


# -- SN-10: forced move from 26-30 ----------------------------------------------------------------
def test_sn10_a_piece_on_26_to_30_that_can_move_must_move():
    position = pos(p1=[10, 26], p2=[3])
    assert moves(position, 2) == {(26, 28)}
    error = refused(position, 2, 10)
    assert (error.rule, error.message_id) == ("SN-10", "senet.forced_move")


def test_sn10_only_a_bear_off_possible_is_still_forced():
    position = pos(p1=[5, 29], p2=[3])
    assert moves(position, 2) == {(29, "off")}
    assert refused(position, 2, 5).rule == "SN-10"
    # with another throw 29 cannot move (3 and 4 overshoot), so the piece behind moves freely
    assert moves(position, 3) == {(5, 8)}


def test_sn10_any_of_the_forced_pieces_will_do():
    position = pos(p1=[10, 26, 30], p2=[3])
    assert moves(position, 1) == {(26, 27), (30, "off")}
    for frm in (26, 30):
        play(position, 1, frm)
    assert refused(position, 1, 10).rule == "SN-10"


def test_sn10_blocked_forced_pieces_do_not_force():
    # 26 cannot move 2 (28 is the opponent's safe square): pieces behind may move.
    position = pos(p1=[10, 26], p2=[28])
    assert moves(position, 2) == {(10, 12)}
    # the piece on 30 cannot move 3: not forced either
    assert moves(pos(p1=[10, 30], p2=[3]), 3) == {(10, 13)}


def test_sn10_forced_move_says_when_the_rule_held_a_piece_back():
    assert forced_move(pos(p1=[10, 26], p2=[3]), 2)  # 10 -> 12 was possible, 26 must go
    assert forced_move(pos(p1=[5, 29], p2=[3]), 2)  # only the bear-off from 29
    assert not forced_move(pos(p1=[10, 26], p2=[28]), 2)  # 26 is blocked: nothing forced
    assert not forced_move(pos(p1=[26, 30], p2=[3]), 1)  # only pieces on 26-30 anyway
    assert not forced_move(pos(p1=[10, 26], p2=[12, 28]), 2)  # 26 blocked by 28; 10 -> 12 captures freely
    assert not forced_move(pos(p1=[24, 26], p2=[3]), 2)  # 24 -> 26 stops on its own piece: 26 is the only mover


def test_sn10_forced_for_player_2():
    position = pos(p1=[3], p2=[8, 27], turn=2)
    assert moves(position, 4) == {(27, "off")}
    assert refused(position, 4, 8).rule == "SN-10"


def test_sn10_forced_with_gate_house_rule():
    position = pos(p1=[20, 26], p2=[3], gate=True)
    assert moves(position, 4) == {(26, 30)}
    assert refused(position, 4, 20).rule == "SN-10"


# -- SN-11: no legal move, the turn passes --------------------------------------------------------
def test_sn11_pass_when_no_legal_move():
    position = pos(p1=[30, 29], p2=[3])
    assert legal_moves(position, 3) == []
    after, events = play(position, 3, None)
    assert events == [{"type": "pass"}]
    assert after.turn == 2
    assert after.squares == position.squares and after.off == position.off


def test_sn11_pass_when_every_piece_is_blocked():
    position = pos(p1=[10, 11, 12, 13], p2=[14])
    # with a throw of 1, 10, 11 and 12 are blocked by their own pieces
    assert moves(position, 1) == {(13, 14)}
    blocked = pos(p1=[26], p2=[27, 28, 29, 30])
    for throw in (1, 2, 3, 4):
        assert legal_moves(blocked, throw) == []
        assert play(blocked, throw, None)[1] == [{"type": "pass"}]


def test_sn11_pass_refused_when_a_move_exists():
    error = refused(Position.start(), 1, None)
    assert (error.rule, error.message_id) == ("SN-11", "senet.must_move")


def test_sn11_a_player_with_no_piece_on_the_board_passes():
    position = pos(p1=[], p2=[20, 21], off=(2, 1))
    assert not result(position).over
    assert legal_moves(position, 1) == []
    after, events = play(position, 1, None)
    assert events == [{"type": "pass"}] and after.turn == 2


# -- SN-12: a point per piece borne off -------------------------------------------------------------
def test_sn12_each_piece_borne_off_scores_one():
    position = pos(p1=[27, 28, 29], p2=[3, 5], off=(2, 0))
    after, _ = play(position, 3, 28)
    assert after.off == (3, 0)
    assert result(after).score == (3, 0)
    assert result(after).to_json()["score"] == {"1": 3, "2": 0}


def test_sn12_captures_score_nothing():
    position = pos(p1=[22], p2=[25, 3], off=(1, 1))
    after, _ = play(position, 3, 22)
    assert result(after).score == (1, 1)


# -- SN-13: the game ends when the lead can no longer be caught ---------------------------------------
def test_sn13_strictly_greater_ends_the_game():
    position = pos(p1=[5], p2=[8, 9], off=(4, 1))
    res = result(position)
    assert res.over and res.winner == 1 and not res.draw


def test_sn13_equal_does_not_end_the_game():
    # 3 == 1 + 2: player 2 could still draw by bearing off both pieces.
    position = pos(p1=[5], p2=[28, 29], off=(3, 1))
    assert not result(position).over
    assert legal_moves(position, 2) == [Move(5, 7, False)]


def test_sn13_the_ending_bear_off_gives_game_over_and_passes_the_turn():
    position = pos(p1=[27, 5], p2=[8, 9], off=(3, 1))
    assert not result(position).over
    after, events = play(position, 4, 27)
    assert events == [{"type": "bear_off", "from": 27}, {"type": "game_over"}]
    assert after.turn == 2
    res = result(after)
    assert (res.over, res.winner, res.score) == (True, 1, (4, 1))


def test_sn13_a_capture_can_end_the_game():
    # player 2 needs to catch up 3: with 3 pieces on board it may; after losing one it cannot.
    position = pos(p1=[5], p2=[8, 20, 21], off=(4, 1))
    assert not result(position).over
    after, events = play(position, 3, 5)
    assert events == [{"type": "capture", "square": 8}, {"type": "game_over"}]
    assert result(after).winner == 1


def test_sn13_player_2_can_win():
    position = pos(p1=[10], p2=[30], off=(0, 1), turn=2)
    after, events = play(position, 1, 30)
    assert events[-1] == {"type": "game_over"}
    assert result(after).winner == 2 and after.turn == 1


def test_sn13_no_moves_after_the_game_ended():
    finished = pos(p1=[5], p2=[8], off=(5, 0), turn=2)
    with pytest.raises(GameOver) as info:
        play(finished, 3, 8)
    assert info.value.rule == "SN-13"
    with pytest.raises(GameOver):
        play(finished, 3, None)
    with pytest.raises(GameOver):
        legal_moves(finished, 3)


def test_sn13_not_over_at_the_start():
    assert not result(Position.start()).over


# -- SN-14: empty board ------------------------------------------------------------------------------
def test_sn14_empty_board_equal_scores_draw():
    res = result(pos(off=(3, 3)))
    assert (res.over, res.winner, res.draw) == (True, None, True)
    assert res.to_json() == {"over": True, "winner": None, "draw": True, "score": {"1": 3, "2": 3}}


def test_sn14_last_piece_off_for_a_draw():
    position = pos(p1=[], p2=[30], off=(2, 1), turn=2)
    assert not result(position).over
    after, events = play(position, 1, 30)
    assert events == [{"type": "bear_off", "from": 30}, {"type": "game_over"}]
    res = result(after)
    assert res.draw and res.winner is None and res.score == (2, 2)


def test_sn14_empty_board_higher_score_wins():
    assert result(pos(off=(2, 1))).winner == 1
    assert result(pos(off=(0, 1))).winner == 2
    assert result(pos(off=(0, 0))).draw  # everything captured: 0-0 draw


def test_sn14_finished_draw_refuses_moves():
    with pytest.raises(GameOver) as info:
        play(pos(off=(1, 1)), 2, None)
    assert info.value.rule == "SN-14"


@pytest.mark.parametrize("throw,expected",
                         [(2, [Move(19, 21, False)]), (4, [Move(17, 21, False), Move(19, 23, False)])])
def test_sn5_at_the_start_even_throws_are_blocked_by_own_pieces(throw, expected):
    # player 1 stands on every odd square 1..19: an even throw lands on its own piece except at the front
    assert legal_moves(Position.start(), throw) == expected
