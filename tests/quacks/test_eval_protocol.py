"""The protocol's Quacks `evaluate` op through the real dispatcher (`handle_line`): the worked
example, the response fields, round 9, and every error of the convention in its order:
bad_request, then bad_position, then unsupported, then illegal_move in step order.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.quacks.evaluate_protocol import op_evaluate
from companion.referee import handle_line
from tests.quacks.test_eval_support import served  # noqa: F401  (serves `evaluate`)

WORKED = {
    "op": "evaluate", "round": 3, "start": 0, "books": {"green": 1, "purple": 1},
    "players": [
        {"chips": [{"chip": "O1", "space": 1}, {"chip": "G1", "space": 5}], "exploded": False,
         "droplet": 0, "vp": 0, "rubies": 0, "flask": True, "die": "2vp", "buy": ["G1"]},
        {"chips": [{"chip": "W3", "space": 3}, {"chip": "W2", "space": 5}, {"chip": "W3", "space": 8}],
         "exploded": True, "choice": "buy", "buy": ["P1"]},
    ],
}
WORKED_ANSWER = {
    "ok": True,
    "players": [
        {"rolled": True, "scoring_space": 6, "vp": 3, "rubies": 1, "droplet": 1, "flask": True,
         "coins": 6, "gained": ["G1"]},
        {"rolled": False, "scoring_space": 9, "vp": 0, "rubies": 1, "droplet": 1, "flask": True,
         "coins": 9, "gained": ["P1"]},
    ],
    "next_start": 1,
}


pytestmark = pytest.mark.usefixtures("served")


def send(request: dict[str, Any]) -> dict[str, Any]:
    return handle_line(json.dumps({"game": "quacks", **request}))


def worked(**changes: Any) -> dict[str, Any]:
    request = copy.deepcopy(WORKED)
    request.update(changes)
    return request


def error(response: dict[str, Any]) -> tuple[str, str | None]:
    assert response["ok"] is False, response
    # A bug's answer is a bad_request too, but it says it met a bug: never the refusal meant.
    assert not response["error"]["message"].startswith("internal error"), response
    return response["error"]["code"], response["error"].get("rule")


# --- answers --------------------------------------------------------------------------------


def test_the_worked_example_is_answered_as_written():
    assert send(WORKED) == WORKED_ANSWER


def test_the_op_answers_the_same_called_directly():
    assert {"ok": True, **op_evaluate(WORKED)} == WORKED_ANSWER


def test_defaults_and_unknown_extra_fields():
    """`start` 0, `books` set 1, `droplet`/`vp`/`rubies` 0 and `flask` true by default;
    unknown fields are ignored."""
    request = worked(extra="ignored")
    del request["start"], request["books"]
    for key in ("droplet", "vp", "rubies", "flask"):
        del request["players"][0][key]
    request["players"][1]["nickname"] = "Bo"
    assert send(request) == WORKED_ANSWER


def test_round_9_adds_winners_and_turns_coins_and_rubies_into_vp():
    """Seat 0: die 2 + space 6's 1 VP + 6 // 5 = 4 VP, 1 ruby (green) kept. Seat 1 chose to
    buy: 9 // 5 = 1 VP, its 1 ruby (space 9) kept."""
    request = worked(round=9)
    del request["players"][0]["buy"], request["players"][1]["buy"]
    response = send(request)
    assert [(p["vp"], p["rubies"], p["coins"], p["gained"]) for p in response["players"]] == [
        (4, 1, 6, []), (1, 1, 9, [])]
    assert response["winners"] == [0] and response["next_start"] == 1


def test_round_9_shared_winners_are_listed_by_seat():
    request = {"op": "evaluate", "round": 9, "start": 1, "players": [
        {"chips": [{"chip": "O1", "space": 3}], "exploded": True, "choice": "vp", "vp": 5},
        {"chips": [{"chip": "O1", "space": 3}], "exploded": True, "choice": "vp", "vp": 5}]}
    response = send(request)
    assert response["winners"] == [0, 1] and response["next_start"] == 0


def test_supply_is_taken_in_buying_order():
    request = worked(start=1, supply={"G1": 1, "P1": 1})
    request["players"][1]["buy"] = ["G1"]
    assert error(send(request)) == ("illegal_move", "QK-14")  # seat 1 bought the last G1 first
    request["start"] = 0  # now seat 0 buys it first
    assert "no G1 left for seat 2" in message(request)  # seats read counted from 1


def test_green_set_3_moves_the_scoring_space_in_the_answer():
    """Whites 3+2+2 = 7, greens 2+1: last chip 10 -> 13, scoring space 14, 14 coins, 3 VP."""
    chips = [{"chip": c, "space": s} for c, s in (("W3", 3), ("G2", 5), ("W2", 7), ("G1", 8), ("W2", 10))]
    request = {"op": "evaluate", "round": 2, "books": {"green": 3}, "players": [
        {"chips": chips, "exploded": False, "die": "1vp"},
        {"chips": [{"chip": "W3", "space": 3}], "exploded": True, "choice": "vp"}]}
    p0 = send(request)["players"][0]
    assert (p0["scoring_space"], p0["coins"], p0["vp"]) == (14, 14, 1 + 3)


# --- errors: one by one -------------------------------------------------------------------


def drop(path: str):
    def change(request: dict[str, Any]) -> None:
        *where, key = path.split(".")
        target: Any = request
        for part in where:
            target = target[int(part)] if part.isdigit() else target[part]
        del target[key]
    return change


def put(path: str, value: Any):
    def change(request: dict[str, Any]) -> None:
        *where, key = path.split(".")
        target: Any = request
        for part in where:
            target = target[int(part)] if part.isdigit() else target[part]
        if key.isdigit():
            target[int(key)] = value
        else:
            target[key] = value
    return change


BAD_REQUESTS = {
    "round missing": drop("round"),
    "players missing": drop("players"),
    "chips missing": drop("players.0.chips"),
    "exploded missing": drop("players.1.exploded"),
    "a chip without space": drop("players.0.chips.0.space"),
    "round null": put("round", None),
    "start null": put("start", None),
    "books null": put("books", None),
    "supply null": put("supply", None),
    "droplet null": put("players.0.droplet", None),
    "vp null": put("players.0.vp", None),
    "rubies null": put("players.0.rubies", None),
    "flask null": put("players.0.flask", None),
    "die null": put("players.0.die", None),
    "choice null": put("players.1.choice", None),
    "buy null": put("players.0.buy", None),
    "spend null": put("players.0.spend", None),
    "spend droplet null": put("players.0.spend", {"droplet": None}),
    "round a string": put("round", "3"),
    "round out of range": put("round", 10),
    "players an object": put("players", {}),
    "a player a list": put("players.1", []),
    "exploded a number": put("players.1.exploded", 1),
    "vp true": put("players.0.vp", True),
    "space a float": put("players.0.chips.0.space", 1.0),
    "spend flask a number": put("players.0.spend", {"flask": 1}),
    "choice unknown": put("players.1.choice", "both"),
    "negative start": put("start", -1),
    "negative vp": put("players.0.vp", -1),
    "negative rubies": put("players.0.rubies", -2),
    "negative droplet": put("players.0.droplet", -1),
    "negative space": put("players.0.chips.0.space", -1),
    "negative supply": put("supply", {"G1": -1}),
    "negative spend": put("players.0.spend", {"droplet": -1}),
    "unknown chip in pot": put("players.0.chips.0", {"chip": "X1", "space": 1}),
    "unknown chip bought": put("players.0.buy", ["G3"]),
    "unknown chip in supply": put("supply", {"Z9": 1}),
    "unknown face": put("players.0.die", "3vp"),
    "unknown book colour": put("books", {"pink": 1}),
    "book set 5": put("books", {"green": 5}),
}


@pytest.mark.parametrize("change", BAD_REQUESTS.values(), ids=BAD_REQUESTS.keys())
def test_bad_requests(change):
    request = worked()
    change(request)
    assert error(send(request))[0] == "bad_request"


BAD_POSITIONS = {
    "one player": lambda r: r.update(players=r["players"][:1]),
    "five players": lambda r: r.update(players=r["players"] * 2 + r["players"][:1]),
    "start not a seat": put("start", 2),
    "empty pot": put("players.1.chips", []),
    "spaces decrease": put("players.0.chips", [{"chip": "O1", "space": 5}, {"chip": "G1", "space": 4}]),
    "space past 52": put("players.0.chips.1", {"chip": "G1", "space": 53}),
    "droplet past 52": put("players.0.droplet", 53),
}


@pytest.mark.parametrize("change", BAD_POSITIONS.values(), ids=BAD_POSITIONS.keys())
def test_bad_positions(change):
    request = worked()
    change(request)
    assert error(send(request))[0] == "bad_position"


def test_equal_spaces_and_space_0_and_52_are_fine():
    request = worked()
    request["players"][0]["chips"] = [{"chip": "O1", "space": 0}, {"chip": "G1", "space": 0}]
    request["players"][1]["chips"] = [{"chip": "W3", "space": 52}]
    request["players"][0]["buy"] = []
    response = send(request)
    assert response["ok"] and [p["scoring_space"] for p in response["players"]] == [1, 53]


@pytest.mark.parametrize("books", [{"green": 2}, {"green": 4}, {"purple": 2}, {"purple": 4},
                                   {"blue": 2}, {"red": 2}])
def test_unsupported_book_sets_whatever_the_pots_hold(books):
    assert error(send(worked(books=books))) == ("unsupported", None)


@pytest.mark.parametrize("books", [{"green": 3, "purple": 3}, {"blue": 1, "red": 1}, {"blue": 3, "red": 3},
                                   {"blue": 4, "red": 4, "yellow": 2}, {"yellow": 3}, {"yellow": 4}])
def test_supported_book_sets(books):
    request = worked(books=books)
    for p in request["players"]:
        p["buy"] = []  # prices differ between sets
    assert send(request)["ok"] is True


# The illegal moves of the convention, in its order; each is a change of the worked example.
ILLEGAL = [
    ("roller without die", "QK-11", drop("players.0.die")),
    ("die for a non-roller", "QK-11", put("players.1.die", "1vp")),
    ("exploded without choice", "QK-14", drop("players.1.choice")),
    ("choice from one who did not explode", "QK-14", put("players.0.choice", "vp")),
    ("buy after choosing vp", "QK-14", put("players.1.choice", "vp")),
    ("buy in round 9", "QK-16", put("round", 9)),
    ("three chips", "QK-14", put("players.0.buy", ["G1", "O1", "K1"])),
    ("one colour twice", "QK-14", put("players.0.buy", ["G1", "G2"])),
    ("a white chip", "QK-14", put("players.0.buy", ["W1"])),
    ("a colour not out yet", "QK-1", put("players.0.buy", ["P1"])),  # with round 2, below
    ("more than the coins", "QK-14", put("players.0.buy", ["K1"])),
    ("box run out", "QK-14", put("supply", {"G1": 0})),
    ("spend in round 9", "QK-16", put("players.0.spend", {})),
    ("refilling a full flask", "QK-15", put("players.0.spend", {"flask": True})),
    ("more rubies than held", "QK-15", put("players.0.spend", {"droplet": 1})),
    ("droplet past 52", "QK-15", put("players.0.droplet", 52)),
]


def illegal(name: str) -> dict[str, Any]:
    """The worked example with one illegal answer."""
    request = worked()
    for label, _, change in ILLEGAL:
        if label == name:
            change(request)
    if name == "a colour not out yet":
        request["round"] = 2
        request["players"][1]["buy"] = []
    if name in ("buy in round 9", "spend in round 9"):
        request["round"] = 9
        del request["players"][1]["buy"]
        if name == "spend in round 9":
            del request["players"][0]["buy"]
    if name == "droplet past 52":
        request["players"][0]["rubies"] = 10
        request["players"][0]["spend"] = {"droplet": 1}
    return request


@pytest.mark.parametrize(("name", "rule"), [(name, rule) for name, rule, _ in ILLEGAL])
def test_illegal_moves_each_with_its_rule(name, rule):
    response = send(illegal(name))
    assert error(response) == ("illegal_move", rule)
    assert response["error"]["message"].endswith(f"({rule})")


# --- errors: which comes first ---------------------------------------------------------------


def test_bad_request_comes_before_bad_position():
    request = worked(start=7)  # not a seat
    request["players"][0]["vp"] = "many"
    assert error(send(request))[0] == "bad_request"
    request = worked()
    request["players"] = request["players"] * 3  # six players ...
    request["players"][5] = dict(request["players"][5], flask=None)  # ... the last one mistyped
    assert error(send(request))[0] == "bad_request"


def test_bad_position_comes_before_unsupported_and_unsupported_before_illegal_moves():
    request = worked(books={"green": 2})
    request["players"][1]["chips"] = []
    assert error(send(request))[0] == "bad_position"
    request = worked(books={"red": 2})
    del request["players"][0]["die"]
    assert error(send(request))[0] == "unsupported"


def test_a_bad_request_comes_before_unsupported():
    request = worked(books={"green": 2, "purple": 9})
    assert error(send(request))[0] == "bad_request"


def message(request: dict[str, Any]) -> str:
    response = send(request)
    assert response["ok"] is False, response
    return response["error"]["message"]


def test_illegal_moves_come_in_step_order():
    """A (die) before D (choice) before E (buying) before F (spending)."""
    request = illegal("exploded without choice")
    request["players"][1]["die"] = "1vp"  # A: a die for a non-roller
    assert "does not roll" in message(request)
    request = illegal("more than the coins")
    del request["players"][1]["choice"]  # D comes before E
    assert "exploded: choose" in message(request)
    request = illegal("refilling a full flask")
    request["players"][0]["buy"] = ["K1"]  # E comes before F
    assert "10 coins" in message(request)


def test_within_a_step_the_start_player_comes_first():
    request = illegal("roller without die")
    request["players"][1]["die"] = "1vp"
    assert "Seat 1 rolls" in message(request)  # seat 0, counted from 1
    request["start"] = 1
    assert "Seat 2 does not roll" in message(request)


def test_within_one_purchase_the_checks_come_in_the_conventions_order():
    request = worked(round=1, supply={"K1": 0})
    request["players"][1]["buy"] = []
    for buy, text in ((["W1", "W2", "W3"], "buy 3 chips"),  # three chips before white
                      (["W1", "W2"], "two chips of one colour"),  # one colour twice before white
                      (["Y1", "W1"], "comes out in round 2"),  # per chip in list order
                      (["W1", "Y1"], "never sold"),
                      (["K1", "Y1"], "comes out in round 2"),  # not out before the coins
                      (["K1"], "spend 10 coins")):  # the coins before the box
        request["players"][0]["buy"] = buy
        assert text in message(request), buy


def test_within_spending_the_flask_then_the_rubies_then_the_droplet():
    request = worked()
    request["players"][0].update(droplet=52, spend={"droplet": 1, "flask": True})
    assert "already full" in message(request)
    request["players"][0]["spend"] = {"droplet": 1}
    assert "holds only 1" in message(request)
    request["players"][0]["rubies"] = 1
    assert "pass space 52" in message(request)


def test_buy_after_vp_is_a_step_d_refusal_before_another_players_purchase():
    """Our reading: the exploded player's D-or-E answers are checked in D, so seat 1's buy
    after "vp" is refused before seat 0's over-priced purchase in E."""
    request = illegal("buy after choosing vp")
    request["players"][0]["buy"] = ["K1"]
    assert "chose victory points" in message(request)


def test_a_pot_listing_more_chips_than_the_box_holds_is_refused_before_any_work():
    """216 chips in the box: a pot of 216 can be read (and scores on the spoon), one of 217 is
    a position no table can have, whatever its chips say."""
    full = worked()
    full["players"][0]["chips"] = [{"chip": "O1", "space": 52}] * 216
    assert send(full)["ok"]
    over = worked()
    over["players"][1]["chips"] = [{"chip": "X9", "space": -1}] * 217
    assert error(send(over)) == ("bad_position", None)
