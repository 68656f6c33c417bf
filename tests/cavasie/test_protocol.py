"""The `cavasie` ops of the referee protocol: answers and refusals, through the real dispatcher."""

from __future__ import annotations

import json

import pytest

from companion.i18n import t
from companion.referee import handle, handle_line


def ask(**request):
    return handle({"game": "cavasie", **request})


def error(**request) -> tuple[str, str | None]:
    answer = ask(**request)
    assert answer["ok"] is False, answer
    assert not answer["error"]["message"].startswith("internal error"), answer  # refused, not a crash
    return answer["error"]["code"], answer["error"].get("rule")


def test_the_worked_score_example_is_answered_as_written() -> None:
    """protocol.md, Çävasie: the example request and its answer, exactly."""
    line = '{"game": "cavasie", "op": "score", "hand": ["A3", "G4"], "floor": ["S5", "P0", "A4"]}'
    assert handle_line(line) == {"ok": True, "rank": "cävàsìe", "rank_index": 11, "cards": ["A3", "G4", "P0", "S5"],
                                 "sum": 21, "quotos": {"P0": {"value": 9, "colour": "blue"}}}


def test_a_dealer_sends_center() -> None:
    answer = ask(op="score", center=["A1", "S2", "G8", "P8"], floor=["G3", "P4", "A6", "S7"])
    assert (answer["rank"], answer["cards"]) == ("vanzie", ["A1", "G3", "P4", "S2"])


def test_quotos_is_an_empty_object_without_quotos() -> None:
    assert ask(op="score", hand=["A5", "S6"], floor=["G7", "P8"])["quotos"] == {}


def test_showdown_orders_groups_and_sorts_names_inside_a_group() -> None:
    """Bo and Ana tie (CV-10 draw: alon, sum 15, same colours and shapes); Cy's vanzie is first."""
    answer = ask(op="showdown", players=[
        {"name": "Bo", "hand": ["A2", "G2"], "floor": ["G4", "P7"]},
        {"name": "Ana", "hand": ["A5", "G1"], "floor": ["G5", "P4"]},
        {"name": "Cy", "hand": ["A6", "S7"], "floor": ["G8", "P0"]},
    ])
    assert answer["order"] == [["Cy"], ["Ana", "Bo"]]
    assert answer["hands"]["Cy"]["rank"] == "vanzie"
    assert answer["hands"]["Cy"]["quotos"] == {"P0": {"value": 9, "colour": "blue"}}
    assert set(answer["hands"]) == {"Ana", "Bo", "Cy"}


def test_showdown_applies_vepleques_voiding_to_every_hand() -> None:
    answer = ask(op="showdown", players=[
        {"name": "Ana", "hand": ["A1", "S2"], "floor": ["G3", "P4"]},
        {"name": "Bo", "hand": ["G5", "G6"], "floor": ["G7", "G8"]},
        {"name": "Dealer", "dealer": True, "center": ["A0", "S0"], "floor": ["G0", "P0", "A8", "S8"]},
    ])
    assert answer["order"] == [["Dealer"], ["Bo"], ["Ana"]]
    assert answer["hands"]["Ana"]["rank"] == "exoçenìe"
    assert answer["hands"]["Dealer"] == {
        "rank": "vepleque", "rank_index": 10, "cards": ["A0", "G0", "P0", "S0"], "sum": 36,
        "quotos": {code: {"value": 9, "colour": "black"} for code in ("A0", "G0", "P0", "S0")}}


def test_non_ascii_names_come_back_as_utf8() -> None:
    line = handle_line(json.dumps({"game": "cavasie", "op": "score", "hand": ["A1", "S3"], "floor": ["G5", "P7"]}))
    assert line["rank"] == "cävàsìe"


# -- refusals (CV-1, CV-4, CV-6, CV-7) and their order ----------------------------------------------------
@pytest.mark.parametrize(("request_", "expected"), [
    ({"op": "score", "floor": ["A1"]}, ("bad_request", None)),  # no hand
    ({"op": "score", "hand": "A1 A2", "floor": ["A3"]}, ("bad_request", None)),
    ({"op": "score", "hand": ["A1", 7], "floor": ["A3"]}, ("bad_request", None)),
    ({"op": "score", "hand": ["A1", "A9"], "floor": ["A3"]}, ("bad_request", "CV-1")),
    ({"op": "score", "hand": ["A1", "a2"], "floor": ["A3"]}, ("bad_request", "CV-1")),
    ({"op": "score", "hand": ["A1", "A2"], "center": ["A3"], "floor": ["A4"]}, ("bad_request", None)),
    ({"op": "score", "hand": ["A1", "A2"]}, ("bad_request", None)),  # no floor
    ({"op": "score", "hand": ["A1"], "floor": ["A3"]}, ("bad_position", "CV-7")),
    ({"op": "score", "hand": ["A1", "A2", "A3", "A4", "A5"], "floor": ["A6"]}, ("bad_position", "CV-7")),
    ({"op": "score", "hand": ["A1", "A2"], "floor": []}, ("bad_position", "CV-7")),
    ({"op": "score", "hand": ["A1", "A2"], "floor": ["S1", "S2", "S3", "S4", "S5", "S6"]}, ("bad_position", "CV-7")),
    ({"op": "score", "center": [], "floor": ["S1"]}, ("bad_position", "CV-7")),
    ({"op": "score", "center": ["A1", "A2", "A3", "A4", "A5", "A6", "A7"], "floor": ["S1"]}, ("bad_position", "CV-7")),
    ({"op": "score", "hand": ["A1", "A2"], "floor": ["A2"]}, ("bad_position", "CV-6")),
])
def test_score_refusals(request_, expected) -> None:
    assert error(**request_) == expected


def test_an_unknown_code_is_a_bad_request_even_beside_a_bad_count() -> None:
    """Fields are checked before the position: the unknown card wins over the one-card hand."""
    assert error(op="score", hand=["Z9"], floor=["A1"]) == ("bad_request", "CV-1")


def test_counts_are_checked_before_a_card_twice() -> None:
    assert error(op="score", hand=["A1"], floor=["A1"])[1] == "CV-7"


def players(*hands):
    return [{"name": f"P{i}", "hand": list(h[:2]), "floor": list(h[2:])} for i, h in enumerate(hands)]


@pytest.mark.parametrize(("players_", "expected"), [
    ("nope", ("bad_request", None)),
    ([{"hand": ["A1", "A2"], "floor": ["A3"]}, {"name": "B", "hand": ["S1", "S2"], "floor": ["S3"]}],
     ("bad_request", None)),
    ([{"name": 3, "hand": ["A1", "A2"], "floor": ["A3"]}], ("bad_request", None)),
    (["A1"], ("bad_request", None)),
    ([{"name": "A", "hand": ["A1", "A2"], "floor": ["A3"]}, {"name": "A", "hand": ["S1", "S2"], "floor": ["S3"]}],
     ("bad_request", None)),
    ([{"name": "A", "hand": ["A1", "A2"], "floor": ["A3"]}, {"name": "B", "hand": ["S1", "X2"], "floor": ["S3"]}],
     ("bad_request", "CV-1")),
    ([{"name": "A", "hand": ["A1", "A2"], "floor": ["A3"]}, {"name": "B", "floor": ["S3"]}], ("bad_request", None)),
    ([{"name": "A", "dealer": "yes", "center": ["A1"], "floor": ["A3"]}], ("bad_request", None)),
    (players(("A1", "A2", "A3")), ("bad_position", "CV-4")),
    (players(*[(f"{c}1", f"{c}2", f"{c}3") for c in "ASGP"], ("A4", "A5", "A6"), ("S4", "S5", "S6")),
     ("bad_position", "CV-4")),
    ([{"name": "A", "hand": ["A1", "A2"], "floor": ["A3"]},
      {"name": "D", "dealer": True, "center": ["S1"], "floor": ["S3"]},
      {"name": "E", "dealer": True, "center": ["G1"], "floor": ["G3"]}], ("bad_position", "CV-4")),
    (players(("A1", "A2", "A3"), ("S1", "S2")), ("bad_position", "CV-7")),
    (players(("A1", "A2", "A3"), ("S1", "S2", "A3")), ("bad_position", "CV-6")),
])
def test_showdown_refusals(players_, expected) -> None:
    assert error(op="showdown", players=players_) == expected


def test_unknown_extra_fields_are_ignored() -> None:
    assert ask(op="score", hand=["A5", "S6"], floor=["G7", "P8"], note="hi")["rank"] == "vanzie"


def test_refusals_carry_a_readable_message_with_the_rule() -> None:
    answer = ask(op="score", hand=["A1", "A1"], floor=["A3"])
    assert answer["error"]["message"].endswith("(CV-6)")
    assert "A1" in answer["error"]["message"]


def test_cv4_the_dealer_and_the_one_player_left_after_a_fold_show_down() -> None:
    """A table of three or more where all but one player folded: the dealer (two centre cards
    as its hand, CV-7) against the last player. The dealer's S1 S2 S3 G4 is felox (10); Ana's
    A1 A2 A3, three consecutive reds, is stelie ad livizax (9)."""
    answer = ask(op="showdown", players=[
        {"name": "Ana", "hand": ["A1", "A2"], "floor": ["A3", "P7"]},
        {"name": "Dealer", "dealer": True, "center": ["S1", "S2", "G8"], "floor": ["S3", "G4", "P1"]},
    ])
    assert answer["ok"], answer
    assert answer["order"] == [["Dealer"], ["Ana"]]
    assert (answer["hands"]["Dealer"]["rank"], answer["hands"]["Ana"]["rank"]) == ("felox", "stelie ad livizax")


def test_cv4_a_showdown_of_sixty_four_thousand_players_is_refused_without_scoring_a_hand(monkeypatch) -> None:
    """No table has more than five players: the request is read once and refused (bad_position),
    and no hand is scored. (How fast: benchmarks/cavasie.py.)"""
    from companion.cavasie.scorer import Scorer

    def never(*args, **kwargs):
        raise AssertionError("a hand was scored")

    monkeypatch.setattr(Scorer, "score", never)
    players = [{"name": f"P{i}", "hand": ["A1", "A2"], "floor": ["A3"]} for i in range(64_000)]
    assert error(op="showdown", players=players) == ("bad_position", "CV-4")


@pytest.mark.parametrize("item", [["A1"], {"code": "A1"}, 1, None, "Z9"])
def test_cv1_a_card_that_is_no_code_of_the_deck_is_a_bad_request_in_any_pile(item) -> None:
    """A list, an object, a number or an unknown code among a player's cards is named as the
    card that is wrong (bad_request), never an internal error, wherever it stands in the pile."""
    for pile in ([item, "A2"], ["A2", item]):
        answer = ask(op="showdown", players=[{"name": "Ana", "hand": pile, "floor": ["A3"]},
                                             {"name": "Bo", "hand": ["A4", "A5"], "floor": ["A6"]}])
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
        assert "internal error" not in answer["error"]["message"]
        assert json.dumps(item, ensure_ascii=False) in answer["error"]["message"] or "Z9" in answer["error"]["message"]


def test_cv7_the_largest_and_smallest_piles_are_accepted() -> None:
    """CV-7's bounds are inclusive: four hand cards and five floor cards, a dealer's centre of one
    card or of six."""
    assert ask(op="score", hand=["A1", "A2", "A3", "A4"], floor=["S1", "S2", "S3", "S4", "S5"])["ok"]
    assert ask(op="score", center=["A1"], floor=["S1", "S2"])["ok"]
    assert ask(op="score", center=["A1", "A2", "A3", "A4", "A5", "A6"], floor=["S1"])["ok"]


def test_cv4_a_showdown_of_five_players_is_accepted() -> None:
    players = [{"name": f"P{seat}", "hand": [f"{colour}1", f"{colour}2"], "floor": [f"{colour}3"]}
               for seat, colour in enumerate("ASGP")]
    players.append({"name": "P4", "hand": ["A5", "S5"], "floor": ["G5"]})
    answer = ask(op="showdown", players=players)
    assert answer["ok"], answer
    assert sorted(name for group in answer["order"] for name in group) == [f"P{seat}" for seat in range(5)]


def test_cv7_a_wrong_count_names_the_player_in_a_showdown_and_no_one_in_a_score() -> None:
    shown = ask(op="showdown", players=[{"name": "Ana", "hand": ["A1"], "floor": ["A3"]},
                                        {"name": "Bo", "hand": ["A4", "A5"], "floor": ["A6"]}])
    said = t("cavasie.player_hand_count", "en", player="Ana", count=1, low=2, high=4)
    assert shown["error"]["message"].startswith(said)
    scored = ask(op="score", hand=["A1"], floor=["A3"])
    assert scored["error"]["message"].startswith(t("cavasie.hand_count", "en", count=1, low=2, high=4))


def test_a_mistyped_field_and_a_missing_one_are_told_apart() -> None:
    mistyped = ask(op="score", hand=["A1", "A2"], floor=["A3"], dealer="yes")
    said = t("protocol.wrong_type", "en", field="dealer", expected="true or false")
    assert mistyped["error"]["message"].startswith(said)
    missing = ask(op="score", hand=["A1", "A2"])
    assert missing["error"]["message"].startswith(t("protocol.missing_field", "en", field="floor"))
    missing = ask(op="showdown", players=[{"name": "Ana", "hand": ["A1", "A2"]},
                                          {"name": "Bo", "hand": ["A4", "A5"], "floor": ["A6"]}])
    assert missing["error"]["message"].startswith(t("cavasie.player_field_missing", "en", player="Ana", field="floor"))


def test_cv1_a_value_that_is_no_card_is_shown_as_it_was_sent() -> None:
    answer = ask(op="score", hand=[["가"], "A2"], floor=["A3"])
    assert answer["error"]["code"] == "bad_request" and '["가"]' in answer["error"]["message"]


def test_a_players_mistyped_dealer_or_cards_each_get_their_own_sentence() -> None:
    """A player's "dealer" that is not true or false says so, and cards that are not a list say
    that, each without the other's words."""
    bo = {"name": "Bo", "hand": ["A4", "A5"], "floor": ["A6"]}
    dealer = ask(op="showdown", players=[{"name": "Ana", "hand": ["A1", "A2"], "floor": ["A3"], "dealer": 1}, bo])
    assert dealer["error"]["message"] == t("cavasie.player_dealer_type", "en", player="Ana")
    assert "list" not in dealer["error"]["message"]
    cards = ask(op="showdown", players=[{"name": "Ana", "hand": "A1 A2", "floor": ["A3"]}, bo])
    assert cards["error"]["message"] == t("cavasie.player_field_type", "en", player="Ana", field="hand")
    assert "true or false" not in cards["error"]["message"]
