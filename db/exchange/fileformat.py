"""The export file's name and version, and what reading, writing and merging one hands back.

The schema itself is described in docs/export-format.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from db.records import MatchRecord, PlayerRecord

FORMAT = "companion-export"
VERSION = 1
BATCH = 500  # matches read (or looked up) per round trip


@dataclass(frozen=True, slots=True)
class ExportFile:
    """A checked export file, ready to import (or to preview: how many, of which games)."""

    version: int
    exported_at: datetime
    players: tuple[PlayerRecord, ...]
    matches: tuple[MatchRecord, ...]


@dataclass(frozen=True, slots=True)
class ExportSummary:
    players: int
    matches: int
    events: int
    digest: str  # "sha256:<hex>"
    skipped: int = 0  # matches of a damaged database that could not be read, left out


@dataclass(frozen=True, slots=True)
class ImportReport:
    matches_added: int
    matches_skipped: int  # already here (same uid)
    players_added: tuple[str, ...]  # names of the players created
    players_matched: int  # file players found here by name
