"""The Quacks views without a browser: the sentences and labels built from the engine's answers,
the scoreboard's rat tails, the shop's baskets, the set-up form's start seat, the strings, and
rounds played through the app's glue (LiveMatch on a real SQLite store) with the calls the taps
make: the card picked from `question(...).answers`, chips from `seat_view(...).legal`, the shop's
`purchase`, 'roll for me', undo, and two devices brewing at once."""

from __future__ import annotations

import random
import re

import pytest

from companion.i18n import catalogue, placeholders, t
from companion.quacks.data import Bag
from companion.quacks.match_view import question, seat_view
from companion.quacks.screen_board import baskets, evaluation_board, offered, purchase, scores, tails_between
from db import SeatSpec, Store
from tests.quacks.test_match_support import START_BAG, card, draws, go, new, stop_all, with_seats
from views.games import game_views
from views.live import LiveMatch
from views.quacks import VIEWS, QuacksRules, QuacksScreen, QuacksSetup
from views.quacks.brew import draw_variants, drawable, other_actions, status_text
from views.quacks.pieces import track_end
from views.quacks.rules import RULE_IDS
from views.quacks.screen import enter
from views.quacks.setup import fixed, start_seat
from views.quacks.words import Words, last_lines, odds_level, percent

NAMES = {0: "Ana", 1: "Ben", 2: "Cai"}


def tr(key: str, **params) -> str:
    return t(key, "en", **params)


def words(state, lang: str = "en") -> Words:
    return Words(lambda key, **p: t(key, lang, **p), lang, NAMES, state)


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'quacks.db'}")


def quacks_match(store: Store, players: int = 2, **setup) -> int:
    colours = ("#d32f2f", "#1976d2", "#388e3c")
    ids = [store.add_player(NAMES[seat], colours[seat]).id for seat in range(players)]
    return store.create_match("quacks", setup, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])


def logged(store: Store, match_id: int) -> list:
    return [entry.get("action", entry["kind"]) for entry in store.events(match_id)]


# -- the record and the strings -----------------------------------------------------------------
def test_the_game_has_its_views_and_every_rule_in_both_languages():
    assert game_views("quacks") is VIEWS
    assert (VIEWS.match_screen, VIEWS.rules_page, VIEWS.setup_form) == (QuacksScreen, QuacksRules, QuacksSetup)
    assert sorted(RULE_IDS, key=lambda r: int(r[3:])) == [f"QK-{n}" for n in range(1, 19)]
    for rule in VIEWS.rules:
        for lang in ("en", "ko"):
            assert rule.text in catalogue(lang), (rule.id, lang)
    assert "evaluation" in t("quacks_ui.rules.evaluation_heading", "en").lower()
    assert set(VIEWS.option_labels) == {"green", "blue", "red", "yellow", "purple", "start"}


def test_the_ui_catalogues_match_key_for_key_and_placeholder_for_placeholder():
    en = {k: v for k, v in catalogue("en").items() if k.startswith("quacks_ui.")}
    ko = {k: v for k, v in catalogue("ko").items() if k.startswith("quacks_ui.")}
    assert en.keys() == ko.keys() and len(en) > 200
    assert all(placeholders(en[key]) == placeholders(ko[key]) for key in en)
    worded = [key for key, text in en.items() if any(c.isalpha() for c in re.sub(r"\{[^{}]*\}", "", text))]
    assert [key for key in worded if not any("\uac00" <= c <= "\ud7a3" for c in ko[key])] == []


# -- words -----------------------------------------------------------------------------------------
def test_percentages_and_the_odds_colour_scale():
    assert [percent(p) for p in (0, 0.004, 0.2666, 0.5, 0.996, 1)] == ["0%", "<1%", "27%", "50%", ">99%", "100%"]
    assert [odds_level(p) for p in (0, 0.099, 0.10, 0.249, 0.25, 0.5, 1)] == [0, 0, 1, 1, 2, 3, 3]


def test_chip_names_spaces_and_gains_in_words():
    w = words(new(2))
    assert w.chip("W1") == "white 1" and w.chip("Y4") == "yellow 4"
    assert words(new(2), "ko").chip("G2") == "초록 2"
    assert w.chips([]) == "nothing"
    from companion.quacks.data import POT_TRACK
    assert w.space(POT_TRACK[9]) == "space 9 (9 coins, 1 VP, ruby)"
    assert w.gain({"vp": 2, "rubies": -2, "droplet": 1, "chips": ["O1"]}) == \
        "+2 VP, rubies -2, droplet +1, into the bag: orange 1"


def test_the_fortune_question_names_the_start_player_and_lists_the_cards():
    state = new(3, start=1)
    asked = question(state)
    w = words(state)
    assert w.prompt(asked) == "Round 1: Ben draws a fortune card. Which card is it?"
    assert w.answer(asked, {"seat": 1, "card": "living_in_luxury"}) == "Living in Luxury"
    assert words(state, "ko").answer(asked, {"seat": 1, "card": "living_in_luxury"}) == "넉넉한 살림"


def test_card_questions_in_words():
    """QK-4: You Only Get to Choose One asks each player in turn; Wheel and Deal's chips cost a
    ruby; A Good Start gives up rat tails for rubies."""
    state = card(new(2), "choose_one")
    asked = question(state)
    w = words(state)
    assert w.prompt(asked) == "You Only Get to Choose One: what does Ana choose?"
    labels = [w.answer(asked, a) for a in asked.answers]
    assert labels[0] == "3 rubies" and "Take a black 1" in labels and "Take a green 2" in labels
    state = card(new(2), "wheel_and_deal")
    asked = question(state)
    assert [words(state).answer(asked, a) for a in asked.answers][:2] == ["Take nothing",
                                                                         "Pay 1 ruby for an orange 1"]


def test_evaluation_questions_and_answers_in_words():
    """QK-14: the exploded player's choice shows the space's VP and coins; E shows the coins."""
    state = stop_all(draws(card(new(2), "seasoned_perfectly"), 0, "W2 O1 W3 W2 W1"))
    asked = question(state)
    w = words(state)
    # Ben stopped at once: A is Ben's die (the only pot that did not explode)
    assert (asked.kind, asked.seat) == ("die", 1)
    assert w.prompt(asked) == "A · Ben rolls the bonus die. What does it show?"
    assert [w.answer(asked, a) for a in asked.answers] == ["1 VP", "2 VP", "1 ruby", "Droplet +1",
                                                           "Orange 1 into the bag"]
    state = go(state, {"seat": 1, "die": "2vp"})
    asked = question(state)
    # Ana's pot: W2@2 O1@3 W3@6 W2@8 W1@9, exploded (8 > 7): scores on 10 = 10 coins, 2 VP
    assert (asked.kind, asked.seat) == ("choice", 0)
    assert words(state).prompt(asked) == \
        "D · Ana's pot exploded: take 2 VP, or go shopping with 10 coins?"
    assert [words(state).answer(asked, a) for a in asked.answers] == ["Take 2 VP", "Shop with 10 coins"]


def test_events_of_the_last_entry_in_words():
    state = card(new(2), "seasoned_perfectly")
    session_steps = []

    class Step:
        def __init__(self, action, events):
            self.action, self.events = action, events

    from companion.quacks.match import play
    state, events = play(state, {"seat": 0, "draw": "W3"})
    session_steps.append(Step({"seat": 0, "draw": "W3"}, events))
    assert last_lines(words(state), session_steps) == ["Ana: white 3 on space 3 (3 on)."]
    for code in ("W2", "W2", "W1"):  # whites 3 + 2 + 2 = 7, then 8 > 7 (QK-7)
        state, events = play(state, {"seat": 0, "draw": code})
    session_steps.append(Step({"seat": 0, "draw": "W1"}, events))
    assert last_lines(words(state), session_steps) == [
        "Ana: white 1 on space 8 (1 on).", "Ana's pot exploded: white chips 8, more than 7."]


# -- the brewing panel's reading of the engine ------------------------------------------------------
def test_the_palette_offers_what_the_engine_accepts():
    state = draws(card(new(2), "seasoned_perfectly"), 0, "W2")
    view = seat_view(state, 0)
    assert drawable(view) == ["W1", "W2", "W3", "O1", "G1"]
    assert [next(iter(a.keys() - {"seat"})) for a in other_actions(view)] == ["flask", "stop"]
    assert status_text(words(state), view) == "drawing"
    exploded = seat_view(draws(state, 0, "W3 W2 W1"), 0)
    assert drawable(exploded) == [] and status_text(words(state), exploded) == "exploded (8 > 7)"


def test_yellow_1_and_blue_1_ask_before_the_chip_is_entered():
    """QK-18: yellow set 1 may send back the white before it; blue set 1 places one of the
    chips it draws. The answers come from the engine's legal entries."""
    state = with_seats(go(new(2), {"seat": 0, "card": "seasoned_perfectly"}),
                       bag=(START_BAG.add("Y1").add("B1"), START_BAG))
    from dataclasses import replace
    state = replace(state, round=2)
    state = draws(state, 0, "W1")
    view = seat_view(state, 0)
    assert draw_variants(view, "Y1") == [{"seat": 0, "draw": {"chip": "Y1", "return_white": True}}]
    places = {v["draw"]["place"] for v in draw_variants(view, "B1")}
    assert places == {"W1", "W2", "W3", "O1", "G1", "Y1"}


def test_the_pot_is_drawn_a_few_spaces_past_its_scoring_space():
    state = card(new(2), "seasoned_perfectly")
    assert track_end(seat_view(state, 0)) == 12  # nothing yet: two rows of the phone
    state = draws(state, 0, "W3 W2 O1")
    assert seat_view(state, 0).scoring.index == 7 and track_end(seat_view(state, 0)) == 13


# -- the scoreboard and the rat tails (QK-5) -------------------------------------------------------
def test_rat_tails_between_scores_every_lap():
    """QK-5: tails at 1, 4, 7, 10, 12, 14, … 48, and 50 higher on the next lap."""
    assert tails_between(0, 5) == (1, 4)
    assert tails_between(5, 13) == (7, 10, 12)
    assert tails_between(47, 55) == (48, 51, 54)
    assert tails_between(9, 9) == ()


def test_the_scoreboard_counts_the_rat_tails_behind_the_leader():
    """QK-5: 3 VP against 11 VP: tails 4, 7, 10 lie between (3 ≤ t < 11): 3 behind."""
    state = with_seats(new(3), vp=(11, 3, 11), rubies=(2, 0, 1))
    rows = scores(state)
    assert [(r.vp, r.rubies, r.behind) for r in rows] == [(11, 2, 0), (3, 0, 3), (11, 1, 0)]


def test_the_scoreboard_follows_the_evaluation_tallies():
    state = stop_all(draws(card(new(2), "seasoned_perfectly"), 0, "W3 O1"))
    assert state.phase == "evaluation"
    # A: both pots stand; Ana's (W3@3 O1@4, scores 5) is furthest: she rolls
    state = go(state, question(state).answers[1])  # 2 VP
    assert scores(state)[0].vp == 2
    board = evaluation_board(state)
    assert [(line.seat, line.space.index, line.roller) for line in board] == [(0, 5, True), (1, 1, False)]


# -- the shop: legal purchases only (QK-14) ---------------------------------------------------------
def shop_question(chips: str):
    """Round 1, Ana stopped after drawing `chips`, Ben stopped at once; answered up to E."""
    state = stop_all(draws(card(new(2), "seasoned_perfectly"), 0, chips))
    while (asked := question(state)).kind != "buy":
        state = go(state, asked.answers[0])
    return state, asked


def test_the_shop_offers_a_chip_only_while_a_legal_purchase_holds_it():
    """QK-14, set 1, round 1: Ana's W3 O1 W2 W1 scores on 8 (8 coins). One chip: O1 3, G1 4,
    G2 8, B1 5, R1 6. Two of different colours within 8: O1+G1 7, O1+B1 8. No yellow or
    purple in round 1, no black (10)."""
    _, asked = shop_question("W3 O1 W2 W1")
    assert (asked.seat, asked.info["coins"]) == (0, 8)
    answers = list(asked.answers)
    assert set(offered(answers, ())) == {"O1", "G1", "G2", "B1", "R1"}
    assert set(offered(answers, ("O1",))) == {"G1", "B1"}
    assert offered(answers, ("G2",)) == ()
    assert purchase(answers, ("B1", "O1")) == {"seat": 0, "buy": ["O1", "B1"]}
    assert purchase(answers, ("O1", "R1")) is None  # 9 coins
    assert purchase(answers, ()) == {"seat": 0, "buy": []}
    assert frozenset() in baskets(answers) and len(baskets(answers)) == 8


# -- the set-up form ----------------------------------------------------------------------------------
def test_the_start_seat_stays_among_the_players():
    assert start_seat({"start": 3}, 4) == 3
    assert start_seat({"start": 3}, 2) == 0
    assert fixed({"start": 2, "red": 1}, 2, red=3) == {"start": 0, "red": 3}
    assert fixed({"start": 1}, 3, start=2)["start"] == 2


# -- through the store, as the taps do -----------------------------------------------------------------
def test_a_round_through_the_store_from_the_card_to_the_next_round(store):
    """QK-4 … QK-15 on a real store: every tap one entry; the explosion, the shop (the engine's
    own answer), 'roll for me', an undo, and the next round's card question."""
    match_id = quacks_match(store)
    live = LiveMatch.load(store, match_id)
    asked = question(live.state)
    assert asked.source == "fortune" and asked.seat == 0
    assert enter(live, next(a for a in asked.answers if a["card"] == "seasoned_perfectly"))
    for code in ("W2", "O1", "W3", "W2"):  # Ana: whites 7, not over
        assert code in drawable(seat_view(live.state, 0))
        assert enter(live, {"seat": 0, "draw": code})
    assert not seat_view(live.state, 0).exploded
    assert enter(live, {"seat": 0, "draw": "W1"})  # 8 > 7: exploded (QK-7)
    assert seat_view(live.state, 0).exploded
    assert not live.apply({"seat": 0, "draw": "W1"})  # drawing after the explosion is refused
    assert live.error.rule == "QK-7"
    for code in ("G1", "W1", "O1"):
        assert enter(live, {"seat": 1, "draw": code})
    assert enter(live, {"seat": 1, "stop": True})
    assert live.state.phase == "evaluation"
    # A: Ben rolls (Ana exploded): 'roll for me' is the engine's die
    assert question(live.state).kind == "die" and live.roll()
    rolled = logged(store, match_id)[-1]
    assert rolled["seat"] == 1 and rolled["die"] in ("1vp", "2vp", "ruby", "droplet", "orange")
    # D: Ana exploded: she shops (10 coins on space 10)
    asked = question(live.state)
    assert (asked.kind, asked.seat) == ("choice", 0)
    assert enter(live, {"seat": 0, "choice": "buy"})
    asked = question(live.state)
    assert (asked.kind, asked.seat, asked.info["coins"]) == ("buy", 0, 10)
    basket = purchase(list(asked.answers), ("G1", "R1"))
    assert basket is not None and enter(live, basket)
    # undo takes the purchase back; the same question is asked again
    assert live.undo()
    assert question(live.state).kind == "buy" and question(live.state).seat == 0
    assert enter(live, basket)
    while live.state.phase == "evaluation":
        asked = question(live.state)
        assert enter(live, purchase(list(asked.answers), ()) if asked.kind == "buy" else asked.answers[0])
    assert (live.state.round, live.state.phase, live.state.start) == (2, "fortune", 1)
    assert question(live.state).seat == 1  # QK-15: Ben starts round 2
    assert live.state.players[0].bag["G1"] == 2 and live.state.players[0].bag["R1"] == 1
    stored = logged(store, match_id)
    assert stored.count({"seat": 0, "buy": ["G1", "R1"]}) == 2 and "undo" in stored
    resumed = LiveMatch.load(store, match_id)
    assert resumed.state.to_json() == live.state.to_json()


def test_two_devices_brewing_at_once_lose_and_double_nothing(store):
    """Ana's phone and Ben's phone hold the same match. A tap on a phone that has not seen the
    other's draw yet is stored after a reload when the draw in between was another seat's;
    the same seat's entry in between is never guessed at: that tap is refused."""
    match_id = quacks_match(store)
    ana, ben = LiveMatch.load(store, match_id), LiveMatch.load(store, match_id)
    assert enter(ana, {"seat": 0, "card": "seasoned_perfectly"})
    assert ben.refresh()
    assert enter(ana, {"seat": 0, "draw": "W1"})
    assert enter(ben, {"seat": 1, "draw": "O1"})  # stale, retried after the reload
    assert ben.error is None
    assert enter(ana, {"seat": 0, "draw": "W2"})  # stale as well, Ben's draw was in between
    assert enter(ben, {"seat": 1, "draw": "G1"})
    expected = [{"seat": 0, "card": "seasoned_perfectly"}, {"seat": 0, "draw": "W1"}, {"seat": 1, "draw": "O1"},
                {"seat": 0, "draw": "W2"}, {"seat": 1, "draw": "G1"}]
    assert logged(store, match_id) == expected
    # the same seat on both phones: the stale tap is not entered a second time
    assert not enter(ana, {"seat": 1, "draw": "W1"})  # behind Ben's own G1: refused, reloaded
    assert enter(ana, {"seat": 1, "draw": "W1"})
    assert not enter(ben, {"seat": 1, "draw": "W1"})
    assert ben.error.message_id == "store.stale_write"
    assert logged(store, match_id) == [*expected, {"seat": 1, "draw": "W1"}]
    assert ben.state.to_json() == ana.state.to_json()
    # a rule refusal is never retried
    assert not enter(ben, {"seat": 0, "draw": "K1"}) and ben.error.rule == "QK-6"


def test_two_devices_answering_steps_d_to_f_at_once_lose_nothing(store):
    """In the evaluation's D–F each phone answers for its own seat: a phone that has not seen
    the other's answer yet is stored after a reload, as while brewing."""
    match_id = quacks_match(store)
    ana, ben = LiveMatch.load(store, match_id), LiveMatch.load(store, match_id)
    assert enter(ana, {"seat": 0, "card": "seasoned_perfectly"})
    for code in ("W3", "W2", "W2", "W1"):  # Ana's pot explodes: she chooses in D
        assert enter(ana, {"seat": 0, "draw": code})
    assert enter(ana, {"seat": 1, "draw": "O1"})
    assert enter(ana, {"seat": 1, "stop": True})
    assert enter(ana, {"seat": 1, "die": "1vp"})
    assert ben.refresh()
    assert enter(ana, {"seat": 0, "choice": "vp"})
    assert enter(ben, {"seat": 1, "buy": []})  # stale: Ana's choice came first; stored after a reload
    assert ben.error is None
    keep = {"seat": 0, "spend": {"droplet": 0, "flask": False}}  # Ana's 2 rubies (space 9's ruby)
    assert enter(ana, keep)  # stale now: Ben's purchase was in between
    assert logged(store, match_id)[-3:] == [{"seat": 0, "choice": "vp"}, {"seat": 1, "buy": []}, keep]
    assert ben.refresh() and ana.state.round == 2 and ben.state.to_json() == ana.state.to_json()


def test_many_random_taps_from_three_devices_keep_one_log(store):
    """Seeded: three phones tap legal brewing entries for their own seat in random order, each
    sometimes behind the other; the store ends with every accepted tap once, and the replayed
    log equals both phones' state."""
    rng = random.Random(7)
    match_id = quacks_match(store, 3)
    phones = [LiveMatch.load(store, match_id) for _ in range(3)]
    assert enter(phones[0], {"seat": 0, "card": "living_in_luxury"})  # white limit 9: longer pots
    assert phones[1].refresh() and phones[2].refresh()
    accepted: list[dict] = []
    caught_up = 0
    for _ in range(40):
        seat = rng.randrange(3)
        phone = phones[seat]
        if rng.random() < 0.25:
            phone.refresh()
        legal = [a for a in seat_view(phone.state, seat).legal if "stop" not in a]  # brew on
        if not legal:
            continue
        action = rng.choice(legal)
        behind = store.last_seq(match_id) != phone.session.seq
        if enter(phone, action):
            accepted.append(action)
            caught_up += behind
    stored = [a for a in logged(store, match_id)[1:]]
    assert stored == accepted and len(accepted) > 15
    assert caught_up >= 3  # taps from a phone that was behind, stored once after its reload
    for phone in phones:
        phone.refresh()
    assert phones[0].state.to_json() == phones[1].state.to_json() == \
        LiveMatch.load(store, match_id).state.to_json()


def test_a_bag_after_the_round_holds_the_pot_again():
    """QK-15: the pot's chips go back into the bag (a draw is only lent to the pot)."""
    state = card(new(2), "seasoned_perfectly")
    state = stop_all(draws(state, 0, "W1 W1"))
    while state.phase == "evaluation":
        asked = question(state)
        state = go(state, {"seat": asked.seat, "buy": []} if asked.kind == "buy" else asked.answers[0])
    assert state.players[0].bag == Bag(START_BAG)


# -- the cards that make a player draw (QK-4) -------------------------------------------------------
def test_an_opportunistic_moment_offers_the_engines_upgrades_once_four_chips_are_drawn():
    """Card 9 (QK-4): exactly 4 chips; then a chip may be traded for its colour's next value
    (green 1 to green 2; an orange 1 has none, white chips are not traded), or not."""
    from views.quacks.ask import draw_endings

    state = card(new(2), "opportunistic_moment")
    asked = question(state)
    assert (asked.kind, asked.seat, dict(asked.info)) == ("draw", 0, {"count": 4, "exact": True, "then": "upgrade"})
    w = words(state)
    assert draw_endings(w, asked, ("W1", "O1", "G1")) == [
        ("card-done", "These are the chips drawn", None)]  # three of four: not yet
    endings = draw_endings(w, asked, ("W1", "W1", "O1", "G1"))
    assert [(key, action) for key, _, action in endings] == [
        ("card-upgrade-G1", {"seat": 0, "drawn": ["W1", "W1", "O1", "G1"], "upgrade": "G1"}),
        ("card-done", {"seat": 0, "drawn": ["W1", "W1", "O1", "G1"]})]
    state = go(state, endings[0][2])
    assert state.players[0].bag["G2"] == 1 and state.players[0].bag["G1"] == 0


def test_strong_ingredient_places_one_of_the_chips_drawn_or_none():
    """QK-4: up to 5 chips for a player who stopped without exploding; one may be placed."""
    from views.quacks.ask import draw_endings

    state = stop_all(draws(card(new(2), "strong_ingredient"), 0, "O1"))
    asked = question(state)
    assert (asked.source, asked.kind, asked.seat, asked.info["then"]) == ("card", "draw", 0, "place")
    w = words(state)
    assert [key for key, _, _ in draw_endings(w, asked, ())] == ["card-done"]
    endings = draw_endings(w, asked, ("W1", "G1", "W1"))
    assert [(key, label) for key, label, _ in endings] == [
        ("card-place-W1", "Place the white 1"), ("card-place-G1", "Place the green 1"), ("card-done", "None placed")]
    state = go(state, endings[1][2])  # the green 1 goes after the orange 1 on space 1: space 2
    assert [(p.chip, p.space) for p in state.players[0].pot.chips] == [("O1", 1), ("G1", 2)]


def test_a_whole_game_through_the_store_ends_with_the_places_the_result_card_shows(store):
    """QK-16: a seeded bot game entered tap by tap; the match is finished in the store with
    the engine's places, and the result lines name the players best first."""
    from tests.quacks.test_match_properties import bot_game

    final, log = bot_game(2, 3)
    match_id = quacks_match(store)
    live = LiveMatch.load(store, match_id)
    for action in log:
        assert enter(live, action), (action, live.error)
    outcome = live.outcome
    assert outcome.over and live.info.status == "finished"
    vp = [p.vp for p in final.players]
    assert outcome.places == ((1,), (0,)) and dict(outcome.scores) == {0: vp[0], 1: vp[1]} and vp[1] > vp[0]
    w = words(live.state)
    lines = [tr("quacks_ui.place_line", place=outcome.placing(seat), name=w.name(seat), vp=outcome.scores[seat])
             for group in outcome.places for seat in group]
    assert lines == [f"1. Ben: {vp[1]} VP", f"2. Ana: {vp[0]} VP"]
    assert live.state.to_json() == final.to_json()
    assert not any("over" in line for line in last_lines(w, live.session.history))


# -- every answer's label, from the engine's own questions ------------------------------------------
def until(state, kind: str):
    """Answer the questions (first answer; buy nothing) until one of `kind` is asked."""
    while (asked := question(state)).kind != kind:
        state = go(state, {"seat": asked.seat, "buy": []} if asked.kind == "buy" else asked.answers[0])
    return state, asked


def labels(state, asked) -> list[str]:
    return [words(state).answer(asked, action) for action in asked.answers]


@pytest.mark.parametrize(("books", "extra", "chips", "kind", "prompt", "expected"), [
    ({"green": 2}, None, "W1 G1", "green_take", "B · Ana's green chips: which chips go into the bag?",
     ["Take nothing", "Take orange 1"]),
    ({"green": 4}, None, "W1 G1", "green_pay", "B · Ana's green chips: pay rubies (up to 1) to move the droplet?",
     ["Pay nothing", "Pay rubies: 1"]),
    ({"purple": 2}, "P1", "P1 W1", "purple_trade", "B · Ana's purple chips (1): trade some in?",
     ["Keep the purple chips", "Trade 1 purple"]),
    ({"purple": 4}, "P1", "G1 P1", "purple_swap", "B · Ana's purple chips (1): swap a chip of the pot?",
     ["No swap", "Swap the green 1 (chip 1) for a green 2"]),
])
def test_step_b_questions_of_the_book_sets_in_words(books, extra, chips, kind, prompt, expected):
    """QK-12: green sets 2 and 4, purple sets 2 and 4 ask in step B; the answers are the
    engine's, labelled from the question's own info (the pot chip swapped, the chips given)."""
    state = new(2, **books)
    if extra:
        state = with_seats(state, bag=(START_BAG.add(extra), START_BAG))
    state, asked = until(stop_all(draws(card(state, "seasoned_perfectly"), 0, chips)), kind)
    assert words(state).prompt(asked) == prompt
    assert labels(state, asked) == expected


def test_step_f_rubies_in_words_with_their_price():
    """QK-15: 2 rubies a droplet step, 2 a refill (the flask was used): 6 rubies."""
    state = card(with_seats(new(2), rubies=(5, 0), flask=(False, True)), "seasoned_perfectly")
    state, asked = until(stop_all(draws(state, 0, "G1")), "spend")  # 5 + green set 1's ruby
    assert words(state).prompt(asked) == "F · Ana, rubies in hand: 6. Spend some?"
    assert labels(state, asked) == [
        "Keep the rubies", "refill the flask (rubies: 2)", "droplet +1 (rubies: 2)",
        "droplet +1, refill the flask (rubies: 4)", "droplet +2 (rubies: 4)",
        "droplet +2, refill the flask (rubies: 6)", "droplet +3 (rubies: 6)"]


def test_purple_card_choices_in_words():
    """QK-4: Choose Wisely (purple only from round 3), Just in Time, Rats Are Your Friends (one
    VP per rat tail: 0 against 10 VP crosses the tails 1, 4, 7), A Good Start."""
    from dataclasses import replace

    state = card(replace(new(2), round=3), "choose_wisely")
    assert labels(state, question(state)) == ["Droplet 2 spaces on", "Take a purple 1"]
    state = card(new(2), "just_in_time")
    assert labels(state, question(state)) == ["4 VP", "Take a white 1 out of the bag"]
    behind = with_seats(replace(new(2), round=2), vp=(0, 10))
    state = card(behind, "rats_friends")
    assert labels(state, question(state))[:2] == ["3 VP (one per rat tail)", "Take a green 4"]
    state = card(behind, "good_start")
    asked = question(state)
    assert words(state).prompt(asked) == "A Good Start: Ana's rat tails: 3. Give some up for rubies?"
    assert labels(state, asked) == ["Keep the rat tails", "Rat tails into rubies: 1", "Rat tails into rubies: 2",
                                    "Rat tails into rubies: 3"]


def test_brewing_and_round_events_in_words():
    w = words(new(3))
    assert w.event({"type": "white_returned", "chip": "W2", "space": 4, "by": "flask", "seat": 1}) == \
        "Ben used the flask: the white 2 is back in the bag."
    assert w.event({"type": "set_aside", "chip": "R2", "seat": 2}) == "Cai: the red 2 waits beside the pot."
    assert w.event({"type": "beside", "chip": "R2", "choice": "keep", "seat": 2}) == \
        "Cai keeps the red 2 for a later round."
    assert w.event({"type": "rats", "rats": [0, 3, 1]}) == "Rat tails: Ana 0, Ben 3, Cai 1."
    assert w.event({"type": "rats", "rats": [0, 0, 0]}) == "No rat tails this round."
    assert w.event({"type": "rollers", "seats": []}) == "Nobody rolls the bonus die: every pot exploded."
    assert w.event({"type": "rollers", "seats": [0, 2]}) == "Bonus die: Ana, Cai."
    assert w.event({"type": "round", "round": 6, "start": 2}) == "Round 6 begins; Cai starts."
    assert w.event({"type": "card_upgrade", "seat": 0, "chip": "B1", "to": "B2"}) == \
        "Ana traded the blue 1 for a blue 2."
    assert w.event({"type": "stopped", "reason": "bag_empty"}, actor=1) == "Ben's bag is empty: brewing over."
    assert w.event({"type": "buy", "seat": 1, "chips": [], "spent": 0, "gain": {}}) == "Ben bought nothing."
    assert w.event({"type": "ruby_space", "seat": 1, "gain": {}}) is None  # nothing gained: nothing said
    assert w.event({"type": "game_over"}) is None


def test_rat_tail_boundaries_a_tail_on_my_score_counts_the_leaders_does_not():
    """QK-5: a tail t counts when my_vp <= t < leader_vp."""
    assert tails_between(4, 10) == (4, 7)
    assert tails_between(10, 4) == ()


@pytest.mark.parametrize(("blue", "vp", "rubies"), [(3, 0, 2), (4, 1, 1)])
def test_the_scoreboard_counts_what_blue_gives_while_brewing(blue, vp, rubies):
    """QK-18: a blue 1 landing on a ruby space (5) gives a ruby (set 3) or its value in VP
    (set 4) at once; the scoreboard shows it before the evaluation."""
    state = card(with_seats(new(2, blue=blue), bag=(START_BAG.add("B1"), START_BAG)), "seasoned_perfectly")
    state = draws(state, 0, "W3 W1 B1")  # 3, 4, then 5 (a ruby space)
    row = scores(state)[0]
    assert (row.vp, row.rubies) == (vp, rubies)


def test_the_evaluation_board_and_step_exist_only_during_the_evaluation():
    from companion.quacks.screen_board import evaluation_step
    from tests.quacks.test_match_properties import bot_game

    state = card(new(2), "seasoned_perfectly")
    assert evaluation_board(state) == () and evaluation_step(state) is None
    state = stop_all(state)
    assert evaluation_step(state) == "A" and len(evaluation_board(state)) == 2
    over, _ = bot_game(2, 3)
    assert over.evaluation is not None  # the last round's evaluation stays in the state
    assert evaluation_board(over) == () and evaluation_step(over) is None


def test_the_screen_records_are_immutable():
    import dataclasses

    state = stop_all(card(new(2), "seasoned_perfectly"))
    for record in (scores(state)[0], evaluation_board(state)[0]):
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.vp = 99


def test_words_edges_names_percent_bounds_labels_made_by_hand():
    """Labels the engine's questions above do not reach: a seat without a name, the
    percentage bounds, a trade of 2 or 3 purples, the swap of one chip among several, the
    evaluation's VP (step D) beside blue set 4's VP while brewing, the last lines' limit."""
    import dataclasses

    from companion.quacks.match_view import Question

    w = words(new(3))
    assert w.name(5) == "Seat 6" and w.name(None) == "?"
    assert [percent(p) for p in (0.01, 0.015, 0.985, 0.99)] == ["1%", "2%", "98%", "99%"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.lang = "ko"
    trade = Question("evaluation", "purple_trade", 0, "QK-12", step="B", info={"purples": 3, "tiers": [1, 2, 3]})
    assert [w.answer(trade, {"seat": 0, "purple_trade": tier}) for tier in (0, 2, 3)] == [
        "Keep the purple chips", "Trade 2 purples", "Trade 3 purples"]
    swaps = [{"tier": 1, "chip": 0, "from": "W1", "to": "W2"}, {"tier": 1, "chip": 2, "from": "G1", "to": "G2"},
             {"tier": 2, "chip": 2, "from": "G2", "to": "G4"}]
    swap = Question("evaluation", "purple_swap", 0, "QK-12", step="B", info={"purples": 2, "swaps": swaps})
    assert w.answer(swap, {"seat": 0, "purple_swap": {"tier": 1, "chip": 2}}) == \
        "Swap the green 1 (chip 3) for a green 2"
    assert w.answer(swap, {"seat": 0, "purple_swap": {"tier": 3, "chip": 0}}) == "Other answer"
    assert w.event({"type": "vp", "step": "D", "seat": 1, "gain": {"vp": 2}}) == "Ben, victory points: +2 VP."
    assert w.event({"type": "vp", "chip": "B2", "vp": 2, "seat": 1}) == "Ben: the blue 2 landed on a ruby: +2 VP."

    from companion.session import Step

    placed = [{"type": "placed", "chip": "W1", "space": n, "distance": 1, "seat": 0} for n in range(1, 11)]
    lines = last_lines(w, [Step({"seat": 0, "draw": "W1"}, None, placed)])
    assert len(lines) == 8 and lines[-1] == "Ana: white 1 on space 10 (1 on)."


def test_the_pot_is_full_asks_each_roll_of_two():
    """QK-4 with QK-11: The Pot Is Full makes the roller roll twice; the prompt counts the rolls."""
    state = stop_all(card(new(2), "pot_is_full"))
    asked = question(state)
    assert words(state).prompt(asked) == "A · Ana rolls the bonus die (roll 1 of 2). What does it show?"
    state = go(state, asked.answers[0])
    assert words(state).prompt(question(state)) == "A · Ana rolls the bonus die (roll 2 of 2). What does it show?"


def test_qk4_qk14_the_corrections_panel_writes_the_catalogue_entry_the_engine_plays():
    """Only what the engine reads is corrected: a price (green set 3's 4-chip printed 18 in
    some copies), a card's number (Living in Luxury 10) and a card's name; a field that is not
    a whole number is named instead; an entry the table made before is kept."""
    from views.quacks.corrections import corrected, prices_in_play

    state = new(2, green=3)
    w = words(state)
    assert ("green", 3, 4) in prices_in_play(w) and ("orange", 0, 1) in prices_in_play(w)
    entry = corrected(state.overrides, state.catalogue, "en", {("green", 3, 4): "18", ("green", 3, 1): "6"},
                      {"living_in_luxury": "10", "charity": "1"}, {"charity": "Alms"})
    assert entry == {"prices": [{"colour": "green", "value": 4, "coins": 18, "set": 3}],
                     "cards": [{"id": "charity", "name_en": "Alms"}, {"id": "living_in_luxury", "number": 10}]}
    fixed = go(state, {"catalogue": entry})
    assert fixed.catalogue.price_entry("green", 3, 4).coins == 18
    assert card(fixed, "living_in_luxury").players[0].pot.white_limit == 10
    again = corrected(fixed.overrides, fixed.catalogue, "en", {}, {"living_in_luxury": "9"}, {})
    assert again == {"prices": [{"colour": "green", "value": 4, "coins": 18, "set": 3}],
                     "cards": [{"id": "charity", "name_en": "Alms"}]}  # 9 is the printed number again
    assert corrected(state.overrides, state.catalogue, "en", {("red", 1, 1): "six"}, {}, {}) == "red-1"
    assert corrected(state.overrides, state.catalogue, "en", {}, {"charity": "-"}, {}) == "charity"


def test_the_card_picker_sorts_by_name_and_finds_by_name_or_number():
    from views.quacks.ask import card_number, matching_cards

    state = new(2)
    asked = question(state)
    for lang in ("en", "ko"):
        w = words(state, lang)
        names = [state.catalogue.card(a["card"]).name(lang) for a in matching_cards(w, asked, "")]
        assert names == sorted(names, key=str.lower) and len(names) == 24
    w = words(state)
    assert [a["card"] for a in matching_cards(w, asked, "21")] == ["second_chance"]
    assert [a["card"] for a in matching_cards(w, asked, " POT ")] == ["magic_potion", "pot_filling_up", "pot_is_full"]
    assert matching_cards(w, asked, "nothing like it") == []
    assert [card_number(c) for c in ("choose_wisely", "opportunistic_moment", "magic_potion")] == [1, 9, 24]


def test_the_set_up_shows_the_chosen_sets_prices_and_the_start_player_by_name():
    from types import SimpleNamespace

    from views.quacks.setup import prices_line, seat_label

    class Model:
        lang = "en"

        @staticmethod
        def tr(key: str, **params) -> str:
            return t(key, "en", **params)

    model = Model()
    assert prices_line(model, "red", 1) == "Prices: red 1 · 6, red 2 · 10, red 4 · 16"
    assert prices_line(model, "red", 3) == "Prices of set 3: red 1 · 5, red 2 · 9, red 4 · 15; set 1 has 6, 10, 16."
    assert prices_line(model, "blue", 2) == "Prices: blue 1 · 5, blue 2 · 10, blue 4 · 19"  # the same as set 1
    seats = (SimpleNamespace(name="Ana"), SimpleNamespace(name="Ben"))
    assert [seat_label(model, s, seats) for s in (0, 1)] == ["Seat 1 · Ana", "Seat 2 · Ben"]
    assert seat_label(model, 2, seats) == "Seat 3"


def test_the_risk_in_percent_in_chips_or_hidden():
    from views.quacks.pieces import odds_short

    state = draws(card(new(2), "seasoned_perfectly"), 0, "W3 W2")  # whites 5 of 7; the bag: W1 ×4, W2, O1, G1
    view = seat_view(state, 0)
    w = words(state)
    assert view.odds.next_chips == 0 and view.odds.draws_left == 7
    state = draws(state, 0, "W1")  # whites 6: the W2 explodes it, 1 of the 6 left
    view = seat_view(state, 0)
    assert (view.odds.next_chips, view.odds.draws_left) == (1, 6)
    assert odds_short(w, view, "chips") == "next chip explodes: 1 of 6"
    assert odds_short(w, view, "percent") == "next chip explodes: 17%"
    assert odds_short(w, view, "off") is None
