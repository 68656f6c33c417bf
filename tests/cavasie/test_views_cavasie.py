"""The Çävasie views without a browser: the sentences built from the engine's answers, the rules
page's ladder, the quick scorer, the strings, and a hand through the app's glue on a real store."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cavasie import GAME, default_deck
from companion.cavasie.table_state import PHASES
from companion.i18n import catalogue, t
from db import SeatSpec, Store
from tests.cavasie.test_table import DEAL_3, dealt, play, settled, start, to_showdown
from views.cavasie import VIEWS, CavasieRules, CavasieScreen
from views.cavasie.explain import card_label, deal_prompt, decision_text, settlement_text
from views.cavasie.rules import READINGS, RULES, ladder_lines, reading_lines
from views.cavasie.scorer import quick_result
from views.cavasie.screen import step_label
from views.games import game_views

ROOT = Path(__file__).resolve().parents[2]
NAMES = {0: "Ana", 1: "Ben", 2: "Cai"}


def tr(key: str, **params) -> str:
    return t(key, "en", **params)


def test_the_game_has_its_views() -> None:
    assert game_views("cavasie") is VIEWS
    assert VIEWS.match_screen is CavasieScreen and VIEWS.rules_page is CavasieRules
    assert [rule.id for rule in RULES] == [f"CV-{n}" for n in range(1, 11)]


def test_card_labels_say_code_colour_value_and_name() -> None:
    deck = default_deck()
    assert card_label(tr, deck, "A3") == "A3 · red 3 · Nanig"
    assert card_label(tr, deck, "P0") == "P0 · blue quoto · Pradoléquoto"


def test_the_deal_prompt_follows_cv4_order() -> None:
    state = start()
    assert deal_prompt(tr, state, NAMES) == "Next card: Ana's floor card 1, face up. Pick it from the deck."
    state = play(state, *DEAL_3[:5])
    assert deal_prompt(tr, state, NAMES) == "Next card: centre card 2, face down. Pick it from the deck."
    state = play(state, *DEAL_3[5:7])
    assert deal_prompt(tr, state, NAMES) == "Next card: Ben's floor card 2, face down. Pick it from the deck."
    assert deal_prompt(tr, dealt(), NAMES) is None


def test_the_showdown_explained() -> None:
    """The hand of test_table: Ben's greens beat Cai's blues on the green count (CV-10), Cai's
    livizax beats the dealer's felox on rank; Ben wins the three antes."""
    result = settled().hand.result
    blocks = settlement_text(tr, result, NAMES)
    assert [headline for headline, _ in blocks] == ["1. Ben", "2. Cai", "3. Ana"]
    ben = blocks[0][1]
    assert ben[0] == "Ben: livizax (rank 15) with G1 G2 G3 G4, sum 10"
    assert "Ben above Cai: more green cards (4 against 0)." in ben
    assert "Ben takes 3 chips from the pot." in ben
    assert "Cai above Ana: a higher pattern (rank 15 against 10)." in blocks[1][1]


def test_decision_texts_for_every_step() -> None:
    assert decision_text(tr, {"step": "sum", "better": 20, "worse": 16}) == "a higher sum (20 against 16)"
    assert decision_text(tr, {"step": "shape", "detail": "oxas", "better": 1, "worse": 0}) == \
        "more oxas (원패) cards (1 against 0)"
    assert decision_text(tr, {"step": "length", "better": 5, "worse": 4}) == "a longer pattern (5 cards against 4)"


def test_step_labels_number_cards_from_one() -> None:
    assert step_label(tr, {"to_hand": 0}) == ("Take floor card 1 into the hand", "to-hand-0")
    assert step_label(tr, {"interact": "swap", "hand": 1, "floor": 0})[0] == \
        "Discard hand card 2 to the centre, take floor card 1"


def test_the_rules_page_shows_the_full_ladder_strongest_first() -> None:
    lines = ladder_lines(tr, default_deck())
    assert len(lines) == 19
    assert lines[0] == "18. vanzie: four consecutive values in four different colours, the strongest"
    assert lines[-1] == "1. migutin: five or more cards with no pattern"


def test_the_quick_scorer_ranks_the_protocol_example() -> None:
    players = [
        {"name": "Mina", "dealer": False, "hand": ["A5", "S6"], "center": [], "floor": ["G7", "P0", "A2"]},
        {"name": "Jun", "dealer": False, "hand": ["G1", "G2"], "center": [], "floor": ["G5", "G8"]},
        {"name": "Dealer", "dealer": True, "hand": [], "center": ["S3", "G3"], "floor": ["P3", "A7", "A8", "S1"]},
    ]
    blocks, problem, patterns = quick_result(tr, "en", players)
    assert problem is None and patterns == {"livizax", "cavasie", "doliahin"}
    assert [headline for headline, _ in blocks] == ["1. Jun", "2. Mina", "3. Dealer"]
    assert "P0 read as blue 9" in blocks[1][1]


def test_the_quick_scorer_refuses_with_the_rule() -> None:
    players = [{"name": "A", "dealer": False, "hand": ["A1"], "center": [], "floor": ["A2"]},
               {"name": "B", "dealer": False, "hand": ["S1", "S2"], "center": [], "floor": ["S3"]}]
    blocks, problem, patterns = quick_result(tr, "en", players)
    assert blocks == [] and patterns == set() and problem is not None and problem.endswith("(CV-7)")


def test_every_ui_string_exists_in_both_languages() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    used: set[str] = set()
    for path in (ROOT / "views" / "cavasie").glob("*.py"):
        used |= set(re.findall(r'"(cavasie_ui\.[A-Za-z0-9_.\-]+)"', path.read_text(encoding="utf-8")))
    used |= {f"cavasie_ui.rules.{rule.id}" for rule in RULES}
    used |= {f"cavasie_ui.pattern.{p.id}" for p in default_deck().ladder.patterns}
    used |= {f"cavasie_ui.phase.{phase}" for phase in PHASES}
    used |= {f"cavasie_ui.reading.{name}" for name in READINGS}
    assert sorted(key for key in used if key not in en or key not in ko) == []


def test_a_hand_through_the_app_glue_on_a_real_store(tmp_path: Path) -> None:
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'cavasie.db'}")
    ids = [store.add_player(name, colour).id for name, colour in
           zip(NAMES.values(), ("#d32f2f", "#1976d2", "#388e3c"), strict=True)]
    match_id = store.create_match("cavasie", {"dealer": True}, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])
    live = LiveMatch.load(store, match_id)
    assert not live.apply({"place": "A1", "seat": 0, "to": "hand"})  # the dealer gets no hand (CV-4)
    assert live.error is not None and live.error.rule == "CV-4" and store.last_seq(match_id) == 0
    assert "Ana is the dealer" in live.describe(live.error, "en")
    for action in DEAL_3:
        assert live.apply(action)
    assert live.state.hand.phase == "draw"
    assert not live.apply({"draw": "A1"})  # A1 is on the dealer's floor (CV-6)
    assert live.error is not None and live.error.rule == "CV-6"
    assert live.apply({"done": True}) and live.apply({"done": True})
    assert live.session.to_move() == 1
    assert live.undo() and live.session.to_move() is None
    store.close()


def test_the_explained_state_of_a_settled_hand_is_in_the_engine_state() -> None:
    state = play(to_showdown(dealt()), {"showdown": True})
    assert state.hand.result is not None
    assert GAME.engine.to_move(state) is None


def test_the_tools_have_their_own_addresses() -> None:
    from views.model import Screen, parse_route
    from views.screens.tool import find

    for name in ("scorer", "deck"):
        screen = parse_route(f"/tool/cavasie/{name}")
        assert screen == Screen("tool", (("game", "cavasie"), ("tool", name)))
        assert screen.route == f"/tool/cavasie/{name}"
        assert find(screen) is VIEWS.tools[name]
    assert find(parse_route("/tool/cavasie/nothing")) is None and find(parse_route("/tool/chess/deck")) is None


def test_cv1_deck_edits_change_only_the_data_and_the_engine_judges_them() -> None:
    from companion.cavasie import deck_problems, default_deck_data
    from views.cavasie.deck_editor import (
        changed_cards,
        largest_table,
        with_card,
        with_colour,
        with_new_card,
        without_card,
        without_colour,
    )

    data = default_deck_data()
    assert changed_cards(data) == [] and largest_table(36) == 5 and largest_table(14) == 3 and largest_table(9) == 0
    six = with_card(data, 1, value=6)
    assert changed_cards(six) == ["A2"] and data["cards"][1]["value"] == 2  # the original is untouched
    quoto = with_card(data, 1, quoto=True)
    assert "value" not in quoto["cards"][1] and "shape" not in quoto["cards"][1] and deck_problems(quoto) == []
    back = with_card(quoto, 1, quoto=False)
    assert back["cards"][1]["value"] == 1 and "quoto" not in back["cards"][1]
    added = with_new_card(data)
    assert added["cards"][-1]["code"] == "X1" and deck_problems(added) == []
    twice = with_card(data, 2, code="A2")
    assert [p.message_id for p in deck_problems(twice)] == ["cavasie.deck_code_twice"]
    purple = with_colour(data, "purple")
    assert purple["colours"][-1] == "purple" and without_colour(purple, "purple")["colours"] == data["colours"]
    assert without_colour(data, "red")["colours"] == data["colours"]  # red cards still use it
    small = data
    for _ in range(27):
        small = without_card(small, 0)
    assert [p.message_id for p in deck_problems(small)] == ["cavasie.deck_too_small"]


def test_cavasie_scores_are_chips_and_the_readings_are_in_both_languages() -> None:
    from views.games import score_text

    assert t(score_text("cavasie"), "en", score=1) == "1 chip"
    assert t(score_text("cavasie"), "en", score=12) == "12 chips"
    assert t(score_text("cavasie"), "ko", score=12) == "칩 12개"
    assert score_text("senet") == "record.score" and score_text("senet", plural=True) == "stats.scores"
    for lang in ("en", "ko"):
        lines = reading_lines(lambda key, lang=lang, **p: t(key, lang, **p))
        assert len(lines) == len(READINGS) and all(not line.startswith("cavasie_ui.") for line in lines)


def test_every_pattern_of_a_showdown_is_explained_where_it_is_named() -> None:
    result = settled().hand.result
    lines = [line for _, block in settlement_text(tr, result, NAMES) for line in block]
    assert "livizax: four or more cards of one colour (more cards rank higher)." in lines
    assert "felox: four consecutive values." in lines


def test_cv1_an_edited_deck_is_stored_with_the_match_replayed_and_exported_with_it(tmp_path: Path) -> None:
    """A match set up with an edited deck (A2 a 6) keeps it in its set-up: resumed from the log
    and imported into another store, it scores A2 S6 as a pair."""
    from companion.cavasie import default_deck_data, load_deck
    from db.exchange.export import export_json
    from db.exchange.merge import import_json
    from tests.cavasie.test_table import place

    data = default_deck_data()
    next(card for card in data["cards"] if card["code"] == "A2")["value"] = 6
    store = Store(f"sqlite:///{tmp_path / 'here.db'}")
    ids = [store.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2"))]
    match_id = store.create_match("cavasie", {"deck": data}, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])
    session = store.resume(match_id)
    for action in [place("S1", None, "center"), place("S2", None, "center"), place("G3", 0, "floor"),
                   place("P8", 0, "floor"), place("G1", 1, "floor"), place("G8", 1, "floor"), place("A2", 0, "hand"),
                   place("S6", 0, "hand"), place("A5", 1, "hand"), place("A7", 1, "hand"), {"done": True},
                   {"done": True}, {"check": True}, {"check": True}, {"interact": "none"}, {"interact": "none"},
                   {"check": True}, {"check": True}, {"showdown": True}, {"end_session": True}]:
        session.apply(action)
    resumed = store.resume(match_id)
    assert resumed.state.deck == load_deck(data)
    assert resumed.state.hand.result["hands"]["0"]["rank"] == "alon"
    export_json(store, tmp_path / "out.json")
    other = Store(f"sqlite:///{tmp_path / 'there.db'}")
    import_json(other, tmp_path / "out.json")
    (imported,) = other.history()
    assert imported.setup["deck"] == data
    assert other.resume(imported.id).state.hand.result["hands"]["0"]["rank"] == "alon"
    store.close()
    other.close()
