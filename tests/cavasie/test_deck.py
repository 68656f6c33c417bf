"""The deck as data (CV-1 … CV-3) and the checks of an edited deck or ladder."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from companion.cavasie import Scorer, deck_problems, default_deck, default_deck_data, load_deck
from companion.errors import BadRequest


def test_cv1_thirty_two_numbered_cards_in_four_rows_of_eight() -> None:
    """CV-1: cards 1–8 red (A), 9–16 yellow (S), 17–24 green (G), 25–32 blue (P); value = place in row."""
    numbered = [card for card in default_deck().cards if not card.quoto]
    assert len(numbered) == 32
    for card in numbered:
        assert card.number is not None
        row, place = divmod(card.number - 1, 8)
        assert card.colour == ("red", "yellow", "green", "blue")[row]
        assert card.value == place + 1
        assert card.code == f"{'ASGP'[row]}{place + 1}"


def test_cv1_named_examples() -> None:
    deck = default_deck()
    assert (deck.card("A1").number, deck.card("A1").name) == (1, "Gextaluatin")
    assert (deck.card("S1").number, deck.card("S1").name) == (9, "Narisanroid")
    assert (deck.card("P8").number, deck.card("P8").name) == (32, "Itar")


def test_cv2_four_quotos_with_no_number_value_or_shape() -> None:
    quotos = [card for card in default_deck().cards if card.quoto]
    assert [card.code for card in quotos] == ["A0", "S0", "G0", "P0"]
    assert [card.colour for card in quotos] == ["red", "yellow", "green", "blue"]
    assert all(card.number is None and card.value is None and card.shape is None for card in quotos)
    assert default_deck().quoto_values == (0, 9)
    assert default_deck().black == "black"


def cv3_shape(number: int) -> str:
    digits = format(number - 1, "05b")
    if len(set(digits)) == 1:
        return "oxas"
    return "lindys" if digits[0] != digits[-1] else "ronaldisis"


def test_cv3_shapes_follow_the_binary_rule_and_the_seed_counts() -> None:
    """CV-3: 2 원패 (cards 1 and 32), 16 선패, 14 혼패."""
    numbered = [card for card in default_deck().cards if not card.quoto]
    assert all(card.number is not None and card.shape == cv3_shape(card.number) for card in numbered)
    counts = {shape: sum(1 for card in numbered if card.shape == shape) for shape in ("oxas", "lindys", "ronaldisis")}
    assert counts == {"oxas": 2, "lindys": 16, "ronaldisis": 14}
    assert [card.code for card in numbered if card.shape == "oxas"] == ["A1", "P8"]


def test_cv8_the_ladder_as_data_weakest_first() -> None:
    ladder = default_deck().ladder
    assert [(p.rank, p.name) for p in ladder.patterns] == [
        (1, "migutin"), (2, "meseç"), (3, "aloxolef"), (4, "alon"), (5, "aloxelof ad livizax"), (6, "alofelox"),
        (7, "stelie"), (8, "doliahin"), (9, "stelie ad livizax"), (9, "exoçenìe"), (10, "felox"), (11, "cävàsìe"),
        (12, "loquosil"), (13, "felox ad livizax"), (14, "hugenie"), (15, "livizax"), (16, "quôy"),
        (17, "quôy ad livizax"), (18, "vanzie")]
    assert ladder.vepleque is not None and ladder.vepleque.ranks_as == "felox"
    assert ladder.sol is not None and ladder.sol.lifts_to == "stelie_ad_livizax"


def test_the_data_file_round_trips() -> None:
    text = resources.files("companion.cavasie").joinpath("deck.json").read_text(encoding="utf-8")
    assert default_deck_data() == json.loads(text)
    assert load_deck(default_deck_data()) == default_deck()


def test_an_edited_deck_builds_its_own_scorer() -> None:
    """A table renames a pattern and swaps two rungs: the scorer follows the data."""
    data = default_deck_data()
    for pattern in data["ladder"]["patterns"]:
        if pattern["id"] == "alon":
            pattern["name"], pattern["rank"] = "pair", 3
        elif pattern["id"] == "aloxolef":
            pattern["rank"] = 4
    data["ladder"]["patterns"].sort(key=lambda p: p["rank"])
    scorer = Scorer(load_deck(data))
    # A pair and a run of two: with the pair below the run, the run is the best pattern now.
    assert scorer.read(["A3", "S3", "G4", "A8"]).rank == "aloxolef"
    assert Scorer(default_deck()).read(["A3", "S3", "G4", "A8"]).rank == "alon"


def test_an_edited_card_changes_the_answer() -> None:
    """The table's A2 is printed as a 6: A6 and the 'A2' now pair."""
    data = default_deck_data()
    for card in data["cards"]:
        if card["code"] == "A2":
            card["value"] = 6
    assert Scorer(load_deck(data)).read(["A2", "S6", "G1", "P4"]).rank == "alon"


def broken(change) -> list[str]:
    data = copy.deepcopy(default_deck_data())
    change(data)
    return [problem.message_id for problem in deck_problems(data)]


@pytest.mark.parametrize(("change", "message_id"), [
    (lambda d: d.update(colours=[]), "cavasie.deck_colours"),
    (lambda d: d.update(black="red"), "cavasie.deck_black"),
    (lambda d: d.update(quoto_values=[0, 0]), "cavasie.deck_quoto_values"),
    (lambda d: d["cards"][0].update(colour="purple"), "cavasie.deck_card_colour"),
    (lambda d: d["cards"][1].update(code="A1"), "cavasie.deck_code_twice"),
    (lambda d: d["cards"][1].update(number=1), "cavasie.deck_number_twice"),
    (lambda d: d["cards"][2].update(value="three"), "cavasie.deck_card_value"),
    (lambda d: d["cards"][2].update(shape="round"), "cavasie.deck_card_shape"),
    (lambda d: d["cards"][-1].update(value=3), "cavasie.deck_quoto_fixed"),
    (lambda d: d["ladder"]["patterns"][3].update(kind="pairs"), "cavasie.ladder_kind"),
    (lambda d: d["ladder"]["patterns"][3].update(rank=7), "cavasie.ladder_ranks"),
    (lambda d: d["ladder"]["patterns"][4].update(id="alon"), "cavasie.ladder_id_twice"),
    (lambda d: d["ladder"]["patterns"][2].update(colours="some"), "cavasie.ladder_run_colours"),
    (lambda d: d["ladder"]["vepleque"].update(ranks_as="nothing"), "cavasie.ladder_vepleque"),
    (lambda d: d["ladder"]["sol"].update(shape="round"), "cavasie.ladder_sol"),
])
def test_a_malformed_edit_is_refused_with_a_clear_message(change, message_id: str) -> None:
    assert message_id in broken(change)


def test_every_problem_is_listed_and_load_raises_the_first() -> None:
    data = default_deck_data()
    data["cards"][0]["colour"] = "purple"
    data["cards"][5]["value"] = 99
    problems = deck_problems(data)
    assert [p.message_id for p in problems] == ["cavasie.deck_card_colour", "cavasie.deck_card_value"]
    with pytest.raises(BadRequest) as caught:
        load_deck(data)
    assert caught.value.message_id == "cavasie.deck_card_colour"
    assert caught.value.rule == "CV-1"
    assert "purple" in caught.value.message("en")


def test_the_default_deck_has_no_problem() -> None:
    assert deck_problems(default_deck_data()) == []
