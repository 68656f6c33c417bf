"""The referee's Çävasie answers stay byte for byte what they were before the speed work (issue
18): every 7th line of the recorded benchmark stream (scores, showdowns of two to five players
with and without a dealer, and bad lines), answered in-process, is compared with the answer the
engine gave before its scorer was made faster (recorded in tests/cavasie/data)."""

from __future__ import annotations

import pytest

from tests.recorded_answers import check_recorded_answers, recorded_answers


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = check_recorded_answers("cavasie", monkeypatch)
    assert {"ok", "bad_request", "bad_position"} <= kinds
    assert sum('"order"' in answer for answer in recorded_answers("cavasie")) > 500  # showdowns, not only scores
