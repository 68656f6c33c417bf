"""Property-based tests: thousands of random games and random positions.

The checks compare the engine with a small oracle written here straight from the rules text
(SN-1..SN-14), kept deliberately different in shape from the engine (sets of squares,
a bear-off table), and with invariants any correct engine keeps.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.referee import handle
from companion.senet import HouseRules, Position, legal_moves, play, result

BEAR_OFF_THROW = {27: 4, 28: 3, 29: 2, 30: 1}  # SN-9
SAFE = {26, 27, 28, 29, 30}  # SN-3
MAX_PLIES = 3000  # a random game lasts about 90 plies; this bound is never reached by a correct engine
GAMES_PER_EXAMPLE = 8  # 300 examples x 8 = 2,400 random games a run


# -- the oracle ------------------------------------------------------------------------------------
def oracle_moves(mine: set[int], theirs: set[int], throw: int, gate: bool) -> list[tuple[int, object]]:
    """Every legal (from, to) for the player owning `mine`, from the rules text alone."""
    options = []
    for square in sorted(mine):
        if BEAR_OFF_THROW.get(square) == throw:  # SN-9: exact throw from a marked square
            options.append((square, "off"))
            continue
        target = square + throw
        if target > 30:  # SN-9: any other move past 30
            continue
        if gate and square < 26 < target:  # SN-8 house rule
            continue
        if target in mine:  # SN-5
            continue
        if target in theirs and target in SAFE:  # SN-7
            continue
        options.append((square, target))
    forced = [option for option in options if option[0] in SAFE]  # SN-10
    return forced or options


def oracle_over(mine_off: int, theirs_off: int, mine_board: int, theirs_board: int) -> bool:
    """SN-13 and SN-14, as written."""
    return (
        mine_off > theirs_off + theirs_board
        or theirs_off > mine_off + mine_board
        or (mine_board == 0 and theirs_board == 0)
    )


def sides(position: Position) -> tuple[set[int], set[int]]:
    return set(position.pieces(1)), set(position.pieces(2))


def play_on_to_empty_board(position: Position, rng: random.Random) -> tuple[int, int]:
    """Ignore SN-13 and play on with the oracle until the board is empty; the final score."""
    board = {1: set(position.pieces(1)), 2: set(position.pieces(2))}
    off = {1: position.off[0], 2: position.off[1]}
    turn = position.turn
    for _ in range(MAX_PLIES):
        if not board[1] and not board[2]:
            return off[1], off[2]
        other = 3 - turn
        options = oracle_moves(board[turn], board[other], rng.randint(1, 4), position.house_rules.gate_exact_26)
        if options:
            frm, to = rng.choice(options)
            board[turn].discard(frm)
            if to == "off":
                off[turn] += 1
            else:
                board[other].discard(to)
                board[turn].add(to)
        turn = other
    raise AssertionError("playing on never emptied the board")


# -- choosing moves ----------------------------------------------------------------------------------
POLICIES = ["random", "capture", "front", "back"]


def choose(policy: str, legal, rng: random.Random):
    if policy == "capture":
        captures = [m for m in legal if m.capture or m.to == "off"]
        return rng.choice(captures or legal)
    if policy == "front":
        return legal[-1]
    if policy == "back":
        return legal[0]
    return rng.choice(legal)


def play_one_game(seed: int, gate: bool, policy: str) -> int:
    rng = random.Random(seed)
    position = Position.start(HouseRules(gate_exact_26=gate))
    captured = (0, 0)
    for ply in range(MAX_PLIES):
        res = result(position)
        mine, theirs = sides(position)
        turn, other = position.turn, 3 - position.turn
        over = oracle_over(position.off[turn - 1], position.off[other - 1], len(mine if turn == 1 else theirs),
                           len(theirs if turn == 1 else mine))
        assert res.over == over, f"SN-13/SN-14 at ply {ply}: the engine says over={res.over}"
        if res.over:
            break

        throw = rng.randint(1, 4)
        legal = legal_moves(position, throw)
        pairs = [(m.frm, m.to) for m in legal]
        own, opp = (mine, theirs) if turn == 1 else (theirs, mine)
        assert pairs == oracle_moves(own, opp, throw, gate)
        assert [m.frm for m in legal] == sorted(m.frm for m in legal)
        for move in legal:
            assert move.capture == (move.to != "off" and move.to in opp)

        if not legal:
            after, events = play(position, throw, None)
            assert events == [{"type": "pass"}]
            assert after.squares == position.squares and after.off == position.off
        else:
            if rng.random() < 0.1:  # now and then, check that refusals are refusals
                with pytest.raises(IllegalMove):
                    play(position, throw, None)
                wrong = sorted(own - {m.frm for m in legal})
                if wrong:
                    with pytest.raises(IllegalMove):
                        play(position, throw, rng.choice(wrong))
            move = choose(policy, legal, rng)
            after, events = play(position, throw, move.frm)
            kinds = [event["type"] for event in events]
            assert ("capture" in kinds) == move.capture
            assert ("bear_off" in kinds) == (move.to == "off")
            # exactly the chosen piece moved
            assert move.frm not in after.pieces(turn)
            if move.to != "off":
                assert after.owner(move.to) == turn
            assert set(after.pieces(other)) == opp - ({move.to} if move.capture else set())

        assert after.turn == other  # SN-4: the turn always passes
        assert ("game_over" in [e["type"] for e in events]) == result(after).over
        assert [e["type"] for e in events].count("game_over") <= 1
        # counts: on board + off + captured = 10, captured and off never go down
        for player in (1, 2):
            assert after.on_board(player) + after.off[player - 1] + after.captured(player) == 10
            assert after.captured(player) >= captured[player - 1]
            assert after.off[player - 1] >= position.off[player - 1]
        assert not set(after.pieces(1)) & set(after.pieces(2))
        # at most one piece leaves the board per ply (a capture or a bear-off)
        assert position.on_board(1) + position.on_board(2) - after.on_board(1) - after.on_board(2) in (0, 1)
        captured = (after.captured(1), after.captured(2))
        position = after
    else:
        raise AssertionError(f"the game did not end within {MAX_PLIES} plies")

    # the result: SN-13 strict lead, SN-14 empty board, and the same as playing on to the end
    res = result(position)
    s1, s2 = position.off
    b1, b2 = position.on_board(1), position.on_board(2)
    if res.draw:
        assert res.winner is None and b1 == b2 == 0 and s1 == s2
    elif res.winner == 1:
        assert s1 > s2 + b2
    else:
        assert res.winner == 2 and s2 > s1 + b1
    final1, final2 = play_on_to_empty_board(position, rng)
    if res.draw:
        assert final1 == final2
    else:
        assert (final1 > final2) == (res.winner == 1) and final1 != final2
    assert Position.from_json(position.to_json()) == position
    return ply


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), gate=st.booleans(), policy=st.sampled_from(POLICIES))
def test_random_games_keep_every_invariant_and_end(seed, gate, policy):
    for offset in range(GAMES_PER_EXAMPLE):
        play_one_game(seed + offset, gate, policy)


# -- random positions ------------------------------------------------------------------------------------
@st.composite
def positions(draw):
    squares = draw(st.lists(st.integers(1, 30), unique=True, max_size=20))
    split = draw(st.integers(0, len(squares)))
    p1, p2 = squares[:split], squares[split:]
    p1, p2 = p1[:10], p2[:10]
    off1 = draw(st.integers(0, 10 - len(p1)))
    off2 = draw(st.integers(0, 10 - len(p2)))
    return Position.from_pieces(
        {1: p1, 2: p2},
        off=(off1, off2),
        turn=draw(st.sampled_from([1, 2])),
        house_rules=HouseRules(draw(st.booleans())),
    )


@settings(max_examples=600, deadline=None)
@given(position=positions(), throw=st.integers(1, 4))
def test_random_positions_legal_moves_match_the_rules(position, throw):
    res = result(position)
    s = position.off
    b = (position.on_board(1), position.on_board(2))
    assert res.over == oracle_over(s[0], s[1], b[0], b[1])
    if res.over:
        response = handle({"game": "senet", "op": "legal", "position": position.to_json(), "throw": throw})
        assert response["error"]["code"] == "game_over"
        return
    mine, theirs = sides(position)
    if position.turn == 2:
        mine, theirs = theirs, mine
    legal = legal_moves(position, throw)
    assert [(m.frm, m.to) for m in legal] == oracle_moves(mine, theirs, throw, position.house_rules.gate_exact_26)
    legal_from = {m.frm for m in legal}
    # every listed move plays; every other own piece is refused with a rule id
    for square in sorted(mine):
        if square in legal_from:
            play(position, throw, square)
        else:
            with pytest.raises(IllegalMove) as info:
                play(position, throw, square)
            assert info.value.rule in {"SN-5", "SN-7", "SN-8", "SN-9", "SN-10"}
    # the protocol answers the same, through JSON, with the board in a shuffled order
    data = position.to_json()
    data["board"] = {key: list(reversed(value)) for key, value in data["board"].items()}
    response = handle({"game": "senet", "op": "legal", "position": data, "throw": throw})
    assert response == {"ok": True, "moves": [m.to_json() for m in legal]}
