"""A Senet match played through the app's glue: LiveMatch on a real SQLite store.

These are the calls the screen's taps make (`apply`, `roll`, `undo`, `redo`, `refresh`), so
what is tested here is what a player gets: every entry stored as it happens, a refused tap
stores nothing and names its rule, the end is recorded with the engine's places, undo after
the end reopens the match, a resumed match is exactly where it stopped, and a screen that
has not caught up with another one is refused and shown the match as it stands.
"""

from __future__ import annotations

import random

import pytest

from companion.senet import SenetState, legal_moves
from db import SeatSpec, Store
from views.live import LiveMatch


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'live.db'}")


def new_senet_match(store: Store, gate: bool = False) -> int:
    ada = store.add_player("Ada", "#d32f2f")
    bo = store.add_player("Bo", "#1976d2")
    return store.create_match("senet", {"gate_exact_26": gate}, [SeatSpec(ada.id, 1), SeatSpec(bo.id, 2)])


def kinds(store: Store, match_id: int) -> list[str]:
    return [entry["kind"] for entry in store.events(match_id)]


def actions(store: Store, match_id: int) -> list[dict]:
    return [entry["action"] for entry in store.events(match_id) if entry["kind"] == "action"]


def play_turn(live: LiveMatch, rng: random.Random) -> None:
    """One turn as two taps: a throw, then (if the engine did not pass at once) a legal move."""
    assert live.apply({"throw": rng.randint(1, 4)}), live.error
    state: SenetState = live.state
    if state.throw is not None and not live.outcome.over:
        move = rng.choice(legal_moves(state.position, state.throw))
        assert live.apply({"move": {"from": move.frm}}), live.error


# -- storing and refusing ------------------------------------------------------------------------
def test_a_throw_and_its_move_are_two_stored_entries(store):
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"throw": 2})
    assert live.state.throw == 2 and live.session.to_move() == 0  # still Ada's turn: the move waits
    assert live.apply({"move": {"from": 19}})  # 19 -> 21, an empty square
    assert live.state.throw is None and live.state.position.owner(21) == 1
    assert actions(store, match_id) == [{"throw": 2}, {"move": {"from": 19}}]
    move = next(event for event in live.events if event["type"] == "move")
    assert (move["seat"], move["from"], move["to"]) == (0, 19, 21)  # the engine says who went where


def test_a_refused_tap_stores_nothing_and_names_its_rule(store):
    """SN-5 (own piece), SN-4 (no throw yet; one throw per turn)."""
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert not live.apply({"move": {"from": 19}})  # no throw entered yet
    assert live.error.rule == "SN-4"
    assert live.apply({"throw": 2})
    assert not live.apply({"throw": 3})  # a second throw while the first waits
    assert live.error.rule == "SN-4" and live.state.throw == 2
    assert not live.apply({"move": {"from": 17}})  # 17 -> 19, Ada's own piece
    assert live.error.rule == "SN-5" and "(SN-5)" in live.error_text("ko")
    assert live.error_text("en") != live.error_text("ko")
    assert actions(store, match_id) == [{"throw": 2}]
    assert live.apply({"move": {"from": 19}}) and live.error is None  # a good tap clears the refusal


# -- rolling ---------------------------------------------------------------------------------------
def test_roll_for_me_is_logged_like_a_typed_throw_and_undo_takes_it_back(store):
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.roll()
    thrown = live.state.throw
    assert thrown in (1, 2, 3, 4)  # the start position has a legal move for every throw
    assert actions(store, match_id) == [{"throw": thrown}]
    # No second roll while this one waits: it cannot be re-rolled, and nothing more is stored.
    assert not live.roll()
    assert live.error.message_id == "session.nothing_to_roll"
    assert len(store.events(match_id)) == 1
    # A screen opened now (or after leaving and coming back) finds the same roll waiting.
    assert LiveMatch.load(store, match_id).state.throw == thrown
    assert live.undo()
    assert live.state.throw is None and kinds(store, match_id) == ["action", "undo"]
    assert live.roll()  # after the undo there is something to roll again


def find_passing_throw(store: Store, match_id: int) -> tuple[LiveMatch, int]:
    """Play seeded random turns until some throw has no legal move; that throw."""
    live = LiveMatch.load(store, match_id)
    rng = random.Random(7)  # a seed whose game meets a stuck throw early (turn 27)
    for _ in range(400):
        position = live.state.position
        stuck = [throw for throw in (1, 2, 3, 4) if not legal_moves(position, throw)]
        if stuck:
            return live, stuck[0]
        play_turn(live, rng)
        assert not live.outcome.over, "the game ended before a pass came up"
    raise AssertionError("no position without a legal move came up")


def test_a_throw_without_a_legal_move_passes_at_once(store):
    """SN-11: the pass is played with the throw; the app never asks for it."""
    match_id = new_senet_match(store)
    live, throw = find_passing_throw(store, match_id)
    mover = live.session.to_move()
    stored = len(store.events(match_id))
    assert live.apply({"throw": throw})
    assert live.state.throw is None and live.session.to_move() == 1 - mover
    assert [event["type"] for event in live.events] == ["throw", "pass"]
    assert live.events[1]["seat"] == mover
    assert len(store.events(match_id)) == stored + 1  # one tap, one entry


# -- the end ------------------------------------------------------------------------------------------
def test_a_whole_game_ends_with_the_engines_places_stored(store):
    rng = random.Random(7)
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    for _ in range(3000):
        if live.outcome.over:
            break
        play_turn(live, rng)
    outcome = live.outcome
    assert outcome.over
    info = store.match(match_id)
    assert info.status == "finished" and live.info.status == "finished"  # committed with the move
    assert {index: p.final_score for index, p in enumerate(info.participants)} == dict(outcome.scores)
    assert {index: p.placing for index, p in enumerate(info.participants)} == {
        seat: outcome.placing(seat) for seat in (0, 1)}
    # The scores are the pieces borne off (SN-12).
    position = live.state.position
    assert dict(outcome.scores) == {0: position.score(1), 1: position.score(2)}

    # Undo of the last move reopens the match in the same step; redo finishes it again.
    assert live.undo()
    assert store.match(match_id).status == "active" and not live.outcome.over
    assert live.redo()
    assert store.match(match_id).status == "finished"
    # The finished game takes no more throws.
    assert not live.apply({"throw": 1})
    assert live.error.rule in ("SN-13", "SN-14")


# -- resuming and other screens ---------------------------------------------------------------------
def test_resume_is_exactly_where_it_stopped_even_mid_turn(store):
    rng = random.Random(3)
    match_id = new_senet_match(store, gate=True)
    live = LiveMatch.load(store, match_id)
    for _ in range(12):
        play_turn(live, rng)
    live.undo()
    live.undo()
    live.redo()
    assert live.apply({"throw": 4}) or live.error.rule == "SN-4"
    again = LiveMatch.load(store, match_id)
    assert again.state == live.state  # the position and the throw waiting for its move
    assert again.state.position.house_rules.gate_exact_26 is True
    assert again.session.can_redo == live.session.can_redo
    assert again.names == {0: "Ada", 1: "Bo"}


def test_a_second_screen_that_has_not_caught_up_is_refused_and_reloaded(store):
    match_id = new_senet_match(store)
    first = LiveMatch.load(store, match_id)
    second = LiveMatch.load(store, match_id)
    assert first.apply({"throw": 3}) and first.apply({"move": {"from": 19}})

    # The second screen still shows the opening and tries a move for the same player.
    assert second.state.position.owner(19) == 1
    assert not second.apply({"throw": 3})
    assert second.error.message_id == "store.stale_write" and second.error.code == "store_failed"
    assert "Someone else changed" in second.error_text("en")
    assert second.state == first.state  # reloaded: it now shows the board as it stands
    assert len(store.events(match_id)) == 2  # nothing stored for the stale tap

    # Caught up, it plays on; now the first one is behind, and its stale undo is refused
    # instead of silently taking back the wrong entry.
    assert second.apply({"throw": 2})
    assert not first.undo()
    assert first.error.message_id == "store.stale_write"
    assert first.state == second.state
    assert kinds(store, match_id) == ["action", "action", "action"]
    # The log still replays.
    assert LiveMatch.load(store, match_id).state == second.state


def test_refresh_follows_another_screens_writes_cheaply(store):
    match_id = new_senet_match(store)
    first = LiveMatch.load(store, match_id)
    second = LiveMatch.load(store, match_id)
    assert not second.refresh()  # nothing new: no reload
    revision = second.revision
    assert first.apply({"throw": 1})
    assert second.refresh() and second.reloaded and second.revision > revision
    assert second.state.throw == 1
    assert not second.refresh()
    assert second.apply({"move": {"from": 19}}) and not second.reloaded


def test_a_move_the_store_cannot_save_is_refused_not_lost(store):
    """An abandoned match refuses the write: the board does not move."""
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"throw": 2})
    before = live.state
    store.abandon_match(match_id)
    assert not live.apply({"move": {"from": 19}})
    assert live.state == before and live.error.code == "store_failed"
    assert live.error_text("en") and live.error_text("ko") != live.error_text("en")
    assert not live.undo() and live.state == before
    assert len(store.events(match_id)) == 1


def test_abandon_through_the_live_match(store):
    match_id = new_senet_match(store)
    live = LiveMatch.load(store, match_id)
    live.abandon()
    assert not live.active and store.match(match_id).status == "abandoned"
    assert store.unfinished_matches() == []
