"""The history's pieces on screen: the filter controls (game chips, a player, two days), a match's
row, and deleting a match with an Undo for the rest of the session (used by the record page too).
The words come from views/history_data.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from db import StoreError
from db.history import delete_match_recoverably
from db.history import restore as restore_match
from views.games import style
from views.history_data import Filters, RowView, row_text, row_title
from views.hooks import use_ref
from views.model import AppModel
from views.ui import TAP, confirm_dialog, game_chips, icon_button

EVERYONE = "everyone"  # the player picker's key for no one player


# -- delete with undo ------------------------------------------------------------------------------
def delete_with_undo(model: AppModel, match_id: int) -> bool:
    """Delete a match, keeping its snapshot on the model so that Undo can put it back."""
    try:
        snapshot = delete_match_recoverably(model.store, match_id)
    except StoreError as error:
        model.say(error.message(model.lang))
        return False
    model.keep_deleted(snapshot)
    model.forget_match(match_id)
    model.changed()
    return True


def undo_delete(model: AppModel, match_id: int) -> int | None:
    """Put back the match deleted in this session; its id (None and a message if it cannot)."""
    snapshot = model.take_deleted(match_id)
    if snapshot is None:
        return None
    try:
        restored = restore_match(model.store, snapshot)
    except StoreError as error:
        model.keep_deleted(snapshot)  # still there to try again
        model.say(error.message(model.lang))
        return None
    model.changed()
    model.say(model.tr("history_ui.restored", id=restored))
    return restored


def undo_banner(model: AppModel) -> ft.Control | None:
    """The newest match deleted in this session, with Undo (and Close, which lets it go)."""
    if not model.deleted:
        return None
    kept = model.deleted[-1]
    text = model.tr("history_ui.deleted", id=kept.match_id, game=model.tr(f"game.{kept.record.game}"))
    return ft.Container(
        key="undo-delete", bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
        padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
        content=ft.Row(wrap=False, controls=[
            ft.Text(text, expand=True, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.FilledTonalButton(content=model.tr("app.undo"), icon=ft.Icons.UNDO, height=TAP,
                                 on_click=lambda: undo_delete(model, kept.match_id)),
            icon_button(ft.Icons.CLOSE, model.tr("app.close"), on_click=lambda: model.take_deleted(kept.match_id)),
        ]),
    )


def delete_dialog(model: AppModel, doomed: RowView | None, on_confirm: Callable[[], Any],
                  on_cancel: Callable[[], Any]) -> ft.AlertDialog | None:
    if doomed is None:
        return None
    return confirm_dialog(
        model.tr("app.delete"),
        model.tr("history_ui.delete_confirm", id=doomed.id, game=model.tr(f"game.{doomed.game}")),
        model.tr("app.delete"), model.tr("app.cancel"), on_confirm, on_cancel,
    )


# -- the filter ------------------------------------------------------------------------------------
def filter_controls(model: AppModel, filters: Filters, games: Sequence[str]) -> list[ft.Control]:
    def pick(**changes: Any) -> None:
        model.replace("history", **filters.route_params(**changes))

    def picked_player(e: Any) -> None:
        key = e.control.value
        pick(player=int(key) if key and key.isdigit() else None)

    chips = game_chips(model.tr, games, filters.game, lambda g: pick(game=None if g == filters.game else g),
                       model.tr("history.all_games"))
    players = [(p.id, p.name, p.colour) for p in model.players()]
    if filters.player_id is not None and filters.player_id not in {p[0] for p in players}:
        players.append((filters.player_id, model.tr("history_ui.player_n", id=filters.player_id), "#9e9e9e"))
    chosen = next((name for pid, name, _ in players if pid == filters.player_id), model.tr("history_ui.everyone"))
    who = ft.Dropdown(
        label=model.tr("history_ui.player"),
        value=str(filters.player_id) if filters.player_id is not None else EVERYONE,
        options=[
            ft.DropdownOption(key=EVERYONE, text=model.tr("history_ui.everyone"), leading_icon=ft.Icons.GROUPS),
            *[ft.DropdownOption(key=str(pid), text=name, leading_icon=ft.Icon(ft.Icons.CIRCLE, color=colour))
              for pid, name, colour in players],
        ],
        enable_search=False, editable=False, expand=True, on_select=picked_player,
        tooltip=f"{model.tr('history_ui.player')}: {chosen}",
    )
    bad = {key for key, _ in filters.problems}
    dates = ft.Row(spacing=8, controls=[
        DateField(model, "since", model.tr("history_ui.since"), model.screen.get("since"),
                  "history_ui.bad_since" in bad, pick),
        DateField(model, "until", model.tr("history_ui.until"), model.screen.get("until"),
                  "history_ui.bad_until" in bad, pick),
    ])
    controls: list[ft.Control] = [
        chips,
        ft.Container(padding=ft.Padding.only(top=4), content=ft.Row(controls=[who])),
        dates,
    ]
    if filters.any or filters.problems:
        controls.append(ft.Row(controls=[ft.TextButton(
            content=model.tr("history_ui.clear_filters"), icon=ft.Icons.FILTER_ALT_OFF, height=TAP,
            key="clear-filters", on_click=lambda: model.replace("history"))]))
    return controls


@ft.component
def DateField(model: AppModel, name: str, label: str, value: Any, wrong: bool,
              pick: Callable[..., Any]) -> ft.Control:
    """A day typed as YYYY-MM-DD; Enter or leaving the field puts it in the address."""
    typed = use_ref(str(value or ""))

    def submit() -> None:
        text = typed.current.strip()
        if text != str(value or ""):
            pick(**{name: text or None})

    def change(e: Any) -> None:
        typed.current = e.control.value or ""

    return ft.TextField(
        label=label, value=str(value or ""), hint_text=model.tr("history_ui.date_hint"), expand=True,
        height=TAP + 8 if not wrong else None, key=f"date-{name}", keyboard_type=ft.KeyboardType.DATETIME,
        error=model.tr("history_ui.date_wrong") if wrong else None,
        on_change=change, on_submit=lambda e: submit(), on_blur=lambda e: submit(),
    )


# -- a row ------------------------------------------------------------------------------------------
def match_tile(model: AppModel, row: RowView, on_delete: Callable[[RowView], Any]) -> ft.Control:
    colour, icon = style(row.game)
    name, match_id = row.destination
    # The delete button stands beside the row, not in it: the row is read out as the match
    # ("Bell's Senet · #3 …"), the button on its own ("Delete match 3").
    return ft.Row(key=f"history-row-{row.id}", spacing=0, controls=[
        ft.Container(expand=True, content=ft.ListTile(
            leading=ft.Icon(icon, color=colour),
            title=ft.Text(row_title(model.tr, row)),
            subtitle=ft.Text(row_text(model.tr, row)),
            is_three_line=True,
            min_height=TAP,
            content_padding=ft.Padding.only(left=12, right=0),
            on_click=lambda e: model.go(name, id=match_id),
        )),
        icon_button(ft.Icons.DELETE_OUTLINE, model.tr("history_ui.delete_n", id=row.id),
                    on_click=lambda e: on_delete(row)),
    ])
