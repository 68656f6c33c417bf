"""The app's state: language, theme, where the player is, and the store.

Screens read this model and call its methods; they never talk to the store's tables
or a game's rules directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast
from urllib.parse import quote, unquote

import flet as ft

from companion.i18n import t
from db import MatchInfo, PlayerInfo, Store
from db.records import StoredMatch
from views.live import LiveMatch
from views.prefs import Prefs, load_prefs, save_prefs

T = TypeVar("T")
StoreRead = tuple[tuple[Any, ...], Callable[[Store], Any]]  # a memo key and what it reads
PLAYERS: StoreRead = (("players",), lambda store: store.players())
UNFINISHED: StoreRead = (("unfinished",), lambda store: store.unfinished_matches())


def match_read(match_id: int) -> StoreRead:
    """A match's MatchInfo (its record in the store, without its log)."""
    return ("match", match_id), lambda store: store.match(match_id)


@dataclass(frozen=True)
class Screen:
    name: str  # home, new, match, history, record, stats, exchange, table, settings, rules, players, tool, missing
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)

    @property
    def route(self) -> str:
        """The screen's address: what the browser shows, what a link or QR code opens."""
        p = dict(self.params)
        if self.name == "home":
            return "/"
        if self.name == "missing":
            return str(p.get("address", "/"))  # the address stays as it was typed
        if self.name == "new":
            return f"/new/{p['game']}"
        if self.name == "tool":  # a game's own page beside its matches (views.games.GameTool)
            return f"/tool/{quote(str(p['game']))}/{quote(str(p['tool']))}"
        if self.name == "rules":
            parts = [part for part in (p.get("game"), p.get("rule")) if part]
            route = "/rules" + "".join(f"/{quote(str(part))}" for part in parts)
            return route + (f"?q={quote(str(p['q']))}" if p.get("q") else "")
        route = f"/{self.name}" + (f"/{p.pop('id')}" if "id" in p else "")
        query = "&".join(f"{key}={quote(str(value), safe='')}" for key, value in sorted(p.items())
                         if value is not None and value != "")
        return route + (f"?{query}" if query else "")


SIMPLE = ("history", "players", "settings", "stats", "exchange")  # no id; may carry a query
WITH_ID = ("match", "record", "table")  # /<name>/<match id>, may carry a query
NUMBERS = ("player", "step")  # query values that are whole numbers
LARGEST_ID = 2**31 - 1  # ids are SQL INTEGERs: 32 bits on PostgreSQL


class _NoSuchPage(ValueError):
    pass


def whole_number(text: str) -> int:
    """`text` as an id or a count: ASCII digits only ("²" and the Arabic-Indic digits are digits to Python, and
    int() refuses the first), no larger than the store holds."""
    if not (text.isascii() and text.isdigit()) or len(text) > 10 or int(text) > LARGEST_ID:
        raise _NoSuchPage(text)
    return int(text)


def _query(query: str) -> dict[str, Any]:
    """`a=1&b=x` as {"a": 1, "b": "x"}; a number-valued key that is not a whole number makes
    the address one the app does not have."""
    params: dict[str, Any] = {}
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        value = unquote(value)
        if not key or not value or key == "id":
            continue
        params[key] = whole_number(value) if key in NUMBERS else value
    return params


def parse_route(route: str | None) -> Screen:
    """The screen at `route`; an address the app does not have shows the "no such page" screen
    (with its way home), never home as if nothing were wrong, never a crash."""
    try:
        return _parse_route(route or "/")
    except _NoSuchPage:
        return Screen("missing", (("address", route),))


def _parse_route(route: str) -> Screen:
    from companion.games import games

    path, _, query = route.partition("?")
    parts = [unquote(part) for part in path.split("/") if part]
    if not parts:
        return Screen("home")
    head, rest = parts[0], parts[1:]
    if head in SIMPLE and not rest:
        return Screen(head, tuple(sorted(_query(query).items())))
    if head == "new" and len(rest) == 1 and rest[0] in games():
        return Screen("new", (("game", rest[0]),))
    if head == "tool" and len(rest) == 2:
        return Screen("tool", (("game", rest[0]), ("tool", rest[1])))
    if head in WITH_ID and len(rest) == 1:
        params = {**_query(query), "id": whole_number(rest[0])}
        return Screen(head, tuple(sorted(params.items())))
    if head == "rules" and len(rest) <= 2:
        params = dict(zip(("game", "rule"), rest, strict=False))
        for pair in query.split("&"):
            key, _, value = pair.partition("=")
            if key == "q" and value:
                params["q"] = unquote(value)
        if "game" in params and params["game"] not in games():
            raise _NoSuchPage(route)
        return Screen("rules", tuple(sorted(params.items())))
    raise _NoSuchPage(route)


@ft.observable
@dataclass
class AppModel:
    store: Store
    lang: str = "ko"
    theme: str = "system"  # views/prefs.py THEMES
    stack: list[Screen] = field(default_factory=lambda: [Screen("home")])
    notice: str | None = None  # a short message shown as a snack bar
    data_version: int = 0  # bumped after every write so lists re-read the store
    arrived: int = 0  # bumped when a read made off the app's thread is in the memo (views/reading.py)
    # The window's size (None until the client says): the shell follows it (`resized`), so a
    # screen that lays out by size reads it here and is drawn again when the phone turns.
    width: float | None = None
    height: float | None = None
    navigate: Callable[[str], None] | None = None  # tells the browser the new address
    remember: Callable[[Prefs], None] | None = None  # keeps language and theme in the device's storage
    keep_awake: Callable[[bool], None] | None = None  # keeps the device's screen on (or not)
    # Reads memoised on the data version: each read's newest value and the version it was read at.
    _cache: dict[tuple[Any, ...], tuple[int, Any]] = field(default_factory=dict)
    _lives: dict[int, LiveMatch] = field(default_factory=dict)  # open matches by id
    deleted: list[StoredMatch] = field(default_factory=list)  # matches deleted here, oldest first
    guard: Any = None  # views.access.Guard: a device not let in stays on the one screen it allows

    @classmethod
    def create(cls, store: Store, route: str | None = None, prefs: Prefs | None = None,
               guard: Any = None) -> AppModel:
        """The model for a page opened at `route`: that screen, with home below it for back;
        in the device's language and theme (`prefs`), else the server's defaults. `guard`
        keeps a device that was not let in on the one screen it allows (views/access.py)."""
        prefs = prefs or load_prefs()
        screen = parse_route(route)
        stack = [Screen("home")] if screen.name == "home" else [Screen("home"), screen]
        if guard is not None:
            stack = [guard.allow(screen)]
        return cls(store=store, lang=prefs.lang, theme=prefs.theme, stack=stack, guard=guard)

    # -- text ----------------------------------------------------------------
    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- navigation ------------------------------------------------------------
    @property
    def screen(self) -> Screen:
        return self.stack[-1]

    def go(self, name: str, **params: Any) -> None:
        self._show([*self.stack, Screen(name, tuple(sorted(params.items())))])

    def replace(self, name: str, **params: Any) -> None:
        self._show([*self.stack[:-1], Screen(name, tuple(sorted(params.items())))])

    def back(self) -> None:
        if len(self.stack) > 1:
            self._show(self.stack[:-1])

    def home(self) -> None:
        self._show([Screen("home")])

    def _show(self, stack: list[Screen]) -> None:
        if self.guard is not None:
            stack = [self.guard.allow(stack[-1])]
        self.stack = stack
        if self.navigate is not None:
            self.navigate(self.screen.route)

    def arrive(self, route: str | None) -> None:
        """The browser's address changed (back, forward, reload, a typed or scanned link)."""
        screen = parse_route(route)
        if self.guard is not None:
            self.stack = [self.guard.allow(screen)]  # one screen, never a way back into the app
            return
        if screen == self.screen:
            return  # our own navigation coming back
        if len(self.stack) > 1 and self.stack[-2] == screen:
            self.stack = self.stack[:-1]  # the browser's back button
        elif screen.name == "home":
            self.stack = [screen]
        else:
            self.stack = [*self.stack, screen]

    # -- reading, memoised on the data version ----------------------------------------
    def open_match(self, match_id: int) -> LiveMatch | None:
        """The match as its screen holds it (status and players as last stored), if it is open."""
        return self._lives.get(match_id)

    def live_match(self, match_id: int, load: Callable[[], LiveMatch]) -> LiveMatch:
        """The open match `match_id`, kept while the app runs: coming back from its rules page
        costs one poll of the store, not a replay of the whole log."""
        live = self._lives.get(match_id)
        if live is None:
            live = self._lives[match_id] = load()
            live.on_change(self.match_changed)  # every change it stores or finds: lists read again
        else:
            live.refresh()
        return live

    def forget_match(self, match_id: int) -> None:
        self._lives.pop(match_id, None)

    # -- deleted matches, kept while the app runs so that a delete can be undone ----------
    def keep_deleted(self, snapshot: StoredMatch) -> None:
        """Keep a deleted match's snapshot for undo (newest last)."""
        self.deleted = [*self.deleted, snapshot]

    def take_deleted(self, match_id: int) -> StoredMatch | None:
        """The kept snapshot of deleted match `match_id`, no longer kept; None if there is none."""
        found = next((kept for kept in self.deleted if kept.match_id == match_id), None)
        if found is not None:
            self.deleted = [kept for kept in self.deleted if kept is not found]
        return found

    def unfinished(self) -> list[MatchInfo]:
        """The matches still being played, as last read (views/reading.py reads them again after
        a write, off the app's thread); none where the store refused."""
        found = self._last(UNFINISHED)
        return found if isinstance(found, list) else []

    def players(self) -> list[PlayerInfo]:
        """The players in use, as last read (not once per keystroke); none where the store refused."""
        found = self._last(PLAYERS)
        return found if isinstance(found, list) else []

    def _last(self, spec: StoreRead) -> Any:
        what, read = spec
        if self.has_read(what):
            return self.recalled(what)
        return self.memoised(what, lambda: read(self.store))

    def recalled(self, what: tuple[Any, ...]) -> Any:
        """What `what` read last (nothing is read here): at this data version, or, while that is
        being read again after a write, at the version before; None if nothing has read it."""
        kept = self._cache.get(what)
        return kept[1] if kept is not None else None

    def has_read(self, what: tuple[Any, ...]) -> bool:
        """Whether `what` was ever read (at this data version or before)."""
        return what in self._cache

    def is_memoised(self, what: tuple[Any, ...]) -> bool:
        """Whether `what` was read at this data version (a slow read can then be skipped)."""
        kept = self._cache.get(what)
        return kept is not None and kept[0] == self.data_version

    def memoised(self, what: tuple[Any, ...], read: Callable[[], T]) -> T:
        """`read()`, once per data version."""
        if not self.is_memoised(what):
            self.keep_read(what, read())
        return cast(T, self._cache[what][1])

    def keep_read(self, what: tuple[Any, ...], value: Any) -> None:
        """Keep `value` as what `what` reads at this data version."""
        if len(self._cache) >= 256:  # a club's worth of players and games: forget the oldest reads
            for stale in sorted(self._cache, key=lambda key: self._cache[key][0])[:64]:
                del self._cache[stale]
        self._cache[what] = (self.data_version, value)

    # -- preferences -----------------------------------------------------------
    # This device's choice (kept in its own storage), never the server's: see views/device.py.
    @property
    def prefs(self) -> Prefs:
        return Prefs(lang=self.lang, theme=self.theme)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._remember()

    def set_theme(self, theme: str) -> None:
        self.theme = theme
        self._remember()

    def _remember(self) -> None:
        if self.remember is not None:
            self.remember(self.prefs)

    def is_default(self) -> bool:
        """Whether this device's choice is what a new device starts with."""
        return load_prefs() == self.prefs

    def make_default(self) -> bool:
        """Make this device's language and theme the server's defaults for new devices."""
        return save_prefs(self.prefs)

    def resized(self, width: float | None, height: float | None) -> None:
        self.width, self.height = width, height

    # -- feedback ----------------------------------------------------------------
    def say(self, text: str) -> None:
        self.notice = text

    def changed(self) -> None:
        self.data_version += 1

    def match_changed(self) -> None:
        """An open match changed (a tap stored, another screen's entry found): every list reads the
        store again when it is next drawn, yet nothing is drawn again now for it. The match's own
        screen follows its LiveMatch, and nothing else on that screen reads the store (the title
        reads the open match), so drawing the shell again would cost a tap its time for nothing."""
        object.__setattr__(self, "data_version", self.data_version + 1)  # past the observable: no one told
