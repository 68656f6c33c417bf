"""The Parchís views without a browser: the board's geometry, labels, sentences, the set-up form's
choices, the rules list, and a match through the app's glue on a real store.

The screen asks the engine for everything; these tests check what it builds from the engine's
answers against hand-worked positions.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from companion.i18n import catalogue, t
from companion.parchis import GAME, Move, ParchisState, Position, options, pending
from db import SeatSpec, Store
from views.games import game_views
from views.parchis import VIEWS, ParchisRules, ParchisScreen, ParchisSetup
from views.parchis.board import GOAL_XY, NEST_XY, Lit, lane_xy, move_words, spot_label, track_xy
from views.parchis.rules import CHOICES, RULES, SECTIONS
from views.parchis.screen import (
    event_text,
    notes,
    prompt_text,
    seat_name,
    square_size,
    step_text,
)
from views.parchis.setup import seats_line, shown_colours, wish_of

from .helpers import P, piece

ROOT = Path(__file__).resolve().parents[2]
NAMES = {0: "Ana", 1: "Ben", 2: "Cai", 3: "Dee"}


def tr(key, **params):
    return t(key, "en", **params)


# -- the board's geometry (PA-1, PA-2, PA-4) ----------------------------------------------------------
def test_the_68_squares_follow_each_other_round_the_cross():
    """PA-1: every square touches the next (corners of the cross are crossed diagonally)."""
    cells = [track_xy(square) for square in range(1, 69)]
    assert len(set(cells)) == 68
    for square in range(1, 69):
        (x1, y1), (x2, y2) = track_xy(square), track_xy(square % 68 + 1)
        assert max(abs(x1 - x2), abs(y1 - y2)) == 1, square


def test_the_track_runs_counter_clockwise():
    """PA-1: the angle round the middle grows by one full turn (y drawn downwards)."""
    centre = 9.0
    angles = [math.atan2(-(y - centre), x - centre) for x, y in (track_xy(s) for s in [*range(1, 69), 1])]
    turned = sum(((b - a + math.pi) % (2 * math.pi)) - math.pi for a, b in itertools.pairwise(angles))
    assert turned == pytest.approx(2 * math.pi)


@pytest.mark.parametrize(("colour", "last", "exit_square"), [(0, 68, 5), (1, 17, 22), (2, 34, 39), (3, 51, 56)])
def test_each_lane_starts_beside_its_last_track_square_and_ends_at_the_goal(colour, last, exit_square):
    """PA-2, PA-4: lane 1 touches the last track square, lane 7 touches the goal; the exit
    square touches the colour's nest."""
    (lx, ly), (tx, ty) = lane_xy(colour, 1), track_xy(last)
    assert abs(lx - tx) + abs(ly - ty) == 1
    lanes = [lane_xy(colour, lane) for lane in range(1, 8)]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(lanes))
    gx, gy = GOAL_XY
    x7, y7 = lanes[-1]
    assert (gx - 1 <= x7 <= gx + 3) and (gy - 1 <= y7 <= gy + 3)
    nx, ny = NEST_XY[colour]
    ex, ey = track_xy(exit_square)
    assert nx - 1 <= ex <= nx + 8 and ny - 1 <= ey <= ny + 8


def test_no_two_things_share_a_cell():
    track = {track_xy(square) for square in range(1, 69)}
    lanes = {lane_xy(colour, lane) for colour in range(4) for lane in range(1, 8)}
    nests = {(x + i, y + j) for x, y in NEST_XY for i in range(8) for j in range(8)}
    goal = {(GOAL_XY[0] + i, GOAL_XY[1] + j) for i in range(3) for j in range(3)}
    assert len(track) + len(lanes) + len(nests) + len(goal) == len(track | lanes | nests | goal) == 19 * 19


# -- what lights up and what is said ------------------------------------------------------------------
def test_lit_keys_the_moves_by_where_they_leave_and_land():
    position = P({"yellow": ["t10", "t30"], "blue": ["t13"]})
    lit = Lit.of(options(position, 3).moves)
    assert lit.move_at(("t", 10)) == Move(piece("yellow.0"), 5, 8, piece("blue.0"))
    assert lit.move_at(("t", 33)) == Move(piece("yellow.1"), 25, 28)  # tapping the target plays it too
    assert lit.move_at(("t", 50)) is None


def test_square_labels_say_what_stands_there_and_what_may_happen():
    position = P({"yellow": ["t10"], "blue": ["t13"]})
    lit = Lit.of(options(position, 3).moves)
    assert spot_label(tr, position, ("t", 10), lit) == "Square 10: Yellow 1 · Yellow 1 can move to 13"
    assert spot_label(tr, position, ("t", 13), lit) == "Square 13: Blue 1 · Yellow 1 lands here"
    assert spot_label(tr, position, ("t", 5), lit) == "Square 5 · Yellow exit, safe: empty"
    assert spot_label(tr, position, ("t", 12), lit) == "Square 12 · safe: empty"
    assert spot_label(tr, position, ("nest", 1), lit) == "Blue nest: Blue 2, Blue 3, Blue 4"
    assert spot_label(tr, position, ("l", 2, 3), lit) == "Red lane 3: empty"


def test_moves_become_buttons_with_a_spoken_label():
    assert move_words(tr, Move(piece("yellow.0"), -1, 0)) == ("Yellow 1: nest → 5", "Move Yellow 1 from nest to 5")
    assert move_words(tr, Move(piece("red.2"), 67, 71)) == ("Red 3: lane 4 → goal", "Move Red 3 from lane 4 to goal")
    shown, said = move_words(tr, Move(piece("yellow.0"), 5, 8, piece("blue.0")))
    assert shown == "Yellow 1: 10 → 13"  # the button adds the capture icon and "Blue 1" (no ✕ glyph)
    assert said == "Move Yellow 1 from 10 to 13, capturing Blue 1"


def test_the_events_are_told_in_words():
    """PA-14, PA-17 … PA-20: what the table hears."""
    position = Position.start((0, 1, 2, 3))
    who = seat_name(tr, NAMES, position.colours, 0)
    assert who == "Ana (Yellow)"
    assert event_text(tr, {"type": "capture", "piece": "blue.0", "by": "yellow.1", "square": "t13"}, who) == (
        "Yellow 2 captured Blue 1 on 13; it goes back to its nest.")
    goal = {"type": "goal", "piece": "yellow.1", "in_goal": 2}
    assert event_text(tr, goal, who) == "Yellow 2 reached the goal (2 home)."
    lost = {"type": "bonus_lost", "steps": 20}
    assert event_text(tr, lost, who) == "No piece can move exactly 20: that bonus is lost."
    assert event_text(tr, {"type": "penalty", "piece": "yellow.1", "from": "t20", "home": True}, who) == (
        "Third six for Ana (Yellow)! Yellow 2, moved last, goes from 20 back to its nest, and the turn ends.")
    safe = {"type": "penalty", "piece": "yellow.1", "from": "l3", "home": False}
    assert "stays on lane 3" in (event_text(tr, safe, who) or "")
    events = [{"type": "roll", "roll": 3, "steps": 3, "seat": 1}, {"type": "pass", "roll": 3, "seat": 1}]
    said = step_text(tr, events, NAMES, position.colours)
    assert said == "Ben (Blue) rolled 3, but no piece can move; the roll is spent."


def test_pa7_out_of_play_is_told_and_drawn():
    """PA-7: the quick team game's finished player's pieces leave the board, in words and on the nest."""
    position = P({"yellow": ["goal", "goal"], "red": ["t40"]}, teams=True, mode="quick")
    event = {"type": "out_of_play", "pieces": ["yellow.2", "yellow.3"]}
    assert event_text(tr, event, "Ana") == (
        "Yellow has finished; its pieces left on the board go back to the nest, out of play: Yellow 3, Yellow 4.")
    assert spot_label(tr, position, ("nest", 0), Lit()) == "Yellow nest · out of play: Yellow 3, Yellow 4"
    assert spot_label(tr, position, ("nest", 2), Lit()) == "Red nest: Red 2, Red 3, Red 4"


def test_the_prompt_says_what_to_do_and_which_rule_narrows_the_choice():
    """PA-11, PA-16, PA-19."""
    position = P({"yellow": ["t20", "t20", "t30"]})
    state = ParchisState(position, 5)
    text = prompt_text(tr, position, state, pending(state), "Ana (Yellow)")
    assert text.endswith("A 5 with a piece in the nest: that piece must come out.")
    state = ParchisState(position, 6)
    assert prompt_text(tr, position, state, pending(state), "Ana").endswith("only its pieces may move.")
    bonus = P({"yellow": ["t20"]}, bonus=[20, 10], sixes=1)
    assert prompt_text(tr, bonus, ParchisState(bonus), pending(ParchisState(bonus)), "Ana") == (
        "Ana: play the bonus of 20 steps.")
    assert notes(tr, bonus) == [("Sixes this turn: 1. A third six ends the turn, and the piece moved last goes back"
                                 " to its nest if it is on the common track."),
                                "Bonus moves to play, in order: 20, 10."]
    finished = P({"yellow": ["goal"] * 4, "red": ["t40"]}, teams=True)
    assert notes(tr, finished) == ["Yellow has finished and now moves Red's pieces."]


def test_the_board_fits_a_phone_and_fills_a_desktop():
    assert 19 * square_size(360, 640) <= 360 - 24
    assert square_size(1280, 800) >= 30


# -- the set-up form ----------------------------------------------------------------------------------
def test_the_form_gives_players_the_colour_they_chose_for_themselves():
    """PA-6: each player's own colour where the rules allow; two players sit opposite."""
    red, blue, green, yellow = "#d32f2f", "#1976d2", "#388e3c", "#fbc02d"
    person = type("Person", (), {})
    def players(*colours):
        made = []
        for colour in colours:
            one = person()
            one.colour = colour
            made.append(one)
        return [wish_of(one) for one in made]
    assert shown_colours("auto", 2, players(red, yellow)) == ("red", "yellow")
    assert shown_colours("auto", 2, players(blue, red)) == ("blue", "green")  # red is not opposite blue
    assert shown_colours("auto", 3, players(green, "#7b1fa2", red)) == ("green", "blue", "red")
    assert shown_colours("auto", 4, players(red, red, blue, yellow)) == ("red", "green", "blue", "yellow")
    assert shown_colours("green+blue", 2, players(red, yellow)) == ("green", "blue")  # picked by hand
    assert shown_colours("green+blue", 3, []) == ("yellow", "blue", "red")  # a pick for two does not fit three
    assert shown_colours("auto", 5, []) == ()


def test_the_form_says_which_colour_each_seat_plays():
    model = type("Model", (), {"tr": staticmethod(tr)})()
    assert seats_line(model, ("red", "yellow")) == "seat 1 plays Red, seat 2 plays Yellow"


# -- the game's record in the app ---------------------------------------------------------------------
def test_the_game_plugs_into_the_app():
    views = game_views("parchis")
    assert views is VIEWS
    assert views.match_screen is ParchisScreen and views.rules_page is ParchisRules
    assert views.setup_form is ParchisSetup
    assert set(views.option_labels or {}) == {option.key for option in GAME.options}


def test_the_rules_list_every_rule_once_pa_1_to_pa_20():
    assert [rule.id for rule in RULES] == [f"PA-{n}" for n in range(1, 21)]
    assert [rule.id for rule in RULES if rule.heading] == [ids[0] for _, ids in SECTIONS]
    for rule in RULES:
        for lang in ("en", "ko"):
            assert rule.text in catalogue(lang)
            assert rule.heading is None or rule.heading in catalogue(lang)


def test_every_message_id_the_parchis_views_use_exists_in_both_languages():
    used = set()
    for path in (ROOT / "views" / "parchis").glob("*.py"):
        used |= set(re.findall(r'"(parchis_ui\.[A-Za-z0-9_.\-+]+)"', path.read_text(encoding="utf-8")))
    used |= {rule.text for rule in RULES}
    used |= {f"parchis_ui.rules.choice_{name}" for name in CHOICES}
    used |= {f"parchis_ui.option.{option.key}.{choice}" for option in GAME.options for choice in option.choices
             if option.key != "colours"}  # the form picks a colour per seat, not a set by name
    for lang in ("en", "ko"):
        missing = sorted(key for key in used if key not in catalogue(lang))
        assert missing == [], lang


def test_the_views_compute_no_rules_themselves():
    """Legal moves, whose turn and what a roll counts come from the engine; the die too."""
    for path in (ROOT / "views" / "parchis").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "random" not in source, path
        assert "_piece_move" not in source and "_generate" not in source, path
        assert not re.search(r"\broll\s*[+*]", source), path


# -- a match through the app's glue ------------------------------------------------------------------
def test_a_match_through_the_app_glue_on_a_real_store(tmp_path: Path):
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'parchis.db'}")
    ids = [store.add_player(name, colour).id for name, colour in
           zip(NAMES.values(), ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d"), strict=True)]
    match_id = store.create_match("parchis", {"mode": "quick"}, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])
    live = LiveMatch.load(store, match_id)
    assert not live.apply({"move": {"piece": "yellow.0"}})  # no roll yet (PA-10): refused, nothing stored
    assert live.error is not None and live.error.rule == "PA-10" and store.last_seq(match_id) == 0
    assert live.apply({"roll": 5})  # the yellow nest piece must come out (PA-11)
    assert not live.apply({"move": {"piece": "yellow.0"}})  # yellow.0 starts on the exit in the quick game
    assert live.error is not None and live.error.rule == "PA-11"
    assert live.apply({"move": {"piece": "yellow.1"}})
    assert live.state.position.to_json()["pieces"]["yellow"][:2] == ["t5", "t5"]
    assert live.session.to_move() == 1
    assert live.undo() and live.state.roll == 5
    store.close()
