"""The Çävasie match screen: the table (seats, chips, cards), then what the current step asks for.

- The deal (CV-4): the screen names the next card in CV-4's order and shows the deck picker;
  cards already placed are greyed out (CV-6). A face-down card may be entered unseen.
- The draw step (CV-4) and the interactions (CV-5): the actions the engine allows now, as
  buttons (`legal_actions`); a drawn or turned-up card is picked from the deck.
- Betting (CV-5): check, call, bet, raise, fold, with an amount chooser.
- The showdown: unseen cards are entered, then the hands are compared and explained.
Nothing here decides a rule: every tap is an action for the engine, which refuses with a rule id.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.cavasie import Deck, TableState, bet_options, legal_actions, next_deal_slot, unknown_cards
from views.cavasie.cards import deck_picker, slots_row
from views.cavasie.explain import Tr, deal_prompt, phase_title, seat_name, settlement_text
from views.cavasie.ladder import ladder_button, ladder_dialog
from views.live import LiveMatch
from views.model import AppModel
from views.screens.match import MatchTools, refusal_banner
from views.ui import TAP, body, colour_dot, confirm_dialog, end_card


def seat_panel(tr: Tr, state: TableState, seat: int, names: dict[int, str], colours: dict[int, str],
               acting: bool) -> ft.Control:
    hand = state.hand
    me = hand.seats[seat]
    show_down = hand.phase in ("showdown", "settled")
    badges = []
    if seat == hand.dealer:
        badges.append(tr("cavasie_ui.badge.dealer"))
    if me.folded:
        badges.append(tr("cavasie_ui.badge.folded"))
    if not me.in_hand:
        badges.append(tr("cavasie_ui.badge.out"))
    chips = tr("cavasie_ui.chips", chips=state.chips[seat], stake=me.stake)
    header = ft.Row(spacing=8, controls=[
        colour_dot(colours.get(seat, "#888888"), 20),
        ft.Text(seat_name(tr, names, seat), size=16, weight=ft.FontWeight.BOLD),
        *(ft.Container(padding=ft.Padding.symmetric(horizontal=6, vertical=1), border_radius=6,
                       bgcolor=ft.Colors.SECONDARY_CONTAINER, content=ft.Text(badge, size=12)) for badge in badges),
        ft.Text(chips, size=13, expand=True, text_align=ft.TextAlign.RIGHT),
    ])
    rows: list[ft.Control] = [header]
    if me.floor:
        rows.append(ft.Row(spacing=6, controls=[ft.Text(tr("cavasie_ui.pile.floor"), size=12, width=44),
                                                slots_row(tr, state.deck, me.floor, show_down, f"s{seat}-floor")]))
    if me.hand:
        rows.append(ft.Row(spacing=6, controls=[ft.Text(tr("cavasie_ui.pile.hand"), size=12, width=44),
                                                slots_row(tr, state.deck, me.hand, show_down, f"s{seat}-hand")]))
    return ft.Container(
        key=f"seat-{seat}", padding=8, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if acting else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY if acting else ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=4, controls=rows))


def action_button(label: str, action: dict[str, Any], tap: Any, key: str, primary: bool = False) -> ft.Control:
    kind = ft.FilledButton if primary else ft.OutlinedButton
    return kind(content=ft.Text(label, size=15), height=TAP, key=key, on_click=lambda: tap(action))


def step_label(tr: Tr, action: dict[str, Any]) -> tuple[str, str]:
    """A legal action of the draw or interaction step as a button label and key."""
    if "interact" in action:
        how = action["interact"]
        if how == "none":
            return tr("cavasie_ui.interact.none"), "interact-none"
        if how == "swap":
            return (tr("cavasie_ui.interact.swap", h=action["hand"] + 1, f=action["floor"] + 1),
                    f"swap-{action['hand']}-{action['floor']}")
        if how == "take_center":
            return tr("cavasie_ui.interact.take_center", n=action["center"] + 1), f"take-center-{action['center']}"
        if "to_hand" in action:
            return tr("cavasie_ui.interact.choice_take", n=action["to_hand"] + 1), f"choice-take-{action['to_hand']}"
        return tr("cavasie_ui.interact.choice_turn", n=action["turn_up"] + 1), f"choice-turn-{action['turn_up']}"
    if "to_hand" in action:
        return tr("cavasie_ui.draw.to_hand", n=action["to_hand"] + 1), f"to-hand-{action['to_hand']}"
    if "turn_up" in action:
        return tr("cavasie_ui.draw.turn_up", n=action["turn_up"] + 1), f"turn-up-{action['turn_up']}"
    if "done" in action:
        return tr("cavasie_ui.draw.done"), "draw-done"
    return tr("cavasie_ui.draw.draw"), "draw"


@ft.component
def CavasieScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    seen = live.seq  # every tap below names this rendering (one tap, one entry)
    tr = model.tr
    state: TableState = live.state
    hand = state.hand
    names, colours = live.names, live.colours
    outcome = live.outcome
    playing = live.active and not outcome.over
    picking, set_picking = ft.use_state(None)  # what a picked card does outside the deal
    amount, set_amount = ft.use_state(1)
    used = set(hand.cards())
    acting = hand.current if hand.phase in ("draw", "bet1", "interact", "bet2") else None

    def tap(action: dict[str, Any]) -> None:
        set_picking(None)
        live.apply(action, seen=seen)

    controls: list[ft.Control] = [ft.Text(phase_title(tr, state), size=18, weight=ft.FontWeight.BOLD, key="header")]
    banner = refusal_banner(model, live)
    if banner is not None:
        controls.append(banner)
    if hand.center:
        controls.append(ft.Container(key="center", padding=8, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                                     content=ft.Row(spacing=6, controls=[
                                         ft.Text(tr("cavasie_ui.pile.center"), size=12, width=44),
                                         slots_row(tr, state.deck, hand.center, hand.phase in ("showdown", "settled"),
                                                   "center")])))
    controls += [seat_panel(tr, state, seat, names, colours, seat == acting) for seat in range(state.players)]

    if outcome.over:
        if hand.result is not None and hand.phase == "settled":  # the last showdown stays explained
            controls.append(Explanation(tr, state.deck, hand.result, names))
        places = [tr("cavasie_ui.final.line", place=outcome.placing(seat), name=seat_name(tr, names, seat),
                     chips=outcome.scores.get(seat, 0)) for group in outcome.places for seat in group]
        controls.append(end_card(tr("cavasie_ui.final.title"), places))
    elif playing:
        controls += step_controls(tr, state, live, names, tap, picking, set_picking, amount, set_amount, used)
    controls.append(MatchTools(model, live))
    return body(*controls)


def step_controls(tr: Tr, state: TableState, live: LiveMatch, names: dict[int, str], tap: Any, picking: Any,
                  set_picking: Any, amount: int, set_amount: Any, used: set[str]) -> list[ft.Control]:
    hand = state.hand
    phase = hand.phase
    out: list[ft.Control] = []
    if phase == "deal":
        slot = next_deal_slot(state)
        prompt = deal_prompt(tr, state, names)
        if slot is None or prompt is None:
            return out
        seat, pile, face_up = slot

        def place(code: str | None) -> None:
            action: dict[str, Any] = {"place": code, "to": pile}
            if seat is not None:
                action["seat"] = seat
            tap(action)

        out.append(ft.Text(prompt, size=16, weight=ft.FontWeight.BOLD, key="prompt"))
        out.append(deck_picker(tr, state.deck, used, place, unseen=None if face_up else (lambda: place(None))))
        return out

    if picking is not None:
        out.append(ft.Text(tr(f"cavasie_ui.pick.{picking['kind']}"), size=16, weight=ft.FontWeight.BOLD, key="prompt"))

        def picked(code: str | None) -> None:
            action = dict(picking["action"])
            action[picking["field"]] = code
            tap(action)

        unseen = (lambda: picked(None)) if picking["kind"] == "draw" else None
        out.append(deck_picker(tr, state.deck, used, picked, unseen=unseen))
        out.append(ft.TextButton(content=tr("cavasie_ui.pick.cancel"), height=TAP, key="pick-cancel",
                                 on_click=lambda: set_picking(None)))
        return out

    legal = legal_actions(state)
    if phase == "draw" or phase == "interact":
        seat = hand.current
        out.append(ft.Text(tr(f"cavasie_ui.{phase}.prompt", name=seat_name(tr, names, seat)), size=16,
                           weight=ft.FontWeight.BOLD, key="prompt"))
        buttons: list[ft.Control] = []
        me = hand.seats[seat] if seat is not None else None
        for action in legal:
            label, key = step_label(tr, action)
            index = action.get("turn_up")
            if "draw" in action:
                buttons.append(ft.FilledButton(content=ft.Text(label, size=15), height=TAP, key=key,
                                               on_click=lambda: set_picking({"kind": "draw", "action": {"draw": None},
                                                                             "field": "draw"})))
            elif index is not None and me is not None and me.floor[index].code is None:
                base = {k: v for k, v in action.items() if k != "card"}
                buttons.append(ft.OutlinedButton(
                    content=ft.Text(label, size=15), height=TAP, key=key,
                    on_click=lambda _, base=base: set_picking({"kind": "turn_up", "action": base, "field": "card"})))
            else:
                clean = {k: v for k, v in action.items() if k != "card"}
                buttons.append(action_button(label, clean, tap, key, primary="done" in action))
        out.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=buttons))
        return out

    if phase in ("bet1", "bet2"):
        options = bet_options(state)
        if options is None:
            return out
        name = seat_name(tr, names, options.seat)
        out.append(ft.Text(tr("cavasie_ui.bet.prompt", name=name, to_call=options.to_call, chips=options.chips),
                           size=16, weight=ft.FontWeight.BOLD, key="prompt"))
        kinds = {next(iter(action)) for action in legal}
        amount = max(1, min(amount, max(options.chips - options.to_call, 1)))
        row: list[ft.Control] = []
        if "check" in kinds:
            row.append(action_button(tr("cavasie_ui.bet.check"), {"check": True}, tap, "check", primary=True))
        if "call" in kinds:
            row.append(action_button(tr("cavasie_ui.bet.call", amount=min(options.to_call, options.chips)),
                                     {"call": True}, tap, "call", primary=True))
        if "bet" in kinds:
            row.append(action_button(tr("cavasie_ui.bet.bet", amount=amount), {"bet": amount}, tap, "bet"))
        if "raise" in kinds:
            row.append(action_button(tr("cavasie_ui.bet.raise", amount=amount), {"raise": amount}, tap, "raise"))
        row.append(action_button(tr("cavasie_ui.bet.fold"), {"fold": True}, tap, "fold"))
        out.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=row))
        if "bet" in kinds or "raise" in kinds:
            out.append(ft.Row(spacing=8, controls=[
                ft.OutlinedButton(content=ft.Text("−1", size=16, semantics_label=tr("cavasie_ui.bet.less")),
                                  height=TAP, key="less", on_click=lambda: set_amount(max(1, amount - 1))),
                ft.Text(tr("cavasie_ui.bet.amount", amount=amount), size=16, key="amount"),
                ft.OutlinedButton(content=ft.Text("+1", size=16, semantics_label=tr("cavasie_ui.bet.more")),
                                  height=TAP, key="more", on_click=lambda: set_amount(amount + 1)),
                ft.OutlinedButton(content=ft.Text("+5", size=16, semantics_label=tr("cavasie_ui.bet.more5")),
                                  height=TAP, key="more5", on_click=lambda: set_amount(amount + 5)),
            ]))
        return out

    if phase == "showdown":
        missing = unknown_cards(state)
        out.append(ft.Text(tr("cavasie_ui.showdown.prompt"), size=16, weight=ft.FontWeight.BOLD, key="prompt"))
        for seat, pile, index in missing:
            who = (tr("cavasie_ui.showdown.center", n=index + 1) if seat is None else
                   tr(f"cavasie_ui.showdown.{pile}", name=seat_name(tr, names, seat), n=index + 1))
            reveal: dict[str, Any] = {"pile": pile, "index": index}
            if seat is not None:
                reveal["seat"] = seat
            out.append(ft.OutlinedButton(
                content=ft.Text(tr("cavasie_ui.showdown.enter", whose=who), size=15), height=TAP,
                key=f"reveal-{seat}-{pile}-{index}",
                on_click=lambda _, reveal=reveal: set_picking({"kind": "reveal", "action": reveal, "field": "reveal"})))
        out.append(ft.FilledButton(content=ft.Text(tr("cavasie_ui.showdown.compare"), size=16), height=TAP,
                                   key="compare", disabled=bool(missing), on_click=lambda: tap({"showdown": True})))
        return out

    if phase == "settled" and hand.result is not None:
        out.append(Explanation(tr, state.deck, hand.result, names))
        out.append(SessionButtons(tr, tap))
    return out


@ft.component
def SessionButtons(tr: Tr, tap: Any) -> ft.Control:
    """Next hand, or end the session: ending asks first (it cannot be taken back but by undo)."""
    asking, set_asking = ft.use_state(False)

    def end() -> None:
        set_asking(False)
        tap({"end_session": True})

    ft.use_dialog(confirm_dialog(tr("cavasie_ui.end_session"), tr("cavasie_ui.end_session_confirm"),
                                 tr("cavasie_ui.end_session"), tr("app.cancel"), end,
                                 lambda: set_asking(False)) if asking else None)
    return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        action_button(tr("cavasie_ui.next_hand"), {"next_hand": True}, tap, "next-hand", primary=True),
        ft.OutlinedButton(content=ft.Text(tr("cavasie_ui.end_session"), size=15), height=TAP, key="end-session",
                          on_click=lambda: set_asking(True)),
    ])


@ft.component
def Explanation(tr: Tr, deck: Deck, result: Any, names: dict[int, str]) -> ft.Control:
    """The showdown explained, best first (CV-9, CV-10), each pattern's name with what it means;
    the ladder card shows the whole ladder with this showdown's patterns marked."""
    ladder_open, set_ladder_open = ft.use_state(False)
    shown = {str(hand.get("pattern")) for hand in result.get("hands", {}).values()}
    ft.use_dialog(ladder_dialog(tr, deck, shown, lambda: set_ladder_open(False)) if ladder_open else None)
    blocks: list[ft.Control] = [ft.Text(tr("cavasie_ui.showdown.title"), size=20, weight=ft.FontWeight.BOLD)]
    if result.get("voided"):
        blocks.append(ft.Text(tr("cavasie_ui.voided"), size=14, italic=True))
    for headline, lines in settlement_text(tr, result, names):
        blocks.append(ft.Text(headline, size=17, weight=ft.FontWeight.BOLD))
        blocks += [ft.Text(line, size=14) for line in lines]
    if result.get("kind") == "showdown":
        blocks.append(ladder_button(tr, lambda: set_ladder_open(True)))
    return ft.Container(key="explanation", padding=12, border_radius=16, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        content=ft.Column(spacing=4, controls=blocks))
