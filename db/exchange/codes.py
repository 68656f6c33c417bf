"""Match codes: a finished match's result as a short code (see companion.matchcode), and the
match a code describes filed here (finished, with its seats, scores and placings; no log)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import select

from db import errors
from db.exchange.checker import check_match, kept_name
from db.exchange.fileformat import ImportReport
from db.exchange.merge import player_ids, present_uids
from db.exchange.refusals import NotFinished
from db.exchange.replaying import code_result
from db.history import insert_record, read_stored_matches
from db.models import Player
from db.records import PlayerRecord

if TYPE_CHECKING:
    from companion.matchcode import MatchSummary
    from db.store import Store

# Colours for players that arrive by match code (a code carries names only).
PALETTE = ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2", "#f57c00", "#0097a7", "#5d4037")


def match_code(store: Store, match_id: int) -> str:
    """The match code of a finished match (see companion.matchcode)."""
    from companion.matchcode import CodeSeat, MatchSummary, encode

    with store.reading() as session:
        snapshots = read_stored_matches(session, [match_id])
    if not snapshots:
        raise errors.UnknownMatch(match_id=match_id)
    record = snapshots[0].record
    if record.status != "finished" or record.finished_at is None:
        raise NotFinished(match_id=match_id)
    return encode(
        MatchSummary(
            uid=record.uid,
            game=record.game,
            variant=record.variant,
            started_at=record.started_at,
            finished_at=record.finished_at,
            seats=tuple(CodeSeat(s.player, s.score, s.placing, s.team) for s in record.seats),
        )
    )


def import_match_code(store: Store, text: str) -> ImportReport:
    """File the match a code (or a link carrying one) describes; BadMatchCode if damaged.

    The match arrives finished, with its seats, scores and placings and no log (a code
    carries none); its result says so with "from_code": true.
    """
    from companion.matchcode import decode

    summary = decode(text)
    return import_summary(store, summary)


def import_summary(store: Store, summary: MatchSummary) -> ImportReport:
    """File a decoded match code's match. A code's checksum is no signature: what it says is
    checked like a file's match (a game this app plays, names as the store keeps them,
    bounded numbers, placings that make sense), and refused with the reason if wrong."""
    seats = [(seat.score, seat.placing) for seat in summary.seats]
    data = {
        "uid": summary.uid,
        "game": summary.game,
        "variant": summary.variant,
        "setup": {"players": len(summary.seats)},
        "status": "finished",
        "started_at": summary.started_at.isoformat(),
        "finished_at": summary.finished_at.isoformat(),
        "result": code_result(seats),
        "seats": [{"seat": i, "player": s.name, "team": s.team, "score": s.score, "placing": s.placing}
                  for i, s in enumerate(summary.seats)],
        "events": [],
    }
    names = {}
    for i, seat in enumerate(summary.seats):
        names[seat.name.casefold()] = kept_name(seat.name, f"code.seats[{i}].player")
    record = check_match("code", data, names)
    with store.writing() as session:
        if present_uids(session, [record.uid]):
            return ImportReport(0, 1, (), 0)
        used = set(session.scalars(select(Player.colour).where(Player.archived.is_(False))))
        free = iter([c for c in PALETTE if c not in used] + list(PALETTE) * len(record.seats))
        now = datetime.now(UTC)
        players = [PlayerRecord(seat.player, next(free), False, now) for seat in record.seats]
        ids, added, matched = player_ids(session, players)
        insert_record(session, record, {seat: ids[seat.player.casefold()] for seat in record.seats})
        return ImportReport(1, 0, tuple(added), matched)
