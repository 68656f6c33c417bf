"""Senet's entries in words: the one sentence the match screen ("Last move: …"), the record page
and the table view all show for a move or a pass."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.senet import SenetState
from companion.session import Step
from views.games import LoggedStep

Tr = Callable[..., str]


def player_name(tr: Tr, names: Mapping[int, str], seat: int) -> str:
    return names.get(seat) or tr("senet_ui.player_n", seat=seat + 1)


def move_sentence(tr: Tr, step: Step, before: SenetState, names: Mapping[int, str]) -> str | None:
    """The move or pass an entry made, told from the engine's events (who moved, from where, to
    where, what it captured), or None for an entry that is neither (a throw waiting for its move).
    `before` is the state the entry was played on; `names` are by seat."""
    kinds = {event.get("type"): event for event in step.events}
    if "pass" in kinds:
        throw = kinds["throw"]["throw"] if "throw" in kinds else step.action.get("throw")
        return tr("senet_ui.said.pass", name=player_name(tr, names, kinds["pass"]["seat"]), throw=throw)
    if "move" not in kinds:
        return None
    move = kinds["move"]
    name = player_name(tr, names, move["seat"])
    if "bear_off" in kinds:
        return tr("senet_ui.said.bear_off", name=name, frm=move["from"], throw=move["throw"])
    if "capture" in kinds:
        victim = before.position.owner(kinds["capture"]["square"])  # the piece that stood there
        return tr("senet_ui.said.capture", name=name, frm=move["from"], to=move["to"], throw=move["throw"],
                  victim=player_name(tr, names, victim - 1))
    return tr("senet_ui.said.move", name=name, frm=move["from"], to=move["to"], throw=move["throw"])


def describe_step(tr: Tr, lang: str, logged: LoggedStep) -> str | None:
    said = move_sentence(tr, logged.step, logged.before, logged.names)
    if said is not None:
        return said
    throw: Any = next((event for event in logged.step.events if event.get("type") == "throw"), None)
    if throw is not None:
        seat = throw.get("seat", logged.mover)
        name = logged.names.get(seat, "?") if seat is not None else "?"
        return tr("senet_ui.thrown", name=name, throw=throw["throw"])
    return None
