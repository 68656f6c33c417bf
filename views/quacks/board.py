"""The table around the pots: the round indicator, the scoreboard with the score track and the
rat tails between the players, the evaluation's steps A–F with its running tallies, the result."""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from companion.game import Outcome
from companion.quacks.data import ROUNDS
from companion.quacks.screen_board import SeatScore, TallyLine, scores, tails_between
from views.quacks.pieces import RAT, chip_disc
from views.quacks.words import Words
from views.ui import colour_dot, end_card

STEPS = ("A", "B", "C", "D", "E", "F")


def round_indicator(words: Words, round_: int, over: bool) -> ft.Control:
    """Rounds 1–9 as numbered dots: the rounds played filled, this round ringed."""
    dots: list[ft.Control] = []
    for n in range(1, ROUNDS + 1):
        now = n == round_ and not over
        done = n < round_ or over
        dots.append(ft.Container(
            width=28, height=28, shape=ft.BoxShape.CIRCLE, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY if now else ft.Colors.PRIMARY_CONTAINER if done else None,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            content=ft.Text(str(n), size=12, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY if now else ft.Colors.ON_PRIMARY_CONTAINER)))
    said = words.tr("quacks_ui.round_of", round=round_, rounds=ROUNDS)
    return ft.Semantics(label=said, container=True, exclude_semantics=True,
                        content=ft.Row(key="rounds", spacing=4, wrap=True, controls=dots))


def score_line(words: Words, row: SeatScore, colour: str, leader: bool) -> ft.Control:
    behind = (words.tr("quacks_ui.leader") if leader else
              words.tr("quacks_ui.behind", rats=row.behind))
    flask = words.tr("quacks_ui.flask_full" if row.flask else "quacks_ui.flask_empty")
    return ft.Container(key=f"score-{row.seat}", padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                        border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER, content=ft.Column(spacing=2, controls=[
                            ft.Row(spacing=8, controls=[
                                colour_dot(colour, 20),
                                ft.Text(words.name(row.seat), size=16, weight=ft.FontWeight.BOLD, expand=True),
                                ft.Text(words.tr("quacks_ui.vp", vp=row.vp), size=16, weight=ft.FontWeight.BOLD),
                            ]),
                            ft.Text(words.tr("quacks_ui.score_detail", rubies=row.rubies, droplet=row.droplet,
                                             flask=flask, behind=behind), size=13),
                        ]))


def score_track(words: Words, rows: tuple[SeatScore, ...], colours: Mapping[int, str]) -> ft.Control:
    """The stretch of the score track the players are on: one cell per VP, each player's marker
    on their score, a rat tail mark after every space that carries one (QK-5)."""
    low = max(min(r.vp for r in rows) - 1, 0)
    high = max(r.vp for r in rows) + 2
    tails = set(tails_between(low, high))
    cells: list[ft.Control] = []
    for vp in range(low, high):
        here = [r.seat for r in rows if r.vp == vp]
        marks: list[ft.Control] = [ft.Container(width=8, height=8, shape=ft.BoxShape.CIRCLE,
                                                bgcolor=colours.get(s, "#888888")) for s in here]
        cells.append(ft.Container(
            expand=True, height=40, border=ft.Border.all(0.5, ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if here else None,
            content=ft.Column(spacing=1, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(str(vp), size=8), *marks])))
        if vp in tails:
            cells.append(ft.Container(width=3, height=40, bgcolor=RAT))
    leader = max(r.vp for r in rows)
    lines = [words.tr("quacks_ui.tails_between", name=words.name(r.seat), rats=r.behind)
             for r in rows if r.vp < leader]
    said = words.tr("quacks_ui.track_said", low=low, high=high - 1, lines="; ".join(lines) or
                    words.tr("quacks_ui.all_level"))
    return ft.Semantics(label=said, container=True, exclude_semantics=True,
                        content=ft.Column(key="score-track", spacing=4, controls=[
                            ft.Row(spacing=0, controls=cells),
                            *([ft.Row(spacing=6, controls=[ft.Container(width=10, height=14, bgcolor=RAT),
                                                           ft.Text(words.tr("quacks_ui.tail_legend"), size=12)])]
                              if tails else []),
                        ]))


def scoreboard(words: Words, colours: Mapping[int, str]) -> ft.Control:
    rows = scores(words.state)
    leader = max(r.vp for r in rows)
    return ft.Column(key="scoreboard", spacing=6, controls=[
        ft.Text(words.tr("quacks_ui.scoreboard"), size=18, weight=ft.FontWeight.BOLD),
        *(score_line(words, row, colours.get(row.seat, "#888888"), row.vp == leader) for row in rows),
        score_track(words, rows, colours),
    ])


def steps_row(words: Words, step: str | None) -> ft.Control:
    """The evaluation's steps A–F: done ones filled, the current one lit."""
    current = STEPS.index(step) if step in STEPS else len(STEPS)
    boxes: list[ft.Control] = []
    for index, name in enumerate(STEPS):
        now = index == current
        boxes.append(ft.Container(
            key=f"step-{name}", expand=True, padding=ft.Padding.symmetric(vertical=4), border_radius=8,
            bgcolor=ft.Colors.PRIMARY if now else ft.Colors.PRIMARY_CONTAINER if index < current else None,
            border=ft.Border.all(1, ft.Colors.PRIMARY),
            content=ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(name, size=16, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if now else None),
                ft.Text(words.tr(f"quacks_ui.step.{name}"), size=10, text_align=ft.TextAlign.CENTER,
                        color=ft.Colors.ON_PRIMARY if now else None),
            ])))
    said = words.tr("quacks_ui.step_said", step=step or "-", what=words.tr(f"quacks_ui.step.{step}")
                    if step in STEPS else "")
    return ft.Semantics(label=said, container=True, exclude_semantics=True,
                        content=ft.Row(key="steps", spacing=4, controls=boxes))


def tally_card(words: Words, line: TallyLine, colour: str) -> ft.Control:
    flags: list[str] = []
    if line.exploded:
        flags.append(words.tr("quacks_ui.flag.protected" if line.protected else "quacks_ui.flag.exploded"))
    if line.roller:
        flags.append(words.tr("quacks_ui.flag.roller"))
    if line.choice is not None:
        flags.append(words.tr(f"quacks_ui.flag.choice_{line.choice}"))
    flask = words.tr("quacks_ui.flask_full" if line.flask else "quacks_ui.flask_empty")
    return ft.Container(key=f"tally-{line.seat}", padding=10, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                        content=ft.Column(spacing=4, controls=[
                            ft.Row(spacing=8, controls=[
                                colour_dot(colour, 20),
                                ft.Text(words.name(line.seat), size=16, weight=ft.FontWeight.BOLD, expand=True),
                                ft.Text(" · ".join(flags), size=13, color=ft.Colors.ERROR if line.exploded else None),
                            ]),
                            ft.Text(words.tr("quacks_ui.scoring", space=words.space(line.space)), size=14),
                            ft.Text(words.tr("quacks_ui.tally", vp=line.vp, rubies=line.rubies, droplet=line.droplet,
                                             flask=flask), size=13),
                            *([ft.Row(wrap=True, spacing=4, controls=[
                                ft.Text(words.tr("quacks_ui.into_bag"), size=13),
                                *(chip_disc(code, 24) for code in line.gained)])] if line.gained else []),
                        ]))


def result_card(words: Words, outcome: Outcome) -> ft.Control:
    """The final places (QK-16), best first, with the VP."""
    places = [words.tr("quacks_ui.place_line", place=outcome.placing(seat), name=words.name(seat),
                       vp=outcome.scores.get(seat, 0)) for group in outcome.places for seat in group]
    winners = " & ".join(words.name(seat) for seat in outcome.winners)
    return end_card(words.tr("quacks_ui.winner", names=winners), places)
