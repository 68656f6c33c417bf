"""The step-by-step evaluation the app's screen walks (QK-11 … QK-16): questions, answers,
refusals out of turn, the legal-answer generator, events, JSON snapshots, and the book sets
only the app can ask about (green and purple sets 2 and 4, QK-12)."""

from __future__ import annotations

import pytest

from companion.errors import BadRequest, IllegalMove
from companion.quacks.evaluation import Evaluation, apply, ask_of, begin, legal_choices, open_asks, pending
from companion.quacks.evaluation_types import (
    Buy,
    ChooseScoring,
    PayGreenRubies,
    RollDie,
    SpendRubies,
    SwapChip,
    TakeGreenChips,
    TradePurples,
    choice_from_json,
)
from tests.quacks.test_eval_support import QUIET, player, setup


def walk(ev: Evaluation, *choices):
    """Apply `choices` in turn; the evaluation and all events."""
    events = []
    for choice in choices:
        ev, more = apply(ev, choice)
        events += more
    return ev, events


def worked_example():
    """protocol.md's worked `evaluate` example, as the app would walk it."""
    return begin(setup(3, green=1, purple=1),
                 [player("O1@1 G1@5"), player("W3@3 W2@5 W3@8", exploded=True)])


# --- the walk -----------------------------------------------------------------------------


def test_qk11_the_walk_starts_by_asking_the_roller_for_the_face():
    ev, events = worked_example()
    ask = pending(ev)
    assert (ask.kind, ask.seat, ask.step, ask.rule, ask.required) == ("die", 0, "A", "QK-11", True)
    assert events == [{"type": "rollers", "step": "A", "rule": "QK-11", "seats": [0]}]


def test_the_worked_example_walked_step_by_step_asks_d_to_f_of_everyone_at_once():
    """A to C one after another; then seat 0's purchase (E) and seat 1's choice (D) are open
    together, each seat answers in its own time; nobody is asked about one ruby (the only
    answer is to keep it). The purchases are taken from the box once both have chosen."""
    ev, _ = worked_example()
    ev, events = walk(ev, RollDie(0, "2vp"))
    asks = open_asks(ev)
    assert [(a.step, a.kind, a.seat) for a in asks] == [("E", "buy", 0), ("D", "choice", 1)]
    ev, more = walk(ev, ChooseScoring(1, "buy"), Buy(1, ("P1",)))
    events += more
    assert [(a.step, a.kind, a.seat) for a in open_asks(ev)] == [("E", "buy", 0)]
    assert ev.tallies[1].gained == () and ev.baskets[1] == ("P1",)  # chosen, not yet taken
    ev, more = walk(ev, Buy(0, ("G1",)))
    events += more
    assert ev.finished and ev.step == "end" and ev.next_start == 1
    p0, p1 = ev.tallies
    assert (p0.vp, p0.rubies, p0.droplet, p0.coins, p0.gained) == (3, 1, 1, 6, ("G1",))
    assert (p1.vp, p1.rubies, p1.droplet, p1.coins, p1.gained) == (0, 1, 1, 9, ("P1",))
    assert [e["type"] for e in events] == ["die", "black", "green", "black", "ruby_space", "ruby_space",
                                           "vp", "choice", "basket", "basket", "buy", "buy", "next_start"]
    assert [e["seat"] for e in events if e["type"] == "buy"] == [0, 1]  # buying order: start player first


def test_qk14_together_a_chip_the_box_runs_out_of_goes_to_the_earlier_buyer():
    """One green 1 left: both seats choose it at once; seat 0 (the start player) buys first,
    seat 1 is told it is sold out and asked again, with the box as it now is."""
    ev, _ = begin(setup(supply={"G1": 1}), [player("O1@8"), player("O1@7")])
    ev, _ = walk(ev, RollDie(0, "1vp"), Buy(1, ("G1",)), Buy(0, ("G1",)))
    assert ev.tallies[0].gained == ("G1",) and not ev.finished
    ask = ask_of(ev, 1)
    assert (ask.kind, ask.info["sold_out"]) == ("buy", ["G1"])
    with pytest.raises(IllegalMove) as caught:
        apply(ev, Buy(1, ("G1",)))
    assert caught.value.message_id == "quacks.eval.buy_sold_out"
    ev, _ = walk(ev, Buy(1, ("O1",)))
    assert ev.finished and ev.tallies[1].gained == ("O1",) and ev.supply == {"G1": 0}


def test_together_a_question_with_one_answer_is_not_asked():
    """One ruby buys nothing (F is not asked) and 2 coins buy nothing (E is not asked): the
    evaluation ends by itself; the same answer entered anyway (an older log) changes nothing."""
    ev, _ = begin(setup(), [player("O1@1", rubies=0), player("W1@1", rubies=0)])
    ev, _ = walk(ev, RollDie(0, "1vp"), RollDie(1, "1vp"))
    assert ev.finished
    ev, _ = begin(setup(), [player("O1@1", rubies=3), player("W1@1", rubies=0)])
    ev, _ = walk(ev, RollDie(0, "1vp"), RollDie(1, "1vp"))
    assert [(a.kind, a.seat) for a in open_asks(ev)] == [("spend", 0)]
    same, events = apply(ev, SpendRubies(1))  # seat 1's one ruby: the answer it was given already
    assert same == ev and events == []
    ev, _ = walk(ev, SpendRubies(0, 1))
    assert ev.finished and ev.tallies[0].droplet == 2


def test_events_say_what_each_step_gave_each_player():
    ev, _ = worked_example()
    ev, events = walk(ev, RollDie(0, "2vp"), ChooseScoring(1, "buy"), Buy(0, ("G1",)), Buy(1, ()))
    by = {(e["type"], e.get("seat")): e for e in events}
    assert by[("die", 0)]["gain"] == {"vp": 2}
    assert by[("black", 0)]["gain"] == {"droplet": 1} and by[("black", 0)]["rivals"] == [{"seat": 1, "black": 0}]
    assert by[("green", 0)]["gain"] == {"rubies": 1} and by[("green", 0)]["rule"] == "QK-12"
    assert by[("ruby_space", 1)]["gain"] == {"rubies": 1} and by[("ruby_space", 0)]["gain"] == {}
    assert by[("vp", 0)]["gain"] == {"vp": 1} and by[("vp", 0)]["rule"] == "QK-14"
    assert by[("basket", 0)] == {"type": "basket", "step": "E", "rule": "QK-14", "seat": 0, "chips": ["G1"]}
    assert by[("buy", 0)] == {"type": "buy", "step": "E", "rule": "QK-14", "seat": 0, "coins": 6,
                              "spent": 4, "chips": ["G1"], "gain": {"chips": ["G1"]}}


def test_the_evaluation_state_is_immutable():
    import dataclasses
    ev, _ = worked_example()
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.cursor = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.stations[0].seat = 1  # type: ignore[misc]


def test_the_pot_is_full_asks_each_roller_twice_in_a_row():
    from companion.quacks.evaluation_types import Extras
    ev, _ = begin(setup(extras=Extras(die_rolls=2)), [player("O1@4"), player("G1@4")])
    asked, rolled = [], []
    while pending(ev).kind == "die":
        ask = pending(ev)
        asked.append((ask.seat, ask.info["roll"], ask.info["rolls"]))
        ev, events = apply(ev, RollDie(ask.seat, "1vp"))
        rolled += [(e["seat"], e["roll"]) for e in events if e["type"] == "die"]
    assert asked == [(0, 1, 2), (0, 2, 2), (1, 1, 2), (1, 2, 2)]
    assert rolled == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert [t.vp for t in ev.tallies] == [2, 2]


def test_a_finished_evaluation_takes_no_more_answers():
    ev, _ = worked_example()
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"), Buy(0))
    assert pending(ev) is None and legal_choices(ev) == ()
    with pytest.raises(IllegalMove) as caught:
        apply(ev, SpendRubies(0))
    assert caught.value.message_id == "quacks.eval.finished"


# --- refusals out of turn -------------------------------------------------------------------


def test_qk11_a_face_for_a_player_who_does_not_roll_is_refused_at_once():
    ev, _ = worked_example()
    with pytest.raises(IllegalMove) as caught:
        apply(ev, RollDie(1, "1vp"))
    assert (caught.value.rule, caught.value.message_id) == ("QK-11", "quacks.eval.die_not_roller")


def test_qk14_a_player_who_did_not_explode_cannot_choose_vp_or_buy():
    ev, _ = worked_example()
    ev, _ = walk(ev, RollDie(0, "1vp"))
    with pytest.raises(IllegalMove) as caught:
        apply(ev, ChooseScoring(0, "vp"))
    assert (caught.value.rule, caught.value.message_id) == ("QK-14", "quacks.eval.choice_not_exploded")


def test_a_step_cannot_be_entered_before_the_earlier_steps_are_done():
    """Buying (E) while the die (A) waits: refused with the waiting step's rule."""
    ev, _ = worked_example()
    with pytest.raises(IllegalMove) as caught:
        apply(ev, Buy(0, ("G1",)))
    assert (caught.value.rule, caught.value.message_id) == ("QK-11", "quacks.eval.out_of_order")
    assert caught.value.params == {"seat": 0, "step": "A", "waiting_seat": 0}
    with pytest.raises(IllegalMove) as caught:
        apply(ev, SpendRubies(1, 1))
    assert (caught.value.rule, caught.value.message_id) == ("QK-11", "quacks.eval.out_of_order")


def test_qk14_an_exploded_player_buys_only_after_choosing_to():
    ev, _ = worked_example()
    ev, _ = walk(ev, RollDie(0, "1vp"))
    with pytest.raises(IllegalMove) as caught:
        apply(ev, Buy(1, ("P1",)))
    assert (caught.value.rule, caught.value.params["step"], caught.value.params["waiting_seat"]) == ("QK-14", "D", 1)


def test_qk14_a_player_who_chose_vp_cannot_buy():
    ev, _ = worked_example()
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"))
    with pytest.raises(IllegalMove) as caught:
        apply(ev, Buy(1, ("P1",)))
    assert (caught.value.rule, caught.value.message_id) == ("QK-14", "quacks.eval.buy_after_vp")
    assert pending(ev).kind == "buy" and pending(ev).seat == 0  # and seat 1 is never asked


def test_qk16_round_9_asks_nothing_about_buying_or_spending():
    ev, _ = begin(setup(9), [player("O1@8"), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"))
    assert pending(ev).kind == "choice"
    with pytest.raises(IllegalMove) as caught:
        apply(ev, SpendRubies(1, 1))
    assert (caught.value.rule, caught.value.message_id) == ("QK-16", "quacks.eval.spend_round9")
    ev, events = walk(ev, ChooseScoring(1, "buy"))
    assert ev.finished  # seat 0: 9 coins -> 1 VP (at once), seat 1: 9 coins -> 1 VP, no questions
    assert [e["type"] for e in events if e["type"] in ("coins_to_vp", "winners")] == ["coins_to_vp", "winners"]
    assert [t.coins for t in ev.tallies] == [9, 9] and [t.vp for t in ev.tallies] == [1 + 1 + 1, 1]


def test_a_seat_that_does_not_exist_is_refused():
    ev, _ = worked_example()
    with pytest.raises(IllegalMove) as caught:
        apply(ev, RollDie(5, "1vp"))
    assert caught.value.message_id == "quacks.eval.no_seat"


@pytest.mark.parametrize(("books", "choice"), [({"green": 2}, TakeGreenChips(0, ("O1",))),
                                               ({"green": 4}, PayGreenRubies(0, 1)),
                                               ({"purple": 2}, TradePurples(0, 1)),
                                               ({"purple": 4}, SwapChip(0, 1, 0))])
def test_a_book_answer_before_its_turn_is_out_of_order(books, choice):
    """With the book set in play and a chip that qualifies, the answer waits for step B."""
    ev, _ = begin(setup(**books), [player("R1@1 G1@2 P1@3", rubies=2), player("O1@5")])
    with pytest.raises(IllegalMove) as caught:
        apply(ev, choice)
    assert (caught.value.rule, caught.value.message_id) == ("QK-11", "quacks.eval.out_of_order")


def test_qk12_a_book_answer_without_a_chip_that_qualifies_is_refused():
    """Purple set 2 is in play but seat 0 has no purple chip: nothing to ask, ever."""
    ev, _ = begin(setup(purple=2), [player("O1@1 G1@2"), player("O1@5")])
    with pytest.raises(IllegalMove) as caught:
        apply(ev, TradePurples(0, 1))
    assert (caught.value.rule, caught.value.message_id) == ("QK-12", "quacks.eval.not_asked_purple")


def test_qk12_a_book_answer_for_a_book_set_not_in_play_is_refused():
    ev, _ = worked_example()
    with pytest.raises(IllegalMove) as caught:
        apply(ev, TradePurples(0, 1))
    assert (caught.value.rule, caught.value.message_id) == ("QK-12", "quacks.eval.not_asked_purple")


# --- legal answers ------------------------------------------------------------------------


def test_qk14_qk1_legal_purchases_with_6_coins_in_round_1():
    """Round 1, 6 coins: orange 3, green 1 4, blue 1 5, red 1 6 alone; no pair fits (3 + 4 = 7);
    yellow and purple are not out; black costs 10."""
    ev, _ = begin(setup(1), [player("O1@5"), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"))
    assert pending(ev).kind == "buy" and pending(ev).info["coins"] == 6
    assert pending(ev).info["prices"] == {"O1": 3, "G1": 4, "G2": 8, "G4": 14, "B1": 5, "B2": 10, "B4": 19,
                                          "R1": 6, "R2": 10, "R4": 16, "K1": 10}
    assert {c.chips for c in legal_choices(ev)} == {(), ("O1",), ("G1",), ("B1",), ("R1",)}


def test_qk14_legal_purchases_with_8_coins_in_round_1_include_pairs_of_two_colours():
    """8 coins: O1 3, G1 4, B1 5, R1 6, G2 8 alone; O1+G1 7 and O1+B1 8 together."""
    ev, _ = begin(setup(1), [player("O1@7"), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"))
    assert {c.chips for c in legal_choices(ev)} == {
        (), ("O1",), ("G1",), ("B1",), ("R1",), ("G2",), ("O1", "G1"), ("O1", "B1")}


def test_qk14_the_buy_question_names_what_the_box_has_run_out_of():
    ev, _ = begin(setup(1, supply={"G1": 0, "B1": 3, "Y1": 0}), [player("O1@7"), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"))
    assert pending(ev).info["sold_out"] == ["G1"]  # yellow is not for sale in round 1 anyway
    assert ("G1",) not in {c.chips for c in legal_choices(ev)}


def test_qk15_legal_spending_with_3_rubies_and_a_full_flask():
    ev, _ = begin(setup(), [player("O1@3", rubies=3), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"), Buy(0))
    assert {(c.droplet, c.flask) for c in legal_choices(ev)} == {(0, False), (1, False)}


def test_qk15_legal_spending_with_4_rubies_and_an_empty_flask():
    ev, _ = begin(setup(), [player("O1@3", rubies=4, flask=False), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"), ChooseScoring(1, "vp"), Buy(0))
    assert {(c.droplet, c.flask) for c in legal_choices(ev)} == {
        (0, False), (1, False), (2, False), (0, True), (1, True)}


def test_the_engine_refuses_a_table_it_cannot_evaluate():
    from companion.errors import BadPosition
    from companion.quacks.evaluation_types import PlayerIn
    from tests.quacks.test_eval_support import pot
    for bad in (PlayerIn(pot("O1@1"), False, vp=-1), PlayerIn(pot("O1@1"), False, rubies=-1),
                PlayerIn(pot("X1@1"), False), PlayerIn((), False), PlayerIn(pot("O1@1"), False, droplet=53)):
        with pytest.raises(BadPosition):
            begin(setup(), [bad, player("O1@2")])
    with pytest.raises(BadRequest):
        begin(setup(10), [player("O1@1"), player("O1@2")])


def test_qk10_an_empty_pot_scores_on_the_space_it_is_given():
    """A player who stopped with no chip left: the space after the rat stone (here 4: 4 coins,
    0 VP) is given; green set 3 and black find no chip and do no harm."""
    from companion.errors import BadPosition
    from companion.quacks.evaluation_types import PlayerIn
    empty = PlayerIn((), False, scoring_space=4)
    ev, _ = begin(setup(green=3), [empty, player("O1@2")])
    assert pending(ev).seat == 0 and pending(ev).kind == "die"  # 4 beats 3
    ev, _ = walk(ev, RollDie(0, "1vp"), Buy(0, ("O1",)), Buy(1, ()))
    t = ev.tallies[0]
    assert (t.scoring_space, t.vp, t.coins, t.gained, t.droplet) == (4, 1, 4, ("O1",), 1)
    for bad in (PlayerIn((), False), PlayerIn((), False, scoring_space=0), PlayerIn((), False, scoring_space=54)):
        with pytest.raises(BadPosition):
            begin(setup(), [bad, player("O1@2")])


def test_every_legal_choice_is_accepted_and_defaults_are_legal():
    ev, _ = worked_example()
    while (ask := pending(ev)) is not None:
        choices = legal_choices(ev)
        assert choices
        if ask.default is not None:
            assert ask.default in choices
        for choice in choices:
            apply(ev, choice)
        ev, _ = apply(ev, choices[-1])


def test_choices_read_back_from_json():
    for choice in (RollDie(0, "ruby"), ChooseScoring(1, "buy"), Buy(0, ("G1", "O1")), SpendRubies(1, 2, True),
                   TakeGreenChips(0, ("O1", None)), PayGreenRubies(1, 2), TradePurples(0, 3),
                   SwapChip(0, 2, 4), SwapChip(1, 0)):
        assert choice_from_json(choice.to_json()) == choice
    for bad in ({"kind": "die", "seat": 0, "face": "3vp"}, {"kind": "buy", "seat": "0"},
                {"kind": "spend", "seat": 0, "droplet": -1}, {"kind": "dance", "seat": 0}):
        with pytest.raises(BadRequest):
            choice_from_json(bad)


def test_a_snapshot_resumes_the_walk_where_it_stopped():
    ev, _ = worked_example()
    ev, _ = walk(ev, RollDie(0, "2vp"))
    copy = Evaluation.from_json(ev.to_json())
    assert copy == ev and pending(copy) == pending(ev)
    rest = (ChooseScoring(1, "buy"), Buy(0, ("G1",)), Buy(1, ("P1",)))
    assert walk(copy, *rest)[0].tallies == walk(ev, *rest)[0].tallies


def test_a_snapshot_keeps_the_tables_corrected_prices():
    from companion.quacks.data import catalogue_with
    from companion.quacks.evaluation_types import Setup
    table = Setup(3, catalogue=catalogue_with({"prices": [{"colour": "green", "set": 1, "value": 1, "coins": 7}]}))
    ev, _ = begin(table, [player("O1@5"), player(QUIET, exploded=True)])
    copy = Evaluation.from_json(ev.to_json())
    copy, _ = walk(copy, RollDie(0, "1vp"), ChooseScoring(1, "vp"))
    assert pending(copy).info["prices"]["G1"] == 7


# --- green set 2 and 4, purple set 2 and 4 (QK-12): the app asks, the protocol does not ----


def green_walk(book_set: int, chips: str, **kw):
    """Seat 0 standing (rolls 1 VP), seat 1 the quiet exploded player; walk up to seat 0's green."""
    ev, _ = begin(setup(3, green=book_set, **kw.pop("table", {})), [player(chips, **kw), player(QUIET, exploded=True)])
    ev, _ = walk(ev, RollDie(0, "1vp"))
    return ev


def test_qk12_green_set_2_offers_a_chip_per_green_among_the_last_two():
    ev = green_walk(2, "W1@1 G1@2 G2@4")
    ask = pending(ev)
    assert (ask.kind, ask.info["greens"], ask.info["options"]) == ("green_take", ["G1", "G2"], [["O1"], ["B1", "R1"]])
    assert len(legal_choices(ev)) == 2 * 3
    ev, events = apply(ev, TakeGreenChips(0, ("O1", "R1")))
    assert ev.tallies[0].gained == ("O1", "R1")
    assert [e["gain"] for e in events if e["type"] == "green"] == [{"chips": ["O1", "R1"]}]


def test_qk12_green_set_2_green_4_gives_yellow_or_purple_and_picks_may_be_declined():
    ev = green_walk(2, "G4@4 W1@5")
    assert pending(ev).info["options"] == [["Y1", "P1"]]
    ev, _ = apply(ev, TakeGreenChips(0, (None,)))
    assert ev.tallies[0].gained == ()


def test_qk12_green_set_2_refuses_a_chip_the_green_does_not_give_or_the_box_lacks():
    ev = green_walk(2, "W1@1 G1@2 G2@4", table={"supply": {"R1": 0}})
    assert len(legal_choices(ev)) == 2 * 2  # R1 sold out
    for picks, message in ((("O1", "Y1"), "green_pick"), (("O1", "R1"), "box_empty"), (("O1",), "green_picks")):
        with pytest.raises(IllegalMove) as caught:
            apply(ev, TakeGreenChips(0, picks))
        assert (caught.value.rule, caught.value.message_id) == ("QK-12", f"quacks.eval.{message}")


def test_qk12_green_set_2_takes_from_the_box():
    ev = green_walk(2, "W1@1 G2@2 G2@4", table={"supply": {"B1": 2}})
    ev, _ = apply(ev, TakeGreenChips(0, ("B1", "B1")))
    assert ev.supply["B1"] == 0 and ev.tallies[0].gained == ("B1", "B1")


def test_qk12_green_set_4_one_ruby_per_green_among_the_last_two_moves_the_droplet():
    """Black 0 vs 0 moved the droplet to 1 first; 2 greens, 1 ruby: at most 1 can be paid."""
    ev = green_walk(4, "G1@1 G4@5", rubies=1)
    ask = pending(ev)
    assert (ask.kind, ask.info["most"]) == ("green_pay", 1)
    assert [c.rubies for c in legal_choices(ev)] == [0, 1]
    with pytest.raises(IllegalMove) as caught:
        apply(ev, PayGreenRubies(0, 2))
    assert caught.value.message_id == "quacks.eval.green_pay_rubies"
    ev, _ = apply(ev, PayGreenRubies(0, 1))
    assert (ev.tallies[0].rubies, ev.tallies[0].droplet) == (0, 2)


def test_qk12_green_set_4_no_more_rubies_than_greens_and_not_past_52():
    ev = green_walk(4, "O1@1 G4@5", rubies=5)
    with pytest.raises(IllegalMove) as caught:
        apply(ev, PayGreenRubies(0, 2))
    assert caught.value.message_id == "quacks.eval.green_pay_greens"
    ev = green_walk(4, "G1@1 G4@5", rubies=5, droplet=50)  # black moves it to 51: 1 step left
    assert pending(ev).info["most"] == 1
    with pytest.raises(IllegalMove) as caught:
        apply(ev, PayGreenRubies(0, 2))
    assert caught.value.message_id == "quacks.eval.green_pay_droplet"
    ev = green_walk(4, "G1@1 G4@5", rubies=5, droplet=51)  # black moves it to 52: nothing to ask
    assert [(a.kind, a.seat) for a in open_asks(ev)] == [("buy", 0), ("choice", 1)]  # on to D–F


def purple_walk(book_set: int, chips: str, **table):
    """Seat 0 has the purples; seat 1 (1 black chip, space 7) rolls 1 VP."""
    ev, _ = begin(setup(3, purple=book_set, **table), [player(chips), player("O1@5 K1@6")])
    ev, _ = walk(ev, RollDie(1, "1vp"))
    return ev


@pytest.mark.parametrize(("tier", "gained", "vp", "rubies", "droplet"), [
    (1, ("K1",), 1, 1, 0),
    (2, ("G1", "B2"), 3, 0, 1),
    (3, ("Y4",), 6, 1, 2),
    (0, (), 0, 0, 0),
])
def test_qk12_purple_set_2_discards_purples_for_one_tier(tier, gained, vp, rubies, droplet):
    """Seat 0: 3 purples on 1–3 (scoring space 4: nothing), fewer black chips than seat 1."""
    ev = purple_walk(2, "P1@1 P1@2 P1@3", supply={"Y4": 1, "P1": 0})
    assert pending(ev).info["tiers"] == [1, 2, 3]
    ev, _ = apply(ev, TradePurples(0, tier))
    t = ev.tallies[0]
    assert (t.gained, t.vp, t.rubies, t.droplet, t.removed) == (gained, vp, rubies, droplet, ("P1",) * tier)
    assert ev.supply["P1"] == tier  # the discarded purples go back to the box


def test_qk12_purple_set_2_needs_as_many_purples_as_the_tier_and_the_box_chips():
    assert pending(purple_walk(2, "O1@1 P1@2 P1@3")).info["tiers"] == [1, 2]
    ev = purple_walk(2, "O1@1 P1@2 P1@3", supply={"Y4": 0})
    assert pending(ev).info["tiers"] == [1, 2]
    with pytest.raises(IllegalMove) as caught:
        apply(ev, TradePurples(0, 3))
    assert (caught.value.rule, caught.value.message_id) == ("QK-12", "quacks.eval.purple_tier")
    ev = purple_walk(2, "P1@1 P1@2 P1@3", supply={"Y4": 0})
    with pytest.raises(IllegalMove) as caught:
        apply(ev, TradePurples(0, 3))
    assert caught.value.message_id == "quacks.eval.box_empty"


def test_qk12_purple_set_4_swaps_one_chip_of_the_pot_for_a_higher_one():
    """2 purples: tier 1 turns the blue 1 (chip 0) into a blue 2, tier 2 the red 2 (chip 1)
    into a red 4; tier 3 needs 3 purples. The new chip goes into the bag."""
    ev = purple_walk(4, "B1@1 R2@3 P1@4 P1@5")
    assert {(c.tier, c.chip) for c in legal_choices(ev)} == {(0, None), (1, 0), (2, 1)}
    assert pending(ev).info["swaps"] == [{"tier": 1, "chip": 0, "from": "B1", "to": "B2"},
                                         {"tier": 2, "chip": 1, "from": "R2", "to": "R4"}]
    after, _ = apply(ev, SwapChip(0, 1, 0))
    assert (after.tallies[0].gained, after.tallies[0].removed) == (("B2",), ("B1",))
    after, _ = apply(ev, SwapChip(0, 2, 1))
    assert (after.tallies[0].gained, after.tallies[0].removed) == (("R4",), ("R2",))
    for swap, message in ((SwapChip(0, 3, 0), "purple_tier"), (SwapChip(0, 1, 1), "swap_chip"),
                          (SwapChip(0, 1, 2), "swap_chip"), (SwapChip(0, 1, 4), "swap_index"),
                          (SwapChip(0, 1, None), "swap_index")):
        with pytest.raises(IllegalMove) as caught:
            apply(ev, swap)
        assert (caught.value.rule, caught.value.message_id) == ("QK-12", f"quacks.eval.{message}")


def test_qk12_purple_set_4_offers_no_white_swap():
    """A white 1 in the pot is not offered as a white 2 (it only hurts), and entered anyway it
    is refused with the reason; the blue 1 is offered."""
    ev = purple_walk(4, "W1@1 B1@2 P1@4 P1@5")
    assert pending(ev).info["swaps"] == [{"tier": 1, "chip": 1, "from": "B1", "to": "B2"}]
    assert {(c.tier, c.chip) for c in legal_choices(ev)} == {(0, None), (1, 1)}
    with pytest.raises(IllegalMove) as caught:
        apply(ev, SwapChip(0, 1, 0))
    assert (caught.value.rule, caught.value.message_id) == ("QK-12", "quacks.eval.swap_white")


def test_qk12_purple_set_4_with_3_purples_turns_a_1_chip_into_a_4_chip():
    ev = purple_walk(4, "Y1@1 P1@2 P1@3 P1@4", supply={"Y4": 1, "Y1": 0})
    after, _ = apply(ev, SwapChip(0, 3, 0))
    assert after.tallies[0].gained == ("Y4",) and after.supply == {"Y4": 0, "Y1": 1}


@pytest.mark.parametrize(("books", "answers", "expected"), [
    ({"green": 2}, {"green_take": ("O1",)}, {"gained": ("O1",)}),
    # 2 rubies - 1 paid + 1 (purple set 1: two purples) + 1 (the ruby of space 5)
    ({"green": 4}, {"green_pay": 1}, {"rubies": 2 - 1 + 1 + 1, "droplet": 1}),
    ({"purple": 2}, {"purple_trade": 2}, {"gained": ("G1", "B2"), "vp": 3, "droplet": 1, "removed": ("P1", "P1")}),
    ({"purple": 4}, {"purple_swap": (1, 3)}, {"gained": ("G2",), "removed": ("G1",)}),
])
def test_qk12_book_answers_given_up_front_are_used_in_step_b(books, answers, expected):
    """evaluate_round takes the book-set answers too (the protocol cannot carry them).
    Seat 0: 2 purples, a green 1 last (scoring space 5: ruby, 0 VP), 2 rubies, fewer black
    chips than seat 1, which rolls."""
    from companion.quacks.evaluation import evaluate_round
    from companion.quacks.evaluation_types import Answers
    players = [player("O1@1 P1@2 P1@3 G1@4", rubies=2), player("O1@6 K1@7")]
    ev, _ = evaluate_round(setup(**books), players, [Answers(**answers), Answers(die=("1vp",))])
    t = ev.tallies[0]
    assert {key: getattr(t, key) for key in expected} == expected


def test_qk12_a_book_answer_given_up_front_for_a_set_not_in_play_is_refused():
    from companion.quacks.evaluation import evaluate_round
    from companion.quacks.evaluation_types import Answers
    players = [player("O1@1 P1@2 P1@3 G1@4"), player("O1@6 K1@7")]
    with pytest.raises(IllegalMove) as caught:
        evaluate_round(setup(purple=1), players, [Answers(purple_trade=1), Answers(die=("1vp",))])
    assert (caught.value.rule, caught.value.message_id) == ("QK-12", "quacks.eval.not_asked_purple")
