"""Çävasie's log in words: the record page's and the table view's sentence for one entry.

A draw or an interaction says what its button said; the deal, the bets, a card revealed, the
showdown and the hands in between say what happened at the table, from the engine's events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from views.cavasie.screen import step_label
from views.games import LoggedStep

STEP_KEYS = ("interact", "to_hand", "turn_up", "done", "draw")
BETS = ("check", "bet", "call", "raise", "fold")


def describe_step(tr: Callable[..., str], lang: str, logged: LoggedStep) -> str | None:
    action = dict(logged.step.action)
    events = {event.get("type"): event for event in logged.step.events}
    seat = acting_seat(action, logged)
    who = logged.names.get(seat, "?") if seat is not None else "?"
    if any(key in action for key in STEP_KEYS):
        return tr("record.log.by", name=who, what=step_label(tr, action)[0])
    if "placed" in events:
        return dealt(tr, logged.names, events["placed"])
    for kind in BETS:
        if kind in events:
            event = events[kind]
            name = logged.names.get(event["seat"], who) if isinstance(event.get("seat"), int) else who
            return tr(f"cavasie_ui.log.{kind}", name=name, amount=event.get("amount", 0))
    if "revealed" in events:
        event = events["revealed"]
        return tr("cavasie_ui.log.revealed", card=event["card"])
    if "showdown" in events or "won_uncontested" in events:
        lines = [tr("cavasie_ui.log.showdown")] if "showdown" in events else []
        awards: Mapping[str, int] = (events.get("showdown") or {}).get("awards", {})
        if "won_uncontested" in events:
            won = events["won_uncontested"]
            awards = {str(won["seat"]): won["pot"]}
        lines += [tr("cavasie_ui.wins", name=logged.names.get(int(seat), "?"), chips=chips)
                  for seat, chips in awards.items() if chips]
        return " ".join(lines)
    if "new_hand" in events:
        return tr("cavasie_ui.log.new_hand", number=events["new_hand"]["number"])
    if "session_over" in events:
        return tr("cavasie_ui.log.session_over")
    return None


def acting_seat(action: Mapping[str, Any], logged: LoggedStep) -> int | None:
    """Who made the entry: the seat it names, else the seat its first event names, else whose
    turn it was."""
    if isinstance(action.get("seat"), int):
        return int(action["seat"])
    for event in logged.step.events:
        if isinstance(event.get("seat"), int):
            return int(event["seat"])
    return logged.mover


def dealt(tr: Callable[..., str], names: Mapping[int, str], event: Mapping[str, Any]) -> str:
    """A card dealt: to whom and where, and which card when it was seen."""
    card, seat = event.get("card"), event.get("seat")
    where = "center" if seat is None else str(event.get("to"))
    seen = "" if card is not None else "_unseen"
    return tr(f"cavasie_ui.log.dealt_{where}{seen}", name=names.get(seat, "?") if seat is not None else "?",
              card=card or "")
