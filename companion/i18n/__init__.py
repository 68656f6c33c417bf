"""The one translation layer: every text a player reads comes from here.

One catalogue per language (Korean is the default, English the second), kept as JSON
files by namespace (`ko/core.json`, `ko/senet.json`, ...) and merged at load time, so a
new game adds its own file instead of editing a shared one. Keys are message ids;
values are `str.format` templates with named parameters.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.errors import RefereeError

LANGUAGES = ("ko", "en")
DEFAULT_LANGUAGE = "ko"


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    folder = resources.files(__package__) / lang
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            clash = merged.keys() & data.keys()
            if clash:
                raise ValueError(f"message ids defined twice in {lang}: {sorted(clash)}")
            merged.update(data)
    return merged


def t(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The text for `key` in `lang`. A missing key shows itself rather than crashing."""
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue("en").get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def error_text(error: RefereeError, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """A player-readable sentence for an engine error, ending with its rule id.

    Every seat it names (`seat`, `owner_seat` ...) is also given as a name (`name`,
    `owner_name` ...): the player's from `names` (a screen's; "?" for a seat it does not
    know), or, with no names (the protocol, a stored log that cannot be replayed), the seat's
    number, so no sentence ever shows a bare `{name}`. Names already in the error stand."""
    params = dict(error.params)
    for key, value in error.params.items():
        if key.endswith("seat") and isinstance(value, int) and not isinstance(value, bool):
            named = names.get(value, "?") if names is not None else t("error.seat_n", lang, n=value + 1)
            params.setdefault(key.removesuffix("seat") + "name", named)
    text = t(error.message_id, lang, **params)
    if error.rule:
        text = f"{text} ({error.rule})"
    return text
