"""Quacks' log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from views.games import LoggedStep
from views.quacks.words import Words


def describe_step(tr: Callable[..., str], lang: str, logged: LoggedStep) -> str | None:
    words = Words(tr, lang, logged.names, logged.step.state)
    action = logged.step.action
    actor = action.get("seat") if isinstance(action, Mapping) else None
    lines = [text for event in logged.step.events if (text := words.event(event, actor))]
    if not lines and isinstance(actor, int) and isinstance(action, Mapping):
        # An answer that changes nothing on the board still has its words: its button's label.
        who = logged.names.get(actor, "?")
        if "spend" in action:
            return tr("record.log.by", name=who, what=words.spend(action["spend"]))
        if "take" in action and action["take"] is None:
            return tr("record.log.by", name=who, what=tr("quacks_ui.answer.take_nothing"))
        if "drawn" in action:  # the chips a fortune card had drawn, where it changed nothing more
            return tr("quacks_ui.log.card_drawn", name=who, chips=words.chips(action["drawn"]))
    return " ".join(lines) or None
