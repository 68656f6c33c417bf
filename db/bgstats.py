"""The store's finished matches for BG Stats (companion/bgstats.py writes the forms BG Stats
takes in): one match's "Send to BG Stats" link, or every finished match (of a game) as a play file."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from companion.bgstats import Play, PlayerResult, file_bytes, push_link, start_seat
from db.errors import StoreError
from db.exchange.atomic import replaced_atomically
from db.records import MatchInfo
from db.store import Store


class NotFinished(StoreError):
    """BG Stats keeps finished plays only."""

    message_id = "bgstats.not_finished"  # match_id


def play_of(info: MatchInfo) -> Play:
    """A finished match as a BG Stats play."""
    return Play(
        source_id=info.uid,
        game=info.game,
        started_at=info.started_at,
        finished_at=info.finished_at,
        players=tuple(PlayerResult(name=p.name, seat=p.seat, score=p.final_score, rank=p.placing, team=p.team)
                      for p in info.participants),
        start_seat=start_seat(info.game, info.setup),
    )


def bgstats_link(store: Store, match_id: int) -> str:
    """The link that opens BG Stats with this finished match as a play."""
    info = store.match(match_id)
    if info.status != "finished":
        raise NotFinished(match_id=match_id)
    return push_link(play_of(info))


def bgstats_file(store: Store, game: str | None = None, now: datetime | None = None) -> tuple[bytes, int]:
    """Every finished match (of `game`) as one BG Stats play file, and how many it holds."""
    plays = [play_of(info) for info in reversed(store.history(limit=None, game=game))]  # oldest first
    return file_bytes(plays, now), len(plays)


def write_bgstats_file(store: Store, path: str | Path, game: str | None = None) -> int:
    """The play file written at `path`, whole or not at all; returns the plays in it."""
    data, plays = bgstats_file(store, game)
    with replaced_atomically(Path(path), binary=True) as out:
        out.write(data)
    return plays
