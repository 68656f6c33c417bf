"""The Çävasie set-up form: the dealer (CV-4: from three players one of them deals, turning each
hand; playing without is a house rule), the chips and the ante, and the deck: the Didopoikas, or
the edited deck this device keeps (views/cavasie/deck_editor.py), which the match then stores."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.cavasie import GAME, deck_problems
from views.cavasie.deck_editor import changed_cards
from views.cavasie.stored import DECK_KEY, dump_deck, read_deck, use_kept
from views.games import game_views
from views.model import AppModel
from views.screens.new_match import option_control, option_label
from views.ui import TAP, switch_row

OPTIONS = {option.key: option for option in GAME.options}


def dealer_note(model: AppModel, dealer: bool, players: int) -> str:
    if players == 2:
        return model.tr("cavasie_ui.setup.two_no_dealer")
    return model.tr("cavasie_ui.setup.dealer_turns" if dealer else "cavasie_ui.setup.house_rule")


@ft.component
def CavasieSetup(model: AppModel, setup: dict[str, Any], set_setup: Callable[[dict[str, Any]], None],
                 players: int, seats: Sequence[Any] = ()) -> ft.Control:
    tr = model.tr
    views = game_views(GAME.id)
    assert views is not None
    kept, loaded, _ = use_kept(DECK_KEY, read_deck, dump_deck)

    def choose_kept() -> None:
        """A device that keeps an edited deck plays with it unless told otherwise."""
        if loaded and kept is not None and setup.get("deck") is None:
            set_setup({**setup, "deck": kept})

    ft.use_effect(choose_kept, [loaded])

    def set_option(key: str, value: Any) -> None:
        set_setup({**setup, key: value})

    dealer = bool(setup.get("dealer", True))
    controls: list[ft.Control] = [
        switch_row(option_label(model, GAME, views, OPTIONS["dealer"]), dealer, lambda on: set_option("dealer", on)),
        ft.Text(dealer_note(model, dealer, players), size=13, key="dealer-note"),
        *(option_control(model, GAME, views, OPTIONS[key], setup.get(key, OPTIONS[key].default),
                         lambda value, k=key: set_option(k, value)) for key in ("chips", "ante")),
        ft.Text(option_label(model, GAME, views, OPTIONS["deck"]), size=15),
    ]
    chosen = setup.get("deck")
    choices: list[tuple[str, dict[str, Any] | None, str]] = [(tr("cavasie_ui.setup.standard_deck"), None,
                                                              "deck-standard")]
    if kept is not None:
        changed = len(changed_cards(kept))
        choices.append((tr("cavasie_ui.setup.kept_deck", cards=len(kept["cards"]), changed=changed), kept,
                        "deck-kept"))
    elif chosen is not None:  # a deck the set-up holds that this device no longer keeps
        choices.append((tr("cavasie_ui.setup.kept_deck", cards=len(chosen["cards"]),
                           changed=len(changed_cards(chosen))), chosen, "deck-kept"))
    controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        (ft.FilledTonalButton if value == chosen else ft.OutlinedButton)(
            content=label, height=TAP, key=key, icon=ft.Icons.CHECK if value == chosen else None,
            on_click=lambda _, v=value: set_option("deck", v))
        for label, value, key in choices]))
    if chosen is not None and players >= 2:
        problems = deck_problems(chosen, players=players)
        if problems:
            controls.append(ft.Text(problems[0].message(model.lang), color=ft.Colors.ERROR, size=14,
                                    key="deck-problem"))
    controls.append(ft.TextButton(content=tr("cavasie_ui.setup.edit_deck"), icon=ft.Icons.EDIT_NOTE, height=TAP,
                                  key="deck-edit", on_click=lambda: model.go("tool", game="cavasie", tool="deck")))
    return ft.Column(spacing=8, controls=controls)
