"""Korean words break only between words, in every text the app shows.

Flutter breaks Hangul between any two syllables ("경 / 기", "확인합니 / 다"), as browsers do
without `word-break: keep-all`, which Flutter lacks. Korean is written with spaces between
words, so the app joins the letters of each word with a WORD JOINER (U+2060): it is invisible,
takes no room, and forbids a line break on either side, so a line breaks only at spaces (and
where a word meets punctuation). It is done here, in one place, when a control is sent to the
client: every `Text` whose value holds Hangul, and a button whose content is a plain string
(made into such a `Text`). Players' names are joined the same way; what a player types into a
field is never touched.

What a screen reader reads (and browser tests find) stays the text as written: the joined text
keeps its plain version as its semantics label. Selectable text (codes, addresses, a file's
location) is left alone, so copying it copies no joiner.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import flet as ft

WORD_JOINER = "\u2060"
_HANGUL = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3"
_HAS_HANGUL = re.compile(f"[{_HANGUL}]")
# Between two letters or digits of which at least one is Hangul: "경|기", "6|의", "Ana|가".
_INSIDE_A_WORD = re.compile(f"(?<=[{_HANGUL}])(?=\\w)|(?<=\\w)(?=[{_HANGUL}])")
# FilledButton and FilledTonalButton are Buttons: patching Button covers them.
_BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton)


def keep_words(text: str) -> str:
    """`text` with a word joiner between the letters of each Korean word (idempotent)."""
    if not _HAS_HANGUL.search(text):
        return text
    return _INSIDE_A_WORD.sub(WORD_JOINER, plain(text))


def plain(text: str) -> str:
    """`text` without the joiners `keep_words` put in."""
    return text.replace(WORD_JOINER, "")


def _join_text(control: ft.Text) -> None:
    value = control.value
    if control.selectable or not isinstance(value, str) or not _HAS_HANGUL.search(value):
        return
    written = plain(value)
    ours = getattr(control, "_plain_label", None)  # the label this module set, if any
    if control.semantics_label is None or control.semantics_label == ours:
        control.semantics_label = written
        object.__setattr__(control, "_plain_label", written)
    control.value = keep_words(written)


def _join_button(control: Any) -> None:
    content = control.content
    if isinstance(content, str) and _HAS_HANGUL.search(content):
        control.content = ft.Text(keep_words(content), semantics_label=plain(content))


def _after(original: Callable[[Any], None], extra: Callable[[Any], None]) -> Callable[[Any], None]:
    def before_update(self: Any) -> None:
        original(self)
        extra(self)

    before_update.__wrapped__ = original  # type: ignore[attr-defined]
    return before_update


_installed = False


def install() -> None:
    """Join Korean words in every Text and button from now on (once per process)."""
    global _installed
    if _installed:
        return
    _installed = True
    ft.Text.before_update = _after(ft.Text.before_update, _join_text)  # type: ignore[method-assign]
    for kind in _BUTTONS:
        kind.before_update = _after(kind.before_update, _join_button)  # type: ignore[method-assign]
