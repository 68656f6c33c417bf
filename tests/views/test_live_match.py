"""A Senet match played through the app's glue (session + engine + real SQLite store).

What the screen relies on: every play is stored as it happens, a refused tap stores nothing
and names its rule, the end is recorded with scores and placings, undo after the end reopens
the match, and a resumed match is exactly where it stopped.
"""

from __future__ import annotations

import random

import pytest

from companion.senet import legal_moves
from db import SeatSpec, Store
from views.live import LiveMatch, placings


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'live.db'}")


def new_senet_match(store: Store, gate: bool = False) -> int:
    ada = store.add_player("Ada", "#d32f2f")
    bo = store.add_player("Bo", "#1976d2")
    return store.create_match("senet", {"house_rules": {"gate_exact_26": gate}},
                              [SeatSpec(ada.id, 1), SeatSpec(bo.id, 2)])


def play_one(live: LiveMatch, rng: random.Random) -> None:
    throw = rng.randint(1, 4)
    moves = legal_moves(live.state, throw)
    move = {"from": rng.choice(moves).frm} if moves else None
    assert live.apply({"op": "play", "throw": throw, "move": move}), live.error


def test_every_play_is_stored_and_a_refused_one_is_not(store):
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"op": "play", "throw": 2, "move": {"from": 19}})  # 19 -> 21, an empty square
    assert len(store.events(match_id)) == 1
    # Player 2 now; 18 -> 20 with a 2 would stop on their own piece (SN-5).
    assert not live.apply({"op": "play", "throw": 2, "move": {"from": 18}})
    assert live.error.rule == "SN-5" and "(SN-5)" in live.error_text("ko")
    assert len(store.events(match_id)) == 1


def test_a_whole_game_ends_with_the_result_stored(store):
    rng = random.Random(7)
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    for _ in range(2000):
        if live.result["over"]:
            break
        play_one(live, rng)
    result = live.result
    assert result["over"]
    info = store.match(match_id)
    assert info.status == "finished" and info.result["winner"] == result["winner"]
    scores = {p.seat: p.final_score for p in info.participants}
    assert scores == {1: result["score"]["1"], 2: result["score"]["2"]}
    winner_seat = result["winner"]
    if winner_seat:
        assert {p.seat: p.placing for p in info.participants}[winner_seat] == 1

    # Undo of the last play reopens the match; redo finishes it again.
    live.undo()
    assert store.match(match_id).status == "active" and not live.result["over"]
    live.redo()
    assert store.match(match_id).status == "finished"


def test_resume_is_exactly_where_it_stopped(store):
    rng = random.Random(3)
    match_id = new_senet_match(store, gate=True)
    live = LiveMatch.load(store, match_id)
    for _ in range(25):
        play_one(live, rng)
    live.undo()
    live.undo()
    live.redo()
    again = LiveMatch.load(store, match_id)
    assert again.state == live.state
    assert again.state.house_rules.gate_exact_26 is True
    assert again.session.can_redo == live.session.can_redo


def test_placings_share_a_place_on_equal_scores():
    assert placings({1: 5, 2: 3}) == {1: 1, 2: 2}
    assert placings({1: 4, 2: 4}) == {1: 1, 2: 1}
    assert placings({1: 2, 2: 7, 3: 2}) == {1: 2, 2: 1, 3: 2}


def test_a_move_the_store_cannot_save_is_refused_not_lost(store):
    """An abandoned match (or a failing database) refuses the write: the board does not move."""
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"op": "play", "throw": 2, "move": {"from": 19}})
    before = live.state
    store.abandon_match(match_id)
    assert not live.apply({"op": "play", "throw": 1, "move": {"from": 20}})
    assert live.state == before and live.error.code == "store_failed"
    assert live.error_text("en") and live.error_text("ko") != live.error_text("en")
    assert not live.undo() and live.state == before
    assert len(store.events(match_id)) == 1
