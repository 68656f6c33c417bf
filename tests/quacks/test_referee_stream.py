"""The referee's Quacks answers stay byte for byte what they were before the speed work:
every 7th line of the recorded benchmark stream (brew, evaluate, rats, odds and bad lines),
answered in-process, is compared with the answer recorded from the engine before it was
made faster (tests/quacks/data). When a message is reworded, the recording is made again only
after every other field of every answer was found unchanged."""

from __future__ import annotations

import pytest

from tests.recorded_answers import check_recorded_answers


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = check_recorded_answers("quacks", monkeypatch)
    assert {"ok", "bad_json", "bad_request", "illegal_move", "bad_position"} <= kinds
