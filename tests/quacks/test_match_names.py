"""The match's refusals name the players at the table, as Senet's do: the engine's own words say
"seat 1" (for tools and logs, which know no names), and the session's engine raises their
`_named` forms, whose seat parameters all end in `seat`, so that the screen (views/live.py's
describe maps `seat` to `name`, `start_seat` to `start_name` ...) puts the names in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.errors import IllegalMove, RefereeError
from companion.i18n import catalogue, error_text, placeholders
from companion.quacks import GAME
from companion.quacks.match import _NAMED, _SEAT_PARAMS, play, with_names
from companion.quacks.match_state import MatchState
from db import SeatSpec, Store
from tests.quacks.test_match_support import card, new, stop_all

NAMES = ("Ana", "Ben", "Cai")


def table_refusal(state: MatchState, action: dict[str, Any]) -> RefereeError:
    with pytest.raises(RefereeError) as caught:
        GAME.engine.apply(state, action)
    return caught.value


def as_screen(refused: RefereeError, lang: str) -> str:
    """What views/live.py's describe does: each integer `...seat` parameter gets its `...name`."""
    params = dict(refused.params)
    for key, value in refused.params.items():
        if key.endswith("seat") and isinstance(value, int):
            params[key.removesuffix("seat") + "name"] = NAMES[value]
    return error_text(RefereeError(refused.message_id, refused.rule, **params), lang)


@pytest.mark.parametrize(("state", "action", "message_id", "english"), [
    (new(3, start=1), {"seat": 0, "card": "seasoned_perfectly"}, "quacks.match.not_start_player_named",
     "Ana is not the start player: Ben draws the fortune card this round. (QK-4)"),
    (new(3, start=1), {"seat": 2, "draw": "W1"}, "quacks.match.wait_fortune_named",
     "Not yet for Cai: round 1 begins with the fortune card, drawn by the start player, Ben. (QK-4)"),
    (card(new(3), "seasoned_perfectly"), {"seat": 0, "buy": ["O1"]}, "quacks.match.wait_brewing_named",
     "Not now for Ana: the players are still brewing; the evaluation begins once every pot is finished. (QK-9)"),
    (card(new(3), "seasoned_perfectly"), {"seat": 1, "restart": True}, "quacks.match.no_second_chance_named",
     "Ben cannot begin brewing again: only the card \"A Second Chance\" allows it. (QK-4)"),
])
def test_qk4_qk9_refusals_at_the_table_name_the_players(state, action, message_id, english) -> None:
    refused = table_refusal(state, action)
    assert refused.message_id == message_id
    assert as_screen(refused, "en") == english
    korean = as_screen(refused, "ko")
    assert "{" not in korean and "번 자리" not in korean
    assert any(name in korean for name in NAMES)


def test_qk11_the_evaluation_waiting_for_a_seat_names_it() -> None:
    """QK-11 …: the evaluation asks one seat at a time; another seat's entry is refused naming
    both players."""
    state = stop_all(card(new(3), "seasoned_perfectly"))
    assert state.phase == "evaluation"
    refused = table_refusal(state, {"seat": 2, "draw": "W1"})
    assert refused.message_id == "quacks.match.wait_evaluation_named"
    assert "waiting_seat" in refused.params and "waiting" not in refused.params
    text = as_screen(refused, "en")
    assert text.startswith("Not now for Cai: the evaluation is at step ")
    assert NAMES[refused.params["waiting_seat"]] in text


def test_the_engines_own_words_still_read_without_names() -> None:
    """Tools and stored-log messages (CorruptLog) use `play` and English without names."""
    with pytest.raises(IllegalMove) as caught:
        play(new(3, start=1), {"seat": 0, "card": "seasoned_perfectly"})
    assert caught.value.message_id == "quacks.match.not_start_player"
    assert caught.value.message("en") == (
        "Seat 1 is not the start player: seat 2 draws the fortune card this round. (QK-4)")
    other = table_refusal(new(3), {"seat": 7, "stop": True})  # no such seat: nobody to name
    assert other.message_id == "quacks.match.bad_seat" and other.params["seat"] == "7"


def test_every_named_form_exists_in_both_languages_with_names_for_seats() -> None:
    """Each `_named` text asks for the base text's placeholders, with every seat (seat, waiting,
    start) asked as a name; no `_named` text is left without its base, and no base text asks for
    a name it never gets."""
    for lang in ("en", "ko"):
        texts = catalogue(lang)
        for base, named in _NAMED.items():
            assert named == f"{base}_named"
            wanted = {_SEAT_PARAMS.get(key, key) for key in placeholders(texts[base])}
            wanted = {key.removesuffix("seat") + "name" if key.endswith("seat") else key for key in wanted}
            assert placeholders(texts[named]) == wanted, (lang, named)
        ours = [key for key in texts if key.startswith("quacks.match.")]
        assert {key for key in ours if key.endswith("_named")} == set(_NAMED.values())
        assert [key for key in ours if not key.endswith("_named") and placeholders(texts[key]) & {"name"}] == []


def test_with_names_leaves_other_refusals_alone() -> None:
    refused = IllegalMove("quacks.match.over", rule="QK-16")
    assert with_names(refused) is refused


def test_a_refusal_on_the_screen_of_a_stored_match_names_the_players(tmp_path: Path) -> None:
    """QK-4 through the app's glue: Ben draws before Ana, the start player, has drawn the card."""
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'quacks.db'}")
    ana, ben = store.add_player("Ana", "#d32f2f"), store.add_player("Ben", "#1976d2")
    match_id = store.create_match("quacks", {}, [SeatSpec(ana.id, 0), SeatSpec(ben.id, 1)])
    live = LiveMatch.load(store, match_id)
    assert not live.apply({"seat": 1, "draw": "W1"})
    assert live.error is not None
    assert live.describe(live.error, "en") == (
        "Not yet for Ben: round 1 begins with the fortune card, drawn by the start player, Ana. (QK-4)")
    assert live.describe(live.error, "ko") == (
        "Ben 님은 아직 기다려 주세요. 1라운드는 시작 플레이어 Ana 님이 점술 카드를 뽑으면서 시작합니다. (QK-4)")
    store.close()
