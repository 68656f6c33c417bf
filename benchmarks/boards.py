"""The board games' long matches: how fast a long stored match reopens.

A match screen reopened (a reload, a second phone joining, the app restarted) rebuilds the
match from its stored log: `LiveMatch.load` reads the match, replays every entry through the
engine and reads the match again. Measured on a real SQLite store in a temporary folder, with a
match played entry by entry through the session (rolls and the first legal move offered).
"""

from __future__ import annotations

import random
from functools import cache

from benchmarks import Figure, median_time, scratch_folder

SMOKE_ENTRIES = 40


@cache
def _stored_match(game: str, setup: tuple[tuple[str, object], ...], players: int, entries: int) -> tuple[str, int]:
    """A store holding one match of `game` with `entries` log entries: its URL and the match id."""
    from companion.games import game as game_record
    from db import SeatSpec, Store

    folder = scratch_folder(game)
    url = f"sqlite:///{folder / 'bench.db'}"
    store = Store(url)
    ids = [store.add_player(f"Player {seat + 1}", "#d32f2f").id for seat in range(players)]
    match_id = store.create_match(game, dict(setup), [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])
    record = game_record(game)
    assert record is not None
    session = store.resume(match_id, record)
    rng = random.Random(18)
    while session.seq < entries and not session.outcome().over:
        if record.engine.roll(session.state, rng) is not None:
            session.roll(rng)
        else:
            session.apply(_first_move(game, session.state))
    if session.seq < entries:
        raise RuntimeError(f"the {game} match ended after {session.seq} entries, before {entries}")
    store.close()
    return url, match_id


def _first_move(game: str, state: object) -> dict[str, object]:
    """The first legal move offered for the roll waiting (the screen's first button)."""
    from companion.parchis import pending

    allowed = pending(state)  # type: ignore[arg-type]
    assert allowed is not None and allowed.moves, game
    return {"move": {"piece": allowed.moves[0].name}}


def reopen_figure(game: str, setup: dict[str, object], players: int, entries: int, target_ms: float) -> Figure:
    def measure(smoke: bool) -> float:
        from db import Store
        from views.live import LiveMatch

        url, match_id = _stored_match(game, tuple(sorted(setup.items())), players,
                                      SMOKE_ENTRIES if smoke else entries)
        store = Store(url)
        try:
            LiveMatch.load(store, match_id)  # the first read warms the connection, as a running app has
            return median_time(lambda: LiveMatch.load(store, match_id), repeat=1 if smoke else 9, scale=1000)
        finally:
            store.close()

    return Figure(f"reopen: a {entries}-entry {game} match", target_ms, "ms", measure,
                  "LiveMatch.load on SQLite: read, replay the log, read again (median of 9)")


FIGURES = (reopen_figure("parchis", {}, 4, 500, 150),)
