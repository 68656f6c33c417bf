"""Parchís's log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable

from views.games import Told
from views.parchis.screen import step_text


def describe_step(tr: Callable[..., str], lang: str, told: Told) -> str | None:
    return step_text(tr, told.step.events, told.names, told.step.state.seat_colours)
