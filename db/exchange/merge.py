"""Importing a checked export: one transaction, matches merged by uid (one already here is
skipped, never duplicated), players by name (compared without case, as the store does)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.exchange.checker import read_export
from db.exchange.fileformat import BATCH, ExportFile, ImportReport
from db.history import insert_record
from db.models import Match, Player
from db.records import PlayerRecord

if TYPE_CHECKING:
    from db.store import Store


def import_json(store: Store, source: str | Path | bytes) -> ImportReport:
    """Check an export file whole, then merge it in one transaction."""
    return import_export(store, read_export(source))


def import_export(store: Store, export: ExportFile) -> ImportReport:
    with store.writing() as session:
        ids, added, matched = player_ids(session, export.players)
        present = present_uids(session, [record.uid for record in export.matches])
        new = 0
        for record in export.matches:
            if record.uid in present:
                continue
            insert_record(session, record, {seat: ids[seat.player.casefold()] for seat in record.seats})
            new += 1
        return ImportReport(new, len(export.matches) - new, tuple(added), matched)


def present_uids(session: Session, uids: Sequence[str]) -> set[str]:
    present: set[str] = set()
    for start in range(0, len(uids), BATCH):
        present.update(session.scalars(select(Match.uid).where(Match.uid.in_(uids[start : start + BATCH]))))
    return present


def player_ids(
    session: Session, players: Iterable[PlayerRecord]
) -> tuple[dict[str, int], list[str], int]:
    """Each file player's id here by folded name: found (a player in use first) or created."""
    here: dict[str, Player] = {}
    for player in session.scalars(select(Player).order_by(Player.id)):
        key = player.name.casefold()
        if key not in here or (here[key].archived and not player.archived):
            here[key] = player
    ids: dict[str, int] = {}
    added: list[str] = []
    matched = 0
    for record in players:
        key = record.name.casefold()
        if key in here:
            ids[key] = here[key].id
            matched += 1
            continue
        player = Player(name=record.name, colour=record.colour, created_at=record.created_at,
                        archived=record.archived)
        session.add(player)
        session.flush()
        here[key] = player
        ids[key] = player.id
        added.append(record.name)
    return ids, added, matched
