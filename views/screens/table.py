"""The live table view (`/table/<id>?key=<token>`): a running match's scoreboard, read-only.

Phones at the table open it from the match screen's 'Share this table' QR code. Only a page
that holds the match's secret token sees anything of the match (`Store.check_table_key`); a
missing or wrong token is refused with a message and nothing else.

The view never writes: it rebuilds the match from the stored log with a session that has no
recorder (nothing it could do would be stored) and shows the players, whose turn it is, the
scores (the places once the game is over), the status and the last few entries in the game's
own words. It follows the match live: every match screen of this server process announces its
writes on the match's pubsub topic (`views.share.table_topic`), and the view re-reads at once;
a slow poll of the store (`last_seq`, and the status now and then) catches the writes made by
another server process on the same database.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import flet as ft

from companion.errors import RefereeError
from companion.game import Game
from companion.games import game as game_record
from companion.session import CorruptLog, MatchSession
from db import MatchInfo, Store, StoreError
from views.browser import IN_BROWSER, server_only_note
from views.games import LoggedStep, said
from views.hooks import use_ref, use_state
from views.model import AppModel, Screen, StoreRead, match_read
from views.reading import use_reads
from views.share import table_topic
from views.ui import TAP, body, colour_dot, heading

POLL_SECONDS = 2.0  # the fallback for writes made by another server process
STATUS_EVERY = 5  # polls between two looks at the status (an abandon adds no log entry)
RECENT = 5  # how many of the last entries are told in words

Tr = Callable[..., str]


# -- who may look ---------------------------------------------------------------------------------
def may_view(store: Store, match_id: Any, key: Any) -> bool:
    """Whether `key` opens match `match_id`'s table (False too when the store cannot say)."""
    if not isinstance(key, str) or not key or isinstance(match_id, bool) or not isinstance(match_id, int):
        return False
    try:
        return store.check_table_key(match_id, key)
    except StoreError:
        return False


def key_read(screen: Screen) -> StoreRead:
    """The screen's key checked against the store (once per data version: the title and the body
    both ask, off the app's thread)."""
    match_id, key = screen.get("id"), screen.get("key")
    return ("table-key", match_id, key), lambda store: may_view(store, match_id, key)


def allowed(model: AppModel, screen: Screen) -> bool | None:
    """Whether the key opens the match; None while it is being checked."""
    checked = model.recalled(key_read(screen)[0])
    return None if checked is None else checked is True


# -- the match as stored, read-only ---------------------------------------------------------------
@dataclass(frozen=True)
class Snapshot:
    """The match as the store holds it: its record and a session replayed from its log that
    cannot write (no recorder)."""

    info: MatchInfo
    game: Game
    session: MatchSession

    @property
    def seq(self) -> int:
        return self.session.seq


def read_snapshot(store: Store, match_id: int) -> Snapshot:
    """Raises StoreError (no such match, an unreadable row), CorruptLog (the engine refuses a
    stored entry) or LookupError (a game this version does not know)."""
    info = store.match(match_id)
    game = game_record(info.game)
    if game is None:
        raise LookupError(info.game)
    try:
        session = MatchSession.resume(game, info.setup, store.events(match_id))
    except RefereeError as error:  # a stored set-up this version refuses
        raise CorruptLog(-1, error.message("en")) from error
    return Snapshot(info, game, session)


def moved(store: Store, snapshot: Snapshot | None, match_id: int, look_at_status: bool) -> bool:
    """Whether the store holds a newer match than `snapshot` (one cheap query; the status
    only when asked, since an abandon adds no log entry)."""
    if snapshot is None:
        return False
    try:
        if store.last_seq(match_id) != snapshot.seq:
            return True
        return look_at_status and store.match(match_id).status != snapshot.info.status
    except StoreError:
        return False  # the database is briefly unreachable: keep showing what we have


# -- the scoreboard, as plain data ----------------------------------------------------------------
@dataclass(frozen=True)
class ScoreLine:
    seat: int  # the engine's seat: 0, 1, ... in seat order
    name: str
    colour: str
    score: int | None  # the game's own score (Outcome.scores); None where it keeps none
    place: int | None  # 1, 2, ... once the game is over
    to_move: bool


@dataclass(frozen=True)
class Scoreboard:
    status: str  # "active" | "finished" | "abandoned"
    over: bool
    to_move: int | None  # the seat whose entry is expected next (None: anyone, or nobody)
    winners: tuple[int, ...]
    seats: tuple[ScoreLine, ...]  # by seat while playing, by place once over


def scoreboard(info: MatchInfo, session: MatchSession) -> Scoreboard:
    outcome = session.outcome()
    playing = info.status == "active" and not outcome.over
    to_move = session.to_move() if playing else None
    seats = [
        ScoreLine(
            seat=seat, name=p.name, colour=p.colour,
            score=outcome.scores.get(seat),
            place=outcome.placing(seat) if outcome.over else None,
            to_move=to_move == seat,
        )
        for seat, p in enumerate(sorted(info.participants, key=lambda p: p.seat))
    ]
    if outcome.over:
        seats.sort(key=lambda line: (line.place if line.place is not None else len(seats) + 1, line.seat))
    return Scoreboard(status=info.status, over=outcome.over, to_move=to_move,
                      winners=outcome.winners, seats=tuple(seats))


def names_of(info: MatchInfo) -> dict[int, str]:
    """Player names by engine seat: 0, 1, ... in the stored seats' order (as LiveMatch.names)."""
    return {index: p.name for index, p in enumerate(sorted(info.participants, key=lambda p: p.seat))}


def status_text(tr: Tr, board: Scoreboard) -> str:
    if board.status == "abandoned":
        return tr("table.status.abandoned")
    if board.over or board.status == "finished":
        return tr("table.status.finished")
    return tr("table.status.active")


def turn_text(tr: Tr, board: Scoreboard, names: Mapping[int, str]) -> str | None:
    """Whose turn it is, or who won; None for an abandoned match."""
    if board.status == "abandoned":
        return None
    if board.over:
        if not board.winners:
            return None
        if len(board.winners) > 1:
            return tr("table.tied", names=", ".join(names.get(seat, "?") for seat in board.winners))
        return tr("table.won", name=names.get(board.winners[0], "?"))
    if board.to_move is None:
        return tr("table.anyone")
    return tr("table.to_move", name=names.get(board.to_move, "?"))


def recent_lines(tr: Tr, lang: str, game: Game, session: MatchSession, names: Mapping[int, str],
                 most: int = RECENT) -> list[str]:
    """The last `most` effective entries in the game's own words, newest first (an entry the game
    has no words for says who made it: every entry has its line)."""
    history = session.history
    lines: list[str] = []
    for index in range(len(history) - 1, max(-1, len(history) - 1 - most), -1):
        before = history[index - 1].state if index else session.initial_state
        logged = LoggedStep(history[index], before, history[: index + 1], session.initial_state, names,
                    game.engine.to_move(before))
        lines.append(said(game.id, tr, lang, logged, index + 1))
    return lines


# -- the screen -----------------------------------------------------------------------------------
def title_reads(model: AppModel, screen: Screen) -> list[StoreRead]:
    return [key_read(screen), *([match_read(screen.get("id"))] if allowed(model, screen) else [])]


def title(model: AppModel, screen: Screen) -> str:
    if not allowed(model, screen):
        return model.tr("table.title_plain")  # nothing of the match without its key
    info = model.recalled(match_read(screen.get("id"))[0])
    if not isinstance(info, MatchInfo):
        return model.tr("table.title_plain")
    return model.tr("table.title", game=model.tr(f"game.{info.game}"), id=info.id)


def refusal(model: AppModel) -> ft.Control:
    return body(
        ft.Container(
            key="table-refused", bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=16,
            content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                ft.Icon(ft.Icons.LOCK, color=ft.Colors.ON_ERROR_CONTAINER, size=24),
                ft.Text(model.tr("table.refused"), expand=True, size=16, color=ft.Colors.ON_ERROR_CONTAINER),
            ]),
        ),
        ft.OutlinedButton(content=model.tr("app.home"), icon=ft.Icons.HOME, height=TAP,
                          on_click=lambda: model.home()),
    )


def problem_text(model: AppModel, problem: BaseException) -> str:
    if isinstance(problem, StoreError):
        return problem.message(model.lang)
    if isinstance(problem, CorruptLog):
        return model.tr("match.corrupt", detail=problem.reason)
    return model.tr("match.no_screen", game=str(problem))


def seat_card(model: AppModel, line: ScoreLine) -> ft.Control:
    right: list[ft.Control] = []
    if line.score is not None:
        right.append(ft.Text(model.tr("table.score", score=line.score), size=17, weight=ft.FontWeight.BOLD))
    if line.place is not None:
        right.append(ft.Text(model.tr("table.place", place=line.place), size=14))
    return ft.Container(
        key=f"table-seat-{line.seat}", padding=12, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if line.to_move else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if line.to_move else None,
        content=ft.Row(controls=[
            colour_dot(line.colour, 24),
            ft.Column(expand=True, spacing=0, controls=[
                ft.Text(line.name, size=17, weight=ft.FontWeight.BOLD),
                *([ft.Text(model.tr("table.their_turn"), size=13, color=ft.Colors.PRIMARY)] if line.to_move else []),
            ]),
            ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END, controls=right),
        ]),
    )


def board_controls(model: AppModel, snapshot: Snapshot) -> list[ft.Control]:
    board = scoreboard(snapshot.info, snapshot.session)
    names = names_of(snapshot.info)
    status_colour = {"active": ft.Colors.PRIMARY, "abandoned": ft.Colors.ERROR}.get(board.status, ft.Colors.TERTIARY)
    controls: list[ft.Control] = [
        ft.Row(wrap=True, spacing=8, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=4), border_radius=16,
                border=ft.Border.all(1, status_colour),
                content=ft.Text(status_text(model.tr, board), size=14, color=status_colour, key="table-status"),
            ),
            ft.Text(model.tr("table.read_only"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
    ]
    turn = turn_text(model.tr, board, names)
    if turn:
        controls.append(ft.Text(turn, size=20, weight=ft.FontWeight.BOLD, key="table-turn"))
    controls += [seat_card(model, line) for line in board.seats]
    lines = recent_lines(model.tr, model.lang, snapshot.game, snapshot.session, names)
    if lines:
        controls.append(heading(model.tr("table.latest")))
        controls += [ft.Text(line, size=15, opacity=1.0 if index == 0 else 0.75, key=f"table-line-{index}")
                     for index, line in enumerate(lines)]
    return controls


Loaded = tuple[Snapshot | None, BaseException | None]  # the match as stored, or why it cannot be shown


def _load(store: Store, match_id: int) -> Loaded:
    try:
        return read_snapshot(store, match_id), None
    except (StoreError, CorruptLog, LookupError) as problem:
        return None, problem


@ft.component
def LiveTable(model: AppModel, match_id: int, key: str | None = None) -> ft.Control:
    """(`key` is the component's identity: Flet takes it, the body never sees it.)"""
    loaded, set_loaded = use_state(cast("Loaded | None", None))  # None: the first read is under way
    latest = use_ref(loaded)
    latest.current = loaded
    gone = ft.use_ref(False)
    page = ft.context.page

    async def follow() -> None:
        """Re-read when a screen of this process announces a write; poll for the others."""
        gone.current = False
        wake = asyncio.Event()

        async def heard(topic: str, message: Any) -> None:
            wake.set()

        topic = table_topic(match_id)
        pubsub = page.pubsub
        pubsub.subscribe_topic(topic, heard)
        polls = 0
        try:
            set_loaded(await asyncio.to_thread(_load, model.store, match_id))
            while not gone.current:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), POLL_SECONDS)
                woken = wake.is_set()
                wake.clear()
                if gone.current:
                    break
                polls += 1
                snapshot = latest.current[0] if latest.current is not None else None
                look = polls % STATUS_EVERY == 0
                if woken or await asyncio.to_thread(moved, model.store, snapshot, match_id, look):
                    set_loaded(await asyncio.to_thread(_load, model.store, match_id))
        finally:
            pubsub.unsubscribe_topic(topic)

    def stop() -> None:
        gone.current = True

    ft.use_effect(follow, [], cleanup=stop)
    if loaded is None:
        return body(ft.ProgressRing(width=24, height=24))
    snapshot, problem = loaded
    if snapshot is None:
        return body(ft.Text(problem_text(model, problem) if problem else "", color=ft.Colors.ERROR,
                            key="table-problem"))
    return body(*board_controls(model, snapshot))


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    if IN_BROWSER:  # no server: no other phone can follow this one
        return body(server_only_note(model), ft.OutlinedButton(content=model.tr("app.home"), icon=ft.Icons.HOME,
                                                              height=TAP, on_click=lambda: model.home()))
    use_reads(model, [key_read(screen)])
    checked = allowed(model, screen)
    if checked is None:
        return body(ft.ProgressRing(width=24, height=24))
    if not checked:
        return refusal(model)
    return LiveTable(model, screen.get("id"), key=f"table-{screen.get('id')}")
