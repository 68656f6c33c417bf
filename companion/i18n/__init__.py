"""The one translation layer: every text a player reads comes from here.

One catalogue per language (Korean is the default, English the second), kept as JSON
files by namespace (`ko/app.json`, `ko/senet.json`, ...) and merged at load time, so a
new game adds its own file instead of editing a shared one. Keys are message ids;
values are `str.format` templates with named parameters.

A field's format spec says how the value joins the words around it, so no template needs
"을(를)" or "1 chips":
- `{name:이/가}`, `{roll:을/를}`, `{to:으로/로}` ... (Korean): the value and the particle form that
  follows it, chosen by its last sound, numbers read as spoken (companion/i18n/korean.py).
- `{n:chip|chips}` (English): the number and the noun that fits it; `{colour:a}`: the word with
  "a" or "an"; `{game:attr}`: a name in front of a noun, without its title's "The"
  ("New Quacks of Quedlinburg match"), `{game:a attr}` with its article; `^` in front of any
  of them, or alone, starts with a capital (companion/i18n/english.py).
Render a template with `t()`, or `render()` for one at hand; plain `str.format` does not know
these specs.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from companion.i18n.english import attributive, capitalised, counted, with_article
from companion.i18n.korean import PARTICLES, with_particle

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


def joined(value: Any, spec: str) -> str:
    """One field of a template: `value` written as its format spec says (see the module's
    docstring); a spec of Python's own (`.1f`) is Python's."""
    capital = spec.startswith("^") and not spec[1:2].isdigit()  # "^" ours; "^10" Python's centring
    rest = spec[1:] if capital else spec
    if rest in PARTICLES:
        text = with_particle(value, rest)
    elif "|" in rest:
        text = counted(value, rest)
    elif rest == "a":
        text = with_article(value)
    elif rest == "attr":
        text = attributive(value)
    elif rest == "a attr":
        text = with_article(attributive(value))
    elif not rest:
        text = format(value, "")
    else:
        return format(value, spec)
    return capitalised(text) if capital else text


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return joined(value, format_spec)


_FORMATTER = _Formatter()


def render(template: str, **params: Any) -> str:
    """`template` with `params` filled in, format specs applied. Raises like `str.format`."""
    return _FORMATTER.vformat(template, (), params)


def t(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The text for `key` in `lang`. A missing key shows itself rather than crashing."""
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue("en").get(key, key)
    try:
        return render(template, **params)
    except (KeyError, IndexError, ValueError, TypeError):
        return template


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def seat_number(seat: int) -> int:
    """The seat as people count it: seat 0 is the first, number 1."""
    return seat + 1


def seat_words(seat: int, lang: str = "en") -> str:
    """A seat nobody has named, in words: "Seat 1" for seat 0 (Korean "1번 자리")."""
    return t("error.seat_n", lang, n=seat_number(seat))


def error_text(error: RefereeError, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """A player-readable sentence for an engine error, ending with its rule id.

    Every seat it names (`seat`, `owner_seat` ...: a 0-based index) reads counted from 1, and
    is also given as a name (`name`, `owner_name` ...): the player's from `names` (a screen's;
    "?" for a seat it does not know), or, with no names (the protocol, a stored log that cannot
    be replayed), the seat in words ("Seat 1"), so no sentence shows a bare `{name}` and no
    seat has two numbers. Names already in the error stand."""
    params = dict(error.params)
    for key, value in error.params.items():
        if key.endswith("seat") and isinstance(value, int) and not isinstance(value, bool):
            named = names.get(value, "?") if names is not None else seat_words(value, lang)
            params[key] = seat_number(value)
            params.setdefault(key.removesuffix("seat") + "name", named)
    text = t(error.message_id, lang, **params)
    if error.rule:
        text = f"{text} ({error.rule})"
    return text
