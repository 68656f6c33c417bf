"""New match: choose saved players (or add new ones) in seat order, teams, house rules."""

from __future__ import annotations

import flet as ft

from companion.games import GAMES
from db import SeatSpec, StoreError
from views.games import game_views
from views.model import AppModel, Screen
from views.ui import COLOUR_NAMES, PLAYER_COLOURS, icon_button, switch_row, TAP, body, colour_dot, heading


def seat_teams(count: int) -> dict[int, int]:
    """Partners sit opposite: seats 1 and 3 are team 1, seats 2 and 4 team 2."""
    return {seat: 1 + (seat + 1) % 2 for seat in range(1, count + 1)}


def first_free_colour(players) -> str:
    """The first colour no saved player wears yet, so new players are told apart at a glance."""
    taken = {p.colour for p in players}
    return next((c for c in PLAYER_COLOURS if c not in taken), PLAYER_COLOURS[0])


@ft.component
def NewMatch(model: AppModel, screen: Screen) -> ft.Control:
    game = screen.get("game")
    info = GAMES[game]
    views = game_views(game)
    chosen, set_chosen = ft.use_state(())  # player ids in seat order
    name, set_name = ft.use_state("")
    colour, set_colour = ft.use_state(lambda: first_free_colour(model.store.players()))
    teams, set_teams = ft.use_state(False)
    house, set_house = ft.use_state(lambda: {rule.key: rule.default for rule in views.house_rules})
    problem, set_problem = ft.use_state(None)
    _ = model.data_version

    players = model.store.players()
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

    def add_player() -> None:
        clean = name.strip()
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
        set_name("")
        set_problem(None)
        set_chosen((*chosen, player.id))
        set_colour(first_free_colour([*players, player]))
        model.changed()

    def start() -> None:
        count = len(chosen)
        if not info.min_players <= count <= info.max_players:
            if info.min_players == info.max_players:
                set_problem(model.tr("new.need_players_exact", game=model.tr(f"game.{game}"),
                                     count=info.min_players, chosen=count))
            else:
                set_problem(model.tr("new.need_players", game=model.tr(f"game.{game}"),
                                     low=info.min_players, high=info.max_players, count=count))
            return
        team_of = seat_teams(count) if (teams and info.teams and count == 4) else {}
        seats = [SeatSpec(player_id=pid, seat=i + 1, team=team_of.get(i + 1)) for i, pid in enumerate(chosen)]
        setup = {"house_rules": dict(house), "teams": bool(team_of)}
        try:
            match_id = model.store.create_match(game, setup, seats)
        except StoreError as refused:
            set_problem(refused.message(model.lang))
            return
        model.changed()
        model.replace("match", id=match_id)

    player_buttons = [
        (ft.FilledTonalButton if p.id in chosen else ft.OutlinedButton)(
            content=ft.Text(p.name, size=16),
            icon=ft.Icons.CHECK_CIRCLE if p.id in chosen else ft.Icons.CIRCLE,
            icon_color=p.colour,
            height=TAP,
            on_click=lambda e, pid=p.id: toggle(pid),
        )
        for p in players
    ]
    seat_rows = [
        ft.ListTile(
            leading=colour_dot(by_id[pid].colour, 24),
            title=ft.Text(model.tr("new.seat", seat=i + 1) + f" · {by_id[pid].name}", size=16),
            subtitle=ft.Text(model.tr("new.team", team=seat_teams(len(chosen))[i + 1]))
            if teams and info.teams and len(chosen) == 4 else None,
            trailing=icon_button(ft.Icons.ARROW_UPWARD, model.tr("new.move_up", name=by_id[pid].name),
                                   on_click=lambda e, p=pid: move_up(p), disabled=i == 0),
            min_height=TAP,
        )
        for i, pid in enumerate(chosen) if pid in by_id
    ]
    colour_choices = ft.Row(wrap=True, spacing=6, controls=[
        ft.Container(
            content=ft.Icon(ft.Icons.CIRCLE, color=c, size=36, semantics_label=model.tr(COLOUR_NAMES[c])), padding=2, border_radius=24,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if c == colour else None,
            on_click=lambda e, c=c: set_colour(c), tooltip=model.tr(COLOUR_NAMES[c]),
        )
        for c in PLAYER_COLOURS
    ])
    options: list[ft.Control] = []
    if info.teams:
        options.append(switch_row(model.tr("new.teams"), teams, set_teams))
    for rule in views.house_rules:
        options.append(switch_row(model.tr(rule.label), house.get(rule.key, rule.default),
                                  lambda on, k=rule.key: set_house({**house, k: on})))

    return body(
        heading(model.tr("new.pick_players")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=player_buttons) if players
        else ft.Text(model.tr("new.no_players")),
        heading(model.tr("new.add_player")),
        ft.Row(controls=[
            ft.TextField(label=model.tr("new.player_name"), value=name, expand=True, max_length=40,
                         on_change=lambda e: set_name(e.control.value), on_submit=lambda e: add_player()),
            ft.FilledButton(content=model.tr("new.add_player"), icon=ft.Icons.PERSON_ADD, height=TAP,
                            on_click=lambda: add_player()),
        ]),
        ft.Text(model.tr("new.player_colour")),
        colour_choices,
        *([heading(model.tr("new.seat_order")), ft.Card(content=ft.Column(spacing=0, controls=seat_rows))] if seat_rows else []),
        *([heading(model.tr("new.house_rules")), *options] if options else []),
        *([ft.Text(problem, color=ft.Colors.ERROR, size=15)] if problem else []),
        ft.FilledButton(content=ft.Text(model.tr("new.start"), size=18), icon=ft.Icons.PLAY_ARROW,
                        height=TAP + 8, on_click=lambda: start()),
    )
