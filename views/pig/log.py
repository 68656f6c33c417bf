"""Pig's log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable

from views.games import Told


def describe_step(tr: Callable[..., str], lang: str, told: Told) -> str | None:
    texts = []
    for event in told.step.events:
        kind = event.get("type")
        if kind in ("roll", "bust", "hold") and not (kind == "roll" and event.get("face") == 1):
            params = {key: value for key, value in event.items() if key not in ("type", "seat")}
            texts.append(tr(f"pig_ui.last.{kind}", name=told.names.get(event.get("seat", -1), "?"), **params))
    return " ".join(texts) or None
