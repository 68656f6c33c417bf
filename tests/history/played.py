"""Matches as the app itself stores them: played through each game's engine, so that their
status, result, scores and placings are what the engine says (an import replays every log
and refuses anything else). `seed.py` keeps the hand-made matches whose numbers the
statistics tests work out; these are for export, import and match codes.

A match is played in memory and filed in one transaction (the rows the store writes when it
is played tap by tap, without a commit per tap), its times spread from `start`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from companion.games import game as game_record
from companion.parchis import pending
from companion.senet import legal_moves
from companion.session import MatchSession
from db import Store
from db.history import insert_record
from db.models import new_uid
from db.records import EventRecord, MatchRecord, SeatRecord
from db.values import loose_json
from tests.history.seed import T0, add_player

NO_DEALER = {"dealer": False}  # cavasie_log deals without a dealer (CV-4)
PIG_WIN = ({"roll": 6}, {"roll": 6}, {"roll": 6}, {"roll": 4}, {"hold": True})  # 22, past a target of 20


def entries(actions: Iterable[Mapping[str, Any] | str]) -> list[dict[str, Any]]:
    """Log entries from actions, "undo" and "redo"."""
    return [{"kind": a} if isinstance(a, str) else {"kind": "action", "action": dict(a)} for a in actions]


def file_match(
    store: Store,
    game: str,
    setup: Mapping[str, Any],
    player_ids: Sequence[int],
    log: Sequence[Mapping[str, Any]],
    *,
    abandoned: bool = False,
    start: datetime = T0,
    variant: str | None = None,
    teams: Sequence[int | None] | None = None,
) -> int:
    """File the match `log` plays (seats 0, 1, ... in `player_ids` order) as the store would."""
    rules = game_record(game)
    assert rules is not None, game
    checked = rules.check_setup({**setup, "players": len(player_ids)})
    session = MatchSession.resume(rules, checked, log)
    outcome = session.outcome()
    over = outcome.over and not abandoned
    finished = start + timedelta(seconds=20 * (len(log) + 1)) if over or abandoned else None
    with store.reading() as reading:
        names = dict(_names(reading, player_ids))
    seats = tuple(
        SeatRecord(seat, names[pid], (teams or [None] * len(player_ids))[seat],
                   outcome.scores.get(seat) if over else None, outcome.placing(seat) if over else None)
        for seat, pid in enumerate(player_ids)
    )
    record = MatchRecord(
        uid=new_uid(), game=game, variant=variant, setup=checked,
        status="finished" if over else ("abandoned" if abandoned else "active"),
        started_at=start, finished_at=finished,
        result=loose_json(outcome.to_json(), "result") if over else None,
        seats=seats,
        events=tuple(EventRecord(seq, e["kind"], e.get("action"), start + timedelta(seconds=20 * seq))
                     for seq, e in enumerate(log, start=1)),
    )
    with store.writing() as session_:
        match = insert_record(session_, record, dict(zip(seats, player_ids, strict=True)))
        session_.flush()
        return match.id


def _names(session: Any, player_ids: Sequence[int]) -> list[tuple[int, str]]:
    from sqlalchemy import select

    from db.models import Player

    query = select(Player.id, Player.name).where(Player.id.in_(list(player_ids)))
    return [(pid, name) for pid, name in session.execute(query)]


def senet_log(seed: int, slips: int = 2) -> list[dict[str, Any]]:
    """A whole Senet game of seeded random legal moves, with a slip undone and redone now and then."""
    rules = game_record("senet")
    assert rules is not None
    session = MatchSession(rules, {"players": 2})
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    while not session.outcome().over:
        state = session.state
        if state.throw is None:
            action: dict[str, Any] = {"throw": rng.randint(1, 4)}
        else:
            action = {"move": {"from": rng.choice(legal_moves(state.position, state.throw)).frm}}
        session.apply(action)
        log.append({"kind": "action", "action": action})
        if slips and len(log) % 40 == 0:
            log += [{"kind": "undo"}, {"kind": "redo"}]
            session.undo()
            session.redo()
            slips -= 1
    return log


def parchis_log(players: int, seed: int, setup: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """A whole Parchís game (quick by default) of seeded random legal moves."""
    rules = game_record("parchis")
    assert rules is not None
    session = MatchSession(rules, {"mode": "quick", **(setup or {}), "players": players})
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    while not session.outcome().over:
        choices = pending(session.state)
        action = ({"roll": rng.randint(1, 6)} if choices is None
                  else {"move": {"piece": rng.choice(choices.moves).name}})
        session.apply(action)
        log.append({"kind": "action", "action": action})
        assert len(log) < 5000
    return log


def cavasie_log(players: int = 3) -> list[dict[str, Any]]:
    """A scripted session of two hands (for three players: the one tests/history/test_engine_detail.py
    works out by hand; for two, its first two seats), ended."""
    from tests.history.test_engine_detail import cavasie_hand

    first = [(("A1", "S5"), ("G5", "P7")), (("A2", "S3"), ("G4", "P5")), (("A6", "A7"), ("A8", "S8"))][:players]
    second = [(("A1", "P1"), ("P8", "G3")), (("A3", "A4"), ("S6", "G8")), (("A6", "A7"), ("A8", "S8"))][:players]
    return entries([*cavasie_hand(first), {"next_hand": True}, *cavasie_hand(second, fold=2 if players == 3 else None),
                    {"end_session": True}])


def quacks_log(players: int = 2, seed: int = 3) -> list[dict[str, Any]]:
    from tests.quacks.test_match_properties import bot_game

    return entries(bot_game(players, seed)[1])


@dataclass
class Club:
    """A club's history, every match genuine: players by name and matches by name."""

    players: dict[str, int]
    matches: dict[str, int] = field(default_factory=dict)


def play_club(store: Store) -> Club:
    """Five players (Nobody Yet has played nothing) and eight matches, in this order:

    pig_won     Pig, Anna 22 beats Bo 0 (target 20)
    pig_active  Pig, Bo and Chen, two rolls in
    pig_gave_up Pig, Anna and Dara, abandoned after a roll
    senet       Bell's Senet (variant "bell"), Anna v Bo to the end, with undos and redos
    parchis     Parchís quick, Anna, Bo and Chen to the end
    cavasie     Çävasie, Anna, Bo and Chen: two hands, then the session ended
    quacks      Quacks, Chen v Dara, nine rounds
    by_code     Senet that came by match code: Dara 7 beats Anna 3, no log
    """
    names = ("Anna", "Bo", "Chen", "Dara", "Nobody Yet")
    club = Club({name: add_player(store, name, colour) for name, colour in
                 zip(names, ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#00aa00"), strict=True)})
    p, m = club.players, club.matches
    hour = iter(T0 + timedelta(hours=h) for h in range(100))
    m["pig_won"] = file_match(store, "pig", {"target": 20}, [p["Anna"], p["Bo"]], entries(PIG_WIN), start=next(hour))
    m["pig_active"] = file_match(store, "pig", {}, [p["Bo"], p["Chen"]], entries([{"roll": 3}, {"roll": 5}]),
                                 start=next(hour))
    m["pig_gave_up"] = file_match(store, "pig", {}, [p["Anna"], p["Dara"]], entries([{"roll": 2}]), abandoned=True,
                                  start=next(hour))
    m["senet"] = file_match(store, "senet", {}, [p["Anna"], p["Bo"]], senet_log(5), start=next(hour), variant="bell")
    m["parchis"] = file_match(store, "parchis", {"mode": "quick"}, [p["Anna"], p["Bo"], p["Chen"]],
                              parchis_log(3, 11), start=next(hour))
    m["cavasie"] = file_match(store, "cavasie", NO_DEALER, [p["Anna"], p["Bo"], p["Chen"]], cavasie_log(),
                              start=next(hour))
    m["quacks"] = file_match(store, "quacks", {}, [p["Chen"], p["Dara"]], quacks_log(), start=next(hour))
    m["by_code"] = by_code(store, "senet", [(p["Dara"], 7, 1), (p["Anna"], 3, 2)], start=next(hour))
    return club


def by_code(store: Store, game: str, seats: Sequence[tuple[int, int | None, int | None]], *,
            start: datetime = T0) -> int:
    """A finished match as a match code files it: seats (player id, score, placing), no log."""
    from db.exchange.replaying import code_result

    with store.reading() as reading:
        names = dict(_names(reading, [pid for pid, _, _ in seats]))
    record = MatchRecord(
        uid=new_uid(), game=game, variant=None, setup={"players": len(seats)}, status="finished",
        started_at=start, finished_at=start + timedelta(minutes=40),
        result=code_result([(score, placing) for _, score, placing in seats]),
        seats=tuple(SeatRecord(i, names[pid], None, score, placing) for i, (pid, score, placing) in enumerate(seats)),
    )
    with store.writing() as session:
        match = insert_record(session, record, dict(zip(record.seats, [pid for pid, _, _ in seats], strict=True)))
        session.flush()
        return match.id
