"""A tap on the Parchís board that is not a lit move is answered like any refused entry: the
engine says why nothing moves from there, naming the rule (`{"move": {"at": ...}}`), and the
screen names pieces and squares as the table does. A tap drawn before another screen's entry
is refused as that, not as a missing roll."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.i18n import error_text, t
from companion.parchis import GAME, ParchisEngine, ParchisState, Position
from db import SeatSpec, Store
from views.parchis.board import tap_of, worded_refusal

from .helpers import pos_json

ENGINE = ParchisEngine()


def state_of(pieces: dict[str, list[str]], roll: int | None = None, **kwargs: Any) -> ParchisState:
    return ParchisState(Position.from_json(pos_json(pieces, **kwargs)), roll)


def refused(state: ParchisState, at: dict[str, str]) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, {"move": at})
    return caught.value


def test_pa10_a_tap_before_the_roll_asks_for_the_roll():
    assert refused(state_of({"yellow": ["t10"]}), {"at": "t10"}).rule == "PA-10"


def test_pa6_a_tap_on_an_opponent_or_on_nothing_names_the_rule():
    state = state_of({"yellow": ["t10"], "blue": ["t40"]}, roll=3)
    error = refused(state, {"at": "t40"})
    assert (error.rule, error.message_id, error.params["piece"]) == ("PA-6", "parchis.not_your_piece", "blue.0")
    assert (refused(state, {"at": "t41"}).message_id, refused(state, {"at": "t41"}).rule) == (
        "parchis.nothing_there", "PA-6")


def test_a_tap_on_ones_own_piece_that_cannot_move_says_why():
    """PA-15, PA-11, PA-4: the real reason, from the rules, not silence."""
    blocked = state_of({"yellow": ["t10"], "blue": ["t12", "t12"]}, roll=3)
    assert refused(blocked, {"at": "t10"}).rule == "PA-15"
    nest = state_of({"yellow": ["t10"]}, roll=3)
    assert refused(nest, {"at": "nest", "colour": "yellow"}).rule == "PA-11"
    home = state_of({"yellow": ["goal", "t10"]}, roll=3)
    assert refused(home, {"at": "goal", "colour": "yellow"}).rule == "PA-4"
    lane = state_of({"yellow": ["l6", "t10"]}, roll=3)
    assert refused(lane, {"at": "l6", "colour": "yellow"}).rule == "PA-4"  # l6 + 3 overshoots


def test_pa7_a_tap_takes_the_piece_the_player_plays_where_two_stand():
    """PA-7: a finished yellow plays red; on t40 stand blue and red: the tap means red's piece."""
    state = state_of({"yellow": ["goal"] * 4, "red": ["t40"], "blue": ["t40"]}, roll=3, teams=True)
    after, events = ENGINE.apply(state, {"move": {"at": "t40"}})
    assert after.position.to_json()["pieces"]["red"][0] == "t43"
    assert events[0]["piece"] == "red.0"


@pytest.mark.parametrize("at", [{"at": "t99"}, {"at": "l3"}, {"at": "l3", "colour": "purple"}, {"at": "nest"},
                                {"at": "l9", "colour": "yellow"}, {"at": 12}, {"at": "t10x", "colour": "yellow"}])
def test_a_tap_the_board_cannot_have_is_a_bad_request(at):
    with pytest.raises(BadRequest):
        ENGINE.apply(state_of({"yellow": ["t10"]}, roll=3), {"move": at})


def test_the_screen_sends_each_spot_as_the_engine_reads_it():
    assert tap_of(("t", 12)) == {"at": "t12"}
    assert tap_of(("l", 2, 3)) == {"at": "l3", "colour": "red"}
    assert tap_of(("nest", 1)) == {"at": "nest", "colour": "blue"}


def test_refusals_name_pieces_colours_and_squares_in_words():
    tr_en = lambda key, **p: t(key, "en", **p)  # noqa: E731
    tr_ko = lambda key, **p: t(key, "ko", **p)  # noqa: E731
    mine = IllegalMove("parchis.not_your_piece", rule="PA-6", piece="blue.0", colour="yellow")
    assert error_text(worded_refusal(tr_en, mine), "en") == "Blue 1 is not yours to move; it is Yellow's turn. (PA-6)"
    assert "yellow" not in error_text(worded_refusal(tr_ko, mine), "ko")
    crowded = IllegalMove("parchis.crowded", rule="PA-5", piece="red.2", square="l3")
    assert error_text(worded_refusal(tr_en, crowded), "en").startswith("Red 3 cannot stop on lane 3:")
    blocked = IllegalMove("parchis.stop_blockade", rule="PA-15", piece="yellow.0", square="t12")
    assert error_text(worded_refusal(tr_ko, blocked), "ko").startswith("노랑 1번 말은 12번 칸에 멈출 수 없습니다")
    forced = IllegalMove("parchis.forced_opening", rule="PA-16", piece="yellow.0", pieces="yellow.1, yellow.2")
    assert "Yellow 2, Yellow 3" in error_text(worded_refusal(tr_en, forced), "en")


def test_a_stale_entry_says_another_screen_played_first(tmp_path: Path):
    """Issue 17: a move drawn before another screen's entry is refused as stale, not as 'enter
    the roll first' (PA-10)."""
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'parchis.db'}")
    ids = [store.add_player(name, "#d32f2f").id for name in ("Ana", "Ben")]
    match_id = store.create_match("parchis", {}, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])
    here, there = LiveMatch.load(store, match_id), LiveMatch.load(store, match_id)
    assert here.apply({"roll": 5}, seen=here.seq)
    there.refresh()
    drawn = there.seq  # the other phone shows the move button for the 5 ...
    assert here.apply({"move": {"piece": "yellow.0"}}, seen=here.seq)  # ... but this one plays it first
    there.refresh()  # the other phone follows the match, its old button still under the thumb
    assert not there.apply({"move": {"piece": "yellow.0"}}, seen=drawn)
    assert there.error is not None and there.error.message_id == "store.stale_write"
    assert "another screen" in there.describe(there.error, "en") and store.last_seq(match_id) == 2
    assert GAME.engine.to_move(there.state) == 1
    store.close()
