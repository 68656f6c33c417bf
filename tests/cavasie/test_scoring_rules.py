"""Scoring rules CV-2, CV-7 … CV-10, one test (at least) per pattern and per tie-break step.

Every expected answer is worked by hand from the rules text; the comment above each case says
how. `read` scores one fixed scored hand (no floor choice); `score_hand` / `score_dealer` choose
the floor (and centre) cards as CV-7 says.
"""

from __future__ import annotations

import pytest

from companion.cavasie import Scorer, SeatCards, decide, default_deck, default_deck_data, load_deck, showdown

SCORER = Scorer(default_deck())


def read(*cards: str, hand_cards: int = 2):
    return SCORER.read(cards, hand_cards=hand_cards)


def quoto(score, code: str) -> tuple[int, str]:
    reading = dict(score.quotos)[code]
    return reading.value, reading.colour


# -- CV-8: one test per rung of the ladder -----------------------------------------------------------
def test_cv8_1_migutin_five_cards_with_no_pattern_on_an_edited_deck() -> None:
    """CV-8 1. In the default deck five cards always show a pattern (two quotos can pair; one
    quoto meets a 1 or an 8), so an edited deck whose quotos read only as 20 shows migutin:
    A1 A3 S5 S7 and G0 (20): no equal or consecutive values, three colours at most."""
    data = default_deck_data()
    data["quoto_values"] = [20]
    scorer = Scorer(load_deck(data))
    score = scorer.read(["A1", "A3", "S5", "S7", "G0"])
    assert (score.rank, score.rank_index, score.sum) == ("migutin", 1, 1 + 3 + 5 + 7 + 20)


def test_cv8_1_five_default_cards_always_show_a_pattern() -> None:
    """CV-8 1 with CV-2: the quoto reads 0 next to A1, so A1 A3 S5 S7 G0 is aloxolef, not migutin."""
    score = read("A1", "A3", "S5", "S7", "G0")
    assert score.rank == "aloxolef"
    assert quoto(score, "G0")[0] == 0


def test_cv8_2_meses_four_cards_with_no_pattern() -> None:
    """CV-8 2: 1, 3, 5, 7 in red and yellow: no run, no pair, two colours only."""
    score = read("A1", "A3", "S5", "S7")
    assert (score.rank, score.rank_index, score.sum) == ("meseç", 2, 16)
    assert score.pattern_cards == ()


def test_cv8_3_aloxolef_two_consecutive_values() -> None:
    score = read("A1", "S2", "A5", "S7")  # 1-2 in two colours; nothing else
    assert (score.rank, score.rank_index) == ("aloxolef", 3)
    assert set(score.pattern_cards) == {"A1", "S2"}


def test_cv8_4_alon_a_pair() -> None:
    score = read("A3", "S3", "A6", "S8")  # 3-3; 6 and 8 touch nothing
    assert (score.rank, score.rank_index) == ("alon", 4)
    assert set(score.pattern_cards) == {"A3", "S3"}


def test_cv8_5_aloxelof_ad_livizax_two_consecutive_of_one_colour() -> None:
    score = read("A3", "A4", "S6", "S8")  # red 3-4
    assert (score.rank, score.rank_index) == ("aloxelof ad livizax", 5)
    assert set(score.pattern_cards) == {"A3", "A4"}


def test_cv8_6_alofelox_two_pairs() -> None:
    score = read("A3", "S3", "A6", "S6")
    assert (score.rank, score.rank_index) == ("alofelox", 6)
    assert set(score.pattern_cards) == {"A3", "S3", "A6", "S6"}


def test_cv8_7_stelie_three_consecutive_in_mixed_colours() -> None:
    """3-4-5 in red, red, yellow: neither one colour nor three colours."""
    score = read("A3", "A4", "S5", "S8")
    assert (score.rank, score.rank_index) == ("stelie", 7)
    assert set(score.pattern_cards) == {"A3", "A4", "S5"}


def test_cv8_8_doliahin_three_of_a_kind() -> None:
    score = read("A3", "S3", "G3", "P7")
    assert (score.rank, score.rank_index) == ("doliahin", 8)
    assert set(score.pattern_cards) == {"A3", "S3", "G3"}


def test_cv8_9_stelie_ad_livizax_three_consecutive_of_one_colour() -> None:
    score = read("A3", "A4", "A5", "S8")
    assert (score.rank, score.rank_index) == ("stelie ad livizax", 9)
    assert set(score.pattern_cards) == {"A3", "A4", "A5"}


def test_cv8_9_exocenie_three_consecutive_in_three_colours() -> None:
    """3-4-5 in red, yellow, green; G8 adds no fourth colour, so no cävàsìe."""
    score = read("A3", "S4", "G5", "G8")
    assert (score.rank, score.rank_index) == ("exoçenìe", 9)
    assert set(score.pattern_cards) == {"A3", "S4", "G5"}


def test_cv8_9_both_rank_nine_patterns_are_named_stelie_ad_livizax() -> None:
    """protocol convention: A3 A4 A5 is one colour, A3 S4 G5 three colours; the name is stelie ad livizax."""
    score = read("A3", "A4", "A5", "S4", "G5", hand_cards=3)
    assert (score.rank, score.rank_index) == ("stelie ad livizax", 9)


def test_cv8_10_felox_four_consecutive_values() -> None:
    """1-2-3-4 in red, red, yellow, yellow: two colours, so not cävàsìe nor vanzie."""
    score = read("A1", "A2", "S3", "S4")
    assert (score.rank, score.rank_index) == ("felox", 10)
    assert set(score.pattern_cards) == {"A1", "A2", "S3", "S4"}


def test_cv8_11_cavasie_four_colours_four_values() -> None:
    score = read("A1", "S3", "G5", "P7")
    assert (score.rank, score.rank_index, score.sum) == ("cävàsìe", 11, 16)


def test_cv8_12_loquosil_four_of_a_kind() -> None:
    score = read("A3", "S3", "G3", "P3")
    assert (score.rank, score.rank_index) == ("loquosil", 12)


def test_cv8_13_felox_ad_livizax_is_also_livizax_which_beats_it() -> None:
    """CV-8 13 and 15: four consecutive reds are four reds, livizax (15), the higher rung."""
    assert read("A2", "A3", "A4", "A5").rank == "livizax"


def test_cv8_13_felox_ad_livizax_shows_once_livizax_is_taken_off_the_ladder() -> None:
    """CV-8 13 on an edited ladder without livizax (the ladder is data a table may edit)."""
    data = default_deck_data()
    data["ladder"]["patterns"] = [p for p in data["ladder"]["patterns"] if p["id"] != "livizax"]
    for pattern in data["ladder"]["patterns"]:
        if pattern["rank"] > 15:
            pattern["rank"] -= 1
    score = Scorer(load_deck(data)).read(["A2", "A3", "A4", "A5"])
    assert (score.rank, score.rank_index) == ("felox ad livizax", 13)


def test_cv8_14_hugenie_a_full_house() -> None:
    score = read("A3", "S3", "G3", "A6", "S6", hand_cards=3)
    assert (score.rank, score.rank_index) == ("hugenie", 14)
    assert set(score.pattern_cards) == {"A3", "S3", "G3", "A6", "S6"}


def test_cv8_15_livizax_four_of_one_colour() -> None:
    score = read("A1", "A3", "A5", "A7")
    assert (score.rank, score.rank_index, score.length) == ("livizax", 15, 4)


def test_cv8_16_quoy_five_consecutive_values() -> None:
    """1-5 in red, yellow, red, yellow, green: three colours, so no four-colour run (vanzie)."""
    score = read("A1", "S2", "A3", "S4", "G5", hand_cards=3)
    assert (score.rank, score.rank_index, score.length) == ("quôy", 16, 5)


def test_cv8_16_quoy_of_six() -> None:
    score = read("A1", "S2", "A3", "S4", "G5", "G6", hand_cards=4)
    assert (score.rank, score.length) == ("quôy", 6)


def test_cv8_17_quoy_ad_livizax_five_consecutive_of_one_colour() -> None:
    score = read("A1", "A2", "A3", "A4", "A5", hand_cards=3)
    assert (score.rank, score.rank_index, score.length) == ("quôy ad livizax", 17, 5)


def test_cv8_18_vanzie_four_consecutive_in_four_colours() -> None:
    score = read("A5", "S6", "G7", "P8")
    assert (score.rank, score.rank_index, score.sum) == ("vanzie", 18, 26)


def test_cv8_black_counts_as_a_colour_for_vanzie() -> None:
    """CV-8: black is a colour. A8 S7 G6 and S0 as a black 9: four values in a run, four colours
    (S0 yellow would clash with S7)."""
    score = read("A8", "S7", "G6", "S0")
    assert score.rank == "vanzie"
    assert quoto(score, "S0") == (9, "black")


# -- CV-2: the quoto readings ---------------------------------------------------------------------
def test_cv2_quoto_reads_9_for_the_sum_and_its_own_colour_for_the_count() -> None:
    """protocol's worked example: P0 as 0 or 9 gives cävàsìe either way; 9 adds more; blue
    and black both make four colours, blue adds to CV-10's blue count."""
    score = SCORER.score_hand(["A3", "G4"], ["S5", "P0", "A4"])
    assert score.to_json() == {"rank": "cävàsìe", "rank_index": 11, "cards": ["A3", "G4", "P0", "S5"],
                               "sum": 21, "quotos": {"P0": {"value": 9, "colour": "blue"}}}


def test_cv2_quoto_reads_0_when_the_0_makes_the_better_pattern() -> None:
    """S0 A1 A2 G6: as 0, 0-1-2 is stelie (7); as 9, only red 1-2 (aloxelof ad livizax, 5)."""
    score = read("S0", "A1", "A2", "G6")
    assert score.rank == "stelie"
    assert quoto(score, "S0") == (0, "yellow")
    assert score.sum == 9


def test_cv2_quoto_reads_black_when_its_own_colour_clashes() -> None:
    """S0 A1 S2 G7: S0 black and 9 makes four colours and four values (cävàsìe); yellow would
    clash with S2."""
    score = read("S0", "A1", "S2", "G7")
    assert score.rank == "cävàsìe"
    assert quoto(score, "S0") == (9, "black")
    assert score.sum == 19


def test_cv2_quoto_reads_its_own_colour_for_a_one_colour_run() -> None:
    """S0 S1 S2 G7: S0 as a yellow 0 makes yellow 0-1-2 (stelie ad livizax, 9)."""
    score = read("S0", "S1", "S2", "G7")
    assert score.rank == "stelie ad livizax"
    assert quoto(score, "S0") == (0, "yellow")


def test_cv2_two_quotos_pair_as_nines() -> None:
    """A0 S0 A3 S6: three colours at most (red, yellow, black), no run; the quotos pair (alon)
    best as 9 and 9, each in its own colour; the sum is 9 + 9 + 3 + 6."""
    score = read("A0", "S0", "A3", "S6")
    assert score.rank == "alon"
    assert score.sum == 27
    assert (quoto(score, "A0"), quoto(score, "S0")) == ((9, "red"), (9, "yellow"))


# -- CV-7: which cards are scored -----------------------------------------------------------------
def test_cv7_two_floor_cards_are_chosen_for_the_best_hand() -> None:
    """A1 S2 with G3 P4 is vanzie; with A8 it would be less."""
    score = SCORER.score_hand(["A1", "S2"], ["A8", "G3", "P4"])
    assert score.cards == ("A1", "G3", "P4", "S2")
    assert score.rank == "vanzie"


def test_cv7_every_hand_card_counts() -> None:
    """Four hand cards and two floor cards: six cards; 1-2-3-4-5 quôy."""
    score = SCORER.score_hand(["A1", "A2", "A3", "A4"], ["S5", "G8"])
    assert len(score.cards) == 6
    assert (score.rank, score.length) == ("quôy", 5)


def test_cv7_all_floor_cards_when_fewer_than_two() -> None:
    score = SCORER.score_hand(["A1", "S2"], ["G3"])
    assert score.cards == ("A1", "G3", "S2")
    assert score.rank == "exoçenìe"


def test_cv7_the_dealer_takes_two_centre_cards_as_its_hand() -> None:
    """The dealer's best: A1 S2 from the centre, G3 P4 from the floor: vanzie, four cards."""
    score = SCORER.score_dealer(["A1", "S2", "G8", "P8"], ["G3", "P4", "A6", "S7"])
    assert score.cards == ("A1", "G3", "P4", "S2")
    assert score.rank == "vanzie"


def test_cv7_a_dealer_with_one_centre_card_uses_it() -> None:
    """A1 with S2 G3: exoçenìe; the other pairs of floor cards make less."""
    score = SCORER.score_dealer(["A1"], ["S2", "G3", "P7"])
    assert score.cards == ("A1", "G3", "S2")


def test_cv7_cv9_dealer_prefers_sol_with_the_higher_sum() -> None:
    """A1 with S2 P8: sol (A1 and P8, aloxolef 1-2) ranks 9 like A1 S2 G3's exoçenìe, and its
    sum 11 beats 6 (CV-10)."""
    score = SCORER.score_dealer(["A1"], ["S2", "G3", "P8"])
    assert (score.rank, score.cards, score.sum) == ("sol", ("A1", "P8", "S2"), 11)


# -- CV-9: vepleque and sol -------------------------------------------------------------------------
VEPLEQUE_DEALER = SeatCards(("A0", "S0"), ("G0", "P0", "A8", "S8"), dealer=True)


def test_cv9_vepleque_four_black_quotos_rank_as_felox() -> None:
    score = SCORER.score(VEPLEQUE_DEALER)
    assert (score.rank, score.rank_index, score.special) == ("vepleque", 10, "vepleque")
    assert score.cards == ("A0", "G0", "P0", "S0")
    assert all(reading.colour == "black" for _, reading in score.quotos)
    assert score.sum == 36


def test_cv9_vepleque_ranks_as_felox_whatever_else_it_could_read_as() -> None:
    """Four black quotos could read as livizax (four blacks) or loquosil; that choice is felox."""
    assert SCORER.read(["A0", "S0", "G0", "P0"]).rank_index == 10


def test_cv9_vepleque_voids_felox_and_above_at_the_showdown() -> None:
    """Ana's A1 S2 G3 P4 is vanzie (18), but the dealer's best is vepleque: at this showdown
    every hand is scored from the patterns below felox, and Ana's best left is exoçenìe (9),
    under the dealer's vepleque (10). Bo's greens 5-6-7-8 fall to stelie ad livizax (9) with a
    higher sum than Ana's."""
    seats = [SeatCards(("A1", "S2"), ("G3", "P4")), SeatCards(("G5", "G6"), ("G7", "G8")), VEPLEQUE_DEALER]
    result = showdown(SCORER, seats)
    assert result.voided
    assert result.places == ((2,), (1,), (0,))
    ana, bo, dealer = result.scores
    assert (ana.rank, ana.sum) == ("exoçenìe", 10)
    assert (bo.rank, bo.sum) == ("stelie ad livizax", 26)
    assert dealer.rank == "vepleque"


def test_cv9_after_voiding_a_hand_with_no_pattern_left_ranks_1_or_2() -> None:
    """A1 S3 G5 P7 is only cävàsìe: with felox and above void it shows no pattern: meseç (2)."""
    seats = [SeatCards(("A1", "S3"), ("G5", "P7")), VEPLEQUE_DEALER]
    result = showdown(SCORER, seats)
    assert result.scores[0].rank == "meseç"
    assert result.places == ((1,), (0,))


def test_cv9_no_voiding_when_vepleque_is_not_the_dealers_best() -> None:
    """The dealer could take the four quotos, but G5 G6 with G7 G8 is livizax: no voiding."""
    dealer = SeatCards(("A0", "S0", "G5", "G6"), ("G0", "P0", "G7", "G8"), dealer=True)
    result = showdown(SCORER, [SeatCards(("A1", "S2"), ("G3", "P4")), dealer])
    assert not result.voided
    assert result.scores[0].rank == "vanzie"
    assert result.scores[1].rank == "livizax"


def test_cv9_sol_lifts_a_pattern_to_stelie_ad_livizax() -> None:
    """A1 P8 (both 원패) with S2 S5: only aloxolef (1-2), lifted by sol to rank 9."""
    score = SCORER.score_hand(["A1", "P8"], ["S2", "S5"])
    assert (score.rank, score.rank_index, score.special, score.lifted_from) == ("sol", 9, "sol", "aloxolef")
    assert {"A1", "P8"} <= set(score.pattern_cards)


def test_cv9_sol_needs_a_pattern() -> None:
    """A1 P8 S3 S5: no pattern at all, so no sol."""
    assert SCORER.score_hand(["A1", "P8"], ["S3", "S5"]).rank == "meseç"


def test_cv9_sol_needs_fewer_than_four_hand_cards() -> None:
    """The same five cards A1 P8 S3 A4 S6: with three hand cards sol lifts the aloxolef (3-4);
    with four hand cards it does not."""
    three = SCORER.score_hand(["A1", "P8", "S3"], ["S6", "A4"])
    four = SCORER.score_hand(["A1", "P8", "S3", "S6"], ["A4"])
    assert three.cards == four.cards
    assert three.rank == "sol"
    assert four.rank == "aloxolef"


def test_cv9_sol_never_lowers_a_stronger_hand() -> None:
    """A1 P8 S2 G5: four colours, four values: cävàsìe (11) stays."""
    assert SCORER.score_hand(["A1", "P8"], ["S2", "G5"]).rank == "cävàsìe"


def test_cv9_sol_counts_for_the_dealer_whose_hand_is_two_centre_cards() -> None:
    score = SCORER.score_dealer(["A1", "P8"], ["S2", "S5"])
    assert score.rank == "sol"


# -- CV-10: the tie-break chain, one step at a time -----------------------------------------------------
def first_step(a: list[str], b: list[str]) -> tuple[str, str | None, tuple[int, ...]]:
    """Show down two fixed four-card hands; (the deciding step, its detail, the winners)."""
    seats = [SeatCards(tuple(a[:2]), tuple(a[2:])), SeatCards(tuple(b[:2]), tuple(b[2:]))]
    result = showdown(SCORER, seats)
    decision = result.decisions[0] if result.decisions else None
    step = decision.step if decision else "draw"
    return step, decision.detail if decision else None, result.places[0]


def test_cv10_rank_first() -> None:
    assert first_step(["A5", "S6", "G7", "P8"], ["A1", "A2", "S3", "S4"]) == ("rank", None, (0,))


def test_cv10_longer_livizax_before_the_sum() -> None:
    """Five reds (sum 21) beat four yellows (sum 25): the longer livizax first."""
    seats = [SeatCards(("A1", "A2", "A4"), ("A6", "A8")), SeatCards(("S4", "S6"), ("S7", "S8"))]
    result = showdown(SCORER, seats)
    assert [s.rank for s in result.scores] == ["livizax", "livizax"]
    assert (result.scores[0].sum, result.scores[1].sum) == (21, 25)
    assert result.places == ((0,), (1,))
    assert result.decisions[0].step == "length"


def test_cv10_then_the_sum() -> None:
    """Both meseç; 2+4+6+8 = 20 beats 1+3+5+7 = 16."""
    assert first_step(["A1", "A3", "S5", "S7"], ["A2", "A4", "S6", "S8"]) == ("sum", None, (1,))


def test_cv10_then_more_red_cards() -> None:
    """Both meseç with sum 16; two reds beat none."""
    assert first_step(["A1", "A3", "S5", "S7"], ["G1", "G3", "P5", "P7"]) == ("colour", "red", (0,))


def test_cv10_then_more_yellow_cards() -> None:
    """Both meseç, sum 16, two reds each; two yellows beat none."""
    assert first_step(["A1", "A3", "S5", "S7"], ["A5", "A7", "G1", "G3"]) == ("colour", "yellow", (0,))


def test_cv10_then_more_green_cards() -> None:
    assert first_step(["S1", "S3", "G5", "G7"], ["S5", "S7", "P1", "P3"]) == ("colour", "green", (0,))


def test_cv10_then_more_blue_cards_a_black_quoto_adding_to_none() -> None:
    """Both cävàsìe with sum 21 and one red, yellow, green each; Y's A0 reads black (red
    clashes with A2), so only X's P6 counts blue."""
    step = first_step(["A3", "S5", "G7", "P6"], ["A2", "S4", "G6", "A0"])
    assert step == ("colour", "blue", (0,))


def test_cv10_then_more_oxas() -> None:
    """Both cävàsìe, sum 16, one card of each colour; A1 is 원패, Y's four are all 선패."""
    assert first_step(["A1", "S3", "G5", "P7"], ["A2", "S6", "G3", "P5"]) == ("shape", "oxas", (0,))


def test_cv10_then_more_lindys() -> None:
    """Both cävàsìe, sum 16, no 원패; four 선패 beat two (A3 S1 are 혼패)."""
    assert first_step(["A2", "S6", "G3", "P5"], ["A3", "S1", "G5", "P7"]) == ("shape", "lindys", (0,))


def test_cv10_then_more_ronaldisis() -> None:
    """Both alon, sum 15, one red, two greens, one blue, two 선패; X has two 혼패 (G8 P2), Y one
    (G4): its A0 is a quoto, which has no shape (CV-3)."""
    assert first_step(["A2", "P2", "G3", "G8"], ["A0", "G1", "G4", "P1"]) == ("shape", "ronaldisis", (0,))


def test_cv10_then_a_draw_shared_place() -> None:
    """Both alon, sum 15, same colour and shape counts: the pot is split."""
    step, _, winners = first_step(["A2", "G2", "G4", "P7"], ["A5", "G1", "G5", "P4"])
    assert (step, winners) == ("draw", (0, 1))


def test_cv10_decide_names_the_draw() -> None:
    a = SCORER.read(["A2", "G2", "G4", "P7"])
    b = SCORER.read(["A5", "G1", "G5", "P4"])
    assert decide(SCORER, a, b).step == "draw"


@pytest.mark.parametrize("cards", [("A1", "S2", "G3", "P4"), ("A3", "S3", "G3", "P3")])
def test_cv10_key_starts_with_rank_length_and_sum(cards: tuple[str, ...]) -> None:
    score = read(*cards)
    assert score.key[:3] == (score.rank_index, score.length, score.sum)


def test_cv8_11_pattern_cards_are_the_four_of_the_cavasie() -> None:
    """A1 S3 G5 P7 A8: four colours and values make cävàsìe; with A8 the reds clash, so the
    pattern is four cards, the highest: A8 S3 G5 P7 (7-8 is only aloxolef)."""
    score = read("A1", "S3", "G5", "P7", "A8", hand_cards=3)
    assert score.rank == "cävàsìe"
    assert score.pattern_cards == ("S3", "G5", "P7", "A8")


def test_seat_cards_and_scores_are_immutable() -> None:
    import dataclasses

    seat = SeatCards(("A1", "S2"), ("G3",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.dealer = True  # type: ignore[misc]
    score = read("A1", "S3", "G5", "P7")
    with pytest.raises(dataclasses.FrozenInstanceError):
        score.rank_index = 18  # type: ignore[misc]


def test_cv9_vepleque_of_three_quotos_and_a_black_numbered_card_on_an_edited_deck() -> None:
    """CV-9: a deck with black numbered cards allows three quotos plus black cards. With P8
    printed black, A0 S0 G0 P8 are all black with three quotos: vepleque (10), the quotos as
    9s: sum 9 + 9 + 9 + 8; no colour counts (black adds to none)."""
    data = default_deck_data()
    for card in data["cards"]:
        if card["code"] == "P8":
            card["colour"] = "black"
    score = Scorer(load_deck(data)).read(["A0", "S0", "G0", "P8"])
    assert (score.rank, score.rank_index, score.sum) == ("vepleque", 10, 35)
    assert score.colour_counts == (0, 0, 0, 0)
    assert score.shape_counts == (1, 0, 0)  # P8 is still 원패


def test_cv9_a_ladder_without_vepleque_reads_four_quotos_as_they_are() -> None:
    """The special patterns are data too: with vepleque taken out, four black quotos are four
    cards of one colour (livizax, 15), and nothing is ever voided."""
    data = default_deck_data()
    del data["ladder"]["vepleque"]
    scorer = Scorer(load_deck(data))
    score = scorer.read(["A0", "S0", "G0", "P0"])
    assert (score.rank, score.rank_index, score.sum) == ("livizax", 15, 36)
    assert not scorer.voids


def test_cv8_pattern_cards_are_the_highest_instance() -> None:
    """A6 S7 P1 S2: 6-7 and 1-2 are both aloxolef (three colours only, so no cävàsìe); the
    cards shown for the pattern are the higher run, A6 S7."""
    score = read("A6", "S7", "P1", "S2")
    assert score.rank == "aloxolef"
    assert score.pattern_cards == ("A6", "S7")


def test_cv9_reading_a_hand_with_felox_and_above_void() -> None:
    """A1 A2 S3 S4 is felox; with felox and above void it is scored below: 1-2-3 in mixed
    colours is stelie (7), above the one-colour pairs A1-A2 and S3-S4 (5)."""
    assert read("A1", "A2", "S3", "S4").rank == "felox"
    assert SCORER.read(["A1", "A2", "S3", "S4"], voided=True).rank == "stelie"


def test_cv8_15_livizax_pattern_cards_are_the_four_of_one_colour() -> None:
    assert read("A1", "A3", "A5", "A7").pattern_cards == ("A1", "A3", "A5", "A7")


def test_cv9_sol_with_exactly_three_hand_cards_on_a_fixed_hand() -> None:
    """'Fewer than 4 hand cards': three still count."""
    assert read("A1", "P8", "S3", "A4", "S6", hand_cards=3).rank == "sol"
    assert read("A1", "P8", "S3", "A4", "S6", hand_cards=4).rank == "aloxolef"


def test_cv7_a_hand_scores_the_same_by_any_scorer_of_the_deck() -> None:
    """A score is a value: the same cards scored by two scorers of one deck are equal, pattern
    cards included (they are worked out only when asked, and the same either way)."""
    seat = SeatCards(("A0", "S3", "G4", "P5", "S8", "G0"), ("A2", "G7", "S1", "P3"), dealer=True)
    first, second = Scorer(default_deck()).score(seat), Scorer(default_deck()).score(seat)
    assert first == second and hash(first.key) == hash(second.key)
    assert first.pattern_cards == second.pattern_cards and len(first.pattern_cards) >= 2
