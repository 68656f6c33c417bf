"""New match: saved players (or new ones) in seat order, and the game's own set-up options.

The options come from the game's record (typed: switch, choice or number) or from the game's
own set-up form; the store checks the set-up with the game before it creates the match.
"""

from __future__ import annotations

from typing import Any, cast

import flet as ft

from companion.game import Game, Option
from companion.games import game as game_record
from db import SeatSpec, StoreError
from views.games import GameViews, game_views
from views.hooks import use_lazy_state, use_ref, use_state
from views.model import PLAYERS, AppModel, Screen
from views.reading import use_reads
from views.ui import COLOUR_NAMES, PLAYER_COLOURS, TAP, body, colour_dot, field_text, heading, icon_button, switch_row


def first_free_colour(players: Any) -> str:
    """The first colour no saved player wears yet, so new players are told apart at a glance."""
    taken = {p.colour for p in players}
    return next((c for c in PLAYER_COLOURS if c not in taken), PLAYER_COLOURS[0])


def option_label(model: AppModel, game: Game, views: GameViews, option: Option) -> str:
    key = (views.option_labels or {}).get(option.key, f"{game.id}_ui.option.{option.key}")
    text = model.tr(key)
    return f"{text} ({option.rule})" if option.rule else text


def option_control(model: AppModel, game: Game, views: GameViews, option: Option, value: Any,
                   change: Any) -> ft.Control:
    """One typed option as a control: a switch, a row of choice buttons, or a number field."""
    label = option_label(model, game, views, option)
    if option.kind == "bool":
        return switch_row(label, bool(value), change)
    if option.kind == "choice":
        return ft.Column(spacing=4, controls=[
            ft.Text(label, size=15),
            ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
                (ft.FilledTonalButton if choice == value else ft.OutlinedButton)(
                    content=model.tr(f"{game.id}_ui.option.{option.key}.{choice}"), height=TAP,
                    key=f"option-{option.key}-{choice}", on_click=lambda e, c=choice: change(c))
                for choice in option.choices
            ]),
        ])
    return ft.TextField(label=label, value=str(value), keyboard_type=ft.KeyboardType.NUMBER, height=TAP + 8,
                        on_change=lambda e: change(int(e.control.value) if e.control.value.strip().isdigit()
                                                   else e.control.value))


@ft.component
def NewMatch(model: AppModel, screen: Screen) -> ft.Control:
    game_id = screen.get("game")
    game = game_record(game_id)
    views = game_views(game_id) if game is not None else None
    if game is None or views is None:
        return body(ft.Text(model.tr("new.not_playable", game=model.tr(f"game.{game_id}")), size=16))
    if not use_reads(model, [PLAYERS]):  # the saved players, read off the app's thread
        return body(ft.ProgressRing(width=24, height=24))
    return NewMatchForm(model, game, views)


@ft.component
def NewMatchForm(model: AppModel, game: Game, views: GameViews) -> ft.Control:
    info = game
    chosen, set_chosen = use_state(tuple[int, ...]())  # player ids in seat order
    typed = use_ref("")  # the name field as last typed (the field itself is the player's: field_text)
    drawn = use_ref(False)
    added, set_added = use_state(0)  # players added here: a new name field (empty) after each
    colour, set_colour = use_lazy_state(lambda: first_free_colour(model.players()))
    setup, set_setup = use_lazy_state(game.defaults)
    problem, set_problem = use_state(cast("str | None", None))

    players = model.players()  # memoised on the data version: typing a name reads nothing
    by_id = {p.id: p for p in players}

    def toggle(player_id: int) -> None:
        set_problem(None)
        if player_id in chosen:
            set_chosen(tuple(p for p in chosen if p != player_id))
        else:
            set_chosen((*chosen, player_id))

    def move_up(player_id: int) -> None:
        order = list(chosen)
        i = order.index(player_id)
        if i > 0:
            order[i - 1], order[i] = order[i], order[i - 1]
            set_chosen(tuple(order))

    def type_name(value: str) -> None:
        typed.current = value

    def add_player() -> None:
        clean = (typed.current or "").strip()
        if not clean:
            set_problem(model.tr("new.name_required"))
            return
        if any(p.name == clean for p in players):
            set_problem(model.tr("new.name_taken", name=clean))
            return
        try:
            player = model.store.add_player(clean, colour)
        except StoreError as refused:  # e.g. the same name in other letter case, or too long
            set_problem(refused.message(model.lang))
            return
        typed.current = ""
        set_added(added + 1)
        set_problem(None)
        set_chosen((*chosen, player.id))
        set_colour(first_free_colour([*players, player]))
        model.changed()

    def start() -> None:
        count = len(chosen)
        if count not in info.player_counts:
            if info.min_players == info.max_players:
                set_problem(model.tr("new.need_players_exact", game=model.tr(f"game.{game.id}"),
                                     count=info.min_players, chosen=count))
            else:
                set_problem(model.tr("new.need_players", game=model.tr(f"game.{game.id}"),
                                     low=info.min_players, high=info.max_players, count=count))
            return
        seats = [SeatSpec(player_id=pid, seat=i) for i, pid in enumerate(chosen)]
        try:  # the store asks the game: options, player count and the engine's own checks
            match_id = model.store.create_match(game.id, dict(setup), seats)
        except StoreError as refused:
            set_problem(refused.message(model.lang))
            return
        model.changed()
        model.replace("match", id=match_id)

    player_buttons: list[ft.Control] = [
        (ft.FilledTonalButton if p.id in chosen else ft.OutlinedButton)(
            content=ft.Text(p.name, size=16),
            icon=ft.Icons.CHECK_CIRCLE if p.id in chosen else ft.Icons.CIRCLE,
            icon_color=p.colour,
            height=TAP,
            on_click=lambda e, pid=p.id: toggle(pid),
        )
        for p in players
    ]
    seat_rows: list[ft.Control] = [
        ft.ListTile(
            leading=colour_dot(by_id[pid].colour, 24),
            title=ft.Text(model.tr("new.seat", seat=i + 1) + f" · {by_id[pid].name}", size=16),
            trailing=icon_button(ft.Icons.ARROW_UPWARD, model.tr("new.move_up", name=by_id[pid].name),
                                   on_click=lambda e, p=pid: move_up(p), disabled=i == 0),
            min_height=TAP,
        )
        for i, pid in enumerate(chosen) if pid in by_id
    ]
    colour_choices = ft.Row(wrap=True, spacing=6, controls=[
        ft.Container(
            content=ft.Icon(ft.Icons.CIRCLE, color=c, size=36, semantics_label=model.tr(COLOUR_NAMES[c])),
            padding=2, border_radius=24,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if c == colour else None,
            on_click=lambda e, c=c: set_colour(c), tooltip=model.tr(COLOUR_NAMES[c]),
        )
        for c in PLAYER_COLOURS
    ])
    options: list[ft.Control] = []
    if views.setup_form is not None:  # the game's own form (colours, teams, books, dealer ...)
        options.append(views.setup_form(model, setup, set_setup, len(chosen),
                                        seats=tuple(by_id[pid] for pid in chosen if pid in by_id)))
    else:
        options.extend(
            option_control(model, game, views, option, setup.get(option.key, option.default),
                           lambda value, k=option.key: set_setup({**setup, k: value}))
            for option in game.options
        )

    return body(
        heading(model.tr("new.pick_players")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=player_buttons) if players
        else ft.Text(model.tr("new.no_players")),
        heading(model.tr("new.add_player")),
        ft.Row(controls=[
            ft.TextField(label=model.tr("new.player_name"), value=field_text("", drawn), expand=True, max_length=40,
                         key=f"player-name-{added}",
                         on_change=lambda e: type_name(e.control.value), on_submit=lambda e: add_player()),
            ft.FilledButton(content=model.tr("new.add_player"), icon=ft.Icons.PERSON_ADD, height=TAP,
                            on_click=lambda: add_player()),
        ]),
        ft.Text(model.tr("new.player_colour")),
        colour_choices,
        *([heading(model.tr("new.seat_order")), ft.Card(content=ft.Column(spacing=0, controls=seat_rows))]
          if seat_rows else []),
        *([heading(model.tr(views.options_heading)), *options] if options else []),
        *([ft.Text(problem, color=ft.Colors.ERROR, size=15)] if problem else []),
        ft.FilledButton(content=ft.Text(model.tr("new.start"), size=18), icon=ft.Icons.PLAY_ARROW,
                        height=TAP + 8, on_click=lambda: start()),
    )
