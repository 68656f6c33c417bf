"""PA-7 in the quick team game: the move that finishes a player takes its pieces still on the
track or in its lane out of play, to its nest, so that they can never block (a blockade that
nobody may open would freeze the game). And with teams, places are team places."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.errors import BadPosition
from companion.parchis import GAME, ParchisState, Position
from companion.referee import handle_line
from companion.session import MatchSession

from .helpers import P, go, movers, pos_json, types

QUICK_TEAMS: dict[str, Any] = {"mode": "quick", "teams": True}


def test_pa7_the_finishing_move_sends_the_leftover_pieces_to_the_nest():
    """PA-7: yellow's second piece reaches the goal (l5 + 3); its blockade on t10 leaves the board."""
    position = P({"yellow": ["goal", "l5", "t10", "t10"], "red": ["t40"], "blue": ["t8"]}, **QUICK_TEAMS)
    after, events = go(position, 3, "yellow.1")
    assert after["pieces"]["yellow"] == ["goal", "goal", "nest", "nest"]
    assert types(events) == ["move", "goal", "out_of_play", "bonus"]
    assert events[2] == {"type": "out_of_play", "pieces": ["yellow.2", "yellow.3"]}
    assert after["last_arrival"] == {}  # t10 no longer holds two pieces
    assert (after["turn"], after["bonus"], after["winner"]) == ("yellow", [10], None)


def test_pa7_a_piece_in_the_lane_goes_out_of_play_too():
    """PA-7: 'on the track or in its lane': a lane piece is taken out as well, a nest piece stays."""
    position = P({"yellow": ["goal", "l6", "l2", "nest"], "red": ["t40"]}, **QUICK_TEAMS)
    after, events = go(position, 2, "yellow.1")
    assert after["pieces"]["yellow"] == ["goal", "goal", "nest", "nest"]
    assert events[2] == {"type": "out_of_play", "pieces": ["yellow.2"]}


def test_pa7_the_leftover_blockade_no_longer_freezes_the_game():
    """PA-7: the blockade on t10 stood in blue's way; once yellow finishes, blue passes."""
    position = P({"yellow": ["goal", "l5", "t10", "t10"], "red": ["t40"], "blue": ["t8"]}, **QUICK_TEAMS)
    before_blue = P({"yellow": ["goal", "l5", "t10", "t10"], "red": ["t40"], "blue": ["t8"]}, turn="blue",
                    **QUICK_TEAMS)
    assert movers(before_blue, 4) == []  # t10 blocks blue today
    after, _ = go(position, 3, "yellow.1")
    blue_turn = Position.from_json({**after, "turn": "blue", "bonus": [], "last_moved": None})
    assert movers(blue_turn, 4) == ["blue.0"]


def test_pa7_the_winning_move_also_takes_the_partner_pieces_out_of_play():
    """PA-7: yellow (finished) brings red's second piece home: red finishes, the team wins, and
    red's piece left on the track goes to its nest before the game ends."""
    position = P({"yellow": ["goal", "goal"], "red": ["goal", "l6", "t50"]}, **QUICK_TEAMS)
    after, events = go(position, 2, "red.1")
    assert after["winner"] == ["yellow", "red"]
    assert after["pieces"]["red"] == ["goal", "goal", "nest", "nest"]
    assert types(events) == ["move", "goal", "out_of_play", "game_over"]


def test_pa7_only_the_quick_team_game_takes_pieces_out_of_play():
    """PA-7: without teams the second piece home simply wins (PA-8); nothing else moves."""
    position = P({"yellow": ["goal", "l5", "t10"], "red": ["t40"]}, colours=["yellow", "red"], mode="quick")
    after, events = go(position, 3, "yellow.1")
    assert after["winner"] == "yellow" and after["pieces"]["yellow"][2] == "t10"
    assert "out_of_play" not in types(events)


def test_pa7_a_first_piece_home_takes_nothing_out_of_play():
    """PA-7: only the move that finishes the player counts (one piece home is not two)."""
    position = P({"yellow": ["l5", "t10", "t20"], "red": ["t40"]}, **QUICK_TEAMS)
    after, events = go(position, 3, "yellow.0")
    assert after["pieces"]["yellow"][:3] == ["goal", "t10", "t20"] and "out_of_play" not in types(events)


def test_pa7_a_finished_quick_team_player_with_pieces_on_the_board_is_a_bad_position():
    """PA-7: such a position cannot arise, so it is refused (bad_position)."""
    for leftover in ("t10", "l3"):
        with pytest.raises(BadPosition) as caught:
            P({"yellow": ["goal", "goal", leftover], "red": ["t40"]}, **QUICK_TEAMS)
        assert (caught.value.rule, caught.value.message_id) == ("PA-7", "parchis.position_out_of_play")
    assert P({"yellow": ["goal", "goal", "t10"], "red": ["t40"]}, teams=True).teams  # standard: not finished
    finished = P({"yellow": ["goal", "goal"], "red": ["t40"]}, **QUICK_TEAMS)
    assert finished.out_of_play(0) and not finished.out_of_play(2)


def test_pa7_the_protocol_tells_out_of_play_and_refuses_the_position():
    """PA-7 through the referee: the event in `play`, `bad_position` for the impossible position."""
    position = pos_json({"yellow": ["goal", "l5", "t10", "t10"], "red": ["t40"]}, **QUICK_TEAMS)
    answer = handle_line(json.dumps({"game": "parchis", "op": "play", "position": position, "roll": 3,
                                     "move": {"piece": "yellow.1"}}))
    assert answer["ok"] is True and answer["next"] == "bonus"
    assert answer["events"] == [{"type": "goal", "piece": "yellow.1", "in_goal": 2},
                                {"type": "out_of_play", "pieces": ["yellow.2", "yellow.3"]}]
    bad = pos_json({"yellow": ["goal", "goal", "t10"], "red": ["t40"]}, **QUICK_TEAMS)
    refused = handle_line(json.dumps({"game": "parchis", "op": "legal", "position": bad, "roll": 3}))
    assert refused["error"]["code"] == "bad_position" and refused["error"]["rule"] == "PA-7"


def test_pa7_team_places_are_one_and_two():
    """PA-7: a team game has two places; the losing team is second, not third."""
    session = MatchSession(GAME, {"players": 4, "teams": True, "mode": "quick"})
    won = Position.from_json(pos_json({"yellow": ["goal", "goal"], "red": ["goal", "goal"], "blue": ["t30"],
                                       "green": ["t60"]}, teams=True, mode="quick", winner=["yellow", "red"]))
    outcome = session.engine.outcome(ParchisState(won))
    assert outcome.over and outcome.teams
    assert [outcome.placing(seat) for seat in range(4)] == [1, 2, 1, 2]  # seats: yellow, blue, red, green
    assert outcome.to_json()["teams"] is True and type(outcome).from_json(outcome.to_json()) == outcome
