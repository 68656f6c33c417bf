"""The statistics' `detail` of a Çävasie session (db/stats.py's contract): each seat's best hand
scored at a showdown of the session, as its CV-8 rank after CV-9's specials (higher is
stronger: 1 migutin … 18 vanzie) and its pattern id. Every hand below is counted by hand."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from companion.cavasie import GAME, BestHand, TableState
from companion.session import MatchSession

ENGINE = GAME.engine


def play(state: TableState, *actions: dict[str, Any]) -> TableState:
    for action in actions:
        state, _ = ENGINE.apply(state, action)
        assert TableState.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


def deal(center: tuple[str, str], seats: list[tuple[tuple[str, str], tuple[str, str]]]) -> list[dict[str, Any]]:
    """The deal of a table without a dealer: the centre, then each seat's (floor, hand)."""
    actions: list[dict[str, Any]] = [{"place": code, "to": "center"} for code in center]
    for seat, (floor, _) in enumerate(seats):
        actions += [{"place": code, "seat": seat, "to": "floor"} for code in floor]
    for seat, (_, hand) in enumerate(seats):
        actions += [{"place": code, "seat": seat, "to": "hand"} for code in hand]
    return actions


def quiet_hand(players: int) -> list[dict[str, Any]]:
    """Everybody stands, checks and passes, then the showdown (CV-4, CV-5)."""
    return [*({"done": True} for _ in range(players)), *({"check": True} for _ in range(players)),
            *({"interact": "none"} for _ in range(players)), *({"check": True} for _ in range(players)),
            {"showdown": True}]


# Hand 1 (3 players, no dealer, button 0):
#   seat 0: floor A1 S5, hand G5 P7: 1 5 5 7, a pair of fives, alon (CV-8 4)
#   seat 1: floor A2 S3, hand G4 P5: 2 3 4 5 in four colours, vanzie (CV-8 18)
#   seat 2: floor A6 A7, hand A8 S8: red 6 7 8, stelie ad livizax (CV-8 9)
HAND_1 = deal(("S1", "S2"), [(("A1", "S5"), ("G5", "P7")), (("A2", "S3"), ("G4", "P5")),
                             (("A6", "A7"), ("A8", "S8"))])
# Hand 2 (button 1; play order 2, 0, 1):
#   seat 0: floor A1 P1, hand P8 G3: a pair of ones with both 원패 (A1, P8) and two hand
#           cards, so sol lifts it to stelie ad livizax's rank (CV-9: 9), better than alon
#   seat 1: floor A3 A4, hand S6 G8: red 3 4, aloxelof ad livizax (CV-8 5), worse than vanzie
#   seat 2: folds at once, no scored hand this time
HAND_2 = deal(("S1", "S2"), [(("A1", "P1"), ("P8", "G3")), (("A3", "A4"), ("S6", "G8")),
                             (("A6", "A7"), ("A8", "S8"))])
HAND_2_PLAY = [{"done": True}, {"done": True}, {"done": True},
               {"fold": True, "seat": 2}, {"check": True, "seat": 0}, {"check": True, "seat": 1},
               {"interact": "none"}, {"interact": "none"}, {"check": True}, {"check": True}, {"showdown": True}]


def best(state: TableState) -> dict[str, Any]:
    return dict(ENGINE.outcome(state).detail["seats"])


def test_cv8_cv9_best_hand_of_a_session_is_each_seats_strongest_showdown() -> None:
    """CV-8, CV-9 (sol), CV-10: seat 0 improves from alon (4) to sol (9); seat 1 keeps
    hand 1's vanzie (18) over hand 2's aloxelof ad livizax (5); seat 2 keeps hand 1's stelie
    ad livizax (9) when it folds in hand 2."""
    state = GAME.new_state({"players": 3, "dealer": False})
    state = play(state, *HAND_1, *quiet_hand(3))
    assert state.hand.result is not None and state.hand.result["places"] == [[1], [2], [0]]
    assert best(state) == {
        "0": {"best_hand": {"rank": 4, "pattern": "alon"}},
        "1": {"best_hand": {"rank": 18, "pattern": "vanzie"}},
        "2": {"best_hand": {"rank": 9, "pattern": "stelie_ad_livizax"}},
    }
    state = play(state, {"next_hand": True}, *HAND_2, *HAND_2_PLAY)
    assert state.hand.result is not None and set(state.hand.result["hands"]) == {"0", "1"}
    assert state.hand.result["hands"]["0"]["pattern"] == "sol"
    state = play(state, {"end_session": True})
    outcome = ENGINE.outcome(state)
    assert outcome.over
    assert outcome.detail["seats"] == {
        "0": {"best_hand": {"rank": 9, "pattern": "sol"}},
        "1": {"best_hand": {"rank": 18, "pattern": "vanzie"}},
        "2": {"best_hand": {"rank": 9, "pattern": "stelie_ad_livizax"}},
    }
    json.dumps(outcome.to_json())  # the store files it as JSON


def test_cv10_an_equal_rank_later_keeps_the_first_best_unless_its_key_is_higher() -> None:
    """CV-10: the comparison is the whole key, not the rank alone. Seat 0 shows sol (9, sum 13)
    in the first hand; a later stelie ad livizax (9, sum 21 with red 6 7 8) beats it on the sum."""
    state = GAME.new_state({"players": 2, "dealer": False})
    first = deal(("S1", "S2"), [(("A1", "P1"), ("P8", "G3")), (("A3", "S4"), ("G6", "P2"))])
    state = play(state, *first, *quiet_hand(2))
    assert best(state)["0"] == {"best_hand": {"rank": 9, "pattern": "sol"}}
    assert state.best_hand(0) == BestHand((9, 0, 13, 1, 0, 1, 2, 2, 2, 0), "sol")
    second = deal(("S1", "S2"), [(("A6", "A7"), ("A8", "G1")), (("A3", "S4"), ("G6", "P2"))])
    state = play(state, {"next_hand": True}, *second, *quiet_hand(2))
    assert best(state)["0"]["best_hand"]["pattern"] == "stelie_ad_livizax"
    # and a weaker hand afterwards changes nothing
    third = deal(("S1", "S2"), [(("A1", "S5"), ("G5", "P7")), (("A3", "S4"), ("G6", "P2"))])
    state = play(state, {"next_hand": True}, *third, *quiet_hand(2))
    assert best(state)["0"] == {"best_hand": {"rank": 9, "pattern": "stelie_ad_livizax"}}


def test_cv9_vepleque_voids_the_others_and_the_voided_score_is_the_one_kept() -> None:
    """CV-9: seat 0's four quotos are vepleque (ranks as felox, 10); seat 1's 2 3 4 5 in four
    colours would be vanzie (18), but at this showdown it is scored again below felox:
    exoçenìe (9), three consecutive values in three different colours."""
    state = GAME.new_state({"players": 2, "dealer": False})
    cards = deal(("S1", "S2"), [(("G0", "P0"), ("A0", "S0")), (("A2", "S3"), ("G4", "P5"))])
    state = play(state, *cards, *quiet_hand(2), {"end_session": True})
    assert ENGINE.outcome(state).detail["seats"] == {
        "0": {"best_hand": {"rank": 10, "pattern": "vepleque"}},
        "1": {"best_hand": {"rank": 9, "pattern": "exocenie"}},
    }


def test_cv5_a_seat_without_a_showdown_has_no_best_hand() -> None:
    """CV-5: everyone else folds, the pot goes uncontested, nothing is scored."""
    state = GAME.new_state({"players": 2, "dealer": False})
    cards = deal(("S1", "S2"), [(("A1", "S5"), ("G5", "P7")), (("A2", "S3"), ("G4", "P5"))])
    state = play(state, *cards, {"done": True}, {"done": True}, {"fold": True})
    assert state.hand.phase == "settled"
    state = play(state, {"end_session": True})
    outcome = ENGINE.outcome(state)
    assert outcome.over and outcome.detail["seats"] == {"0": {}, "1": {}}


def test_the_detail_is_there_before_the_end_and_undo_takes_a_showdown_back() -> None:
    """The counts live in the state: undoing the showdown (CV-7) forgets its hands."""
    session = MatchSession(GAME, {"players": 3, "dealer": False})
    for action in [*HAND_1, *quiet_hand(3)]:
        session.apply(action)
    assert session.outcome().detail["seats"]["1"] == {"best_hand": {"rank": 18, "pattern": "vanzie"}}
    assert session.outcome().detail["hand"] == 1
    session.undo()
    assert session.outcome().detail["seats"] == {"0": {}, "1": {}, "2": {}}
    session.redo()
    assert session.outcome().detail["seats"]["2"] == {"best_hand": {"rank": 9, "pattern": "stelie_ad_livizax"}}


def test_best_hands_survive_the_state_json_and_an_old_state_without_them_reads() -> None:
    state = play(GAME.new_state({"players": 3, "dealer": False}), *HAND_1, *quiet_hand(3))
    data = json.loads(json.dumps(state.to_json()))
    assert data["best_hands"][1] == {"key": [18, 0, 14, 1, 1, 1, 1, 0, 2, 2], "pattern": "vanzie"}
    assert TableState.from_json(data) == state
    del data["best_hands"]
    assert TableState.from_json(data).best_hands == ()
    assert "best_hands" not in GAME.new_state({"players": 2}).to_json()
    kept = state.best_hand(1)
    assert kept is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept.pattern = "migutin"  # type: ignore[misc]
