"""The Quacks match screen: one round after another, as the engine walks it.

- The fortune card (QK-4): the start player picks the card drawn; a card's questions follow,
  one player at a time, with the legal answers as buttons (`match_view.question`).
- Brewing (QK-5 … QK-10, QK-18): everyone at once. A seat switcher opens any player's pot and
  palette; the table's device shows every pot in short. A device can be set to one seat
  ("this phone is Ana's") and then opens on that seat.
- The evaluation A–F (QK-11 … QK-16): the questions waiting (in D–F every player's at once,
  this device's own first), the legal answers as big buttons, the shop with the legal
  purchases only, the bonus die as the table rolled it (or rolled for you).
- A desktop window shows the pots (and the evaluation's tallies) side by side.
- Always: the round (1–9), the fortune card in force, what just happened, the scoreboard with
  the rat tails between the players, undo/redo/rules (MatchTools); at the end the places.

Which seat a device shows first is kept in the browser's own storage (Flet's
SharedPreferences, localStorage on the web) under the match's id: it belongs to the device,
not to the match (other devices must not see it) nor to the address (a QR code shared from a
phone must not carry "Ana's" to the next phone); it survives a reload and the way to the
rules and back. How the device shows the risk (percent, chips, hidden) is kept there too.
Where that storage is unavailable the choice lasts as long as the screen.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import flet as ft

from companion.quacks.match_state import MatchState
from companion.quacks.match_view import Question, card_view, questions, seat_view
from companion.quacks.screen_board import evaluation_board, evaluation_step
from views.live import LiveMatch
from views.model import AppModel
from views.quacks.ask import QuestionPanel
from views.quacks.board import result_card, round_indicator, scoreboard, steps_row, tally_card
from views.quacks.brew import SeatPanel, overview_card
from views.quacks.corrections import Corrections
from views.quacks.pieces import ODDS_MODES, WIDE, keyed
from views.quacks.words import Words, last_lines
from views.screens.match import MatchTools, refusal_banner
from views.ui import TAP, body, colour_dot

ALL = "all"  # the seat switcher's "everyone" (the table's overview)
ODDS_KEY = "companion.quacks.odds"  # how this device shows the risk (all its matches)
# Entries players make at the same time, each for their own seat: brewing, and steps D–F.
TOGETHER_KEYS = ("draw", "flask", "stir", "stop", "beside", "restart", "choice", "buy", "spend")
STALE = "store.stale_write"
log = logging.getLogger(__name__)


def pref_key(match_id: int) -> str:
    return f"companion.quacks.{match_id}.seat"


def enter(live: LiveMatch, action: dict[str, Any], seen: int | None = None,
          before: list[Any] | None = None) -> bool:
    """One tap's entry, on the rendering at `seen` whose effective actions were `before`.
    Players brew, and answer steps D–F, at once on several devices, so such an entry refused
    only because another device wrote first is entered again once, after the reload, when the
    entries that came in between were all other seats' (each pot and each answer is its own;
    the engine checks it again); anything else (an undo elsewhere, the same seat's entry, a
    rule refusal) is shown as it is."""
    if before is None:
        before = [step.action for step in live.session.history]
    if live.apply(action, seen=seen):
        return True
    if live.error is None or live.error.message_id != STALE or not any(key in action for key in TOGETHER_KEYS):
        return False
    after = [step.action for step in live.session.history]
    between = after[len(before):]
    if after[:len(before)] != before or not between or any(a.get("seat") == action.get("seat") for a in between):
        return False
    return live.apply(action, seen=live.seq)


def phase_line(words: Words, state: MatchState) -> str:
    tr = words.tr
    if state.phase == "over":
        return tr("quacks_ui.phase.over")
    return tr("quacks_ui.phase_line", round=state.round, phase=tr(f"quacks_ui.phase.{state.phase}"),
              name=words.name(state.start))


def card_banner(words: Words, state: MatchState) -> ft.Control | None:
    card = card_view(state)
    if card is None:
        return None
    paint = "#6a1b9a" if card.type == "purple" else "#1565c0"
    return ft.Container(key="fortune", padding=12, border_radius=14, border=ft.Border.all(2, paint),
                        content=ft.Column(spacing=4, controls=[
                            ft.Row(spacing=8, controls=[
                                ft.Icon(ft.Icons.AUTO_AWESOME, color=paint, size=20),
                                ft.Text(card.name(words.lang), size=16, weight=ft.FontWeight.BOLD, expand=True),
                            ]),
                            ft.Text(words.tr(f"quacks_ui.card_type.{card.type}"), size=12, color=paint),
                            ft.Text(card.text(words.lang), size=14),
                        ]))


def seat_tabs(words: Words, colours: Mapping[int, str], shown: Any, device: int | None,
              show: Any) -> ft.Control:
    """Everyone, then each player: switch freely; the device's own seat carries a phone."""
    state = words.state
    tabs: list[ft.Control] = [
        (ft.FilledButton if shown == ALL else ft.OutlinedButton)(
            content=ft.Text(words.tr("quacks_ui.tab_all"), size=15), icon=ft.Icons.GROUPS, height=TAP,
            key="tab-all", on_click=lambda: show(ALL))]
    for seat in range(state.seats):
        view = seat_view(state, seat)
        marks = [ft.Icon(ft.Icons.WHATSHOT, size=16, color=ft.Colors.ERROR)] if view.exploded else \
            [ft.Icon(ft.Icons.CHECK, size=16)] if view.finished else []
        tabs.append((ft.FilledButton if shown == seat else ft.OutlinedButton)(
            content=ft.Row(tight=True, spacing=6, controls=[
                colour_dot(colours.get(seat, "#888888"), 14),
                ft.Text(words.name(seat), size=15,
                        semantics_label=words.tr("quacks_ui.tab_seat", name=words.name(seat))),
                *marks,
                *([ft.Icon(ft.Icons.SMARTPHONE, size=16)] if device == seat else []),
            ]),
            height=TAP, key=f"tab-{seat}", on_click=lambda e, s=seat: show(s)))
    return ft.Row(key="tabs", wrap=True, spacing=6, run_spacing=6, controls=tabs)


def device_row(words: Words, shown: Any, device: int | None, choose: Any) -> ft.Control | None:
    """Set this device to the seat shown ("this phone is Ana's"), or back to the table's."""
    if shown == ALL:
        if device is None:
            return ft.Text(words.tr("quacks_ui.device_table"), size=13, key="device")
        return ft.Row(wrap=True, spacing=8, controls=[
            ft.Text(words.tr("quacks_ui.device_is", name=words.name(device)), size=13, key="device"),
            ft.TextButton(content=ft.Text(words.tr("quacks_ui.device_make_table"), size=14), height=TAP,
                          key="device-table", on_click=lambda: choose(None))])
    if device == shown:
        return ft.Row(wrap=True, spacing=8, controls=[
            ft.Icon(ft.Icons.SMARTPHONE, size=18),
            ft.Text(words.tr("quacks_ui.device_is", name=words.name(shown)), size=13, key="device"),
            ft.TextButton(content=ft.Text(words.tr("quacks_ui.device_make_table"), size=14), height=TAP,
                          key="device-table", on_click=lambda: choose(None))])
    return ft.TextButton(content=ft.Text(words.tr("quacks_ui.device_make", name=words.name(shown)), size=14),
                         icon=ft.Icons.SMARTPHONE, height=TAP, key="device-seat", on_click=lambda: choose(shown))


@ft.component
def QuacksScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    seen = live.seq  # every tap below names this rendering (one tap, one entry)
    rendered = [step.action for step in live.session.history]
    state: MatchState = live.state
    words = Words(model.tr, model.lang, live.names, state)
    colours = live.colours
    outcome = live.outcome
    no_seat: int | None = None
    no_pick: int | str | None = None
    device, set_device = ft.use_state(no_seat)  # this device's seat (None: the table's device)
    odds_mode, set_odds_mode = ft.use_state("percent")  # how this device shows the risk
    picked, set_picked = ft.use_state(no_pick)  # the seat switcher's choice (None: the device's)
    prefs: Any = ft.use_ref(None)
    page = ft.context.page
    wide = (model.width or 0) >= WIDE  # the shell follows the window (AppModel.resized)

    async def remember() -> None:
        """Read the device's seat for this match from the browser's own storage."""
        try:
            prefs.current = ft.SharedPreferences()
            value = await prefs.current.get(pref_key(live.match_id))
        except Exception as failed:  # no client storage here: the choice lasts as long as the screen
            log.info("no client storage for the device's seat: %s", failed)
            return
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < state.seats:
            set_device(value)

    ft.use_effect(remember, [])

    async def save(seat: int | None) -> None:
        if prefs.current is None:
            return
        try:
            if seat is None:
                await prefs.current.remove(pref_key(live.match_id))
            else:
                await prefs.current.set(pref_key(live.match_id), seat)
        except Exception as failed:
            log.info("the device's seat was not saved: %s", failed)

    def choose(seat: int | None) -> None:
        set_device(seat)
        set_picked(seat if seat is not None else ALL)
        page.run_task(save, seat)

    def tap(action: dict[str, Any]) -> None:
        enter(live, action, seen, rendered)

    def roll() -> None:
        live.roll(seen=seen)

    async def remember_odds() -> None:
        try:
            value = await ft.SharedPreferences().get(ODDS_KEY)
        except Exception as failed:
            log.info("no client storage for the risk display: %s", failed)
            return
        if value in ODDS_MODES:
            set_odds_mode(value)

    ft.use_effect(remember_odds, [])

    def choose_odds(mode: str) -> None:
        set_odds_mode(mode)

        async def keep() -> None:
            try:
                await ft.SharedPreferences().set(ODDS_KEY, mode)
            except Exception as failed:
                log.info("the risk display was not saved: %s", failed)

        page.run_task(keep)

    shown = picked if picked is not None else (device if device is not None else ALL)
    # A phone keeps its screen for the pots and the questions: the round's dots only where
    # there is room (a wide window, the fortune card, the end); the phase line says the round.
    dots = wide or state.phase == "fortune" or outcome.over
    controls: list[ft.Control] = [round_indicator(words, state.round, outcome.over)] if dots else []
    controls.append(ft.Text(phase_line(words, state), size=18, weight=ft.FontWeight.BOLD, key="phase"))
    banner = refusal_banner(model, live)
    if banner is not None:
        controls.append(banner)
    context: list[ft.Control] = []  # the card in force and what just happened
    fortune = card_banner(words, state) if not outcome.over else None
    if fortune is not None:
        context.append(fortune)
    said = last_lines(words, live.session.history)
    if said:
        context.append(ft.Container(key="last", padding=10, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                                    content=ft.Column(spacing=2, controls=[ft.Text(line, size=14) for line in said])))
    playing = live.active and not outcome.over
    first = playing and state.phase in ("brewing", "evaluation")  # the pots or the questions first
    if not first:
        controls += context
    if outcome.over:
        controls.append(result_card(words, outcome))
    elif playing:
        controls += phase_controls(words, colours, shown, device, lambda s: set_picked(s), choose, tap, roll, wide,
                                   (odds_mode, choose_odds))
    if first:  # the pots and questions first: what a phone at the table is for
        controls += context
    controls.append(scoreboard(words, colours))
    controls.append(MatchTools(model, live))
    # keyed by the layout: a window resized across WIDE lays the screen out afresh (Flet keeps
    # a responsive column's old width otherwise)
    return ft.Container(key=f"layout-{'wide' if wide else 'narrow'}", content=body(*controls, wide=wide))


def phase_controls(words: Words, colours: Mapping[int, str], shown: Any, device: int | None, show: Any,
                   choose: Any, tap: Any, roll: Any, wide: bool, odds: tuple[str, Any]) -> list[ft.Control]:
    state = words.state
    open_now = questions(state)
    out: list[ft.Control] = []
    if state.phase == "evaluation":
        out.append(steps_row(words, evaluation_step(state)))
    if open_now:
        out.append(keyed(QuestionList, words, open_now, device, tap, roll, wide, key=f"questions-{state.round}"))
    if state.phase == "fortune" and state.card is None and not state.asks:  # the table's printing
        out.append(keyed(Corrections, words, tap, key=f"fix-{state.round}"))
    if state.phase == "evaluation":
        out.append(side_by_side([tally_card(words, line, colours.get(line.seat, "#888888"))
                                 for line in evaluation_board(state)], wide))
    elif state.phase == "brewing" and not open_now:
        odds_mode, choose_odds = odds
        rats = [p.pot.rats if p.pot is not None else 0 for p in state.players]
        if any(rats):
            line = ", ".join(words.tr("quacks_ui.said.rats_of", name=words.name(s), rats=n) for s, n in enumerate(rats))
            out.append(ft.Text(words.tr("quacks_ui.rats_round", rats=line), size=14, key="rats"))
        out.append(seat_tabs(words, colours, shown, device, show))
        row = device_row(words, shown, device, choose)
        if row is not None:
            out.append(row)
        if shown == ALL and wide:  # a desktop has room for every pot, side by side
            out.append(side_by_side([
                keyed(SeatPanel, words, seat_view(state, seat), colours.get(seat, "#888888"), tap, True, odds_mode,
                      None, key=f"seat-panel-{seat}") for seat in range(state.seats)], wide))
        elif shown == ALL:
            out += [overview_card(words, seat_view(state, seat), colours.get(seat, "#888888"), show, odds_mode)
                    for seat in range(state.seats)]
        else:
            out.append(keyed(SeatPanel, words, seat_view(state, shown), colours.get(shown, "#888888"), tap, wide,
                             odds_mode, choose_odds, key=f"seat-panel-{shown}"))
    return out


@ft.component
def QuestionList(words: Words, open_now: tuple[Question, ...], device: int | None, tap: Any, roll: Any,
                 wide: bool) -> ft.Control:
    """The questions the match waits on. The table's device shows every one (in steps D–F each
    seat's at once). A device set to one seat shows that seat's; the others' wait behind a
    button, for a player without a phone of their own."""
    state = words.state
    others_shown, set_others_shown = ft.use_state(False)
    mine = [asked for asked in open_now if device is None or asked.seat == device]
    others = [asked for asked in open_now if device is not None and asked.seat != device]
    panels: list[ft.Control] = [
        keyed(QuestionPanel, words, asked, tap, roll,
              key=f"q-{state.round}-{asked.source}-{asked.kind}-{asked.seat}-{asked.step}")
        for asked in (*mine, *(others if others_shown else ()))]
    controls: list[ft.Control] = []
    if not mine:
        names = ", ".join(dict.fromkeys(words.name(asked.seat) for asked in open_now))
        controls.append(ft.Text(words.tr("quacks_ui.waiting_for", names=names), size=15, key="waiting"))
    controls.append(side_by_side(panels, wide and len(panels) > 1))
    if others and not others_shown:
        names = ", ".join(dict.fromkeys(words.name(asked.seat) for asked in others))
        controls.append(ft.TextButton(content=ft.Text(words.tr("quacks_ui.answer_for", names=names), size=15),
                                      icon=ft.Icons.PEOPLE_OUTLINE, height=48, key="answer-for-others",
                                      on_click=lambda: set_others_shown(True)))
    return ft.Column(spacing=12, controls=controls)


def side_by_side(cards: list[ft.Control], wide: bool) -> ft.Control:
    """Cards one under the other on a phone, two or more in a row on a wide window."""
    if not wide:
        return ft.Column(spacing=12, controls=cards)
    return ft.ResponsiveRow(spacing=12, run_spacing=12, controls=[
        ft.Container(col={"xs": 12, "md": 6, "xl": 6 if len(cards) < 3 else 4}, content=card) for card in cards])
