"""Quacks' log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from views.games import Told
from views.quacks.words import Words


def describe_step(tr: Callable[..., str], lang: str, told: Told) -> str | None:
    words = Words(tr, lang, told.names, told.step.state)
    action = told.step.action
    actor = action.get("seat") if isinstance(action, Mapping) else None
    lines = [text for event in told.step.events if (text := words.event(event, actor))]
    return " ".join(lines) or None
