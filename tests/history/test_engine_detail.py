"""The engines fill db/stats.py's `result["detail"]` contract: whole matches played through the
store (create_match, then the session recording every entry with append_event, finished by the
last one) and read back by db.stats.game_stats and player_stats.

Senet and Parchís are played to their end with seeded random legal moves; their captures are
counted without the engine's own tally: Senet's from the final board (SN-2: ten pieces a side,
SN-6: a captured piece leaves the game, so ten minus the pieces still on the board or borne off
were captured), Parchís' from the capture events the session handed back (PA-12, PA-17).
Çävasie is a scripted session whose hands are worked out by hand (CV-8, CV-9)."""

from __future__ import annotations

import random
from typing import Any

from companion.parchis import pending
from companion.senet import PIECES, SenetState, legal_moves
from companion.session import MatchSession
from db import SeatSpec, Store
from db.stats import BestHand, CaptureStats, HandCount, game_stats, player_stats

MOST_ACTIONS = 5_000


def players(store: Store, *names: str) -> list[int]:
    return [store.add_player(name, "#336699").id for name in names]


def new_match(store: Store, game: str, setup: dict[str, Any], ids: list[int]) -> tuple[int, MatchSession]:
    match_id = store.create_match(game, setup, [SeatSpec(player_id, seat) for seat, player_id in enumerate(ids)])
    return match_id, store.resume(match_id)


def senet_action(state: SenetState, rng: random.Random) -> dict[str, Any]:
    if state.throw is None:
        return {"throw": rng.randint(1, 4)}
    move = rng.choice(legal_moves(state.position, state.throw))
    return {"move": {"from": move.frm}}


def play_senet(store: Store, ids: list[int], seed: int) -> tuple[int, tuple[int, int]]:
    """One finished Senet match; (its id, the captures by seat read off the final board)."""
    match_id, session = new_match(store, "senet", {}, ids)
    rng = random.Random(seed)
    for _ in range(MOST_ACTIONS):
        if session.outcome().over:
            break
        session.apply(senet_action(session.state, rng))
    assert session.outcome().over
    position = session.state.position
    taken = tuple(PIECES - position.on_board(opponent) - position.off[opponent - 1] for opponent in (2, 1))
    return match_id, (taken[0], taken[1])


def test_sn6_senet_captures_reach_the_statistics(store: Store) -> None:
    """SN-6, SN-13: two whole matches, Ana in seat 0 then seat 1."""
    ana, ben = players(store, "Ana", "Ben")
    first_id, first = play_senet(store, [ana, ben], seed=3)
    second_id, second = play_senet(store, [ben, ana], seed=8)
    assert sum(first) + sum(second) > 0  # the seeds do play captures
    for match_id, taken in ((first_id, first), (second_id, second)):
        info = store.match(match_id)
        assert info.status == "finished" and info.result is not None
        assert info.result["detail"]["seats"] == {"0": {"captures": taken[0]}, "1": {"captures": taken[1]}}
    everyone = game_stats(store, "senet")
    assert everyone.matches == 2
    assert everyone.captures == CaptureStats(4, sum(first) + sum(second), max(*first, *second))
    anas = game_stats(store, "senet", ana).captures
    assert anas == CaptureStats(2, first[0] + second[1], max(first[0], second[1]))
    record = player_stats(store, ana).game("senet")
    assert record is not None and record.matches == 2


def play_parchis(store: Store, ids: list[int], seed: int) -> tuple[int, list[int]]:
    """One finished quick Parchís match (PA-8); (its id, the capture events by seat)."""
    match_id, session = new_match(store, "parchis", {"mode": "quick"}, ids)
    rng = random.Random(seed)
    counted = [0] * len(ids)
    for _ in range(MOST_ACTIONS):
        if session.outcome().over:
            break
        choices = pending(session.state)
        if choices is None:
            action: dict[str, Any] = {"roll": rng.randint(1, 6)}
        else:
            action = {"move": {"piece": rng.choice(choices.moves).name}}
        for event in session.apply(action):
            if event["type"] == "capture":
                counted[event["seat"]] += 1
    assert session.outcome().over
    return match_id, counted


def test_pa12_pa17_parchis_captures_reach_the_statistics(store: Store) -> None:
    """PA-12, PA-17: a three-player quick game; Ana sits in seat 2."""
    ana, ben, cy = players(store, "Ana", "Ben", "Cy")
    match_id, counted = play_parchis(store, [ben, cy, ana], seed=11)
    assert sum(counted) > 0
    result = store.match(match_id).result
    assert result is not None
    assert result["detail"]["seats"] == {str(seat): {"captures": n} for seat, n in enumerate(counted)}
    assert game_stats(store, "parchis").captures == CaptureStats(3, sum(counted), max(counted))
    assert game_stats(store, "parchis", ana).captures == CaptureStats(1, counted[2], counted[2])


def place(card: str, seat: int | None, to: str) -> dict[str, Any]:
    return {"place": card, "to": to} if seat is None else {"place": card, "seat": seat, "to": to}


def cavasie_hand(seats: list[tuple[tuple[str, str], tuple[str, str]]], fold: int | None = None) -> list[dict[str, Any]]:
    """One hand without a dealer: the deal, everybody stands, (`fold` folds first,) checks,
    passes, checks, and the showdown (CV-4, CV-5)."""
    actions = [place("S1", None, "center"), place("S2", None, "center")]
    actions += [place(code, seat, "floor") for seat, (floor, _) in enumerate(seats) for code in floor]
    actions += [place(code, seat, "hand") for seat, (_, hand) in enumerate(seats) for code in hand]
    left = len(seats) if fold is None else len(seats) - 1
    actions += [{"done": True}] * len(seats)
    if fold is not None:
        actions.append({"fold": True, "seat": fold})
    actions += [{"check": True}] * left + [{"interact": "none"}] * left + [{"check": True}] * left
    return [*actions, {"showdown": True}]


def test_cv8_cv9_cavasie_best_hands_reach_the_statistics(store: Store) -> None:
    """Hand 1: Ana (seat 0) A1 S5 | G5 P7, alon (4); Ben A2 S3 | G4 P5, vanzie (18); Cy A6 A7 |
    A8 S8, stelie ad livizax (9). Hand 2: Ana A1 P1 | P8 G3, a pair of ones with A1 and P8, sol
    (CV-9: 9); Ben A3 A4 | S6 G8, aloxelof ad livizax (5); Cy folds. Best of the session: Ana
    sol 9, Ben vanzie 18, Cy stelie ad livizax 9."""
    ana, ben, cy = players(store, "Ana", "Ben", "Cy")
    match_id, session = new_match(store, "cavasie", {"dealer": False}, [ana, ben, cy])
    first = cavasie_hand([(("A1", "S5"), ("G5", "P7")), (("A2", "S3"), ("G4", "P5")), (("A6", "A7"), ("A8", "S8"))])
    second = cavasie_hand([(("A1", "P1"), ("P8", "G3")), (("A3", "A4"), ("S6", "G8")), (("A6", "A7"), ("A8", "S8"))],
                          fold=2)
    for action in [*first, {"next_hand": True}, *second, {"end_session": True}]:
        session.apply(action)
    info = store.match(match_id)
    assert info.status == "finished" and info.result is not None
    assert info.result["detail"]["seats"]["0"] == {"best_hand": {"rank": 9, "pattern": "sol"}}
    hands = game_stats(store, "cavasie").hands
    assert hands is not None
    assert hands.counts == (HandCount(18, "vanzie", 1), HandCount(9, "sol", 1), HandCount(9, "stelie_ad_livizax", 1))
    assert hands.best == (BestHand(18, "vanzie", ben, "Ben", match_id),)
    anas = game_stats(store, "cavasie", ana).hands
    assert anas is not None and anas.counts == (HandCount(9, "sol", 1),)
    assert player_stats(store, ana).game("cavasie") is not None
