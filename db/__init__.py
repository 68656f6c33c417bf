"""The match store: players, matches and their event logs in SQLite (or any SQLAlchemy URL).

Imports `companion` types only, never `views`. Open it with `Store.open()`.
"""

from db.errors import StoreError
from db.records import MatchInfo, ParticipantInfo, PlayerInfo, SeatSpec
from db.store import Store

__all__ = ["MatchInfo", "ParticipantInfo", "PlayerInfo", "SeatSpec", "Store", "StoreError"]
