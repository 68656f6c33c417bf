"""Statistics: a player's record per game and head to head; a game's leaders and its own numbers
(each game's sections come from its GameViews: Quacks pots, Senet and Parchís captures, Çävasie
best hands), with bar charts.

The address says what is shown: /stats, /stats?player=3, /stats?game=quacks, or both. The
pickers change the address (model.replace), so a link or the back button shows the same numbers.
Every number comes from db.stats; views/stats_data.py turns it into text and bars.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games import app_games, games
from db import StoreError
from db.stats import GameLeaders, GameRecord, GameStats, PlayerStats, game_stats, leaders, player_stats
from views.games import game_views, score_text, style
from views.model import PLAYERS, AppModel, Screen
from views.reading import Read, Wanted, recall, use_reads
from views.stats_charts import chart, line, section
from views.stats_data import head_to_head_params, record_params, win_rate_bars
from views.ui import body, game_chips

LEADERS_SHOWN = 10  # per game; the overview shows the top three


def title(model: AppModel, screen: Screen) -> str:
    return model.tr("stats.title")


# -- reading -----------------------------------------------------------------------------------------
# Every read is memoised per data version; a refusal (an unknown player) is kept as the error it is.
# A game's numbers over a big store take a while (the whole of Quacks' rounds on 100,000 matches:
# about two seconds), so the screen reads what it lacks off the app's thread (views/reading.py).
def player_key(player_id: int, game: str | None) -> tuple[Any, ...]:
    return ("stats.player", player_id, game)


LEADERS_KEY = ("stats.leaders",)


def game_key(game: str, player_id: int | None = None) -> tuple[Any, ...]:
    return ("stats.game", game, player_id)


def player_read(player_id: int, game: str | None) -> Read:
    return lambda store: player_stats(store, player_id, game)


def game_read(game: str, player_id: int | None = None) -> Read:
    return lambda store: game_stats(store, game, player_id)


def needed(player_id: int | None, game: str | None) -> list[Wanted]:
    """The reads the screen at (player, game) shows, each with its memo key."""
    reads: list[Wanted] = []
    if player_id is not None:
        reads.append((player_key(player_id, game), player_read(player_id, game)))
    if game is not None:
        reads.append((game_key(game), game_read(game)))
        if player_id is not None:
            reads.append((game_key(game, player_id), game_read(game, player_id)))
    elif player_id is None:  # everyone's overview: the leaders only, every game at once
        reads.append((LEADERS_KEY, leaders))
    return reads


def read_player(model: AppModel, player_id: int, game: str | None) -> PlayerStats | StoreError:
    return recall(model, player_key(player_id, game), player_read(player_id, game))


def read_game(model: AppModel, game: str, player_id: int | None = None) -> GameStats | StoreError:
    return recall(model, game_key(game, player_id), game_read(game, player_id))


# -- small pieces ---------------------------------------------------------------------------------
EVERYONE = "everyone"  # the player picker's key for no one player


def pickers(model: AppModel, player_id: int | None, game: str | None, player_name: str | None) -> list[ft.Control]:
    """Whose numbers (a drop-down: a club may have dozens of players) and which game (chips);
    a choice changes the address."""
    def pick(player: int | None, chosen_game: str | None) -> None:
        params = {key: value for key, value in (("player", player), ("game", chosen_game)) if value is not None}
        model.replace("stats", **params)

    def picked_player(e: Any) -> None:
        key = e.control.value
        pick(int(key) if key and key.isdigit() else None, game)

    known = model.recalled(PLAYERS[0])  # read with the numbers; none yet while they are read
    players = [(p.id, p.name, p.colour) for p in known] if isinstance(known, list) else []
    if player_id is not None and player_name is not None and player_id not in {p[0] for p in players}:
        players.append((player_id, player_name, "#9e9e9e"))  # an archived player opened by link
    chosen = player_name if player_id is not None and player_name else model.tr("stats.everyone")
    who = ft.Dropdown(
        label=model.tr("stats.pick_player"),
        value=str(player_id) if player_id is not None else EVERYONE,
        options=[
            ft.DropdownOption(key=EVERYONE, text=model.tr("stats.everyone"), leading_icon=ft.Icons.GROUPS),
            *[ft.DropdownOption(key=str(pid), text=name, leading_icon=ft.Icon(ft.Icons.CIRCLE, color=colour))
              for pid, name, colour in players],
        ],
        enable_search=False,
        editable=False,
        expand=True,
        on_select=picked_player,
        tooltip=f"{model.tr('stats.pick_player')}: {chosen}",
    )
    chips = game_chips(model.tr, app_games([game] if game is not None else []), game,
                       lambda chosen: pick(player_id, chosen), model.tr("stats.all_games"))
    return [
        ft.Container(padding=ft.Padding.only(top=8), content=ft.Row(controls=[who])),
        chips,
    ]


def game_name(model: AppModel, game: str) -> str:
    return model.tr(f"game.{game}")


# -- a player ---------------------------------------------------------------------------------------
def player_sections(model: AppModel, stats: PlayerStats, game: str | None) -> list[ft.Control]:
    if stats.matches == 0:
        empty = (model.tr("stats.player_game_empty", name=stats.name, game=game_name(model, game)) if game
                 else model.tr("stats.player_empty", name=stats.name))
        return [line(empty, 16)]
    controls: list[ft.Control] = [line(model.tr("stats.summary", **record_params(stats)), 16)]
    if game is not None:
        record = stats.game(game)
        if record is not None:
            controls.append(line(model.tr(score_text(game, plural=True), **record_params(record)), 15))
    else:
        controls += chart(
            model.tr("stats.win_rate_chart"), win_rate_bars(stats), lambda bar: game_name(model, bar.key),
            percent_scale=True, colour=lambda bar: style(bar.key)[0],
            axis_label=lambda bar: ft.Icon(style(bar.key)[1], color=style(bar.key)[0], size=20),
            legend=False,  # the games' lines below say it in words
        )
        records = {record.game: record for record in stats.games}
        controls.extend(game_tile(model, records[g], stats.player_id) for g in app_games() if g in records)
    sections = [section(stats.name, *controls)]
    if stats.head_to_head:
        sections.append(section(model.tr("stats.head_to_head"),
                                line(model.tr("stats.head_to_head_hint"), 13, muted=True),
                                *[head_to_head_tile(model, meeting) for meeting in stats.head_to_head]))
    return sections


def game_tile(model: AppModel, record: GameRecord, player_id: int) -> ft.Control:
    """One game's line of a player's record; tapping it opens that game's numbers for them."""
    colour, icon = style(record.game)
    params = record_params(record)
    return ft.ListTile(
        leading=ft.Icon(icon, color=colour),
        title=ft.Text(game_name(model, record.game), weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(f"{model.tr('stats.summary', **params)}\n"
                         f"{model.tr(score_text(record.game, plural=True), **params)}"),
        is_three_line=True,
        content_padding=ft.Padding.only(left=0, right=0),
        on_click=lambda e: model.replace("stats", player=player_id, game=record.game),
    )


def head_to_head_tile(model: AppModel, meeting: Any) -> ft.Control:
    params = head_to_head_params(meeting)
    return ft.ListTile(
        title=ft.Text(meeting.opponent_name, weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(model.tr("stats.head_to_head_line", **params)),
        trailing=ft.Text(params["record"], size=18, weight=ft.FontWeight.BOLD),
        content_padding=ft.Padding.only(left=0, right=0),
    )


# -- a game -----------------------------------------------------------------------------------------
def leaders_section(model: AppModel, stats: GameStats | GameLeaders, chosen: int | None, shown: int) -> ft.Control:
    tiles = []
    for place, row in enumerate(stats.players[:shown], start=1):
        tiles.append(ft.ListTile(
            leading=ft.Text(f"{place}.", size=16, weight=ft.FontWeight.BOLD),
            title=ft.Text(row.name, weight=ft.FontWeight.BOLD),
            subtitle=ft.Text(model.tr("stats.leader_line", **record_params(row))),
            selected=row.player_id == chosen,
            content_padding=ft.Padding.only(left=0, right=0),
            min_leading_width=28,
            on_click=lambda e, pid=row.player_id: model.replace("stats", player=pid, game=stats.game),
        ))
    return section(f"{model.tr('stats.leaders')} · {game_name(model, stats.game)}",
                   line(model.tr("stats.game_matches", matches=stats.matches), 14, muted=True), *tiles)


def facts_sections(model: AppModel, stats: GameStats, whose: str) -> list[ft.Control]:
    """The game's own numbers, as its GameViews lays them out, each section saying whose they are."""
    views = game_views(stats.game)
    if views is None or views.stats_sections is None:
        return []
    note = line(whose, 13, muted=True)
    return [section(title_text, note, *controls) for title_text, controls in views.stats_sections(model, stats)]


def game_sections(model: AppModel, game: str, player: PlayerStats | None) -> list[ft.Control]:
    everyone = read_game(model, game)
    if isinstance(everyone, StoreError):
        return [line(everyone.message(model.lang))]
    if everyone.matches == 0:
        return [line(model.tr("stats.game_empty", game=game_name(model, game)), 16)]
    out: list[ft.Control] = []
    if player is not None:
        out += player_sections(model, player, game)
        if player.matches:
            mine = read_game(model, game, player.player_id)
            if not isinstance(mine, StoreError):
                out += facts_sections(model, mine, model.tr("stats.of_player", name=player.name))
    else:
        out += facts_sections(model, everyone, model.tr("stats.of_everyone"))
    out.append(leaders_section(model, everyone, player.player_id if player else None, LEADERS_SHOWN))
    return out


def overview_sections(model: AppModel) -> list[ft.Control]:
    """Everyone, every game: each played game's matches and top three, or the empty sentence."""
    played = recall(model, LEADERS_KEY, leaders)
    if isinstance(played, StoreError):  # a damaged database says so: never "no matches yet"
        return [line(played.message(model.lang), 16)]
    if not played:
        return [line(model.tr("stats.empty"), 16)]
    return [line(model.tr("stats.choose_player"), 14, muted=True),
            *[leaders_section(model, stats, None, 3) for stats in played]]


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    player_id, game = screen.get("player"), screen.get("game")
    notes: list[ft.Control] = []
    if game is not None and game not in games():
        notes.append(line(model.tr("stats.unknown_game", game=game)))
        game = None
    ready = use_reads(model, [PLAYERS, *needed(player_id, game)])
    # An unknown player's screen shows everyone's numbers: those are read too, once it is known.
    unknown = ready and player_id is not None and isinstance(read_player(model, player_id, game), StoreError)
    ready = use_reads(model, needed(None, game) if unknown else []) and ready
    if not ready:
        return body(*pickers(model, player_id, game, None), *notes,
                    ft.Row(spacing=12, controls=[ft.ProgressRing(width=24, height=24),
                                                 line(model.tr("stats.loading"), 15, muted=True)]))
    player: PlayerStats | None = None
    if player_id is not None:
        got = read_player(model, player_id, game)
        if isinstance(got, StoreError):
            notes.append(line(f"{got.message(model.lang)} {model.tr('stats.showing_everyone')}"))
            player_id = None
        else:
            player = got
    if game is not None:
        content = game_sections(model, game, player)
    elif player is not None:
        content = player_sections(model, player, None)
    else:
        content = overview_sections(model)
    return body(*pickers(model, player_id, game, player.name if player else None), *notes, *content)
