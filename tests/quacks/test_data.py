"""The data module against the reference tables (QK-1, QK-2, QK-3 data side, QK-5, QK-6, QK-10, QK-14)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.i18n import catalogue
from companion.quacks import data
from companion.quacks.data import (
    BOOK_ROUND_OUT,
    BOX_SUPPLY,
    CHIP_CODES,
    FORTUNE_CARDS,
    LAST_SPACE,
    POT_TRACK,
    RAT_TAILS,
    SPOON,
    STARTING_BAG,
    Bag,
    Books,
    catalogue_with,
    chip,
    default_catalogue,
    price,
    rats_for,
)

# The published components' reference table, where the checkout has it beside it: the data
# module is checked against it item by item (skipped on a machine without it).
REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "quacks_reference.json"


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    if not REFERENCE.exists():
        pytest.skip("the reference table is not on this machine")
    loaded: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return loaded


# --- pot track (QK-6, QK-10) ------------------------------------------------------------

def test_qk6_pot_track_has_54_spaces_last_52_spoon_53() -> None:
    assert len(POT_TRACK) == 54
    assert [s.index for s in POT_TRACK] == list(range(54))
    assert (LAST_SPACE, SPOON) == (52, 53)
    assert (POT_TRACK[SPOON].coins, POT_TRACK[SPOON].vp, POT_TRACK[SPOON].ruby) == (35, 15, False)
    assert (POT_TRACK[LAST_SPACE].coins, POT_TRACK[LAST_SPACE].vp, POT_TRACK[LAST_SPACE].ruby) == (33, 14, True)


def test_qk10_pot_track_matches_reference_space_by_space(ref: dict[str, Any]) -> None:
    got = [(s.index, s.coins, s.vp, s.ruby) for s in POT_TRACK]
    want = [(r["space"], r["coins"], r["vp"], r["ruby"]) for r in ref["pot_track"]]
    assert got == want


def test_qk10_ruby_spaces_and_hand_checked_spaces(ref: dict[str, Any]) -> None:
    rubies = [s.index for s in POT_TRACK if s.ruby]
    assert rubies == ref["pot_track_notes"]["ruby_spaces_by_index"]
    assert rubies == [5, 9, 13, 16, 20, 24, 28, 30, 34, 36, 40, 42, 46, 50, 52]
    # the rulebook's example: the space after the 12th is 13 coins, 2 VP and a ruby
    assert POT_TRACK[13].to_json() == {"index": 13, "coins": 13, "vp": 2, "ruby": True}
    # every coin value 15..33 is printed on two consecutive spaces
    for coins in range(15, 34):
        assert sum(1 for s in POT_TRACK if s.coins == coins) == 2


# --- rat tails (QK-5) -------------------------------------------------------------------

def test_qk5_rat_tails_match_reference(ref: dict[str, Any]) -> None:
    assert list(RAT_TAILS) == ref["scoring_track"]["rat_tails_at_scores"]
    assert len(RAT_TAILS) == 23


@pytest.mark.parametrize(("mine", "leader", "rats"), [
    (20, 20, 0), (19, 20, 0), (17, 20, 1), (16, 20, 2),  # the rulebook's p.3 example
    (12, 20, 4), (0, 1, 0), (0, 2, 1), (1, 2, 1), (2, 4, 0), (2, 5, 1),
    (25, 10, 0), (48, 49, 1), (49, 51, 0), (49, 52, 1), (50, 55, 2),
    (0, 50, 23), (0, 100, 46), (51, 61, 4), (100, 102, 1),
])
def test_qk5_rats_for_hand_worked(mine: int, leader: int, rats: int) -> None:
    assert rats_for(mine, leader) == rats


def test_qk5_tails_repeat_every_50() -> None:
    for low in range(50):
        for high in range(low, 51):
            assert rats_for(low + 50, high + 50) == rats_for(low, high)


# --- chips, bag, setup (QK-1, QK-2, QK-3) ------------------------------------------------

def test_chip_codes_and_lookup() -> None:
    assert len(CHIP_CODES) == 18
    assert chip("R4") == data.Chip("R4", "red", 4)
    assert chip("K1").colour == "black" and chip("W3").white
    with pytest.raises(BadRequest):
        chip("X9")
    with pytest.raises(BadRequest):
        chip(3)


def test_qk2_starting_bag_rubies(ref: dict[str, Any]) -> None:
    assert STARTING_BAG == {"W1": 4, "W2": 2, "W3": 1, "O1": 1, "G1": 1}
    assert STARTING_BAG.size == 9
    assert data.STARTING_RUBIES == 1 and data.STARTING_RUBIES_STATUS == "likely"
    assert ref["chips"]["starting_bag"] == {"white1": 4, "white2": 2, "white3": 1, "orange1": 1, "green1": 1}


def test_qk3_extra_white_before_round_6() -> None:
    assert (data.EXTRA_WHITE_ROUND, data.EXTRA_WHITE_CODE, data.ROUNDS) == (6, "W1", 9)


def test_qk1_books_and_rounds_out() -> None:
    assert dict(BOOK_ROUND_OUT) == {"green": 1, "blue": 1, "red": 1, "yellow": 2, "purple": 3,
                                    "orange": 1, "black": 1}
    assert data.book_out("yellow", 2) and not data.book_out("yellow", 1)
    assert data.book_out("purple", 3) and not data.book_out("purple", 2)
    assert not data.book_out("white", 5)
    books = Books.of({"red": 3})
    assert books["red"] == 3 and books["green"] == 1 and books["orange"] == 1
    assert books.to_json() == {"green": 1, "blue": 1, "red": 3, "yellow": 1, "purple": 1}
    with pytest.raises(BadRequest):
        Books.of({"red": 5})
    with pytest.raises(BadRequest):
        Books.of({"orange": 2})
    with pytest.raises(BadRequest):
        Books.of({"blue": True})


def test_box_supply_matches_reference(ref: dict[str, Any]) -> None:
    letters = {"white": "W", "orange": "O", "green": "G", "blue": "B", "red": "R", "yellow": "Y",
               "purple": "P", "black": "K"}
    want = {f"{letters[c]}{v}": n for c, e in ref["chips"].items() if isinstance(e, dict) and "box_count" in e
            for v, n in e["box_count"].items()}
    assert dict(BOX_SUPPLY) == want
    assert data.BOX_SUPPLY_STATUS == "likely"


def test_bonus_die_faces() -> None:
    assert data.BONUS_DIE_FACES == ("1vp", "1vp", "2vp", "ruby", "droplet", "orange")


def test_bag_is_immutable_and_refuses_missing_chips() -> None:
    bag = Bag({"W1": 2, "O1": 0})
    assert "O1" not in bag and bag.size == 2
    assert bag.remove("W1") == {"W1": 1} and bag == {"W1": 2}
    with pytest.raises(IllegalMove) as caught:
        bag.remove("R1")
    assert caught.value.rule == "QK-6"
    with pytest.raises(BadRequest):
        Bag({"W1": -1})
    with pytest.raises(AttributeError):
        bag._counts = ()  # type: ignore[misc]


# --- prices (QK-14) ---------------------------------------------------------------------

def test_qk14_every_price_of_every_set_matches_reference(ref: dict[str, Any]) -> None:
    cat = default_catalogue()
    for book_set, colours in ref["prices"]["by_set"].items():
        for colour, by_value in colours.items():
            for value, coins in by_value.items():
                assert price(cat, colour, int(book_set), int(value)) == coins, (colour, book_set, value)
    for book_set in (1, 2, 3, 4):
        assert price(cat, "orange", book_set, 1) == 3
        assert price(cat, "black", book_set, 1) == 10
    with pytest.raises(BadRequest):
        price(cat, "white", 1, 1)
    with pytest.raises(BadRequest):
        price(cat, "red", 1, 3)


def test_qk14_unconfirmed_prices_stay_marked() -> None:
    cat = default_catalogue()
    green = cat.price_entry("green", 3, 4)
    blue = cat.price_entry("blue", 4, 4)
    assert (green.coins, green.status, green.alternatives) == (21, "unconfirmed", (18,))
    assert (blue.coins, blue.status, blue.alternatives) == (19, "unconfirmed", (20,))
    assert cat.price_entry("green", 1, 4).status == "confirmed"
    assert cat.price_entry("red", 2, 4).status == "likely"
    assert sum(1 for p in cat.prices.values() if p.status == "unconfirmed") == 2


def test_price_override_is_validated_and_applied() -> None:
    cat = catalogue_with({"prices": [{"colour": "green", "set": 3, "value": 4, "coins": 18},
                                     {"colour": "black", "value": 1, "coins": 9}]})
    assert price(cat, "green", 3, 4) == 18 and cat.price_entry("green", 3, 4).status == "user"
    assert price(cat, "black", 2, 1) == 9
    assert price(default_catalogue(), "green", 3, 4) == 21  # the default is untouched
    for bad in ({"colour": "white", "set": 1, "value": 1, "coins": 3},
                {"colour": "green", "set": 5, "value": 4, "coins": 3},
                {"colour": "green", "set": 3, "value": 3, "coins": 3},
                {"colour": "green", "set": 3, "value": 4, "coins": 0},
                {"colour": "green", "set": 3, "value": 4, "coins": "18"},
                "green"):
        with pytest.raises(BadRequest):
            catalogue_with({"prices": [bad]})
    with pytest.raises(BadRequest):
        catalogue_with({"price": []})


# --- fortune cards (QK-4 data) ----------------------------------------------------------

def test_24_fortune_cards_13_purple_11_blue_with_status(ref: dict[str, Any]) -> None:
    assert len(FORTUNE_CARDS) == 24
    assert [c.name_en for c in FORTUNE_CARDS] == [c["name"] for c in ref["fortune_cards"]]
    assert sum(c.type == "purple" for c in FORTUNE_CARDS) == 13
    assert len({c.id for c in FORTUNE_CARDS}) == 24
    infestation = default_catalogue().card("rat_infestation")
    assert infestation.type == "purple" and infestation.type_status == "unconfirmed"
    for card, row in zip(FORTUNE_CARDS, ref["fortune_cards"], strict=True):
        assert row["type"].startswith(card.type)
        assert card.status == "likely"
        assert card.effect in data.CARD_EFFECTS
        assert any("\uac00" <= ch <= "\ud7a3" for ch in card.name_ko + card.text_ko)
        assert card.text_en != row["text"]  # our own words


def test_qk4_a_card_correction_changes_its_number_and_names_only() -> None:
    """A table corrects what its printing says: the card's number (what the engine reads, and
    what the text shows) and its names. The texts and the colour are not corrected."""
    cat = catalogue_with({"cards": [{"id": "living_in_luxury", "number": 10},
                                    {"id": "charity", "name_en": "Alms", "name_ko": "적선"}]})
    luxury = cat.card("living_in_luxury")
    assert (luxury.number, luxury.status) == (10, "user") and "more than 10" in luxury.text("en")
    assert "10보다" in luxury.text("ko")
    assert (cat.card("charity").name("en"), cat.card("charity").name("ko")) == ("Alms", "적선")
    assert cat.card("charity").effect == "fewest_rubies_ruby" and cat.card("charity").status == "user"
    assert cat.card("pot_is_full").text("en").endswith("rolls it 2 times.")
    one = catalogue_with({"cards": [{"id": "pot_is_full", "number": 1}]})
    assert one.card("pot_is_full").text("en").endswith("rolls it 1 time.")
    for bad in ({"id": "nope"}, {"id": "charity", "effect": "x"}, {"id": "rat_infestation", "type": "blue"},
                {"id": "charity", "text_en": "Poorest gets a ruby."}, {"id": "charity", "name_ko": "  "},
                {"id": "living_in_luxury", "number": 7}, {"id": "living_in_luxury", "number": "10"},
                {"id": "living_in_luxury", "number": True}, {"id": "magic_potion", "number": 2},
                {"id": "charity", "name_en": "x" * 61}):
        with pytest.raises(BadRequest):
            catalogue_with({"cards": [bad]})


def test_qk4_every_number_a_card_text_shows_is_its_own() -> None:
    """A card's text shows its number wherever the card has one, and never a bare {n}."""
    for card in FORTUNE_CARDS:
        for lang in ("en", "ko"):
            text = card.text(lang)
            assert "{" not in text, (card.id, lang)
            if card.number is not None:
                assert str(card.number) in text and card.low <= card.number <= card.high, (card.id, lang)


def test_every_message_and_book_text_is_translated() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    for colour in data.BOOK_COLOURS:
        for book_set in (1, 2, 3, 4):
            key = f"quacks.book.{colour}.{book_set}"
            assert key in en and key in ko
            assert data.BOOK_TEXTS[(colour, book_set)].status == ("confirmed" if book_set == 1 else "likely")


def test_bags_compare_as_multisets() -> None:
    assert Bag({"W1": 2, "O1": 1}) == Bag({"O1": 1, "W1": 2, "G1": 0})
    assert Bag({"W1": 2}) != Bag({"W1": 1})
    assert hash(Bag({"W1": 2})) == hash(Bag({"W1": 2}))
    assert list(Bag({"O1": 1, "W1": 2})) == ["W1", "O1"]  # in chip-code order


def test_qk15_qk16_exchange_rates() -> None:
    assert (data.RUBIES_PER_DROPLET, data.RUBIES_PER_FLASK) == (2, 2)
    assert (data.COINS_PER_VP_ROUND_9, data.RUBIES_PER_VP_ROUND_9) == (5, 2)
