"""A generated store of 100,000 matches for the benchmarks, built once and cached under /tmp.

Built with the driver's executemany (one transaction per table, no ORM), so it takes
seconds rather than hours. The file is keyed by the schema (revision and revision files)
and this generator's version, so a new migration or a changed generator builds a fresh one.

What it holds (seeded random, so every build is the same):
- 40 players: 30 regulars, 9 occasional players, and one who played ~30 matches;
- 100,000 matches over three years: Quacks 30 %, Senet 30 %, Parchís 25 %, Çävasie 15 %;
  2–4 seats (Senet 2); 97 % finished, 2 % abandoned, 1 % still active;
- each finished match's result with the `detail` contract of db/stats.py (Quacks rounds,
  Senet/Parchís captures, Çävasie best hands), scores and placings;
- a log of ENTRIES_PER_MATCH entries on average per match (actions, some undo/redo).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import db.migrations
from db import Store
from db.migrate import head_revision

MATCHES = 100_000
PLAYERS = 40
ENTRIES_PER_MATCH = 30
GENERATOR_VERSION = 1
GAMES = (("quacks", 0.30), ("senet", 0.30), ("parchis", 0.25), ("cavasie", 0.15))
HANDS = ((3, "aloxolef"), (4, "alon"), (6, "alofelox"), (8, "doliahin"), (10, "felox"), (15, "livizax"), (18, "vanzie"))
START = datetime(2023, 5, 1, tzinfo=UTC)
RARE_PLAYER = PLAYERS  # the one who played about 30 matches
REGULAR_PLAYER = 1


def schema_key() -> str:
    """The schema revision, and a hash of the revision files (an amended revision counts too)."""
    folder = Path(db.migrations.__file__).parent / "versions"
    digest = hashlib.sha256()
    for script in sorted(folder.glob("*.py")):
        digest.update(script.name.encode() + script.read_bytes())
    return f"r{head_revision()}-{digest.hexdigest()[:10]}"


def bench_path(matches: int = MATCHES) -> Path:
    return Path(tempfile.gettempdir()) / f"companion-history-bench-{schema_key()}-g{GENERATOR_VERSION}-{matches}.db"


def bench_store_file(matches: int = MATCHES) -> Path:
    """The cached file of `matches` matches, built if missing (100,000: about a minute; later
    runs reuse it)."""
    path = bench_path(matches)
    if not path.exists():
        building = path.with_suffix(f".building-{os.getpid()}")
        Store(f"sqlite:///{building}").close()  # the schema, migrated to head
        _fill(building, matches)
        os.replace(building, path)
    return path


def _stamp(moment: datetime) -> str:
    """As SQLAlchemy stores a DateTime in SQLite."""
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")


def _fill(path: Path, total: int = MATCHES) -> None:
    rng = random.Random(2026)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=OFF")
    with connection:
        connection.executemany(
            "INSERT INTO players (id, name, colour, created_at, archived) VALUES (?, ?, ?, ?, 0)",
            [(i, f"Player {i:02d}", "#336699", _stamp(START)) for i in range(1, PLAYERS + 1)],
        )
    regulars = list(range(1, 31))
    occasional = list(range(31, PLAYERS))
    matches, seats, events = [], [], []
    seconds = 3 * 365 * 24 * 3600
    for match_id in range(1, total + 1):
        game = rng.choices([g for g, _ in GAMES], [w for _, w in GAMES])[0]
        count = 2 if game == "senet" else rng.randint(2, 4)
        pool = regulars if rng.random() < 0.9 else regulars + occasional
        players = rng.sample(pool, count)
        if match_id % max(1, total // 30) == 0:  # the rare player's ~30 matches
            players[-1] = RARE_PLAYER
        started = START + timedelta(seconds=seconds * match_id // total + rng.randint(0, 600))
        finished = started + timedelta(minutes=rng.randint(15, 120))
        roll = rng.random()
        status = "finished" if roll < 0.97 else ("abandoned" if roll < 0.99 else "active")
        scores = [rng.randint(0, 100) for _ in players]
        ranked = sorted(range(count), key=lambda s: -scores[s])
        placing = {seat: 1 + sum(scores[o] > scores[seat] for o in range(count)) for seat in ranked}
        detail = _detail(rng, game, count)
        result = None
        if status == "finished":
            result = json.dumps({
                "over": True,
                "places": [[s for s in range(count) if placing[s] == p] for p in sorted(set(placing.values()))],
                "scores": {str(s): scores[s] for s in range(count)},
                "detail": detail,
            })
        matches.append((
            match_id, rng.getrandbits(128).to_bytes(16, "big").hex(), game, None, json.dumps({"players": count}),
            status, _stamp(started), None if status == "active" else _stamp(finished), result,
        ))
        for seat, player in enumerate(players):
            done = status == "finished"
            seats.append((match_id, player, seat, None, scores[seat] if done else None,
                           placing[seat] if done else None))
        for seq in range(1, rng.randint(ENTRIES_PER_MATCH // 2, ENTRIES_PER_MATCH * 3 // 2) + 1):
            kind = "undo" if seq % 17 == 0 else ("redo" if seq % 17 == 1 and seq > 1 else "action")
            payload = None
            if kind == "action":
                payload = f'{{"throw": {rng.randint(1, 4)}, "move": {{"from": {rng.randint(1, 30)}}}}}'
            events.append((match_id, seq, kind, payload, _stamp(started + timedelta(seconds=20 * seq))))
    with connection:
        connection.executemany(
            "INSERT INTO matches (id, uid, game, variant, setup, status, started_at, finished_at, result)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            matches,
        )
        connection.executemany(
            "INSERT INTO participants (match_id, player_id, seat, team, final_score, placing)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            seats,
        )
        connection.executemany(
            "INSERT INTO events (match_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)", events
        )
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def _detail(rng: random.Random, game: str, count: int) -> dict[str, object]:
    if game in ("senet", "parchis"):
        return {"seats": {str(s): {"captures": rng.randint(0, 6)} for s in range(count)}}
    if game == "quacks":
        return {
            "seats": {
                str(s): {"rounds": [{"vp": rng.randint(0, 12), "exploded": rng.random() < 0.3} for _ in range(9)]}
                for s in range(count)
            }
        }
    return {
        "seats": {
            str(s): {"best_hand": dict(zip(("rank", "pattern"), rng.choice(HANDS), strict=True))}
            for s in range(count)
        }
    }
