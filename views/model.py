"""The app's state: language, theme, where the player is, and the store.

Screens read this model and call its methods; they never talk to the store's tables
or a game's rules directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.i18n import t
from db import Store
from views.prefs import Prefs, load_prefs, save_prefs


@dataclass(frozen=True)
class Screen:
    name: str  # home, new, match, history, settings, rules, players
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)


@ft.observable
@dataclass
class AppModel:
    store: Store
    lang: str = "ko"
    dark: bool = False
    stack: list[Screen] = field(default_factory=lambda: [Screen("home")])
    notice: str | None = None  # a short message shown as a snack bar
    data_version: int = 0  # bumped after every write so lists re-read the store

    @classmethod
    def create(cls, store: Store) -> AppModel:
        prefs = load_prefs()
        return cls(store=store, lang=prefs.lang, dark=prefs.dark)

    # -- text ----------------------------------------------------------------
    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- navigation ------------------------------------------------------------
    @property
    def screen(self) -> Screen:
        return self.stack[-1]

    def go(self, name: str, **params: Any) -> None:
        self.stack = [*self.stack, Screen(name, tuple(sorted(params.items())))]

    def replace(self, name: str, **params: Any) -> None:
        self.stack = [*self.stack[:-1], Screen(name, tuple(sorted(params.items())))]

    def back(self) -> None:
        if len(self.stack) > 1:
            self.stack = self.stack[:-1]

    def home(self) -> None:
        self.stack = [Screen("home")]

    # -- preferences -----------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        save_prefs(Prefs(lang=self.lang, dark=self.dark))

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        save_prefs(Prefs(lang=self.lang, dark=self.dark))

    # -- feedback ----------------------------------------------------------------
    def say(self, text: str) -> None:
        self.notice = text

    def changed(self) -> None:
        self.data_version += 1
