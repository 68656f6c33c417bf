"""Hand-made matches for the history and statistics tests.

Rows are written the way the store files a finished match: the match row (result =
the engine's outcome JSON), one participant per seat with final score and placing, and
the log. They go in directly (not through a game engine), so that each test states
exactly the numbers it then checks by hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from db import Store
from db.models import Event, Match, Participant, Player

T0 = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
# A short log in the store's shapes: two actions, an undo, a redo, and one more action.
LOG_SAMPLE: tuple[dict[str, Any], ...] = (
    {"kind": "action", "action": {"throw": 3}},
    {"kind": "action", "action": {"move": {"from": 10}}},
    {"kind": "undo"},
    {"kind": "redo"},
    {"kind": "action", "action": {"throw": 2, "move": None}},
)


@dataclass(frozen=True)
class Seat:
    player: int
    score: int | None = None
    placing: int | None = None
    team: int | None = None


Target = Store | Session  # a store (one transaction per call) or an open write session


@contextmanager
def _session(target: Target) -> Iterator[Session]:
    if isinstance(target, Session):
        yield target
    else:
        with target.writing() as session:
            yield session


def add_player(store: Target, name: str, colour: str = "#336699", archived: bool = False) -> int:
    with _session(store) as session:
        player = Player(name=name, colour=colour, created_at=T0 - timedelta(days=30), archived=archived)
        session.add(player)
        session.flush()
        return player.id


def add_match(
    store: Target,
    game: str,
    seats: Sequence[Seat],
    *,
    finished: datetime | None,
    status: str = "finished",
    minutes: int = 30,
    detail: Mapping[str, Any] | None = None,
    log: Sequence[Mapping[str, Any]] = (),
    variant: str | None = None,
    uid: str | None = None,
) -> int:
    """One match; `finished` None for an active match (then started `minutes` before T0)."""
    end = finished or T0
    result = None
    if status == "finished":
        result = {
            "over": True,
            "places": _places(seats),
            "scores": {str(i): s.score for i, s in enumerate(seats) if s.score is not None},
            "detail": dict(detail or {}),
        }
    with _session(store) as session:
        match = Match(
            game=game,
            variant=variant,
            setup={"players": len(seats)},
            status=status,
            started_at=end - timedelta(minutes=minutes),
            finished_at=finished,
            result=result,
            participants=[
                Participant(player_id=s.player, seat=i, team=s.team, final_score=s.score, placing=s.placing)
                for i, s in enumerate(seats)
            ],
        )
        if uid is not None:
            match.uid = uid
        session.add(match)
        session.flush()
        for seq, entry in enumerate(log, start=1):
            session.add(
                Event(
                    match_id=match.id,
                    seq=seq,
                    kind=entry["kind"],
                    payload=entry.get("action"),
                    created_at=end - timedelta(minutes=minutes) + timedelta(seconds=10 * seq),
                )
            )
        return match.id


def _places(seats: Sequence[Seat]) -> list[list[int]]:
    placings = sorted({s.placing for s in seats if s.placing is not None})
    return [[i for i, s in enumerate(seats) if s.placing == p] for p in placings]


def captures(*by_seat: int | None) -> dict[str, Any]:
    return {"seats": {str(i): {"captures": n} for i, n in enumerate(by_seat) if n is not None}}


def rounds(*by_seat: Sequence[tuple[Any, Any]]) -> dict[str, Any]:
    return {
        "seats": {
            str(i): {"rounds": [{"vp": vp, "exploded": boom} for vp, boom in seat]}
            for i, seat in enumerate(by_seat)
        }
    }


def hands(*by_seat: tuple[int, str]) -> dict[str, Any]:
    return {
        "seats": {
            str(i): {"best_hand": {"rank": rank, "pattern": pattern}}
            for i, (rank, pattern) in enumerate(by_seat)
        }
    }


@dataclass
class Seeded:
    """The statistics database: four players and the matches below, by name."""

    anna: int
    bo: int
    chen: int
    dara: int
    matches: dict[str, int] = field(default_factory=dict)


def seed_statistics(store: Store) -> Seeded:
    with store.writing() as session:  # one transaction: one disk sync, not twenty
        return _seed_statistics(session)


def _seed_statistics(store: Session) -> Seeded:
    """Ten matches whose numbers the statistics tests work out by hand.

    Senet   S1 Anna 7 (1st) v Bo 5 (2nd)          captures 2, 1
            S2 Bo 7 (1st) v Anna 3 (2nd)          captures 0, 3
            S3 Anna 6 v Chen 6, a draw (both 1st) captures 1, (none recorded)
            S4 Anna v Bo, abandoned               (captures 9: must not count)
            S5 Anna v Bo, still being played
    Quacks  Q1 Anna 50 (2nd), Bo 62 (1st), Chen 41 (3rd), two rounds each:
               Anna 3, 5*   Bo 4, 6   Chen 1*, 2*      (* = exploded)
            Q2 Anna 70, Dara 70: a shared win; one round: Anna 7*, Dara "x" (no VP number)
    Parchís P1 teams: Anna + Chen (team 0) beat Bo + Dara (team 1);
               placings 1, 3, 1, 3; scores 4, 2, 4, 1; captures 3, 2, 0, 5
    Çävasie C1 Anna 10 (3rd), Bo 30 (1st), Chen 0 (4th), Dara 20 (2nd);
               best hands felox (10), livizax (15), aloxolef (3), livizax (15)
            C2 Anna 5 (2nd), Bo 15 (1st); best hands alon (4), doliahin (8)
    """
    seeded = Seeded(
        anna=add_player(store, "Anna", "#d32f2f"),
        bo=add_player(store, "Bo", "#1976d2"),
        chen=add_player(store, "Chen", "#388e3c"),
        dara=add_player(store, "Dara", "#fbc02d"),
    )
    a, b, c, d = seeded.anna, seeded.bo, seeded.chen, seeded.dara
    at = iter(T0 + timedelta(hours=h) for h in range(100))
    m = seeded.matches
    m["S1"] = add_match(store, "senet", [Seat(a, 7, 1), Seat(b, 5, 2)], finished=next(at), detail=captures(2, 1))
    m["S2"] = add_match(store, "senet", [Seat(b, 7, 1), Seat(a, 3, 2)], finished=next(at), detail=captures(0, 3))
    m["S3"] = add_match(store, "senet", [Seat(a, 6, 1), Seat(c, 6, 1)], finished=next(at), detail=captures(1, None))
    m["S4"] = add_match(store, "senet", [Seat(a), Seat(b)], finished=next(at), status="abandoned")
    abandoned = store.get(Match, m["S4"])  # an abandoned match that still carries a result must not count
    assert abandoned is not None
    abandoned.result = {"over": True, "places": [[0], [1]], "scores": {}, "detail": captures(9, 9)}
    m["S5"] = add_match(store, "senet", [Seat(a), Seat(b)], finished=None, status="active")
    m["Q1"] = add_match(
        store, "quacks", [Seat(a, 50, 2), Seat(b, 62, 1), Seat(c, 41, 3)], finished=next(at),
        detail=rounds([(3, False), (5, True)], [(4, False), (6, False)], [(1, True), (2, True)]),
    )
    m["Q2"] = add_match(
        store, "quacks", [Seat(a, 70, 1), Seat(d, 70, 1)], finished=next(at),
        detail=rounds([(7, True)], [("x", False)]),
    )
    m["P1"] = add_match(
        store, "parchis",
        [Seat(a, 4, 1, team=0), Seat(b, 2, 3, team=1), Seat(c, 4, 1, team=0), Seat(d, 1, 3, team=1)],
        finished=next(at), detail=captures(3, 2, 0, 5),
    )
    m["C1"] = add_match(
        store, "cavasie", [Seat(a, 10, 3), Seat(b, 30, 1), Seat(c, 0, 4), Seat(d, 20, 2)],
        finished=next(at),
        detail=hands((10, "felox"), (15, "livizax"), (3, "aloxolef"), (15, "livizax")),
    )
    m["C2"] = add_match(
        store, "cavasie", [Seat(a, 5, 2), Seat(b, 15, 1)], finished=next(at),
        detail=hands((4, "alon"), (8, "doliahin")),
    )
    return seeded
