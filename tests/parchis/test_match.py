"""Parchís through the game seam: the GAME record, the match state (a roll waits for its move),
'roll for me', whose turn, the outcome, and a session with undo and resume."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.errors import BadRequest, GameOver, IllegalMove
from companion.games import game
from companion.parchis import GAME, ParchisEngine, ParchisState, Position, pending
from companion.session import MatchSession, NothingToRoll

from .helpers import pos_json

ENGINE = ParchisEngine()


def state_of(pieces: dict[str, list[str]], roll: int | None = None, **kwargs: Any) -> ParchisState:
    return ParchisState(Position.from_json(pos_json(pieces, **kwargs)), roll)


def test_the_registry_gives_the_parchis_record():
    assert game("parchis") is GAME
    assert (GAME.min_players, GAME.max_players, GAME.teams, GAME.players_rule) == (2, 4, True, "PA-6")
    assert GAME.defaults() == {"mode": "standard", "teams": False, "colours": "auto"}


@pytest.mark.parametrize(("players", "colours"), [
    (2, ["yellow", "red"]),
    (3, ["yellow", "blue", "red"]),
    (4, ["yellow", "blue", "red", "green"]),
])
def test_default_colours_by_player_count(players, colours):
    """PA-6: two players sit opposite."""
    state = GAME.new_state({"players": players})
    assert state.position.to_json()["colours"] == colours and state.roll is None


def test_chosen_colours_mode_and_teams():
    state = GAME.new_state({"players": 2, "colours": "blue+green", "mode": "quick"})
    position = state.position.to_json()
    assert position["colours"] == ["blue", "green"] and position["pieces"]["blue"][0] == "t22"
    teams = GAME.new_state({"players": 4, "teams": True}).position
    assert teams.teams


@pytest.mark.parametrize(("setup", "rule"), [
    ({"players": 3, "colours": "yellow+red"}, "PA-6"),  # two colours for three players
    ({"players": 3, "teams": True}, "PA-7"),
    ({"players": 2, "teams": True}, "PA-7"),
    ({"players": 5}, "PA-6"),
    ({"players": 2, "mode": "fast"}, "PA-8"),
])
def test_setups_the_rules_refuse(setup, rule):
    with pytest.raises(BadRequest) as caught:
        GAME.new_state(setup)
    assert caught.value.rule == rule


def test_the_engine_also_takes_a_list_of_colours_and_refuses_neighbours():
    """PA-6: a list from code, not the form."""
    assert ENGINE.new_state({"players": 2, "colours": ["green", "blue"]}).position.colours == (1, 3)
    with pytest.raises(BadRequest) as caught:
        ENGINE.new_state({"players": 2, "colours": ["yellow", "blue"]})
    assert caught.value.rule == "PA-6"


def test_a_roll_waits_for_its_move():
    state = state_of({"yellow": ["t10", "t20"]})
    waiting, events = ENGINE.apply(state, {"roll": 3})
    assert waiting.roll == 3 and waiting.position == state.position
    assert events == [{"type": "roll", "roll": 3, "steps": 3, "seat": 0}]
    assert [move.name for move in pending(waiting).moves] == ["yellow.0", "yellow.1"]  # type: ignore[union-attr]
    moved, events = ENGINE.apply(waiting, {"move": {"piece": "yellow.1"}})
    assert moved.roll is None and moved.position.to_json()["pieces"]["yellow"][1] == "t23"
    assert events == [{"type": "move", "colour": "yellow", "piece": "yellow.1", "from": "t20", "to": "t23",
                       "steps": 3, "bonus": False, "seat": 0}]


def test_a_roll_with_no_legal_move_is_spent_at_once():
    """PA-20: nobody is asked to choose."""
    after, events = ENGINE.apply(state_of({}), {"roll": 4})
    assert after.roll is None and after.position.to_json()["turn"] == "blue"
    assert [event["type"] for event in events] == ["roll", "pass"]


def test_a_third_six_is_played_at_once():
    """PA-14."""
    after, events = ENGINE.apply(state_of({"yellow": ["t10"]}, sixes=2, last_moved="yellow.0"), {"roll": 6})
    assert [event["type"] for event in events] == ["roll", "penalty"]
    assert after.position.to_json()["pieces"]["yellow"][0] == "nest"


def test_a_bonus_nobody_can_make_is_lost_at_once():
    """PA-19: the goal's 10 cannot be played by a piece on l3, the only one out."""
    state = state_of({"yellow": ["l5", "l3"]})
    after, events = ENGINE.apply(state, {"roll": 3, "move": {"piece": "yellow.0"}})
    assert [event["type"] for event in events] == ["move", "goal", "bonus", "bonus_lost"]
    assert after.position.to_json()["turn"] == "blue" and after.position.bonus == ()


def test_a_bonus_is_played_without_a_roll():
    state = state_of({"yellow": ["t10", "t30"], "blue": ["t13"]})
    after, _ = ENGINE.apply(state, {"roll": 3, "move": {"piece": "yellow.0"}})
    assert after.position.bonus == (20,)
    assert ENGINE.roll(after, random.Random(1)) is None
    with pytest.raises(BadRequest):
        ENGINE.apply(after, {"roll": 4})
    final, events = ENGINE.apply(after, {"move": {"piece": "yellow.1"}})
    assert events[0]["bonus"] is True and final.position.to_json()["turn"] == "blue"


def test_the_entries_the_match_refuses():
    state = state_of({"yellow": ["t10"]})
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, {"move": {"piece": "yellow.0"}})
    assert caught.value.rule == "PA-10" and caught.value.params["seat"] == 0
    waiting, _ = ENGINE.apply(state, {"roll": 2})
    with pytest.raises(IllegalMove):
        ENGINE.apply(waiting, {"roll": 3})
    with pytest.raises(IllegalMove):
        ENGINE.apply(waiting, {"roll": 3, "move": {"piece": "yellow.0"}})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {"roll": "2"})
    finished = state_of({"yellow": ["goal"] * 4}, colours=["yellow", "red"], turn="red")
    with pytest.raises(GameOver):
        ENGINE.apply(finished, {"roll": 2})


def test_roll_for_me_uses_the_given_generator():
    """PA-10: one fair die, drawn with rng.randint(1, 6)."""
    state = state_of({"yellow": ["t10"]})
    assert ENGINE.roll(state, random.Random(5)) == {"roll": random.Random(5).randint(1, 6)}
    faces = {ENGINE.roll(state, random.Random(seed))["roll"] for seed in range(200)}  # type: ignore[index]
    assert faces == {1, 2, 3, 4, 5, 6}
    waiting, _ = ENGINE.apply(state, {"roll": 2})
    assert ENGINE.roll(waiting, random.Random(1)) is None
    finished = state_of({"yellow": ["goal"] * 4}, colours=["yellow", "red"], turn="red")
    assert ENGINE.roll(finished, random.Random(1)) is None


def test_to_move_is_the_seat_of_the_turn():
    assert ENGINE.to_move(state_of({}, colours=["blue", "red", "green"], turn="red")) == 1
    assert ENGINE.to_move(state_of({"yellow": ["goal"] * 4}, colours=["yellow", "red"], turn="red")) is None


def test_outcome_while_playing():
    outcome = ENGINE.outcome(state_of({"yellow": ["goal", "t10"], "green": ["goal", "goal"]}))
    assert (outcome.over, outcome.places) == (False, ())
    assert outcome.scores == {0: 1, 1: 0, 2: 0, 3: 2}


def test_outcome_winner_first_everybody_else_together():
    """PA-9: nobody plays on for second place."""
    outcome = ENGINE.outcome(state_of({"blue": ["goal"] * 4, "red": ["goal", "goal", "goal"]}, turn="blue"))
    assert outcome.over and outcome.places == ((1,), (0, 2, 3))
    assert outcome.scores == {0: 0, 1: 4, 2: 3, 3: 0}
    assert outcome.detail["winner"] == "blue"


def test_outcome_team_shares_the_first_place():
    """PA-7."""
    outcome = ENGINE.outcome(state_of({"blue": ["goal"] * 4, "green": ["goal"] * 4}, teams=True, turn="blue"))
    assert outcome.places == ((1, 3), (0, 2)) and outcome.detail["winner"] == ["blue", "green"]


def test_state_json_round_trip():
    waiting, _ = ENGINE.apply(state_of({"yellow": ["t10"]}), {"roll": 2})
    assert ParchisState.from_json(waiting.to_json()) == waiting


def test_session_roll_for_me_undo_and_resume():
    log: list[dict[str, Any]] = []

    def record(entry: dict[str, Any], *, seen: int, outcome: Any) -> int:
        log.append(entry)
        return seen + 1

    session = MatchSession(GAME, {"players": 4}, record=record)
    session.apply({"roll": 5})  # the first yellow piece must leave (PA-11): the roll waits for the tap
    assert session.state.roll == 5
    with pytest.raises(NothingToRoll):
        session.roll(random.Random(2))
    session.apply({"move": {"piece": "yellow.0"}})
    assert session.to_move() == 1
    session.roll(random.Random(3))
    session.undo()
    assert session.to_move() == 1 and session.state.roll is None
    resumed = MatchSession.resume(GAME, {"players": 4}, log)
    assert resumed.state == session.state


def test_a_whole_match_through_the_session_ends_with_an_outcome():
    rng = random.Random(11)
    session = MatchSession(GAME, {"players": 3, "mode": "quick"})
    for _ in range(5000):
        if session.outcome().over:
            break
        if session.engine.roll(session.state, rng) is not None:
            session.roll(rng)
            continue
        choices = pending(session.state)
        assert choices is not None and choices.moves
        session.apply({"move": {"piece": rng.choice(choices.moves).name}})
    outcome = session.outcome()
    assert outcome.over and len(outcome.places[0]) == 1 and outcome.scores[outcome.places[0][0]] == 2
