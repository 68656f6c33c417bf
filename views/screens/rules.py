"""Rules look-up: one game's page (a rule first when a refusal links to it), or a search over
every game's rules in the current language."""

from __future__ import annotations

import flet as ft

from companion.games import games
from views.games import RuleText, game_views
from views.hooks import use_ref, use_state
from views.model import AppModel, Screen
from views.ui import TAP, body, field_text, heading

MAX_HITS = 40


def search_rules(model: AppModel, query: str) -> list[tuple[str, RuleText, str]]:
    """(game, rule, text) of every rule whose id or text holds every word of `query`."""
    words = query.casefold().split()
    hits: list[tuple[str, RuleText, str]] = []
    if not words:
        return hits
    for game_id in games():
        views = game_views(game_id)
        for rule in views.rules if views else ():
            text = model.tr(rule.text)
            haystack = f"{rule.id} {text}".casefold()
            if all(word in haystack for word in words):
                hits.append((game_id, rule, text))
    return hits[:MAX_HITS]


@ft.component
def Rules(model: AppModel, screen: Screen) -> ft.Control:
    game = screen.get("game")
    if game is None:
        return RuleSearch(model, screen.get("q", ""))
    views = game_views(game)
    if views is None:
        return body(ft.Text(model.tr("rules.coming", game=model.tr(f"game.{game}")), size=15))
    return views.rules_page(model, screen.get("rule"))


@ft.component
def RuleSearch(model: AppModel, initial: str) -> ft.Control:
    query, set_query = use_state(initial)
    drawn = use_ref(False)
    hits = search_rules(model, query)
    tiles: list[ft.Control] = [
        ft.ListTile(
            key=f"hit-{rule.id}",
            leading=ft.Text(rule.id, weight=ft.FontWeight.BOLD),
            title=ft.Text(model.tr(f"game.{game}"), size=13),
            subtitle=ft.Text(text, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
            min_height=TAP,
            on_click=lambda e, g=game, r=rule.id: open_rule(g, r),
        )
        for game, rule, text in hits
    ]
    def open_rule(game: str, rule: str) -> None:
        """The rule's page, with this search (and its query) below it, for Back."""
        model.replace("rules", q=query)
        model.go("rules", game=game, rule=rule)

    results: list[ft.Control]
    if not query.strip():
        results = [ft.Text(model.tr("rules.search_hint"), size=15)]
    elif not hits:
        results = [ft.Text(model.tr("rules.search_none", query=query), size=15)]
    else:
        results = [ft.Card(content=ft.Column(spacing=0, controls=tiles))]
    return body(
        heading(model.tr("rules.search_title")),
        ft.TextField(label=model.tr("rules.search_label"), value=field_text(initial, drawn),
                     autofocus=True, key="rule-search",
                     prefix_icon=ft.Icons.SEARCH, on_change=lambda e: set_query(e.control.value)),
        *results,
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.OutlinedButton(content=model.tr("app.rules_of", game=model.tr(f"game.{game_id}")), height=TAP,
                              on_click=lambda e, g=game_id: model.go("rules", game=g))
            for game_id in games() if game_views(game_id) is not None
        ]),
    )
