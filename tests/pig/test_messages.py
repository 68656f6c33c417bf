"""Pig's refusals read as sentences: the protocol (which knows seats, not names) says "seat 1",
and the table's engine raises the `_named` forms that the screen fills with the player's name
(views/live.py maps a `seat` parameter to `name`). No text shows a raw `{name}`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import GameOver, IllegalMove, RefereeError
from companion.i18n import catalogue, error_text, placeholders
from companion.pig import GAME, PigState
from companion.referee import handle_line
from db import SeatSpec, Store

WON = {"scores": [12, 100, 30], "target": 100, "turn": 1, "turn_total": 0, "winner": 1}
FRESH = {"scores": [12, 40, 30], "target": 100, "turn": 0, "turn_total": 0, "winner": None}


def ask(line: dict[str, object]) -> str:
    answer = handle_line(json.dumps({"game": "pig", "op": "play", **line}))
    assert answer["ok"] is False
    message: str = answer["error"]["message"]
    return message


def test_pg5_pg4_protocol_refusals_name_the_seat_and_no_placeholder() -> None:
    """PG-5: a roll after the second seat (index 1) won; PG-4: the first seat (index 0) holds with
    nothing rolled. Seats read counted from 1, as at the table (companion.seats)."""
    assert ask({"position": WON, "roll": 3}) == "The game is over: seat 2 has won. (PG-5)"
    assert ask({"position": FRESH, "hold": True}) == (
        "Seat 1 has rolled nothing this turn, so there is nothing to hold; roll first. (PG-4)")


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_pg5_pg4_engine_refusals_at_the_table_carry_the_seat_for_the_name(lang: str) -> None:
    """The session's engine: `_named` ids with the seat, which the screen turns into a name."""
    with pytest.raises(GameOver) as over:
        GAME.engine.apply(PigState.from_json(WON), {"roll": 3})
    with pytest.raises(IllegalMove) as nothing:
        GAME.engine.apply(PigState.from_json(FRESH), {"hold": True})
    assert (over.value.message_id, over.value.rule, over.value.params) == ("pig.game_over_named", "PG-5", {"seat": 1})
    assert (nothing.value.message_id, nothing.value.params) == ("pig.hold_nothing_named", {"seat": 0})
    for refused, name in ((over.value, "Bo"), (nothing.value, "Ana")):
        named = RefereeError(refused.message_id, refused.rule, **refused.params, name=name)
        text = error_text(named, lang)
        assert name in text and "{" not in text and "}" not in text


def test_the_protocol_keeps_its_own_ids_and_other_refusals_pass_through() -> None:
    with pytest.raises(RefereeError) as bad:
        GAME.engine.apply(PigState.from_json(FRESH), {"roll": 9})
    assert bad.value.message_id == "pig.bad_face"


def test_every_pig_template_with_a_name_is_a_named_form() -> None:
    """Only the table's `_named` forms may ask for `{name}`; their protocol twins ask for the seat."""
    for lang in ("en", "ko"):
        texts = {key: text for key, text in catalogue(lang).items() if key.startswith("pig.")}
        for key, text in texts.items():
            wants = placeholders(text)
            assert ("name" in wants) == key.endswith("_named"), (lang, key)
            if key.endswith("_named"):
                assert placeholders(texts[key.removesuffix("_named")]) == wants - {"name"} | {"seat"}


def test_the_screen_names_the_winner(tmp_path: Path) -> None:
    """PG-5 through the app's glue: after Bo's win, a roll is refused naming Bo."""
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'pig.db'}")
    ana, bo = store.add_player("Ana", "#d32f2f"), store.add_player("Bo", "#1976d2")
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(ana.id, 0), SeatSpec(bo.id, 1)])
    live = LiveMatch.load(store, match_id)
    for action in ({"roll": 1}, {"roll": 6}, {"roll": 6}, {"roll": 6}, {"roll": 2}, {"hold": True}):
        assert live.apply(action)
    assert not live.apply({"roll": 4})
    assert live.error is not None
    assert live.describe(live.error, "en") == "The game is over: Bo has won. (PG-5)"
    assert live.describe(live.error, "ko") == "게임이 끝났습니다. Bo 님이 이겼습니다. (PG-5)"
    store.close()
