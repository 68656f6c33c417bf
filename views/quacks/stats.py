"""Quacks on the statistics screen: explosions and victory points, per round, as numbers and
bars (from db.stats' `QuacksStats`, which each seat's rounds in a match's `detail` feed)."""

from __future__ import annotations

import flet as ft

from db.stats import GameStats, QuacksStats
from views.games import style
from views.model import AppModel
from views.stats_charts import axis_text, chart, line
from views.stats_data import Bar, decimal, percent

EXPLODED = "#e65100"  # the explosion-rate bars: the colour of a burst pot


def vp_bars(quacks: QuacksStats) -> list[Bar]:
    """Average VP gained in each round that has VP numbers, round 1 first."""
    return [
        Bar(r.round, str(r.round), r.average_vp, decimal(r.average_vp), str(r.round))
        for r in quacks.by_round if r.vp_seats
    ]


def explosion_bars(quacks: QuacksStats) -> list[Bar]:
    """The share of pots that exploded in each round (in percent)."""
    return [
        Bar(r.round, str(r.round), r.explosion_rate * 100, percent(r.explosion_rate), str(r.round))
        for r in quacks.by_round if r.seats
    ]


def quacks_controls(model: AppModel, quacks: QuacksStats) -> list[ft.Control]:
    if not quacks.rounds:
        return [line(model.tr("stats.rounds_none"))]
    colour = style("quacks")[0]
    vp, booms = vp_bars(quacks), explosion_bars(quacks)

    def round_name(bar: Bar) -> str:
        return model.tr("stats.round", n=bar.key)

    controls: list[ft.Control] = [
        line(model.tr("stats.explosion_line", rate=percent(quacks.explosion_rate), explosions=quacks.explosions,
                      rounds=quacks.rounds)),
        line(model.tr("stats.vp_line", vp=decimal(quacks.average_vp))),
    ]
    rounds = model.tr("stats.rounds_axis")
    if vp:
        controls += chart(model.tr("stats.vp_chart"), vp, round_name, colour=lambda bar: colour,
                          axis_label=lambda bar: axis_text(bar.axis), x_title=rounds)
    if booms:
        controls += chart(model.tr("stats.explosion_chart"), booms, round_name, percent_scale=True,
                          colour=lambda bar: EXPLODED, axis_label=lambda bar: axis_text(bar.axis), x_title=rounds)
    return controls


def stats_sections(model: AppModel, stats: GameStats) -> list[tuple[str, list[ft.Control]]]:
    """The pots and victory points section, where the game's numbers have any."""
    if stats.quacks is None:
        return []
    return [(model.tr("stats.quacks"), quacks_controls(model, stats.quacks))]
