"""Çävasie on the statistics screen: the strongest hands and how often each pattern of the CV-8
ladder was a seat's best hand, every pattern named in words (from db.stats' `HandStats`)."""

from __future__ import annotations

from functools import cache

import flet as ft

from companion.cavasie import default_deck
from db.stats import GameStats, HandStats
from views.games import style
from views.model import AppModel
from views.stats_charts import line, named_bars
from views.stats_data import Bar
from views.ui import TAP


@cache
def pattern_names() -> dict[str, str]:
    """The pattern names by id, from the default deck's ladder (CV-8)."""
    return {pattern.id: pattern.name for pattern in default_deck().ladder.patterns}


def pattern_name(pattern: str, names: dict[str, str] | None = None) -> str:
    """A pattern's name from its id ("felox_ad_livizax" → "felox ad livizax")."""
    return (names or {}).get(pattern) or pattern.replace("_", " ")


def hand_bars(hands: HandStats) -> list[Bar]:
    """How often each pattern was a seat's best hand, strongest first (the ladder read from
    the top); each bar's `axis` is the pattern's rank on the CV-8 ladder."""
    ordered = sorted(hands.counts, key=lambda c: (-c.rank, c.pattern))
    return [Bar(x, c.pattern, float(c.count), str(c.count), str(c.rank)) for x, c in enumerate(ordered)]


def hands_controls(model: AppModel, hands: HandStats) -> list[ft.Control]:
    if not hands.counts:
        return [line(model.tr("stats.hands_none"))]
    names = pattern_names()
    colour = style("cavasie")[0]
    best = hands.best[0] if hands.best else None
    controls: list[ft.Control] = []
    if best is not None:
        strongest = model.tr("stats.best_hand", pattern=pattern_name(best.pattern, names), rank=best.rank)
        controls.append(line(strongest, 16))
        controls.extend(
            ft.ListTile(
                title=ft.Text(model.tr("stats.best_hand_by", name=hand.name, match=hand.match_id)),
                leading=ft.Icon(ft.Icons.STYLE, color=colour),
                content_padding=ft.Padding.only(left=0, right=0),
                min_height=TAP,
                on_click=lambda e, mid=hand.match_id: model.go("record", id=mid),
            )
            for hand in hands.best
        )
    controls += named_bars(model.tr("stats.hand_chart"), hand_bars(hands),
                           lambda bar: model.tr("stats.hand_name", rank=bar.axis, pattern=pattern_name(bar.key, names)),
                           colour)
    return controls


def stats_sections(model: AppModel, stats: GameStats) -> list[tuple[str, list[ft.Control]]]:
    """The best hands section, where the game's numbers have any."""
    if stats.hands is None:
        return []
    return [(model.tr("stats.hands"), hands_controls(model, stats.hands))]
