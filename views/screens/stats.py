"""Statistics: a player's record per game and head to head; a game's leaders and its own numbers
(Quacks pots, Senet and Parchís captures, Çävasie best hands), with bar charts.

The address says what is shown: /stats, /stats?player=3, /stats?game=quacks, or both. The
pickers change the address (model.replace), so a link or the back button shows the same numbers.
Every number comes from db.stats; views/stats_data.py turns it into text and bars.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import cache
from typing import Any

import flet as ft

from companion.games import LINEUP, registry
from db import Store, StoreError
from db.stats import GameRecord, GameStats, HandStats, PlayerStats, QuacksStats, game_stats, player_stats
from views.model import AppModel, Screen
from views.stats_charts import bar_chart
from views.stats_data import (
    Bar,
    caption,
    chart_top,
    decimal,
    explosion_bars,
    game_order,
    hand_bars,
    head_to_head_params,
    pattern_name,
    percent,
    record_params,
    vp_bars,
    win_rate_bars,
)
from views.ui import TAP, body, game_style, heading

LEADERS_SHOWN = 10
EXPLODED = "#e65100"  # the explosion-rate bars: the colour of a burst pot  # per game; the overview shows the top three


def title(model: AppModel, screen: Screen) -> str:
    return model.tr("stats.title")


@cache
def pattern_names() -> dict[str, str]:
    """Çävasie's pattern names by id, from the default deck's ladder (CV-8)."""
    from companion.cavasie import default_deck

    return {pattern.id: pattern.name for pattern in default_deck().ladder.patterns}


def known_games() -> set[str]:
    return set(LINEUP) | set(registry())


# -- reading -----------------------------------------------------------------------------------------
# Every read is memoised per data version (model.memoised); a refusal (an unknown player) is kept
# as the error it is. A game's numbers over a big store take a while (the whole of Quacks' rounds
# on 100,000 matches: about two seconds), so the screen reads what it lacks in a worker thread
# (the store is thread-safe) and fills the memo; the app's one event loop never waits on them.
Read = Callable[[Store], Any]


def _safe(read: Read, store: Store) -> Any:
    try:
        return read(store)
    except StoreError as error:
        return error


def player_key(player_id: int, game: str | None) -> tuple[Any, ...]:
    return ("stats.player", player_id, game)


def game_key(game: str, player_id: int | None = None) -> tuple[Any, ...]:
    return ("stats.game", game, player_id)


def needed(player_id: int | None, game: str | None) -> list[tuple[tuple[Any, ...], Read]]:
    """The reads the screen at (player, game) shows, each with its memo key."""
    reads: list[tuple[tuple[Any, ...], Read]] = []
    if player_id is not None:
        reads.append((player_key(player_id, game), lambda store: player_stats(store, player_id, game)))
    if game is not None:
        reads.append((game_key(game), lambda store: game_stats(store, game)))
        if player_id is not None:
            reads.append((game_key(game, player_id), lambda store: game_stats(store, game, player_id)))
    elif player_id is None:
        reads += [(game_key(g), lambda store, g=g: game_stats(store, g)) for g in LINEUP]
    return reads


def fetch(store: Store, player_id: int | None, game: str | None) -> dict[tuple[Any, ...], Any]:
    """Everything the screen at (player, game) shows, read from the store (in a worker thread);
    an unknown player's screen shows everyone's numbers, so those are read too."""
    got = {what: _safe(read, store) for what, read in needed(player_id, game)}
    if player_id is not None and isinstance(got[player_key(player_id, game)], StoreError):
        got.update({what: _safe(read, store) for what, read in needed(None, game) if what not in got})
    return got


def remember(model: AppModel, got: dict[tuple[Any, ...], Any]) -> None:
    for what, value in got.items():
        model.memoised(what, lambda value=value: value)


def _read(model: AppModel, what: tuple[Any, ...], read: Read) -> Any:
    return model.memoised(what, lambda: _safe(read, model.store))


def read_player(model: AppModel, player_id: int, game: str | None) -> PlayerStats | StoreError:
    return _read(model, player_key(player_id, game), lambda store: player_stats(store, player_id, game))


def read_game(model: AppModel, game: str, player_id: int | None = None) -> GameStats | StoreError:
    return _read(model, game_key(game, player_id), lambda store: game_stats(store, game, player_id))


# -- small pieces ---------------------------------------------------------------------------------
def section(title_text: str, *controls: ft.Control) -> ft.Control:
    card = ft.Card(expand=True, content=ft.Container(
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
        content=ft.Column(spacing=8, controls=[heading(title_text), *controls]),
    ))
    return ft.Row(controls=[card])  # the card fills the column's width, however short its lines


def line(text: str, size: int = 15, muted: bool = False) -> ft.Text:
    return ft.Text(text, size=size, color=ft.Colors.ON_SURFACE_VARIANT if muted else None)


EVERYONE = "everyone"  # the player picker's key for no one player
CHIP_HEIGHT = 48  # a tap target at its smallest: three rows of game chips fit a phone's first screen


def pickers(model: AppModel, player_id: int | None, game: str | None, player_name: str | None) -> list[ft.Control]:
    """Whose numbers (a drop-down: a club may have dozens of players) and which game (chips);
    a choice changes the address."""
    def pick(player: int | None, chosen_game: str | None) -> None:
        params = {key: value for key, value in (("player", player), ("game", chosen_game)) if value is not None}
        model.replace("stats", **params)

    def picked_player(e: Any) -> None:
        key = e.control.value
        pick(int(key) if key and key.isdigit() else None, game)

    players = [(p.id, p.name, p.colour) for p in model.players()]
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
    games = list(LINEUP) + ([game] if game is not None and game not in LINEUP else [])
    padding = ft.Padding.symmetric(horizontal=2)
    game_chips = [
        ft.Chip(label=ft.Text(model.tr("stats.all_games")), selected=game is None, height=CHIP_HEIGHT,
                label_padding=padding, on_select=lambda e: pick(player_id, None)),
        *[ft.Chip(label=ft.Text(model.tr(f"game.{g}")), selected=game == g, height=CHIP_HEIGHT,
                  label_padding=padding, show_checkmark=False,
                  leading=ft.Icon(game_style(g)[1], color=game_style(g)[0], size=18),
                  on_select=lambda e, g=g: pick(player_id, g))
          for g in games],
    ]
    return [
        ft.Container(padding=ft.Padding.only(top=8), content=ft.Row(controls=[who])),
        ft.Row(wrap=True, spacing=6, run_spacing=0, controls=game_chips),
    ]


def game_name(model: AppModel, game: str) -> str:
    return model.tr(f"game.{game}")


def chart(model: AppModel, key: str, bars: list[Bar], name: Callable[[Bar], str], *, percent_scale: bool = False,
          whole: bool = False, colour: Callable[[Bar], str], axis_label: Callable[[Bar], ft.Control],
          legend: bool = True) -> list[ft.Control]:
    """A titled bar chart; its numbers are its semantics label and, with `legend`, a line under it."""
    text = caption(model.tr(key), bars, name)
    controls = [
        line(model.tr(key), 15),
        bar_chart(bars, top=chart_top(bars, percent_scale=percent_scale, whole=whole),
                  unit="%" if percent_scale else "", whole=whole, colour=colour, axis_label=axis_label,
                  semantics=text),
    ]
    if legend:
        controls.append(line(text, 13, muted=True))
    return controls


def axis_text(text: str) -> ft.Control:
    return ft.Text(text, size=12)


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
            controls.append(line(model.tr("stats.scores", **record_params(record)), 15))
    else:
        controls += chart(
            model, "stats.win_rate_chart", win_rate_bars(stats), lambda bar: game_name(model, bar.key),
            percent_scale=True, colour=lambda bar: game_style(bar.key)[0],
            axis_label=lambda bar: ft.Icon(game_style(bar.key)[1], color=game_style(bar.key)[0], size=20),
            legend=False,  # the games' lines below say it in words
        )
        records = {record.game: record for record in stats.games}
        controls.extend(game_tile(model, records[g], stats.player_id) for g in game_order(records))
    sections = [section(stats.name, *controls)]
    if stats.head_to_head:
        sections.append(section(model.tr("stats.head_to_head"),
                                line(model.tr("stats.head_to_head_hint"), 13, muted=True),
                                *[head_to_head_tile(model, meeting) for meeting in stats.head_to_head]))
    return sections


def game_tile(model: AppModel, record: GameRecord, player_id: int) -> ft.Control:
    """One game's line of a player's record; tapping it opens that game's numbers for them."""
    colour, icon = game_style(record.game)
    params = record_params(record)
    return ft.ListTile(
        leading=ft.Icon(icon, color=colour),
        title=ft.Text(game_name(model, record.game), weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(f"{model.tr('stats.summary', **params)}\n{model.tr('stats.scores', **params)}"),
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
def leaders_section(model: AppModel, stats: GameStats, chosen: int | None, shown: int) -> ft.Control:
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
    """The game's own numbers: captures, pots and VP, or best hands."""
    out: list[ft.Control] = []
    note = line(whose, 13, muted=True)
    if stats.captures is not None:
        c = stats.captures
        text = (model.tr("stats.captures_line", total=c.total, average=decimal(c.average), most=c.most)
                if c.seats else model.tr("stats.captures_none"))
        out.append(section(model.tr("stats.captures"), note, line(text)))
    if stats.quacks is not None:
        out.append(section(model.tr("stats.quacks"), note, *quacks_controls(model, stats.quacks)))
    if stats.hands is not None:
        out.append(section(model.tr("stats.hands"), note, *hands_controls(model, stats.hands)))
    return out


def quacks_controls(model: AppModel, quacks: QuacksStats) -> list[ft.Control]:
    if not quacks.rounds:
        return [line(model.tr("stats.rounds_none"))]
    colour = game_style("quacks")[0]
    vp, booms = vp_bars(quacks), explosion_bars(quacks)

    def round_name(bar: Bar) -> str:
        return model.tr("stats.round", n=bar.key)

    controls: list[ft.Control] = [
        line(model.tr("stats.explosion_line", rate=percent(quacks.explosion_rate), explosions=quacks.explosions,
                      rounds=quacks.rounds)),
        line(model.tr("stats.vp_line", vp=decimal(quacks.average_vp))),
    ]
    if vp:
        controls += chart(model, "stats.vp_chart", vp, round_name, colour=lambda bar: colour,
                          axis_label=lambda bar: axis_text(bar.axis))
    if booms:
        controls += chart(model, "stats.explosion_chart", booms, round_name, percent_scale=True,
                          colour=lambda bar: EXPLODED, axis_label=lambda bar: axis_text(bar.axis))
    return controls


def hands_controls(model: AppModel, hands: HandStats) -> list[ft.Control]:
    if not hands.counts:
        return [line(model.tr("stats.hands_none"))]
    names = pattern_names()
    best = hands.best[0] if hands.best else None
    controls: list[ft.Control] = []
    if best is not None:
        strongest = model.tr("stats.best_hand", pattern=pattern_name(best.pattern, names), rank=best.rank)
        controls.append(line(strongest, 16))
        controls.extend(
            ft.ListTile(
                title=ft.Text(model.tr("stats.best_hand_by", name=hand.name, match=hand.match_id)),
                leading=ft.Icon(ft.Icons.STYLE, color=game_style("cavasie")[0]),
                content_padding=ft.Padding.only(left=0, right=0),
                min_height=TAP,
                on_click=lambda e, mid=hand.match_id: model.go("record", id=mid),
            )
            for hand in hands.best
        )
    controls += chart(model, "stats.hand_chart", hand_bars(hands),
                      lambda bar: f"{bar.axis}. {pattern_name(bar.key, names)}",
                      whole=True, colour=lambda bar: game_style("cavasie")[0],
                      axis_label=lambda bar: axis_text(bar.axis), legend=False)  # named and counted below
    controls += [line(model.tr("stats.hands_axis"), 13, muted=True),
                 *[line(model.tr("stats.hand_line", rank=c.rank, pattern=pattern_name(c.pattern, names),
                                 count=c.count), 14)
                   for c in hands.counts]]
    return controls


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
    played = [stats for g in LINEUP
              if not isinstance(stats := read_game(model, g), StoreError) and stats.matches]
    if not played:
        return [line(model.tr("stats.empty"), 16)]
    return [line(model.tr("stats.choose_player"), 14, muted=True),
            *[leaders_section(model, stats, None, 3) for stats in played]]


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    version = model.data_version
    player_id, game = screen.get("player"), screen.get("game")
    notes: list[ft.Control] = []
    if game is not None and game not in known_games():
        notes.append(line(model.tr("stats.unknown_game", game=game)))
        game = None
    wanted = (player_id, game, version)
    loaded, set_loaded = ft.use_state(None)
    missing = [what for what, _ in needed(player_id, game) if not model.is_memoised(what)]

    async def load() -> None:
        if not missing:
            return
        got = await asyncio.to_thread(fetch, model.store, player_id, game)
        if model.data_version == version:  # else a write came in meanwhile: this runs again
            remember(model, got)
        set_loaded(wanted)

    ft.use_effect(load, [wanted])
    if missing and loaded != wanted:
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
