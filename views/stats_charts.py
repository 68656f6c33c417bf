"""Bar charts for the statistics screen (flet-charts), sized for a 360 px phone.

A chart is drawn from `Bar`s (views/stats_data.py): the bars' values are written above them
(the top axis) so nobody has to read heights off a scale, and the whole chart carries a
semantics label with the same numbers for a screen reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft
import flet_charts as fch

from views.stats_data import Bar, axis_ticks, decimal

CHART_HEIGHT = 200


def rod_width(count: int) -> float:
    """Thick bars for a few games, thin ones for eighteen hand patterns; all fit 300 px."""
    return float(max(8, min(28, 200 // max(count, 1))))


def bar_chart(
    bars: Sequence[Bar],
    *,
    top: float,
    colour: Callable[[Bar], str],
    axis_label: Callable[[Bar], ft.Control],
    semantics: str,
    unit: str = "",
    whole: bool = False,
) -> ft.Control:
    """A bar chart of `bars` from 0 to `top`; `unit` follows the left axis's numbers ("%");
    `whole`: the values are counts, labelled in whole numbers only."""
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
        ),
        right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        height=CHART_HEIGHT,
    )
    return ft.Semantics(label=semantics, container=True, exclude_semantics=True, content=chart)
