"""Parchís's log in words: the record page's and the table view's sentence for one entry."""

from __future__ import annotations

from collections.abc import Callable

from views.games import LoggedStep
from views.parchis.screen import step_text


def describe_step(tr: Callable[..., str], lang: str, logged: LoggedStep) -> str | None:
    return step_text(tr, logged.step.events, logged.names, logged.step.state.seat_colours)
