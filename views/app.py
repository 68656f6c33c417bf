"""The root component: one View for the screen on top of the navigation stack."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.i18n import LANGUAGES
from db import Store
from views.device import AWAKE_SCREENS, Device
from views.model import AppModel
from views.prefs import load_prefs
from views.reading import use_reads
from views.screens import SCREENS
from views.ui import TAP, icon_button, notice_banner
from views.webclient import FONT_FAMILY, FONT_FILE
from views.words import install as keep_korean_words_whole

FONT = FONT_FAMILY  # ships in assets/fonts so Hangul renders in the web client too
SEED = "#8d6e63"


def app_locale(lang: str) -> ft.LocaleConfiguration:
    """The page's locale: Flutter writes it into `<html lang>` (without it the page says en-US)."""
    return ft.LocaleConfiguration(supported_locales=[ft.Locale(code) for code in LANGUAGES],
                                  current_locale=ft.Locale(lang))


BLACK = "#000000"
# OLED black: the backgrounds black, the raised surfaces (app bar, cards, dialogs) just off it.
BLACK_SURFACES = ft.ColorScheme(
    surface=BLACK, surface_container_lowest=BLACK, surface_container_low="#0b0b0b",
    surface_container="#121212", surface_container_high="#1a1a1a", surface_container_highest="#222222",
)


def theme(black: bool = False) -> ft.Theme:
    """Light and dark share the font and the seed colour; Flutter derives each scheme."""
    return ft.Theme(
        font_family=FONT,
        color_scheme_seed=SEED,
        color_scheme=BLACK_SURFACES if black else None,
        scaffold_bgcolor=BLACK if black else None,
        canvas_color=BLACK if black else None,
        visual_density=ft.VisualDensity.COMFORTABLE,
    )


THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK,
               "black": ft.ThemeMode.DARK}


def apply_theme(page: ft.Page, choice: str) -> None:
    page.theme_mode = THEME_MODES.get(choice, ft.ThemeMode.SYSTEM)
    page.dark_theme = theme(black=choice == "black")


@ft.component
def App(model: AppModel) -> ft.View:
    screen = model.screen
    page = ft.context.page

    def apply_prefs() -> None:
        apply_theme(page, model.theme)
        page.title = model.tr("app.title")
        page.locale_configuration = app_locale(model.lang)  # <html lang> follows the language

    ft.on_updated(apply_prefs, [model.theme, model.lang])
    awake = screen.name in AWAKE_SCREENS  # the screen stays on while a match is open
    ft.on_updated(lambda: model.keep_awake(awake) if model.keep_awake else None, [awake])

    spec = SCREENS[screen.name]
    use_reads(model, spec.title_reads(model, screen))
    title = spec.title(model, screen)
    # The key makes a new screen start with fresh local state (form fields, dialogs), and at the
    # top of its page (the scrolling column below has it too).
    here = f"{len(model.stack)}:{screen}"
    content = spec.body(model, screen, key=here)

    leading = None
    if len(model.stack) > 1 and model.guard is None:  # a locked device has nowhere to go back to
        leading = icon_button(ft.Icons.ARROW_BACK, model.tr("app.back"), on_click=lambda: model.back())

    bar_actions: list[ft.Control] = []
    if model.guard is not None:
        pass  # a device not let in (views/access.py): no way from its one screen into the app
    if screen.name != "settings" and model.guard is None:
        bar_actions.append(icon_button(ft.Icons.SETTINGS, model.tr("app.settings"),
                                         on_click=lambda: model.go("settings")))
    controls: list[ft.Control] = []
    if model.notice:
        controls.append(notice_banner(model.notice, lambda: setattr(model, "notice", None), model.tr("app.close")))
    controls.append(content)
    return ft.View(
        route="/",
        padding=0,
        appbar=ft.AppBar(
            leading=leading,
            title=ft.Text(title, size=18),
            actions=bar_actions,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        ),
        bottom_appbar=thumb_bar(model) if screen.name == "home" and model.guard is None else None,
        controls=[ft.Column(key=f"page-{here}", scroll=ft.ScrollMode.AUTO, expand=True, controls=[
            ft.Container(padding=ft.Padding.symmetric(horizontal=12, vertical=12),
                         content=ft.Column(spacing=10, controls=controls)),
        ])],
    )


# The places a player goes from home, at the bottom where a thumb reaches on a phone.
THUMB_BAR = (("history", "app.history", ft.Icons.HISTORY), ("stats", "app.stats", ft.Icons.INSIGHTS),
             ("players", "app.players", ft.Icons.PEOPLE), ("rules", "rules.search_short", ft.Icons.SEARCH),
             ("exchange", "app.exchange_short", ft.Icons.IMPORT_EXPORT))


def thumb_bar(model: AppModel) -> ft.BottomAppBar:
    return ft.BottomAppBar(
        height=TAP + 16, padding=ft.Padding.symmetric(horizontal=4, vertical=4), bgcolor=ft.Colors.SURFACE_CONTAINER,
        content=ft.Row(spacing=0, controls=[
            ft.TextButton(
                key=f"bar-{name}", expand=True, height=TAP,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=2, vertical=2)),
                on_click=lambda e, name=name: model.go(name),
                content=ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                  controls=[ft.Icon(icon, size=22),
                                            ft.Text(model.tr(label), size=12, max_lines=1,
                                                    overflow=ft.TextOverflow.ELLIPSIS)]),
            )
            for name, label, icon in THUMB_BAR
        ]),
    )


@ft.component
def Root(model: AppModel) -> list[ft.View]:
    return [App(model)]


async def start(page: ft.Page, store: Store, route: str | None = None, guard: Any = None) -> None:
    """Draw the app at `route` (the page's own by default); `guard` keeps a device that was
    not let in on its one screen (views/access.py)."""
    keep_korean_words_whole()  # every Text and button from here on (views/words.py)
    # Checked once per store, off the app's thread (a whole file's quick_check can take a while).
    if guard is None and (damage := await asyncio.to_thread(store.health)) is not None:
        from views.screens.damaged import DamagedGuard

        guard = DamagedGuard(damage)  # the one screen that says so, instead of failing on a read
    if not page.web:  # a browser has the font from the web client's font manifest (views/webclient.py)
        page.fonts = {FONT: FONT_FILE}
    device = Device(page)
    # The device's own language and theme, read before the first screen so it opens in them.
    prefs = await device.prefs(default=load_prefs())
    page.theme = theme()
    apply_theme(page, prefs.theme)
    model = AppModel.create(store, page.route if route is None else route, prefs, guard)
    if store.read_only is not None and guard is None:  # said once a page: why nothing will be saved
        from db.errors import ReadOnlyStore

        model.notice = ReadOnlyStore(location=store.location, reason=store.read_only).message(model.lang)
    if route is not None and route != page.route:
        page.navigate(route)  # the address bar without the token
    model.navigate = page.navigate
    model.remember = lambda chosen: device.run(device.remember, chosen)
    model.keep_awake = lambda awake: device.run(device.keep_awake, awake)
    page.on_route_change = lambda event: model.arrive(event.route)
    # The one listener of the window's size: every screen reads it from the model.
    model.resized(getattr(page, "width", None), getattr(page, "height", None))
    page.on_resize = lambda event: model.resized(event.width, event.height)
    page.locale_configuration = app_locale(model.lang)
    page.title = model.tr("app.title")
    page.render_views(Root, model)
