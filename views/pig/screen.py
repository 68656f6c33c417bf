"""The Pig match screen: scores, the turn total, the die pad, hold, and what happened last.

Every number comes from the engine's state and events; a tap is one entry in the log.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.pig import FACES
from views.live import LiveMatch
from views.model import AppModel
from views.pig.log import events_text
from views.screens.match import MatchTools, refusal_banner
from views.ui import TAP, body, colour_dot


def score_row(model: AppModel, live: LiveMatch, seat: int, rolling: bool) -> ft.Control:
    score = live.state.scores[seat]
    return ft.Container(
        key=f"seat-{seat}", padding=10, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if rolling else ft.Colors.SURFACE_CONTAINER,
        content=ft.Row(controls=[
            colour_dot(live.colours.get(seat, "#888888"), 24),
            ft.Text(live.name(seat), size=17, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(model.tr("pig_ui.score", score=score), size=17),
        ]),
    )


@ft.component
def PigScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    seen = live.seq  # every tap below names this rendering (one tap, one entry)
    state = live.state
    outcome = live.outcome
    rolling = live.session.to_move()

    def tap(action: dict[str, Any]) -> None:
        live.apply(action, seen=seen)

    controls: list[ft.Control] = [ft.Text(model.tr("pig_ui.target", target=state.target), size=14)]
    controls += [score_row(model, live, seat, seat == rolling) for seat in range(len(state.scores))]
    banner = refusal_banner(model, live)
    if banner is not None:
        controls.append(banner)
    history = live.session.history
    last = events_text(model.tr, history[-1].events, live.names) if history else None
    if last:
        controls.append(ft.Text(last, size=15, key="last"))
    if outcome.over:
        (winner,) = outcome.winners
        controls.append(ft.Text(model.tr("pig_ui.winner", name=live.name(winner), score=state.scores[winner]),
                                size=22, weight=ft.FontWeight.BOLD, key="result"))
    else:
        controls.append(ft.Text(model.tr("pig_ui.turn", name=live.name(rolling), total=state.turn_total),
                                size=18, weight=ft.FontWeight.BOLD, key="prompt"))
        controls.append(ft.Row(spacing=6, controls=[
            ft.OutlinedButton(content=ft.Text(str(face), size=20), height=TAP, expand=True, key=f"face-{face}",
                              tooltip=model.tr("pig_ui.face", face=face),
                              on_click=lambda e, face=face: tap({"roll": face}))
            for face in FACES
        ]))
        controls.append(ft.Row(spacing=8, controls=[
            ft.OutlinedButton(content=model.tr("pig_ui.roll"), icon=ft.Icons.CASINO, height=TAP, expand=True,
                              key="roll", on_click=lambda: live.roll(seen=seen)),
            ft.FilledButton(content=model.tr("pig_ui.hold", total=state.turn_total), icon=ft.Icons.SAVINGS,
                            height=TAP, expand=True, key="hold", on_click=lambda: tap({"hold": True})),
        ]))
    controls.append(MatchTools(model, live))
    return body(*controls)
