"""The statistics screen's building blocks (flet-charts and plain Flet), sized for a 360 px phone:
a titled card, a line of text, a bar chart, bars named in words, and the captures section that
two games share. The games' own sections (views/<game>/stats.py) are made of these.

A bar chart is drawn from `Bar`s (views/stats_data.py): the bars' values are written above them
(the top axis) so nobody has to read heights off a scale, the axes say what they count, and the
whole chart carries a semantics label with the same numbers for a screen reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft
import flet_charts as fch

from db.stats import GameStats
from views.model import AppModel
from views.stats_data import Bar, axis_ticks, caption, chart_top, decimal
from views.ui import heading

CHART_HEIGHT = 200
BAR_ROW = 28  # one named bar's height: its name and count in a readable size
Tr = Callable[..., str]


def rod_width(count: int) -> float:
    """Thick bars for a few games, thin ones for many; all fit 300 px."""
    return float(max(8, min(28, 200 // max(count, 1))))


def section(title_text: str, *controls: ft.Control) -> ft.Control:
    card = ft.Card(expand=True, content=ft.Container(
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
        content=ft.Column(spacing=8, controls=[heading(title_text), *controls]),
    ))
    return ft.Row(controls=[card])  # the card fills the column's width, however short its lines


def line(text: str, size: int = 15, muted: bool = False) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT if muted else None)


def axis_text(text: str) -> ft.Control:
    return ft.Text(text, size=12)


def bar_chart(
    bars: Sequence[Bar],
    *,
    top: float,
    colour: Callable[[Bar], str],
    axis_label: Callable[[Bar], ft.Control],
    semantics: str,
    unit: str = "",
    whole: bool = False,
    x_title: str | None = None,
) -> ft.Control:
    """A bar chart of `bars` from 0 to `top`; `unit` follows the left axis's numbers ("%");
    `whole`: the values are counts, labelled in whole numbers only; `x_title` names what the
    bottom axis counts ("Round")."""
    width = rod_width(len(bars))
    ticks = axis_ticks(top, whole)
    small = 12
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(x=bar.x, rods=[
                fch.BarChartRod(from_y=0, to_y=bar.value, width=width, color=colour(bar),
                                border_radius=ft.BorderRadius.only(top_left=4, top_right=4),
                                tooltip=bar.shown),
            ])
            for bar in bars
        ],
        min_y=0,
        max_y=top,
        interactive=False,
        animation=ft.Animation(duration=ft.Duration(milliseconds=0), curve=ft.AnimationCurve.LINEAR),
        group_alignment=ft.MainAxisAlignment.SPACE_AROUND,
        horizontal_grid_lines=fch.ChartGridLines(interval=ticks[1], color=ft.Colors.OUTLINE_VARIANT, width=1),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE)),
        left_axis=fch.ChartAxis(
            label_size=40,
            labels=[fch.ChartAxisLabel(value=value, label=ft.Text(f"{decimal(value)}{unit}", size=small))
                    for value in ticks],
        ),
        top_axis=fch.ChartAxis(
            label_size=22,
            labels=[fch.ChartAxisLabel(value=bar.x, label=ft.Text(bar.shown, size=small, weight=ft.FontWeight.BOLD))
                    for bar in bars],
        ),
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[fch.ChartAxisLabel(value=bar.x, label=axis_label(bar)) for bar in bars],
            title=ft.Text(x_title, size=small, color=ft.Colors.ON_SURFACE_VARIANT) if x_title else None,
            title_size=18 if x_title else 0,
        ),
        right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        height=CHART_HEIGHT + (18 if x_title else 0),
    )
    return ft.Semantics(label=semantics, container=True, exclude_semantics=True, content=chart)


def chart(title: str, bars: list[Bar], name: Callable[[Bar], str], *, colour: Callable[[Bar], str],
          axis_label: Callable[[Bar], ft.Control], percent_scale: bool = False, whole: bool = False,
          legend: bool = True, x_title: str | None = None) -> list[ft.Control]:
    """A titled bar chart; its numbers are its semantics label and, with `legend`, a line under it."""
    text = caption(title, bars, name)
    controls: list[ft.Control] = [
        line(title, 15),
        bar_chart(bars, top=chart_top(bars, percent_scale=percent_scale, whole=whole),
                  unit="%" if percent_scale else "", whole=whole, colour=colour, axis_label=axis_label,
                  semantics=text, x_title=x_title),
    ]
    if legend:
        controls.append(line(text, 13, muted=True))
    return controls


def named_bars(title: str, bars: Sequence[Bar], name: Callable[[Bar], str], colour: str) -> list[ft.Control]:
    """Bars lying down, each with its name beside it in words (a chart whose axis would need
    eighteen long names): the longest bar fills the row, the count follows it."""
    top = max((bar.value for bar in bars), default=0.0) or 1.0
    rows: list[ft.Control] = [
        ft.Row(spacing=8, height=BAR_ROW, controls=[
            ft.Text(name(bar), size=13, width=130, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Container(expand=True, content=ft.Row(spacing=6, controls=[
                ft.Container(expand=max(1, round(bar.value / top * 100)), height=16, bgcolor=colour,
                             border_radius=ft.BorderRadius.only(top_right=4, bottom_right=4)),
                *([ft.Container(expand=100 - round(bar.value / top * 100))] if bar.value < top else []),
            ])),
            ft.Text(bar.shown, size=13, weight=ft.FontWeight.BOLD, width=32, text_align=ft.TextAlign.END),
        ])
        for bar in bars
    ]
    return [line(title, 15), ft.Semantics(label=caption(title, bars, name), container=True,
                                          exclude_semantics=True, content=ft.Column(spacing=2, controls=rows))]


def captures_sections(model: AppModel, stats: GameStats) -> list[tuple[str, list[ft.Control]]]:
    """The captures of a game that counts them (its `detail` names each seat's captures)."""
    captures = stats.captures
    if captures is None:
        return []
    text = (model.tr("stats.captures_line", total=captures.total, average=decimal(captures.average),
                     most=captures.most)
            if captures.seats else model.tr("stats.captures_none"))
    return [(model.tr("stats.captures"), [line(text)])]
