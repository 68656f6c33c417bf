"""The `rats`, `brew` and `odds` ops through the referee's line handler: the worked examples
as written, every error code, and the order the checks run in (QK-5 … QK-10, QK-17, QK-18)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from companion.game import Game, Outcome
from companion.quacks import protocol
from companion.referee import handle_line


class _NoEngine:
    """Stands in while the whole-match engine is not written: only the ops are exercised."""

    name = "quacks"

    def new_state(self, setup: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def apply(self, state: Any, action: Mapping[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome:
        raise NotImplementedError

    def to_move(self, state: Any) -> int | None:
        return None

    def roll(self, state: Any, rng: Any) -> None:
        return None


GAME = Game(id="quacks", min_players=2, max_players=4, engine=_NoEngine(), ops=protocol.OPS)


@pytest.fixture(autouse=True, scope="module")
def _quacks_ops() -> None:
    """Use the app's own quacks record once it is registered; until then this module's."""
    from companion.games import game, register_extra

    if game("quacks") is None:
        register_extra(__name__)


def ask(**request: Any) -> dict[str, Any]:
    response: dict[str, Any] = handle_line(json.dumps({"game": "quacks", **request}))
    return response


def error(response: dict[str, Any]) -> tuple[str, str | None]:
    assert response["ok"] is False, response
    assert response["error"]["message"]
    assert not response["error"]["message"].startswith("internal error"), response  # refused, not a crash
    return response["error"]["code"], response["error"].get("rule")


BREW_EXAMPLE: dict[str, Any] = {
    "op": "brew", "books": {"red": 1, "yellow": 1, "blue": 1}, "droplet": 0, "rats": 0,
    "white_limit": 7, "draws": ["O1", "W3", {"chip": "Y1", "return_white": True}, "R2", "W2",
    {"flask": True}, "W1"]}


def brew(**changes: Any) -> dict[str, Any]:
    request = {**BREW_EXAMPLE, **changes}
    return ask(**request)


def brewed(draws: list[Any], **changes: Any) -> list[tuple[str, int]]:
    response = brew(draws=draws, **changes)
    assert response["ok"], response
    return [(c["chip"], c["space"]) for c in response["chips"]]


# --- the worked examples ----------------------------------------------------------------

def test_rats_worked_example() -> None:
    assert ask(op="rats", scores=[12, 20, 16]) == {"ok": True, "rats": [4, 0, 2]}


def test_brew_worked_example() -> None:
    assert brew() == {
        "ok": True,
        "chips": [{"chip": "O1", "space": 1}, {"chip": "Y1", "space": 5},
                  {"chip": "R2", "space": 8}, {"chip": "W1", "space": 9}],
        "white_total": 1, "exploded": False,
        "scoring_space": {"index": 10, "coins": 10, "vp": 2, "ruby": False}}


def test_odds_worked_example() -> None:
    assert ask(op="odds", bag={"W1": 3, "W2": 1, "O1": 2}, white_total=6, white_limit=7) == {
        "ok": True, "explode": 0.1667, "draws_left": 6}


def test_evaluate_is_served_by_the_same_ops() -> None:
    assert "evaluate" in protocol.OPS


# --- rats -------------------------------------------------------------------------------

@pytest.mark.parametrize("scores", [None, [], [3, -1], [1.5, 2], [True, 3], "12,20", [[1]]])
def test_qk5_rats_bad_scores(scores: Any) -> None:
    request: dict[str, Any] = {"op": "rats"} if scores is None else {"op": "rats", "scores": scores}
    assert error(ask(**request))[0] == "bad_request"


def test_qk5_rats_one_player_and_laps() -> None:
    assert ask(op="rats", scores=[7])["rats"] == [0]
    assert ask(op="rats", scores=[50, 60, 0])["rats"] == [3, 0, 26]  # 51, 54, 57 / 23 + 3


# --- brew: what it computes -------------------------------------------------------------

def test_qk6_brew_counts_from_the_rat_stone_capped_at_52() -> None:
    assert brewed(["O1"], droplet=3, rats=2) == [("O1", 6)]
    response = brew(draws=["O1"], droplet=50, rats=5)
    assert response["chips"] == [{"chip": "O1", "space": 52}]
    assert response["scoring_space"] == {"index": 53, "coins": 35, "vp": 15, "ruby": False}


def test_qk10_brew_with_no_chip_scores_after_the_rat_stone() -> None:
    response = brew(draws=[], droplet=4, rats=4)
    assert response["chips"] == [] and response["white_total"] == 0
    assert response["scoring_space"] == {"index": 9, "coins": 9, "vp": 1, "ruby": True}


def test_qk7_brew_explodes_and_white_limit_defaults_to_7() -> None:
    request = {k: v for k, v in BREW_EXAMPLE.items() if k != "white_limit"}
    response = ask(**{**request, "draws": ["W3", "W3", "W2"]})
    assert response["exploded"] is True and response["white_total"] == 8
    assert response["chips"][-1] == {"chip": "W2", "space": 8}
    assert response["scoring_space"]["index"] == 9
    assert brew(draws=["W3", "W3", "W2"], white_limit=9)["exploded"] is False


def test_qk17_brew_highest_limit_applies() -> None:
    response = brew(books={"yellow": 3}, white_limit=9, draws=["Y1", "Y1", "Y1", "W3", "W3", "W3", "W1"])
    assert response["exploded"] is True and response["white_total"] == 10


def test_qk18_brew_book_effects() -> None:
    assert brewed(["O1", "O1", "O1", "R1"], books={"red": 1}) == [("O1", 1), ("O1", 2), ("O1", 3), ("R1", 6)]
    assert brewed(["W2", "R1"], books={"red": 3})[-1] == ("R1", 5)
    assert brewed(["R1", "W1"], books={"red": 4})[-1] == ("W1", 3)
    assert brewed(["Y1", "O1"], books={"yellow": 2})[-1] == ("O1", 3)
    assert brewed(["Y1", "Y1"], books={"yellow": 4}) == [("Y1", 2), ("Y1", 5)]
    assert brewed(["B4"], books={"blue": 4}, droplet=5) == [("B4", 9)]  # VP, not spacing


def test_qk18_brew_blue1_place() -> None:
    assert brewed([{"chip": "B2", "place": "O1"}]) == [("B2", 2), ("O1", 3)]
    assert brewed([{"chip": "B2", "place": None}, "O1"]) == [("B2", 2), ("O1", 3)]
    assert brewed(["B1"]) == [("B1", 1)]
    nested = {"chip": "B1", "place": {"chip": "B1", "place": {"chip": "Y1", "return_white": False}}}
    assert brewed(["W1", nested]) == [("W1", 1), ("B1", 2), ("B1", 3), ("Y1", 4)]
    # a placed yellow of set 1 may send back the white before it only if that chip is white
    response = brew(draws=["W1", {"chip": "B1", "place": {"chip": "Y1", "return_white": True}}])
    assert error(response) == ("illegal_move", "QK-18")


def test_brew_ignores_unknown_extra_fields() -> None:
    assert brew(comment="hello", draws=["O1"])["ok"] is True


# --- brew: errors and their order -------------------------------------------------------

@pytest.mark.parametrize("field", ["books", "droplet", "rats", "draws"])
def test_brew_missing_field_is_bad_request(field: str) -> None:
    request = {k: v for k, v in BREW_EXAMPLE.items() if k != field}
    assert error(ask(**request))[0] == "bad_request"


@pytest.mark.parametrize(("field", "value"), [
    ("books", [1]), ("books", {"red": 5}), ("books", {"red": "1"}), ("books", {"pink": 1}),
    ("books", {"blue": True}), ("droplet", "0"), ("droplet", -1), ("droplet", None), ("rats", 1.0),
    ("rats", -2), ("white_limit", "7"), ("white_limit", -1), ("white_limit", None), ("draws", "O1"),
    ("draws", ["O9"]), ("draws", [3]), ("draws", [None]), ("draws", [{"flask": False}]),
    ("draws", [{"stop": True}]), ("draws", [{"chip": "Q1"}]),
])
def test_brew_mistyped_field_is_bad_request(field: str, value: Any) -> None:
    assert error(brew(**{field: value}))[0] == "bad_request"


def test_qk18_return_white_and_place_only_with_yellow1_and_blue1() -> None:
    for draws, books in (
        (["W1", {"chip": "Y1", "return_white": True}], {"yellow": 2}),
        (["W1", {"chip": "R1", "return_white": True}], {}),
        ([{"chip": "B1", "place": "O1"}], {"blue": 3}),
        ([{"chip": "O1", "place": "W1"}], {}),
    ):
        assert error(brew(draws=draws, books=books)) == ("bad_request", "QK-18")
    # blue set 1 places a chip, never the flask
    assert error(brew(draws=[{"chip": "B1", "place": {"flask": True}}]))[0] == "bad_request"


def test_brew_droplet_past_52_is_bad_position() -> None:
    assert error(brew(droplet=53))[0] == "bad_position"
    assert brew(droplet=52, draws=[])["ok"] is True


def test_qk18_red_set_2_is_unsupported_whatever_is_drawn() -> None:
    assert error(brew(books={"red": 2}, draws=[])) == ("unsupported", "QK-18")
    assert error(brew(books={"red": 2}, draws=["O1"]))[0] == "unsupported"


def test_qk7_draw_after_explosion_is_illegal() -> None:
    assert error(brew(draws=["W3", "W3", "W2", "O1"])) == ("illegal_move", "QK-7")


def test_qk8_flask_errors_are_illegal() -> None:
    assert error(brew(draws=["W3", "W3", "W2", {"flask": True}])) == ("illegal_move", "QK-8")
    assert error(brew(draws=["O1", {"flask": True}])) == ("illegal_move", "QK-8")
    assert error(brew(draws=[{"flask": True}])) == ("illegal_move", "QK-8")
    assert error(brew(draws=["W1", {"flask": True}, "W1", {"flask": True}])) == ("illegal_move", "QK-8")


def test_qk18_return_white_after_a_non_white_is_illegal() -> None:
    assert error(brew(draws=["O1", {"chip": "Y1", "return_white": True}])) == ("illegal_move", "QK-18")
    assert error(brew(draws=[{"chip": "Y1", "return_white": True}])) == ("illegal_move", "QK-18")


def test_brew_check_order() -> None:
    """bad_request (any field, any draw item) < bad_position < unsupported < illegal_move."""
    assert error(brew(droplet=53, draws=["X1"]))[0] == "bad_request"
    assert error(brew(droplet=53, books={"red": 2}))[0] == "bad_position"
    assert error(brew(books={"red": 2, "yellow": 9}))[0] == "bad_request"
    assert error(brew(books={"red": 2}, draws=[{"flask": True}]))[0] == "unsupported"
    # a malformed later draw is found before an illegal earlier one
    assert error(brew(draws=[{"flask": True}, "Z9"]))[0] == "bad_request"
    assert error(brew(draws=["W3", "W3", "W2", "O1", {"chip": "O1", "place": "W1"}]))[0] == "bad_request"
    # illegal moves in draw order: the first one met is reported
    assert error(brew(draws=["O1", {"flask": True}, "W3", "W3", "W2", "O1"])) == ("illegal_move", "QK-8")


# --- odds -------------------------------------------------------------------------------

def test_odds_empty_bag_and_default_limit() -> None:
    assert ask(op="odds", bag={}, white_total=3) == {"ok": True, "explode": 0.0, "draws_left": 0}
    assert ask(op="odds", bag={"W1": 1, "W2": 2, "O1": 0}, white_total=6) == {
        "ok": True, "explode": 0.6667, "draws_left": 3}
    assert ask(op="odds", bag={"W3": 1, "G4": 2}, white_total=6, white_limit=9)["explode"] == 0.0


@pytest.mark.parametrize("request_", [
    {"white_total": 1}, {"bag": {"W1": 1}}, {"bag": [], "white_total": 1},
    {"bag": {"X1": 1}, "white_total": 1}, {"bag": {"W1": -1}, "white_total": 1},
    {"bag": {"W1": 1.0}, "white_total": 1}, {"bag": {"W1": 1}, "white_total": -1},
    {"bag": {"W1": 1}, "white_total": "1"}, {"bag": {"W1": 1}, "white_total": 1, "white_limit": None},
])
def test_odds_bad_requests(request_: dict[str, Any]) -> None:
    assert error(ask(op="odds", **request_))[0] == "bad_request"


def test_qk7_odds_over_the_limit_is_illegal() -> None:
    assert error(ask(op="odds", bag={"W1": 1}, white_total=8)) == ("illegal_move", "QK-7")
    assert ask(op="odds", bag={"W1": 1}, white_total=8, white_limit=9)["explode"] == 0.0
    # a bad bag is reported before the white total
    assert error(ask(op="odds", bag={"X1": 1}, white_total=8))[0] == "bad_request"


# --- sizes no table can have (refused before any work) -----------------------------------


def test_qk9_a_brew_with_more_draws_than_the_box_has_chips_is_refused_before_any_work() -> None:
    """216 chips in the box and one flask: 217 draws can still be read; 16,000 are refused at
    once, whatever they hold (even codes that do not exist)."""
    assert brew(draws=["O1"] * 217, books={})["ok"]
    assert error(brew(draws=["O1"] * 218, books={})) == ("bad_position", "QK-9")
    assert error(brew(draws=["nonsense"] * 16_000, books={})) == ("bad_position", "QK-9")


def test_qk18_a_chain_of_blues_longer_than_the_box_has_blues_is_refused() -> None:
    """34 blue chips in the box: a blue placing a blue … 34 times over can be read, one more
    is a bad request, and 900 levels are refused without running out of stack."""
    def chain(depth: int) -> Any:
        item: Any = "O1"
        for _ in range(depth):
            item = {"chip": "B1", "place": item}
        return item

    assert brew(draws=[chain(34)], books={})["ok"]
    assert error(brew(draws=[chain(36)], books={}))[0] == "bad_request"
    deep = json.dumps({"game": "quacks", "op": "brew", "books": {}, "droplet": 0, "rats": 0,
                       "draws": [json.loads('{"chip": "B1", "place": ' * 900 + '"O1"' + "}" * 900)]})
    assert handle_line(deep)["error"]["code"] == "bad_request"
