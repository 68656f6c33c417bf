"""Pig's entries in words: the one sentence the match screen, the record page and the table view
all show for an entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from views.games import LoggedStep

TOLD = ("roll", "bust", "hold")  # a roll of 1 is told by its bust


def events_text(tr: Callable[..., str], events: Sequence[Mapping[str, Any]], names: Mapping[int, str]) -> str | None:
    """One entry's events in words, the players named by seat."""
    texts = []
    for event in events:
        kind = event.get("type")
        if kind in TOLD and not (kind == "roll" and event.get("face") == 1):
            params = {key: value for key, value in event.items() if key not in ("type", "seat")}
            texts.append(tr(f"pig_ui.last.{kind}", name=names.get(event.get("seat", -1), "?"), **params))
    return " ".join(texts) or None


def describe_step(tr: Callable[..., str], lang: str, logged: LoggedStep) -> str | None:
    return events_text(tr, logged.step.events, logged.names)
