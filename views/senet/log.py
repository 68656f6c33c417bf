"""Senet's log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.session import Step
from views.games import Told
from views.senet.screen import last_move_text


@dataclass(frozen=True)
class _Upto:
    """What Senet's last_move_text reads of a session: the steps so far and the start."""

    history: list[Step]
    initial_state: Any


def describe_step(tr: Callable[..., str], lang: str, told: Told) -> str | None:
    kinds = {event.get("type") for event in told.step.events}
    if "move" in kinds or "pass" in kinds:
        said = last_move_text(tr, _Upto(list(told.history), told.initial_state), told.names)  # type: ignore[arg-type]
        prefix = tr("record.log.senet_last")  # the screen says "Last move: …"; in a log every line is one
        return said.removeprefix(prefix) if said else None
    throw = next((event for event in told.step.events if event.get("type") == "throw"), None)
    if throw is not None:
        seat = throw.get("seat", told.mover)
        return tr("senet_ui.thrown", name=told.names.get(seat, "?") if seat is not None else "?", throw=throw["throw"])
    return None
