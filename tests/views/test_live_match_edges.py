"""LiveMatch's answers at the edges a player meets rarely: the same tap sent twice, another
screen's entry between two taps, a database that cannot be reached, a match deleted while its
screen stays open, and the seat names the screens print."""

from __future__ import annotations

import pytest

from db import SeatSpec, Store
from db.errors import DatabaseFailed
from views.live import LiveMatch


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'edges.db'}")


def senet_match(store: Store) -> int:
    ada = store.add_player("Ada", "#d32f2f")
    bo = store.add_player("Bo", "#1976d2")
    return store.create_match("senet", {}, [SeatSpec(ada.id, 1), SeatSpec(bo.id, 2)])


def test_seats_are_named_by_their_players_and_an_unknown_or_missing_seat_as_a_question_mark(store):
    live = LiveMatch.load(store, senet_match(store))
    assert (live.name(0), live.name(1), live.name(2), live.name(None)) == ("Ada", "Bo", "?", "?")


def test_the_same_tap_twice_stores_it_once_and_refuses_nothing(store):
    """A double tap: the second one was drawn before the first one's change, by this very
    screen, so it is dropped quietly (no refusal to read), even when the log already held
    entries this screen did not make."""
    match_id = senet_match(store)
    other = LiveMatch.load(store, match_id)
    assert other.apply({"throw": 2}) and other.apply({"move": {"from": 19}})
    live = LiveMatch.load(store, match_id)  # opened after two entries it did not make
    seen = live.seq
    assert live.apply({"throw": 3}, seen=seen)
    assert not live.apply({"throw": 3}, seen=seen)
    assert live.error is None
    assert len(store.events(match_id)) == 3


def test_a_tap_drawn_before_another_screens_entry_is_refused_even_after_a_tap_of_its_own(store):
    """This screen tapped, then another screen stored an entry: a second tap from the old
    rendering is not the same tap again. It is refused as stale and the screen catches up."""
    match_id = senet_match(store)
    live = LiveMatch.load(store, match_id)
    other = LiveMatch.load(store, match_id)
    seen = live.seq
    assert live.apply({"throw": 2}, seen=seen)
    assert other.refresh() and other.apply({"move": {"from": 19}})
    assert live.refresh()  # the poll brings the other screen's move in
    # A tap still drawn before both entries: the newer one is not this screen's.
    assert not live.apply({"throw": 2}, seen=seen)
    assert live.error is not None and live.error.message_id == "store.stale_write"


def test_an_unreachable_database_keeps_the_screen_as_it_was(store, monkeypatch):
    match_id = senet_match(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"throw": 2})
    before, revision = live.state, live.revision

    def unreachable(*args, **kwargs):
        raise DatabaseFailed(detail="connection refused")

    monkeypatch.setattr(store, "last_seq", unreachable)
    assert not live.refresh()  # nothing new to show: no re-render, no error
    assert live.state == before and live.revision == revision and live.error is None


def test_a_match_deleted_under_an_open_screen_is_said_once_and_tells_the_app(store):
    match_id = senet_match(store)
    live = LiveMatch.load(store, match_id)
    told: list[str] = []
    live.on_change(lambda: told.append("changed"))
    store.delete_match(match_id)
    assert live.refresh() and live.gone and told == ["changed"]
    assert live.error is not None and live.error.message_id == "store.match_gone"
    assert not live.refresh() and told == ["changed"]  # still gone: nothing new to say
    assert not live.apply({"throw": 2}) and store.history(limit=5) == []
