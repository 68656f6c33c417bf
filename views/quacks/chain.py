"""The questions a drawn chip asks before it is entered, chip after chip (QK-18): yellow set 1
may send back the white chip right before it; blue set 1 draws more chips and may place one,
and the chip placed acts too (a blue placed by a blue places again). The engine says what
each chip of the chain asks (`match_view.draw_step`) and writes the entry (`draw_item`);
this panel only asks. Used while brewing and for Strong Ingredient's chip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.quacks.match_view import draw_item, draw_step
from views.hooks import use_state
from views.quacks.pieces import chip_disc
from views.quacks.words import Words
from views.ui import TAP

Finish = Callable[[str | dict[str, Any]], Any]


def asks_anything(words: Words, seat: int, chain: tuple[str, ...]) -> bool:
    """Whether the last chip of `chain` has a question (else it is entered at once)."""
    step = draw_step(words.state, seat, chain)
    return step.return_white or step.place is not None


@ft.component
def ChainQuestion(words: Words, seat: int, first: str, finish: Finish, cancel: Callable[[], Any]) -> ft.Control:
    """Ask about `first` and every chip it places; `finish` gets the whole draw item."""
    chain, set_chain = use_state(tuple[str, ...]((first,)))
    no_answers: tuple[bool, ...] = ()
    returns, set_returns = ft.use_state(no_answers)  # one answer per chip of the chain, once asked
    step = draw_step(words.state, seat, chain)
    answered = returns if len(returns) == len(chain) or step.return_white else (*returns, False)
    last = chain[-1]

    def send_back(yes: bool) -> None:
        given = (*returns, yes)
        if step.place is None:
            finish(draw_item(chain, given))
        else:
            set_returns(given)

    def place(code: str | None) -> None:
        if code is None:
            finish(draw_item(chain, answered))
            return
        longer = (*chain, code)
        if asks_anything(words, seat, longer):
            set_returns(answered)
            set_chain(longer)
        else:
            finish(draw_item(longer, (*answered, False)))

    buttons: list[ft.Control] = []
    if len(answered) < len(chain):  # yellow set 1: the white just before it
        before = _chip_before(words, seat, chain)
        prompt = words.tr("quacks_ui.ask_return_white", chip=words.chip(last), white=words.chip(before))
        buttons += [
            ft.FilledButton(content=ft.Text(words.tr("quacks_ui.return_white_yes"), size=15), height=TAP,
                            key="return-white-yes", on_click=lambda: send_back(True)),
            ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.return_white_no"), size=15), height=TAP,
                              key="return-white-no", on_click=lambda: send_back(False))]
    else:  # blue set 1: which of the chips it drew was placed next
        count = int(last[1:])
        prompt = (words.tr("quacks_ui.ask_place", chip=words.chip(last), count=count) if len(chain) == 1 else
                  words.tr("quacks_ui.ask_place_next", chip=words.chip(last), by=words.chip(chain[-2]), count=count))
        for code in step.place or ():
            buttons.append(ft.Semantics(
                label=words.tr("quacks_ui.place_chip", chip=words.chip(code)), button=True, container=True,
                exclude_semantics=True,
                content=ft.Container(key=f"place-{code}", border_radius=30, padding=2, ink=True,
                                     on_click=lambda e, c=code: place(c), content=chip_disc(code, 52))))
        buttons.append(ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.place_none"), size=15), height=TAP,
                                         key="place-none", on_click=lambda: place(None)))
    buttons.append(ft.TextButton(content=ft.Text(words.tr("quacks_ui.cancel"), size=15), height=TAP,
                                 key="draw-cancel", on_click=lambda: cancel()))
    ink = ft.Colors.ON_TERTIARY_CONTAINER
    lines: list[ft.Control] = [ft.Text(prompt, size=15, weight=ft.FontWeight.BOLD, color=ink)]
    if len(chain) > 1:
        shown = " → ".join(words.chip(code) for code in chain)
        lines.append(ft.Text(words.tr("quacks_ui.place_chain", chain=shown), size=13, color=ink, key="place-chain"))
    return ft.Container(key="draw-question", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        content=ft.Column(spacing=8, controls=[
                            *lines, ft.Row(wrap=True, spacing=8, run_spacing=8, controls=buttons)]))


def _chip_before(words: Words, seat: int, chain: tuple[str, ...]) -> str:
    """The chip lying right before the chain's last one: the pot's last chip (only the first
    chip of a chain can follow a white: a placed chip follows its blue)."""
    pot = words.state.players[seat].pot
    return pot.chips[-1].chip if pot is not None and pot.chips else chain[-1]
