"""The statistics screen's numbers as text and as chart bars: pure functions, no Flet.

They take the dataclasses of db.stats and return strings and `Bar`s; the screen
(views/screens/stats.py) and the games' own sections (views/<game>/stats.py) only lay them out,
so every number shown is tested.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games import app_games
from db.stats import GameRecord, HeadToHead, LeaderRow, PlayerStats

DASH = "–"  # a number that does not exist (no score recorded)


# -- numbers as text ------------------------------------------------------------------------
def _half_up(value: float, places: int) -> float:
    """Round half away from zero (Python's round() sends 2.5 to 2: a player expects 3)."""
    scale = 10**places
    rounded = math.floor(abs(value) * scale + 0.5 + 1e-9) / scale
    return math.copysign(rounded, value) if rounded else 0.0


def percent(rate: float) -> str:
    """A rate of 0..1 as a whole percentage: 2/3 → "67%"."""
    return f"{int(_half_up(rate * 100, 0))}%"


def decimal(value: float | None) -> str:
    """A number with at most one decimal: 16/3 → "5.3", 6.0 → "6", None → "–"."""
    if value is None:
        return DASH
    rounded = _half_up(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def score(value: int | None) -> str:
    return DASH if value is None else str(value)


def record_params(record: GameRecord | LeaderRow | PlayerStats) -> dict[str, str]:
    """A record's numbers for a sentence: matches, wins, rate, best and average score."""
    params = {"matches": str(record.matches), "wins": str(record.wins), "rate": percent(record.win_rate)}
    if not isinstance(record, PlayerStats):
        params["best"] = score(record.best_score)
        params["average"] = decimal(record.average_score)
    return params


def head_to_head_params(meeting: HeadToHead) -> dict[str, str]:
    """One opponent's line: name, matches and the wins–losses–ties record ("2–4–0")."""
    return {
        "name": meeting.opponent_name,
        "matches": str(meeting.matches),
        "wins": str(meeting.wins),
        "losses": str(meeting.losses),
        "ties": str(meeting.ties),
        "record": f"{meeting.wins}–{meeting.losses}–{meeting.ties}",
    }


# -- chart data ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Bar:
    """One bar: its place on the x axis, what it stands for (a game id, a round number, a
    pattern id), its height, and that height as the text a reader is given."""

    x: int
    key: str
    value: float
    shown: str
    axis: str = ""  # the x axis label under the bar (a round number, a pattern's rank)


def win_rate_bars(stats: PlayerStats) -> list[Bar]:
    """A player's win rate per game (in percent), games in home-screen order."""
    records = {record.game: record for record in stats.games}
    return [
        Bar(x, game, records[game].win_rate * 100, percent(records[game].win_rate))
        for x, game in enumerate(game for game in app_games(records) if game in records)
    ]


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50 ... at or above `value`: a chart's top."""
    if value <= 1:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if step * power >= value - 1e-9:
            return float(step * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def chart_top(bars: Sequence[Bar], percent_scale: bool = False, whole: bool = False) -> float:
    """The y axis's top: 100 for percentages, else a round number at or above the tallest bar
    (at least 2 for counts, so that the axis has a whole middle)."""
    if percent_scale:
        return 100.0
    top = nice_ceiling(max((bar.value for bar in bars), default=0.0))
    return max(top, 2.0) if whole else top


def axis_ticks(top: float, whole: bool = False) -> list[float]:
    """Where the y axis is labelled: bottom, middle and top; no middle for counts when it
    would be a fraction (a pattern is never the best hand 2.5 times)."""
    middle = top / 2
    if whole and middle != int(middle):
        return [0.0, top]
    return [0.0, middle, top]


def caption(title: str, bars: Sequence[Bar], name: Callable[[Bar], str]) -> str:
    """The chart as one line of text for a screen reader and under the chart:
    "Win rate per game — Bell's Senet: 67%; Çävasie: 0%"."""
    return f"{title} — " + "; ".join(f"{name(bar)}: {bar.shown}" for bar in bars)
