"""Match history: every stored match, newest first; open, resume or delete (with confirmation)."""

from __future__ import annotations

import flet as ft

from companion.games import LINEUP
from views.model import AppModel, Screen
from views.ui import TAP, body, confirm_dialog, game_style, icon_button

STATUS_KEYS = {"active": "match.active", "finished": "match.finished", "abandoned": "match.abandoned"}


def summary(model: AppModel, info) -> str:
    parts = []
    for p in sorted(info.participants, key=lambda p: p.seat):
        parts.append(f"{p.name} {p.final_score}" if p.final_score is not None else p.name)
    when = info.started_at.strftime("%Y-%m-%d %H:%M")
    return f"{' · '.join(parts)}\n{model.tr(STATUS_KEYS.get(info.status, 'match.active'))} · {when}"


@ft.component
def History(model: AppModel, screen: Screen) -> ft.Control:
    game_filter, set_game_filter = ft.use_state(None)
    doomed, set_doomed = ft.use_state(None)  # the match waiting for delete confirmation
    _ = model.data_version
    unfinished = [m for m in model.unfinished() if game_filter in (None, m.game)]
    ended = model.memoised(("history", game_filter),
                           lambda: model.store.history(limit=200, game=game_filter, include_abandoned=True))
    matches = sorted(unfinished + ended, key=lambda m: (m.started_at, m.id), reverse=True)

    def delete() -> None:
        info = doomed
        set_doomed(None)
        model.store.delete_match(info.id)
        model.forget_match(info.id)
        model.say(model.tr("history.deleted", id=info.id))
        model.changed()

    ft.use_dialog(confirm_dialog(
        model.tr("app.delete"),
        model.tr("history.delete_confirm", id=doomed.id, game=model.tr(f"game.{doomed.game}"),
                 count=doomed.event_count),
        model.tr("app.delete"), model.tr("app.cancel"), delete, lambda: set_doomed(None),
    ) if doomed else None)

    filters = ft.Row(wrap=True, spacing=8, controls=[
        ft.Chip(label=ft.Text(model.tr("history.all_games")), selected=game_filter is None,
                on_select=lambda e: set_game_filter(None)),
        *[ft.Chip(label=ft.Text(model.tr(f"game.{g}")), selected=game_filter == g,
                  on_select=lambda e, g=g: set_game_filter(g)) for g in LINEUP],
    ])
    if not matches:
        return body(filters, ft.Text(model.tr("history.empty"), size=16))
    tiles = [
        ft.ListTile(
            leading=ft.Icon(game_style(m.game)[1], color=game_style(m.game)[0]),
            title=ft.Text(f"{model.tr(f'game.{m.game}')} · #{m.id}"),
            subtitle=ft.Text(summary(model, m)),
            is_three_line=True,
            min_height=TAP,
            on_click=lambda e, m=m: model.go("match", id=m.id),
            trailing=icon_button(ft.Icons.DELETE_OUTLINE, f"{model.tr('app.delete')} #{m.id}",
                                   on_click=lambda e, m=m: set_doomed(m)),
        )
        for m in matches
    ]
    return body(filters, ft.Card(content=ft.Column(spacing=0, controls=tiles)))
