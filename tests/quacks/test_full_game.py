"""A whole 3-player game of nine rounds, scripted draw by draw and choice by choice, checked
after every round against values worked out by hand (the arithmetic is in the comments), then
replayed from its log through MatchSession and through the store.

Seats A = 0, B = 1, C = 2; every book on set 1; seat 0 starts. Pot track (index: coins/VP,
R = ruby): 6: 6/1  8: 8/1  9: 9/1 R  10: 10/2  11: 11/2  13: 13/2 R  14: 14/3  16: 15/3 R
17: 16/3  18: 16/4  19: 17/4  20: 17/4 R. Set 1 prices: O1 3, K1 10, G1 4, G2 8, B1 5, B2 10,
R1 6, R2 10, Y1 8, Y2 12, P1 9. Rat tails after 1, 4, 7, 10, then every even number from 12.
Three players compare black chips with both neighbours (QK-12).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.quacks import GAME
from companion.quacks.data import Bag
from companion.quacks.match import outcome, play
from companion.quacks.match_state import MatchState
from companion.session import MatchSession
from db import SeatSpec, Store

SETUP = {"players": 3}
NO_SPEND = {"droplet": 0, "flask": False}
STEP = {"droplet": 1, "flask": False}


def counts(text: str) -> Bag:
    """`counts("W1:4 O1")` -> Bag({"W1": 4, "O1": 1})."""
    parsed: dict[str, int] = {}
    for item in text.split():
        code, _, n = item.partition(":")
        parsed[code] = int(n or 1)
    return Bag(parsed)


def drawn(seat: int, chips: str, stop: bool = True) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = [{"seat": seat, "draw": code} for code in chips.split()]
    return actions + ([{"seat": seat, "stop": True}] if stop else [])


def evaluation(order: tuple[int, ...], *, dice: list[tuple[int, str]], choices: dict[int, str],
               buys: dict[int, list[str]], spends: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Step A's dice, D's choices, E's purchases and F's rubies, each step in turn order."""
    actions: list[dict[str, Any]] = [{"seat": seat, "die": face} for seat, face in dice]
    actions += [{"seat": seat, "choice": choices[seat]} for seat in order if seat in choices]
    actions += [{"seat": seat, "buy": buys[seat]} for seat in order if seat in buys]
    actions += [{"seat": seat, "spend": spends[seat]} for seat in order if seat in spends]
    return actions


# Round by round: the actions, then (VP, rubies, droplet, bag) of every seat after the round.
ROUNDS: list[tuple[list[dict[str, Any]], tuple[tuple[int, int, int, str], ...]]] = [
    # Round 1, start A. The Pot Is Filling Up: every droplet 0 -> 1. No rats in round 1.
    # A: W2@3 O1@4 G1@5, stops, scores on 6 (6 coins, 1 VP); B: W3@4 W2@6 W2@8 W1@9, whites
    # 8 > 7: explodes, scores on 10; C: O1@2 W1@3 W1@4 W3@7 G1@8, stops, scores on 9 (ruby).
    # A: C rolls alone (9 > 6): 1 VP. B: greens last or next-to-last: A's G1@5, C's G1@8:
    # a ruby each. C: C's space 9 shows a ruby. D: A +1, B buys instead, C +1.
    # E: A 6 coins G1 (4); B 10: R1 + G1 (6 + 4); C 9: B1 + G1 (5 + 4).
    # F: A 0 + 1 + 1 = 2 rubies -> droplet 2; C 1 + 1 + 1 = 3 -> droplet 2, 1 ruby left.
    ([{"seat": 0, "card": "pot_filling_up"}, *drawn(0, "W2 O1 G1"), *drawn(1, "W3 W2 W2 W1", stop=False),
      *drawn(2, "O1 W1 W1 W3 G1"),
      *evaluation((0, 1, 2), dice=[(2, "1vp")], choices={1: "buy"}, buys={0: ["G1"], 1: ["R1", "G1"], 2: ["B1", "G1"]},
                  spends={0: STEP, 1: NO_SPEND, 2: STEP})],
     ((1, 0, 2, "W1:4 W2:2 W3 O1 G1:2"),
      (0, 1, 1, "W1:4 W2:2 W3 O1 G1:2 R1"),
      (2, 1, 2, "W1:4 W2:2 W3 O1 G1:2 B1"))),
    # Round 2, start B. Charity: A alone has the fewest rubies (0): 1. Rats: leader C 2; A (1)
    # and B (0) each have the tail after 1: 1 rat. Stones: A 2 + 1 = 3, B 1 + 1 = 2, C 2.
    # A: G1@4 O1@5 G1@6 W1@7 -> 8; B: R1@3 (no orange yet) O1@4 W3@7 W2@9 G1@10 -> 11;
    # C: B1@3 W1@4 W1@5 W2@7 W3@10 (whites 7) -> 11.
    # A: B and C tie on 11 and roll: B 2 VP, C a droplet step (3). B: A's G1@6, B's G1@10:
    # a ruby each. D: A +1, B +2, C +2. E: B 11: Y1 + O1 (8 + 3; yellow is out); C 11: R1 + B1;
    # A 8: O1 + B1. F: B 2 rubies -> droplet 2.
    ([{"seat": 1, "card": "charity"}, *drawn(0, "G1 O1 G1 W1"), *drawn(1, "R1 O1 W3 W2 G1"),
      *drawn(2, "B1 W1 W1 W2 W3"),
      *evaluation((1, 2, 0), dice=[(1, "2vp"), (2, "droplet")], choices={},
                  buys={1: ["Y1", "O1"], 2: ["R1", "B1"], 0: ["O1", "B1"]},
                  spends={1: STEP, 2: NO_SPEND, 0: NO_SPEND})],
     ((2, 2, 2, "W1:4 W2:2 W3 O1:2 G1:2 B1"),
      (4, 0, 2, "W1:4 W2:2 W3 O1:2 G1:2 R1 Y1"),
      (4, 1, 3, "W1:4 W2:2 W3 O1 G1:2 B1:2 R1"))),
    # Round 3, start C. Choose Wisely (purple is out from round 3): C a purple 1, A droplet
    # +2 (4), B a purple 1. Rats: leaders B and C (4); A (2): no tail in 2..3: 0.
    # A: B1@5 O1@6 W2@8 W3@11 O1@12 -> 13 (13 coins, 2 VP, ruby); B: P1@3 O1@4 R1@6 (one orange:
    # +1) W3@9 W2@11 W2@13 (whites 7) -> 14 (14 coins, 3 VP); C: W1@4 W1@5 W1@6 W1@7 W3@10
    # W2@12: whites 9, explodes -> 13.
    # A: B rolls (14 > 13): 1 VP. B: B's one purple: 1 VP (purple set 1). C: A and C on a ruby.
    # D: C takes the VP (+2), A +2, B +3. E: A 13: P1 + O1 (9 + 3); B 14: K1 + G1 (10 + 4).
    # F: C 2 rubies -> droplet 4; A 1 + 2 = 3 -> droplet 5, 1 left.
    ([{"seat": 2, "card": "choose_wisely"}, {"seat": 2, "take": "P1"}, {"seat": 0, "take": "droplet"},
      {"seat": 1, "take": "P1"}, *drawn(0, "B1 O1 W2 W3 O1"), *drawn(1, "P1 O1 R1 W3 W2 W2"),
      *drawn(2, "W1 W1 W1 W1 W3 W2", stop=False),
      *evaluation((2, 0, 1), dice=[(1, "1vp")], choices={2: "vp"}, buys={0: ["P1", "O1"], 1: ["K1", "G1"]},
                  spends={2: STEP, 0: STEP, 1: NO_SPEND})],
     ((4, 1, 5, "W1:4 W2:2 W3 O1:3 G1:2 B1 P1"),
      (9, 0, 2, "W1:4 W2:2 W3 O1:2 G1:3 R1 Y1 P1 K1"),
      (6, 0, 4, "W1:4 W2:2 W3 O1 G1:2 B1:2 R1 P1"))),
    # Round 4, start A. Living in Luxury: white limit 9. Rats: leader B 9; A (4): tails 4, 7:
    # 2; C (6): tail 7: 1. Stones: A 5 + 2 = 7, B 2, C 4 + 1 = 5.
    # A: W3@10 W2@12 W2@14 W1@15 W1@16 (whites 9, not over 9) O1@17 -> 18 (16 coins, 4 VP);
    # B: K1@3 G1@4 O1@5 W3@8 G1@9 -> 10; C: W1@6 W1@7 W2@9 W3@12 W1@13 W2@15: whites 10,
    # explodes -> 16 (15 coins, 3 VP, ruby).
    # A: A rolls: an orange into the bag. B: B's black beats both neighbours (0): droplet 3 and
    # a ruby; B's G1@9: a ruby. C: C on a ruby. D: A +4, B +2, C buys.
    # E: A 16: R2 + B1 (10 + 5); B 10: Y1 (8); C 15: G2 + O1 (8 + 3). F: B 2 rubies -> droplet 4.
    ([{"seat": 0, "card": "living_in_luxury"}, *drawn(0, "W3 W2 W2 W1 W1 O1"), *drawn(1, "K1 G1 O1 W3 G1"),
      *drawn(2, "W1 W1 W2 W3 W1 W2", stop=False),
      *evaluation((0, 1, 2), dice=[(0, "orange")], choices={2: "buy"},
                  buys={0: ["R2", "B1"], 1: ["Y1"], 2: ["G2", "O1"]}, spends={0: NO_SPEND, 1: STEP, 2: NO_SPEND})],
     ((8, 1, 5, "W1:4 W2:2 W3 O1:4 G1:2 B1:2 P1 R2"),
      (11, 0, 4, "W1:4 W2:2 W3 O1:2 G1:3 R1 Y1:2 P1 K1"),
      (6, 1, 4, "W1:4 W2:2 W3 O1:2 G1:2 G2 B1:2 R1 P1"))),
    # Round 5, start B. Lucky Devil: 2 VP more on a ruby space, exploded or not. Rats: leader B
    # 11; A (8): tail 10: 1; C (6): tails 7, 10: 2. Stones: A 6, B 4, C 6.
    # A: R2@8 O1@9 O1@10 W2@12 -> 13 (ruby); B: Y1@5 W1@6 Y1@7 P1@8 W3@11 W2@13 W2@15: whites 8,
    # explodes -> 16 (ruby); C: G2@8 B1@9 W3@12 W2@14 G1@15 -> 16 (15 coins, 3 VP, ruby).
    # A: C rolls (16 > 13): 2 VP. B: C's G1@15: a ruby; B's purple: 1 VP. C: all three on a
    # ruby: a ruby and 2 VP each. D: B takes the VP (+3), C +3, A +2.
    # E: C 15: Y2 + O1 (12 + 3); A 13: B2 + O1 (10 + 3). F: C 3 rubies -> droplet 5, 1 left;
    # A 2 -> droplet 6.
    ([{"seat": 1, "card": "lucky_devil"}, *drawn(0, "R2 O1 O1 W2"), *drawn(1, "Y1 W1 Y1 P1 W3 W2 W2", stop=False),
      *drawn(2, "G2 B1 W3 W2 G1"),
      *evaluation((1, 2, 0), dice=[(2, "2vp")], choices={1: "vp"}, buys={2: ["Y2", "O1"], 0: ["B2", "O1"]},
                  spends={1: NO_SPEND, 2: STEP, 0: STEP})],
     # The round ends where round 6 begins: its white 1 (QK-3) is already in every bag.
     ((12, 0, 6, "W1:5 W2:2 W3 O1:5 G1:2 B1:2 B2 P1 R2"),
      (17, 1, 4, "W1:5 W2:2 W3 O1:2 G1:3 R1 Y1:2 P1 K1"),
      (13, 1, 5, "W1:5 W2:2 W3 O1:3 G1:2 G2 B1:2 R1 P1 Y2"))),
    # Round 6, start C. Every bag holds its extra white 1 (QK-3). Magic Potion: flasks are
    # refilled for free at the end. Rats: leader B 17; A (12): tails 12, 14, 16: 3; C (13):
    # 14, 16: 2. Stones: A 6 + 3 = 9, B 4, C 5 + 2 = 7.
    # A: W1@10, sent back with the flask; B2@11 O1@12 O1@13 W3@16 -> 17 (16 coins, 3 VP);
    # B: G1@5 G1@6 K1@7 W2@9 G1@10 -> 11; C: O1@8 Y2@10 W1@11 W1@12 W3@15 W2@17 W1@18: whites 8,
    # explodes -> 19 (17 coins, 4 VP).
    # A: A rolls: a ruby. B: B's black beats both (0): droplet 5 and a ruby; B's G1@10: a ruby.
    # D: C buys, A +3, B +2. E: C 17: R2 + B1 (10 + 5); A 16: Y2 + G1 (12 + 4); B 11: B2 (10).
    # F: A's flask is refilled by the card; B 3 rubies -> droplet 6, 1 left.
    ([{"seat": 2, "card": "magic_potion"}, {"seat": 0, "draw": "W1"}, {"seat": 0, "flask": True},
      *drawn(0, "B2 O1 O1 W3"), *drawn(1, "G1 G1 K1 W2 G1"), *drawn(2, "O1 Y2 W1 W1 W3 W2 W1", stop=False),
      *evaluation((2, 0, 1), dice=[(0, "ruby")], choices={2: "buy"}, buys={2: ["R2", "B1"], 0: ["Y2", "G1"], 1: ["B2"]},
                  spends={2: NO_SPEND, 0: NO_SPEND, 1: STEP})],
     ((15, 1, 6, "W1:5 W2:2 W3 O1:5 G1:3 B1:2 B2 P1 R2 Y2"),
      (19, 1, 6, "W1:5 W2:2 W3 O1:2 G1:3 R1 Y1:2 P1 K1 B2"),
      (13, 1, 5, "W1:5 W2:2 W3 O1:3 G1:2 G2 B1:3 R1 R2 P1 Y2"))),
    # Round 7, start A. Pumpkin Patch Party: oranges move 1 more. Rats: leader B 19; A (15):
    # tails 16, 18: 2; C (13): 14, 16, 18: 3. Stones: A 8, B 6, C 8.
    # A: O1@10 O1@12 R2@15 (two oranges: +1) O1@17 G1@18 -> 19 (17 coins, 4 VP); B: O1@8
    # R1@10 (one orange: +1) Y1@11 W3@14 W2@16 G1@17 -> 18 (16 coins, 4 VP); C: B1@9 B1@10
    # R2@12 W3@15 W2@17 W2@19 (whites 7) -> 20 (17 coins, 4 VP, ruby).
    # A: C rolls: 1 VP. B: A's G1@18 and B's G1@17: a ruby each. C: C on a ruby. D: +4 each.
    # E: A 17: P1 + B1 (9 + 5); B 16: R2 + G1 (10 + 4); C 17: Y2 + G1 (12 + 4).
    # F: A 2 rubies -> droplet 7; B 2 -> droplet 7; C keeps its 2.
    ([{"seat": 0, "card": "pumpkin_patch"}, *drawn(0, "O1 O1 R2 O1 G1"), *drawn(1, "O1 R1 Y1 W3 W2 G1"),
      *drawn(2, "B1 B1 R2 W3 W2 W2"),
      *evaluation((0, 1, 2), dice=[(2, "1vp")], choices={}, buys={0: ["P1", "B1"], 1: ["R2", "G1"], 2: ["Y2", "G1"]},
                  spends={0: STEP, 1: STEP, 2: NO_SPEND})],
     ((19, 0, 7, "W1:5 W2:2 W3 O1:5 G1:3 B1:3 B2 P1:2 R2 Y2"),
      (23, 0, 7, "W1:5 W2:2 W3 O1:2 G1:4 R1 R2 Y1:2 P1 K1 B2"),
      (18, 2, 5, "W1:5 W2:2 W3 O1:3 G1:3 G2 B1:3 R1 R2 P1 Y2:2"))),
    # Round 8, start B. Just in Time: B 4 VP (27), C takes a white 1 out of its bag, A 4 VP (23).
    # Rats after the card: leader B 27; A (23): tails 24, 26: 2; C (18): 18 … 26: 5.
    # Stones: A 7 + 2 = 9, B 7, C 5 + 5 = 10.
    # A: P1@10 P1@11 B2@13 W3@16 -> 17 (16 coins, 3 VP); B: K1@8 W1@9 W1@10 W1@11 W2@13 W3@16:
    # whites 8, explodes -> 17; C: Y2@12 W1@13 W2@15 B1@16 W3@19 -> 20 (17 coins, 4 VP, ruby).
    # A: C rolls: a droplet step (6). B: B's black beats both: droplet 8 and a ruby; A's two
    # purples: 1 VP and a ruby. C: C on a ruby. D: B takes the VP (+3), C +4, A +3.
    # E: C 17: B2 + G1 (10 + 4); A 16: K1 + O1 (10 + 3). F: C 3 rubies -> droplet 7, 1 left.
    ([{"seat": 1, "card": "just_in_time"}, {"seat": 1, "take": "vp"}, {"seat": 2, "take": "remove_W1"},
      {"seat": 0, "take": "vp"}, *drawn(0, "P1 P1 B2 W3"), *drawn(1, "K1 W1 W1 W1 W2 W3", stop=False),
      *drawn(2, "Y2 W1 W2 B1 W3"),
      *evaluation((1, 2, 0), dice=[(2, "droplet")], choices={1: "vp"}, buys={2: ["B2", "G1"], 0: ["K1", "O1"]},
                  spends={1: NO_SPEND, 2: STEP, 0: NO_SPEND})],
     ((27, 1, 7, "W1:5 W2:2 W3 O1:6 G1:3 B1:3 B2 P1:2 R2 Y2 K1"),
      (30, 1, 8, "W1:5 W2:2 W3 O1:2 G1:4 R1 R2 Y1:2 P1 K1 B2"),
      (22, 1, 7, "W1:4 W2:2 W3 O1:3 G1:4 G2 B1:3 B2 R1 R2 P1 Y2:2"))),
    # Round 9, start C. The Pot Is Full: the roller rolls twice. Rats: leader B 30; A (27):
    # tail 28: 1; C (22): 22, 24, 26, 28: 4. Stones: A 8, B 8, C 11.
    # A: O1@9 O1@10 O1@11 R2@15 (three oranges: +2) K1@16 O1@17 W2@19 -> 20 (17 coins, 4 VP,
    # ruby); B: G1@9 G1@10 W3@13 W2@15 -> 16 (15 coins, 3 VP, ruby); C: W1@12 W1@13 W1@14
    # W2@16 W3@19: whites 8, explodes -> 20 (17 coins, 4 VP, ruby).
    # A: A rolls twice: 2 VP, 1 VP. B: A's black beats both: droplet 8 and a ruby. C: all on a
    # ruby. D: C chooses coins, A +4, B +3. E (round 9): 17, 17, 15 coins -> 3 VP each.
    # F (round 9): A 3 rubies -> 1 VP (1 left), B 2 -> 1, C 2 -> 1.
    # A 27 + 3 + 4 + 3 + 1 = 38; B 30 + 3 + 3 + 1 = 37; C 22 + 3 + 1 = 26.
    ([{"seat": 2, "card": "pot_is_full"}, *drawn(0, "O1 O1 O1 R2 K1 O1 W2"), *drawn(1, "G1 G1 W3 W2"),
      *drawn(2, "W1 W1 W1 W2 W3", stop=False),
      *evaluation((2, 0, 1), dice=[(0, "2vp"), (0, "1vp")], choices={2: "buy"}, buys={}, spends={})],
     ((38, 1, 8, "W1:5 W2:2 W3 O1:6 G1:3 B1:3 B2 P1:2 R2 Y2 K1"),
      (37, 0, 8, "W1:5 W2:2 W3 O1:2 G1:4 R1 R2 Y1:2 P1 K1 B2"),
      (26, 0, 7, "W1:4 W2:2 W3 O1:3 G1:4 G2 B1:3 B2 R1 R2 P1 Y2:2"))),
]

# VP gained per round (seats A, B, C) and who exploded, from the comments above.
ROUND_VP = [(1, 0, 2), (1, 4, 2), (2, 5, 2), (4, 2, 0), (4, 6, 7), (3, 2, 0), (4, 4, 5), (8, 7, 4), (11, 7, 4)]
EXPLODED = [(1,), (), (2,), (2,), (1,), (2,), (), (1,), (2,)]


def all_actions() -> list[dict[str, Any]]:
    return [action for actions, _ in ROUNDS for action in actions]


def test_a_scripted_three_player_game_round_by_round():
    state = GAME.new_state(SETUP)
    for number, (actions, expected) in enumerate(ROUNDS, start=1):
        for action in actions:
            state, _ = play(state, action)
        assert state.round == (number + 1 if number < 9 else 9), number
        got = [(p.vp, p.rubies, p.droplet, p.bag) for p in state.players]
        assert got == [(vp, rubies, droplet, counts(text)) for vp, rubies, droplet, text in expected], number
        assert all(p.flask for p in state.players)  # nobody ends a round with an empty flask here
    assert state.phase == "over"
    result = outcome(state)
    assert result.over and result.scores == {0: 38, 1: 37, 2: 26} and result.places == ((0,), (1,), (2,))
    for seat in range(3):
        rounds = result.detail["seats"][str(seat)]["rounds"]
        assert [r["vp"] for r in rounds] == [vp[seat] for vp in ROUND_VP]
        assert [r["exploded"] for r in rounds] == [seat in exploded for exploded in EXPLODED]
    # the box: K1 bought by B (r3) and A (r8): 18 - 2; P1: two by the card, A (r3), A (r7): 15 - 4;
    # W1: 8 - 3 (round 6) + 1 (Just in Time) = 6; Y2: 6 - 3 (C r5, A r6, C r7) = 3
    assert (state.supply["K1"], state.supply["P1"], state.supply["W1"], state.supply["Y2"]) == (16, 11, 6, 3)


def test_the_game_replays_from_its_log_with_undo_and_redo():
    actions = all_actions()
    log: list[dict[str, Any]] = []
    for index, action in enumerate(actions):
        log.append({"kind": "action", "action": action})
        if index % 50 == 7:  # a slip taken back and put back again
            log += [{"kind": "undo"}, {"kind": "redo"}]
    session = MatchSession.resume(GAME, SETUP, log)
    assert session.outcome().scores == {0: 38, 1: 37, 2: 26}
    direct = GAME.new_state(SETUP)
    for action in actions:
        direct, _ = play(direct, action)
    assert session.state == direct
    assert MatchState.from_json(session.state.to_json()) == direct


def test_the_game_through_the_store_finishes_with_the_places(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path / 'quacks.db'}")
    ids = [store.add_player(name, colour).id for name, colour in
           (("Ana", "#d32f2f"), ("Bo", "#1976d2"), ("Cy", "#388e3c"))]
    match_id = store.create_match("quacks", {}, [SeatSpec(player, seat) for seat, player in enumerate(ids)])
    session = store.resume(match_id)
    actions = all_actions()
    half = len(actions) // 2
    for action in actions[:half]:
        session.apply(action)
    session = store.resume(match_id)  # the app closed mid-game and came back
    for action in actions[half:]:
        session.apply(action)
    info = store.match(match_id)
    assert info.status == "finished"
    assert [p.placing for p in info.participants] == [1, 2, 3]
    assert [p.final_score for p in info.participants] == [38, 37, 26]
    again = store.resume(match_id)
    assert again.state == session.state and again.outcome().over
    store.close()
