"""docs/protocol.md is true: its worked examples are what the referee answers, and it covers
every operation of every game the referee serves."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.games import registry
from companion.referee import handle_line

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SEND, ANSWER = "→ ", "← "


@dataclass(frozen=True)
class Exchange:
    line: int
    request: str
    answer: str

    @property
    def game(self) -> str | None:
        try:
            request = json.loads(self.request)
        except ValueError:
            return None
        game = request.get("game") if isinstance(request, dict) else None
        return game if isinstance(game, str) else None


def exchanges(text: str) -> list[Exchange]:
    """Each `→ request` line of the document with the `← answer` line right after it."""
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines, start=1):
        if line.startswith(SEND):
            answer = lines[number] if number < len(lines) else ""
            assert answer.startswith(ANSWER), f"docs/protocol.md:{number}: a request without its answer"
            found.append(Exchange(number, line[len(SEND):], answer[len(ANSWER):]))
    return found


EXCHANGES = exchanges(DOC.read_text(encoding="utf-8"))


def test_the_document_has_worked_examples_for_every_game() -> None:
    assert {exchange.game for exchange in EXCHANGES} >= {*registry(), None}


@pytest.mark.parametrize("exchange", EXCHANGES, ids=lambda exchange: f"line{exchange.line}")
def test_worked_example_is_what_the_referee_answers(exchange: Exchange) -> None:
    expected = json.loads(exchange.answer)
    assert handle_line(exchange.request) == expected, f"docs/protocol.md:{exchange.line}"


def section(text: str, game_id: str) -> str:
    """The `## ... (`"game": "<id>"`)` section of the document."""
    match = re.search(rf'^## .*\(`"game": "{game_id}"`\)\n(.*?)(?=^## |\Z)', text, re.M | re.S)
    assert match, f'docs/protocol.md has no section for "game": "{game_id}"'
    return match.group(1)


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_every_operation_of_a_served_game_is_documented(game_id: str) -> None:
    """The app's own games (not the test games other tests register)."""
    text = section(DOC.read_text(encoding="utf-8"), game_id)
    missing = [op for op in registry()[game_id].ops if f'"op": "{op}"' not in text]
    assert missing == []


def test_every_error_code_is_explained() -> None:
    text = DOC.read_text(encoding="utf-8")
    codes = ("bad_json", "bad_request", "unknown_game", "unknown_op", "bad_position", "illegal_move",
             "game_over", "unsupported")
    assert [code for code in codes if f"| `{code}` |" not in text] == []


def test_the_document_stands_alone() -> None:
    assert "shared/" not in DOC.read_text(encoding="utf-8")
