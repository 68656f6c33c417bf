"""Çävasie's log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable

from views.cavasie.screen import step_label
from views.games import Told


def describe_step(tr: Callable[..., str], lang: str, told: Told) -> str | None:
    action = dict(told.step.action)
    if not any(key in action for key in ("interact", "to_hand", "turn_up", "done", "draw")):
        return None
    who = told.names.get(told.mover, "?") if told.mover is not None else "?"
    return tr("record.log.by", name=who, what=step_label(tr, action)[0])
