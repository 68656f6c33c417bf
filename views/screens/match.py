"""The match screen: the game's own screen around a LiveMatch, kept in step with other screens.

Every screen open on a match polls the store once a second (one `SELECT max(seq)`), so a move
made on another phone or by another server process shows here without a reload. Every change
this screen stores is also announced on the match's pubsub topic, so the live table views of
this server process (views/screens/table.py) show it at once.

'Share this table' (in MatchTools) shows the live table view's link, with its secret token,
as text and as a QR code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.errors import RefereeError
from companion.session import CorruptLog
from db import StoreError
from db.errors import LogNotStored
from views.browser import IN_BROWSER
from views.games import game_views
from views.hooks import memo, use_lazy_state, use_state
from views.live import LiveMatch
from views.model import AppModel, Screen, StoreRead, match_read
from views.share import qr_png, reachable_from_other_devices, table_base, table_topic, table_url
from views.sharecode import ShareButtons
from views.ui import TAP, banner, body, confirm_dialog

POLL_SECONDS = 1.0


def match_heading(model: AppModel, match_id: int, key: str = "match.title") -> str:
    """"Bell's Senet · #12" from the open match, or from what the title read (never from the
    store: views/reading.py reads it); "#12" while it is being read."""
    live = model.open_match(match_id)
    info = live.info if live is not None else model.recalled(match_read(match_id)[0])
    if info is None:
        return f"#{match_id}"
    if isinstance(info, StoreError):
        return model.tr("match.not_found", id=match_id)
    return model.tr(key, game=model.tr(f"game.{info.game}"), id=info.id)


def title_reads(model: AppModel, screen: Screen) -> list[StoreRead]:
    """Nothing once the match is open: a tap changes its record, and the title reads that."""
    match_id = screen.get("id")
    return [] if model.open_match(match_id) is not None else [match_read(match_id)]


def title(model: AppModel, screen: Screen) -> str:
    return match_heading(model, screen.get("id"))


@ft.component
def MatchScreen(model: AppModel, screen: Screen) -> ft.Control:
    match_id = screen.get("id")
    loaded, _ = use_lazy_state(lambda: _open(model, match_id))
    live, problem = loaded
    gone = ft.use_ref(False)
    page = ft.context.page
    if live is not None:  # tell this process's live table views of every change stored here
        live.announce_to(lambda changed: page.pubsub.send_all_on_topic(table_topic(changed.match_id),
                                                                       changed.session.seq))

    async def follow() -> None:
        """Follow other screens' writes until this screen goes away."""
        gone.current = False
        while not gone.current:
            await asyncio.sleep(POLL_SECONDS)
            if live is not None and not gone.current:
                live.refresh()  # a change found tells the model itself (LiveMatch.on_change)

    def stop() -> None:
        gone.current = True

    ft.use_effect(follow, [], cleanup=stop)

    def to_record() -> None:
        if problem == RECORD_ONLY:  # results only (a match code): its record is all there is
            model.replace("record", id=match_id)

    ft.use_effect(to_record, [])
    if problem == RECORD_ONLY:
        return body(ft.Text(model.tr("store.log_not_stored", match_id=match_id), key="match-problem"))
    if live is None:
        return body(
            ft.Text(problem or "", color=ft.Colors.ERROR, key="match-problem"),
            ft.OutlinedButton(content=model.tr("app.home"), icon=ft.Icons.HOME, height=TAP,
                              on_click=lambda: model.home()),
        )
    return OpenMatch(model, live)


@ft.component
def OpenMatch(model: AppModel, live: LiveMatch) -> ft.Control:
    """The game's screen, or that the match is gone. Drawn again by every change of the match (it
    takes the LiveMatch), which the game's screen, memoised, draws once whichever comes first."""
    if live.gone:
        return body(
            ft.Text(model.tr("store.match_gone", match_id=live.match_id), color=ft.Colors.ERROR,
                    key="match-problem"),
            ft.OutlinedButton(content=model.tr("app.home"), icon=ft.Icons.HOME, height=TAP,
                              on_click=lambda: model.home()),
        )
    views = game_views(live.game.id)
    if views is None:
        return body(ft.Text(model.tr("match.no_screen", game=model.tr(f"game.{live.game.id}"))))
    # Memoised: the game's screen draws when its match or the model tells it, once a tap, not
    # again when this or the shell above it draws.
    return memo(views.match_screen)(model, live)


RECORD_ONLY = "record-only"  # _open's answer for a match whose log is not stored


def _open(model: AppModel, match_id: Any) -> tuple[LiveMatch | None, str | None]:
    try:
        return model.live_match(match_id, lambda: LiveMatch.load(model.store, match_id)), None
    except LogNotStored:
        return None, RECORD_ONLY
    except CorruptLog as broken:  # the engine refuses a stored entry
        return None, model.tr("match.corrupt", detail=str(broken))
    except StoreError as broken:  # no such match, or its stored log is damaged
        return None, broken.message(model.lang)
    except LookupError as missing:  # a game this version cannot play
        return None, model.tr("match.no_screen", game=str(missing))


@ft.component
def MatchTools(model: AppModel, live: LiveMatch, extra: list[ft.Control] | None = None) -> ft.Control:
    """Undo, redo, the rules, share this table and abandon (with confirmation): the same row
    on every game's screen."""
    asking, set_asking = ft.use_state(False)
    sharing, set_sharing = use_state(cast("str | None", None))  # the table's link while shown ("" if it has none)
    seen = live.seq  # the taps below name this rendering: a double tap stores one entry
    page = ft.context.page

    def share() -> None:
        try:
            key = live.store.table_key(live.match_id)  # made the first time, then the same
        except StoreError as failed:
            model.say(model.tr("table.share_failed", detail=failed.message(model.lang)))
            return
        base = table_base(getattr(page, "url", None))
        set_sharing(table_url(base, live.match_id, key) if base else "")

    def abandon() -> None:
        set_asking(False)
        try:
            live.abandon()
        except StoreError as failed:  # not stored: the match goes on, and the screen says why
            model.say(failed.message(model.lang))
            return
        model.home()

    ft.use_dialog(confirm_dialog(
        model.tr("match.abandon"), model.tr("match.abandon_confirm"), model.tr("match.abandon"),
        model.tr("app.cancel"), abandon, lambda: set_asking(False),
    ) if asking else None)
    ft.use_dialog(share_dialog(model, sharing, lambda: set_sharing(None)) if sharing is not None else None)
    rules = ft.OutlinedButton(content=model.tr("app.rules"), icon=ft.Icons.MENU_BOOK, height=TAP, key="rules",
                              on_click=lambda: model.go("rules", game=live.game.id))
    if live.read_only:  # a replay of the log: nothing here may change the match or share it
        return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[*(extra or []), rules])
    playing = live.info.status == "active"
    return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        # Keyed by the rendering too: a tap sent before this screen showed its last change
        # reaches the button it was aimed at, never its successor.
        ft.OutlinedButton(content=model.tr("app.undo"), icon=ft.Icons.UNDO, height=TAP, key=f"undo-{seen}",
                          disabled=not live.session.can_undo or not live.active,
                          on_click=lambda: live.undo(seen=seen)),
        ft.OutlinedButton(content=model.tr("app.redo"), icon=ft.Icons.REDO, height=TAP, key=f"redo-{seen}",
                          disabled=not live.session.can_redo or not live.active,
                          on_click=lambda: live.redo(seen=seen)),
        *(extra or []),
        rules,
        *([] if IN_BROWSER else [  # no server in the browser: no other phone could open the link
            ft.OutlinedButton(content=model.tr("table.share"), icon=ft.Icons.QR_CODE_2, height=TAP, key="share-table",
                              on_click=lambda: share())]),
        *([ft.OutlinedButton(content=model.tr("match.abandon"), icon=ft.Icons.FLAG, height=TAP, key="abandon",
                             on_click=lambda: set_asking(True))] if playing else []),
    ])


def share_dialog(model: AppModel, url: str, on_close: Any) -> ft.AlertDialog:
    """The live table view's link as a QR code and as selectable text ("" when this app has
    no web address: a desktop window)."""
    lines: list[ft.Control] = [ft.Text(model.tr("table.share_hint"), size=14)]
    if url:
        lines += [
            ft.Container(
                alignment=ft.Alignment.CENTER,
                content=ft.Container(
                    content=ft.Image(src=qr_png(url), width=220, height=220,
                                     semantics_label=model.tr("table.share_qr")),
                    bgcolor=ft.Colors.WHITE, padding=8, border_radius=8, key="share-qr",
                ),
            ),
            ft.Text(url, selectable=True, size=14, weight=ft.FontWeight.BOLD, key="share-url", semantics_label=url),
            ShareButtons(model, url, model.tr("table.share_subject"), model.tr("sharecode.copy_link")),
        ]
        if not reachable_from_other_devices(url):
            lines.append(ft.Text(model.tr("table.share_local_only"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        lines.append(ft.Text(model.tr("table.share_no_address"), size=14))
    return ft.AlertDialog(
        title=ft.Text(model.tr("table.share")),
        # A phone's width at most (a readable column on a desktop); the whole dialog scrolls
        # on a short phone instead of stretching to the window's height.
        content=ft.Container(width=400, content=ft.Column(tight=True, spacing=12, controls=lines)),
        scrollable=True,
        actions=[ft.TextButton(content=model.tr("app.close"), height=TAP, on_click=lambda: on_close())],
        on_dismiss=lambda: on_close(),
    )


def match_notices(model: AppModel, live: LiveMatch, reloaded: str) -> list[ft.Control]:
    """What a game screen says about the match itself: that another screen changed it (shown
    as it stands now; `reloaded` is the game's sentence for it) and that it was abandoned."""
    notices: list[ft.Control] = []
    if live.reloaded and live.error is None:  # a refusal already says why the match changed
        notices.append(banner(reloaded, ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER,
                              ft.Icons.SYNC, key="reloaded"))
    if not live.active:
        notices.append(banner(model.tr("match.abandoned"), ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Colors.ON_SURFACE,
                              ft.Icons.FLAG, key="abandoned"))
    return notices


def refusal_banner(model: AppModel, live: LiveMatch, on_close: Any = None,
                   worded: Callable[[RefereeError], RefereeError] | None = None) -> ft.Control | None:
    """The engine's (or the store's) refusal in words, with the players' names, and a button
    that opens the rule it cites. `worded`: the game's own words for the refusal's parameters
    (a piece named as the table names it, not as the protocol does)."""
    if live.error is None:
        return None
    text = live.describe(worded(live.error) if worded is not None else live.error, model.lang)
    rule = live.error.rule
    # The sentence takes the whole width (it wraps in a narrow panel); the rule's button
    # sits under it, so it never squeezes the text to a word per line.
    lines: list[ft.Control] = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(ft.Icons.BLOCK, color=ft.Colors.ON_ERROR_CONTAINER, size=22),
        ft.Text(text, expand=True, size=15, color=ft.Colors.ON_ERROR_CONTAINER),
    ])]
    if rule:
        lines.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[ft.TextButton(
            content=ft.Text(model.tr("rules.open_rule", rule=rule), weight=ft.FontWeight.BOLD),
            icon=ft.Icons.MENU_BOOK, height=TAP, key="refusal-rule",
            on_click=lambda: model.go("rules", game=live.game.id, rule=rule),
        )]))
    return ft.Container(
        key="refused", bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12,
        padding=ft.Padding.only(left=12, right=8, top=8, bottom=4),
        content=ft.Column(spacing=2, controls=lines),
    )
