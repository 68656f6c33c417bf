"""Issue 14's data-loss sequences, through `LiveMatch` (what the screens call) and the real store,
on SQLite and on PostgreSQL:

- a match imported by its match code keeps its result when it is opened (it has no log to
  replay, and replaying nothing would make it a match at its start);
- a deleted match's id is never given to the next match, and a screen still showing the
  deleted match neither writes into another match nor fails: it says the match is gone;
- a double tap stores one entry: a write names the rendering it was tapped on.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from companion.game import Outcome
from db import SeatSpec, Store
from db.errors import LogNotStored, MatchGone
from db.exchange import import_match_code, match_code
from db.history import HistoryFilter, history_page
from tests.db.conftest import postgres_url
from views.live import LiveMatch

PIG_WIN = [{"roll": 6}, {"roll": 6}, {"roll": 6}, {"roll": 4}, {"hold": True}]  # 22 of a target of 20


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("no-data-lost") / "template.db"
    Store(f"sqlite:///{path}").close()
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path, template: Path) -> Iterator[Store]:
    if request.param == "postgresql":
        url = postgres_url()
    else:
        shutil.copyfile(template, tmp_path / "here.db")
        url = f"sqlite:///{tmp_path / 'here.db'}"
    with Store(url) as opened:
        yield opened


@pytest.fixture
def elsewhere(tmp_path: Path, template: Path) -> Iterator[Store]:
    """Another install's store: where the match was played before its code came here."""
    shutil.copyfile(template, tmp_path / "elsewhere.db")
    with Store(f"sqlite:///{tmp_path / 'elsewhere.db'}") as opened:
        yield opened


def new_pig(store: Store, target: int = 20) -> int:
    ids = {player.name: player.id for player in store.players()}
    for name in ("Ada", "Bo"):
        if name not in ids:
            ids[name] = store.add_player(name, "#336699").id
    return store.create_match("pig", {"target": target}, [SeatSpec(ids["Ada"], 0), SeatSpec(ids["Bo"], 1)])


def kinds(store: Store, match_id: int) -> list[str]:
    return [entry["kind"] for entry in store.events(match_id)]


# -- a match that came by its code ----------------------------------------------------------------
def test_opening_a_match_imported_by_its_code_keeps_its_result(store: Store, elsewhere: Store) -> None:
    played = new_pig(elsewhere)
    live = LiveMatch.load(elsewhere, played)
    for action in PIG_WIN:
        assert live.apply(action), live.error
    assert elsewhere.match(played).status == "finished"
    code = match_code(elsewhere, played)

    assert import_match_code(store, code).matches_added == 1
    match_id = history_page(store).rows[0].id
    before = store.match(match_id)
    assert before.status == "finished" and before.result is not None and not before.log_stored
    assert [(p.final_score, p.placing) for p in before.participants] == [(22, 1), (0, 2)]

    with pytest.raises(LogNotStored):  # the match screen opens its record instead
        LiveMatch.load(store, match_id)
    with pytest.raises(LogNotStored):
        store.resume(match_id)
    store.settle(match_id, Outcome(over=False))  # nothing to settle against: nothing changes
    assert store.match(match_id) == before
    assert [row.id for row in history_page(store, HistoryFilter(game="pig")).rows] == [match_id]
    again = import_match_code(store, code)
    assert (again.matches_added, again.matches_skipped) == (0, 1)  # still here, still the same
    assert store.match(match_id) == before


# -- a deleted match ----------------------------------------------------------------------------------
def test_a_deleted_matchs_id_is_never_given_again_and_its_screen_says_it_is_gone(store: Store) -> None:
    first = new_pig(store)
    live = LiveMatch.load(store, first)
    assert live.apply({"roll": 3})
    store.delete_match(first)  # on another screen
    second = new_pig(store)
    assert second != first
    seen = live.seq
    assert not live.apply({"roll": 5}, seen=seen)  # nothing lands in any match
    assert live.gone and live.error is not None and live.error.message_id == "store.match_gone"
    assert "deleted" in live.error_text("en") and "삭제" in live.error_text("ko")
    assert kinds(store, second) == []
    assert LiveMatch.load(store, second).state.scores == (0, 0)  # the new match opens
    assert not live.refresh() and not live.undo()  # a gone match stays gone, quietly
    assert kinds(store, second) == []


def test_a_screen_left_open_on_a_deleted_match_learns_it_on_its_next_poll(store: Store) -> None:
    match_id = new_pig(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"roll": 4})
    store.delete_match(match_id)
    assert live.refresh() and live.gone  # the screen re-renders to say so


def test_a_write_names_the_match_it_was_seen_on_not_only_its_id(store: Store) -> None:
    """Even where an id did come back (a database written before ids were kept for good), a
    screen's write never lands in the other match."""
    match_id = new_pig(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"roll": 2})
    with store.writing() as session:  # another match under the same id
        session.execute(text("UPDATE matches SET uid = :uid WHERE id = :id"), {"uid": "f" * 32, "id": match_id})
    with pytest.raises(MatchGone):
        store.append_event(match_id, {"kind": "action", "action": {"roll": 3}}, seen=1, uid=live.info.uid)
    with pytest.raises(MatchGone):
        store.last_seq(match_id, live.info.uid)
    assert not live.apply({"roll": 3}) and live.gone
    assert kinds(store, match_id) == ["action"]


def test_a_deleted_match_put_back_is_followed_again(store: Store) -> None:
    from db.history import delete_match_recoverably, restore

    match_id = new_pig(store)
    live = LiveMatch.load(store, match_id)
    assert live.apply({"roll": 4})
    kept = delete_match_recoverably(store, match_id)
    assert live.refresh() and live.gone
    assert restore(store, kept) == match_id  # its own id and uid again
    assert live.refresh() and not live.gone and live.error is None
    assert live.apply({"roll": 5}, seen=live.seq) and kinds(store, match_id) == ["action", "action"]


# -- one tap, one entry -----------------------------------------------------------------------------
def test_a_double_tap_on_undo_stores_one_undo(store: Store) -> None:
    match_id = new_pig(store)
    live = LiveMatch.load(store, match_id)
    for roll in (3, 4, 5):
        assert live.apply({"roll": roll}, seen=live.seq)
    seen = live.seq  # the rendering the Undo button was drawn on
    assert live.undo(seen=seen)
    assert not live.undo(seen=seen)  # the second tap of the double tap
    assert live.error is None  # ignored quietly: nothing to explain
    assert kinds(store, match_id) == ["action"] * 3 + ["undo"]
    seen = live.seq
    assert live.redo(seen=seen) and not live.redo(seen=seen)
    assert kinds(store, match_id) == ["action"] * 3 + ["undo", "redo"]


@pytest.mark.parametrize("tap", ["apply", "roll"])
def test_a_double_tap_on_a_games_button_stores_one_entry(store: Store, tap: str) -> None:
    match_id = new_pig(store, target=200)
    live = LiveMatch.load(store, match_id)
    for _ in range(2):
        assert live.apply({"roll": 2}, seen=live.seq)
    seen = live.seq
    if tap == "apply":
        assert live.apply({"roll": 5}, seen=seen) and not live.apply({"roll": 5}, seen=seen)
    else:
        assert live.roll(seen=seen) and not live.roll(seen=seen)
    assert live.error is None and len(store.events(match_id)) == 3


def test_a_tap_on_a_rendering_another_screen_changed_is_refused_as_stale(store: Store) -> None:
    match_id = new_pig(store)
    mine, theirs = LiveMatch.load(store, match_id), LiveMatch.load(store, match_id)
    seen = mine.seq
    assert theirs.apply({"roll": 3})
    assert mine.refresh()  # the poll reloaded it, but the tap was drawn before
    assert not mine.apply({"roll": 4}, seen=seen)
    assert mine.error is not None and mine.error.message_id == "store.stale_write"
    assert len(store.events(match_id)) == 1
    assert mine.apply({"roll": 4}, seen=mine.seq)  # a tap on what it shows now is stored
